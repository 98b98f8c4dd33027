"""`lslpp -l`: installed filesets, e.g. whether SDDPCM or a vendor ODM package is there.

A fileset name too long for its column is printed alone and its level,
state and description follow on the next line; "0504-132 ... not installed"
is an answer too (``not_installed``).
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, Line, Put, blocks_of, score
from .base import ParseResult

COMMAND = "lslpp -l"
ALIASES = ("lslpp -l *",)

_HEADER = linre.compile(r"^\s*Fileset\s+Level\s+State\s+(Type\s+)?Description\s*$", linre.I)
_PATH = linre.compile(r"^\s*Path:\s*(\S+)\s*$")
_STATES = "COMMITTED|APPLIED|BROKEN|EFIXLOCKED|OBSOLETE|APPLYING|COMMITTING|REJECTING|DEINSTALLING"
_ROW = linre.compile(rf"^\s*(?:(\S+)\s+)?(\d+(?:\.\d+){{2,3}})\s+({_STATES})\s+(.*?)\s*$")
_STATE_WORDS = frozenset(_STATES.split("|"))
_LEVEL = linre.compile(r"\d+(?:\.\d+){2,3}")
_NAME = linre.compile(r"^\s*([A-Za-z][\w.+-]*)\s*$")
MISSING = linre.compile(r"0504-132\s+Fileset\s+(\S+)\s+not installed", linre.I)
_RULE = linre.compile(r"^\s*-{10,}\s*$")

_SIGNATURES = [linre.compile(_HEADER.pattern, linre.I | linre.M), MISSING, linre.compile(rf"\s({_STATES})\s")]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 2) if not MISSING.search(text) else 0.9


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    path, pending = "", ""
    levels: set[str] = set()
    rows = out.listing("filesets")

    def fast(raw: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
        """Nearly every line: a fileset of a level already seen, read with one split (no pattern can come
        first, see ``slow``)."""
        nonlocal pending
        if "0504-132" in raw:
            return None
        words = raw.split(None, 3)
        if len(words) != 4 or words[2] not in _STATE_WORDS or words[1] not in levels:
            return None
        pending = ""
        description = words[3].rstrip()  # the text's trailing blanks, which slow's line has not
        if path:
            return _FIELDS_PATH, (words[0], words[1], words[2], description, path)
        return _FIELDS, (words[0], words[1], words[2], description)

    def slow(line: Line) -> None:
        nonlocal path, pending
        body = line.text.lstrip()  # right-stripped already
        if not body:
            return
        if body.isascii() and body.isprintable() and "0504-132" not in body:  # nearly every line: a fileset
            words = body.split(None, 3)  # as _row reads it, for a level already seen: no pattern can come first
            if len(words) == 4 and words[2] in _STATE_WORDS and words[1] in levels:
                _fileset(words[0], (words[0], words[1], words[2], words[3]), path, line, rows.put)
                pending = ""
                return
        # The patterns in order of precedence, each only when the text can match it (the body is
        # stripped, so an anchored pattern's first word is the body's): one regex call per fileset line.
        if (body[:7].casefold() == "fileset" and _HEADER.match(body)) or (body[0] == "-" and _RULE.match(body)):
            out.known(line)
        elif body.startswith("Path:") and (where := _PATH.match(body)):
            path = where.group(1)
            out.known(line)
        elif "0504-132" in body and (missing := MISSING.search(body)):
            out.append("not_installed", missing.group(1), line)
        elif (row := _row(body, levels)) and (row[0] or pending):
            _fileset(row[0] or pending, row, path, line, rows.put)
            pending = ""
        elif name := _NAME.match(body):
            pending = name.group(1)
            out.known(line)
        else:
            out.unknown(line)

    rows.read(blocks_of(text, COMMAND, detect), fast, slow)
    return out.finish()


def _row(body: str, levels: set[str]) -> tuple[str | None, str, str, str] | None:
    """_ROW's groups; a plain line "name level STATE description" (nearly all) is read with split().

    On printable ASCII the only blank is the space, so split() cuts where _ROW's \\s does, and a
    first word followed by a level and a state is the optional name _ROW takes first.  ``levels``:
    levels already seen to match _LEVEL (they repeat down a listing: one regex call each)."""
    if body.isascii() and body.isprintable():
        words = body.split(None, 3)
        if len(words) == 4 and words[2] in _STATE_WORDS:
            level = words[1]
            if level in levels or _LEVEL.fullmatch(level):
                if len(levels) < _LEVELS_KEPT:
                    levels.add(level)
                return words[0], level, words[2], words[3]
    m = _ROW.match(body)
    return None if m is None else (m.group(1), m.group(2), m.group(3), m.group(4))


_LEVELS_KEPT = 4096
_FIELDS = ("name", "level", "state", "description")
_FIELDS_PATH = (*_FIELDS, "path")


def _fileset(name: str, row: tuple[str | None, str, str, str], path: str, line: Line, put: Put) -> None:
    if path:
        put(_FIELDS_PATH, (name, row[1], row[2], row[3], path), line)
    else:
        put(_FIELDS, (name, row[1], row[2], row[3]), line)
