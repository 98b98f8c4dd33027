"""`lsdev -type disk` (VIOS) or `lsdev -Cc disk` (AIX): the disks and their driver.

"MPIO Other FC SCSI Disk Drive" means the storage vendor's driver (SDDPCM,
HDLM, PowerPath...) is missing and AIX uses its generic definition.
"""

from __future__ import annotations

from advisor import linre

from ._lsdev import listing_score, parse_listing
from .base import ParseResult

COMMAND = "lsdev -type disk"
ALIASES = ("lsdev -Cc disk",)

_NAMES = linre.compile(r"(hdisk|hdiskpower|vpath|dac)\d+$")


def detect(text: str) -> float:
    return listing_score(text, _NAMES)


def parse(text: str) -> ParseResult:
    return parse_listing(text, COMMAND, "disks", _NAMES)
