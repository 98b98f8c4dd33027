"""`schedo -o vpm_fold_policy` (or `schedo -a`): scheduler tunables as name = value.

On a VIOS, vpm_fold_policy must be 4 (processor folding off).
"""

from __future__ import annotations

from ._assign import SCHEDO_NAMES, VMO_NAMES, names_score, parse_assignments
from ._text import clean
from .base import ParseResult

COMMAND = "schedo -o vpm_fold_policy"
ALIASES = ("schedo -o *", "schedo -a", "schedo -F -a")


def detect(text: str) -> float:
    return names_score(clean(text), SCHEDO_NAMES, VMO_NAMES)


def parse(text: str) -> ParseResult:
    return parse_assignments(text, COMMAND, detect)
