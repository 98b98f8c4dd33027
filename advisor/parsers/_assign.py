"""'name = value' listings printed by `vmo -o`, `schedo -o` and their -a forms."""

from __future__ import annotations

import re

from ._text import Builder, Unreadable, as_number, lines_of
from .base import ParseResult

ROW = re.compile(r"^\s*([A-Za-z][\w.]*%?)\s*=\s*(.*?)\s*$")


def _value(raw: str) -> int | float | str:
    try:
        return as_number(raw)
    except Unreadable:
        return raw


def parse_assignments(text: str, command: str) -> ParseResult:
    out = Builder(command)
    for line in lines_of(text, command):
        if not line.text.strip():
            continue
        if line.text.lstrip().startswith("##"):
            out.known(line)
            continue
        m = ROW.match(line.text)
        if m:
            out.value(m.group(1), m.group(2), _value, line)
        else:
            out.unknown(line)
    return out.finish()


def known_names_score(text: str, names: re.Pattern[str]) -> float:
    """High when every line is an assignment and one names a tunable of this command."""
    rows = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("##")]
    if not rows or not all(ROW.match(r) for r in rows):
        return 0.0
    return 0.9 if any(names.match(ROW.match(r).group(1)) for r in rows) else 0.2
