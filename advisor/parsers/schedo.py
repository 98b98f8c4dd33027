"""`schedo -o vpm_fold_policy` (or `schedo -a`): scheduler tunables as name = value.

On a VIOS, vpm_fold_policy must be 4 (processor folding off).
"""

from __future__ import annotations

import re

from ._assign import known_names_score, parse_assignments
from ._text import clean
from .base import ParseResult

COMMAND = "schedo -o vpm_fold_policy"
ALIASES = ("schedo -o *", "schedo -a", "schedo -F -a")

_NAMES = re.compile(r"(vpm_|sched_|smt_|affinity_lim|big_tick|fixed_pri|force_grq|maxspin|timeslice|hotlocks)")


def detect(text: str) -> float:
    return known_names_score(clean(text), _NAMES)


def parse(text: str) -> ParseResult:
    return parse_assignments(text, COMMAND)
