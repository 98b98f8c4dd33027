"""z/VM `QUERY MULTITHREAD` (from a Linux guest: `vmcp q multithread`): whether z/VM runs with SMT.

    Multithreading is enabled
    Multithreading is disabled
    The Multithreading Facility is not installed.

``multithreading``: ``enabled`` / ``disabled`` / ``not installed``, from the status sentence.  The
per-type thread table that follows an "enabled" answer (TYPE, CP, IFL, ZIIP, MAX_THREADS rows) is
recognised and not kept.
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, lines_of, score
from .base import ParseResult

COMMAND = "vmcp q multithread"
ALIASES = ("vmcp q mt", "vmcp query multithread", "q multithread", "query multithread", "cp q multithread")

_STATUS = linre.compile(r"^\s*Multithreading is (enabled|disabled)\b", linre.I)
_MISSING = linre.compile(r"^\s*The Multithreading Facility is not installed", linre.I)
_TABLE = linre.compile(r"^\s*(?:TYPE|CP|IFL|ZIIP|ICF|ALL|MAX_THREADS|MAXIMUM|ACTIVATED|THREADS)\b", linre.I)
_SIGNATURES = [
    linre.compile(r"^\s*(?:Multithreading is (?:enabled|disabled)|The Multithreading Facility)", linre.M | linre.I)
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 1)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    for line in lines_of(text, COMMAND, detect):
        if not line.text.strip():
            continue
        if m := _STATUS.match(line.text):
            out.put("multithreading", m.group(1).lower(), line)
        elif _MISSING.match(line.text):
            out.put("multithreading", "not installed", line)
        elif out.has("multithreading") and _TABLE.match(line.text):
            out.known(line)
        else:
            out.unknown(line)
    return out.finish()
