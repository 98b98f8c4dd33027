"""HP-UX `kctune` (11i v2 and v3): kernel tunables with value, expression and when changes apply.

numa_policy (1 keeps SAP shared memory in cell local memory), the file
cache bounds (filecache_min/max; above 3 % of memory is too much for SAP) and
the page-size tunables are read from here.  Three layouts:

- the table, under its ``Tunable  Value  Expression  Changes`` heading (``Current`` for ``Value`` in
  some 11i v2 listings);
- its rows without the heading (``kctune | grep dbc``): a row is read when its value is a whole number
  (decimal or ``0x``), the only values kctune prints;
- ``kctune -v``: a record per tunable, ``Tunable  NAME`` then ``Current Value  20 [Default]`` and the
  other labelled lines; the value and the expression in brackets are kept as the table's, the rest
  (description, module, boot values, constraints) is recognised and not kept.
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, Line, as_int, lines_of, score
from .base import ParseResult

COMMAND = "kctune"
ALIASES = ("kctune *",)

_HEADER = linre.compile(r"^\s*Tunable\s+(?:Value|Current)\s+Expression(\s+Changes)?\s*$", linre.I)
_ROW = linre.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s+(\S+)(?:\s+(.*?))?\s*$")
_WHOLE = linre.compile(r"\d{1,20}|0[xX][0-9A-Fa-f]{1,16}")
_CHANGES = frozenset({"Immed", "Auto"})
_RECORD = linre.compile(r"^\s*Tunable\s+([a-z_][a-z0-9_]*)\s*$")  # kctune -v: "Tunable   nproc"
_CURRENT = linre.compile(r"^\s*Current Value\s+(\S+)(?:\s+[\[(](.*?)[\])])?\s*$")
_VERBOSE = linre.compile(
    r"^\s*(?:Description|Module|Value at Next Boot|Value at Last Boot|Default Value|Constraints|Can Change|"
    r"Expression at Next Boot|Auto-Tuning|Auto Tuning|Dynamic)\b"
)

_SIGNATURES = [
    linre.compile(_HEADER.pattern, linre.I | linre.M),
    linre.compile(
        r"^\s*(numa_policy|filecache_m(ax|in)|base_pagesize|vps_ceiling|swchunk|maxdsiz_64bit|dbc_m(ax|in)_pct|nproc)"
        r"\s+\d+",
        linre.M,
    ),
    linre.compile(r"^\s*Tunable\s+[a-z_][a-z0-9_]*\s*$", linre.M),
    linre.compile(r"^\s*Value at (?:Next|Last) Boot\s", linre.M),
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 2)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    header = False
    record: str | None = None  # kctune -v: the tunable whose lines these are
    for line in lines_of(text, COMMAND, detect):
        body = line.text.strip()
        if not body:
            continue
        row = _ROW.match(body)
        if _HEADER.match(body):
            header, record = True, None
            out.known(line)
        elif m := _RECORD.match(body):
            record = m.group(1)
            out.known(line)
        elif record is not None and (m := _CURRENT.match(body)):
            out.value(f"tunables.{record}.value", m.group(1), as_int, line)
            if m.group(2) and not line.cut:
                out.put(f"tunables.{record}.expression", m.group(2).strip(), line)
        elif record is not None and (_VERBOSE.match(body) or line.text[:1].isspace() or line.text[:1] == "\t"):
            out.known(line)  # the record's other lines, and the constraints' continuation lines
        elif row and (header or (record is None and _WHOLE.fullmatch(row.group(2)))):
            _table_row(out, row, line)
        else:
            out.unknown(line, "line not in the Tunable/Value/Expression table; skipped")
    return out.finish()


def _table_row(out: Builder, row: linre.Match, line: Line) -> None:
    name, raw, rest = row.group(1), row.group(2), (row.group(3) or "").split()
    out.value(f"tunables.{name}.value", raw, _whole, line)
    if rest and rest[-1] in _CHANGES:
        out.put(f"tunables.{name}.changes", rest.pop(), line)
    if rest:
        out.put(f"tunables.{name}.expression", " ".join(rest), line)


def _whole(raw: str) -> int:
    """A tunable's value: decimal, or hexadecimal as some listings print it."""
    return int(raw, 16) if raw[:2] in ("0x", "0X") else as_int(raw)
