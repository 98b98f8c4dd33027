"""`ioslevel`: the Virtual I/O Server level (e.g. 2.2.2.0, 3.1.4.10)."""

from __future__ import annotations

from advisor import linre

from ._text import Builder, clean, lines_of
from .base import ParseResult

COMMAND = "ioslevel"

_LEVEL = linre.compile(r"^\s*(\d+(?:\.\d+){2,3})\s*$")


def detect(text: str) -> float:
    """A lone level line of the VIOS series (1.x to 4.x); AIX's own levels start at 5."""
    rows = [r for r in clean(text).splitlines() if r.strip()]
    if not rows or len(rows) > 3:
        return 0.0
    levels = [r for r in rows if _LEVEL.match(r) and r.strip()[0] in "1234"]
    return 0.6 / len(rows) if levels else 0.0


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    for line in lines_of(text, COMMAND, detect):
        m = _LEVEL.match(line.text)
        if m and not out.has("ioslevel"):
            out.put("ioslevel", m.group(1), line)
            out.put("ioslevel_parts", [int(p) for p in m.group(1).split(".")], line)
        elif line.text.strip():
            out.unknown(line)
    return out.finish()
