"""`vmo -o NAME` (or `vmo -a`): VMM tunables as name = value.

The quick way to read ame_mpsize_support (0 = AME4K, 1 = AME64K) without the
full `vmo -L` table.
"""

from __future__ import annotations

from ._assign import SCHEDO_NAMES, VMO_NAMES, names_score, parse_assignments
from ._text import clean
from .base import ParseResult

COMMAND = "vmo -o ame_mpsize_support"
ALIASES = ("vmo -o *", "vmo -a", "vmo -F -a", "vmo -r -o *")


def detect(text: str) -> float:
    return names_score(clean(text), VMO_NAMES, SCHEDO_NAMES)


def parse(text: str) -> ParseResult:
    return parse_assignments(text, COMMAND, detect)
