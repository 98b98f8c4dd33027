"""'<number> <label>' listings: vmstat -v and vmstat -s.

The set of counters changes with every AIX level, so a label we have not
listed still gets a key, derived from the label by fixed rules ('maxpin
percentage' -> 'maxpin_pct'), as long as the text is recognisably the
command's output (the caller's detect finds its listed labels).
"""

from __future__ import annotations

from collections.abc import Callable

from advisor import linre

from ._text import Builder, as_number, lines_of, norm_label, snake
from .base import ParseResult

ROW = linre.compile(r"^\s*([+-]?\d+(?:[.,]\d+)?)\s+(\S.*?)\s*$")


def counter_key(label: str) -> str:
    label = linre.sub(r"\([^)]*\)", " ", label)
    if linre.search(r"\bpercentage\b", label, linre.I):
        label = linre.sub(r"\bpercentage( of)?\b", " ", label, flags=linre.I)
        return f"{snake(label)}_pct"
    return snake(label)


def parse_counters(
    text: str,
    command: str,
    detect: Callable[[str], float],
    labels: tuple[str, ...],
    keys: dict[str, str] | None = None,
) -> ParseResult:
    """``labels`` identify the command; ``keys`` name counters whose unit the label omits."""
    out = Builder(command)
    listed = {norm_label(label): counter_key(label) for label in labels}
    listed.update({norm_label(label): key for label, key in (keys or {}).items()})
    for line in lines_of(text, command, detect):
        if not line.text.strip():
            continue
        m = ROW.match(line.text)
        if not m:
            out.unknown(line)
            continue
        key = listed.get(norm_label(m.group(2))) or counter_key(m.group(2))
        out.value(key, m.group(1), as_number, line)
    return out.finish()
