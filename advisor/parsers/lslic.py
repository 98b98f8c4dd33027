"""HMC `lslic -m SYS -t sys`: the licensed internal code (system firmware) levels of a managed system.

    lic_type=Managed System,management_status=Enabled,activated_level=100,activated_spname=FW950.10,
    installed_level=100,installed_spname=FW950.10,accepted_level=80,accepted_spname=FW950.00,ecnumber=01VL950

Older HMCs and firmware name the service pack ``AL740_167`` (POWER7) or ``EM350_149`` (POWER6)
instead of ``FW950.10``; the release is the three digits either way.  Rows carry the attributes as
printed (``rows.N.<attribute>``); the assemble layer reads the release and says where it cannot.
"""

from __future__ import annotations

from advisor import linre

from ._hmc import parse_rows
from ._text import score
from .base import ParseResult

COMMAND = "lslic"
ALIASES = ("lslic *",)

_SIGNATURES = [
    linre.compile(r'(?:^[ \t]*|,)"?lic_type=', linre.M),
    linre.compile(r"(?:^[ \t]*|,)(?:activated_spname|installed_spname|activated_level|ecnumber)=", linre.M),
]
_HEADER = [
    linre.compile(
        r"^[ \t]*[a-z0-9_,]{0,400}\b(?:activated_spname|activated_level|installed_spname|ecnumber)\b"
        r"[a-z0-9_,]{0,400}[ \t]*$",
        linre.M,
    )
]  # -F ... --header


def detect(text: str) -> float:
    return max(score(text, _SIGNATURES, 2), score(text, _HEADER, 1))


def parse(text: str) -> ParseResult:
    return parse_rows(text, COMMAND, detect)
