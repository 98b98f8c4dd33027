"""Device listings: VIOS `lsdev -type ...` and AIX `lsdev -Cc ...`.

Both print name, status and description; AIX adds a location code when the
device has one ("02-T1-01"), which is told apart by its fixed shape.
"""

from __future__ import annotations

import re

from ._text import Builder, clean, lines_of
from .base import ParseError, ParseResult

HEADER = re.compile(r"^\s*name\s+status\s+(physloc\s+)?description\s*$", re.I)
ROW = re.compile(r"^\s*(\S+)\s+(Available|Defined|Stopped|Unknown)\b\s*(.*)$")
LOCATION = re.compile(r"\d\d(-[0-9A-Za-z]+)+|U[0-9A-Z]+\.[\w.-]+")


def listing_score(text: str, names: re.Pattern[str]) -> float:
    rows = [r for r in clean(text).splitlines() if r.strip() and not HEADER.match(r)]
    if not rows or not all(ROW.match(r) for r in rows):
        return 0.0
    matching = sum(1 for r in rows if names.match(ROW.match(r).group(1)))
    return 0.9 * matching / len(rows)


def parse_listing(text: str, command: str, key: str, names: re.Pattern[str]) -> ParseResult:
    """Rows of any device are kept, but at least one must be of the listed kind."""
    out = Builder(command)
    for line in lines_of(text, command):
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
    result = out.finish()
    if not any(names.match(row["name"]) for row in result.data[key]):
        raise ParseError(f"{command}: no device of this kind in the listing")
    return result
