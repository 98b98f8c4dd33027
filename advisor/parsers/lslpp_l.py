"""`lslpp -l`: installed filesets, e.g. whether SDDPCM or a vendor ODM package is there.

A fileset name too long for its column is printed alone and its level,
state and description follow on the next line; "0504-132 ... not installed"
is an answer too (``not_installed``).
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, Line, lines_of, score
from .base import ParseResult

COMMAND = "lslpp -l"
ALIASES = ("lslpp -l *",)

_HEADER = linre.compile(r"^\s*Fileset\s+Level\s+State\s+(Type\s+)?Description\s*$", linre.I)
_PATH = linre.compile(r"^\s*Path:\s*(\S+)\s*$")
_STATES = "COMMITTED|APPLIED|BROKEN|EFIXLOCKED|OBSOLETE|APPLYING|COMMITTING|REJECTING|DEINSTALLING"
_ROW = linre.compile(rf"^\s*(?:(\S+)\s+)?(\d+(?:\.\d+){{2,3}})\s+({_STATES})\s+(.*?)\s*$")
_NAME = linre.compile(r"^\s*([A-Za-z][\w.+-]*)\s*$")
MISSING = linre.compile(r"0504-132\s+Fileset\s+(\S+)\s+not installed", linre.I)
_RULE = linre.compile(r"^\s*-{10,}\s*$")

_SIGNATURES = [linre.compile(_HEADER.pattern, linre.I | linre.M), MISSING, linre.compile(rf"\s({_STATES})\s")]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 2) if not MISSING.search(text) else 0.9


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    path, pending = "", ""
    for line in lines_of(text, COMMAND, detect):
        body = line.text.strip()
        if not body:
            continue
        # The patterns in order of precedence, each only when the text can match it (the body is
        # stripped, so an anchored pattern's first word is the body's): one regex call per fileset line.
        if (body[:7].casefold() == "fileset" and _HEADER.match(body)) or (body[0] == "-" and _RULE.match(body)):
            out.known(line)
        elif body.startswith("Path:") and (where := _PATH.match(body)):
            path = where.group(1)
            out.known(line)
        elif "0504-132" in body and (missing := MISSING.search(body)):
            out.append("not_installed", missing.group(1), line)
        elif (row := _ROW.match(body)) and (row.group(1) or pending):
            _fileset(row.group(1) or pending, row, path, line, out)
            pending = ""
        elif name := _NAME.match(body):
            pending = name.group(1)
            out.known(line)
        else:
            out.unknown(line)
    return out.finish()


def _fileset(name: str, row: linre.Match, path: str, line: Line, out: Builder) -> None:
    entry = {"name": name, "level": row.group(2), "state": row.group(3), "description": row.group(4)}
    if path:
        entry["path"] = path
    out.put_row("filesets", entry, line)
