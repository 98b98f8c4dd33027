"""Cell local memory sizing for SAP on multi-cell HP-UX (HP KOD slides "CLM recommendations").

About 10 % of memory as CLM covers kernel structures and process-private data; on 11i v3 the
CLM should in addition hold the SAP shared memory (with `numa_policy=1` placing it there).
"""

from __future__ import annotations

from pydantic import BaseModel

from advisor.citations import Cite

CITE = (
    Cite(source="hp-hpux-sap-itanium-kod", section="CLM recommendations"),
    Cite(source="hp-hpux-sap-itanium-kod", section="HP-UX kernel settings"),
)
KERNEL_FLOOR_PCT = 10.0


class ClmSizing(BaseModel):
    clm_gb: float
    floor_gb: float
    needed_gb: float
    shortfall_gb: float
    citations: tuple[Cite, ...] = CITE


def clm_sizing(memory_gb: float, clm_pct: float, sap_shared_memory_gb: float) -> ClmSizing:
    clm = memory_gb * clm_pct / 100.0
    floor = memory_gb * KERNEL_FLOOR_PCT / 100.0
    needed = floor + sap_shared_memory_gb
    return ClmSizing(
        clm_gb=round(clm, 3),
        floor_gb=round(floor, 3),
        needed_gb=round(needed, 3),
        shortfall_gb=round(max(0.0, needed - clm), 3),
    )
