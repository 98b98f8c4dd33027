"""HP-UX `parstatus` (nPartitions of a cell-based server): the complex, `-w` (the local partition number),
`-V -p N` (one partition in detail) and `-C` (the cells).

    [Partition]
    Par              # of  # of I/O
    Num Status       Cells Chassis    Core cell  Partition Name (first 30 chars)
    === ============ ===== ======== ========== ===============================
      0 active           2        1 cab0,cell0 sapprd
    The local partition number is 0.

    [Partition]                                  (parstatus -V -p 0)
    Partition Number       : 0
    Total Good Memory Size : 64.0 GB
    Total Interleave Memory: 48.0 GB
    Total Allocated CLM    : 16.0 GB

    [Cell]                                       (parstatus -C, and in -V)
    ...
    cab0,cell0 Active Core  4/0/4    32.0/ 0.0 cab0,bay0,chassis0  yes     yes  0

``partitions``: one row per partition line (``number``, ``status``, ``cells``, ``name``);
``local_partition`` from the ``-w`` sentence; ``partition.<label>`` from ``-V``'s ``Label : value``
lines (``partition_number``, ``partition_name``, ``status``; sizes as ``total_good_memory_size_gb``,
``total_interleave_memory_gb``, ``total_requested_clm_gb``, ``total_allocated_clm_gb``); ``cells`` rows
of a [Cell] table (``location``, ``partition``: its Par Num, absent for a cell in no partition).  The
other sections ([Complex], [Cabinet], [Chassis]) are recognised and kept out: no document field reads them.
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, as_int, as_str, lines_of, score, size_in, snake
from .base import NOT_WHOLE, ParseResult

COMMAND = "parstatus"
ALIASES = ("parstatus *",)

_SECTION = linre.compile(r"^\s*\[(Complex|Cabinet|Cell|Chassis|Partition)\]\s*$")
_LOCAL = linre.compile(r"^\s*The local partition number is (\d{1,3})\.?\s*$")
_PARTITION = linre.compile(r"^\s*(\d{1,3})\s+(active|inactive|\S+)\s+(\d{1,3})\s+(\d{1,3})\s+(\S+)\s+(\S.*?)\s*$")
_RULE = linre.compile(r"^[\s=]+$")
_DETAIL = linre.compile(r"^\s*([A-Za-z][A-Za-z0-9 ()#/\[\]-]{0,40}?)\s*:\s*(.*?)\s*$")
_CELL = linre.compile(r"^\s*(\w{1,8},cell\d{1,3})\s+(?:\S.*?\s)?(\d{1,3}|-)\s*$")
_SIZES = frozenset({"total_good_memory_size", "total_interleave_memory", "total_requested_clm", "total_allocated_clm"})
GB = size_in("gb")
_SIGNATURES = [
    linre.compile(r"^\s*\[(?:Complex|Cell|Partition)\]\s*$", linre.M),
    linre.compile(r"^\s*The local partition number is \d+", linre.M),
    linre.compile(r"Partition Name \(first 30 chars\)|^\s*(?:Complex Name|Partition Number)\s*:", linre.M),
]


def detect(text: str) -> float:
    if _LOCAL.search(text):
        return 1.0
    return score(text, _SIGNATURES, 2)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    section: str | None = None
    cell_rows = False  # past the [Cell] table's rule: every line is a cell row
    for line in lines_of(text, COMMAND, detect):
        if not line.text.strip():
            continue
        if m := _SECTION.match(line.text):
            section, cell_rows = m.group(1), False
            out.known(line)
        elif m := _LOCAL.match(line.text):
            out.value("local_partition", m.group(1), as_int, line)
        elif section == "Partition" and (m := _PARTITION.match(line.text)):
            row = {"number": int(m.group(1)), "status": m.group(2), "cells": int(m.group(3)), "name": m.group(6)}
            out.put_row("partitions", row, line)
        elif section == "Partition" and (m := _DETAIL.match(line.text)) and m.group(2):
            key = snake(m.group(1))
            if key in _SIZES:
                out.value(f"partition.{key}_gb", m.group(2), GB, line)
            else:
                out.value(f"partition.{key}", m.group(2), as_int if key == "partition_number" else as_str, line)
        elif section == "Cell" and (m := _CELL.match(line.text)):
            cell = {"location": m.group(1)} | ({} if m.group(2) == "-" else {"partition": int(m.group(2))})
            out.put_row("cells", cell, line)
        elif section == "Cell" and cell_rows and not line.text.lstrip().startswith("Notes"):
            out.warn(line, f"not a cell row (a row cut by a wrap, or its rest): skipped; {NOT_WHOLE}")
        elif section == "Cell" and _RULE.match(line.text):
            cell_rows = True
            out.known(line)
        elif section is not None or _RULE.match(line.text):
            out.known(line)  # tables of the other sections, headers and rules: nothing the documents read
        else:
            out.unknown(line)
    return out.finish()
