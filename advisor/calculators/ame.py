"""Active Memory Expansion sizing (ibm-powervm-virtualization-redbook 3.2, ibm-aix-ame64k-sap-2023).

- Expanded memory is true memory times the expansion factor (Redbook Table 3-4; guide "Enabling
  Active Memory Expansion (AME)": 7 GB at 2.0 -> 14 GB).
- Memory gain, relative to true memory, is factor - 1 (Redbook Table 3-5: 1.2 -> 20 %, 2.0 -> 100 %,
  10.0 -> 900 %). The 2023 guide's "memory savings" is relative to the memory needed without AME:
  1 - true / expanded (Table 5: 2.0 -> 50 %, 2.8 -> 64 %).
- Changing the factor while keeping expanded memory constant means true = expanded / factor (guide
  "Test Iteration": factor x true = 14 GB throughout). The guide set true memory in 0.25 GB steps,
  rounding up (14 / 4.35 = 3.22 -> 3.25 GB, Table 5); `granularity_gb` reproduces that.
- Valid factors run from 1.00 to 10.00 in steps of 0.01 (Redbook 3.2, note under Table 3-5).
- AME64K (compressing 64K pages natively) needs POWER8 or later and AIX 7.2 TL1 or later; it is the
  default on POWER10 with AIX 7.3 (guide "Overview", "Enabling Active Memory Expansion (AME)").
- A deficit says how much of the expanded target AME cannot deliver: the factor actually achieved is
  (expanded - deficit) / true, and the true memory that would hold the same expanded memory at that
  achievable factor is expanded / achieved. This is the advisor's arithmetic on the Redbook's definition
  of the deficit (Table 3-4), an estimate of the minimum, not a figure from the sources.

AIX levels are numbers: version x 1000 + release x 100 + technology level, so 7201 is AIX 7.2 TL1,
6108 is AIX 6.1 TL8 and 7301 is AIX 7.3 TL1.
"""

from __future__ import annotations

import math

from pydantic import BaseModel

from advisor.citations import Cite

GUIDE = "ibm-aix-ame64k-sap-2023"
REDBOOK = "ibm-powervm-virtualization-redbook"

CITE_EXPANDED = (
    Cite(source=REDBOOK, section="3.2 Active Memory Expansion", locator="Table 3-4"),
    Cite(source=GUIDE, section="Enabling Active Memory Expansion (AME)"),
)
CITE_GAIN = (Cite(source=REDBOOK, section="3.2 Active Memory Expansion", locator="Table 3-5"),)
CITE_FACTOR = (Cite(source=REDBOOK, section="3.2 Active Memory Expansion", locator="note under Table 3-5"),)
CITE_ITERATION = (
    Cite(source=GUIDE, section="Test Iteration"),
    Cite(source=GUIDE, section="Analysis of the Test Results", locator="Table 5"),
)
CITE_AME64K = (
    Cite(source=GUIDE, section="Overview - Active Memory Expansion and SAP"),
    Cite(source=GUIDE, section="Enabling Active Memory Expansion (AME)"),
)
CITE_DEFICIT = (
    Cite(source=REDBOOK, section="3.2 Active Memory Expansion", locator="Table 3-4, Memory deficit"),
    Cite(source=GUIDE, section="Monitoring with lparstat"),
)

MIN_FACTOR = 1.0
MAX_FACTOR = 10.0
FACTOR_STEP = 0.01
AME64K_MIN_LEVEL = 7201  # AIX 7.2 TL1
# "POWER8 and later": Power11 postdates the guide and counts as a later generation.
AME64K_PROCESSORS = ("POWER8", "POWER9", "POWER10", "POWER11")
AME64K_DEFAULT_LEVEL = 7300  # AIX 7.3, on POWER10
# The guide's productive range for SAP ABAP (Table 5 conclusion): factors 2.0 to 2.8.
SAP_VALIDATED_FACTORS = (2.0, 2.8)


def _finite(name: str, value: float, *, minimum: float = 0.0, strict: bool = False) -> float:
    value = float(value)
    if math.isnan(value) or math.isinf(value) or value < minimum or (strict and value == minimum):
        bound = f"above {minimum}" if strict else f"at least {minimum}"
        raise ValueError(f"{name} must be a finite number {bound}, not {value}")
    return value


def aix_level(version: str, tl: int) -> int:
    """AIX version and technology level as one comparable number: ("7.2", 1) -> 7201."""
    try:
        major, minor = (int(p) for p in str(version).split("."))
    except ValueError:
        raise ValueError(f"AIX version must look like 7.2, not {version!r}") from None
    if int(tl) < 0 or int(tl) > 99 or minor > 9:
        raise ValueError(f"AIX level out of range: {version} TL{tl}")
    return major * 1000 + minor * 100 + int(tl)


def ame64k_available(processor: str, level: int) -> bool:
    """AME can compress 64K pages natively: POWER8 or later with AIX 7.2 TL1 or later."""
    return processor in AME64K_PROCESSORS and level >= AME64K_MIN_LEVEL


def ame64k_default(processor: str, level: int) -> bool:
    """AME64K is the default (ame_mpsize_support=1 out of the box): POWER10 with AIX 7.3 or later."""
    return processor == "POWER10" and level >= AME64K_DEFAULT_LEVEL


def factor_on_grid(factor: float) -> bool:
    """The factor is a whole number of hundredths (the HMC accepts steps of 0.01)."""
    hundredths = float(factor) * 100
    return math.isfinite(hundredths) and abs(hundredths - round(hundredths)) < 1e-6


def factor_valid(factor: float) -> bool:
    """1.00 <= factor <= 10.00 in steps of 0.01."""
    return factor_on_grid(factor) and MIN_FACTOR - 1e-9 <= float(factor) <= MAX_FACTOR + 1e-9


class AmeSizing(BaseModel):
    true_memory_gb: float
    expansion_factor: float
    expanded_memory_gb: float
    memory_gain_gb: float
    memory_gain_pct: float  # relative to true memory (Redbook Table 3-5)
    memory_savings_pct: float  # relative to expanded memory (2023 guide Table 5)
    factor_valid: bool
    citations: tuple[Cite, ...] = CITE_EXPANDED + CITE_GAIN


def memory_gain_pct(factor: float) -> float:
    """Memory gain of a factor, in percent of true memory: (factor - 1) x 100."""
    return round((_finite("expansion factor", factor, minimum=0, strict=True) - 1.0) * 100.0, 6)


def memory_savings_pct(true_memory_gb: float, expanded_memory_gb: float) -> float:
    """Memory saved against running the expanded memory as real memory: (1 - true / expanded) x 100."""
    true = _finite("true memory", true_memory_gb)
    expanded = _finite("expanded memory", expanded_memory_gb, strict=True)
    return round((1.0 - true / expanded) * 100.0, 6)


def expanded_gb(true_memory_gb: float, factor: float) -> float:
    """`ame_sizing(...).expanded_memory_gb` as a plain value, with the same checks in the same order
    (derive asks it for every AIX document and needs nothing else of the sizing)."""
    true = _finite("true memory", true_memory_gb)
    f = _finite("expansion factor", factor, minimum=0, strict=True)
    expanded = true * f
    if expanded:
        _finite("expanded memory", expanded, strict=True)  # memory_savings_pct's check in ame_sizing
    return round(expanded, 6)


def ame_sizing(true_memory_gb: float, factor: float) -> AmeSizing:
    """Expanded memory, gain and savings for a true memory size and an expansion factor."""
    expanded_memory_gb = expanded_gb(true_memory_gb, factor)
    true = _finite("true memory", true_memory_gb)
    f = _finite("expansion factor", factor, minimum=0, strict=True)
    expanded = true * f
    return AmeSizing(
        true_memory_gb=true,
        expansion_factor=f,
        expanded_memory_gb=expanded_memory_gb,
        memory_gain_gb=round(expanded - true, 6),
        memory_gain_pct=memory_gain_pct(f),
        memory_savings_pct=memory_savings_pct(true, expanded) if expanded else 0.0,
        factor_valid=factor_valid(f),
    )


class TrueMemoryForFactor(BaseModel):
    expanded_memory_gb: float
    expansion_factor: float
    true_memory_gb: float  # exact: expanded / factor
    configured_true_memory_gb: float  # rounded up to the granularity (= exact without one)
    resulting_expanded_memory_gb: float  # configured true memory x factor
    memory_savings_pct: float  # 1 - configured true / expanded
    citations: tuple[Cite, ...] = CITE_ITERATION


def true_memory_gb_for_factor(expanded_memory_gb: float, factor: float) -> float:
    """`true_memory_for_factor(...).true_memory_gb` (no granularity) as a plain value, with the same
    checks in the same order, for derive."""
    expanded = _finite("expanded memory", expanded_memory_gb)
    f = _finite("expansion factor", factor, minimum=0, strict=True)
    exact = expanded / f
    if expanded:
        _finite("true memory", exact)  # memory_savings_pct's check in true_memory_for_factor
    return round(exact, 6)


def true_memory_for_factor(
    expanded_memory_gb: float, factor: float, granularity_gb: float | None = None
) -> TrueMemoryForFactor:
    """The true memory that keeps `expanded_memory_gb` at `factor` (guide "Test Iteration").

    With `granularity_gb` (the guide used 0.25 GB; an HMC rounds to its memory block size), the
    configured value is rounded up so that expanded memory never falls below the target.
    """
    expanded = _finite("expanded memory", expanded_memory_gb)
    f = _finite("expansion factor", factor, minimum=0, strict=True)
    exact = expanded / f
    configured = exact
    if granularity_gb is not None:
        step = _finite("granularity", granularity_gb, minimum=0, strict=True)
        configured = math.ceil(round(exact / step, 9)) * step
    return TrueMemoryForFactor(
        expanded_memory_gb=expanded,
        expansion_factor=f,
        true_memory_gb=round(exact, 6),
        configured_true_memory_gb=round(configured, 6),
        resulting_expanded_memory_gb=round(configured * f, 6),
        memory_savings_pct=memory_savings_pct(configured, expanded) if expanded else 0.0,
    )


def rebalance(
    true_memory_gb: float, factor: float, new_factor: float, granularity_gb: float | None = None
) -> TrueMemoryForFactor:
    """Move from (true memory, factor) to `new_factor` keeping the expanded memory the same."""
    return true_memory_for_factor(ame_sizing(true_memory_gb, factor).expanded_memory_gb, new_factor, granularity_gb)


class DeficitEstimate(BaseModel):
    expanded_memory_gb: float
    deficit_mb: float
    achieved_factor: float  # (expanded - deficit) / true
    true_memory_gb: float  # expanded / achieved factor: the least true memory without a deficit
    citations: tuple[Cite, ...] = CITE_DEFICIT + CITE_ITERATION


def deficit_free_estimate(true_memory_gb: float, factor: float, deficit_mb: float) -> DeficitEstimate:
    """What AME achieves under a deficit, and the true memory that would absorb it at that factor."""
    true = _finite("true memory", true_memory_gb, minimum=0, strict=True)
    f = _finite("expansion factor", factor, minimum=0, strict=True)
    deficit = _finite("deficit", deficit_mb)
    expanded_mb = true * f * 1024.0
    if deficit >= expanded_mb:
        raise ValueError(f"a deficit of {deficit} MB is not below the expanded memory of {expanded_mb} MB")
    achieved = (expanded_mb - deficit) / (true * 1024.0)
    return DeficitEstimate(
        expanded_memory_gb=round(true * f, 6),
        deficit_mb=deficit,
        achieved_factor=round(achieved, 4),
        true_memory_gb=round(true * f / achieved, 3),
    )


class RebalancePlan(BaseModel):
    """One fix for AME-006/007/008: add true memory, then lower the factor, keeping expanded memory."""

    expanded_memory_mb: float
    true_memory_mb: float  # today
    target_true_memory_mb: int  # rounded up to the memory block (whole MB without one)
    add_memory_mb: int
    new_factor: float  # expanded / target, rounded up to 0.01 so expanded memory does not shrink
    block_mb: int | None
    citations: tuple[Cite, ...] = CITE_ITERATION + CITE_FACTOR


def rebalance_plan(
    true_memory_gb: float, factor: float, needed_true_memory_gb: float, block_mb: int | None = None
) -> RebalancePlan | None:
    """The memory to add and the new factor that hold today's expanded memory on at least
    `needed_true_memory_gb` of true memory; None when today's true memory already suffices.

    >>> p = rebalance_plan(3.0, 4.7, 14 / 2.8, block_mb=256)
    >>> (p.target_true_memory_mb, p.add_memory_mb, p.new_factor)
    (5120, 2048, 2.82)
    """
    true_mb = _finite("true memory", true_memory_gb, minimum=0, strict=True) * 1024.0
    f = _finite("expansion factor", factor, minimum=0, strict=True)
    needed_mb = _finite("needed true memory", needed_true_memory_gb) * 1024.0
    step = int(block_mb) if block_mb else 1
    if step < 1:
        raise ValueError(f"memory block must be at least 1 MB, not {block_mb}")
    target_mb = math.ceil(round(needed_mb / step, 9)) * step
    current_mb = math.ceil(round(true_mb / step, 9)) * step
    if target_mb <= current_mb:
        return None
    expanded_mb = true_mb * f
    new_factor = math.ceil(round(expanded_mb / target_mb * 100, 6)) / 100
    return RebalancePlan(
        expanded_memory_mb=round(expanded_mb, 3),
        true_memory_mb=round(true_mb, 3),
        target_true_memory_mb=int(target_mb),
        add_memory_mb=int(target_mb - current_mb),
        new_factor=max(MIN_FACTOR, round(new_factor, 2)),
        block_mb=int(block_mb) if block_mb else None,
    )


# The 2023 guide's Power10 sweep (Table 5): 14 GB expanded memory throughout; (factor, true memory GB,
# memory savings % as printed, SAPS, response time s, total CPU %, AME's share of the CPU % (None: n/a), AME deficit
# MB (None: n/a)). The guide rounded true memory up to 0.25 GB steps, so its savings can differ from 1 - 1 / factor
# in the last digit (2.44: 5.75 GB, 59 %).
TABLE5 = (
    (1.0, 14.0, 0.0, 1977, 0.05, 28.0, None, None),
    (1.6, 8.75, 37.5, 1979, 0.05, 28.0, 0.0, 0),
    (2.0, 7.0, 50.0, 1979, 0.05, 29.0, 1.0, 0),
    (2.44, 5.75, 59.0, 1979, 0.05, 32.0, 3.0, 0),
    (2.8, 5.0, 64.0, 1973, 0.06, 34.0, 5.0, 0),
    (3.5, 4.0, 71.0, 1975, 0.06, 35.0, 6.0, 0),
    (3.75, 3.75, 73.0, 1974, 0.06, 36.0, 6.0, 0),
    (4.0, 3.5, 75.0, 1971, 0.07, 37.0, 8.0, 0),
    (4.35, 3.25, 77.0, 1970, 0.08, 43.0, 12.0, 0),
    (4.7, 3.0, 79.0, 1253, 4.1, 85.0, 43.0, 1645),
)
CITE_TABLE5 = (Cite(source=GUIDE, section="Analysis of the Test Results", locator="Table 5"),)
CITE_SAFETY_NET = (Cite(source=GUIDE, section="Using AME as a safety net"),)
FORMULA_GAIN = "memory gain = (factor - 1) x 100% of true memory"
FORMULA_SAVINGS = "memory savings = (1 - true / expanded) x 100% = (1 - 1 / factor) x 100%"
FORMULA_FACTOR = "factor = expanded memory / true memory"
FORMULA_TRUE = "true memory = expanded memory / factor"
FORMULA_LIMIT = "virtual memory limit = factor x true memory + paging space"


class Table5Row(BaseModel):
    expansion_factor: float
    true_memory_gb: float
    memory_savings_pct: float
    saps: int
    response_time_s: float
    cpu_total_pct: float
    ame_cpu_pct: float | None = None  # AME's share of the CPU (n/a at factor 1.0)
    deficit_mb: int | None = None  # AME memory deficit (n/a at factor 1.0)


class FactorFigures(BaseModel):
    """What a factor means on its own, or the factor (or true memory) two memory sizes give."""

    expansion_factor: float
    factor_valid: bool
    memory_gain_pct: float
    memory_savings_pct: float
    true_memory_gb: float | None = None
    expanded_memory_gb: float | None = None
    measured: Table5Row | None = None  # the guide's Table 5 row at this factor, when it has one
    formulas: list[str]
    citations: tuple[Cite, ...]


def factor_figures(
    factor: float | None = None, true_memory_gb: float | None = None, expanded_memory_gb: float | None = None
) -> FactorFigures:
    """Gain, savings and validity of a factor; with the expanded memory, the true memory it needs; or the
    factor of a true and an expanded memory (rounded to the HMC's 0.01 step only in `factor_valid`)."""
    formulas = [FORMULA_GAIN, FORMULA_SAVINGS]
    cites: tuple[Cite, ...] = CITE_GAIN + CITE_FACTOR
    true = expanded = None
    if factor is None:
        if true_memory_gb is None or expanded_memory_gb is None:
            raise ValueError("give the factor, or both the true and the expanded memory")
        true = _finite("true memory", true_memory_gb, minimum=0, strict=True)
        expanded = _finite("expanded memory", expanded_memory_gb, minimum=0, strict=True)
        f = round(expanded / true, 6)
        formulas.insert(0, FORMULA_FACTOR)
        cites = CITE_EXPANDED + cites
    else:
        if true_memory_gb is not None:
            raise ValueError("a true memory with a factor is the AME sizing (expanded memory), not this figure")
        f = _finite("expansion factor", factor, minimum=0, strict=True)
        if expanded_memory_gb is not None:
            expanded = _finite("expanded memory", expanded_memory_gb)
            true = round(expanded / f, 6)
            formulas.insert(0, FORMULA_TRUE)
            cites = CITE_ITERATION + cites
    row = next(
        (
            Table5Row(
                expansion_factor=r[0],
                true_memory_gb=r[1],
                memory_savings_pct=r[2],
                saps=r[3],
                response_time_s=r[4],
                cpu_total_pct=r[5],
                ame_cpu_pct=r[6],
                deficit_mb=r[7],
            )
            for r in TABLE5
            if abs(r[0] - f) < 1e-9
        ),
        None,
    )
    if row is not None:
        cites = cites + CITE_TABLE5
    return FactorFigures(
        expansion_factor=f,
        factor_valid=factor_valid(f),
        memory_gain_pct=memory_gain_pct(f),
        memory_savings_pct=round((1.0 - 1.0 / f) * 100.0, 6),
        true_memory_gb=true,
        expanded_memory_gb=expanded,
        measured=row,
        formulas=formulas,
        citations=cites,
    )


class VirtualMemoryLimit(BaseModel):
    """AME as a safety net: AIX starts killing processes (signal 33) when active virtual memory reaches it."""

    expanded_memory_gb: float
    paging_space_gb: float
    limit_gb: float
    formula: str = FORMULA_LIMIT
    citations: tuple[Cite, ...] = CITE_SAFETY_NET


def virtual_memory_limit(true_memory_gb: float, factor: float, paging_space_gb: float) -> VirtualMemoryLimit:
    expanded = expanded_gb(true_memory_gb, factor)
    paging = _finite("paging space", paging_space_gb)
    return VirtualMemoryLimit(expanded_memory_gb=expanded, paging_space_gb=paging, limit_gb=round(expanded + paging, 6))
