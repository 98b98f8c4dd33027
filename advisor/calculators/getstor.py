"""IARV64 REQUEST=GETSTOR sizes (SHARE session 15142, "New GETSTOR Syntax").

UNITS counts units of UNITSIZE: UNITSIZE=1M is one megabyte per unit (UNITS=3 -> 3 MB), UNITSIZE=2G
two gigabytes per unit (UNITS=3 -> 6 GB). SEGMENTS, the older keyword, counts 1 MB segments
(SEGMENTS=2048 -> 2 GB, the deck's example of 2G backed by 1M pages). UNITS and SEGMENTS are mutually
exclusive; the size is that of the memory object above the bar, whatever frames back it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from advisor.citations import Cite

SOURCE = "ibm-zos-large-memory-share-2014"
CITE_UNITS = Cite(source=SOURCE, section="New GETSTOR Syntax", locator="UNITSIZE")
CITE_SEGMENTS = Cite(
    source=SOURCE, section="Externals: Usage & Invocation", locator="SEGMENTS=2048, PAGEFRAMESIZE=1MEG"
)
UNIT_MB = {"1M": 1, "2G": 2048}
FORMULA_UNITS = "UNITS x UNITSIZE (1M: 1 MB, 2G: 2 GB)"
FORMULA_SEGMENTS = "SEGMENTS x 1 MB"


class GetstorSize(BaseModel):
    """The size of the memory object a GETSTOR request asks for."""

    units: int | None
    unitsize: Literal["1M", "2G"] | None
    segments: int | None
    size_mb: int
    size_gb: float
    formula: str
    citations: list[Cite]


def getstor_size(units: int | None = None, unitsize: str | None = None, segments: int | None = None) -> GetstorSize:
    """UNITS x UNITSIZE, or SEGMENTS x 1 MB; exactly one of the two forms."""
    if (units is None) == (segments is None):
        raise ValueError("give UNITS with UNITSIZE, or SEGMENTS: they are mutually exclusive")
    if units is not None:
        if unitsize not in UNIT_MB:
            raise ValueError(f"UNITSIZE must be 1M or 2G, not {unitsize!r} (UNITS has no default UNITSIZE)")
        if units < 0:
            raise ValueError(f"UNITS must be at least 0, not {units}")
        mb = units * UNIT_MB[unitsize]
        return GetstorSize(
            units=units,
            unitsize=unitsize,  # type: ignore[arg-type]
            segments=None,
            size_mb=mb,
            size_gb=round(mb / 1024, 6),
            formula=FORMULA_UNITS,
            citations=[CITE_UNITS],
        )
    assert segments is not None
    if segments < 0 or unitsize is not None:
        raise ValueError("SEGMENTS is at least 0 and takes no UNITSIZE")
    return GetstorSize(
        units=None,
        unitsize=None,
        segments=segments,
        size_mb=segments,
        size_gb=round(segments / 1024, 6),
        formula=FORMULA_SEGMENTS,
        citations=[CITE_UNITS, CITE_SEGMENTS],
    )
