"""`ioslevel`: the Virtual I/O Server level (e.g. 2.2.2.0, 3.1.4.10)."""

from __future__ import annotations

import re

from ._text import Builder, clean, lines_of
from .base import ParseResult

COMMAND = "ioslevel"
ALIASES = ("ioscli ioslevel",)

_LEVEL = re.compile(r"^\s*(\d+(?:\.\d+){2,3})\s*$")


def detect(text: str) -> float:
    rows = [r for r in clean(text).splitlines() if r.strip()]
    return 0.6 if len(rows) == 1 and _LEVEL.match(rows[0]) and rows[0].strip()[0] in "1234" else 0.0


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    for line in lines_of(text, COMMAND):
        m = _LEVEL.match(line.text)
        if m and not out.has("ioslevel"):
            out.put("ioslevel", m.group(1), line)
            out.put("ioslevel_parts", [int(p) for p in m.group(1).split(".")], line)
        elif line.text.strip():
            out.unknown(line)
    return out.finish()
