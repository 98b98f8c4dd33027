"""HP-UX `swapinfo -tam` (also -ta, -tag): swap devices, file system swap and pseudo-swap.

                 Mb      Mb      Mb   PCT  START/      Mb
    TYPE      AVAIL    USED    FREE  USED   LIMIT RESERVE  PRI  NAME
    dev        8192       0    8192    0%       0       -    1  /dev/vg00/lvol2
    localfs    2048       0    2048    0%    2048       0   10  /swapfs
    reserve       -    4562   -4562
    memory    65214   12345   52869   19%
    total     75454   16907   58547   22%       -       0    -

The unit comes from the first header line (Kb without -m, Mb with -m, Gb with -g): a table whose
unit line is missing is refused rather than read in a guessed unit.  ``areas``: one row per dev /
fs / localfs / network line (``type``, ``avail_mb``, ``used_mb``, ``name``); ``memory_mb`` is the
pseudo-swap line, kept apart because it is not configured swap; ``total_avail_mb`` is the total line's
AVAIL (of the areas and pseudo-swap), which tells whether a pasted table lost rows.
"""

from __future__ import annotations

import functools

from advisor import linre

from ._text import Builder, Unreadable, as_int, lines_of, score
from .base import ParseResult

COMMAND = "swapinfo -tam"
ALIASES = ("swapinfo", "swapinfo *")

_UNITS = linre.compile(r"^\s*(Kb|Mb|Gb)\s+(Kb|Mb|Gb)\s+(Kb|Mb|Gb)\s+PCT\b")
_HEADER = linre.compile(r"^\s*TYPE\s+AVAIL\s+USED\s+FREE\s+USED\b")
_ROW = linre.compile(r"^\s*(dev|fs|localfs|network|remfs|reserve|memory|total)\s+(\S+)\s+(\S+)\s+(\S+)(?:\s+(.*))?$")
_TO_MB = {"Kb": 1 / 1024, "Mb": 1.0, "Gb": 1024.0}
AREAS = ("dev", "fs", "localfs", "network", "remfs")

_SIGNATURES = [
    linre.compile(r"^\s*TYPE\s+AVAIL\s+USED\s+FREE\b", linre.M),
    linre.compile(r"^\s*(?:dev|localfs|memory|total)\s+\d+\s+\d+\s+-?\d+", linre.M),
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 2)


def _mb(raw: str, factor: float) -> float:
    value = as_int(raw) * factor
    return int(value) if float(value).is_integer() else round(value, 3)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    factor: float | None = None
    for line in lines_of(text, COMMAND, detect):
        body = line.text.strip()
        if not body:
            continue
        units = _UNITS.match(line.text)
        row = _ROW.match(line.text)
        if units:
            factor = _TO_MB[units.group(1)]
            out.put("unit", units.group(1), line)
        elif _HEADER.match(line.text):
            out.known(line)
        elif row and factor is None:
            out.warn(line, "no Kb/Mb/Gb header line above the table: the unit is unknown; skipped")
        elif row and row.group(1) == "total" and factor is not None and row.group(2) != "-":
            out.value("total_avail_mb", row.group(2), functools.partial(_mb, factor=factor), line)
        elif row and row.group(1) in ("reserve", "total"):
            out.known(line)
        elif row and factor is not None:
            try:
                avail, used = _mb(row.group(2), factor), _mb(row.group(3), factor)
            except Unreadable as err:
                out.warn(line, f"{row.group(1)}: cannot read {row.group(2)!r} / {row.group(3)!r} ({err}); skipped")
                continue
            if row.group(1) == "memory":
                out.put("memory_mb", avail, line)
                continue
            rest = (row.group(5) or "").split()
            name = rest[-1] if rest and rest[-1].startswith("/") else None
            out.put_row("areas", {"type": row.group(1), "avail_mb": avail, "used_mb": used, "name": name}, line)
        else:
            out.unknown(line)
    return out.finish()
