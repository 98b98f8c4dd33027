"""Redaction of what identifies a site in command outputs: host names, IP and MAC addresses, serial
numbers, WWPNs, managed-system and partition names, each replaced by a stand-in of the same shape
(``--redact``).

The mapping is stable for one run: every occurrence of a value, in every file, gets the same stand-in,
so a review still reads ("host1's hdisk3 ..."), and values keep their form so the parsers read them
(an IP stays a dotted quad from the documentation range 192.0.2.0/24, an IPv6 address one of
2001:db8::/32, a MAC a locally administered address, a WWPN 16 hex digits).  The mapping lives in
memory only; nothing is written.

Only what can be told for sure is replaced, in every form the parsers read:

- host names where a label names them (Node Name, Host Name, LPAR Name, VM00 Name, lsattr's
  ``hostname``, topas's ``host:``...), a bundle marker (``host="..."``), a prompt (``user@host``
  anywhere, ``host:/path``, ``host # cmd`` / ``host> cmd`` before a command the advisor reads, each
  also inside terminal colour codes) or an ``ssh [user@]host`` typed after a prompt; then every
  whole-word occurrence of the name (``_`` counts as a word break: ``PRD_D00_sapprd01``);
- managed-system and partition names of the HMC (``-m``/``-p`` of its commands, ``name=`` of
  ``lssyscfg -r sys|lpar``, ``lpar_name=``, ``remote_lpar_name=``, and the same fields of
  ``-F`` listings), client names of ``lsmap -npiv``, WPAR names and host names of ``lswpar``,
  an NFS swap server of ``swapinfo``;
- serials after a serial label, in the HMC's ``mtms=``, ``Server-TYPE-MODEL-SN...``,
  ``serial_num=``/``logical_serial_num=``, and in location codes (``U9009.42A.7800ABC-V1-C3``,
  with the WWPN of a ``-W`` part);
- IPv4 addresses on lines that speak of an address (a fileset level "7.2.5.1" is no address; on an
  HMC attribute line only in the address attributes, so ``os_version=VIOS 3.1.4.10`` stays), IPv6
  addresses by their shape, MACs by their six pairs or as 12 hex digits on a MAC line, WWPNs as 0x
  plus 16 hex digits or eight colon pairs, or 16 hex digits on a WWN line.

``collect/redact.sh`` does the same in awk, pass for pass; a test runs both on the same inputs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from advisor import linre

_NAME = r"[\w.-]"
_CSI = r"\x1b\[[0-9;?]{0,32}[A-Za-z]"  # a terminal colour / mode sequence around a prompt
_HOST_LABELS = re.compile(
    r"^(?P<lead>[ \t]*(?:(?:Node Name|Partition Name|Host Name|Nodename|LPAR Name|Domain Name|Name Server|"
    r"System name|VM\d\d Name|Topas Monitor for host)[ \t]*[:=][ \t]*|hostname[ \t]+))(?P<value>[\w.-]{1,253})",
    re.I | re.M | re.A,
)
_LPAR_INFO = re.compile(r"^(?P<lead>[ \t]*LPAR Info[ \t]*:[ \t]*\d+[ \t]+)(?P<value>[\w.-]{1,253})", re.I | re.M | re.A)
_DOCUMENT_NAME = re.compile(r"(?P<lead>\"name\"[ \t]*:[ \t]*\"|^name:[ \t]*)(?P<value>[\w.-]{1,253})", re.M | re.A)
_MARKER_HOST = re.compile(r"(?P<lead>\bhost=\")(?P<value>[\w.-]{1,253})", re.A)
_USER_AT = re.compile(r"(?<=[\w.-]@)[A-Za-z0-9][\w.-]{0,252}", re.A)
_PATH_PROMPT = re.compile(rf"^(?P<lead>[ \t]*(?:{_CSI})*)(?P<value>[\w.-]{{1,253}})(?=(?:{_CSI})*:[~/])", re.A)
_BARE_PROMPT = re.compile(
    rf"^(?P<lead>[ \t]*(?:{_CSI})*)(?P<value>[A-Za-z][\w.-]{{0,252}})(?:{_CSI})*[ \t]?[#$>][ \t]*(?P<cmd>[^ \t\r\n]+)",
    re.A,
)
_SHELL = re.compile(r"(?:ba|k|z|c|tc)?sh(?:-[0-9.]+)?", re.A)
_SERIAL = re.compile(
    r"(?P<lead>\b(?:Machine Serial Number|Machine serial number|Serial Number|System Serial Number|serial_num"
    r"|Serial No|Machine ID number|ID Number|Sequence Code)\b[ \t]*[:=.]*[ \t]*)(?P<value>[A-Za-z0-9-]{3,40})",
    re.I | re.A,
)
_HMC_SERIAL = linre.compile(  # HMC: mtms=9009-42A*7800ABC, the default system name Server-9009-42A-SN7800ABC
    r"(?P<lead>\bmtms=[0-9A-Za-z]{4}-[0-9A-Za-z]{3}\*|\b[0-9A-Za-z]{4}-[0-9A-Za-z]{3}-SN)(?P<value>[A-Za-z0-9]{3,12})"
)
_LOCATION_WWPN = re.compile(r"(?<=-W)[0-9A-Fa-f]{16}(?![0-9A-Za-z])", re.A)  # a target port in a location code
_LOCATION = re.compile(r"(?P<lead>(?<![\w.])U[0-9A-Z]{4}\.[0-9A-Z]{3}\.)(?P<value>[0-9A-Z]{7})(?![0-9A-Za-z])", re.A)
_ADDRESS_LINE = re.compile(r"addr|gateway|server|inet|\bip\b|ipv4|ipv6|netmask|subnet|broadcast|route", re.I | re.A)
_IPV4 = re.compile(r"(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?![\w.])", re.A)
_IPV6 = re.compile(r"(?<![\w:.])[0-9A-Fa-f:]{2,45}(?![\w:.])", re.A)
_MAC = re.compile(r"(?<![\w:])[0-9A-Fa-f]{2}(?:[:-][0-9A-Fa-f]{2}){5}(?![\w:])", re.A)
_MAC_LINE = re.compile(r"(?<![a-z])mac(?![a-z])|hardware address|network address|alt_addr", re.I | re.A)
_BARE_MAC = re.compile(r"(?<![\w:])(?:0x)?[0-9A-Fa-f]{12}(?![\w:])", re.A)
_WWPN = re.compile(r"(?<![\w:])(?:0x[0-9A-Fa-f]{16}|[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){7})(?![\w:])", re.A)
_WWN_LINE = re.compile(r"ww_?name|wwpn|wwnn|world wide|port name|network address", re.I)
_BARE_WWN = re.compile(r"(?<![\w:])[0-9A-Fa-f]{16}(?![\w:])", re.A)
_TOKEN = re.compile(r"[^ \t\r\n]+")
_ATTRIBUTE_LINE = re.compile(r"^[ \t]*\"?[a-z][a-z0-9_]*=", re.A)
_MARKER = "#### advisor-bundle"
_PLACEHOLDER = re.compile(
    r"x{3,}|redacted|removed|hidden|masked|anonymi[sz]ed|(?:my|your)?[_-]?(?:host|server|node|lpar|partition)[_-]?name",
    re.I | re.A,
)
_FILTER_NAMES = re.compile(r"(?P<lead>\blpar_names?=)(?P<value>[\w.,-]{1,2048})", re.A)
_CONTROL = re.compile(r"(\x1b\[[0-9;?]{0,32}[A-Za-z])")

# Commands the advisor reads, as the first word typed after a bare "host #" / "host>" prompt (with
# the wrappers an admin types before them); collect/redact.sh holds the same list.
PROMPT_COMMANDS = frozenset(
    "amepat cat chatr ioscli ioslevel kctune lparstat lsattr lscpu lsdev lshwres lslic lslpp lsmap lssyscfg "
    "lswpar machinfo mpsched netstat entstat oslevel parstatus pbrun prtconf ps psrset schedo ssh sudo svmon "
    "swapinfo topas vmcp vmo vmstat".split()
)
# HMC commands whose -m names a managed system and -p a partition.
HMC_COMMANDS = frozenset(
    "lssyscfg lshwres lslic lsrefcode lscod lsmemopt lslparutil lslparmigr chsyscfg chhwres mksyscfg rmsyscfg "
    "chsysstate viosvrcmd mkvterm rmvterm".split()
)
_HMC_WORD = re.compile("|".join(sorted(HMC_COMMANDS)))
_TWO_LETTERS = re.compile(r"[ \t\r][A-Z][ \t\r]+[A-Z][ \t\r]")  # lswpar's State and Type columns
_SSH_OPTION_ARGS = "bcDEeFIiJLlmOopQRSWw"  # ssh options that take a value (as advisor/parsers/prompts.py)
_HMC_HOST_KEYS = frozenset({"lpar_name", "remote_lpar_name", "lpar_names"})


class Redactor:
    """Replaces identifying values with stand-ins, the same stand-in for the same value in one run."""

    def __init__(self) -> None:
        self.mapping: dict[tuple[str, str], str] = {}
        self._hosts: dict[str, str] = {}  # casefolded host name -> stand-in
        self._made: set[tuple[str, str]] = set()  # the stand-ins given, as mapping keys

    def _stand_in(self, kind: str, value: str) -> str:
        """The stand-in of ``value``; a stand-in met again (two rules on one value) stays as it is."""
        key = (kind, _plain(kind, value))
        if key in self._made:
            return value
        if key not in self.mapping:
            n = sum(1 for k in self.mapping if k[0] == kind) + 1
            self.mapping[key] = _shape(kind, value, n)
            self._made.add((kind, _plain(kind, self.mapping[key])))
        return self.mapping[key]

    def _host(self, value: str) -> str:
        if _is_stand_in(value.casefold()) or _PLACEHOLDER.fullmatch(value):
            return value  # already a stand-in, or what a redacted output prints instead of a name
        if _IPV4.fullmatch(value) and _is_ip(value):  # "Name Server: 10.1.1.53" names an address
            return self._stand_in("ip", value)
        short = value.split(".")[0]
        stand_in = self._stand_in("host", short)
        self._hosts[short.casefold()] = stand_in
        self._hosts[value.casefold()] = stand_in
        return stand_in

    def text(self, text: str) -> str:
        """``text`` with every identifying value replaced."""
        for pattern in (_HOST_LABELS, _LPAR_INFO, _DOCUMENT_NAME, _MARKER_HOST):
            text = pattern.sub(lambda m: m.group("lead") + self._host(m.group("value")), text)
        text = _USER_AT.sub(lambda m: self._host(m.group(0)), text)
        text = _lines(text, self._prompt)
        text = _lines(text, self._ssh)
        text = _SERIAL.sub(lambda m: m.group("lead") + self._stand_in("serial", m.group("value")), text)
        text = _HMC_SERIAL.sub(lambda m: m.group("lead") + self._stand_in("serial", m.group("value")), text)
        text = _LOCATION.sub(lambda m: m.group("lead") + self._stand_in("serial", m.group("value")), text)
        text = _LOCATION_WWPN.sub(lambda m: self._stand_in("wwpn", m.group(0)), text)
        text = _lines(text, self._table_row)
        text = self._hmc(text)
        text = _MAC.sub(lambda m: self._stand_in("mac", m.group(0)), text)
        text = _WWPN.sub(lambda m: self._stand_in("wwpn", m.group(0)), text)
        text = _IPV6.sub(lambda m: self._stand_in("ip6", m.group(0)) if _is_ipv6(m.group(0)) else m.group(0), text)
        text = _lines(text, self._line)
        return self._names(text)

    def _prompt(self, line: str) -> str:
        """``host:/path``, ``host # cmd``, ``host> cmd`` at the line start (after colour codes)."""
        m = _PATH_PROMPT.match(line)
        if m is None:
            m = _BARE_PROMPT.match(line)
            if m is None or _SHELL.fullmatch(m.group("value")) or _command_word(m.group("cmd")) not in PROMPT_COMMANDS:
                return line
        return m.group("lead") + self._host(m.group("value")) + line[m.end("value") :]

    def _ssh(self, line: str) -> str:
        """``ssh [options] [user@]host ...`` typed after a prompt (or alone on its line): host is a host."""
        if "ssh" not in line:
            return line
        tokens = list(_TOKEN.finditer(line))
        for k, token in enumerate(tokens):
            if _command_word(token.group(0)) != "ssh":
                continue
            before = tokens[k - 1].group(0) if k else ""
            if k and before[-1] not in "#$>" and before not in ("sudo", "pbrun"):
                continue
            i = k + 1
            while i < len(tokens) and tokens[i].group(0).startswith("-"):
                word = tokens[i].group(0)
                i += 2 if len(word) == 2 and word[1] in _SSH_OPTION_ARGS else 1
            if i >= len(tokens):
                return line
            target = tokens[i].group(0)
            host = target.rsplit("@", 1)[-1]
            if re.fullmatch(r"[A-Za-z0-9][\w.-]{0,252}", host, re.A) is None:
                return line
            at = tokens[i].end() - len(host)
            return line[:at] + self._host(host) + line[tokens[i].end() :]
        return line

    def _table_row(self, line: str) -> str:
        """Names in listings: lsmap -npiv's client, lswpar's WPAR and its host, swapinfo's NFS server."""
        if "vfchost" not in line and "network" not in line and not _TWO_LETTERS.search(line):
            return line
        tokens = list(_TOKEN.finditer(line))
        words = [t.group(0) for t in tokens]
        spans: list[tuple[int, int]] = []
        if len(words) >= 4 and re.fullmatch(r"vfchost\d+", words[0]) and words[2].isdigit() and words[2].isascii():
            spans = [tokens[3].span()]
        elif (
            len(words) >= 5
            and re.fullmatch(r"[A-Z]", words[1])
            and re.fullmatch(r"[A-Z]", words[2])
            and words[4].startswith("/")
        ):
            spans = [tokens[0].span(), tokens[3].span()]
        elif len(words) >= 2 and words[0] == "network" and re.match(r"[A-Za-z][\w.-]{0,252}:/", words[-1], re.A):
            start = tokens[-1].start()
            spans = [(start, start + words[-1].index(":"))]
        for start, end in reversed(spans):
            value = line[start:end]
            if re.fullmatch(r"[\w.-]{1,253}", value, re.A):
                line = line[:start] + self._host(value) + line[end:]
        return line

    def _hmc(self, text: str) -> str:
        """HMC commands (-m/-p names, the -F field list) and their attribute lines or -F rows."""
        out: list[str] = []
        fields: list[str] | None = None
        resource = ""
        for line in text.split("\n"):
            if _MARKER in line or _hmc_command(line):
                fields, resource = _field_list(line)
                out.append(self._hmc_names(line) if _hmc_command(line) else line)
                continue
            if line.strip(" \t\r") == "" or any(c in line for c in "#$>"):
                fields = None
            if _ATTRIBUTE_LINE.match(line):
                out.append(_csv(line, lambda key, value, keys: self._attribute(key, value, keys)))
            elif fields is not None:
                out.append(self._row(line, fields, resource))
            else:
                out.append(line)
        return "\n".join(out)

    def _row(self, line: str, fields: list[str], resource: str) -> str:
        """A row of an HMC -F listing: as many cells as fields (not the --header row), each redacted as its
        field says (``-r lpar``/``-r sys``: ``name`` is the partition's / the system's)."""
        cells = _cells(line)
        if len(cells) != len(fields) or cells == fields:
            return line
        keys = set(fields) | ({"lpar_env"} if resource == "lpar" else set())
        keys |= {"type_model", "serial_num"} if resource == "sys" else set()
        row = iter(fields)
        return _csv(line, lambda _k, value, _ks: self._attribute(next(row), value, keys, row=True), pairs=False)

    def _hmc_names(self, line: str) -> str:
        line = _FILTER_NAMES.sub(lambda m: m.group("lead") + self._host_list(m.group("value")), line)
        tokens = list(_TOKEN.finditer(line))
        for k in range(len(tokens) - 1, 0, -1):
            flag = tokens[k - 1].group(0)
            if flag not in ("-m", "-p", "-n"):
                continue
            start, end = tokens[k].span()
            word = line[start:end]
            lead = len(word) - len(word.lstrip("\"'"))
            name = re.match(r"[\w.-]{1,253}", word[lead:], re.A)
            if name is not None:
                at = start + lead
                line = line[:at] + self._host(name.group(0)) + line[at + len(name.group(0)) :]
        return line

    def _host_list(self, value: str) -> str:
        return ",".join(self._host(v) if re.fullmatch(r"[\w.-]{1,253}", v, re.A) else v for v in value.split(","))

    def _attribute(self, key: str, value: str, keys: set[str], *, row: bool = False) -> str:
        """One HMC attribute's value, redacted as its name says (``serial_num=`` is a serial label, already
        redacted; in a -F ``row`` it is not)."""
        is_system = ("lpar_env" in keys and "lpar_name" not in keys) or {"type_model", "serial_num"} <= keys
        if key in _HMC_HOST_KEYS or (key == "name" and is_system):
            return self._host_list(value)
        if (key == "logical_serial_num" or (row and key == "serial_num")) and re.fullmatch(
            r"[A-Za-z0-9-]{3,40}", value, re.A
        ):
            return self._stand_in("serial", value)
        if "ipaddr" in key or "ipv6" in key or "gateway" in key:
            value = _IPV4.sub(lambda m: self._stand_in("ip", m.group(0)) if _is_ip(m.group(0)) else m.group(0), value)
            return _IPV6.sub(lambda m: self._stand_in("ip6", m.group(0)) if _is_ipv6(m.group(0)) else m.group(0), value)
        return value

    def _line(self, line: str) -> str:
        if _ADDRESS_LINE.search(line) and not _ATTRIBUTE_LINE.match(line):
            line = _IPV4.sub(lambda m: self._stand_in("ip", m.group(0)) if _is_ip(m.group(0)) else m.group(0), line)
        if _WWN_LINE.search(line):
            line = _BARE_WWN.sub(lambda m: self._stand_in("wwpn", m.group(0)), line)
        if _MAC_LINE.search(line):
            line = _BARE_MAC.sub(lambda m: self._stand_in("mac", m.group(0)), line)
        return line

    def _names(self, text: str) -> str:
        """Every whole-word occurrence of a host name found anywhere (longest first); a colour code
        before a name is a word break."""
        names = sorted((n for n in self._hosts if len(n) >= 3 and not _is_stand_in(n)), key=len, reverse=True)
        if not names:
            return text
        pattern = re.compile(
            r"(?<![A-Za-z0-9.-])(?:" + "|".join(map(re.escape, names)) + r")(?![A-Za-z0-9-])", re.I | re.A
        )

        def line_names(line: str) -> str:
            if "\x1b" not in line or "\x01" in line:
                return pattern.sub(lambda m: self._hosts[m.group(0).casefold()], line)
            marked = _CONTROL.sub("\\1\x01", line)  # a break after each colour code, taken out again
            return pattern.sub(lambda m: self._hosts[m.group(0).casefold()], marked).replace("\x01", "")

        return _lines(text, line_names)

    def texts(self, texts: Iterable[str]) -> list[str]:
        return [self.text(t) for t in texts]


def _plain(kind: str, value: str) -> str:
    """0x10000090FA1B2C3D, 10:00:00:90:fa:1b:2c:3d and the bare digits are one WWPN (MACs alike)."""
    plain = value.casefold()
    if kind in ("wwpn", "mac"):
        plain = plain.removeprefix("0x").replace(":", "").replace("-", "")
    return plain


def _lines(text: str, change: Callable[[str], str]) -> str:
    """``text`` with ``change`` applied to each line (split at LF only, as awk does; a CR stays)."""
    return "\n".join(change(line) for line in text.split("\n"))


def _command_word(word: str) -> str:
    return word.rsplit("/", 1)[-1]


def _hmc_command(line: str) -> bool:
    if not _HMC_WORD.search(line):
        return False
    return any(_command_word(t.group(0).removeprefix('command="')) in HMC_COMMANDS for t in _TOKEN.finditer(line))


def _field_list(line: str) -> tuple[list[str] | None, str]:
    """The -F field list and the -r resource of an HMC command line."""
    words = [t.group(0).strip("\"'") for t in _TOKEN.finditer(line)]
    fields: list[str] | None = None
    resource = ""
    for flag, value in zip(words, words[1:], strict=False):
        if flag == "-F" and re.fullmatch(r"[a-z0-9_,]+", value, re.A):
            fields = value.split(",")
        elif flag == "-r":
            resource = value
    return fields, resource


def _cells(line: str) -> list[str]:
    cells: list[str] = []

    def keep(_key: str, value: str, _keys: set[str]) -> str:
        cells.append(value)
        return value

    _csv(line, keep, pairs=False)
    return cells


def _csv(line: str, change: Callable[[str, str, set[str]], str], *, pairs: bool = True) -> str:
    """``line``'s comma-separated items (a quoted item may hold commas), each ``key=value`` (``pairs``)
    or a bare value, with every value passed through ``change(key, value, keys of the line)``; a line
    that does not split back into itself is left as it is."""
    body = line.rstrip("\r\n")
    end = line[len(body) :]
    items: list[tuple[str, bool]] = []
    i = 0
    while i <= len(body):
        if body.startswith('"', i):
            j = body.find('"', i + 1)
            j = len(body) if j < 0 else j
            items.append((body[i + 1 : j], True))
            i = j + 2
        else:
            j = body.find(",", i)
            j = len(body) if j < 0 else j
            items.append((body[i:j], False))
            i = j + 1
    if ",".join(f'"{item}"' if quoted else item for item, quoted in items) != body:
        return line
    keys = {item.split("=", 1)[0].strip(" \t") for item, _ in items if pairs and "=" in item}
    parts = []
    for item, quoted in items:
        key, sep, value = item.partition("=") if pairs else ("", "", item)
        changed = key + sep + change(key.strip(" \t"), value, keys) if sep else change("", item, keys)
        parts.append(f'"{changed}"' if quoted else changed)
    return ",".join(parts) + end


def _is_ip(value: str) -> bool:
    return all(int(part) <= 255 for part in value.split("."))


def _is_ipv6(value: str) -> bool:
    """fe80::1, 2001:db8:0:0:0:0:0:5 (not a time 08:00:00, nor a WWPN's eight pairs)."""
    if "::" in value:
        if value.count("::") != 1 or ":::" in value:
            return False
        groups = [g for g in value.split(":") if g]
        return 1 <= len(groups) <= 7 and all(len(g) <= 4 for g in groups)
    groups = value.split(":")
    return len(groups) == 8 and all(1 <= len(g) <= 4 for g in groups) and any(len(g) >= 3 for g in groups)


def _is_stand_in(name: str) -> bool:
    return re.fullmatch(r"host\d+", name) is not None


def _shape(kind: str, value: str, n: int) -> str:
    """A stand-in of the same form as ``value``."""
    if kind == "ip":
        return f"192.0.2.{n % 254 + 1}" if n < 254 else f"198.51.100.{n % 254 + 1}"
    if kind == "ip6":
        return f"2001:db8::{n:x}"
    if kind == "mac":
        pairs = ["02", "00", "00", "00", f"{n // 256 % 256:02x}", f"{n % 256:02x}"]
        if ":" in value or "-" in value:
            return ("-" if "-" in value else ":").join(pairs)
        return ("0x" if value[:2] in ("0x", "0X") else "") + "".join(pairs)
    if kind == "wwpn":
        digits = f"c0507600{n:08x}"
        if value.startswith("0x"):
            return "0x" + digits
        if ":" in value:
            return ":".join(digits[i : i + 2] for i in range(0, 16, 2))
        return digits
    if kind == "serial":
        return f"SN{n:0{max(1, len(value) - 2)}d}"[: max(3, len(value))]
    return f"host{n}"
