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
from collections.abc import Callable, Iterator

from advisor import linre

from ._text import Builder, Line, lines_of
from .base import CUT_REASON, NOT_WHOLE, ParseResult

_NAME = linre.compile(r"[0-9_]{0,9}[a-z][a-z0-9_]{0,63}")  # "5250_application_capable": a digit may open one
Held = tuple[Line, dict[str, str], str | None]  # a row, and the field it ends in without "=" (None: none)
WIDTH_HEAD = 65536  # the wrap width is read from this much of the text
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
    """``rows``: one {attribute: value} per resource line, provenance ``rows.N.attribute``.

    A terminal that wraps the HMC's long lines breaks a value anywhere: ``curr_mem=655`` on one line,
    ``36,curr_max_mem=...`` on the next.  A row is therefore put only once the next line shows it was
    whole; a line that continues it (its first field has no ``=``, or the row's own last field had
    none; under a ``--header`` line, a line of one value where the header names several) means the
    row's last value is cut: that attribute is left out and the rest of the line skipped, both with a
    warning.  Joining the pieces would guess whether a character was lost.  Blank
    lines (a double-spaced copy) are no row's end."""
    out = Builder(command)
    header: list[str] | None = None
    held: Held | None = None
    by_header = False  # the held row is one of bare values under a --header line (else of name=value pairs)
    first: str | None = None  # the attribute every name=value row opens with
    for line in _unwrapped(lines_of(text, command, detect), _wrap_width(text)):
        body = line.text.strip()
        if not body:  # a double-spaced copy puts a blank line inside a wrap too: the next line decides
            continue
        items = fields(body)
        if held is not None:
            if _continues(held, items, header if by_header else None):
                _put_wrapped(out, held, line)
                held = None
                continue
            _put_held(out, held)
            held = None
        if NO_RESULTS.match(body):
            out.known(line)
            continue
        if items is None:
            first = first or (body.split("=", 1)[0].strip('"') if "=" in body else None)
            out.warn(line, f"unbalanced quotes: the line cannot be split for sure; skipped; {NOT_WHOLE}")
            continue
        named = pairs(items)
        dangling = pairs(items[:-1]) if named is None and len(items) > 1 and "=" not in items[-1] else None
        by_header = named is None and dangling is None  # a row of bare values under a --header line
        if named is not None and first is not None and next(iter(named)) != first:
            out.warn(
                line, f"a row not opening with {first}= as the others do (a wrapped line's rest?); skipped; {NOT_WHOLE}"
            )
        elif named is not None:
            first = first or next(iter(named), None)
            held = (line, named, None)
        elif dangling is not None and header is None:
            held = (line, dangling, items[-1])
        elif header is None and all(_NAME.fullmatch(i) for i in items) and len(set(items)) == len(items):
            header = items
            out.known(line)
        elif header is not None and len(items) == len(header):
            held = (line, dict(zip(header, items, strict=True)), None)
        elif header is not None:
            out.warn(line, f"{len(items)} values for the {len(header)} attributes of the header {header}; skipped")
        else:
            out.unknown(
                line,
                "values without attribute names (-F without --header): add --header, or list without -F; skipped",
            )
    if held is not None and held[2] is not None:  # the text ends in the middle of an attribute
        out.warn(held[0], f"{CUT_REASON}, inside the attribute {held[2]!r}: the listing is cut; that field left out")
    _put_held(out, held)
    return out.finish()


def _wrap_width(text: str) -> int:
    """The width a terminal broke the lines at: the longest line's, when two lines or more are that long (the
    pieces of a broken line are); 0 otherwise."""
    lengths = [len(line) - line.endswith("\r") for line in text[:WIDTH_HEAD].split("\n")]
    width = max(lengths, default=0)
    return width if width >= 20 and lengths.count(width) >= 2 else 0


def _unwrapped(lines: Iterator[Line], width: int) -> Iterator[Line]:
    """The lines with a row a terminal broke joined again: a ``width``-long line of ``name=value`` pairs and
    the lines after it up to the next row (a line opening with the first row's first attribute, ``name=``).
    The pieces are exactly as the terminal cut them, so nothing is lost between them; a row that was exactly
    ``width`` long is followed by a row of its own and stays apart."""
    first_key = ""
    held: Line | None = None
    for line in lines:
        if held is not None:
            if line.text.strip() and not line.text.startswith(first_key):
                joined = held.raw + line.raw  # the piece is exactly ``width`` long: its blanks are there
                held = Line(held.no, joined, joined.expandtabs().rstrip(), line.cut)
                if len(line.raw) == width:
                    continue
                yield held
                held = None
                continue
            yield held
            held = None
        key = line.text.split("=", 1)[0].strip().strip('"') if not first_key and "=" in line.text else ""
        if _NAME.fullmatch(key):  # an attribute name opens a row; a remark's "name=value" in prose does not
            first_key = key + "="
        if width and len(line.raw) == width and first_key and line.text.startswith(first_key):
            held = line
            continue
        yield line
    if held is not None:
        yield held


def _continues(held: Held, items: list[str] | None, header: list[str] | None) -> bool:
    """The line goes on with the held row, wrapped by the terminal: the row ended inside an attribute's name,
    or (a row of name=value pairs, ``header`` None, whatever line came before as a header) the line starts with
    a bare value, or (a row under a --header line) it holds one value where the header names several: the rest
    of the row's last value ("...,131072,655" then "36")."""
    if held[2] is not None:
        return True
    if not items:
        return False
    if header is None:
        return "=" not in items[0]
    return len(items) == 1 < len(header)


def _put_held(out: Builder, held: Held | None) -> None:
    if held is not None and held[1]:
        out.put_row("rows", held[1], held[0])


def _put_wrapped(out: Builder, held: Held, rest: Line) -> None:
    line, row, dangling = held
    if dangling is None and row:
        cut = list(row)[-1]
        row = {k: v for k, v in row.items() if k != cut}
        out.warn(line, f"{cut}: the line is wrapped inside this value (it goes on in the next line); left out")
    else:
        out.warn(line, f"the line is wrapped inside the attribute {dangling!r} (it goes on in the next line)")
    out.warn(rest, f"the rest of the line before, wrapped by the terminal: its values are not read; {NOT_WHOLE}")
    _put_held(out, (line, row, None))
