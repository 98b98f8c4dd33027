"""`ps -eZ`: the page sizes each process really runs with.

The point is the SAP kernel (disp+work): LDR_CNTRL may ask for 64K pages,
but under AME4K the kernel silently runs on 4K; DPGSZ/SPGSZ/TPGSZ/SHMPGSZ
(data, stack, text, shared memory) show what is effective.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any

from advisor import linre

from ._text import Builder, Line, Put, blocks_of, score
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
    layout: _Layout | None = None
    rows = out.listing("processes")

    def fast(raw: str) -> tuple[tuple[str, ...], tuple[Any, ...]] | None:
        """A row under a plain header, as ``slow`` reads it, from the line as it is in the text."""
        if layout is None or "DPGSZ" in raw:
            return None
        return layout.cells(raw.rstrip())

    def slow(line: Line) -> None:
        nonlocal layout
        body = line.text
        if not body:  # right-stripped: a blank line is empty
            return
        if "DPGSZ" in body and _HEADER.match(body):  # the header names DPGSZ: rows skip the regex
            layout = _Layout([c.casefold() for c in body.split()])
            out.known(line)
        elif layout is not None:
            layout.row(line, out, rows.put)
        else:
            out.unknown(line, "process line before the PID ... CMD header; skipped")

    rows.read(blocks_of(text, COMMAND, detect), fast, slow)
    return out.finish()


class _Layout:
    """The header's columns, and where the cells that are checked or typed sit in a row."""

    def __init__(self, columns: list[str]) -> None:
        self.columns = columns
        self.keys = tuple(columns)
        self.width = len(columns)
        pages = [i for i, c in enumerate(columns) if c in _PAGE_COLUMNS]
        self.pages = pages
        self.pick: Callable[[list[Any]], tuple[Any, ...]] = (
            itemgetter(*pages) if len(pages) > 1 else lambda cells: tuple(cells[i] for i in pages)
        )
        # a header naming a column twice (or PID only inside a word, "X-PID"): rows are read as dicts
        self.plain = len(set(columns)) == len(columns) and "pid" in columns
        self.pid = columns.index("pid") if self.plain else -1
        self.ppid = columns.index("ppid") if "ppid" in columns else -1
        self.sizes: set[str] = set()  # page sizes seen to match _PAGE ("4K", "64K"): one regex call each
        self.cells = self._reader()

    def row(self, line: Line, out: Builder, put: Put) -> None:
        if not self.plain:
            _row(line, self.columns, out, put)
            return
        found = self.cells(line.text)
        if found is None:
            out.warn(line, "process line does not fit the header's columns; skipped")
        else:
            put(*found, line)

    def _reader(self) -> Callable[[str], tuple[tuple[str, ...], tuple[Any, ...]] | None]:
        """``cells(text)``: (keys, values) of a row under a plain header (``text`` right-stripped), None
        when it does not fit; the header's positions bound once (it runs per row of a listing)."""
        if not self.plain:
            return lambda text: None
        split_at, width, pid_at, ppid_at, keys = self.width - 1, self.width, self.pid, self.ppid, self.keys
        sizes, pick, pages_read = self.sizes, self.pick, self._pages_read

        def cells(text: str) -> tuple[tuple[str, ...], tuple[Any, ...]] | None:
            cells: list[Any] = text.split(None, split_at)
            if len(cells) != width:
                return None
            pid = cells[pid_at]
            if not (pid.isdigit() and pid.isascii() and len(pid) <= 10):  # _digits(pid), inlined
                return None
            if not (sizes.issuperset(pick(cells)) or pages_read(cells)):
                return None
            cells[pid_at] = int(pid)
            if ppid_at >= 0 and _digits(cells[ppid_at]):
                cells[ppid_at] = int(cells[ppid_at])
            return keys, tuple(cells)

        return cells

    def _pages_read(self, cells: list[str]) -> bool:
        sizes = self.sizes
        for i in self.pages:
            cell = cells[i]
            if cell not in sizes:
                if not _PAGE.fullmatch(cell):
                    return False
                if len(sizes) < 64:
                    sizes.add(cell)
        return True


def _digits(cell: str) -> bool:
    """_PID.fullmatch read with str tests (the split path's rows): 1 to 10 ASCII digits."""
    return cell.isascii() and cell.isdigit() and len(cell) <= 10


def _row(line: Line, columns: list[str], out: Builder, put: Put) -> None:
    """A row under an unusual header: a dict keeps the last cell of each name."""
    cells = line.text.split(None, len(columns) - 1)
    row = dict(zip(columns, cells, strict=False))
    bad = [c for c in _PAGE_COLUMNS & row.keys() if not _PAGE.fullmatch(row[c])]
    if len(cells) != len(columns) or bad or not _PID.fullmatch(row.get("pid", "")):
        out.warn(line, "process line does not fit the header's columns; skipped")
        return
    typed: dict[str, str | int] = {**row, "pid": int(row["pid"])}
    if _PID.fullmatch(row.get("ppid", "")):
        typed["ppid"] = int(row["ppid"])
    put(tuple(typed), tuple(typed.values()), line)
