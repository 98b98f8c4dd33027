"""`vmo -L`: the VMM tunables with current, default, boot, min and max values.

The AME tunables live here (ame_minfree_mem must stay at least 257 KB below
ame_maxfree_mem; ame_mpsize_support selects AME4K or AME64K).  Values keep
the K/M/G/T multipliers of the table expanded (binary), in the row's UNIT;
"n/a" (tunable not active, e.g. AME off) is left out with a warning.
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, Line, Unreadable, as_float, lines_of, multiplied, score
from .base import ParseResult

COMMAND = "vmo -L"
ALIASES = ("vmo -L *", "vmo -F -L", "vmo -F -L *", "vmo -LF", "vmo -FL")

_HEADER = linre.compile(r"^\s*NAME\s+CUR\s+DEF\s+BOOT\s+MIN\s+MAX\s+UNIT\s+TYPE\s*$", linre.I)
_RULE = linre.compile(r"^\s*-{10,}\s*$")
_NAME = linre.compile(r"[a-z][a-z0-9_]*%?")
_TYPES = frozenset("DSRBMICd")
_COLUMNS = ("current", "default", "boot", "min", "max")

_SIGNATURES = [
    linre.compile(_HEADER.pattern, linre.I | linre.M),
    linre.compile(r"^\s*DEPENDENCIES\s*$", linre.M),
    linre.compile(r"^\s*(ame|lru|maxperm|minperm|maxclient|vmm|lgpg|strict)\w*(\s+\S+){6,}\s+[DSRBMICd]\s*$", linre.M),
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 2)


def _value(raw: str) -> int | float | str:
    try:
        return multiplied(raw.lstrip("-")) * (-1 if raw.startswith("-") else 1)
    except Unreadable:
        pass
    try:
        return as_float(raw)
    except Unreadable:
        return raw


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    current: str | None = None
    for line in lines_of(text, COMMAND, detect):
        body = line.text.strip()
        if not body:
            continue
        if _HEADER.match(body) or body.upper() == "DEPENDENCIES" or body.startswith("##"):
            out.known(line)
        elif _RULE.match(body):
            current = None
            out.known(line)
        elif current and _NAME.fullmatch(body):
            out.append(f"tunables.{current}.dependencies", body, line)
        else:
            current = _row(line, out) or current
    return out.finish()


def _row(line: Line, out: Builder) -> str | None:
    """One tunable; the UNIT column is empty for unitless tunables (lgpg_regions ... 8E-1  D)."""
    cells = line.text.split()
    if len(cells) < 7 or not _NAME.fullmatch(cells[0]) or cells[-1] not in _TYPES:
        out.unknown(line)
        return None
    name = cells[0]
    for column, raw in zip(_COLUMNS, cells[1:6], strict=True):
        out.value(f"tunables.{name}.{column}", raw, _value, line)
    if len(cells) > 7:
        out.put(f"tunables.{name}.unit", " ".join(cells[6:-1]), line)
    out.put(f"tunables.{name}.type", cells[-1], line)
    return name
