"""`D VIRTSTOR,LFAREA` (z/OS): message IAR019I, how the large frame area is used.

A high "MAX LFAREA ALLOCATED (4K)" means fixed large frames were broken up
for 4K requests: LFAREA too big for the memory, or memory too small.  Sizes
are converted to MB; z/OS 2.1 and later print the 1M and 2G parts of a figure
side by side ("1024M , 4G"), the second becomes the key's ``_2g_mb`` twin.
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, Line, ahead, as_int, as_str, lines_of, score, size_in, snake
from .base import ParseError, ParseResult

COMMAND = "D VIRTSTOR,LFAREA"
ALIASES = ("DISPLAY VIRTSTOR,LFAREA", "D VIRTSTOR,LFAREA *")

MB = size_in("mb")
_MESSAGE = linre.compile(r"\b(IAR019I)\s+(\d\d\.\d\d\.\d\d)\b")
_ECHO = linre.compile(r"^\s*(-\s*)?D(ISPLAY)?\s+VIRTSTOR\b", linre.I)
_ROW = linre.compile(r"^\s*([A-Z][A-Z0-9 ()/]*?)\s*=\s*(.*?)\s*$")

# A SYSLOG / OPERLOG copy (SDSF LOG) puts each line behind its record type, system, date, time, job and flags:
#   MR0000000 SYSB     26328 11:32:07.13 TSOADM1  00000090  IAR019I  11.32.07 DISPLAY VIRTSTOR 466
#   DR                                            466 00000090  SOURCE = 00
# the message text is what follows the 8 hex digits of the flags; the lines of one message carry its number (466)
# before them, and other messages' lines may come between: those are no part of it.
_SYSLOG = linre.compile(r"^[NMDELWOX][CRI ]?\S{0,7}\s(.{0,64}?)\s[0-9A-F]{8} {1,2}(\S.*)$")
_REST = linre.compile(r"^(?:[\d.,]|[KMGT](?:[\s,]|$))")
_PREFIX = linre.compile(r"^[NMDELWOX][CRI ]?\S{0,7}\s.{0,64}?\s[0-9A-F]{8}\s*$")
_NUMBER = linre.compile(r"\bDISPLAY VIRTSTOR\s+(\d{1,8})\b")
_SIGNATURES = [
    linre.compile(r"\bIAR019I\b"),
    linre.compile(r"^(?:\s*|[NMDELWOX].{0,80}?\s[0-9A-F]{8} {1,2})(MAX )?LFAREA ALLOCATED\b", linre.M),
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 2)


def _cut(following: Line, logged: bool) -> bool:
    """``following`` is the rest of the line before, broken by a terminal or a mail program: after a SYSLOG
    line, any line without the record's prefixes; after a console line, one that starts inside a size
    ("48M , 0G", "M , 4G", ", 0G")."""
    if logged:
        return not _SYSLOG.match(following.text)
    return bool(_REST.match(following.text.strip()))


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    number: str | None = None  # the message's number, in a SYSLOG copy
    rest: str | None = None  # this line is the rest of the one before, which a wrap broke: what to say of it
    for line, following in ahead(lines_of(text, COMMAND, detect)):
        if not line.text.strip():
            continue
        if rest is not None:
            out.warn(line, rest) if rest else out.known(line)
            rest = None
            continue
        logged = _SYSLOG.match(line.text)
        if following is not None and _PREFIX.match(line.text):  # the prefixes alone, the message text below
            logged, rest = _SYSLOG.match(f"{line.text.rstrip()}  {following.text.strip()}"), ""
        elif following is not None and _cut(following, logged is not None):
            whole = (logged.group(2) if logged else line.text) + following.text  # a message's first line, glued
            message, shown = _MESSAGE.search(whole), _NUMBER.search(whole)
            if message and shown:  # "... IAR019I  09.02.17 DIS" / "PLAY VIRTSTOR 118": read whole
                out.put("message_id", message.group(1), line)
                out.put("time", message.group(2), line)
                number = shown.group(1) if logged else number
                rest = ""
            else:
                out.warn(line, "the line is wrapped inside its value (it goes on below); left out")
                rest = "the rest of the line before, wrapped: skipped"
            continue
        body = logged.group(2) if logged else line.text
        message = _MESSAGE.search(body)
        row = _ROW.match(body)
        if logged and message:
            shown = _NUMBER.search(body)
            number = shown.group(1) if shown else None
        elif logged and row and number is not None and logged.group(1).split()[-1:] != [number]:
            out.unknown(line, f"a line of another message than IAR019I {number}; skipped")
            continue
        if message:
            out.put("message_id", message.group(1), line)
            out.put("time", message.group(2), line)
        elif _ECHO.match(body):
            out.known(line)
        elif row and "SHARED" in row.group(1):  # IAR019I answers D VIRTSTOR,HVSHARE too: its SOURCE is not LFAREA's
            raise ParseError(f"{COMMAND}: this is D VIRTSTOR,HVSHARE output (the shared area), not LFAREA")
        elif row and row.group(1) == "SOURCE":
            out.value("source", row.group(2), as_str, line)
        elif row and "NUMBER OF" in row.group(1):
            out.value(snake(row.group(1)), row.group(2), as_int, line)
        elif row:
            key = snake(row.group(1))
            first, _, second = row.group(2).partition(",")
            out.value(f"{key}_mb", first, MB, line)
            if second.strip():
                out.value(f"{key}_2g_mb", second, MB, line)
        else:
            out.unknown(line)
    return out.finish()
