"""HP-UX `chatr PROGRAM` (Itanium ELF): an executable's attributes, above all its page size hints.

    /usr/sap/PRD/SYS/exe/run/disp+work:
             64-bit ELF executable
             ...
             segments:
                 index type     address      flags size
                     7 text 4000000000000000 z---c-    D (default)
                     8 data 6000000000000000 ---m--    L (largest possible)

``program`` (the path on the first line), ``elf`` ("64-bit ELF executable") and ``segments``: one row
per segment line (``index``, ``type``, ``address``, ``flags``, ``size`` as printed: ``D`` default,
``L`` largest possible, or ``4K`` .. ``4G``).  The other attribute lines are recognised and not kept.
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, lines_of, score
from .base import NOT_WHOLE, ParseResult

COMMAND = "chatr"
ALIASES = ("chatr *",)

# the program as typed: a path, or a bare name run in its directory ("disp+work:"); "segments:" is a heading
_PROGRAM = linre.compile(r"^\s*(/\S{1,1000}|\S{1,1000}/\S{0,1000}|[A-Za-z0-9_.+-]{1,255}):\s*$")
_ELF = linre.compile(r"^\s*((?:32|64)-bit ELF (?:executable|shared library))\s*$")
_SEGMENTS = linre.compile(r"^\s*segments:\s*$")
_SEG_HEADER = linre.compile(r"^\s*index\s+type\s+address\s+flags\s+size\s*$")
_SEGMENT = linre.compile(
    r"^\s*(\d{1,3})\s+(text|data)\s+([0-9a-fA-F]{1,16})\s+(\S{1,16})\s+([0-9]{1,4}[KMG]|[DL])(?:\s+\(.*)?\s*$"
)
_SEGMENT_LIKE = linre.compile(r"^\s*\d{1,3}\s+(?:text|data)\b")

_SIGNATURES = [
    linre.compile(r"^\s*(?:32|64)-bit ELF executable\s*$", linre.M),
    linre.compile(r"^\s*index\s+type\s+address\s+flags\s+size\s*$", linre.M),
    linre.compile(r"^\s*shared library (?:dynamic path search|list|binding):", linre.M),
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 2)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    in_segments = False
    for line in lines_of(text, COMMAND, detect):
        if not line.text.strip():
            continue
        if (m := _PROGRAM.match(line.text)) and not out.has("program") and m.group(1) != "segments":
            out.put("program", m.group(1), line)
        elif m := _ELF.match(line.text):
            out.put("elf", m.group(1), line)
        elif _SEGMENTS.match(line.text) or _SEG_HEADER.match(line.text):
            in_segments = True
            out.known(line)
        elif in_segments and line.text.split()[0] == "index":  # the header, wrapped
            out.known(line)
        elif in_segments and (m := _SEGMENT.match(line.text)):
            row = {
                "index": int(m.group(1)),
                "type": m.group(2),
                "address": m.group(3),
                "flags": m.group(4),
                "size": m.group(5),
            }
            out.put_row("segments", row, line)
        elif in_segments and _SEGMENT_LIKE.match(line.text):
            out.warn(line, f"a segment line whose page size hint is not one chatr prints (cut?); skipped; {NOT_WHOLE}")
        elif in_segments and len(line.raw) - len(line.raw.lstrip()) < 5:  # chatr indents 9: a wrapped line's rest
            out.warn(line, "the rest of the line before, wrapped: skipped")
        elif out.has("program"):
            in_segments = False
            out.known(line)  # every other line under the program is one of chatr's attribute lines
        else:
            out.unknown(line)
    return out.finish()
