"""`vmstat [-c] INTERVAL COUNT` (or just its banner): memory and CPU samples.

avm (active virtual memory, 4 KB pages) at peak is what AME sizing and the
"safety net" reasoning start from; with -c the compressed pool (csz, cfr) and
the deficit (dxm) appear, also in 4 KB pages.
"""

from __future__ import annotations

from advisor import linre

from ._columns import ROW_SKIPPED, column_key, read_row
from ._sysconfig import BANNER, read_banner, read_held_banner
from ._text import Builder, Line, ahead, as_number, lines_of, score
from .base import ParseResult

COMMAND = "vmstat"
ALIASES = ("vmstat [0-9]*", "vmstat -c", "vmstat -c [0-9]*", "vmstat -t [0-9]*", "vmstat -w [0-9]*")

_GROUPS = linre.compile(r"^\s*kthr\s+memory\s+page\s+faults\s+cpu", linre.I)
_HEADER = linre.compile(r"^\s*r\s+b\s+avm\s+fre\b", linre.I)
_RULE = linre.compile(r"^[\s-]+$")
_ROW = linre.compile(r"^\s*\d")
_HEADER_REST = linre.compile(r"^[\sa-z]+$")  # the names a wrap put on the next line
_PAGES = frozenset({"avm", "fre", "csz", "cfr", "dxm"})
_PCT = frozenset({"us", "sy", "id", "wa", "ec"})

_SIGNATURES = [
    linre.compile(_GROUPS.pattern, linre.I | linre.M),
    linre.compile(_HEADER.pattern, linre.I | linre.M),
    linre.compile(r"^\s*System configuration:\s*lcpu=\d+\s+mem=\d+MB(\s+tmem=\d+MB)?\s+ent=", linre.M),
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 2)


def _keys(columns: list[str]) -> list[str]:
    """'sy' is system calls under "faults" and system CPU % under "cpu" (after 'cs')."""
    keys, in_cpu = [], False
    for column in columns:
        if column in _PAGES:
            keys.append(f"{column}_pages")
        elif column in _PCT and in_cpu:
            keys.append(f"{column}_pct")
        else:
            keys.append(column_key(column))
        in_cpu = in_cpu or column == "cs"
    return keys


def _whole_header(line: Line, rest: Line) -> list[str]:
    """The column names of a header a terminal wrapped: its rest's names after its own; a name the wrap cut
    ("c" / "i  co") is glued back (no blank on either side of the break)."""
    words, more = line.text.split(), rest.text.split()
    if words and more and not line.raw[-1:].isspace() and not rest.raw[:1].isspace():
        return [*words[:-1], words[-1] + more[0], *more[1:]]
    return [*words, *more]


def _cut(following: Line, keys: list[str]) -> bool:
    """``following`` is the rest of a sample row a wrap broke: it opens at column 0 with a digit (a row is
    printed right-aligned under its header) and holds fewer cells than the header names."""
    return following.raw[:1].isdigit() and len(following.text.split()) < len(keys)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    keys: list[str] = []
    banner: Line | None = None  # held until the next text line shows whether a terminal wrapped it
    rest = False  # this line is the rest of a header or row a wrap cut
    for line, following in ahead(lines_of(text, COMMAND, detect)):
        if not line.text.strip():
            continue
        if banner is not None:
            rest_of_banner = read_held_banner(banner, line, out)
            banner = None
            if rest_of_banner:
                continue
        if rest:
            out.known(line) if _HEADER_REST.match(line.text) else out.warn(line, "the rest of the line before: skipped")
            rest = False
            continue
        if BANNER.match(line.text):
            banner = line
        elif _GROUPS.match(line.text) or _RULE.match(line.text):
            out.known(line)
        elif _HEADER.match(line.text):
            words = line.text.split()
            if following is not None and not (_ROW.match(following.text) or _RULE.match(following.text)):
                words = _whole_header(line, following)  # "... po  in" / "    sy    cs ...": read whole
                rest = True
            keys = _keys([c.casefold() for c in words])
            out.known(line)
        elif keys and _ROW.match(line.text):
            if following is not None and _cut(following, keys):  # "... 0   31  652" / "4  1843 ..."
                out.warn(line, f"samples: wrapped inside its last value (it goes on below); {ROW_SKIPPED}")
                rest = True
                continue
            read_row(line, keys, as_number, out, "samples")
        else:
            out.unknown(line)
    if banner is not None:
        read_banner(banner, out)
    return out.finish()
