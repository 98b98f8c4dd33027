"""disp+work page size hints on HP-UX Itanium and the measurements behind them.

HP KOD slides, "Minimize TLB misses": `chatr +pi 16M +pd 64M disp+work`, and the page size table
measured with 2050 SD users on an 8-core rx6600 with Hyper-Threading (36 work processes, Oracle
11g with a 4 GB SGA). Backup slide one lists the page sizes Montecito supports (4K ... 4G) and the
targets: under 0.5 % of cycles in the TLB handler, under 0.1 D2TLB misses per 1000 instructions.

`L` is chatr's "largest" hint; it is ranked as the largest size the processor offers (4G).
"""

from __future__ import annotations

from pydantic import BaseModel

from advisor.citations import Cite

SOURCE = "hp-hpux-sap-itanium-kod"
CITE_TABLE = Cite(source=SOURCE, section="Minimize TLB misses", locator="page size table (rx6600, 2050 SD users)")
CITE_TARGETS = Cite(source=SOURCE, section="Backup slide one: More on TLB and large pages")

PAGE_KB = {
    "4K": 4,
    "8K": 8,
    "16K": 16,
    "64K": 64,
    "256K": 256,
    "1M": 1024,
    "4M": 4096,
    "16M": 16384,
    "64M": 65536,
    "256M": 262144,
    "1G": 1048576,
    "4G": 4194304,
    "L": 4194304,
}

RECOMMENDED = ("16M", "64M")  # chatr +pi 16M +pd 64M
PLATEAU_KB = (PAGE_KB["4M"], PAGE_KB["16M"])  # the measured row where the gain is (nearly) all there
HANDLER_TARGET_PCT = 0.5
D2TLB_TARGET_PER_KINST = 0.1


class MeasuredRow(BaseModel):
    text: str
    data: str
    itlb_per_kinst: float
    dtlb_per_kinst: float
    handler_cycles_pct: float
    saps: int
    response_s: float
    idle_pct: float
    peak_memory_gb: float

    def summary(self) -> str:
        return (
            f"{self.text}/{self.data}: {self.saps} SAPS, {self.response_s:.2f} s response, "
            f"{self.handler_cycles_pct} % of cycles in the TLB handler, {self.peak_memory_gb} GB peak memory"
        )


# The four rows of the slide's table, smallest pages first.
TABLE = (
    MeasuredRow(
        text="4K",
        data="4K",
        itlb_per_kinst=0.974,
        dtlb_per_kinst=2.27,
        handler_cycles_pct=7.44,
        saps=8930,
        response_s=3.82,
        idle_pct=0,
        peak_memory_gb=26.0,
    ),
    MeasuredRow(
        text="16K",
        data="16K",
        itlb_per_kinst=0.142,
        dtlb_per_kinst=0.635,
        handler_cycles_pct=3.68,
        saps=10118,
        response_s=2.17,
        idle_pct=0.8,
        peak_memory_gb=26.5,
    ),
    MeasuredRow(
        text="4M",
        data="16M",
        itlb_per_kinst=0.023,
        dtlb_per_kinst=0.075,
        handler_cycles_pct=1.29,
        saps=10777,
        response_s=1.42,
        idle_pct=0.8,
        peak_memory_gb=29.1,
    ),
    MeasuredRow(
        text="64M",
        data="L",
        itlb_per_kinst=0.018,
        dtlb_per_kinst=0.076,
        handler_cycles_pct=1.13,
        saps=10788,
        response_s=1.40,
        idle_pct=2,
        peak_memory_gb=33.5,
    ),
)


def page_kb(size: str) -> int:
    """KB of a chatr page size hint ("4K", "16M", "L" = largest)."""
    try:
        return PAGE_KB[size]
    except KeyError:
        raise ValueError(f"unknown HP-UX page size {size!r}; one of {', '.join(PAGE_KB)}") from None


def nearest_measured_row(text: str, data: str) -> MeasuredRow:
    """The largest measured row whose text and data sizes are both at or below the given hints.

    It tells what the table measured for a configuration at least as small as this one (4K/4K
    when either hint is below 16K).
    """
    t, d = page_kb(text), page_kb(data)
    best = TABLE[0]
    for row in TABLE:
        if page_kb(row.text) <= t and page_kb(row.data) <= d:
            best = row
    return best


def below_plateau(text: str, data: str) -> bool:
    """True when the hints are smaller than the 4M text / 16M data row of the table."""
    return page_kb(text) < PLATEAU_KB[0] or page_kb(data) < PLATEAU_KB[1]
