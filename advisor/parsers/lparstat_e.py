"""`lparstat -E INTERVAL COUNT` (AIX): processor use, actual and normalised to the nominal frequency.

    System configuration: type=Shared mode=Uncapped smt=8 lcpu=16 mem=32768MB ent=2.00 Power=Disabled

    Physical Processor Utilisation:

     --------Actual--------              ------Normalised------
     user   sys  wait  idle      freq    user   sys  wait  idle
     ----  ----  ----  ----   ---------  ----  ----  ----  ----
    0.412 0.107 0.001 1.480 3.5GHz[100%] 0.412 0.107 0.001 1.480

``configuration.*``: the banner, as lparstat -c and vmstat print it (read by ``_sysconfig``).  The sample
rows (processor time per state, in processors, and the frequency) are recognised and not kept: no document
field reads them, and they hold no physc column.
"""

from __future__ import annotations

from advisor import linre

from ._sysconfig import BANNER, read_banner, read_held_banner
from ._text import Builder, Line, lines_of, score
from .base import ParseResult

COMMAND = "lparstat -E"
ALIASES = ("lparstat -E *", "lparstat -Ew *", "lparstat -Ew")

_TITLE = linre.compile(r"^\s*Physical Processor Utili[sz]ation\s*:?\s*$", linre.I)
_HEADER = linre.compile(r"^\s*(?:-+Actual-+\s+-+Normali[sz]ed-+|user\s+sys\s+wait\s+idle\b.*)\s*$", linre.I)
_RULE = linre.compile(r"^[\s-]+$")
_ROW = linre.compile(r"^\s*[\d.,]+(?:\s+[\d.,]+){3}\s+[\d.,]+[GM]Hz\b.*$", linre.I)
_SIGNATURES = [
    linre.compile(r"^\s*Physical Processor Utili[sz]ation\b", linre.M | linre.I),
    linre.compile(r"^\s*System configuration:.*\bPower=", linre.M | linre.I),
    linre.compile(r"-+Actual-+\s+-+Normali[sz]ed-+", linre.I),
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 2)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    banner: Line | None = None  # held until the next text line shows whether a terminal wrapped it
    for line in lines_of(text, COMMAND, detect):
        if not line.text.strip():
            continue
        if banner is not None:
            rest_of_banner = read_held_banner(banner, line, out)
            banner = None
            if rest_of_banner:
                continue
        if BANNER.match(line.text):
            banner = line
        elif _TITLE.match(line.text) or _HEADER.match(line.text) or _RULE.match(line.text) or _ROW.match(line.text):
            out.known(line)
        else:
            out.unknown(line)
    if banner is not None:
        read_banner(banner, out)
    return out.finish()
