"""Message templates: `{ame.expansion_factor}`, `{derived.vios_required_memory_mb:.0f}`, and two guards for
values a document may lack, so a sentence never shows a value the document does not have:

- `[[ on {processor}]]` is an optional segment: it is left out when any placeholder inside has no value.
- `{derived.ame_fix_add_memory_mb:.0f|<MB>}` has a fallback: the text after `|` stands in for a missing
  value (for commands, where a `<MB>` slot the admin fills is the honest answer).

The loader refuses a placeholder of an optional field that has neither guard (advisor/rulebook/loader.py).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from advisor import linre

PLACEHOLDER = linre.compile(r"\{([A-Za-z_][A-Za-z0-9_.]*)(?::([^{}|]*))?(?:\|([^{}]*))?\}")
SEGMENT = linre.compile(r"\[\[([^\[\]]*)\]\]")


def placeholders(text: str) -> list[str]:
    return [m.group(1) for m in PLACEHOLDER.finditer(text)]


def unguarded(text: str) -> list[str]:
    """Placeholders outside every optional segment and without a fallback."""
    outside = SEGMENT.sub("", text)
    return [m.group(1) for m in PLACEHOLDER.finditer(outside) if m.group(3) is None]


def _show(value: Any, spec: str | None) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value) if value else "none"
    if spec:
        try:
            return format(value, spec)
        except (ValueError, TypeError):
            return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


@lru_cache(maxsize=8192)
def _parts(text: str) -> tuple[str | tuple[str, str | None, str | None], ...]:
    """A template split once into literal text and (path, format spec, fallback) placeholders: rules
    render the same few hundred texts for every finding."""
    parts: list[str | tuple[str, str | None, str | None]] = []
    at = 0
    for m in PLACEHOLDER.finditer(text):
        parts += [text[at : m.start()], (m.group(1), m.group(2), m.group(3))]
        at = m.end()
    parts.append(text[at:])
    return tuple(parts)


def _fill(text: str, lookup: Callable[[str], Any]) -> str:
    if "{" not in text:
        return text
    out = []
    for part in _parts(text):
        if isinstance(part, str):
            out.append(part)
            continue
        path, spec, fallback = part
        value = lookup(path)
        if value is None:
            out.append(fallback if fallback is not None else "n/a")  # unreachable for rules the loader accepted
        else:
            out.append(_show(value, spec))
    return "".join(out)


_DROPPED, _KEPT = "\x00", "\x01"


@lru_cache(maxsize=4096)
def _segments(text: str) -> tuple[str | tuple[str, tuple[str, ...]], ...]:
    """A template split once into the text outside optional segments and (inner text, its
    placeholders) per segment."""
    parts: list[str | tuple[str, tuple[str, ...]]] = []
    at = 0
    for m in SEGMENT.finditer(text):
        parts += [text[at : m.start()], (m.group(1), tuple(placeholders(m.group(1))))]
        at = m.end()
    parts.append(text[at:])
    return tuple(parts)


def render(text: str, lookup: Callable[[str], Any]) -> str:
    """Fill a template; a dropped segment takes its surrounding spaces with it, so the sentence reads as
    if the author had written it without that clause."""
    if "[[" not in text:  # most texts have no optional segment; and with no marker there is nothing to tidy
        return _fill(text, lookup)
    pieces = []
    for part in _segments(text):
        if isinstance(part, str):
            pieces.append(part)
        elif any(lookup(path) is None for path in part[1]):
            pieces.append(_DROPPED)
        else:
            pieces.append(_KEPT + _fill(part[0], lookup))
    out = _fill("".join(pieces), lookup)
    if _DROPPED in out:
        out = _drop_segments(_drop_segments(out, at_end=True), at_end=False)
    return _unmark_kept(out) if _KEPT in out else out


def _drop_segments(text: str, at_end: bool) -> str:
    """Remove each run of dropped-segment markers with the spaces around it, in one pass.

    `at_end`: only runs followed by the end or by punctuation (a kept marker may come first) go,
    with nothing in their place; otherwise every run goes and leaves one space (none at the start).
    Same text as ``re.sub(" *D+ *(?=K?[;,.:)]|$)", "", text)`` and then
    ``re.sub("^ *D+ *| *D+ *", ...)``, which backtrack quadratically over a long run of spaces (the
    filled values are user text); tests/rules/test_rule_text_checks.py checks it against them.
    """
    out: list[str] = []
    done = 0  # text[:done] is decided
    at = text.find(_DROPPED)
    while at != -1:
        end = at
        while end < len(text) and text[end] == _DROPPED:
            end += 1
        start, stop = at, end
        while start > done and text[start - 1] == " ":
            start -= 1
        while stop < len(text) and text[stop] == " ":
            stop += 1
        if not at_end:
            out += [text[done:start], "" if start == 0 else " "]
            done = stop
        else:
            after = stop + 1 if text[stop : stop + 1] == _KEPT else stop
            if text[after : after + 1] in _PUNCTUATION or stop == len(text) or text[stop:] == "\n":
                out.append(text[done:start])
                done = stop
        at = text.find(_DROPPED, end)
    out.append(text[done:])
    return "".join(out)


_PUNCTUATION = frozenset(";,.:)")


def _unmark_kept(text: str) -> str:
    """`re.sub(" +KEPT +", " ", text).replace(KEPT, "")` (a kept segment with spaces on both sides
    keeps one), by splitting at the markers: the regex scan cost more than the rest of a finding's
    rendering. tests/rules/test_rule_text_checks.py checks it against the regex."""
    pieces = text.split(_KEPT)
    out = [pieces[0]]
    free = len(pieces[0]) - len(pieces[0].rstrip(" "))  # spaces before the next marker a match may take
    for piece in pieces[1:]:
        rest = piece.lstrip(" ")
        if free and len(rest) < len(piece):
            out[-1] = out[-1][: len(out[-1]) - free]
            out += [" ", rest]
            free = len(rest) - len(rest.rstrip(" ")) if rest else 0
        else:
            out.append(piece)
            free = len(piece) - len(rest) if not rest else len(piece) - len(piece.rstrip(" "))
    return "".join(out)


def for_reading(text: str, show: Callable[[str], str]) -> str:
    """The template as documentation: each placeholder through `show(path)`, optional segments in
    parentheses marked "when known"."""

    def mark(m: linre.Match) -> str:
        space = "" if m.start() == 0 or text[m.start() - 1] == " " else " "
        return f"{space}[when known: {m.group(1).strip()}]"

    with_segments = SEGMENT.sub(mark, text)
    return PLACEHOLDER.sub(lambda m: show(m.group(1)), with_segments)
