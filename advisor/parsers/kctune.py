"""HP-UX 11i v3 `kctune`: kernel tunables with value, expression and when changes apply.

numa_policy (1 keeps SAP shared memory in cell local memory), the file
cache bounds (filecache_min/max; above 3 % of memory is too much for SAP) and
the page-size tunables are read from here.
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, as_int, lines_of, score
from .base import ParseResult

COMMAND = "kctune"
ALIASES = ("kctune *",)

_HEADER = linre.compile(r"^\s*Tunable\s+Value\s+Expression(\s+Changes)?\s*$", linre.I)
_ROW = linre.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s+(\S+)(?:\s+(.*?))?\s*$")
_CHANGES = frozenset({"Immed", "Auto"})

_SIGNATURES = [
    linre.compile(_HEADER.pattern, linre.I | linre.M),
    linre.compile(
        r"^\s*(numa_policy|filecache_m(ax|in)|base_pagesize|vps_ceiling|swchunk|maxdsiz_64bit)\s+\d+", linre.M
    ),
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 2)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    header = False
    for line in lines_of(text, COMMAND, detect):
        body = line.text.strip()
        if not body:
            continue
        row = _ROW.match(body)
        if _HEADER.match(body):
            header = True
            out.known(line)
        elif header and row:
            name, raw, rest = row.group(1), row.group(2), (row.group(3) or "").split()
            out.value(f"tunables.{name}.value", raw, as_int, line)
            if rest and rest[-1] in _CHANGES:
                out.put(f"tunables.{name}.changes", rest.pop(), line)
            if rest:
                out.put(f"tunables.{name}.expression", " ".join(rest), line)
        else:
            out.unknown(line, "line not in the Tunable/Value/Expression table; skipped")
    return out.finish()
