"""Whitespace tables with one header row: the lparstat and vmstat samples.

Column names become keys: a leading '%' turns into a '_pct' suffix, so
'%xcpu' is 'xcpu_pct'.  A cell that is '-' or unreadable is left out of its
row with a warning; a row with the wrong number of cells is skipped whole,
because cells cannot be matched to columns without guessing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ._text import UNSET, Builder, Line, Unreadable, snake


def column_key(name: str) -> str:
    if name.startswith("%"):
        return f"{snake(name[1:])}_pct"
    return snake(name)


ROW_SKIPPED = "row skipped"  # a sample row left out: a mean or a peak over the table is not the recording's


def read_row(line: Line, keys: list[str], convert: Callable[[str], Any], out: Builder, table: str) -> None:
    """Store one row of ``table``; ``convert`` types each cell."""
    cells = line.text.split()
    if len(cells) != len(keys):
        out.warn(line, f"{table}: {len(cells)} cells for {len(keys)} columns; {ROW_SKIPPED}")
        return
    row: dict[str, Any] = {}
    for key, raw in zip(keys, cells, strict=True):
        if raw in UNSET:
            out.warn(line, f"{table}.{key}: no value ({raw}); left out of the row")
            continue
        try:
            row[key] = convert(raw)
        except Unreadable as err:
            out.warn(line, f"{table}.{key}: cannot read {raw!r} ({err}); left out of the row")
    out.put_row(table, row, line)
