"""`vmo -o NAME` (or `vmo -a`): VMM tunables as name = value.

The quick way to read ame_mpsize_support (0 = AME4K, 1 = AME64K) without the
full `vmo -L` table.
"""

from __future__ import annotations

import re

from ._assign import known_names_score, parse_assignments
from ._text import clean
from .base import ParseResult

COMMAND = "vmo -o ame_mpsize_support"
ALIASES = ("vmo -o *", "vmo -a", "vmo -F -a", "vmo -r -o *")

_NAMES = re.compile(r"(ame_|lru_|maxperm|minperm|maxclient|vmm_|lgpg_|npsr|strict_|maxfree|minfree|memory_affinity)")


def detect(text: str) -> float:
    return known_names_score(clean(text), _NAMES)


def parse(text: str) -> ParseResult:
    return parse_assignments(text, COMMAND)
