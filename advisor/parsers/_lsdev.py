"""Device listings: VIOS `lsdev -type ...` and AIX `lsdev -Cc ...`.

Both print name, status and description; AIX adds a location code when the
device has one ("02-T1-01"), which is told apart by its fixed shape.
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, clean, lines_of
from .base import ParseResult

HEADER = linre.compile(r"^\s*name\s+status\s+(physloc\s+)?description\s*$", linre.I)
ROW = linre.compile(r"^\s*(\S+)\s+(Available|Defined|Stopped|Unknown)\b\s*(.*)$")
LOCATION = linre.compile(r"\d\d(-[0-9A-Za-z]+)+|U[0-9A-Z]+\.[\w.-]+")


def listing_score(text: str, names: linre.Pattern) -> float:
    """The share of lines that list a device of this kind."""
    rows = [r for r in clean(text).splitlines() if r.strip() and not HEADER.match(r)]
    matching = [m for m in map(ROW.match, rows) if m and names.match(m.group(1))]
    return 0.9 * len(matching) / len(rows) if rows else 0.0


def parse_listing(text: str, command: str, key: str, names: linre.Pattern) -> ParseResult:
    """Rows of any device are kept, but at least one must be of the listed kind."""
    out = Builder(command)
    for line in lines_of(text, command, lambda t: listing_score(t, names)):
        if not line.text.strip():
            continue
        if HEADER.match(line.text):
            out.known(line)
            continue
        m = ROW.match(line.text)
        if not m:
            out.unknown(line)
            continue
        row = {"name": m.group(1), "status": m.group(2)}
        first, _, rest = m.group(3).partition(" ")
        if LOCATION.fullmatch(first):
            row["location"], row["description"] = first, rest.strip()
        else:
            row["description"] = m.group(3).strip()
        out.put_row(key, row, line)
    return out.finish()
