"""HP-UX `psrset` / `psrset -i`: processor sets with their processors and attributes.

    PSET                0
    SPU_LIST            0    1    2    3
    OWNID               0
    GRPID               0
    PERM                755
    IOINTR              ALLOW
    NONEMPTY            DFLTPSET
    EMPTY               FAIL
    LASTSPU             DFLTPSET

``psets``: one row per PSET block (``pset``, ``spus`` as a list, and the attributes in lower
case as printed).  Which process runs in which set is ``psrset -q``: an SAP instance's pset is
not read from this listing.
"""

from __future__ import annotations

from typing import Any

from advisor import linre

from ._text import Builder, Line, lines_of, score
from .base import ParseResult

COMMAND = "psrset"
ALIASES = ("psrset -i", "psrset -i *")

_PSET = linre.compile(r"^\s*PSET\s+(\d{1,5})\s*$")
_SPUS = linre.compile(r"^\s*SPU_LIST\s*((?:\s+\d{1,5})*)\s*$")
_ATTR = linre.compile(r"^\s*(OWNID|GRPID|PERM|IOINTR|NONEMPTY|EMPTY|LASTSPU|RTESET|FSSHARE)\s+(\S+)\s*$")
_HEADER = linre.compile(r"^\s*PSET\s+SPU_LIST\s*$")  # some releases print a column header
_NUMBERS = linre.compile(r"^\s*\d{1,5}(?:\s+\d{1,5})*\s*$")  # the rest of a SPU_LIST a terminal wrapped

_SIGNATURES = [
    linre.compile(r"^\s*PSET\s+\d+\s*$", linre.M),
    linre.compile(r"^\s*SPU_LIST(?:\s+\d+)*\s*$", linre.M),
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 2)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    current: dict[str, Any] | None = None
    first: Line | None = None
    pending: list[Line] = []
    seen: set[int] = set()  # a processor set is printed once: a repeat is the output pasted twice
    spus: Line | None = None  # the SPU_LIST line just read (its list may go on in the next line)

    def close() -> None:
        if current is not None and first is not None:
            if current["pset"] in seen:
                out.warn(
                    first, f"PSET {current['pset']} is listed twice (the output pasted twice?); the repeat is left out"
                )
                return
            seen.add(current["pset"])
            out.put_row("psets", current, first)
            for line in pending:
                out.known(line)

    for line in lines_of(text, COMMAND, detect):
        if not line.text.strip():
            continue
        if line.cut:
            out.warn(line, "the output ends inside this line (no line end): its value may be cut off; left out")
            continue
        after, spus = spus, None
        if after is not None and current is not None and _NUMBERS.match(line.text):
            if after.raw[-1:].isdigit() and line.raw[:1].isdigit():  # cut inside a number: 1 / 2 of 12
                current.pop("spus", None)
                out.warn(after, "SPU_LIST wrapped inside a processor number (it goes on below); left out")
                out.warn(line, "the rest of the SPU_LIST before, wrapped: skipped")
            elif "spus" in current:
                current["spus"] += [int(s) for s in line.text.split()]
                spus = line
                pending.append(line)
        elif m := _PSET.match(line.text):
            close()
            current, first, pending = {"pset": int(m.group(1))}, line, []
        elif current is not None and (m := _SPUS.match(line.text)):
            current["spus"] = [int(s) for s in m.group(1).split()]
            spus = line
            pending.append(line)
        elif current is not None and (m := _ATTR.match(line.text)):
            current[m.group(1).lower()] = m.group(2)
            pending.append(line)
        elif _HEADER.match(line.text):
            out.known(line)
        else:
            out.unknown(line)
    close()
    return out.finish()
