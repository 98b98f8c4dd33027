"""Device listings: VIOS `lsdev -type ...` and AIX `lsdev -Cc ...`.

Both print name, status and description; AIX adds a location code when the
device has one ("02-T1-01"), which is told apart by its fixed shape.
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, Line, blocks_of, clean
from .base import NOT_WHOLE, ParseResult

HEADER = linre.compile(r"^\s*name\s+status\s+(physloc\s+)?description\s*$", linre.I)
ROW = linre.compile(r"^\s*(\S+)\s+(Available|Defined|Stopped|Unknown)\b\s*(.*)$")
# A row's description holding another row ("... Disk Drive hdisk1 Available MPIO ..."): two lines joined (a mail
# program's "extra line breaks" removed, a lost line end).
JOINED = linre.compile(r"[A-Za-z][\w.-]{0,62}\d\s+(?:Available|Defined|Stopped|Unknown)(?:\s|$)")
LOCATION = linre.compile(r"\d\d(-[0-9A-Za-z]+)+|U[0-9A-Z]+\.[\w.-]+")


def listing_score(text: str, names: linre.Pattern) -> float:
    """The share of lines that list a device of this kind."""
    rows = matching = 0
    for line in clean(text).splitlines():
        if not line.strip():
            continue
        words = _row_words(line)  # a plain row, as ROW reads it (and never HEADER): no pattern call
        if words is None:
            if HEADER.match(line):
                continue
            m = ROW.match(line)
            words = None if m is None else m.groups()
        rows += 1
        matching += words is not None and names.match(words[0]) is not None
    return 0.9 * matching / rows if rows else 0.0


def parse_listing(text: str, command: str, key: str, names: linre.Pattern) -> ParseResult:
    """Rows of any device are kept, but at least one must be of the listed kind."""
    out = Builder(command)
    # What follows the status ("00-00-02 MPIO IBM 2076 FC Disk") repeats down a listing: each is read
    # once.  Rows are stored by column (Builder.listing), which shares the repeated strings.
    described: dict[str, tuple[str | None, str, bool]] = {}
    # A device is listed once: when the first device comes again, a second listing starts (the output
    # pasted twice, or run twice); its rows are not counted again (a name set would cost a listing's memory).
    first: str | None = None
    again = False
    rows = out.listing(key)

    def row(words: tuple[str, str, str] | list[str]) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
        """The row's keys and values; None when what follows the status holds another row (two joined)."""
        rest = described.get(words[2])
        if rest is None:
            rest = _described(words[2])
            if len(described) >= _REMEMBERED:
                described.clear()
            described[words[2]] = rest
        if rest[2]:
            return None
        if rest[0] is None:
            return _FIELDS, (words[0], words[1], rest[1])
        return _LOCATED, (words[0], words[1], rest[0], rest[1])

    def fast(raw: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
        """A plain row of the first listing, as ``slow`` reads it (``_row_words``), from the line as it is
        in the text; the first device again (a second listing) goes to ``slow``."""
        nonlocal first
        words = raw.split(None, 2)  # the text's trailing blanks, if any, stay on words[2]: _described strips
        if len(words) != 3 or words[1] not in _STATUSES or again or words[0] == first:
            return None
        made = row(words)  # None (two rows joined): ``slow`` says so
        if made is not None and first is None:
            first = words[0]
        return made

    def slow(line: Line) -> None:
        nonlocal first, again
        if not line.text:
            return
        words = _row_words(line.text)
        if words is None:
            if HEADER.match(line.text):
                out.known(line)
                return
            m = ROW.match(line.text)
            if not m and JOINED.search(line.text):  # the header and a row in one line: that row is lost
                out.warn(line, f"a device row joined to other text (a lost line end): skipped; {NOT_WHOLE}")
                return
            if not m and first is not None and not line.text.endswith(_PROMPT_ENDS):  # a wrapped row's rest?
                out.unknown(line, f"no device row (the rest of a wrapped row?): skipped; {NOT_WHOLE}")
                return
            if not m:
                out.unknown(line)
                return
            words = m.group(1), m.group(2), m.group(3)
        if first is None:
            first = words[0]
        elif words[0] == first:
            again = True
        if again:
            out.warn(line, f"{words[0]}: a second listing (pasted twice, or run twice); its rows are not counted")
            return
        made = row(words)
        if made is None:
            out.warn(line, f"{words[0]}: two rows in one line (a lost line end): skipped; {NOT_WHOLE}, nothing counted")
            return
        rows.put(*made, line)

    rows.read(blocks_of(text, command, lambda t: listing_score(t, names)), fast, slow)
    return out.finish()


def _described(text: str) -> tuple[str | None, str, bool]:
    """(location code or None, description, whether it holds another row) of the text after the status."""
    joined = " " in text.strip() and JOINED.search(text) is not None
    first, _, rest = text.partition(" ")
    if LOCATION.fullmatch(first):
        return first, rest.strip(), joined
    return None, text.strip(), joined


_PROMPT_ENDS = ("#", "$", ">")  # a prompt left at the listing's end is no row's rest
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
