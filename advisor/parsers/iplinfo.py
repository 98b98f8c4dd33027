"""`D IPLINFO` (z/OS): message IEE254I, how and from what the system was IPLed.

    IEE254I  09.41.20 IPLINFO DISPLAY 114
     SYSTEM IPLED AT 02.00.11 ON 10/19/2026
     RELEASE z/OS 03.01.00    LICENSE = z/OS
     USED LOADP2 IN SYS1.IPLPARM ON 0D20
     ARCHLVL = 2   MTLSHARE = N
     IEASYM LIST = (00,P2,L)
     IEASYS LIST = (00,P2) (OP)
     IODF DEVICE: ORIGINAL(0D20) CURRENT(0D20)
     IPL DEVICE: ORIGINAL(1A00) CURRENT(1A00) VOLUME(ZOS31A)

``release`` as printed (``z/OS 03.01.00``) and ``version`` (``3.1``: version and release without their
leading zeros), ``ipl_time``, ``ipl_date``, ``license``, ``load_member``, ``ieasys_list``,
``ieasym_list``; the other lines (devices, ARCHLVL) are recognised and not kept.
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, as_str, lines_of, score
from .base import ParseResult

COMMAND = "D IPLINFO"
ALIASES = ("DISPLAY IPLINFO", "D IPLINFO *")

_MESSAGE = linre.compile(r"\b(IEE254I)\s+(\d\d\.\d\d\.\d\d)\s+IPLINFO DISPLAY\b")
_ECHO = linre.compile(r"^\s*-?\s*D(?:ISPLAY)?\s+IPLINFO\b", linre.I)
_IPLED = linre.compile(r"^\s*SYSTEM IPLED AT\s+(\d\d\.\d\d\.\d\d)\s+ON\s+(\d\d/\d\d/\d{4})\s*$")
_RELEASE = linre.compile(r"^\s*RELEASE\s+(z/OS\s+(\d\d)\.(\d\d)\.\d\d)(?:\s+LICENSE\s*=\s*(\S+))?\s*$")
_LOAD = linre.compile(r"^\s*USED\s+(LOAD\w{2})\s+IN\s+\S+")
_LIST = linre.compile(r"^\s*(IEASYS|IEASYM)\s+LIST\s*=\s*(.*?)\s*$")
_OTHER = linre.compile(r"^\s*(?:ARCHLVL|IODF DEVICE|IPL DEVICE|USED\s|(?:IEASYS|IEASYM)\s+LIST)")
_SIGNATURES = [
    linre.compile(r"\bIEE254I\b.{0,40}\bIPLINFO DISPLAY\b"),
    linre.compile(r"^\s*(?:SYSTEM IPLED AT|RELEASE z/OS|IPL DEVICE:)", linre.M),
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 2)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    for line in lines_of(text, COMMAND, detect):
        body = line.text.strip()
        if not body:
            continue
        if m := _MESSAGE.search(body):
            out.put("message_id", m.group(1), line)
            out.put("time", m.group(2), line)
        elif _ECHO.match(body):
            out.known(line)
        elif m := _IPLED.match(body):
            out.put("ipl_time", m.group(1), line)
            out.put("ipl_date", m.group(2), line)
        elif m := _RELEASE.match(body):
            out.value("release", m.group(1), as_str, line)
            if not line.cut:
                out.put("version", f"{int(m.group(2))}.{int(m.group(3))}", line)
            if m.group(4):
                out.put("license", m.group(4), line)
        elif m := _LOAD.match(body):
            out.put("load_member", m.group(1), line)
        elif m := _LIST.match(body):
            out.value(f"{m.group(1).lower()}_list", m.group(2), as_str, line)
        elif _OTHER.match(body):
            out.known(line)
        else:
            out.unknown(line)
    return out.finish()
