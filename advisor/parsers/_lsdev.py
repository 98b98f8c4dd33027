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
    # What follows the status ("00-00-02 MPIO IBM 2076 FC Disk") repeats down a listing: each is read
    # once.  Rows are stored by column (Builder.listing), which shares the repeated strings.
    described: dict[str, tuple[str | None, str]] = {}
    # A device is listed once: when the first device comes again, a second listing starts (the output
    # pasted twice, or run twice); its rows are not counted again (a name set would cost a listing's memory).
    first: str | None = None
    again = False
    put = out.listing(key)
    for line in lines_of(text, command, lambda t: listing_score(t, names)):
        if not line.text:
            continue
        words = _row_words(line.text)
        if words is None:
            if HEADER.match(line.text):
                out.known(line)
                continue
            m = ROW.match(line.text)
            if not m:
                out.unknown(line)
                continue
            words = m.group(1), m.group(2), m.group(3)
        if first is None:
            first = words[0]
        elif words[0] == first:
            again = True
        if again:
            out.warn(line, f"{words[0]}: a second listing (pasted twice, or run twice); its rows are not counted")
            continue
        rest = described.get(words[2])
        if rest is None:
            rest = _described(words[2])
            if len(described) >= _REMEMBERED:
                described.clear()
            described[words[2]] = rest
        if rest[0] is None:
            put(_FIELDS, (words[0], words[1], rest[1]), line)
        else:
            put(_LOCATED, (words[0], words[1], rest[0], rest[1]), line)
    return out.finish()


def _described(text: str) -> tuple[str | None, str]:
    """(location code or None, description) of the text after the status."""
    first, _, rest = text.partition(" ")
    if LOCATION.fullmatch(first):
        return first, rest.strip()
    return None, text.strip()


_STATUSES = frozenset(("Available", "Defined", "Stopped", "Unknown"))
_FIELDS = ("name", "status", "description")
_LOCATED = ("name", "status", "location", "description")
_REMEMBERED = 4096


def _row_words(text: str) -> tuple[str, str, str] | None:
    """ROW's three groups read with str.split, for the plain lines that are nearly all of a listing.

    On printable ASCII the only blank is the space, so split() cuts where ROW's \\s does; a second word
    that is exactly a status is ROW's status followed by a word boundary, and never HEADER's "status".
    Anything else (None) goes through the patterns."""
    if not (text.isascii() and text.isprintable()):
        return None
    words = text.split(None, 2)
    if len(words) < 2 or words[1] not in _STATUSES:
        return None
    return words[0], words[1], words[2] if len(words) == 3 else ""
