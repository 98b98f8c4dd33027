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
  also inside terminal colour codes), an ``ssh [user@]host`` typed after a prompt, ``uname -a``, the
  output of ``hostname`` / ``uname -n`` / ``uname -L``, a syslog line, an /etc/hosts line, a login
  banner, ``who`` / ``last`` rows, NFS mount rows and /etc/exports, the HMC's ``hostname=``; then
  every whole-word occurrence of the name (``_`` counts as a word break: ``PRD_D00_sapprd01``), in
  capitals where the name is written in capitals (z/OS: ``SYSNAME=HOST1``);
- z/OS system, sysplex, CPC and LPAR names (IEASYSxx, IEASYMxx, LOADxx, SMFPRMxx, D SYMBOLS, D M,
  D XCF, SYSLOG records, console message prefixes, ``RO``), SYSCLONE (two characters), z/VM user
  ids and systems (``q userid``), HP-UX complex, nPartition and vPar names (parstatus, vparstatus);
- managed-system and partition names of the HMC (``-m``/``-p`` of its commands, ``name=`` of
  ``lssyscfg -r sys|lpar``, ``lpar_name=``, ``remote_lpar_name=``, and the same fields of
  ``-F`` listings), client names of ``lsmap -npiv``, WPAR names and host names of ``lswpar``,
  an NFS swap server of ``swapinfo``;
- serials after a serial label, in the HMC's ``mtms=``, ``Server-TYPE-MODEL-SN...``,
  ``serial_num=``/``logical_serial_num=``, and in location codes (``U9009.42A.7800ABC-V1-C3``,
  with the WWPN of a ``-W`` part), ``IBM,02SERIAL``, D M's CPC ND/SI, lsattr's ``unique_id``;
  PVIDs, VG ids and LUN WWIDs (lspv, lsattr's ``pvid``, ``PV/VG IDENTIFIER``, multipath) by hex of the
  same length; MACs also in ``netstat -in``'s dotted form and ``lanscan``'s ``0x`` form;
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
from advisor.inputs import MAX_LINE_CHARS

_NAME = r"[\w.-]"
_CSI = r"\x1b\[[0-9;?]{0,32}[A-Za-z]"  # a terminal colour / mode sequence around a prompt
_HOST_LABELS = re.compile(
    r"^(?P<lead>[ \t]*(?:(?:Node Name|Partition Name|Host Name|Nodename|LPAR Name|Domain Name|Name Server|"
    r"System name|VM\d\d Name|Topas Monitor for host|Hostname|CPC Name|LP Name|Sysplex Name|LPAR Extended Name|"
    r"VM\d\d Extended Name|Node Id|Static hostname|Transient hostname|Pretty hostname|Cluster Name|site name|Sys peer|"
    r"SAPLOCALHOST|SAPLOCALHOSTFULL|SAPDBHOST|SAPGLOBALHOST|rdisp/mshost|j2ee/dbhost|enque/serverhost|"
    r"Virtual Machine Name)[ \t]*[:=][ \t]*|"
    r"hostname[ \t]+))(?P<value>[\w.-]{1,253})",
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
_MAC_LINE = re.compile(r"(?<![a-z])mac(?![a-z])|hardware address|network address|station address|alt_addr", re.I | re.A)
_BARE_MAC = re.compile(r"(?<![\w:])(?:0x)?[0-9A-Fa-f]{12}(?![\w:])", re.A)
_WWPN = re.compile(r"(?<![\w:])(?:0x[0-9A-Fa-f]{16}|[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){7})(?![\w:])", re.A)
_WWN_LINE = re.compile(r"ww_?name|wwpn|wwnn|world wide|port name|network address|\(z8\)", re.I)
_BARE_WWN = re.compile(r"(?<![\w:])[0-9A-Fa-f]{16}(?![\w:])", re.A)
_TOKEN = re.compile(r"[^ \t\r\n]+")
_ATTRIBUTE_LINE = re.compile(r"^[ \t]*\"?[a-z][a-z0-9_]*=", re.A)
_MARKER = "#### advisor-bundle"
_PLACEHOLDER = re.compile(
    r"x{3,}|redacted|removed|hidden|masked|anonymi[sz]ed|(?:my|your)?[_-]?(?:host|server|node|lpar|partition)[_-]?name",
    re.I | re.A,
)
_FILTER_NAMES = re.compile(r"(?P<lead>\blpar_names?=)(?P<value>[\w.,-]{1,2048})", re.A)
# Words that name no site (a monoplex's sysplex LOCAL, /etc/hosts' localhost, an OS): never learned as names,
# or every whole-word "local" / "Linux" the parsers read would change.
_COMMON = re.compile(
    r"local|localhost[\w.-]*|loghost|loopback|ip6-[\w.-]*|ipv6-[\w.-]*|broadcasthost|linux|aix|vios|hmc|ibm|suse|ubuntu|debian|fedora"
    r"|centos"
    r"|rhel|none|default|unknown|active|inactive",
    re.I | re.A,
)
_ZCH = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@#$")  # a z/OS or z/VM name
_ZKEY = re.compile(r"SYSNAME|SYSPLEX|SYSCLONE|HWNAME|LPARNAME|VMUSERID|SID", re.A)
_ZSTATEMENT = re.compile(r"^[ \t]*(?:SYSPLEX|HWNAME|LPARNAME|VMUSERID)[ \t]+", re.A)  # LOADxx, D XCF's SYSPLEX line
_MESSAGE_ID = re.compile(r"[A-Z]{3,5}[0-9]{3,5}[A-Z]?", re.A)
_MONTHS = frozenset("Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split())
_WELCOME = re.compile(r"welcome to ", re.I | re.A)
_PLACE_LABEL = re.compile(r"^[ \t]*Complex Name[ \t]*:[ \t]*", re.A)  # parstatus: the name may hold blanks
_ID_LABEL = re.compile(
    r"^[ \t]*(?:Machine Id|Machine ID|LPAR UUID|VM[0-9][0-9] UUID)[ \t]*:[ \t]*", re.A
)  # errpt, sysinfo
_PV_LABEL = re.compile(r"(?:PV|VG) IDENTIFIER", re.A)
_LSATTR_ID = re.compile(r"^[ \t]*(?P<key>pvid|unique_id)[ \t]+", re.A)
_CPC_ID = re.compile(r"^[ \t]*CPC (?:ND|SI)[ \t]*=[ \t]*", re.A)  # D M=CPU: type.model.maker.plant.SEQUENCE
_ADDRESS_START = re.compile(r"[0-9]{1,3}\.[0-9]|[0-9A-Fa-f]{0,4}:", re.A)  # how an IPv4 or IPv6 address begins
# A line longer than the parse accepts (advisor/inputs.py refuses it after redaction) gets only the rules that run
# over the whole text: the per-line rules replace piece by piece, and 16 MB on one line would take an hour.
_LONG_LINE = MAX_LINE_CHARS
# What every line a platform rule could change holds (RE2: one linear pass; three lines in four skip them all).
_PLATFORM_HINT = linre.compile(
    r"SYSNAME|SYSPLEX|SYSCLONE|HWNAME|LPARNAME|VMUSERID|SID"
    r"|[0-9][0-9][.:][0-9][0-9][.:][0-9][0-9]|[ \t\r]AT[ \t\r]|^[ \t\r]*RO[ \t\r]|[0-9][0-9]/[0-9][0-9]/[0-9]{4}"
    r"|^(?:AIX|HP-UX|Linux) |^(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) |^[0-9]{4}-"
    r"|^[0-9]{1,3}\.[0-9]|^[0-9A-Fa-f]{0,4}:|(?i:welcome to )|^Last "
    r"|Complex Name|virtual partition is |(?i:ctive)|[ \t\r](?:Up|Down|Load|Crash|Hung|Shut)[ \t\r]"
    r"|hdisk|pvid|unique_id|IDENTIFIER|IBM,|CPC |Machine I|UUID|^[ \t\r]*[0-9A-F]{2,4}[ \t\r]+[-+]"
    r"|0x|link#|[0-9]\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]|pts/|tty|console|lft|vty|^/|nfs"
    r"|(?i:wwid|dm-|scsi-|wwn-|mpath)|[0-9A-Fa-f]{32}|ping|trace|telnet|ftp|rsh|rlogin|nslookup|host|showmount|netperf|iperf"
    r"|^search |^domain |\*SE|\*NA|identification = |CPU|GREEN|YELLOW|RED|GRAY|CONNECTED|QUIESCED|JOINING|REBUILDING"
    r"|Attribute,|[ \t\r](?:up|down|unknown)[ \t\r]|via|src|->|: \[|[ \t\r]-[ \t\r]|has address|Name:"
    r"|[ \t\r](?:HPUX|HP-UX|LINUX|WINDOWS|OPENVMS|UNKNOWN)[ \t\r]"
)
_LINE_HINT = linre.compile(  # what _ADDRESS_LINE, _WWN_LINE and _MAC_LINE each need (without their word bounds)
    r"(?i:addr|gateway|server|inet|ip|netmask|subnet|broadcast|route|ww_?name|wwpn|wwnn|world wide|port name"
    r"|network address|\(z8\)|mac|hardware address|station address|alt_addr)"
)
# Cheap tests before a rule splits a line into words: each holds for every line the rule could change.
_CONSOLE_HINT = re.compile(
    r"[0-9][0-9][.:][0-9][0-9][.:][0-9][0-9]|[ \t\r]AT[ \t\r]|^[ \t\r]*RO[ \t\r]|[0-9][0-9]/[0-9][0-9]/[0-9]{4}", re.A
)
_QUADISH = re.compile(r"[0-9]\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]", re.A)
_VPAR_HINT = re.compile(r"[ \t\r](?:Up|Down|Load|Crash|Hung|Shut)[ \t\r]|[ \t\r](?:Active|Inactive)", re.A)
_LISTING_HINT = re.compile(
    r"has address|Name:|->|: \[|[ \t\r]-[ \t\r]|Attribute,|[ \t\r](?:up|down|unknown)[ \t\r]|via|src|"
    r"[0-9]\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]|\*SE|\*NA|identification = |CPU|GREEN|YELLOW|RED|GRAY|"
    r"CONNECTED|QUIESCED|JOINING|REBUILDING",
    re.A,
)
_ACTIVE = re.compile(r"ctive", re.I | re.A)  # parstatus / vparstatus rows: active, inactive
_DM_ROW = re.compile(r"^[ \t\r]*[0-9A-F]{2,4}[ \t\r]+[-+]", re.A)  # D M=CPU processor rows
_VPAR_STATES = frozenset("Up Down Load Crash Hung Shut".split())
_GUEST_OS = frozenset("HPUX HP-UX LINUX WINDOWS OPENVMS UNKNOWN".split())  # hpvmstatus's OS Type column
_VPAR6_STATES = frozenset("UP DOWN EFI BOOT SHUTDOWN HUNG CRASH LOAD".split())
# Commands whose whole output (the next line) is a host name or a serial, as typed after a prompt.
_NEXT_LINE = (
    ("hostname", "host"), ("hostname -s", "host"), ("hostname -f", "host"), ("uname -n", "host"),
    ("uname -m", "machine"), ("getconf MACHINE_SERIAL", "serial"), ("getconf CS_MACHINE_SERIAL", "serial"),
    ("getconf CS_MACHINE_IDENT", "serial"), ("getconf CS_PARTITION_IDENT", "serial"),
    ("getconf MACHINE_IDENT", "serial"), ("getconf PARTITION_IDENT", "serial"), ("uname -L", "lpar"),
    ("hostname -i", "ip"), ("hostname -I", "ip"), ("uname -i", "serial"), ("cat /etc/hostname", "host"),
)  # fmt: skip
_GRS_STATES = frozenset("CONNECTED QUIESCED JOINING REBUILDING".split())  # D GRS: SYSTEM STATE pairs
_SAP_COLOURS = frozenset("GREEN YELLOW RED GRAY".split())
_SAP_HOST_KEYS = frozenset(
    "SAPLOCALHOST, SAPLOCALHOSTFULL, SAPDBHOST, SAPGLOBALHOST, rdisp/mshost, j2ee/dbhost,".split()
)
_CRM_STATES = frozenset("Online: OFFLINE: Offline: Standby: Maintenance: Pending: UNCLEAN:".split())  # crm_mon
_ZVM_SERVICE = re.compile(  # z/VM service machines: the same name on every system, no identifier
    r"TCPIP|DTCVSW[0-9]|SYSTEM|OPERATOR|OPERSYMP|DISKACNT|EREP|MAINT[0-9]{0,4}|VSMSERVE|FTPSERVE|PERFSVM|RSCS|GCS"
    r"|DIRMAINT|DATAMOVE|TSAFVM|PERSMAPI|VMSERV[SURP]|SMTP|PORTMAP|SNMPD|REXECD|LPSERVE|NAMESRV",
    re.A,
)
_SG_STATUS = frozenset("up down unknown starting halting".split())  # Serviceguard cmviewcl
_SG_STATE = frozenset("running halted failed reforming unknown starting halting".split())
_ROUTE_FLAGS = re.compile(r"[A-Za-z!*=]{0,7}U[A-Za-z!*=]{0,7}", re.A)  # netstat -rn: UG, UHSb, U
_LPP_STATES = frozenset(
    "COMMITTED APPLIED BROKEN EFIXLOCKED OBSOLETE APPLYING COMMITTING REJECTING COMMIT APPLY REJECT CLEANUP "
    "C A B E O M ?".split()
)  # lslpp -l / -L / -h states and actions
_TTY = re.compile(r"pts/[0-9]{1,5}|tty[0-9A-Za-z]{0,8}|console|lft[0-9]{1,3}|vty[0-9]{1,3}", re.A)
_DAYS = frozenset("Mon Tue Wed Thu Fri Sat Sun".split())
_INTERFACE = re.compile(r"[a-z]{1,12}[0-9]{0,4}(?::[0-9]{1,4})?\*?", re.A)  # netstat -in: en0, lan0:1, en1*
_DOTTED_MAC = re.compile(r"[0-9A-Fa-f]{1,2}(?:\.[0-9A-Fa-f]{1,2}){5}", re.A)  # AIX netstat -in: fa.16.3e.a1.b2.c3
_NETWORK = re.compile(r"[0-9]{1,3}(?:\.[0-9]{1,3}){0,3}", re.A)
_HEX_RUN = re.compile(r"[0-9A-Fa-f]+", re.A)
_LONG_ID_LINE = re.compile(  # multipath -ll, by-id names, scsimgr; any 32-digit hex word (lsblk SERIAL / WWN)
    r"wwid|dm-|scsi-|wwn-|mpath|(?<![A-Za-z0-9])(?:0x)?[0-9A-Fa-f]{32,33}(?![A-Za-z0-9])", re.I | re.A
)
_VPD = re.compile(r'^[ \t]*"?(?:vpd=)?\*(?P<key>SE|NA)[ \t]+(?P<value>[^ \t\r"]{1,64})', re.A)  # lsvpd, lshmc -v
_TARGET_FIRST = frozenset("telnet ftp sftp rsh rlogin nslookup host showmount".split())  # the first word not an option
_TARGET_LAST = frozenset("ping ping6 traceroute traceroute6 tracepath".split())  # the host is the last word
_TARGET_OPTION = {"netperf": "-H", "iperf": "-c", "iperf3": "-c"}  # the host is this option's value
_TARGET_WORD = re.compile(r"ping|trace|telnet|ftp|rsh|rlogin|nslookup|host|showmount|netperf|iperf", re.A)
_DOMAIN = re.compile(r"[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,8}", re.A)
_EXPORT_KEY = re.compile(r"(?:root|rw|ro|access)=", re.A)
_CONTROL = re.compile(r"(\x1b\[[0-9;?]{0,32}[A-Za-z])")

_TRACE = ("+", "++", "+++")  # a shell trace (set -x) before each command it runs
_BEFORE_COMMAND = ("sudo", "pbrun", *_TRACE)  # words a typed command may follow, besides a prompt
# Commands the advisor reads, as the first word typed after a bare "host #" / "host>" prompt (with
# the wrappers an admin types before them); collect/redact.sh holds the same list.
PROMPT_COMMANDS = frozenset(
    "D DISPLAY amepat cat chatr ioscli ioslevel kctune lparstat lsattr lscpu lsdev lshwres lslic lslpp lsmap lssyscfg "
    "lswpar machinfo mpsched netstat entstat oslevel parstatus pbrun prtconf ps psrset schedo ssh sudo svmon "
    "swapinfo topas vmcp vmo vmstat vparstatus".split()
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
        self._count: dict[str, int] = {}  # stand-ins given, by kind
        self._number: dict[tuple[str, str], int] = {}  # each mapping key's number
        self._domains: dict[str, str] = {}  # lower-cased DNS domain -> stand-in
        self._xcf = False  # the line before was a D XCF member list's: this one may go on with it

    def _stand_in(self, kind: str, value: str) -> str:
        """The stand-in of ``value``; a stand-in met again (two rules on one value) stays as it is."""
        key = (kind, _plain(kind, value))
        if key in self._made:
            return value
        if key not in self.mapping:
            n = self._count[kind] = self._count.get(kind, 0) + 1
            self.mapping[key] = _shape(kind, value, n)
            self._number[key] = n
            self._made.add((kind, _plain(kind, self.mapping[key])))
        if kind in ("wwpn", "mac", "pvid"):  # each occurrence in its own form: 0x..., colon pairs, 16 zeros after
            return _shape(kind, value, self._number[key])
        return self.mapping[key]

    def _host(self, value: str) -> str:
        if _is_stand_in(value.casefold()) or _PLACEHOLDER.fullmatch(value) or _COMMON.fullmatch(value):
            return value  # already a stand-in, or what a redacted output prints instead of a name
        if _IPV4.fullmatch(value) and _is_ip(value):  # "Name Server: 10.1.1.53" names an address
            return self._stand_in("ip", value)
        short = value.split(".")[0]
        stand_in = self._stand_in("host", short)
        self._hosts[short.casefold()] = stand_in
        self._hosts[value.casefold()] = stand_in
        domain = value.split(".", 1)[1].rstrip(".") if value.count(".") >= 2 else ""
        if _DOMAIN.fullmatch(domain) and re.search("[A-Za-z]", domain.rsplit(".", 1)[-1]):
            self._domains[_ascii_lower(domain)] = self._stand_in("domain", domain)  # db01.corp.example.com
        return _cased(stand_in, value)

    def text(self, text: str) -> str:
        """``text`` with every identifying value replaced."""
        self._xcf = False
        for pattern in (_HOST_LABELS, _LPAR_INFO, _DOCUMENT_NAME, _MARKER_HOST):
            text = pattern.sub(lambda m: m.group("lead") + self._host(m.group("value")), text)
        text = _USER_AT.sub(
            lambda m: m.group(0) if text[m.end() : m.end() + 1] == "=" else self._host(m.group(0)), text
        )
        text = _lines(text, self._prompt)
        text = _lines(text, self._ssh)
        text = _lines(text, self._platform)
        text = self._next_lines(text)
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
        return self._domain_names(self._names(text))

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
            if k and before[-1] not in "#$>" and before not in _BEFORE_COMMAND:
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

    def _platform(self, line: str) -> str:
        """Names and ids each platform prints in its own shape (z/OS, z/VM, HP-UX, AIX, syslog, /etc/hosts)."""
        if len(line) > _LONG_LINE:
            self._xcf = False
            return line
        line = self._xcf_rest(line)
        if _PLATFORM_HINT.search(line) is None:
            return line
        for rule in (
            self._z_keywords, self._z_statement, self._console, self._uname, self._log_host, self._hosts_line,
            self._welcome, self._last_login, self._partitions, self._guests, self._disk_ids, self._labelled_ids,
            self._network_rows,
            self._logins, self._nfs, self._long_ids, self._targets, self._listings,
        ):  # fmt: skip
            line = rule(line)
        return line

    def _z_keywords(self, line: str) -> str:
        """SYSNAME=SYSA, SYSCLONE(A1), &SYSPLEX. = "PLEX1", HWNAME(CPC1), LPARNAME(ZOS1), SID(SYSA), VMUSERID(LNX1)."""
        pos = 0
        while (m := _ZKEY.search(line, pos)) is not None:
            pos = m.end()
            if m.start() > 0 and _word(line[m.start() - 1]):
                continue
            key, j = m.group(0), m.end()
            if line[j : j + 1] == "(":
                j += 1
            elif key in ("SID", "VMUSERID"):
                continue
            else:
                j += 1 if line[j : j + 1] == "." else 0
                j = _skip_blanks(line, j)
                if line[j : j + 1] != "=":
                    continue
                j = _skip_blanks(line, j + 1)
                j += 1 if line[j : j + 1] in ('"', "'") else 0
            value = _zname(line, j)
            if not value:
                continue
            stand_in = self._stand_in("clone", value) if key == "SYSCLONE" else self._host(value)
            line = line[:j] + stand_in + line[j + len(value) :]
            pos = j + len(stand_in)
        return line

    def _xcf_rest(self, line: str) -> str:
        """The lines a D XCF member list goes on in (indented, nothing but system names) after its
        "SYSPLEX PLEX1: SYSA SYSB ..." line."""
        if not self._xcf:
            return line
        self._xcf = False
        tokens = list(_TOKEN.finditer(line))
        if line[:1] not in (" ", "\t") or not tokens or not all(_upper_zname(t.group(0)) for t in tokens):
            return line
        for token in reversed(tokens):
            line = _put(line, token, self._host(token.group(0)))
        self._xcf = True
        return line

    def _z_statement(self, line: str) -> str:
        """LOADxx's SYSPLEX/HWNAME/LPARNAME/VMUSERID statements; D XCF's "SYSPLEX PLEX1: SYSA SYSB"."""
        m = _ZSTATEMENT.match(line)
        if m is None or not (value := _zname(line, m.end())):
            return line
        end = m.end() + len(value)
        if line[end : end + 1] == ":":
            self._xcf = m.group(0).strip() == "SYSPLEX"
            tokens = list(_TOKEN.finditer(line, end + 1))
            for token in reversed(tokens):
                if _zname(token.group(0), 0) == token.group(0):
                    line = line[: token.start()] + self._host(token.group(0)) + line[token.end() :]
        return line[: m.end()] + self._host(value) + line[end:]

    def _console(self, line: str) -> str:
        """z/OS: the system of a SYSLOG record, of a console message ("SYSA IEE174I 10.24.41 ..."), of
        "RO SYSA,cmd"; z/VM: "q userid" ("LINUX01 AT ZVMSYS1")."""
        if _CONSOLE_HINT.search(line) is None:
            return line
        tokens = list(_TOKEN.finditer(line))
        words = [t.group(0) for t in tokens]
        n = len(words)
        for k in (2, 3):  # SYSLOG: type [routing] SYSTEM yyddd hh:mm:ss.th
            if n > k + 1 and _digits(words[k], 5) and _clock(words[k + 1], ":", True) and _full_zname(words[k - 1]):
                return _put(line, tokens[k - 1], self._host(words[k - 1]))
        if n >= 3 and _full_zname(words[0]) and _MESSAGE_ID.fullmatch(words[1]) and _clock(words[2], ".", False):
            if any(c.isalpha() for c in words[0]):
                return _put(line, tokens[0], self._host(words[0]))
        if (
            n >= 2
            and words[0] == "RO"
            and (value := _zname(words[1], 0))
            and words[1][len(value) : len(value) + 1] == ","
        ):
            return line[: tokens[1].start()] + self._host(value) + line[tokens[1].start() + len(value) :]
        if n == 3 and words[1] == "AT" and _upper_zname(words[0]) and _upper_zname(words[2]):
            line = _put(line, tokens[2], self._host(words[2]))
            return _put(line, tokens[0], self._host(words[0]))
        if n >= 5 and _upper_zname(words[0]) and _digits(words[1], 4) and _hex(words[2], 6, 6, upper=True):
            if _hex(words[3], 2, 2, upper=True) and re.fullmatch(r"[0-9]{2}/[0-9]{2}/[0-9]{4}", words[4], re.A):
                line = _put(line, tokens[2], self._stand_in("serial", words[2]))  # D XCF,S,ALL: system, CPC serial
                return _put(line, tokens[0], self._host(words[0]))
        return line

    def _uname(self, line: str) -> str:
        """uname -a: AIX host 3 7 MACHINEID, HP-UX host B.11.31 U ia64 IDNUMBER ..., Linux host 5.14... #1 ..."""
        if not line.startswith(("AIX ", "HP-UX ", "Linux ")):
            return line
        tokens = list(_TOKEN.finditer(line))
        w = [t.group(0) for t in tokens]
        if len(w) < 3 or not _name_ok(w[1]):
            return line
        if w[0] == "AIX" and len(w) >= 5 and _digits(w[2], 0) and _digits(w[3], 0) and _hex(w[4], 12, 12, upper=True):
            line = _put(line, tokens[4], self._stand_in("serial", w[4]))
        elif w[0] == "HP-UX" and re.fullmatch(r"[A-Z]\.[0-9][0-9]\.[0-9][0-9]", w[2], re.A):
            if len(w) >= 6 and _digits(w[5], 0) and len(w[5]) >= 6:
                line = _put(line, tokens[5], self._stand_in("serial", w[5]))
        elif w[0] != "Linux" or len(w) < 4 or not re.match(r"^[0-9]+\.[0-9]", w[2], re.A):
            return line
        elif not (w[3].startswith("#") and _digits(w[3][1:2], 1)):
            return line
        return _put(line, tokens[1], self._host(w[1]))

    def _log_host(self, line: str) -> str:
        """The host of a syslog line: "Nov 24 10:00:01 host sshd[42]: ..." or "2026-11-24T10:00:01+01:00 host ..."."""
        if not ((line[3:4] == " " and line[:3] in _MONTHS) or (line[4:5] == "-" and line[0] in "0123456789")):
            return line
        tokens = list(_TOKEN.finditer(line[:64]))
        w = [t.group(0) for t in tokens]
        k = 0
        if len(w) >= 5 and w[0] in _MONTHS and _digits(w[1], 0) and len(w[1]) <= 2 and _clock(w[2], ":", False):
            k = 3
        elif len(w) >= 3 and re.match(r"[0-9]{4}-[0-9][0-9]-[0-9][0-9]T[0-9]", w[0], re.A):
            k = 1
        if k and len(w) > k + 1 and _host_word(w[k]) and (w[k + 1].endswith(":") or "[" in w[k + 1]):
            return _put(line, tokens[k], self._host(w[k]))
        return line

    def _hosts_line(self, line: str) -> str:
        """An /etc/hosts line: an address, then names (lower case; in capitals or mixed case from three
        characters, starting with a letter; a fileset level before words is no address)."""
        if _ADDRESS_START.match(line) is None:
            return line
        tokens = list(_TOKEN.finditer(line))
        w = [t.group(0) for t in tokens]
        names = 0
        while names + 1 < len(w) and not w[names + 1].startswith("#"):
            names += 1
        if names == 0 or not all(_hosts_name(x) for x in w[1 : names + 1]):
            return line
        if all(_COMMON.fullmatch(x) for x in w[1 : names + 1]):
            return line
        if _IPV4.fullmatch(w[0]) and _is_ip(w[0]):
            kind = "ip"
        elif len(w[0]) <= 45 and re.fullmatch(r"[0-9A-Fa-f:]+", w[0], re.A) and _is_ipv6(w[0]):
            kind = "ip6"
        else:
            return line
        for k in range(names, 0, -1):
            line = _put(line, tokens[k], self._host(w[k]))
        return _put(line, tokens[0], self._stand_in(kind, w[0]))

    def _welcome(self, line: str) -> str:
        """A login banner that ends with the host: "Welcome to db01!" (not "Welcome to AIX Version 7.3")."""
        m = _WELCOME.search(line)
        if m is None:
            return line
        value = _run(line, m.end()).rstrip(".")
        rest = line[m.end() + len(value) :]
        if not value or not value[0].isalpha() or rest.strip(".! \t*\r") != "":
            return line
        return line[: m.end()] + self._host(value) + rest

    def _last_login(self, line: str) -> str:
        """The last word of "Last login: ... from HOST" (a host name or an address)."""
        if not line.startswith(("Last login:", "Last unsuccessful login:")):
            return line
        tokens = list(_TOKEN.finditer(line))
        if len(tokens) < 3 or tokens[-2].group(0) != "from":
            return line
        value = tokens[-1].group(0)
        if _name_ok(value):
            return _put(line, tokens[-1], self._host(value))
        if len(value) <= 45 and re.fullmatch(r"[0-9A-Fa-f:]+", value, re.A) and _is_ipv6(value):
            return _put(line, tokens[-1], self._stand_in("ip6", value))
        return line

    def _partitions(self, line: str) -> str:
        """HP-UX: parstatus's Complex Name and partition rows, vparstatus rows and its -w sentence."""
        if "Complex Name" not in line and _ACTIVE.search(line) is None and _VPAR_HINT.search(line) is None:
            if "virtual partition is " not in line:
                return line
        m = _PLACE_LABEL.match(line)
        if m is not None:
            value = line[m.end() :].rstrip(" \t\r")
            return line[: m.end()] + self._host(value) + line[m.end() + len(value) :] if 0 < len(value) <= 64 else line
        at = line.find("virtual partition is ")
        if at >= 0:
            value = _run(line, at + 21).rstrip(".")
            if value and value[0].isalpha():
                return line[: at + 21] + self._host(value) + line[at + 21 + len(value) :]
            return line
        tokens = list(_TOKEN.finditer(line))
        w = [t.group(0) for t in tokens]
        if (
            len(w) >= 6
            and w[1].lower() in ("active", "inactive")
            and all(_digits(x, 0) and len(x) <= 3 for x in w[:1] + w[2:4])
        ):
            value = line[tokens[5].start() :].rstrip(" \t\r")
            if len(value) <= 64:
                return line[: tokens[5].start()] + self._host(value) + line[tokens[5].start() + len(value) :]
        if len(w) >= 4 and w[1] in _VPAR_STATES and w[3].startswith("/") and _host_word(w[0]):
            return _put(line, tokens[0], self._host(w[0]))
        if (
            len(w) >= 4
            and _digits(w[0], 0)
            and w[2] in _VPAR6_STATES
            and w[3] in ("Active", "Inactive")
            and _name_ok(w[1])
        ):
            return _put(line, tokens[1], self._host(w[1]))
        return line

    def _guests(self, line: str) -> str:
        """HP-UX Integrity VM: hpvmstatus rows ("sapvm01  1 HPUX  On (OS)  4 ..."; HPVM 4 adds a type
        column: "sapvm01  1 SH HPUX  Off ...")."""
        tokens = list(_TOKEN.finditer(line))
        w = [t.group(0) for t in tokens]
        if len(w) < 4 or not _host_word(w[0]) or not _digits(w[1], 0) or len(w[1]) > 4:
            return line
        k = 3 if len(w) >= 5 and re.fullmatch(r"[A-Z]{1,2}", w[2], re.A) else 2
        if w[k] not in _GUEST_OS or w[k + 1] not in ("On", "Off", "Invalid"):
            return line
        return _put(line, tokens[0], self._host(w[0]))

    def _disk_ids(self, line: str) -> str:
        """AIX: PVIDs (lspv, lsattr's pvid, PV/VG IDENTIFIER), lsattr's unique_id, lspv -u's unique ids."""
        if "hdisk" not in line and "pvid" not in line and "unique_id" not in line and "IDENTIFIER" not in line:
            return line
        tokens = list(_TOKEN.finditer(line))
        w = [t.group(0) for t in tokens]
        if len(w) >= 2 and w[0].startswith("hdisk") and _digits(w[0][5:], 0) and _hex(w[1], 16, 16):
            for k in range(len(w) - 1, 3, -1):
                if re.fullmatch(r"[A-Za-z0-9-]{16,80}", w[k], re.A):
                    line = _put(line, tokens[k], self._stand_in("serial", w[k]))
            return _put(line, tokens[1], self._stand_in("pvid", w[1]))
        m = _LSATTR_ID.match(line)
        if m is not None:
            value = tokens[1].group(0) if len(tokens) >= 2 and tokens[1].start() == m.end() else ""
            if m.group("key") == "pvid" and _hex(value, 16, 32):
                return _put(line, tokens[1], self._stand_in("pvid", value))
            if m.group("key") == "unique_id" and re.fullmatch(r"[A-Za-z0-9-]{8,80}", value, re.A):
                return _put(line, tokens[1], self._stand_in("serial", value))
            return line
        pos = 0
        while (m := _PV_LABEL.search(line, pos)) is not None:
            j = _skip_blanks(line, m.end())
            j = _skip_blanks(line, j + 1) if line[j : j + 1] == ":" else j
            k = j
            while k < len(line) and k - j < 33 and _hex(line[k], 1, 1):
                k += 1
            pos = m.end()
            if 16 <= k - j <= 32 and not _alnum(line[k : k + 1]):
                stand_in = self._stand_in("pvid", line[j:k])
                line = line[:j] + stand_in + line[k:]
                pos = j + len(stand_in)
        return line

    def _labelled_ids(self, line: str) -> str:
        """Serials in other shapes: IBM,02SERIAL (uname -u, lsattr sys0's systemid), D M=CPU's CPC ND/SI and its
        processor rows, errpt's Machine Id, /proc/sysinfo's LPAR/VMnn UUID."""
        if "IBM," not in line and "CPC " not in line and "Machine I" not in line and "UUID" not in line:
            if _DM_ROW.match(line) is None:
                return line
        pos = 0
        while (at := line.find("IBM,", pos)) >= 0:
            pos = at + 4
            value = line[at + 4 : at + 13]
            if (at > 0 and _word(line[at - 1])) or not re.fullmatch(r"[0-9A-Z]{9}", value, re.A):
                continue
            if _alnum(line[at + 13 : at + 14]):
                continue
            stand_in = self._stand_in("serial", value[2:])
            line = line[: at + 6] + stand_in + line[at + 13 :]
        m = _CPC_ID.match(line) or _ID_LABEL.match(line)
        if m is not None:
            j = m.end()
            if m.re is _CPC_ID:
                for _ in range(4):
                    k = j
                    while k < len(line) and _alnum(line[k]):
                        k += 1
                    if k == j or line[k : k + 1] != ".":
                        return line
                    j = k + 1
            k = j
            while k < len(line) and k - j < 40 and (_alnum(line[k]) or line[k] == "-"):
                k += 1
            if k - j >= 3:
                return line[:j] + self._stand_in("serial", line[j:k]) + line[k:]
            return line
        tokens = list(_TOKEN.finditer(line))
        w = [t.group(0) for t in tokens]
        if len(w) == 3 and _hex(w[0], 2, 4, upper=True) and re.fullmatch(r"[-+][A-Z]?", w[1], re.A):
            if _hex(w[2], 6, 10, upper=True):
                return _put(line, tokens[2], self._stand_in("serial", w[2]))
        return line

    def _network_rows(self, line: str) -> str:
        """netstat -in rows (AIX: link#N and a dotted MAC, or a network and an address; HP-UX alike), lanscan
        rows (a hardware path and 0x + 12 hex digits)."""
        if "0x" not in line and "link#" not in line and _QUADISH.search(line) is None:
            return line
        tokens = list(_TOKEN.finditer(line))
        w = [t.group(0) for t in tokens]
        if len(w) >= 4 and _INTERFACE.fullmatch(w[0]) and _digits(w[1], 0):
            if w[2].startswith("link#") and _DOTTED_MAC.fullmatch(w[3]):
                return _put(line, tokens[3], self._stand_in("mac", w[3]))
            if _NETWORK.fullmatch(w[2]) and _IPV4.fullmatch(w[3]) and _is_ip(w[3]) and not w[3].startswith("127."):
                stand_in = self._stand_in("ip", w[3])
                line = _put(line, tokens[3], stand_in)
                network = stand_in.split(".")[:3][: w[2].count(".") + 1] + ["0"] * (w[2].count(".") == 3)
                return _put(line, tokens[2], ".".join(network))  # the stand-in's network: 192.0.2 or 192.0.2.0
            return line
        if len(w) >= 2 and re.fullmatch(r"[0-9]{1,3}(?:/[0-9]{1,3}){1,12}|LinkAgg[0-9]{1,4}", w[0], re.A):
            if len(w[1]) == 14 and w[1].startswith("0x") and _hex(w[1][2:], 12, 12):
                return _put(line, tokens[1], self._stand_in("mac", w[1]))
        return line

    def _logins(self, line: str) -> str:
        """who: "root pts/0 Nov 24 08:12 (host)"; last: "root pts/0 host Tue Nov 24 08:12 ..."."""
        if (
            "pts/" not in line
            and "tty" not in line
            and "console" not in line
            and "lft" not in line
            and "vty" not in line
        ):
            return line
        tokens = list(_TOKEN.finditer(line))
        w = [t.group(0) for t in tokens]
        if len(w) < 4 or not _TTY.fullmatch(w[1]):
            return line
        if w[-1].startswith("(") and w[-1].endswith(")") and len(w[-1]) > 2:
            value, token, skip = w[-1][1:-1], tokens[-1], 1
        elif w[3] in _DAYS or w[3] in _MONTHS:
            value, token, skip = w[2], tokens[2], 0
        else:
            return line
        if _IPV4.fullmatch(value) and _is_ip(value):
            stand_in = self._stand_in("ip", value)
        elif len(value) <= 45 and re.fullmatch(r"[0-9A-Fa-f:]+", value, re.A) and _is_ipv6(value):
            stand_in = self._stand_in("ip6", value)
        elif _host_word(value):
            stand_in = self._host(value)
        else:
            return line
        return line[: token.start() + skip] + stand_in + line[token.end() - skip :]

    def _nfs(self, line: str) -> str:
        """AIX mount rows ("server /export /mnt nfs3 ...") and /etc/exports hosts (root=a:b, rw=, ro=, access=;
        Linux "host(rw,...)")."""
        if not line.startswith("/"):
            tokens = list(_TOKEN.finditer(line)) if "nfs" in line else []
            w = [t.group(0) for t in tokens]
            if len(w) >= 4 and w[1].startswith("/") and w[2].startswith("/") and w[3] in ("nfs", "nfs3", "nfs4"):
                if _host_word(w[0]):
                    return _put(line, tokens[0], self._host(w[0]))
            return line
        pos = 0
        while (m := _EXPORT_KEY.search(line, pos)) is not None:
            pos = m.end()
            if line[m.start() - 1 : m.start()] not in ("-", ",", " ", "\t"):
                continue
            while (value := re.match(r"[A-Za-z][\w.-]{0,252}", line[pos:], re.A)) is not None:
                stand_in = self._host(value.group(0))
                line = line[:pos] + stand_in + line[pos + len(value.group(0)) :]
                pos += len(stand_in)
                if line[pos : pos + 1] != ":":
                    break
                pos += 1
        tokens = list(_TOKEN.finditer(line))
        for token in reversed(tokens[1:]):  # Linux: host(rw,sync,...)
            name = re.match(r"[A-Za-z][\w.-]{0,252}", token.group(0), re.A)
            rest = token.group(0)[len(name.group(0)) :] if name is not None else ""
            if name is not None and rest.startswith("(") and rest.endswith(")") and ("rw" in rest or "ro" in rest):
                line = line[: token.start()] + self._host(name.group(0)) + line[token.start() + len(name.group(0)) :]
        return line

    def _long_ids(self, line: str) -> str:
        """LUN WWIDs of 32 or 33 hex digits (multipath -ll, /dev/disk/by-id, scsimgr's WWID = 0x...)."""
        if _LONG_ID_LINE.search(line) is None:
            return line
        pos = 0
        while (m := _HEX_RUN.search(line, pos)) is not None:
            pos = m.end()
            start, end = m.span()
            before = line[start - 1 : start] if start else ""
            if start >= 2 and line[start - 2 : start] in ("0x", "0X"):
                before = line[start - 3 : start - 2] if start >= 3 else ""
            if len(m.group(0)) not in (32, 33) or _alnum(before) or _alnum(line[end : end + 1]):
                continue
            stand_in = self._stand_in("pvid", m.group(0))
            line = line[:start] + stand_in + line[end:]
            pos = start + len(stand_in)
        return line

    def _targets(self, line: str) -> str:
        """A command typed after a prompt that names another host (ping, traceroute, telnet, nslookup, showmount,
        netperf -H...): its target when it has a digit or a dot (db07, erpci.corp.example.com: not a word such as
        "ping"), and every IPv4 address among its words."""
        if _TARGET_WORD.search(line) is None:
            return line
        tokens = list(_TOKEN.finditer(line))
        w = [t.group(0) for t in tokens]
        for k, word in enumerate(w):
            command = _command_word(word)
            if command not in _TARGET_FIRST and command not in _TARGET_LAST and command not in _TARGET_OPTION:
                continue
            if k and w[k - 1][-1] not in "#$>" and w[k - 1] not in _BEFORE_COMMAND:
                continue
            target = -1
            if command in _TARGET_FIRST:
                target = next((i for i in range(k + 1, len(w)) if not w[i].startswith("-")), -1)
            elif command in _TARGET_LAST:
                target = len(w) - 1 if len(w) > k + 1 and not w[-1].startswith("-") else -1
            else:
                target = next((i + 1 for i in range(k + 1, len(w) - 1) if w[i] == _TARGET_OPTION[command]), -1)
            for i in range(len(w) - 1, k, -1):
                if i == target and _host_word(w[i]) and len(w[i]) >= 3 and re.search(r"[0-9.]", w[i]) is not None:
                    line = _put(line, tokens[i], self._host(w[i]))
                elif _IPV4.fullmatch(w[i]) and _is_ip(w[i]):
                    line = _put(line, tokens[i], self._stand_in("ip", w[i]))
            return line
        return line

    def _listings(self, line: str) -> str:
        """resolv.conf's search domains, VPD keywords (*SE serial, *NA address: lsvpd, lshmc -v), Linux on Z's
        CPU identification and z/VM's CPU ID, sapcontrol's instance rows, D GRS's system rows."""
        if not line.startswith(("search ", "domain ")) and _LISTING_HINT.search(line) is None:
            return line
        if line.startswith(("search ", "domain ")):
            tokens = list(_TOKEN.finditer(line))
            w = [t.group(0) for t in tokens]
            if len(w) >= 2 and all("." in x and _lower_name(x) for x in w[1:]):
                for k in range(len(w) - 1, 0, -1):
                    line = _put(line, tokens[k], self._host(w[k]))
            return line
        m = _VPD.match(line)
        if m is not None:
            value = m.group("value")
            if m.group("key") == "SE" and re.fullmatch(r"[A-Za-z0-9-]{3,40}", value, re.A):
                stand_in = self._stand_in("serial", value)
            elif m.group("key") == "NA" and _IPV4.fullmatch(value) and _is_ip(value):
                stand_in = self._stand_in("ip", value)
            elif m.group("key") == "NA" and _hex(value, 12, 12):
                stand_in = self._stand_in("mac", value)
            else:
                return line
            return line[: m.start("value")] + stand_in + line[m.end("value") :]
        at = line.find("identification = ")
        if at >= 0 and _hex(line[at + 17 : at + 23], 6, 6, upper=True) and not _alnum(line[at + 23 : at + 24]):
            return line[: at + 17] + self._stand_in("serial", line[at + 17 : at + 23]) + line[at + 23 :]
        tokens = list(_TOKEN.finditer(line))
        w = [t.group(0) for t in tokens]
        if (
            len(w) >= 4
            and w[0] == "CPU"
            and _hex(w[1], 2, 2, upper=True)
            and w[2] == "ID"
            and _hex(w[3], 16, 16, upper=True)
        ):
            start = tokens[3].start() + 2  # FF + SERIAL + TYPE + 8000
            return line[:start] + self._stand_in("serial", w[3][2:8]) + line[start + 6 :]
        if len(w) == 7 and w[-1] in _SAP_COLOURS and w[0].endswith(",") and _host_word(w[0][:-1]):
            if all(x.endswith(",") and _digits(x[:-1], 0) for x in w[1:4]):  # hostname, instanceNr, httpPort, httpsPort
                return line[: tokens[0].start()] + self._host(w[0][:-1]) + line[tokens[0].end() - 1 :]
        if len(w) == 4 and w[1:3] == ["has", "address"] and _host_word(w[0]) and _quad(w[3]) and _is_ip(w[3]):
            line = _put(line, tokens[3], self._stand_in("ip", w[3]))  # host(1): "db01.corp.example.com has address"
            return _put(line, tokens[0], self._host(w[0]))
        if len(w) == 2 and w[0] == "Name:" and _host_word(w[1]) and w[1].count(".") >= 2:  # nslookup: a full name
            if re.search("[A-Za-z]", w[1].rstrip(".").rsplit(".", 1)[-1]):
                return _put(line, tokens[1], self._host(w[1]))
        if (
            len(w) >= 3 and w[0] in _SAP_HOST_KEYS and w[1] == "Attribute," and _host_word(w[2])
        ):  # GetInstanceProperties
            return _put(line, tokens[2], self._host(w[2]))
        if len(w) == 3 and w[1] in _SG_STATUS and w[2] in _SG_STATE and _host_word(w[0]):  # cmviewcl: node rows
            return _put(line, tokens[0], self._host(w[0]))
        if len(w) == 5 and w[1] in _SG_STATUS and w[2] in _SG_STATE and w[3] in ("enabled", "disabled"):
            return _put(line, tokens[4], self._host(w[4])) if _host_word(w[4]) else line  # package rows: the node
        if len(w) >= 3 and (w[0] == "default" or _NETWORK.fullmatch(w[0])) and _quad(w[1]):
            if _ROUTE_FLAGS.fullmatch(w[3] if len(w) >= 4 and _quad(w[2]) else w[2]) is not None:
                for k in (1, 0):  # netstat -rn: destination, gateway (Linux: destination, gateway, genmask, flags)
                    if _quad(w[k]) and _is_ip(w[k]) and w[k] != "0.0.0.0" and not w[k].startswith("127."):
                        line = _put(line, tokens[k], self._stand_in("ip", w[k]))
                return line
        for k in range(len(w) - 2, -1, -1):  # ip route: via ADDRESS, src ADDRESS
            if w[k] in ("via", "src") and _quad(w[k + 1]) and _is_ip(w[k + 1]):
                line = _put(line, tokens[k + 1], self._stand_in("ip", w[k + 1]))
        if len(w) == 4 and w[1] == "->" and w[2].startswith("[") and w[2].endswith("]") and len(w[2]) > 2:
            if _host_word(w[0]) and _host_word(w[3]) and _host_word(w[2][1:-1]):  # hdbnsutil: host -> [SITE] host
                line = _put(line, tokens[3], self._host(w[3]))
                site = self._host(w[2][1:-1])
                line = line[: tokens[2].start() + 1] + site + line[tokens[2].end() - 1 :]
                return _put(line, tokens[0], self._host(w[0]))
        for k in range(1, len(w)):  # crm_mon: "Online: [ node1 node2 ]"
            if w[k] == "[" and w[k - 1] in _CRM_STATES:
                end = next((j for j in range(k + 1, len(w)) if w[j] == "]"), -1)
                for j in range(end - 1, k, -1):
                    if _host_word(w[j]):
                        line = _put(line, tokens[j], self._host(w[j]))
                return line
        if len(w) >= 3 and (len(w) + 1) % 4 == 0 and all(w[g + 1] == "-" for g in range(0, len(w), 4)):
            if all(w[g + 3] == "," for g in range(0, len(w) - 3, 4)) and all(
                _upper_zname(w[g]) and _upper_zname(w[g + 2]) for g in range(0, len(w), 4)
            ):  # z/VM q names: "LNXAPP59 - DSC , LNXAPP60 - DSC , TCPIP - DSC"
                for g in range(len(w) - 3, -1, -4):
                    if _ZVM_SERVICE.fullmatch(w[g]) is None:
                        line = _put(line, tokens[g], self._host(w[g]))
                return line
        if len(w) >= 2 and len(w) % 2 == 0 and all(w[i] in _GRS_STATES for i in range(1, len(w), 2)):
            if all(_upper_zname(w[i]) for i in range(0, len(w), 2)):
                for k in range(len(w) - 2, -1, -2):
                    line = _put(line, tokens[k], self._host(w[k]))
        return line

    def _under_header(self, header: str, line: str) -> str:
        """The row under lsattr -EOl's "#pvid:unique_id:..." (values by field name), under cmviewcl's
        "CLUSTER STATUS" (the cluster's name)."""
        if header.startswith("#"):
            fields = header[1:].split(":")
            values = line.rstrip("\r").split(":")
            if len(fields) < 2 or len(values) != len(fields) or not all(re.fullmatch("[a-z_0-9]+", f) for f in fields):
                return line
            for k, (field, value) in enumerate(zip(fields, values, strict=True)):
                if field == "pvid" and _hex(value, 16, 32):
                    values[k] = self._stand_in("pvid", value)
                elif field == "unique_id" and re.fullmatch(r"[A-Za-z0-9-]{8,80}", value, re.A):
                    values[k] = self._stand_in("serial", value)
            return ":".join(values) + line[len(line.rstrip("\r")) :]
        tokens = list(_TOKEN.finditer(line))
        if _TOKEN.findall(header) == ["CLUSTER", "STATUS"] and len(tokens) == 2 and tokens[1].group(0) in _SG_STATUS:
            if _host_word(tokens[0].group(0)):
                return _put(line, tokens[0], self._host(tokens[0].group(0)))
        return line

    def _userids(self, line: str) -> tuple[str, bool]:
        """A row of z/VM user ids under "Authorized userids:" (the service machines TCPIP, DTCVSWn stay); False
        when the line is no such row (the list has ended)."""
        tokens = list(_TOKEN.finditer(line)) if len(line) <= _LONG_LINE else []
        if not tokens or not all(_upper_zname(t.group(0)) for t in tokens):
            return line, False
        for token in reversed(tokens):
            if _ZVM_SERVICE.fullmatch(token.group(0)) is None:
                line = _put(line, token, self._host(token.group(0)))
        return line, True

    def _next_lines(self, text: str) -> str:
        """The output line of ``hostname`` / ``uname -n`` (a host), ``uname -m`` / ``getconf MACHINE_SERIAL``
        (a serial), typed after a prompt on the line before."""
        lines = text.split("\n")
        ends = tuple(command for command, _ in _NEXT_LINE)
        userids = False  # in a VSWITCH's "Authorized userids:" list (rows of user ids)
        for i in range(1, len(lines)):
            before = lines[i - 1].rstrip(" \t\r")
            userids = userids or before.endswith("Authorized userids:")
            if userids:
                lines[i], userids = self._userids(lines[i])
                continue
            if (before.startswith("#") and ":" in before and " " not in before) or before.endswith(" STATUS"):
                lines[i] = self._under_header(before, lines[i])
                continue
            if not before.endswith(ends):
                continue
            kind = next((k for c, k in _NEXT_LINE if before.endswith(c) and _typed(before[: -len(c)])), "")
            value = lines[i].strip(" \t\r")
            if kind == "lpar":  # uname -L: "3 sapprd01_lpar"
                tokens = list(_TOKEN.finditer(lines[i]))
                if len(tokens) == 2 and _digits(tokens[0].group(0), 0) and _host_word(tokens[1].group(0)):
                    lines[i] = _put(lines[i], tokens[1], self._host(tokens[1].group(0)))
                continue
            if not kind or not value or " " in value or "\t" in value:
                continue
            at = lines[i].index(value)
            if kind == "host" and _host_word(value):
                stand_in = self._host(value)
            elif kind == "ip" and _IPV4.fullmatch(value) and _is_ip(value):
                stand_in = self._stand_in("ip", value)
            elif kind == "machine" and _hex(value, 12, 12, upper=True):
                stand_in = self._stand_in("serial", value)
            elif (
                kind == "serial"
                and re.fullmatch(r"[A-Za-z0-9-]{3,80}", value, re.A)
                and any(c.isdigit() for c in value)
            ):
                stand_in = self._stand_in("serial", value)
            else:
                continue
            lines[i] = lines[i][:at] + stand_in + lines[i][at + len(value) :]
        return "\n".join(lines)

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
        if len(line) > _LONG_LINE:  # as _platform: replacing flag by flag would copy the line each time
            return line
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
        if key in _HMC_HOST_KEYS or key in ("hostname", "domain") or (key == "name" and is_system):
            return self._host_list(value)
        if (key == "logical_serial_num" or (row and key == "serial_num")) and re.fullmatch(
            r"[A-Za-z0-9-]{3,40}", value, re.A
        ):
            return self._stand_in("serial", value)
        if "ipaddr" in key or "ipv6" in key or "gateway" in key or "server" in key:
            value = _IPV4.sub(lambda m: self._stand_in("ip", m.group(0)) if _is_ip(m.group(0)) else m.group(0), value)
            return _IPV6.sub(lambda m: self._stand_in("ip6", m.group(0)) if _is_ipv6(m.group(0)) else m.group(0), value)
        return value

    def _line(self, line: str) -> str:
        if _LINE_HINT.search(line) is None:  # no address, WWN nor MAC word: none of the three rules applies
            return line
        if _ADDRESS_LINE.search(line) and not _ATTRIBUTE_LINE.match(line) and not _fileset_row(line):
            line = _IPV4.sub(lambda m: self._stand_in("ip", m.group(0)) if _is_ip(m.group(0)) else m.group(0), line)
        if _WWN_LINE.search(line):
            line = _BARE_WWN.sub(lambda m: self._stand_in("wwpn", m.group(0)), line)
        if _MAC_LINE.search(line):
            line = _BARE_MAC.sub(lambda m: self._stand_in("mac", m.group(0)), line)
        return line

    def _names(self, text: str) -> str:
        """Every whole-word occurrence of a host name, an IPv4 address or a serial (letters and digits, six
        or more) found anywhere (longest first): "64 bytes from 10.1.1.5", a serial quoted in prose; a colour
        code before a name is a word break."""
        table = {
            plain: stand_in
            for (kind, plain), stand_in in self.mapping.items()
            if kind == "ip"
            or (kind == "serial" and len(plain) >= 6 and re.search("[a-z]", plain) and re.search("[0-9]", plain))
        }
        table.update((n, s) for n, s in self._hosts.items() if len(n) >= 3 and not _is_stand_in(n))
        names = sorted(table, key=len, reverse=True)
        if not names:
            return text
        pattern = re.compile(rf"(?<![A-Za-z0-9.-]){_trie(names)}(?![A-Za-z0-9-])", re.I | re.A)

        def line_names(line: str) -> str:
            if "\x1b" not in line or "\x01" in line:
                return pattern.sub(lambda m: _cased(table[m.group(0).casefold()], m.group(0)), line)
            marked = _CONTROL.sub("\\1\x01", line)  # a break after each colour code, taken out again
            return pattern.sub(lambda m: _cased(table[m.group(0).casefold()], m.group(0)), marked).replace("\x01", "")

        return _lines(text, line_names)

    def _domain_names(self, text: str) -> str:
        """Every occurrence of a DNS domain learned from a full name (db01.corp.example.com), also after another
        host (ntp1.corp.example.com): longest first, then in order, each at word bounds ("." may precede)."""
        if not self._domains:
            return text
        order = sorted(self._domains, key=lambda d: (-len(d), d))

        def line_domains(line: str) -> str:
            low = _ascii_lower(line)
            for domain in order:
                at = low.find(domain)
                if at < 0:
                    continue
                out, pos = [], 0
                while at >= 0:
                    before, after = line[at - 1 : at] if at else "", line[at + len(domain) : at + len(domain) + 1]
                    if _alnum(before) or before == "-" or _alnum(after) or after == "-":
                        at = low.find(domain, at + 1)
                        continue
                    out.append(line[pos:at] + self._domains[domain])
                    pos = at + len(domain)
                    at = low.find(domain, pos)
                if out:
                    line = "".join(out) + line[pos:]
                    low = _ascii_lower(line)
            return line

        return _lines(text, line_domains)

    def texts(self, texts: Iterable[str]) -> list[str]:
        return [self.text(t) for t in texts]


def _quad(word: str) -> bool:
    return re.fullmatch(r"[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}", word, re.A) is not None


def _fileset_row(line: str) -> bool:
    """An lslpp row ("bos.net.tcp.server 7.2.5.1 COMMITTED TCP/IP Server", "7.2.5.1 COMMIT COMPLETE ..."): its
    level is no address, though the line says "IP" and "Server"."""
    w = _TOKEN.findall(line, 0, 512)[:3]
    return (len(w) == 3 and _quad(w[1]) and w[2] in _LPP_STATES) or (
        len(w) >= 2 and _quad(w[0]) and w[1] in _LPP_STATES
    )


_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _ascii_lower(text: str) -> str:
    """Lower case for A-Z only (as awk's tolower in the C locale): every position stays where it was."""
    return text.translate(_LOWER)


def _word(c: str) -> bool:
    return _alnum(c) or c == "_"


def _alnum(c: str) -> bool:
    """``c`` is one ASCII letter or digit (as awk's [A-Za-z0-9] in the C locale)."""
    return len(c) == 1 and c.isascii() and c.isalnum()


def _skip_blanks(s: str, i: int) -> int:
    while s[i : i + 1] in (" ", "\t") and i < len(s):
        i += 1
    return i


def _zname(s: str, i: int) -> str:
    """The z/OS or z/VM name (1-8 of A-Z 0-9 @ # $) at ``i``, or "" when none or a longer word is there."""
    j = i
    while j < len(s) and j - i < 9 and s[j] in _ZCH:
        j += 1
    if not 1 <= j - i <= 8 or s[j : j + 1] in ("-", ".", "_"):
        return ""
    return s[i:j]


def _full_zname(word: str) -> bool:
    return _zname(word, 0) == word != ""


def _upper_zname(word: str) -> bool:
    return _full_zname(word) and word.upper() == word and any(c.isalpha() for c in word)


def _digits(word: str, n: int) -> bool:
    """``word`` is ASCII digits (exactly ``n`` of them, or any number when ``n`` is 0)."""
    return word != "" and word.isascii() and word.isdigit() and (n == 0 or len(word) == n)


def _clock(word: str, sep: str, hundredths: bool) -> bool:
    """hh:mm:ss (with ``.th`` when ``hundredths``), or hh.mm.ss."""
    if len(word) != (11 if hundredths else 8) or word[2] != sep or word[5] != sep:
        return False
    if hundredths and word[8] != ".":
        return False
    return all(_digits(word[i : i + 2], 2) for i in ((0, 3, 6, 9) if hundredths else (0, 3, 6)))


def _hex(word: str, least: int, most: int, *, upper: bool = False) -> bool:
    digits = "0123456789ABCDEF" if upper else "0123456789ABCDEFabcdef"
    return least <= len(word) <= most and all(c in digits for c in word)


def _name_ok(word: str) -> bool:
    return re.fullmatch(r"[\w.-]{1,253}", word, re.A) is not None


def _host_word(word: str) -> bool:
    return re.fullmatch(r"[A-Za-z][\w.-]{0,252}", word, re.A) is not None


def _hosts_name(word: str) -> bool:
    """A name on an /etc/hosts line: ``sapdb02-boot``, ``SAPPRD01``, ``HmcFra01.corp.example.com``."""
    return _lower_name(word) or re.fullmatch(r"[A-Za-z][A-Za-z0-9_.-]{2,252}", word, re.A) is not None


def _lower_name(word: str) -> bool:
    return re.fullmatch(r"[a-z0-9][a-z0-9_.-]{0,252}", word, re.A) is not None and re.search("[a-z]", word) is not None


def _run(s: str, i: int) -> str:
    m = re.compile(r"[\w.-]{1,253}", re.A).match(s, i)
    return m.group(0) if m else ""


def _typed(before: str) -> bool:
    """What precedes a command: nothing, a prompt (ending in # $ > %, blanks after it) or a shell trace's "+"."""
    before = before.rstrip(" \t")
    return before == "" or before[-1] in "#$>%" or before in _TRACE


def _put(line: str, token: re.Match[str], value: str) -> str:
    return line[: token.start()] + value + line[token.end() :]


def _trie(names: list[str]) -> str:
    """A pattern for any of ``names``, longest first, as a tree of shared beginnings: matching costs the length of a
    name, not the number of names (an alternation of 60,000 names learned from /etc/hosts took a minute a MB)."""
    root: dict[str, dict] = {}
    for name in names:
        node = root
        for char in name:
            node = node.setdefault(char, {})
        node[""] = {}

    def pattern(node: dict[str, dict]) -> str:
        branches = [re.escape(char) + pattern(child) for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body  # a name may end here: the longer one is tried first

    return "(?:" + pattern(root) + ")"


def _plain(kind: str, value: str) -> str:
    """0x10000090FA1B2C3D, 10:00:00:90:fa:1b:2c:3d and the bare digits are one WWPN (MACs alike)."""
    plain = value.casefold()
    if kind == "mac" and "." in plain:  # AIX netstat -in drops leading zeros: 0.14.5e.c2.1a.b
        plain = "".join(part.zfill(2) for part in plain.split("."))
    if kind in ("wwpn", "mac"):
        plain = plain.removeprefix("0x").replace(":", "").replace("-", "")
    if kind == "pvid" and len(plain) == 32 and plain.endswith("0" * 16):  # lsattr's pvid: lspv's and 16 zeros
        plain = plain[:16]
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
        if "." in value:
            return ".".join(f"{int(pair, 16):x}" for pair in pairs)
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
    if kind == "pvid":  # hex of the same length (lsattr's 32 digits end in 16 zeros as lspv's 16 do not)
        if len(value) == 32 and value.endswith("0" * 16):
            return f"00c0de{n:010x}" + "0" * 16
        return f"00c0de{n:0{len(value) - 6}x}"
    if kind == "domain":  # RFC 2606 reserves .example
        return f"dom{n}.example"
    if kind == "clone":  # SYSCLONE: two characters
        return "Z" + "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[n % 36]
    return f"host{n}"


def _cased(stand_in: str, value: str) -> str:
    """A host stand-in in capitals where the name is written in capitals (z/OS, z/VM: SYSNAME=HOST1)."""
    upper = re.search("[A-Z]", value, re.A) is not None and re.search("[a-z]", value, re.A) is None
    return stand_in.upper() if upper else stand_in
