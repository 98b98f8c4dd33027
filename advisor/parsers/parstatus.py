"""HP-UX `parstatus` (nPartitions of a cell-based server) and `parstatus -w` (the local partition number).

    [Partition]
    Par              # of  # of I/O
    Num Status       Cells Chassis    Core cell  Partition Name (first 30 chars)
    === ============ ===== ======== ========== ===============================
      0 active           2        1 cab0,cell0 sapprd
    The local partition number is 0.

``partitions``: one row per partition line (``number``, ``status``, ``cells``, ``name``);
``local_partition`` from the ``-w`` sentence.  The other sections ([Complex], [Cabinet], [Cell],
[Chassis]) are recognised and kept out: no document field reads them.
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, as_int, lines_of, score
from .base import ParseResult

COMMAND = "parstatus"
ALIASES = ("parstatus *",)

_SECTION = linre.compile(r"^\s*\[(Complex|Cabinet|Cell|Chassis|Partition)\]\s*$")
_LOCAL = linre.compile(r"^\s*The local partition number is (\d{1,3})\.?\s*$")
_PARTITION = linre.compile(r"^\s*(\d{1,3})\s+(active|inactive|\S+)\s+(\d{1,3})\s+(\d{1,3})\s+(\S+)\s+(\S.*?)\s*$")
_RULE = linre.compile(r"^[\s=]+$")
_SIGNATURES = [
    linre.compile(r"^\s*\[(?:Complex|Cell|Partition)\]\s*$", linre.M),
    linre.compile(r"^\s*The local partition number is \d+", linre.M),
    linre.compile(r"Partition Name \(first 30 chars\)|^\s*Complex Name\s*:", linre.M),
]


def detect(text: str) -> float:
    if _LOCAL.search(text):
        return 1.0
    return score(text, _SIGNATURES, 2)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    section: str | None = None
    for line in lines_of(text, COMMAND, detect):
        if not line.text.strip():
            continue
        if m := _SECTION.match(line.text):
            section = m.group(1)
            out.known(line)
        elif m := _LOCAL.match(line.text):
            out.value("local_partition", m.group(1), as_int, line)
        elif section == "Partition" and (m := _PARTITION.match(line.text)):
            row = {"number": int(m.group(1)), "status": m.group(2), "cells": int(m.group(3)), "name": m.group(6)}
            out.put_row("partitions", row, line)
        elif section is not None or _RULE.match(line.text):
            out.known(line)  # tables of the other sections, headers and rules: nothing the documents read
        else:
            out.unknown(line)
    return out.finish()
