"""`vmstat [-c] INTERVAL COUNT` (or just its banner): memory and CPU samples.

avm (active virtual memory, 4 KB pages) at peak is what AME sizing and the
"safety net" reasoning start from; with -c the compressed pool (csz, cfr) and
the deficit (dxm) appear, also in 4 KB pages.
"""

from __future__ import annotations

from advisor import linre

from ._columns import column_key, read_row
from ._sysconfig import BANNER, is_rest, read_banner, read_rest
from ._text import Builder, Line, as_number, lines_of, score
from .base import ParseResult

COMMAND = "vmstat"
ALIASES = ("vmstat [0-9]*", "vmstat -c", "vmstat -c [0-9]*", "vmstat -t [0-9]*", "vmstat -w [0-9]*")

_GROUPS = linre.compile(r"^\s*kthr\s+memory\s+page\s+faults\s+cpu", linre.I)
_HEADER = linre.compile(r"^\s*r\s+b\s+avm\s+fre\b", linre.I)
_RULE = linre.compile(r"^[\s-]+$")
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


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    keys: list[str] = []
    banner: Line | None = None  # held until the next text line shows whether a terminal wrapped it
    for line in lines_of(text, COMMAND, detect):
        if not line.text.strip():
            continue
        if banner is not None:
            wrapped = is_rest(line)
            read_banner(banner, out, wrapped=wrapped)
            banner = None
            if wrapped:
                read_rest(line, out)
                continue
        if BANNER.match(line.text):
            banner = line
        elif _GROUPS.match(line.text) or _RULE.match(line.text):
            out.known(line)
        elif _HEADER.match(line.text):
            keys = _keys([c.casefold() for c in line.text.split()])
            out.known(line)
        elif keys and linre.match(r"^\s*\d", line.text):
            read_row(line, keys, as_number, out, "samples")
        else:
            out.unknown(line)
    if banner is not None:
        read_banner(banner, out)
    return out.finish()
