"""Regular expressions that run in linear time, for every pattern that sees user text.

Python's `re` backtracks: `\\s+y` searched in 20,000 spaces takes a second, a nested
repeat takes forever, and while it runs the worker holds the interpreter (issue 12:
uvicorn killed workers mid-request). RE2 matches with an automaton, so the time is
linear in the text whatever the pattern; what it gives up is look-around and
back-references, which our patterns are written without (tests/reliability/
test_regex_audit.py checks that every pattern reaching user text is compiled here).

The interface is the subset of `re` the code uses (`compile`, `search`, `match`,
`fullmatch`, `finditer`, `findall`, `sub`, `split`, flags I/M/S/A), so a module swaps
`re` for this one. Two differences to keep in mind: `\\d`, `\\w`, `\\s` and `\\b` are
ASCII (a Unicode digit is not a number here: it is left unread, never guessed), and
`$` without MULTILINE matches only at the very end, not before a final newline.
The google-re2 wrapper re-encodes the text on every call; for ASCII text (command
output, nearly all chat) the byte offsets are the character offsets, so this module
calls the engine directly and only falls back to the wrapper for other text.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from typing import Any

import re2  # typed by the stub in stubs/re2 (the package ships none)
from re2 import _re2

I = IGNORECASE = re.IGNORECASE  # noqa: E741 - the name `re` uses
M = MULTILINE = re.MULTILINE
S = DOTALL = re.DOTALL
A = ASCII = re.ASCII  # RE2's classes are ASCII already
_SUPPORTED = IGNORECASE | MULTILINE | DOTALL | ASCII | re.UNICODE
_INLINE = ((IGNORECASE, "i"), (MULTILINE, "m"), (DOTALL, "s"))

error = re2.error
escape = re.escape  # backslash before punctuation: RE2 reads it the same way

_UNANCHORED = _re2.RE2.Anchor.UNANCHORED
_START = _re2.RE2.Anchor.ANCHOR_START
_BOTH = _re2.RE2.Anchor.ANCHOR_BOTH
_NO_SPAN = (-1, -1)
_MEMO_CHARS, _MEMO_SIZE = 24, 32  # texts this short are remembered, this many per pattern and anchor

_OPTIONS = re2.Options()
_OPTIONS.log_errors = False  # a refused pattern raises; RE2 need not also print it


class Match:
    """One match: the `re.Match` methods the code uses, over the engine's spans.

    The wrapper's own match object re-checks every group index in Python; parsers call
    `group()` several times per line of a 16 MiB output, so this one reads the spans directly.
    """

    __slots__ = ("_pattern", "string", "pos", "endpos", "_spans")

    def __init__(self, pattern: Pattern, string: Any, pos: int, endpos: int, spans: Any):
        self._pattern, self.string, self.pos, self.endpos, self._spans = pattern, string, pos, endpos, spans

    @property
    def re(self) -> Pattern:
        return self._pattern

    def _index(self, group: int | str) -> int:
        if isinstance(group, str):
            try:
                return self._pattern.groupindex[group]
            except KeyError:
                raise IndexError("no such group") from None
        if not 0 <= group < len(self._spans):
            raise IndexError("no such group")
        return group

    def __getitem__(self, group: int | str) -> Any:
        start, end = self._spans[group if group.__class__ is int and group >= 0 else self._index(group)]
        return None if start < 0 else self.string[start:end]

    def group(self, *groups: int | str) -> Any:
        if len(groups) == 1:
            return self[groups[0]]
        if not groups:
            start, end = self._spans[0]
            return self.string[start:end]
        return tuple(self[g] for g in groups)

    def groups(self, default: Any = None) -> tuple[Any, ...]:
        return tuple(default if s < 0 else self.string[s:e] for s, e in self._spans[1:])

    def groupdict(self, default: Any = None) -> dict[str, Any]:
        return {name: default if (v := self[i]) is None else v for name, i in self._pattern.groupindex.items()}

    def start(self, group: int | str = 0) -> int:
        return int(self._spans[self._index(group)][0])

    def end(self, group: int | str = 0) -> int:
        return int(self._spans[self._index(group)][1])

    def span(self, group: int | str = 0) -> tuple[int, int]:
        start, end = self._spans[self._index(group)]
        return start, end

    def expand(self, template: str) -> str:
        return re2._Match(self._pattern._wrapped, self.string, self.pos, self.endpos, self._spans).expand(template)


_Memo = dict[str | bytes, "Match | None"]


class Pattern:
    """A compiled pattern with the `re.Pattern` methods the code uses."""

    __slots__ = ("pattern", "flags", "_wrapped", "_engine", "_memo")

    def __init__(self, pattern: str | bytes, flags: int = 0):
        if flags & ~_SUPPORTED:
            raise ValueError(f"flags {flags:#x} are not supported by linre (only I, M, S, A)")
        inline = "".join(letter for flag, letter in _INLINE if flags & flag)
        prefix = f"(?{inline})" if inline else ""
        source = prefix + pattern if isinstance(pattern, str) else prefix.encode() + pattern
        self.pattern, self.flags = pattern, flags
        self._wrapped = re2.compile(source, _OPTIONS)  # re2.error for look-around and back-references
        self._engine = self._wrapped._regexp
        self._memo: tuple[_Memo, _Memo, _Memo] = ({}, {}, {})  # search, match, fullmatch

    def __repr__(self) -> str:
        return f"linre.compile({self.pattern!r}, {self.flags:#x})"

    @property
    def groups(self) -> int:
        return self._wrapped.groups

    @property
    def groupindex(self) -> dict[str, int]:
        return self._wrapped.groupindex

    def _matches(self, anchor: _re2.RE2.Anchor, text: str | bytes, pos: int, endpos: int | None) -> Iterator[Match]:
        if not text.isascii():
            for m in self._wrapped._match(anchor, text, pos, endpos):
                yield Match(self, text, m.pos, m.endpos, m._spans)
            return
        data = text if isinstance(text, bytes) else text.encode("ascii")
        end = len(text) if endpos is None else max(0, min(endpos, len(text)))
        at = max(0, min(pos, len(text)))
        start = at
        while at <= end:
            spans = self._engine.Match(anchor, data, at, end)
            if spans[0] == _NO_SPAN:
                return
            yield Match(self, text, start, end, spans)
            if at == end:
                return
            at = at + 1 if spans[0][1] == at else spans[0][1]

    def _first(
        self, anchor: _re2.RE2.Anchor, memo: _Memo, text: str | bytes, pos: int, endpos: int | None
    ) -> Match | None:
        """The first match, without the generator: one engine call for ASCII text (all but rare lines).

        A parser tests the same short cells over and over ("64K", "Available", "COMMITTED"): the last
        results for short whole texts are remembered, a few per pattern and per anchor."""
        if pos or endpos is not None or not text.isascii():
            if not text.isascii():
                return next(self._matches(anchor, text, pos, endpos), None)
            size = len(text)
            end = size if endpos is None else max(0, min(endpos, size))
            at = max(0, min(pos, size))
            if at > end:
                return None
            spans = self._engine.Match(anchor, text if isinstance(text, bytes) else text.encode("ascii"), at, end)
            return None if spans[0] == _NO_SPAN else Match(self, text, at, end, spans)
        short = len(text) <= _MEMO_CHARS
        if short and text in memo:
            return memo[text]
        spans = self._engine.Match(anchor, text if isinstance(text, bytes) else text.encode("ascii"), 0, len(text))
        found = None if spans[0] == _NO_SPAN else Match(self, text, 0, len(text), spans)
        if short:
            if len(memo) >= _MEMO_SIZE:
                memo.clear()
            memo[text] = found
        return found

    def search(self, text: str | bytes, pos: int = 0, endpos: int | None = None) -> Match | None:
        return self._first(_UNANCHORED, self._memo[0], text, pos, endpos)

    def match(self, text: str, pos: int = 0, endpos: int | None = None) -> Match | None:
        return self._first(_START, self._memo[1], text, pos, endpos)

    def fullmatch(self, text: str, pos: int = 0, endpos: int | None = None) -> Match | None:
        return self._first(_BOTH, self._memo[2], text, pos, endpos)

    def finditer(self, text: str, pos: int = 0, endpos: int | None = None) -> Iterator[Match]:
        return self._matches(_UNANCHORED, text, pos, endpos)

    def findall(self, text: str, pos: int = 0, endpos: int | None = None) -> list[Any]:
        found: list[Any] = []
        for m in self.finditer(text, pos, endpos):
            if self.groups == 0:
                found.append(m.group())
            elif self.groups == 1:
                found.append(m.groups(default="")[0])
            else:
                found.append(m.groups(default=""))
        return found

    def subn(self, repl: str | Callable[[Match], str], text: str, count: int = 0) -> tuple[str, int]:
        pieces: list[str] = []
        end, done = 0, 0
        for m in self.finditer(text):
            if count and done == count:
                break
            pieces.append(text[end : m.start()])
            pieces.append(repl(m) if callable(repl) else m.expand(repl))
            end, done = m.end(), done + 1
        pieces.append(text[end:])
        return "".join(pieces), done

    def sub(self, repl: str | Callable[[Match], str], text: str, count: int = 0) -> str:
        return self.subn(repl, text, count)[0]

    def split(self, text: str, maxsplit: int = 0) -> list[str | None]:
        pieces: list[str | None] = []
        end = 0
        for done, m in enumerate(self.finditer(text)):
            if maxsplit and done == maxsplit:
                break
            pieces.append(text[end : m.start()])
            pieces.extend(m.groups())
            end = m.end()
        pieces.append(text[end:])
        return pieces


@functools.lru_cache(maxsize=512)
def compile(pattern: str | bytes, flags: int = 0) -> Pattern:  # noqa: A001 - mirrors re.compile
    return Pattern(pattern, flags)


def search(pattern: str, text: str, flags: int = 0) -> Match | None:
    return compile(pattern, flags).search(text)


def match(pattern: str, text: str, flags: int = 0) -> Match | None:
    return compile(pattern, flags).match(text)


def fullmatch(pattern: str, text: str, flags: int = 0) -> Match | None:
    return compile(pattern, flags).fullmatch(text)


def finditer(pattern: str, text: str, flags: int = 0) -> Iterator[Match]:
    return compile(pattern, flags).finditer(text)


def findall(pattern: str, text: str, flags: int = 0) -> list[Any]:
    return compile(pattern, flags).findall(text)


def sub(pattern: str, repl: str | Callable[[Match], str], text: str, count: int = 0, flags: int = 0) -> str:
    return compile(pattern, flags).sub(repl, text, count)


def split(pattern: str, text: str, maxsplit: int = 0, flags: int = 0) -> list[str | None]:
    return compile(pattern, flags).split(text, maxsplit)
