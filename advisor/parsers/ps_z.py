"""`ps -eZ`: the page sizes each process really runs with.

The point is the SAP kernel (disp+work): LDR_CNTRL may ask for 64K pages,
but under AME4K the kernel silently runs on 4K; DPGSZ/SPGSZ/TPGSZ/SHMPGSZ
(data, stack, text, shared memory) show what is effective.
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, Line, lines_of, score
from .base import ParseResult

COMMAND = "ps -eZ"
ALIASES = ("ps -efZ", "ps -eZf", "ps -Z *")

_HEADER = linre.compile(r"^.*(?:\bPID\b.*\bDPGSZ\b|\bDPGSZ\b.*\bPID\b).*\bCMD\s*$")
_PAGE = linre.compile(r"\d+[KMGT]")
_PID = linre.compile(r"\d{1,10}")  # ASCII digits only: "²" or "١" pass str.isdigit() but are no process id
_PAGE_COLUMNS = frozenset({"dpgsz", "spgsz", "tpgsz", "shmpgsz"})

_SIGNATURES = [linre.compile(_HEADER.pattern, linre.M), linre.compile(r"\bSPGSZ\b.*\bTPGSZ\b")]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 2)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    columns: list[str] = []
    for line in lines_of(text, COMMAND, detect):
        if not line.text.strip():
            continue
        if "DPGSZ" in line.text and _HEADER.match(line.text):  # the header names DPGSZ: rows skip the regex
            columns = [c.casefold() for c in line.text.split()]
            out.known(line)
        elif columns:
            _row(line, columns, out)
        else:
            out.unknown(line, "process line before the PID ... CMD header; skipped")
    return out.finish()


def _row(line: Line, columns: list[str], out: Builder) -> None:
    cells = line.text.split(None, len(columns) - 1)
    row = dict(zip(columns, cells, strict=False))
    bad = [c for c in _PAGE_COLUMNS & row.keys() if not _PAGE.fullmatch(row[c])]
    if len(cells) != len(columns) or bad or not _PID.fullmatch(row.get("pid", "")):
        out.warn(line, "process line does not fit the header's columns; skipped")
        return
    typed: dict[str, str | int] = {**row, "pid": int(row["pid"])}
    if _PID.fullmatch(row.get("ppid", "")):
        typed["ppid"] = int(row["ppid"])
    out.put_row("processes", typed, line)
