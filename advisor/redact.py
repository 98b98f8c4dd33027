"""Redaction of what identifies a site in command outputs: host names, IP and MAC addresses, serial
numbers and WWPNs, each replaced by a stand-in of the same shape (``--redact``).

The mapping is stable for one run: every occurrence of a value, in every file, gets the same stand-in,
so a review still reads ("host1's hdisk3 ..."), and values keep their form so the parsers read them
(an IP stays a dotted quad from the documentation range 192.0.2.0/24, a MAC a locally administered
address, a WWPN 16 hex digits).  The mapping lives in memory only; nothing is written.

Only what can be told for sure is replaced: host names and serials where a label or a prompt names
them (then every later whole-word occurrence of that name; serials also in the HMC's
mtms=TYPE-MODEL*SERIAL and Server-TYPE-MODEL-SNSERIAL names), IPv4 addresses on lines that speak of an
address, gateway, server, inet or IP (a fileset level "7.2.5.1" is no address), MACs by their six
colon pairs, WWPNs as 0x plus 16 hex digits or eight colon pairs, or 16 hex digits on a WWN line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from advisor import linre

_HOST_LABELS = re.compile(
    r"^(?P<lead>[ \t]*(?:Node Name|Partition Name|Host Name|Nodename|LPAR Name|Domain Name|Name Server|"
    r"System name)\s*[:=]\s*)(?P<value>[\w.-]{1,253})",
    re.I | re.M,
)
_LPAR_INFO = re.compile(r"^(?P<lead>[ \t]*LPAR Info\s*:\s*\d+\s+)(?P<value>[\w.-]{1,253})", re.I | re.M)
_DOCUMENT_NAME = re.compile(r"(?P<lead>\"name\"\s*:\s*\"|^name:\s*)(?P<value>[\w.-]{1,253})", re.M)
_MARKER_HOST = re.compile(r"(?P<lead>\bhost=\")(?P<value>[\w.-]{1,253})")
_PROMPT_HOST = re.compile(
    r"^(?P<lead>[ \t]*\[?[\w.-]{1,64}@)(?P<value>[\w.-]{1,253})|^(?P<lead2>[ \t]*)(?P<value2>[\w.-]{1,253})(?=:[~/])",
    re.M,
)
_SERIAL = re.compile(
    r"(?P<lead>\b(?:Machine Serial Number|Machine serial number|Serial Number|System Serial Number|serial_num"
    r"|Serial No|Machine ID number)\b\s*[:=.]*\s*)(?P<value>[A-Za-z0-9-]{3,40})",
    re.I,
)
_HMC_SERIAL = linre.compile(  # HMC: mtms=9009-42A*7800ABC, the default system name Server-9009-42A-SN7800ABC
    r"(?P<lead>\bmtms=[0-9A-Za-z]{4}-[0-9A-Za-z]{3}\*|\b[0-9A-Za-z]{4}-[0-9A-Za-z]{3}-SN)(?P<value>[A-Za-z0-9]{3,12})"
)
_ADDRESS_LINE = re.compile(r"address|gateway|server|inet|\bip\b|netmask|broadcast|nameserver", re.I)
_IPV4 = re.compile(r"(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?![\w.])")
_MAC = re.compile(r"(?<![\w:])[0-9A-Fa-f]{2}(?:[:-][0-9A-Fa-f]{2}){5}(?![\w:])")
_WWPN = re.compile(r"(?<![\w:])(?:0x[0-9A-Fa-f]{16}|[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){7})(?![\w:])")
_WWN_LINE = re.compile(r"ww_?name|wwpn|wwnn|world wide|port name|network address", re.I)
_BARE_WWN = re.compile(r"(?<![\w:])[0-9A-Fa-f]{16}(?![\w:])")


class Redactor:
    """Replaces identifying values with stand-ins, the same stand-in for the same value in one run."""

    def __init__(self) -> None:
        self.mapping: dict[tuple[str, str], str] = {}
        self._hosts: dict[str, str] = {}  # casefolded host name -> stand-in

    def _stand_in(self, kind: str, value: str) -> str:
        plain = value.casefold()
        if kind in ("wwpn", "mac"):  # 0x10000090FA1B2C3D, 10:00:00:90:fa:1b:2c:3d and the bare digits are one WWPN
            plain = plain.removeprefix("0x").replace(":", "").replace("-", "")
        key = (kind, plain)
        if key not in self.mapping:
            n = sum(1 for k in self.mapping if k[0] == kind) + 1
            self.mapping[key] = _shape(kind, value, n)
        return self.mapping[key]

    def _host(self, value: str) -> str:
        short = value.split(".")[0]
        stand_in = self._stand_in("host", short)
        self._hosts[short.casefold()] = stand_in
        self._hosts[value.casefold()] = stand_in
        return stand_in

    def text(self, text: str) -> str:
        """``text`` with every identifying value replaced."""
        for pattern in (_HOST_LABELS, _LPAR_INFO, _DOCUMENT_NAME, _MARKER_HOST):
            text = pattern.sub(lambda m: m.group("lead") + self._host(m.group("value")), text)
        text = _PROMPT_HOST.sub(self._prompt, text)
        text = _SERIAL.sub(lambda m: m.group("lead") + self._stand_in("serial", m.group("value")), text)
        text = _HMC_SERIAL.sub(lambda m: m.group("lead") + self._stand_in("serial", m.group("value")), text)
        text = _MAC.sub(lambda m: self._stand_in("mac", m.group(0)), text)
        text = _WWPN.sub(lambda m: self._stand_in("wwpn", m.group(0)), text)
        text = "".join(self._line(line) for line in text.splitlines(keepends=True))
        return self._names(text)

    def _prompt(self, m: re.Match[str]) -> str:
        if m.group("value") is not None:
            return m.group("lead") + self._host(m.group("value"))
        return m.group("lead2") + self._host(m.group("value2"))

    def _line(self, line: str) -> str:
        if _ADDRESS_LINE.search(line):
            line = _IPV4.sub(lambda m: self._stand_in("ip", m.group(0)) if _is_ip(m.group(0)) else m.group(0), line)
        if _WWN_LINE.search(line):
            line = _BARE_WWN.sub(lambda m: self._stand_in("wwpn", m.group(0)), line)
        return line

    def _names(self, text: str) -> str:
        """Every whole-word occurrence of a host name found anywhere (longest first)."""
        names = sorted((n for n in self._hosts if len(n) >= 3 and not _is_stand_in(n)), key=len, reverse=True)
        if not names:
            return text
        pattern = re.compile(r"(?<![\w.-])(?:" + "|".join(map(re.escape, names)) + r")(?![\w-])", re.I)
        return pattern.sub(lambda m: self._hosts[m.group(0).casefold()], text)

    def texts(self, texts: Iterable[str]) -> list[str]:
        return [self.text(t) for t in texts]


def _is_ip(value: str) -> bool:
    return all(int(part) <= 255 for part in value.split("."))


def _is_stand_in(name: str) -> bool:
    return re.fullmatch(r"host\d+", name) is not None


def _shape(kind: str, value: str, n: int) -> str:
    """A stand-in of the same form as ``value``."""
    if kind == "ip":
        return f"192.0.2.{n % 254 + 1}" if n < 254 else f"198.51.100.{n % 254 + 1}"
    if kind == "mac":
        sep = "-" if "-" in value else ":"
        return sep.join(["02", "00", "00", "00", f"{n // 256 % 256:02x}", f"{n % 256:02x}"])
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
