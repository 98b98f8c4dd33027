"""`lsattr -EOl DEVICE`: the same attributes as `lsattr -El`, in the colon form scripts ask for.

    #size:goodsize:mem_exp_factor:ent_mem_cap:var_mem_weight
    65536:65536:1.5::

The header names the attributes, the next line holds their values in the same order (an empty
field is an attribute without a value).  The result has the shape and command name of `lsattr -El`,
so everything that reads one reads the other.  A value line whose field count differs from the
header's is refused line by line, never re-aligned.  A colon inside a value is printed ``#!:``
(``fe80#!:#!:1`` for the address ``fe80::1``).
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, lines_of, score
from .base import ParseResult
from .lsattr import UNITS, typed

COMMAND = "lsattr -EOl"
ALIASES = ("lsattr -EOl *", "lsattr -E -O -l *", "lsattr -O -E -l *", "lsattr -OEl *")
RESULT_COMMAND = "lsattr -El"

_NAME = r"[A-Za-z][A-Za-z0-9_]*"  # attribute names: lower case but for a few ("PCM" of every MPIO disk)
_HEADER = linre.compile(rf"^#{_NAME}(?::{_NAME})+$")
_SIGNATURES = [linre.compile(rf"^[ \t]*#{_NAME}(?::{_NAME})+\s*$", linre.M)]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 1) * 0.9  # lsattr -El's own listing wins where both could read


def parse(text: str) -> ParseResult:
    out = Builder(RESULT_COMMAND)
    names: list[str] | None = None
    for line in lines_of(text, COMMAND, detect):
        body = line.text.strip()
        if not body:
            continue
        if _HEADER.match(body):
            names = body[1:].split(":")
            out.known(line)
        elif names is None:
            out.unknown(line, "a value line before the '#name:name' header; skipped")
        else:
            values = [v.replace("\0", ":") for v in body.replace("#!:", "\0").split(":")]  # "#!:" is a colon in a value
            if len(values) != len(names):
                out.warn(line, f"{len(values)} values for {len(names)} attributes {names}; line skipped")
                continue
            for name, raw in zip(names, values, strict=True):
                out.value(UNITS.get(name, name), raw, typed, line)
    return out.finish()
