"""`svmon -G`: global memory use, page sizes and, with AME, the compressed pool.

With AME the "txf cxf dxf dxm" row gives target and current expansion
factor, the deficit factor and the deficit memory.  Sizes are in svmon's unit:
4 KB pages by default (``_pages``; in the page-size table, pages of that
row's size), or what a "Unit: MB|GB|KB" line says.  Tables are keyed by what
they hold: ``global`` (memory, pg space, ucomprsd, comprsd), ``segments``
(pin, in use by work/pers/clnt/other), ``page_sizes`` (4K, 64K, 16M...),
``ame_pools`` (CurSz/TgtSz/MaxSz per pool) and ``ame``.
"""

from __future__ import annotations

from collections.abc import Callable

from advisor import linre

from ._text import Builder, Line, Unreadable, as_float, as_number, as_str, lines_of, score, size_in, snake
from .base import ParseResult

COMMAND = "svmon -G"
ALIASES = ("svmon -G *",)

_TABLES = {"size": "global", "work": "segments", "pagesize": "page_sizes", "cursz": "ame_pools", "txf": "ame"}
_SIZED = frozenset(
    {
        "size",
        "inuse",
        "free",
        "pin",
        "virtual",
        "available",
        "work",
        "pers",
        "clnt",
        "other",
        "poolsize",
        "pgsp",
        "ucomprsd",
        "comprsd",
        "cursz",
        "tgtsz",
        "maxsz",
        "dxm",
    }
)
_UNIT = linre.compile(r"^\s*Unit:\s*(page|KB|MB|GB|auto)\s*$", linre.I)
_TRUE_MEMORY = linre.compile(r"^\s*True Memory:\s*(\S(?:.*\S)?)\s*$", linre.I)  # the whole value: "2 097 152"
_PAGE_ROW = linre.compile(r"^\s*[a-zA-Z]\s+(\d+)\s*([KMG])B\s+(.*)$")
_VALUE = linre.compile(r"-|[\d.,]+[KMG]?")

_SIGNATURES = [
    linre.compile(r"^\s*size\s+inuse\s+free\s+pin\s+virtual\b", linre.M),
    linre.compile(r"^\s*memory\s+[\d.]+", linre.M),
    linre.compile(r"^\s*work\s+pers\s+clnt\s+other\s*$", linre.M),
    linre.compile(r"^\s*PageSize\s+PoolSize\b", linre.M),
    linre.compile(r"^\s*txf\s+cxf\s+dxf\s+dxm\s*$", linre.M),
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 3)


def _pages(raw: str) -> int | float:
    """A count of pages is whole: "32768.00" is a size in MB or GB whose "Unit:" line the copy lost."""
    value = as_number(raw)
    if not float(value).is_integer() or "." in raw or "," in raw:
        raise Unreadable("a page count with decimals: the 'Unit:' line of -O unit=MB/GB is missing")
    return value


class _Unit:
    def __init__(self) -> None:
        self.suffix = "pages"
        self.convert: Callable[[str], int | float] = _pages

    def set(self, name: str) -> None:
        name = name.casefold()
        if name == "page":
            self.suffix, self.convert = "pages", _pages
        else:
            self.suffix = "mb" if name == "auto" else name
            default = None if name == "auto" else name
            self.convert = size_in(self.suffix, default_unit=default)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    unit = _Unit()
    table, columns = "", []
    for line in lines_of(text, COMMAND, detect):
        words = line.text.split()
        if not words or set(line.text.strip()) <= {"-", "="}:
            if words:
                out.known(line)
            continue
        unit_line, true_memory = _UNIT.match(line.text), _TRUE_MEMORY.match(line.text)
        if unit_line:
            unit.set(unit_line.group(1))
            out.known(line)
        elif true_memory:
            out.value(f"true_memory_{unit.suffix}", true_memory.group(1), unit.convert, line)
        elif words[0].casefold() in _TABLES:
            table, columns = _TABLES[words[0].casefold()], [w for w in words if w.casefold() != "pagesize"]
            out.known(line)
        elif table and _row(line, table, columns, unit, out):
            continue
        else:
            table = ""  # a line without values ends the tables: what follows is not svmon's
            out.unknown(line)
    return out.finish()


def _row(line: Line, table: str, columns: list[str], unit: _Unit, out: Builder) -> bool:
    """Read one table row; False when the line carries no values (it is no row of the table)."""
    page = _PAGE_ROW.match(line.text) if table == "page_sizes" else None
    if page:
        label, cells = f"{page.group(1)}{page.group(2)}", page.group(3).split()
    else:
        words = line.text.split()
        split = next((i for i, w in enumerate(words) if _VALUE.fullmatch(w)), len(words))
        label, cells = snake(" ".join(words[:split])), words[split:]
    textual = {i for i, column in enumerate(columns) if column.casefold() == "mmode"}
    if not cells or any(not _VALUE.fullmatch(c) and i not in textual for i, c in enumerate(cells)):
        return False  # words where numbers belong: another command's lines (lsdev's after a paste)
    if not label or len(cells) > len(columns):
        out.unknown(line, f"{table}: row does not fit the columns {columns}; skipped")
        return True
    prefix = "ame" if table == "ame" else f"{table}.{label}"
    for column, raw in zip(columns, cells, strict=False):
        name = column.casefold()
        if name.startswith("%"):
            out.value(f"{prefix}.{snake(name[1:])}_pct", raw, as_float, line)
        elif name == "mmode":
            out.value(f"{prefix}.mmode", raw, as_str, line)
        elif name in _SIZED:
            out.value(f"{prefix}.{name}_{unit.suffix}", raw, unit.convert, line)
        else:
            out.value(f"{prefix}.{name}", raw, as_float, line)
    return True
