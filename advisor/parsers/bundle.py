"""Bundles: many command outputs in one text file, as the collectors write them.

Format version 1 (docs/parsers.md has the full description)::

    #### advisor-bundle format="1" host="sapapp01" collector="aix-collect.sh" created="..." ####
    #### advisor-bundle command="lparstat -i" host="sapapp01" rc="0" ####
    Node Name                                  : sapapp01
    ...
    #### advisor-bundle command="amepat" host="sapapp01" status="missing" ####

A marker line is ``#### advisor-bundle`` followed by ``name="value"`` pairs
(backslash escapes ``\\"`` and ``\\\\``) and ``####``.  The first marker carries
``format`` and is the header; every other marker opens a section with
``command`` and ``host``, optionally ``rc`` (exit code) and ``status``
(``ok``, ``missing``: command not found, ``failed``: non-zero exit).  A
section's text is every line up to the next marker.

Text without markers (a pasted terminal session, several outputs one after
another) is split at shell prompts that name a command, else into
blank-line-separated blocks grouped by detection.  Either way line numbers
stay those of the whole file, so provenance points into it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, NamedTuple

from pydantic import BaseModel, Field

from advisor import budget, linre

from . import registry
from ._text import DETECT_CHARS, without_controls
from .base import ParseError, ParseResult
from .prompts import prompt

FORMAT_VERSION = "1"
MARKER = linre.compile(r'^#### advisor-bundle((?:\s+[a-z_]+="(?:[^"\\]|\\.)*")*)\s+####\s*$')
_ATTR = linre.compile(r'([a-z_]+)="((?:[^"\\]|\\.)*)"')


class Section(NamedTuple):
    command: str | None
    host: str | None
    text: str
    first_line_no: int


class BundleProblem(BaseModel):
    command: str | None
    host: str | None
    line_no: int
    reason: str


class BundleReport(BaseModel):
    format: str | None = None
    results: list[ParseResult] = Field(default_factory=list)
    problems: list[BundleProblem] = Field(default_factory=list)


def marker(**attrs: str) -> str:
    """A marker line; the collectors write the same shape."""
    body = " ".join(f'{k}="{_escape(v)}"' for k, v in attrs.items())
    return f"#### advisor-bundle {body} ####"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _attrs(text: str) -> dict[str, str]:
    return {k: linre.sub(r"\\(.)", r"\1", v) for k, v in _ATTR.findall(text)}


_PREFIX = "#### advisor-bundle"
_CHUNK = 1 << 16


def _normal(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _scan(origin: str, next_mark: Callable[[int], int]) -> Iterator[tuple[int, int, int, str | None]]:
    """The lines of ``origin.split("\n")`` in order, as (line number, start, end, line) for a line that holds
    a mark (``next_mark(pos)``: the offset of the next mark at or after ``pos``, -1 when none is left) and as
    (number of the first line, start, end, None) for the run of lines between two such lines: a splitter
    tests only the lines a boundary can be on and takes the rest a run at a time (``_Body.add_run``)."""
    size, pos, no = len(origin), 0, 1
    while True:
        budget.check()
        mark = next_mark(pos)
        if mark < 0:  # no boundary left: the rest is one run (the empty line after a last line end too)
            yield no, pos, size, None
            return
        line_start = origin.rfind("\n", pos, mark) + 1 or pos
        if line_start > pos:
            yield no, pos, line_start - 1, None
            no += origin.count("\n", pos, line_start)
        line_end = origin.find("\n", mark)
        if line_end < 0:
            yield no, line_start, size, origin[line_start:]
            return
        yield no, line_start, line_end, origin[line_start:line_end]
        no, pos = no + 1, line_end + 1


def _lines(origin: str, start: int, end: int, no: int) -> Iterator[tuple[int, int, str]]:
    """(line number, start, line) of the lines of ``origin[start:end]``, a piece of about 64 KB at a time."""
    while True:
        budget.check()
        stop = origin.find("\n", min(start + _CHUNK, end), end)
        final = stop < 0
        for line in origin[start : end if final else stop].split("\n"):
            yield no, start, line
            no, start = no + 1, start + len(line) + 1
        if final:
            return


def _marker_at(origin: str, start: int) -> dict[str, str] | None:
    """The attributes of the marker line at ``start``, or None when it is no marker."""
    end = origin.find("\n", start)
    m = MARKER.match(origin[start : len(origin) if end < 0 else end])
    return None if m is None else _attrs(m.group(1))


def _markers(origin: str) -> tuple[str | None, bool]:
    """(format version, whether any section marker is there); ParseError for a format we do not read."""
    version, sections = None, False
    at = origin.find(_PREFIX)
    while at >= 0:
        if at == 0 or origin[at - 1] == "\n":
            attrs = _marker_at(origin, at)
            if attrs is not None and "format" in attrs and "command" not in attrs:
                version = attrs["format"]
                if version != FORMAT_VERSION:
                    no = origin.count("\n", 0, at) + 1
                    raise ParseError(
                        f"bundle line {no}: format {version!r} is not supported (this is {FORMAT_VERSION})"
                    )
            elif attrs is not None:
                sections = True
        at = origin.find(_PREFIX, at + 1)
    return version, sections


class _Body:
    """The lines of one section as offsets into the bundle: its text is cut out only when parsed."""

    __slots__ = ("first_line_no", "start", "end", "filled", "last")

    def __init__(self, first_line_no: int, start: int) -> None:
        self.first_line_no, self.start = first_line_no, start
        self.end = start  # after the last non-empty line
        self.filled = False  # some line has more than blanks
        self.last = ""  # the last line, to tell whether the file stops inside it

    def add(self, start: int, line: str) -> None:
        if line:
            self.end = start + len(line)
            self.filled = self.filled or not line.isspace()
        self.last = line

    def add_run(self, origin: str, start: int, end: int, no: int) -> None:
        """``add`` of every line of ``origin[start:end]`` (line ``no`` first), read a piece at a time."""
        stop = end
        while stop > start:  # the last non-empty line ends where the run's trailing line ends stop
            piece = origin[max(start, stop - _CHUNK) : stop]
            kept = len(piece.rstrip("\n"))
            if kept:
                self.end = stop - len(piece) + kept
                break
            stop -= len(piece)
        at = start
        while not self.filled and at < self.end:  # some line has more than blanks
            piece = origin[at : min(at + _CHUNK, self.end)]
            self.filled = not piece.isspace()
            at += len(piece)
        self.last = origin[origin.rfind("\n", start, end) + 1 or start : end]

    def text(self, origin: str, cut: bool) -> str:
        """What joining the lines gives: up to the last non-empty line, with its line end unless ``cut``."""
        if not self.filled:
            return ""
        if cut:
            return origin[self.start : self.end]
        if origin[self.end : self.end + 1] == "\n":
            return origin[self.start : self.end + 1]
        return origin[self.start : self.end] + "\n"

    def ends_cut(self) -> bool:
        """The file stops inside its last line (no line end): the parsers must not trust that line."""
        return bool(self.last.strip())


class _Cut(NamedTuple):
    section: Section
    attrs: dict[str, str]
    start: int  # offset of the section's text in the (line-end normalised) bundle
    detected: bool = False  # the command was recognised from the text, not typed nor labelled: no command line


def _labelled(origin: str) -> Iterator[_Cut]:
    current: dict[str, str] | None = None
    body = _Body(1, 0)
    for no, start, end, line in _scan(origin, lambda pos: _next_marker(origin, pos)):
        attrs = None if line is None else _marker_at(origin, start)
        if attrs is None:
            body.add_run(origin, start, end, no)
            continue
        if "format" in attrs and "command" not in attrs:
            continue
        if current is not None:
            yield _cut(origin, current, body, False)
        current, body = attrs, _Body(no + 1, end + 1)
    if current is not None:
        yield _cut(origin, current, body, body.ends_cut())


def _next_marker(origin: str, pos: int) -> int:
    """Where the next line starting with the marker prefix starts (-1: none)."""
    at = origin.find(_PREFIX, pos)
    while at > 0 and origin[at - 1] != "\n":
        at = origin.find(_PREFIX, at + 1)
    return at


def _cut(origin: str, attrs: dict[str, str], body: _Body, cut: bool) -> _Cut:
    text = body.text(origin, cut)
    return _Cut(Section(attrs.get("command"), attrs.get("host"), text, body.first_line_no), attrs, body.start)


def read_bundle(text: str) -> tuple[str | None, list[tuple[Section, dict[str, str]]]]:
    """(format version, sections with their marker attributes)."""
    origin = _normal(text)
    version, _ = _markers(origin)
    return version, [(c.section, c.attrs) for c in _labelled(origin)]


def markers(text: str) -> tuple[str | None, bool]:
    """(format version, whether any section marker is there), without cutting the sections out."""
    return _markers(_normal(text))


def split_bundle(text: str) -> list[Section]:
    """Sections of a bundle, or of an unlabelled concatenation of outputs."""
    return [c.section for c in _sections(_normal(text))[1]]


def _sections(origin: str) -> tuple[str | None, Iterator[_Cut]]:
    version, labelled = _markers(origin)
    if labelled:
        return version, _labelled(origin)
    return version, iter(()) if version is not None else _unlabelled(origin)


_LOOP = linre.compile(r"(?:^|[;&|(]\s*)(?:for\s+\w+\s+in|while|until)\b|\bxargs\b")


def is_loop(command: str) -> bool:
    """A shell loop (``for h in a b; do ssh $h lparstat -i; done``): its outputs follow one another, maybe from
    several hosts, and are told apart as a text after a bare prompt is."""
    return bool(_LOOP.search(command))


def _unlabelled(origin: str) -> Iterator[_Cut]:
    """Split at shell prompts; split the rest by detection of blank-line-separated blocks."""
    command: str | None = None
    host: str | None = None
    chunk: _Body = _Chunk(1, 0)
    for no, start, end, line in _scan(origin, _PromptMarks(origin).next):
        found = None if line is None else prompt(line)
        if found is None:
            chunk.add_run(origin, start, end, no)
            continue
        yield from _chunk_sections(origin, chunk, command, host, False)
        command, host = found.command, found.host or host
        # lines after a prompt with a command are that command's: no blocks to tell apart, unless the command is
        # a loop (over hosts: "for h in a b; do ssh $h lparstat -i; done"), whose outputs follow one another
        chunk = _Chunk(no + 1, end + 1) if command is None or is_loop(command) else _after(command, no + 1, end + 1)
    yield from _chunk_sections(origin, chunk, command, host, chunk.ends_cut())


def _after(command: str, first_line_no: int, start: int) -> _Body:
    """The lines after a prompt with ``command``: all of them its output, but for an HMC listing, which has no
    blank line: text after one (a ticket's or a mail's words) is told apart as lines after a bare prompt are."""
    parser = registry.parser_for(command)
    if parser is not None and parser.COMMAND in ONE_BLOCK:
        return _Chunk(first_line_no, start, (command, parser.COMMAND))
    return _Body(first_line_no, start)


class _PromptMarks:
    """``next(pos)``: the offset of the next character a prompt ends in (``#``, ``$``, ``>``, see
    ``prompts.prompt``), or of a line opening with a shell trace's ``+``, at or after ``pos``; each mark's
    next place is looked up again only once passed, so a whole scan reads the text once per mark."""

    __slots__ = ("origin", "places")

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.places = [origin.find(mark) for mark in _PROMPT_MARKS]
        self.places[-1] = 0 if origin.startswith("+ ") else self._trace(0)

    def _trace(self, pos: int) -> int:
        """Where the next line opening with a shell trace's "+ " starts (-1: none)."""
        at = self.origin.find("\n+", max(pos - 1, 0))
        return -1 if at < 0 else at + 1

    def next(self, pos: int) -> int:
        places = self.places
        for i, place in enumerate(places):
            if 0 <= place < pos:
                places[i] = self._trace(pos) if i == len(places) - 1 else self.origin.find(_PROMPT_MARKS[i], pos)
        found = [place for place in places if place >= 0]
        return min(found) if found else -1


_PROMPT_MARKS = ("#", "$", ">", "\n+")  # the last: a trace's "+ " at a line start (see ``_trace``)


def _chunk_sections(origin: str, chunk: _Body, command: str | None, host: str | None, cut: bool) -> Iterator[_Cut]:
    if isinstance(chunk, _Chunk):
        yield from chunk.sections(origin, host, cut)
    elif chunk.filled:
        yield _Cut(Section(command, host, chunk.text(origin, cut), chunk.first_line_no), {}, chunk.start)


class _Chunk(_Body):
    """Lines after no prompt or a bare one, and their blank-line-separated blocks (for detection)."""

    __slots__ = ("lines", "blocks", "open", "typed")

    def __init__(self, first_line_no: int, start: int, typed: tuple[str, str] | None = None) -> None:
        super().__init__(first_line_no, start)
        self.typed = typed  # (command line, its parser's command) typed at the prompt before these lines
        self.lines = 0
        self.blocks: list[tuple[int, int, int]] = []  # (first line index, start, end offset) of each block
        self.open: list[int] | None = None  # [first line index, start, end] of the block being read

    def add(self, start: int, line: str) -> None:
        super().add(start, line)
        if line and not line.isspace() and ("\x1b" not in line or without_controls(line).strip()):
            if self.open is None:
                self.open = [self.lines, start, start + len(line)]
            else:
                self.open[2] = start + len(line)
        elif self.open is not None:
            self.blocks.append((self.open[0], self.open[1], self.open[2]))
            self.open = None
        self.lines += 1

    def add_run(self, origin: str, start: int, end: int, no: int) -> None:
        for _, at, line in _lines(origin, start, end, no):  # every line counts here: blank ones end a block
            self.add(at, line)

    def sections(self, origin: str, host: str | None, cut: bool) -> Iterator[_Cut]:
        """Blocks grouped by the command detected in each (a block detected as nothing joins the one before)."""
        if not self.filled:
            return
        if self.open is not None:
            self.blocks.append((self.open[0], self.open[1], self.open[2]))
        # [command, first line index, start, end, opening label, typed command]; after a prompt with an HMC command
        # (see ``_unlabelled``) a group of that command that takes the first block
        group: list[Any] | None = None if self.typed is None else [self.typed[1], 0, 0, 0, None, self.typed[0]]
        for first, start, end in _console_blocks(origin, _reopened_blocks(origin, _undoubled(origin, self.blocks))):
            typed = typed_command(origin, start, end)
            if typed is not None:  # "lshwres -r proc -m sys1 ..." on a line of its own: a ticket, a mail
                if group is not None:
                    yield _group(origin, group, self.first_line_no, host, False)
                newline = origin.find("\n", start, end)
                body = end if newline < 0 else newline + 1  # an empty group when the output is the next block
                group = [typed[1], first + 1, body, end, None, typed[0]]
                continue
            detected = registry.detect(origin[start : min(end, start + DETECT_CHARS)])
            label = opening_label(origin, start, end)
            if group is not None and detected is None and group[0] in ONE_BLOCK and group[2] < group[3]:
                detected = ""  # text after an HMC listing and a blank line: a ticket's prose, not its rows
            if group is not None and group[5] is not None and group[2] >= group[3]:  # the typed command's output
                group[1], group[2], group[3] = first, start, end
                continue
            if group is not None and group[5] is not None and (detected is None or detected == group[0]):
                group[3] = end
                continue
            if group is not None and (detected is None or detected == group[0]) and not (label and label == group[4]):
                group[3] = end
                continue
            if group is not None:
                yield _group(origin, group, self.first_line_no, host, False)
            group = [detected or None, first, start, end, label, None]
        if group is not None:
            yield _group(origin, group, self.first_line_no, host, cut and group[3] == self.end)


def _reopened_blocks(origin: str, blocks: list[tuple[int, int, int]]) -> Iterator[tuple[int, int, int]]:
    """Each block, cut where its opening label opens a line again (``Node Name : b`` in a block that opened with
    ``Node Name : a``): outputs of a loop over hosts follow one another without a blank line between them."""
    for first, start, end in blocks:
        label = opening_label(origin, start, end)
        colon = origin.find(":", start, end)
        head = without_controls(origin[start:colon]).strip() if label is not None and colon > 0 else ""
        at = origin.find(head, start + 1, end) if head else -1
        while at >= 0:
            line_start = origin.rfind("\n", start, at) + 1
            if line_start > start and not origin[line_start:at].strip() and opening_label(origin, at, end) == label:
                yield first, start, line_start - 1
                first, start = first + origin.count("\n", start, line_start), line_start
            at = origin.find(head, at + len(head), end)
        yield first, start, end


_CONSOLE_ECHO = linre.compile(r"(?m)^ {0,2}-?D(?:ISPLAY)? [A-Z]")


def _console_blocks(origin: str, blocks: Iterable[tuple[int, int, int]]) -> Iterator[tuple[int, int, int]]:
    """Each block, cut before a z/OS console command's echo inside it (`` D M=STOR`` after the lines of the
    command before): a console or SDSF copy shows the commands one after the other without blank lines."""
    for first, start, end in blocks:
        newline = origin.find("\n", start, end)
        at = -1 if newline < 0 else newline + 1
        while 0 <= at < end:
            m = _CONSOLE_ECHO.search(origin, at, end)
            if m is None:
                break
            line_start = m.start()
            if typed_command(origin, line_start, end) is not None:
                yield first, start, line_start - 1
                first, start = first + origin.count("\n", start, line_start), line_start
            stop = origin.find("\n", line_start, end)
            at = -1 if stop < 0 else stop + 1
        yield first, start, end


def _undoubled(origin: str, blocks: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """The blocks of a double-spaced copy (a blank line after every line: CR CR LF line ends, some
    terminals' copy): one-line blocks parted by single blank lines are one block; the copy's own blank
    lines are three blank lines there.  Only for 8 blocks or more, 9 in 10 of one line: a few one-line
    outputs parted by blank lines stay apart.  Other texts' blocks as they are."""
    if len(blocks) < 8 or sum(1 for _, start, end in blocks if origin.find("\n", start, end) < 0) < 0.9 * len(blocks):
        return blocks
    merged = [list(blocks[0])]
    for first, start, end in blocks[1:]:
        if origin.count("\n", merged[-1][2], start) == 2:
            merged[-1][2] = end
        else:
            merged.append([first, start, end])
    return [(first, start, end) for first, start, end in merged]


_LABELLED = linre.compile(r"[ \t]*([A-Za-z][A-Za-z0-9 ()/_.-]{0,63}?)[ \t]*:[ \t]*\S")


def opening_label(origin: str, start: int, end: int) -> str | None:
    """The label of a block's first line when it is ``Label : value``: an output of the same command that
    opens with the same label (``Node Name : aix2`` after ``Node Name : aix1``) is another output, maybe
    of another system, never a continuation of the one before."""
    newline = origin.find("\n", start, end)
    m = _LABELLED.match(without_controls(origin[start : end if newline < 0 else newline]))
    return " ".join(m.group(1).split()).casefold() if m else None


def _group(origin: str, group: list[Any], first_line_no: int, host: str | None, cut: bool) -> _Cut:
    command, first, start, end, _label, typed = group
    text = (
        ""
        if start >= end
        else origin[start:end]
        if cut
        else origin[start : end + 1]
        if origin[end : end + 1] == "\n"
        else origin[start:end] + "\n"
    )
    if typed is not None:
        return _Cut(Section(typed, host, text, first_line_no + first), {}, start)
    return _Cut(Section(command, host, text, first_line_no + first), {}, start, detected=True)


# The HMC prints a listing without blank lines: a block after one is no part of it (a ticket's or a mail's text)
ONE_BLOCK = frozenset({"lssyscfg", "lshwres", "lslic"})


def has_typed_command(text: str) -> bool:
    """A block of the text's head (the first line, or one after a blank line) opens with a command typed
    without a prompt (``typed_command``): the text is a ticket or a mail with outputs under their commands."""
    origin = _normal(text[: 4 * DETECT_CHARS])
    start = 0
    while start >= 0:
        budget.check()
        if typed_command(origin, start, len(origin)) is not None:
            return True
        at = origin.find("\n\n", start)
        while 0 <= at < len(origin) - 1 and origin[at + 1] == "\n":
            at += 1
        start = -1 if at < 0 else at + 1
    return False


_CONSOLE_COMMAND = linre.compile(r" {0,2}-?((?:D|DISPLAY) [A-Z][A-Z0-9=,.()*]{0,40}(?: [A-Z0-9=,.()*]{1,40})?)\s*")
_COMMAND_WORD = linre.compile(r"[a-z][a-z0-9_+-]{1,15}")
_ARGUMENT = linre.compile(r"-\S*|\S*[^A-Za-z\s]\S*|[A-Za-z]{1,2}")  # -F, name=x,y, ent6, /proc/sysinfo, q


def typed_command(origin: str, start: int, end: int) -> tuple[str, str] | None:
    """(the command line, its parser's command) when the line at ``start`` is a command the advisor reads
    typed on a line of its own, without a prompt (``lssyscfg -r lpar -m sys1 -F name --header`` in a ticket
    or a mail, with its output below it); None for any other line.  The line opens at its first column with
    a command word, and every word after it is an option or an argument (``-r``, ``name,lpar_env``, ``ent6``,
    ``/proc/sysinfo``), not prose, unless the whole line is one of the parsers' own command names."""
    newline = origin.find("\n", start, end)
    line = origin[start : end if newline < 0 else newline].rstrip()
    if len(line) > 512:
        return None
    console = _CONSOLE_COMMAND.fullmatch(line)
    if console is not None:  # a z/OS console command's echo: " D M=STOR", "-D IPLINFO"
        parser = registry.parser_for(console.group(1))
        return None if parser is None or parser.COMMAND[:2] != "D " else (console.group(1), parser.COMMAND)
    if not _COMMAND_WORD.match(line):
        return None
    parser = registry.parser_for(line)
    if parser is None or line.split()[0] != registry.normalize(parser.COMMAND).split()[0]:
        return None
    words = line.split()
    if " ".join(words) not in registry.own_names(parser) and not all(
        _ARGUMENT.fullmatch(word) or before.startswith("-") for before, word in zip(words, words[1:], strict=False)
    ):
        return None
    return line, parser.COMMAND


def parse_bundle(text: str) -> BundleReport:
    """Parse every section; sections that cannot be parsed become problems, never exceptions.

    Sections are cut out and parsed one at a time, and each result quotes its lines from the bundle
    itself, so a section's text is dropped once it is parsed."""
    origin = _normal(text)
    version, sections = _sections(origin)
    report = BundleReport(format=version)
    for section, attrs, start, detected in sections:
        status = attrs.get("status", "ok")
        reason: str | None = None
        if status == "missing":
            reason = "command not found on the host"
        elif section.command is None:
            reason = "cannot tell which command produced this text"
        else:
            try:
                result = (
                    registry.parse_output(section.text, detected=section.command)
                    if detected  # the parser's own name is no command anybody typed ("lsdev -type": VIOS)
                    else registry.parse_output(section.text, section.command)
                )
            except ParseError as err:
                reason = str(err) if status == "ok" else f"command {status} (rc {attrs.get('rc', '?')}): {err}"
            else:
                report.results.append(
                    result.shifted(section.first_line_no - 1, host=section.host, text=origin, chars=start)
                )
        if reason is not None:
            marker_line = section.first_line_no - 1 if attrs else section.first_line_no
            report.problems.append(
                BundleProblem(command=section.command, host=section.host, line_no=marker_line, reason=reason)
            )
    return report
