"""Line handling, value conversion and result building shared by the parsers.

Real command output reaches us copied from terminals, mail, PDFs and other
locales: CRLF line ends, non-breaking spaces, tabs instead of column padding,
trailing blanks and decimal commas.  This module absorbs those differences in
one place so each command parser only states what its lines mean.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from functools import partial
from itertools import accumulate, count, groupby, islice, repeat, takewhile
from operator import add, is_not, itemgetter, lshift, or_
from typing import Any, NamedTuple, cast

from advisor import budget, linre

from .base import LOW, SHIFT, ParseError, ParseResult, ParseWarning, ProvenanceMap, leaves
from .rows import BATCH, Rows

UNSET = frozenset({"", "-", "--", "n/a", "N/A", "NA"})

_SIZE_FACTORS = {"B": 1 / 1024 / 1024, "K": 1 / 1024, "M": 1, "G": 1024, "T": 1024 * 1024}
_UNIT_IN_MB = {"kb": 1 / 1024, "mb": 1, "gb": 1024}


class Line(NamedTuple):
    no: int
    raw: str  # as found, without the line end: quoted in provenance
    text: str  # tabs expanded, odd spaces made plain, right-stripped
    cut: bool = False  # the text ends inside this line (no line end): its value may be cut off
    start: int = -1  # where ``raw`` starts in ``origin``: provenance keeps this, not the line
    origin: str | None = None  # the whole (line-end normalised) text the line is part of


class Unreadable(ValueError):
    """A value is present but cannot be read without guessing."""


# Terminal control sequences a pasted output carries (`grep --color`, `ls`-style colours, a `script`
# typescript, `less -R`): colours and modes ESC [ ... letter, window titles ESC ] ... BEL, character-set
# switches ESC ( B.  They are no part of any value: taken out before a line is read, so "\x1b[1m4096"
# is never an unknown label nor a row shifted by one cell.
_CONTROLS = linre.compile(
    r"\x1b(?:\[[0-9;?]{0,32}[ -/]{0,4}[@-~]|\][^\x07\x1b\n]{0,512}(?:\x07|\x1b\\)|[()][0-9A-Za-z])"
)


# A pager's prompt copied with the output (`more`, `pg`): "--More--", "--More--(45%)", erased with
# backspaces or not.  Blanked, so line numbers stay those of the text; never a value nor a flag.
_PAGER = linre.compile(r"(?m)^[ \t]*--More--(?:\(\d{1,3}%\))?[\x08 \t]*$")


def without_controls(text: str) -> str:
    """``text`` without terminal control sequences and pager prompts (line ends already LF)."""
    if "\x1b" in text:
        text = _CONTROLS.sub("", text)
    return _PAGER.sub("", text) if "--More--" in text else text


def clean(text: str) -> str:
    """Plain-ASCII-spaced, LF-terminated text for pattern matching."""
    text = without_controls(text.replace("\r\n", "\n").replace("\r", "\n"))
    return text.replace("\u00a0", " ").replace("\u2007", " ").replace("\u202f", " ").replace("\ufeff", "")


_CHUNK = 1 << 16  # lines are cut from the text this many characters at a time: C-speed, bounded memory
_new_line = tuple.__new__


def _plain(raw: str) -> str:
    """``Line.text`` of a raw line; command output is nearly always ASCII without tabs, the fast case."""
    if raw.isascii():
        return (raw.expandtabs(8) if "\t" in raw else raw).rstrip()
    return clean(raw).expandtabs(8).rstrip()


Block = tuple[int, int, list[str], str, str]  # see ``_blocks``


def _blocks(text: str) -> Iterator[Block]:
    """The line-end normalised text (terminal control sequences taken out) about 64 KB at a time, cut at
    line ends: per piece (line number before it, offset of its first line, its complete lines without line
    ends, the text's last line when it has no line end and this is the final piece (else ""), the text)."""
    origin = without_controls(text.replace("\r\n", "\n").replace("\r", "\n"))
    size, pos, no = len(origin), 0, 0
    while pos < size:
        budget.check()
        end = origin.find("\n", min(pos + _CHUNK, size))
        final = end < 0
        raws = origin[pos : size if final else end].split("\n")
        last = raws.pop() if final else ""  # "" when the text ends with its line end: no line
        yield no, pos, raws, last, origin
        if final:
            return
        no += len(raws)
        pos = end + 1


def _line(no: int, raw: str, start: int, origin: str) -> Line:
    """The ``Line`` of a complete line (one with its line end)."""
    plain = raw.rstrip() if raw.isascii() and "\t" not in raw else _plain(raw)  # _plain, inlined
    return _new_line(Line, (no, raw, plain, False, start, origin))


def _cut_line(no: int, raw: str, start: int, origin: str) -> Line:
    """The ``Line`` of the text's last line when the text stops inside it (no line end)."""
    plain = _plain(raw)
    return _new_line(Line, (no, raw, plain, bool(plain.strip()), start, origin))


def iter_lines(text: str) -> Iterator[Line]:
    """Lines of ``text``, one at a time; the last one is marked ``cut`` when the text stops inside it.

    A copy that ends without a line end after a value ("Physical CPU Percentage : 1" of 10.00 %,
    a pool of "22" of 2265) is how a truncated paste looks: that value must not be trusted.
    Nothing per line outlives the loop but what the parser keeps: a 16 MiB output is not held
    a second time as a list of lines."""
    for no, start, raws, last, origin in _blocks(text):
        for raw in raws:
            no += 1
            plain = raw.rstrip() if raw.isascii() and "\t" not in raw else _plain(raw)  # _line, inlined
            yield _new_line(Line, (no, raw, plain, False, start, origin))
            start += len(raw) + 1
        if last:
            yield _cut_line(no + 1, last, start, origin)


def split_lines(text: str) -> list[Line]:
    """All lines of ``text`` at once, for a parser that must look ahead (see ``iter_lines``)."""
    return list(iter_lines(text))


def _blank(text: str) -> bool:
    """No line has anything but blanks (a byte-order mark counts as blank, as ``clean`` drops it)."""
    if "\ufeff" in text:
        text = text.replace("\ufeff", "")
    return not text or text.isspace()


def _checked(text: str, command: str, detect: Callable[[str], float], *, defer: bool = False) -> None:
    """ParseError at once when ``text`` is empty or has none of the command's marks; sets the number style
    (``defer``: read from the text only if a value needs it)."""
    if not isinstance(text, str):
        raise ParseError(f"{command}: expected text, got {type(text).__name__}")
    if _blank(text):
        raise ParseError(f"{command}: the output is empty")
    if detect(text[:DETECT_CHARS]) == 0:
        raise ParseError(f"{command}: this is not {command!r} output (none of its lines or labels found)")
    NUMBER_STYLE.set(_Deferred(text) if defer else number_style(text))


def ahead(lines: Iterator[Line]) -> Iterator[tuple[Line, Line | None]]:
    """Each line, and the next text line (blank lines between skipped: a double-spaced copy), to tell whether
    a terminal or a mail program broke the line there, maybe inside a value, which is then cut."""
    pending: list[Line] = []  # a text line and the blank lines after it
    for line in lines:
        if pending and line.text.strip():
            yield pending[0], line
            yield from ((blank, None) for blank in pending[1:])
            pending = []
        pending.append(line)
        if not line.text.strip() and len(pending) == 1:
            yield pending.pop(), None
    yield from ((line, None) for line in pending)


def lines_of(text: str, command: str, detect: Callable[[str], float]) -> Iterator[Line]:
    """Lines of ``text`` (``iter_lines``); ParseError at once when it is empty or has none of the command's marks."""
    _checked(text, command, detect)
    return iter_lines(text)


def blocks_of(text: str, command: str, detect: Callable[[str], float]) -> Iterator[Block]:
    """``lines_of`` for a listing's ``Listing.read``: the text's pieces of lines (``_blocks``).  A listing's
    values are words and whole numbers, so the output's number style (a third of lslpp -l's time, every word
    looked at) is read only if a value asks for it."""
    _checked(text, command, detect, defer=True)
    return _blocks(text)


def norm_label(label: str) -> str:
    return " ".join(label.split()).casefold()


def snake(label: str) -> str:
    """A command's label as a snake_case key: 'Max Packets on S/W Queue' -> 'max_packets_on_sw_queue'."""
    label = linre.sub(r"(^|[^A-Za-z])([A-Za-z])/([A-Za-z])", r"\1\2\3", label)
    label = label.replace("%", " pct ").replace("+", " ")
    return linre.sub(r"[^0-9a-z]+", "_", label.casefold()).strip("_")


DETECT_CHARS = 16 * 1024  # a command's marks show in its first lines: detection reads no further


def score(text: str, patterns: Iterable[linre.Pattern], enough: int) -> float:
    """Confidence 0..1: how many of a command's signature patterns occur in the text's head."""
    text = clean(text[:DETECT_CHARS])  # callers may pass the whole text
    hits = sum(1 for p in patterns if p.search(text))
    return min(1.0, hits / enough)


# --- value converters: return a typed value or raise Unreadable -----------------

_INT = linre.compile(r"[+-]?\d+")
_FLOAT = linre.compile(r"[+-]?(?:\d+(?:[.,]\d+)*|[.,]\d+)")

# --- separators: which of "." and "," is the decimal mark, decided from the whole output -------
#
# "12.288 MB" is 12288 MB in a German locale and 12.288 MB in an English one.  The values that show
# the locale are those only one reading allows: "0,50", "1,5" (comma decimal), "2.00", "1234.567"
# (point decimal), "1.234,5" or "1,234.5" (both marks, so grouping too).  A value whose reading
# depends on it ("12.288", "7,168": one to three digits, a mark, three digits) is read with the
# output's decimal mark; as grouped thousands only when the output groups elsewhere or the field is
# printed whole; otherwise it is refused with a warning.

POINT, COMMA = "point", "comma"  # the decimal mark


class Style(NamedTuple):
    decimal: str | None  # POINT, COMMA, or None: the output shows neither or both
    grouping: bool  # some number groups thousands beside a decimal mark ("1.234,5")
    mixed: bool = False  # numbers show both marks as decimal ("2.00" and "0,50")


class _Deferred(NamedTuple):
    """The style of ``text``, not read yet (``blocks_of``)."""

    text: str


UNSETTLED = Style(None, False)
NUMBER_STYLE: ContextVar[Style | _Deferred] = ContextVar("number_style", default=UNSETTLED)


def _output_style() -> Style:
    """The number style of the output being parsed (read from its text now when it was deferred)."""
    style = NUMBER_STYLE.get()
    if isinstance(style, _Deferred):
        style = number_style(style.text)
        NUMBER_STYLE.set(style)
    return style


_WORD_NUMBER = linre.compile(r"[(\[]?[+-]?(\d[\d.,]*)[A-Za-z%]*[)\],;:]?")
_GROUPS = {POINT: linre.compile(r"\d{1,3}(?:,\d{3})+"), COMMA: linre.compile(r"\d{1,3}(?:\.\d{3})+")}


def _style_of(number: str) -> str | None:
    """The decimal mark one number shows, or None when it could be either (or is no plain number)."""
    if "." in number and "," in number:
        mark = "," if number.rfind(",") > number.rfind(".") else "."
        whole = number.rsplit(mark, 1)[0]
        style = COMMA if mark == "," else POINT
        return style if _GROUPS[style].fullmatch(whole) else None
    mark = "," if "," in number else "."
    parts = number.split(mark)
    if len(parts) != 2 or not parts[0] or not parts[1]:
        return None  # no mark, or several: versions, dates, IP addresses
    if len(parts[1]) != 3 or len(parts[0]) > 3 or parts[0] == "0":
        return COMMA if mark == "," else POINT
    return None


def number_style(text: str) -> Style:
    """The decimal mark the output's numbers show (None when none or both), and whether any groups.

    Read over the whole output, a piece at a time; only words with a "." or "," can show a mark."""
    seen: set[str] = set()
    grouping = False
    known: dict[str, tuple[str | None, bool]] = {}  # words repeat (levels, sizes): each is read once
    size, pos = len(text), 0
    while pos < size and not (grouping and len(seen) == 2):
        budget.check()
        end = text.find("\n", min(pos + _CHUNK, size))
        end = size if end < 0 else end
        piece, pos = text[pos:end], end + 1
        if "." not in piece and "," not in piece:
            continue
        for word in piece.split():
            if "." not in word and "," not in word or word.lstrip("([+-")[:1] not in _DIGITS:
                continue  # _WORD_NUMBER needs a digit after at most "(" or "[" and a sign: not a number
            shown = known.get(word)
            if shown is None:
                shown = _shows(word)
                if len(known) < _KNOWN_WORDS:
                    known[word] = shown
            if shown[0] is not None:
                seen.add(shown[0])
                grouping = grouping or shown[1]
    return Style(seen.pop() if len(seen) == 1 else None, grouping, len(seen) == 2)


_KNOWN_WORDS = 4096
_DIGITS = frozenset("0123456789")


def _shows(word: str) -> tuple[str | None, bool]:
    """(the decimal mark one word shows or None, whether it groups thousands too)."""
    m = _WORD_NUMBER.fullmatch(word)
    if m is None:
        return None, False
    number = m.group(1).rstrip(".,")
    style = _style_of(number)
    return style, style is not None and "." in number and "," in number


def _decimal(raw: str, *, whole: bool = False) -> float:
    """A number in the output's locale; ``whole`` fields (printed without fraction) read marks as grouping."""
    return _read(raw, whole)[0]


def _read(raw: str, whole: bool) -> tuple[float, bool]:
    """(value, written without a fraction)."""
    sign = -1.0 if raw.startswith("-") else 1.0
    number = raw.lstrip("+-")
    if "." not in number and "," not in number:
        return sign * float(number), True
    style = _style_of(number)
    if style is None:
        style = _grouping_style(number, whole)
    mark, group = (",", ".") if style == COMMA else (".", ",")
    return sign * float(number.replace(group, "").replace(mark, ".")), mark not in number


def _grouping_style(number: str, whole: bool) -> str:
    """The style to read a number with one kind of mark that the number alone does not settle."""
    mark = "," if "," in number else "."
    decimal_style, group_style = (COMMA, POINT) if mark == "," else (POINT, COMMA)
    if "," in number and "." in number or not _GROUPS[group_style].fullmatch(number):
        raise Unreadable("not a number")
    output, several = _output_style(), number.count(mark) > 1
    if output.decimal == decimal_style:
        if several or whole:
            raise Unreadable(f"{mark!r} is this output's decimal mark, yet the value groups digits with it")
        return decimal_style
    if whole or (output.decimal == group_style and output.grouping):
        return group_style
    if output.decimal is None and several:
        return group_style
    raise Unreadable(
        f"ambiguous: {mark!r} may be a decimal or a thousands separator "
        + (
            "(the output's other numbers do not show which its locale uses)"
            if output.decimal is None
            else "(it is not this output's decimal mark, but no other value groups thousands)"
        )
    )


# French, Swedish, Polish... group thousands with a blank ("12 288 MB"; the no-break and narrow no-break
# spaces terminals copy are blanks here).  A blank is never a decimal mark, so a labelled value that is
# one to three digits followed by groups of exactly three, each after one blank, is one number; a mark
# after the groups is its decimal mark, unless the output's other numbers use the other one or group
# thousands with a mark (mixed locales: refused).  Digits parted by blanks in any other way ("12 28",
# "1 2345", "12  288") may be two numbers or a broken copy: refused, never joined.
# Swiss German and Italian group them with an apostrophe ("24'576 MB", also the typographic ’): read by the same
# rule, one kind of separator in a number.
_BLANK_IN_NUMBER = linre.compile(r"[+-]?\d+[ '\x{2019}]\d")
_BLANK_GROUPED = linre.compile(
    r"([+-]?\d{1,3}(?:(?: \d{3})+|(?:'\d{3})+|(?:\x{2019}\d{3})+))([.,]\d+)?((?:\s*[A-Za-z%].*)?)"
)


def _ungrouped(raw: str) -> str:
    """``raw`` with blank- or apostrophe-grouped thousands joined ("12 288,5 MB" -> "12288,5 MB", "24'576 MB"
    -> "24576 MB"), or as it is."""
    text = raw.strip()
    if _BLANK_IN_NUMBER.match(text) is None:
        return raw
    m = _BLANK_GROUPED.fullmatch(text)
    if m is None:
        raise Unreadable(
            "ambiguous: digits parted by blanks or apostrophes that are not groups of three "
            "(two numbers, or a broken copy)"
        )
    fraction = m.group(2) or ""
    if _output_style().grouping:
        raise Unreadable("the value groups thousands with blanks, the output's other numbers with a mark")
    if fraction:
        style = COMMA if fraction[0] == "," else POINT
        output = _output_style()
        if output.mixed or (output.decimal is not None and output.decimal != style):
            raise Unreadable(
                f"the value groups thousands with blanks and uses {fraction[0]!r} as decimal mark, "
                f"the output's other numbers the other mark"
            )
    return m.group(1).replace(" ", "").replace("'", "").replace("\u2019", "") + fraction + m.group(3)


def as_str(raw: str) -> str:
    """Text as shown, with runs of blanks made one: padding is layout, not content."""
    return " ".join(raw.split())


def as_int(raw: str) -> int:
    raw = _ungrouped(raw)
    if _INT.fullmatch(raw):
        return int(raw)
    if _FLOAT.fullmatch(raw):
        value = _decimal(raw, whole=True)
        if value.is_integer():
            return int(value)
    raise Unreadable("not a whole number")


def as_float(raw: str) -> float:
    raw = _ungrouped(raw)
    if not _FLOAT.fullmatch(raw):
        raise Unreadable("not a number")
    return _decimal(raw)


def as_number(raw: str) -> int | float:
    raw = _ungrouped(raw)
    return int(raw) if _INT.fullmatch(raw) else as_float(raw)


def as_pct(raw: str) -> float:
    return as_float(raw.strip().removesuffix("%").strip())


def as_bool(raw: str) -> bool:
    word = raw.strip().casefold()
    if word in {"enabled", "true", "yes", "on"}:
        return True
    if word in {"disabled", "false", "no", "off"}:
        return False
    raise Unreadable("not a yes/no value")


def size_in(unit: str, *, default_unit: str | None = None, whole: bool = False) -> Callable[[str], int | float]:
    """Converter for '8192 MB', '3.50G', '512.00 KB' to ``unit`` (kb|mb|gb), binary multiples.

    Without a unit suffix the value is refused unless the command states the
    unit elsewhere (``default_unit``): a bare number must not be given a unit
    by guessing.  ``whole``: the command prints this size without a fraction
    (lparstat's MB), so "12.288 MB" groups thousands unless the output's own
    numbers show "." as its decimal mark.
    """
    target = _UNIT_IN_MB[unit]
    pattern = linre.compile(r"([+-]?(?:\d+(?:[.,]\d+)*|[.,]\d+))\s*(?:([BKMGT])(?:i?B)?(?:ytes)?)?", linre.I)

    def convert(raw: str) -> int | float:
        m = pattern.fullmatch(_ungrouped(raw).strip())
        if not m:
            raise Unreadable(f"not a size in {unit.upper()}")
        suffix = (m.group(2) or "").upper()
        if not suffix:
            if default_unit is None:
                raise Unreadable("size without a unit")
            suffix = default_unit[0].upper()
        number, integral = _read(m.group(1), whole)
        value = round(number * _SIZE_FACTORS[suffix] / target, 6)
        return int(value) if integral and value.is_integer() else value

    return convert


def multiplied(raw: str) -> int:
    """'8M' -> 8388608, '1K' -> 1024, '8E-1' -> 2**63 - 1: the K/M/G/T/P/E suffixes AIX tunable tables
    use, with the "-1" their maxima carry (8E-1 is the largest 64-bit value)."""
    m = linre.fullmatch(r"(\d+)([KMGTPE]?)(-1)?", raw.strip())
    if not m:
        raise Unreadable("not a number with an optional K/M/G/T/P/E suffix")
    return int(m.group(1)) * 1024 ** "_KMGTPE".index(m.group(2) or "_") - (1 if m.group(3) else 0)


# --- result building ---------------------------------------------------------------


_KNOWN, _UNKNOWN = 1, 2
Put = Callable[[tuple[str, ...], tuple[Any, ...], Line], None]  # Listing.put


class Builder:
    """Collects values, provenance and warnings while a parser walks the lines.

    The line loop (``iter_lines``) checks the CPU budget; the methods here are called per value and
    stay cheap: no per-value objects beyond the value itself (see ``ProvenanceMap``)."""

    def __init__(self, command: str) -> None:
        self.command = command
        self.data: dict[str, Any] = {}
        self.warnings: list[ParseWarning] = []
        self.provenance = ProvenanceMap(command)
        self._lines = bytearray()  # per line number: _KNOWN and _UNKNOWN bits (a set of ints is 60 bytes a line)
        self._rows: dict[str, list[dict[str, Any]]] = {}
        self._cut_warned = False

    def _mark(self, no: int, bit: int) -> None:
        marks = self._lines
        if no >= len(marks):
            marks.extend(bytes(no + 1 - len(marks) + len(marks) // 2))
        marks[no] |= bit

    def known(self, line: Line) -> None:
        """The line belongs to the command's output but carries no value we keep."""
        self._mark(line.no, _KNOWN)

    def warn(self, line: Line, reason: str) -> None:
        self._mark(line.no, _KNOWN)
        self.warnings.append(ParseWarning(command=self.command, line_no=line.no, line=line.raw, reason=reason))

    def unknown(self, line: Line, reason: str = "line not recognised; skipped") -> None:
        self._mark(line.no, _UNKNOWN)
        self.warnings.append(ParseWarning(command=self.command, line_no=line.no, line=line.raw, reason=reason))

    def has(self, key: str) -> bool:
        return key in self.provenance

    def _cut(self, line: Line, key: str) -> bool:
        """True (and a warning) when ``line`` is where the text stops: its value may be cut off."""
        if line.cut and not self._cut_warned:
            self._cut_warned = True
            self.warn(
                line, f"{key}: the output ends inside this line (no line end): the value may be cut off; left out"
            )
        return line.cut

    def put(self, key: str, value: Any, line: Line) -> None:
        if line.cut and self._cut(line, key):
            return
        if key in self.provenance:
            if _get(self.data, key) != value:
                self.warn(line, f"{key}: repeated with a different value; first value kept")
            else:
                self.known(line)
            return
        if not _set(self.data, key, value):
            self.warn(line, f"{key}: clashes with another value of the same name; left out")
            return
        self._mark(line.no, _KNOWN)
        self._record(key, value, line)

    def _record(self, key: str, value: Any, line: Line) -> None:
        for leaf in leaves(value, key):
            self.provenance.add(leaf, line.no, line.raw, line.start, line.origin)

    def append(self, key: str, item: Any, line: Line) -> None:
        """Add ``item`` to the list of scalars at ``key``; provenance is its first line."""
        items = _get(self.data, key)
        if line.cut and self._cut(line, key):
            return
        if items is None:
            self.put(key, [item], line)
        else:
            items.append(item)
            self._mark(line.no, _KNOWN)

    def put_row(self, key: str, row: dict[str, Any], line: Line) -> None:
        """Append a table row to the list at ``key``; provenance per field: key.N.field."""
        no, raw, _, cut, start, origin = line
        if cut and self._cut(line, f"{key} row"):
            return
        rows = self._rows.get(key)
        if rows is None:
            rows = self._rows[key] = []
            _set(self.data, key, rows)
        marks = self._lines
        if no >= len(marks):
            marks.extend(bytes(no + 1 - len(marks) + len(marks) // 2))
        marks[no] |= _KNOWN  # _mark, inlined: this runs once per row of a listing
        self.provenance.add_row(key, len(rows), row, no, raw, start, origin)
        rows.append(row)

    def listing(self, key: str) -> Listing:
        """The rows of a big listing at ``key``, stored by column (``Rows``), with the same provenance as
        ``put_row``: ``Listing.put`` per row, or ``Listing.read`` for the whole text."""
        return Listing(self, key)

    def value(self, key: str, raw: str, convert: Callable[[str], Any], line: Line) -> Any:
        """Convert and store ``raw``; unset or unreadable values become warnings."""
        raw = raw.strip()
        if line.cut and self._cut(line, key):
            return None
        if raw in UNSET:
            self.warn(line, f"{key}: no value ({raw or 'empty'}); left out")
            return None
        try:
            converted = convert(raw)
        except Unreadable as err:
            self.warn(line, f"{key}: cannot read {raw!r} ({err}); left out")
            return None
        self.put(key, converted, line)
        return converted

    def finish(self, *, allow_empty: bool = False) -> ParseResult:
        marks = self._lines
        known = marks.count(_KNOWN) + marks.count(_KNOWN | _UNKNOWN)
        unknown = marks.count(_UNKNOWN) + marks.count(_KNOWN | _UNKNOWN)
        if not self.data and not allow_empty:
            raise ParseError(f"{self.command}: no {self.command!r} output found in the text")
        if unknown > 2 * known + 2:
            raise ParseError(
                f"{self.command}: {unknown} of {known + unknown} non-blank lines are not "
                f"{self.command!r} output; is this another command's output?"
            )
        return ParseResult(command=self.command, data=self.data, warnings=self.warnings, provenance=self.provenance)


Row = tuple[tuple[str, ...], tuple[Any, ...]]  # (keys, values) of a row of a listing
Fast = Callable[[str], "Row | None"]  # Listing.read's per-line test
_PLAIN = bytes(range(0x20, 0x7F)) + b"\n"  # printable ASCII and the line end
_MARK_KNOWN = bytes(mark | _KNOWN for mark in range(256))  # marks.translate: each line's mark |= _KNOWN
_FOUND = partial(is_not, None)  # C-level tests and getters: a run of rows has no Python call but fast's
_KEYS, _VALUES = itemgetter(0), itemgetter(1)


def _printable_only(fast: Fast, raw: str) -> Row | None:
    """``fast(raw)`` for a line of printable ASCII, None for any other."""
    return fast(raw) if raw.isascii() and raw.isprintable() else None


class Listing:
    """The rows of one big listing (lsdev, lslpp -l, ps -eZ): a row ``dict(zip(keys, values))`` of scalar
    values per line, stored by column at ``key`` (``Rows``) with the provenance ``put_row`` gives.

    ``put`` and ``read`` run per row of a multi-MB listing: the common case (a line of the text, the same
    ``keys`` object as the row before) only appends to arrays and lists."""

    __slots__ = ("out", "key", "rows", "table", "last", "shape", "pending", "text")

    def __init__(self, out: Builder, key: str) -> None:
        self.out, self.key = out, key
        self.rows = Rows()
        self.table = out.provenance.open_rows(key)
        self.last: tuple[str, ...] | None = None  # the keys of the row before, when it took the fast path
        self.shape, self.pending = 0, list[tuple[Any, ...]]()
        self.text: object = object()  # the provenance's text, once set and short enough to point into

    def put(self, keys: tuple[str, ...], values: tuple[Any, ...], line: Line) -> None:
        """One row read from ``line``.  Pass one ``keys`` tuple for all rows of a layout."""
        no, raw, _, cut, start, origin = line
        if origin is not self.text or cut or start < 0:  # (within text, line numbers and offsets fit)
            self._slow(keys, values, line)
            return
        if keys is not self.last:
            self._layout(keys)
        prov = self.out.provenance
        if prov._open is not self.table:
            prov.open_rows(self.key)
        marks = self.out._lines
        if no >= len(marks):
            marks.extend(bytes(no + 1 - len(marks) + len(marks) // 2))
        marks[no] |= _KNOWN
        self.table.where.append(no << SHIFT | start)
        self.table.shapes.append(self.shape)
        self.pending.append(values)
        if len(self.pending) >= BATCH:
            self.rows.flush()

    def read(self, blocks: Iterable[Block], fast: Fast, slow: Callable[[Line], None]) -> None:
        """Every line of ``blocks`` (``blocks_of``) in order, the parser's loop.

        ``fast(raw)`` gets a line of printable ASCII as it is in the text (no line end; it may end in
        spaces, which ``Line.text`` has not) and gives ``(keys, values)`` exactly when the parser, given
        that line, would only ``put`` that row; it may keep state of the parser's own (a line it gives None
        for is read again by ``slow``), never touch the builder.  Every other line goes to ``slow`` as a
        ``Line``.  A run of rows of ``fast`` is stored with C-level passes (``_run``): no ``Line``, no
        Python loop per row, so most of a listing's lines cost the parser's split and test alone."""
        prov, table, marks = self.out.provenance, self.table, self.out._lines
        for no, start, raws, final, origin in blocks:
            if len(marks) <= no + len(raws):  # every line of the block can be marked without a test
                marks.extend(bytes(no + len(raws) + 1 - len(marks) + len(marks) // 2))
            starts = list(map(add, accumulate(map(len, raws), initial=start), count()))  # of each line, and after
            piece = origin[start : starts[-1] - 1] if raws else ""
            plain = piece.isascii() and not piece.encode().translate(None, _PLAIN)  # 1 ns a character, 1/4 of
            del piece  # isprintable()'s: a block of printable ASCII lines is nearly always what a listing is
            found = map(fast if plain else partial(_printable_only, fast), raws)
            at, size = 0, len(raws)
            while at < size:
                run = cast("list[Row]", list(takewhile(_FOUND, found)))  # fast's rows up to the first None
                if run:
                    self._run(run, raws, starts, at, no + 1 + at, origin)
                    at += len(run)
                if at < size:  # that line: the full way
                    slow(_line(no + 1 + at, raws[at], starts[at], origin))
                    at += 1
            no += size
            if final:
                line = _cut_line(no + 1, final, starts[-1], origin)
                row = _printable_only(fast, final)
                if row is None:
                    slow(line)
                else:
                    self.put(row[0], row[1], line)
            if prov._open is not table:  # the builder logged another value: rows go on after it
                prov.open_rows(self.key)
        if isinstance(NUMBER_STYLE.get(), _Deferred):  # the parse is over: let go of its text
            NUMBER_STYLE.set(UNSETTLED)

    def _run(
        self,
        run: list[Row],
        raws: list[str],
        starts: list[int],
        at: int,
        no: int,
        origin: str,
    ) -> None:
        """Rows ``run`` read from ``raws[at:]`` (line ``no`` on, starting at ``starts[at:]``): what ``put``
        does per row, a layout's rows at a time (marks, provenance arrays, the ``Rows`` batch)."""
        prov, table, marks = self.out.provenance, self.table, self.out._lines
        first = 0
        while first < len(run) and origin is not self.text:  # the listing's first row sets the provenance's text
            self.put(*run[first], _line(no + first, raws[at + first], starts[at + first], origin))
            first += 1
        if prov._open is not table:
            prov.open_rows(self.key)
        for keys, group in groupby(islice(run, first, None), key=_KEYS):
            values = list(map(_VALUES, group))
            size, line, begin = len(values), no + first, at + first
            if keys is not self.last:
                self._layout(keys)
            marks[line : line + size] = marks[line : line + size].translate(_MARK_KNOWN)
            table.where.extend(
                map(or_, map(lshift, range(line, line + size), repeat(SHIFT)), starts[begin : begin + size])
            )
            table.shapes.extend(repeat(self.shape, size))
            pending = self.pending
            done = 0
            while done < size:  # the Rows batches stay BATCH rows each
                room = BATCH - len(pending)
                pending.extend(values[done : done + room])
                done += room
                if len(pending) >= BATCH:
                    self.rows.flush()
            first += size

    def _layout(self, keys: tuple[str, ...]) -> None:
        """Start a run of rows with ``keys`` (the first row of a layout, or one after a slow row)."""
        if not self.rows:
            _set(self.out.data, self.key, self.rows)
        self.last, self.shape, self.pending = keys, self.out.provenance.shape_id(keys), self.rows.pending(keys)

    def _slow(self, keys: tuple[str, ...], values: tuple[Any, ...], line: Line) -> None:
        """The first row, a cut line, or a line the provenance cannot point into."""
        out = self.out
        if line.cut and out._cut(line, f"{self.key} row"):
            return
        if not self.rows:
            _set(out.data, self.key, self.rows)
        out._mark(line.no, _KNOWN)
        out.provenance.add_keys(self.key, len(self.table.where), keys, line.no, line.raw, line.start, line.origin)
        self.rows.add(keys, values)
        self.last = None  # the next row takes the fast path's state afresh
        prov_text = out.provenance._text
        if prov_text is not None and len(prov_text) < LOW:
            self.text = prov_text


def _set(data: dict[str, Any], key: str, value: Any) -> bool:
    """Store at a dotted key; False when a scalar stands where a section is needed, or the reverse."""
    *parents, last = key.split(".")
    for part in parents:
        data = data.setdefault(part, {})
        if not isinstance(data, dict):
            return False
    if isinstance(data.get(last), dict):
        return False
    data[last] = value
    return True


def _get(data: Any, key: str) -> Any:
    for part in key.split("."):
        if not isinstance(data, dict) or part not in data:
            return None
        data = data[part]
    return data


_LABEL = linre.compile(r"[A-Za-z0-9][\w .,/()%+'-]*")


def split_kv(text: str) -> tuple[str, str] | None:
    """'Label   : value' -> ('Label', 'value'); None when there is no colon or no label."""
    label, found, value = text.partition(":")
    if not found or not _LABEL.fullmatch(label.strip()):
        return None
    return label.strip(), value.strip()


Spec = dict[str, tuple[str, Callable[[str], Any]]]


def spec(fields: dict[str, tuple[str, Callable[[str], Any]]]) -> Spec:
    """A label -> (key, converter) table, matched ignoring case and spacing."""
    return {norm_label(label): entry for label, entry in fields.items()}
