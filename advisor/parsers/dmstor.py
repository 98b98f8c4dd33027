"""`D M=STOR` (z/OS): message IEE174I, the real storage the system has online.

    IEE174I 14.02.55 DISPLAY M 381
    REAL STORAGE STATUS
    ONLINE-NOT RECONFIGURABLE
        0M-65536M
    ONLINE-RECONFIGURABLE
        NONE
    PENDING OFFLINE
        NONE
    0M IN OFFLINE STORAGE ELEMENT(S)
    0M UNASSIGNED STORAGE
    STORAGE INCREMENT SIZE IS 512M

Each section lists address ranges (``start-end``, the end not included) or ``NONE``.  Kept in MB:
``online_not_reconfigurable_mb``, ``online_reconfigurable_mb``, ``pending_offline_mb`` (the sums of their
ranges), ``offline_mb``, ``unassigned_mb``, ``increment_mb``; and ``online_mb``, the two online sections
together, only when the message is whole (it ends with the increment line) and nothing is pending offline:
a copy cut short may have lost ranges, and storage pending offline is about to leave.
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, Line, Unreadable, lines_of, score, size_in
from .base import ParseResult

COMMAND = "D M=STOR"
ALIASES = ("DISPLAY M=STOR", "D M=STOR *", "D M=STORAGE", "DISPLAY M=STORAGE")

MB = size_in("mb", whole=True)
_MESSAGE = linre.compile(r"\b(IEE174I)\s+(\d\d\.\d\d\.\d\d)\s+DISPLAY\s+M\b")
_ECHO = linre.compile(r"^\s*-?\s*D(?:ISPLAY)?\s+M=STOR", linre.I)
_SECTIONS = {
    "REAL STORAGE STATUS": None,
    "ONLINE-NOT RECONFIGURABLE": "online_not_reconfigurable_mb",
    "ONLINE-RECONFIGURABLE": "online_reconfigurable_mb",
    "PENDING OFFLINE": "pending_offline_mb",
}
_RANGE = linre.compile(r"^\s*(\d+[KMGT])\s*-\s*(\d+[KMGT])\s*$")
_NONE = linre.compile(r"^\s*NONE\s*$")
_AMOUNT = linre.compile(r"^\s*(\d+[KMGT])\s+(IN OFFLINE STORAGE ELEMENT\(S\)|UNASSIGNED STORAGE)\s*$")
_INCREMENT = linre.compile(r"^\s*STORAGE INCREMENT SIZE IS\s+(\d+[KMGT])\s*$")
_SIGNATURES = [
    linre.compile(r"\bIEE174I\b.{0,40}\bDISPLAY\s+M\b"),
    linre.compile(r"^\s*(?:REAL STORAGE STATUS|ONLINE-NOT RECONFIGURABLE|STORAGE INCREMENT SIZE IS)", linre.M),
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 2)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    section: str | None = None
    sums: dict[str, float] = {}
    first: dict[str, Line] = {}  # the section's title line: provenance of its sum
    unread: set[str] = set()  # sections with a line that could not be read: no sum
    listed: set[str] = set()  # sections with a range or NONE under their title
    closed: set[str] = set()  # sections whose end was seen (the next title or line): a cut copy ends in one
    for line in lines_of(text, COMMAND, detect):
        body = line.text.strip()
        if not body:
            continue
        if section is not None and section in listed and not _RANGE.match(body) and not _NONE.match(body):
            closed.add(section)
        if m := _MESSAGE.search(body):
            out.put("message_id", m.group(1), line)
            out.put("time", m.group(2), line)
        elif _ECHO.match(body):
            out.known(line)
        elif body in _SECTIONS:
            section = _SECTIONS[body]
            if section is not None:
                first[section] = line
                sums.setdefault(section, 0)
            out.known(line)
        elif section is not None and _NONE.match(body):
            listed.add(section)
            out.known(line)
        elif section is not None and (m := _RANGE.match(body)):
            listed.add(section)
            try:
                sums[section] += _size(m.group(2), line) - _size(m.group(1), line)
                out.known(line)
            except Unreadable as err:
                unread.add(section)
                out.warn(line, f"{section}: cannot read the range ({err}); its sum left out")
        elif m := _AMOUNT.match(body):
            section = None
            key = "offline_mb" if "OFFLINE" in m.group(2) else "unassigned_mb"
            out.value(key, m.group(1), MB, line)
        elif m := _INCREMENT.match(body):
            section = None
            out.value("increment_mb", m.group(1), MB, line)
        else:
            section = None
            out.unknown(line)
    unread |= set(sums) - closed  # a section the copy stops in may have lost ranges
    for key, total in sums.items():
        if key in unread:
            continue
        out.put(key, int(total) if float(total).is_integer() else total, first[key])
    _online(out, sums, unread, first)
    return out.finish()


def _size(raw: str, line: Line) -> float:
    if line.cut:
        raise Unreadable("the output ends inside this line")
    return float(MB(raw))


def _online(out: Builder, sums: dict[str, float], unread: set[str], first: dict[str, Line]) -> None:
    """``online_mb``: both online sections read, nothing pending offline, and the message ends whole."""
    online = ("online_not_reconfigurable_mb", "online_reconfigurable_mb")
    if not all(key in sums and key not in unread for key in online) or not out.has("increment_mb"):
        if online[0] in first:
            out.warn(first[online[0]], "online_mb: the message is not whole (a section or its last line is missing)")
        return
    if sums.get("pending_offline_mb"):
        out.warn(first["pending_offline_mb"], "online_mb: storage is pending offline; left out")
        return
    total = sums[online[0]] + sums[online[1]]
    out.put("online_mb", int(total) if total.is_integer() else total, first[online[0]])
