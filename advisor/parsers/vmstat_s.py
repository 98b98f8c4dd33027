"""`vmstat -sc` (and `vmstat -s`): cumulative event counters since boot.

With AME (-c) the compressed pool page-ins and page-outs show whether the
pool is thrashing, the early sign of a too-high expansion factor.
"""

from __future__ import annotations

from advisor import linre

from ._counters import parse_counters
from ._text import score
from .base import ParseResult

COMMAND = "vmstat -sc"
ALIASES = ("vmstat -s", "vmstat -cs")

LABELS = (
    "total address trans. faults",
    "page ins",
    "page outs",
    "paging space page ins",
    "paging space page outs",
    "total reclaims",
    "zero filled pages faults",
    "executable filled pages faults",
    "pages examined by clock",
    "revolutions of the clock hand",
    "pages freed by the clock",
    "backtracks",
    "free frame waits",
    "extend XPT waits",
    "pending I/O waits",
    "start I/Os",
    "iodones",
    "cpu context switches",
    "device interrupts",
    "software interrupts",
    "decrementer interrupts",
    "mpc-sent interrupts",
    "mpc-receive interrupts",
    "phantom interrupts",
    "traps",
    "syscalls",
    "compressed pool page ins",
    "compressed pool page outs",
)

_SIGNATURES = [linre.compile(rf"^\s*\d+\s+{linre.escape(label)}\s*$", linre.M | linre.I) for label in LABELS]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 3)


def parse(text: str) -> ParseResult:
    return parse_counters(text, COMMAND, detect, LABELS)
