"""`vmstat -vc` (and `vmstat -v`): VMM counters, with -c the AME compressed pool.

With AME the last lines say whether the target expansion factor is reached
(target vs achieved) and how much true memory the compressed pool takes.
Page counts are 4 KB pages.
"""

from __future__ import annotations

from advisor import linre

from ._counters import parse_counters
from ._text import score
from .base import ParseResult

COMMAND = "vmstat -vc"
ALIASES = ("vmstat -v", "vmstat -cv")

LABELS = (
    "memory pages",
    "lruable pages",
    "free pages",
    "memory pools",
    "pinned pages",
    "maxpin percentage",
    "minperm percentage",
    "maxperm percentage",
    "numperm percentage",
    "file pages",
    "compressed percentage",
    "compressed pages",
    "numclient percentage",
    "maxclient percentage",
    "client pages",
    "remote pageouts scheduled",
    "pending disk I/Os blocked with no pbuf",
    "paging space I/Os blocked with no psbuf",
    "filesystem I/Os blocked with no fsbuf",
    "client filesystem I/Os blocked with no fsbuf",
    "external pager filesystem I/Os blocked with no fsbuf",
    "Compressed Pool Size",
    "percentage of true memory used for compressed pool",
    "free pages in compressed pool (4K pages)",
    "target memory expansion factor",
    "achieved memory expansion factor",
    "percentage of memory used for computational pages",
)
UNITS = {"Compressed Pool Size": "compressed_pool_size_pages"}

_SIGNATURES = [linre.compile(rf"^\s*[\d.,]+\s+{linre.escape(label)}\s*$", linre.M | linre.I) for label in LABELS]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 3)


def parse(text: str) -> ParseResult:
    return parse_counters(text, COMMAND, detect, LABELS, UNITS)
