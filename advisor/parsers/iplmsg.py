"""z/OS IPL messages about real storage and the large frame area: IAR040I and IAR048I, as a console or SYSLOG copy
shows them (admins quote them from the IPL; D VIRTSTOR,LFAREA is the command that shows the area later).

    IAR040I REAL STORAGE AMOUNTS: 105
      TOTAL AVAILABLE ONLINE: 12G
        LFAREA LIMIT FOR xM, xG, OR xT      : 7782M
        LFAREA LIMIT FOR SUM OF 1M= AND 2G= : 6553M
        LFAREA LIMIT FOR 2GB PAGES FOR 2G=  : 0 (NOT SUPPORTED)
    IAR048I LFAREA=(1M=(15%,0%),NOPROMPT) WAS PROCESSED WHICH RESULTED IN
    1228 1MB PAGES AND 0 2GB PAGES.

``online_mb``: IAR040I's TOTAL AVAILABLE ONLINE (the online real storage at IPL) in MB, read only with its
unit (``12`` cut from ``12288M`` has none) and after the IAR040I line.  From IAR048I: ``lfarea``, the
LFAREA parameter as processed, whole (its parentheses balanced, ``WAS PROCESSED`` after it on the same
line); ``lfarea_specified`` false for ``LFAREA WAS NOT SPECIFIED``; ``lfarea_canceled`` for ``LFAREA WAS
CANCELED`` (the operator's empty reply to the prompt).  The limits and the page counts are recognised and
not kept.  Lines may carry a SYSLOG prefix before the message id.
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, Line, Unreadable, lines_of, score, size_in
from .base import ParseResult

COMMAND = "IAR040I/IAR048I"
ALIASES = ("IAR040I*", "IAR048I*", "IPL messages*")

MB = size_in("mb", whole=True)
_IAR040I = linre.compile(r"\bIAR040I\s+REAL STORAGE AMOUNTS\b")
_ONLINE = linre.compile(r"\bTOTAL AVAILABLE ONLINE\s*:\s*(\S{1,40})")
_AMOUNT = linre.compile(r"\d{1,9}[MGT]")
_LIMIT = linre.compile(r"\bLFAREA LIMIT FOR\b")
_IAR048I = linre.compile(
    r"\bIAR048I\s+(?:(LFAREA=\S{1,200})\s+WAS PROCESSED|LFAREA WAS (NOT SPECIFIED|CANCELED))\b(.*)$"
)
_PAGES = linre.compile(r"\d 1MB PAGES? AND \d{1,9} 2GB PAGES?\b")
_SIGNATURES = [
    linre.compile(r"\bIAR040I\s+REAL STORAGE AMOUNTS\b"),
    linre.compile(r"\bIAR048I\s+LFAREA\b"),
    linre.compile(r"\bTOTAL AVAILABLE ONLINE\s*:"),
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 2)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    in_iar040i = False
    for line in lines_of(text, COMMAND, detect):
        body = line.text.strip()
        if not body:
            continue
        known = False
        if _IAR040I.search(body):  # a console copy wrapped by a terminal may hold the next line too
            in_iar040i = known = True
        if in_iar040i and (m := _ONLINE.search(body)):
            _online(out, line, m.group(1))
            known = True
        if m := _IAR048I.search(body):
            in_iar040i, known = False, True
            _iar048i(out, line, m.group(1), m.group(2))
        if known or _LIMIT.search(body) or _PAGES.search(body):
            out.known(line)
        else:
            out.unknown(line)
    return out.finish()


def _online(out: Builder, line: Line, raw: str) -> None:
    if line.cut or not _AMOUNT.fullmatch(raw):
        out.warn(line, f"TOTAL AVAILABLE ONLINE {raw!r}: no whole amount with its unit (cut?); left out")
        return
    try:
        out.put("online_mb", MB(raw), line)
    except Unreadable as err:
        out.warn(line, f"TOTAL AVAILABLE ONLINE {raw!r}: {err}; left out")


def _iar048i(out: Builder, line: Line, spec: str | None, state: str | None) -> None:
    if spec is None:
        out.put("lfarea_specified" if state == "NOT SPECIFIED" else "lfarea_canceled", state != "NOT SPECIFIED", line)
    elif spec.count("(") != spec.count(")") or line.cut:
        out.warn(line, f"IAR048I {spec!r}: the parameter is not whole (its parentheses do not close); left out")
    else:
        out.put("lfarea", spec, line)
