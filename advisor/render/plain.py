"""The text report on a pipe or in a file, without importing rich for it.

Where rich would print no colour (standard output is not a terminal and nothing forces one),
what its Console prints for the report's markup is the text with the style tags taken out and
the escaped brackets kept; importing rich's console for that is ~7 % of a one-document `advisor
check`. `Plain` prints such lines itself and hands every other line to a real rich Console, so the
output is rich's in every case: a line with a control character or a tab (rich strips or expands
them), a possible emoji code (`:name:`), or a backslash that does not escape a tag. The tests hold
the two byte-equal on every example and on adversarial text (tests/cli/test_plain_console.py).
"""

from __future__ import annotations

import os
import sys
from typing import IO, TYPE_CHECKING, Any, Protocol

from advisor import linre

if TYPE_CHECKING:
    from rich.console import Console

# rich.markup.RE_TAGS: a tag is "[" then [a-z#/@] then anything up to "]" (no "["), after any backslashes
_TAG = linre.compile(r"(\\*)\[[a-z#/@][^\[]*?\]")
# what rich would change: control characters and tabs, a possible emoji code, a backslash not before "["
_RICH_ONLY = linre.compile(r"[\x00-\x09\x0b-\x1f\x7f]|:\S*?:|\\[^\\\[]|\\$")


_ESCAPE = linre.compile(r"(\\*)(\[[a-z#/@][^\[]*?\])")


def escape(text: str) -> str:
    """rich.markup.escape (the same output, tested): text in markup, its tag-like brackets escaped."""
    escaped = _ESCAPE.sub(lambda m: f"{m.group(1)}{m.group(1)}\\{m.group(2)}", text)
    return escaped + "\\" if escaped.endswith("\\") and not escaped.endswith("\\\\") else escaped


def plain_text(markup: str) -> str | None:
    """`markup` as rich prints it without colour, or None when only rich can say (see module doc)."""
    if _RICH_ONLY.search(markup):
        return None
    out, pos = [], 0
    for m in _TAG.finditer(markup):  # as rich.markup.render: text, backslash pairs, escaped tags, tags
        start, end = m.span()
        backslashes = len(m.group(1))
        out.append(markup[pos:start].replace("\\[", "["))  # a bracket escaped where no tag follows
        out.append("\\" * (backslashes // 2))
        if backslashes % 2:  # an escaped tag: its text is printed as it is
            out.append(markup[start + backslashes : end])
        pos = end
    out.append(markup[pos:].replace("\\[", "["))
    return "".join(out)


def colourless(environ: dict[str, str] | None = None, stream: IO[str] | None = None) -> bool:
    """Would rich print no colour on `stream` (standard output)? It does not when the stream is not a
    terminal and neither FORCE_COLOR nor TTY_COMPATIBLE=1 says otherwise (rich.console.is_terminal)."""
    env = os.environ if environ is None else environ
    stream = sys.stdout if stream is None else stream
    if "FORCE_COLOR" in env or env.get("TTY_COMPATIBLE") == "1":
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return isatty is None or not isatty()
    except ValueError:
        return True


class Printer(Protocol):
    """What the text report uses of a rich Console; `Plain` or a Console."""

    @property
    def is_terminal(self) -> bool: ...

    @property
    def width(self) -> int: ...

    def print(self, *objects: Any) -> None: ...

    def out(self, *objects: Any, end: str = "\n") -> None: ...


class Plain:
    """A stand-in for `Console(highlight=False, soft_wrap=True)` on a colourless standard output."""

    is_terminal = False

    def __init__(self, file: IO[str] | None = None) -> None:
        self._file = file
        self._rich: Console | None = None

    @property
    def file(self) -> IO[str]:
        return self._file if self._file is not None else sys.stdout

    @property
    def rich(self) -> Console:
        """The real console, for the lines (and the fleet table) only rich can print."""
        if self._rich is None:
            from rich.console import Console

            self._rich = Console(file=self._file, highlight=False, soft_wrap=True)
        return self._rich

    @property
    def width(self) -> int:
        return self.rich.width

    def print(self, *objects: Any) -> None:
        """One markup string is printed here when it is plain (none: an empty line); the rest by rich."""
        text = (
            "" if not objects else plain_text(objects[0]) if len(objects) == 1 and isinstance(objects[0], str) else None
        )
        if text is None:
            self.rich.print(*objects)
        else:
            self.file.write(text + "\n")

    def out(self, *objects: Any, end: str = "\n") -> None:
        self.rich.out(*objects, end=end)
