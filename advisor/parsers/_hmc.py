"""HMC CLI listings (`lssyscfg`, `lshwres`): one resource per line, attributes as name=value.

The HMC prints each resource as comma-separated ``name=value`` pairs; a value holding commas is
quoted with the whole pair (``"lpar_ids=1,2"``), and ``-F a,b --header`` prints a header line of
attribute names and then bare values.  Lines are split with the csv module (quote-aware, linear);
``-F`` values without a ``--header`` line carry no names and are refused line by line, never
matched to names by position.  Values are kept as the HMC spells them: the assemble layer reads
them and says where it cannot.
"""

from __future__ import annotations

import csv
from collections.abc import Callable

from advisor import linre

from ._text import Builder, lines_of
from .base import ParseResult

_NAME = linre.compile(r"[a-z][a-z0-9_]{0,63}")
NO_RESULTS = linre.compile(r"^No results were found\.?$", linre.I)


def fields(body: str) -> list[str] | None:
    """The comma-separated fields of one line (quotes honoured); None when the quoting is broken."""
    try:
        rows = list(csv.reader([body], strict=True))
    except csv.Error:
        return None
    return rows[0] if rows else []


def pairs(items: list[str]) -> dict[str, str] | None:
    """{name: value} when every field is name=value with an attribute-like name; None otherwise."""
    out: dict[str, str] = {}
    for item in items:
        name, found, value = item.partition("=")
        if not found or not _NAME.fullmatch(name) or name in out:
            return None
        out[name] = value
    return out


def parse_rows(text: str, command: str, detect: Callable[[str], float]) -> ParseResult:
    """``rows``: one {attribute: value} per resource line, provenance ``rows.N.attribute``."""
    out = Builder(command)
    header: list[str] | None = None
    for line in lines_of(text, command, detect):
        body = line.text.strip()
        if not body:
            continue
        if NO_RESULTS.match(body):
            out.known(line)
            continue
        items = fields(body)
        if items is None:
            out.warn(line, "unbalanced quotes: the line cannot be split for sure; skipped")
            continue
        named = pairs(items)
        if named is not None:
            out.put_row("rows", named, line)
        elif header is None and all(_NAME.fullmatch(i) for i in items) and len(set(items)) == len(items):
            header = items
            out.known(line)
        elif header is not None and len(items) == len(header):
            out.put_row("rows", dict(zip(header, items, strict=True)), line)
        elif header is not None:
            out.warn(line, f"{len(items)} values for the {len(header)} attributes of the header {header}; skipped")
        else:
            out.unknown(
                line,
                "values without attribute names (-F without --header): add --header, or list without -F; skipped",
            )
    return out.finish()
