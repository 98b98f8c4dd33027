"""A text hard-wrapped at a fixed width (a narrow terminal, a copy from a console): read it twice, keep what agrees.

A terminal breaks every line longer than its width N into pieces of exactly N characters, wherever the cut
falls, inside a number too: ``8192`` becomes ``8`` / ``192``.  Each reader handles the wraps its format shows
for sure; this is the net under all of them, so that a shape no reader foresaw still cannot come out as a
shorter number.  When the longest lines of a text are all exactly N long and go on in the next line, the text
is read as it is and again with every N-long line joined to the next one (the wrap undone).  The join is not
sure either (a line that was exactly N long is joined to a line of its own), so only a value both readings
give alike is kept; every other value of the wrapped lines is left out with a warning naming its line and the
width, and a listing whose rows differ is marked not whole (nothing is counted over it).

Bounded: the width is decided from the text's first 16 KB, the join is one pass over the lines, and a text
over 256 KB (no terminal paste is) is not read twice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from difflib import SequenceMatcher
from typing import Any

from .base import NOT_WHOLE, ParseError, ParseResult, ParseWarning, Provenance, ProvenanceMap
from .rows import Rows

HEAD = 16384  # the width is decided from this much of the text (as a command is detected)
MAX_TEXT = 262144  # a longer text is read once (a paste of a terminal is far shorter)
MIN_WIDTH = 20  # no terminal is narrower
MAX_LOOKS = 256  # N-long lines looked at (a listing's rows may all be that long)
MIN_RESTS = 2  # N-long lines going on in a rest line (one alone is as often a longest line and the next)
_GONE: Any = object()


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _length(line: str) -> int:
    return len(line) - line.endswith("\r")


def wrap_width(text: str) -> int | None:
    """N when the text looks broken by a terminal N wide: no line is longer than N, and N-long lines go on in
    a next line that is not a row of the same listing (it opens as the N-long line does, or its columns start
    or end where that line's do), at least once inside a word (the cut falls anywhere).  A text this takes
    for wrapped that was not is read as it is (``read_twice`` asks the reader)."""
    if len(text) > MAX_TEXT:
        return None
    lines = _lines(text[:HEAD])
    width = max(map(_length, lines), default=0)
    if width < MIN_WIDTH:
        return None
    inside = rests = looked = 0
    for line, nxt in zip(lines, lines[1:], strict=False):
        if _length(line) != width or line.endswith("\r") or not nxt.strip():
            continue
        looked += 1
        if looked > MAX_LOOKS:  # rows as long as the longest, and no rest among the first ones
            break
        rule = set(line.strip())
        if len(rule) == 1:  # a rule (-----): wrapped when its rest follows
            rests += set(nxt.strip()) == rule
            continue
        if line[:3] == nxt[:3] or _aligned(line.rstrip(), nxt.rstrip()):  # a row of the same listing
            continue
        rests += 1
        inside += line[-1] != " " and nxt[0] != " "
        if inside and rests >= MIN_RESTS:
            return width
    return None


def _columns(line: str) -> tuple[set[int], set[int]]:
    """Where the line's columns (text after two blanks or more) start and end: left- and right-aligned columns."""
    starts: set[int] = set()
    ends: set[int] = set()
    at = line.find("  ")
    while at >= 0:
        start = len(line) - len(line[at:].lstrip(" "))
        if start >= len(line):
            break
        end = line.find("  ", start)
        starts.add(start)
        ends.add((len(line) if end < 0 else end) - 1)
        at = end
    return starts, ends


def _aligned(line: str, nxt: str) -> bool:
    """``nxt`` is a row of ``line``'s table: all its columns but one start, or end, where ``line``'s do, or both
    end in a last column starting at the same place (a rest of a line starts or ends there only by chance)."""
    (starts, ends), (line_starts, line_ends) = _columns(nxt), _columns(line)
    if starts and len(starts & line_starts) >= max(1, len(starts) - 1):
        return True
    if ends and len(ends & line_ends) >= max(1, len(ends) - 1):
        return True
    return len(line) == len(nxt) and " " in nxt and line.rfind(" ") == nxt.rfind(" ")


def joined(text: str, width: int, apart: frozenset[int] = frozenset()) -> tuple[str, list[int]]:
    """The text with every ``width``-long line joined to the next (but the lines numbered in ``apart``), and the
    first piece's line number (from 1) of each line of the joined text."""
    out: list[str] = []
    first: list[int] = []
    pending = ""
    start = 0
    for no, line in enumerate(_lines(text), 1):
        if not pending:
            start = no
        pending += line
        if _length(line) == width and not line.endswith("\r") and no not in apart:
            continue
        out.append(pending)
        first.append(start)
        pending = ""
    if pending:
        out.append(pending)
        first.append(start)
    return "\n".join(out), first


def read_twice(text: str, parse: Callable[[str], ParseResult], result: ParseResult) -> ParseResult:
    """``result`` (``parse(text)``) with only what the wrap-undone reading confirms, when the text is wrapped.

    A joined line the reader warns about may have been two lines (the first exactly as long as the wrap): the
    text is read again with those lines apart, and that reading taken if the reader warns less.  The text
    counts as wrapped when the reader warned about one of the lines the joins put together, or warns less
    once they are joined; when it cannot read the joined text at all, the values read from those lines are left out."""
    width = wrap_width(text)
    if width is None:
        return result
    lines = text.count("\n") + 1
    whole_text, first = joined(text, width)
    try:
        whole = parse(whole_text)
        apart = frozenset(_pieces_warned(whole, first, lines))
        if apart:
            again_text, again_first = joined(text, width, apart)
            again = parse(again_text)
            if len(again.warnings) < len(whole.warnings):
                whole, first = again, again_first
    except ParseError:
        pieces = _pieces(first, lines)
        if not any(w.line_no in pieces for w in result.warnings):
            return result
        whole = result.model_copy(update={"data": _unsure(result.data, "", result.provenance, pieces)})
        return _agreed(result, whole, width, text, first)
    if whole.data == result.data:
        return result
    pieces = _pieces(first, lines)
    if len(whole.warnings) >= len(result.warnings) and not any(w.line_no in pieces for w in result.warnings):
        return result  # the joins mended nothing the reader saw: the text was not wrapped, or not so
    return _agreed(result, whole, width, text, first)


def _pieces(first: list[int], lines: int) -> set[int]:
    """The lines the joins put together (their numbers in the text as it is)."""
    ends = [*first[1:], lines + 1]
    return {no for start, end in zip(first, ends, strict=True) if end - start > 1 for no in range(start, end)}


_UNSURE: Any = object()  # a value read from a line the joins would have put together: never alike


def _unsure(data: Any, key: str, provenance: ProvenanceMap, pieces: set[int]) -> Any:
    """``data`` with every value read from one of ``pieces`` replaced by ``_UNSURE``."""
    if isinstance(data, dict):
        return {k: _unsure(v, f"{key}.{k}" if key else k, provenance, pieces) for k, v in data.items()}
    if _is_rows(data):
        return [_unsure(row, f"{key}.{i}", provenance, pieces) for i, row in enumerate(data)]
    where = _line_of(provenance, key)
    return _UNSURE if where is None or where.line_no in pieces else data


def _pieces_warned(result: ParseResult, first: list[int], lines: int) -> Iterator[int]:
    """The lines joined into a line the reader warned about."""
    for warning in result.warnings:
        at = warning.line_no - 1
        if 0 <= at < len(first):
            end = first[at + 1] if at + 1 < len(first) else lines + 1
            if end - first[at] > 1:
                yield from range(first[at], end)


# --- the values both readings give ---------------------------------------------------------------------------


def _is_rows(value: Any) -> bool:
    return isinstance(value, list | Rows) and bool(value) and all(isinstance(x, dict) for x in value)


class _Merge:
    """The values of ``cut`` (the text as it is) that ``whole`` (the wrap undone) gives alike, each with the
    provenance key it had in ``cut``; what was left out, by ``cut``'s key (or ``whole``'s)."""

    def __init__(self) -> None:
        self.kept: dict[str, str] = {}  # final provenance key -> cut's provenance key
        self.left_out: list[tuple[str, str]] = []  # (reading, key): "cut" or "whole"
        self.not_whole: list[str] = []  # listings whose rows differ

    def value(self, cut: Any, whole: Any, key: str, cut_key: str) -> Any:
        if isinstance(cut, dict) and isinstance(whole, dict):
            out = {}
            for k, v in cut.items():
                sub, sub_cut = f"{key}.{k}" if key else k, f"{cut_key}.{k}" if cut_key else k
                if k not in whole:
                    self.left_out.append(("cut", sub_cut))
                    if _is_rows(v):
                        self.not_whole.append(sub_cut)
                    continue
                got = self.value(v, whole[k], sub, sub_cut)
                if got is not _GONE:
                    out[k] = got
            for k, v in whole.items():
                if k not in cut:
                    self.left_out.append(("whole", f"{key}.{k}" if key else k))
                    if _is_rows(v):
                        self.not_whole.append(f"{key}.{k}" if key else k)
            return out if out or not cut else _GONE
        if _is_rows(cut) and _is_rows(whole):
            return self._rows(list(cut), list(whole), key, cut_key)
        if _same(cut, whole):
            self.kept[key] = cut_key
            return cut
        self.left_out.append(("cut", cut_key))
        return _GONE

    def _rows(self, cut: list[dict[str, Any]], whole: list[dict[str, Any]], key: str, cut_key: str) -> Any:
        """Rows alike by position when both readings have as many; otherwise only the rows both give whole
        (the listing is then marked not whole)."""
        if len(cut) == len(whole):
            pairs = [(i, whole[i]) for i in range(len(cut))]
        else:
            self.not_whole.append(cut_key)
            matcher = SequenceMatcher(None, [repr(r) for r in cut], [repr(r) for r in whole], autojunk=False)
            same = {b.a + k for b in matcher.get_matching_blocks() for k in range(b.size)}
            pairs = [(i, cut[i]) for i in sorted(same)]
            self.left_out += [("cut", f"{cut_key}.{i}") for i in range(len(cut)) if i not in same]
        out: list[dict[str, Any]] = []
        for i, other in pairs:
            got = self.value(cut[i], other, f"{key}.{len(out)}", f"{cut_key}.{i}")
            if got is not _GONE and got:
                out.append(got)
        if len(out) < len(cut) and cut_key not in self.not_whole:
            self.not_whole.append(cut_key)
        return out if out else _GONE


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return a == b or abs(a - b) <= 1e-9 * max(abs(a), abs(b))
    return bool(type(a) is type(b) and a == b)


def _line_of(provenance: ProvenanceMap, key: str) -> Provenance | None:
    for candidate in (key, *_parents(key)):
        if candidate in provenance:
            return provenance[candidate]
    prefix = key + "."
    for k, prov in provenance.items():
        if k.startswith(prefix):
            return prov
    return None


def _parents(key: str) -> Iterator[str]:
    while "." in key:
        key = key.rsplit(".", 1)[0]
        yield key


def _agreed(cut: ParseResult, whole: ParseResult, width: int, text: str, first: list[int]) -> ParseResult:
    merge = _Merge()
    data = merge.value(cut.data, whole.data, "", "")
    data = data if data is not _GONE else {}
    provenance = ProvenanceMap.of({k: cut.provenance[c] for k, c in merge.kept.items() if c in cut.provenance})
    lines = _lines(text)
    by_line: dict[int, list[str]] = {}
    for reading, key in merge.left_out:
        if reading == "cut":
            prov = _line_of(cut.provenance, key)
            line_no = prov.line_no if prov else 0
        else:
            prov = _line_of(whole.provenance, key)
            line_no = first[prov.line_no - 1] if prov and 0 < prov.line_no <= len(first) else 0
        by_line.setdefault(line_no, []).append(key)
    warnings = list(cut.warnings)
    for line_no, keys in sorted(by_line.items()):
        shown = ", ".join(sorted(set(keys))[:4]) + (" ..." if len(set(keys)) > 4 else "")
        warnings.append(
            ParseWarning(
                command=cut.command,
                line_no=line_no,
                line=lines[line_no - 1] if 0 < line_no <= len(lines) else "",
                reason=f"the text is wrapped at {width} columns and this line's values read differently with the "
                f"wrapped lines joined: left out ({shown})",
            )
        )
    for key in merge.not_whole:
        warnings.append(
            ParseWarning(
                command=cut.command,
                line_no=0,
                line="",
                reason=f"{key}: rows read differently with the text's {width}-column wraps joined; {NOT_WHOLE}",
            )
        )
    return cut.model_copy(update={"data": data, "provenance": provenance, "warnings": warnings})
