"""PLAREA: the pool of pageable 1 MB large pages that z/OS sizes by itself at IPL.

Source `ibm-zos-large-memory-share-2014` (SHARE session 15142):

* "Internals Overview", Initialization - New Storage Map: the quad area is 12.5% of the
  total online storage, and the PLAREA is 12.5% of (online storage - quad size).
* 1MB Pageable Large Pages, "Overview" (Benefit / Value): the PLAREA is a separate pool
  from the LFAREA and the system configures it automatically, so the online storage is
  the only input; LFAREA does not enter the formula.

So PLAREA = 0.125 x (online - 0.125 x online) = 10.9375% of online storage
(16 GB online: quad 2 GB, PLAREA 0.125 x 14 GB = 1.75 GB).
"""

from __future__ import annotations

import math
from fractions import Fraction

from pydantic import BaseModel

from advisor.citations import Cite

SOURCE = "ibm-zos-large-memory-share-2014"
CITATIONS = [
    Cite(
        source=SOURCE,
        section="Internals Overview",
        locator="Initialization - New Storage Map: Quad = 12.5% total online storage; "
        "PLArea = 12.5% of (online storage - quad size)",
    ),
    Cite(
        source=SOURCE,
        section="1MB Pageable Large Pages: Overview",
        locator="Benefit / Value: PLAREA separate from the LFAREA, configured by the system",
    ),
]


class PlareaSize(BaseModel):
    """The quad area and the PLAREA for an online storage size (all GiB)."""

    online_storage_gb: float
    quad_gb: float
    plarea_gb: float
    plarea_frames_1m: int  # whole 1 MB frames in the PLAREA
    citations: list[Cite]


def plarea_size(online_storage_gb: float) -> PlareaSize:
    """Size the PLAREA as the new storage map does: 12.5% of (online - quad), quad = 12.5% of online."""
    if not math.isfinite(online_storage_gb) or online_storage_gb < 0:
        raise ValueError(f"online storage must be a finite number of GB >= 0, not {online_storage_gb!r}")
    online = Fraction(str(online_storage_gb))
    quad = online / 8
    plarea = (online - quad) / 8
    return PlareaSize(
        online_storage_gb=online_storage_gb,
        quad_gb=float(quad),
        plarea_gb=float(plarea),
        plarea_frames_1m=math.floor(plarea * 1024),
        citations=list(CITATIONS),
    )
