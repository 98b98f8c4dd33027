"""HP-UX `mpsched -s`: the system's locality domains (cells) and the processors in each.

    System Configuration
    =====================

    Locality Domain Count: 2
    Processor Count      : 8

    Domain    Processors
    ------    ----------
       0        0  1  2  3
       1        4  5  6  7

``locality_domains``, ``processors`` and ``domains`` (one row per domain: ``domain``,
``processors`` as a list).  It shows the layout, not which process is bound where (that is
``mpsched -q``), so no SAP instance's binding is read from it.
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, as_int, lines_of, score
from .base import ParseResult

COMMAND = "mpsched -s"
ALIASES = ("mpsched -s *",)

_COUNT = linre.compile(r"^\s*(Locality Domain Count|Processor Count)\s*:\s*(\S+)\s*$", linre.I)
_DOMAIN = linre.compile(r"^\s*(\d{1,4})\s+((?:\d{1,5}\s*)+)$")
_KNOWN = linre.compile(
    r"^\s*(?:System Configuration|Domain\s+Processors|Scheduler Policy\s*:.*|[=-]+(?:\s+[=-]+)*)\s*$"
)
_KEYS = {"locality domain count": "locality_domains", "processor count": "processors"}

_SIGNATURES = [
    linre.compile(r"^\s*Locality Domain Count\s*:", linre.M | linre.I),
    linre.compile(r"^\s*Domain\s+Processors\s*$", linre.M),
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 1)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    for line in lines_of(text, COMMAND, detect):
        if not line.text.strip():
            continue
        if m := _COUNT.match(line.text):
            out.value(_KEYS[" ".join(m.group(1).split()).casefold()], m.group(2), as_int, line)
        elif m := _DOMAIN.match(line.text):
            out.put_row(
                "domains", {"domain": int(m.group(1)), "processors": [int(p) for p in m.group(2).split()]}, line
            )
        elif _KNOWN.match(line.text):
            out.known(line)
        else:
            out.unknown(line)
    return out.finish()
