"""`lparstat -c INTERVAL COUNT`: AME samples (%xcpu, xphysc, dxm).

dxm is the AME memory deficit.  IBM's lparstat documentation and the 2023
SAP planning guide give it in MB (the 2013 Redbook calls it a count of 4 KB
pages); the key follows the command documentation: ``dxm_mb``.  On a partition
without AME the command prints a refusal instead of samples, which is itself
the fact that matters (``ame_enabled: false``).
"""

from __future__ import annotations

from advisor import linre

from ._columns import column_key, read_row
from ._sysconfig import BANNER, read_banner, read_held_banner
from ._text import Builder, Line, as_number, lines_of, score
from .base import ParseResult

COMMAND = "lparstat -c"
ALIASES = ("lparstat -c *",)

_NOT_AME = linre.compile(r"not running in AME (memory )?mode", linre.I)
_HEADER = linre.compile(r"^\s*%user\s+%sys\b.*\bdxm\b", linre.I)
_RULE = linre.compile(r"^[\s-]+$")
_RENAME = {"dxm": "dxm_mb", "lbusy": "lbusy_pct"}

_SIGNATURES = [
    _NOT_AME,
    linre.compile(r"^\s*%user\s+%sys.*%xcpu\s+xphysc\s+dxm\s*$", linre.M | linre.I),
    linre.compile(r"^\s*System configuration:.*\bmmode=\S+.*\btmem=", linre.M | linre.I),
]


def detect(text: str) -> float:
    if _NOT_AME.search(text):
        return 1.0
    return score(text, _SIGNATURES[1:], 1)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    keys: list[str] = []
    banner: Line | None = None  # held until the next text line shows whether a terminal wrapped it
    for line in lines_of(text, COMMAND, detect):
        if not line.text.strip():
            continue
        if banner is not None:
            rest_of_banner = read_held_banner(banner, line, out)
            banner = None
            if rest_of_banner:
                continue
        if _NOT_AME.search(line.text):
            out.put("ame_enabled", False, line)
        elif BANNER.match(line.text):
            banner = line
        elif _HEADER.match(line.text):
            keys = [_RENAME.get(c, column_key(c)) for c in line.text.split()]
            out.put("ame_enabled", True, line)
        elif _RULE.match(line.text):
            out.known(line)
        elif keys and linre.match(r"^\s*[\d.,-]", line.text):
            read_row(line, keys, as_number, out, "samples")
        else:
            out.unknown(line)
    if banner is not None:
        read_banner(banner, out)
    return out.finish()
