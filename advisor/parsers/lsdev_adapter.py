"""`lsdev -type adapter` (VIOS) or `lsdev -Cc adapter` (AIX): the adapters.

The VIOS memory guideline counts adapters by kind (Ethernet ports, FC ports,
virtual FC and virtual Ethernet adapters); the descriptions tell the kinds.
"""

from __future__ import annotations

from advisor import linre

from ._lsdev import listing_score, parse_listing
from .base import ParseResult

COMMAND = "lsdev -type adapter"
ALIASES = ("lsdev -Cc adapter",)

_NAMES = linre.compile(r"(ent|fcs|vhost|vfchost|vsa|vts|sissas|scsi|sas|lhea|hba|usbhc|ide|fchba)\d+$")


def detect(text: str) -> float:
    return listing_score(text, _NAMES)


def parse(text: str) -> ParseResult:
    return parse_listing(text, COMMAND, "adapters", _NAMES)
