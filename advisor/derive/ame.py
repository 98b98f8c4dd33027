"""Derived values for AME-009 (CPU threshold), AME-017 (AME levels) and the fix AME-006/007/008 share.

Kept apart from power.py so the AME fix arithmetic has one home: AME-006, AME-007 and AME-008 print
the same two commands (add true memory, then lower the factor) with the values computed here.
"""

from __future__ import annotations

from advisor.calculators import ame
from advisor.citations import Cite
from advisor.derive import Invalid, Missing, derivation, get_path, need, shared

_AIX = ("aix-lpar",)

# ---------------------------------------------------------------- AME-009: AME CPU as a share of capacity

_CPU_CITE = (
    Cite(source=ame.GUIDE, section="Analysis of the Test Results", locator="Table 5"),
    Cite(source=ame.GUIDE, section="AmePAT report for expansion factor 4.7"),
    Cite(source=ame.REDBOOK, section="3.2.8 Oracle OLTP scenario", locator="Example 3-12"),
)


def _capacity(doc) -> tuple[float, str]:
    """The processors the partition can use at most, as amepat's "Processor Max. Capacity" counts them:
    its cores when dedicated, its entitlement when capped, its virtual processors when uncapped."""
    (mode,) = need(doc, "cpu.mode")
    if mode == "dedicated":
        for path in ("cpu.entitled_capacity", "cpu.virtual_processors"):
            if (value := get_path(doc, path)) is not None:
                return float(value), path
        raise Missing(["cpu.entitled_capacity"])
    (sharing,) = need(doc, "cpu.sharing")
    path = "cpu.entitled_capacity" if sharing == "capped" else "cpu.virtual_processors"
    (value,) = need(doc, path)
    return float(value), path


@derivation(
    "ame_cpu_capacity_pct",
    kinds=_AIX,
    type="number",
    unit="%",
    description="AME's own CPU (cmemd) as a share of the partition's maximum capacity, the unit amepat prints "
    "it in: AME physical processors / (dedicated cores, the entitlement if capped, the virtual processors if "
    "uncapped) x 100. Table 5 of the 2023 guide uses it (0.43 [43%] on one dedicated core), and in Redbook "
    "Example 3-12 2.25 processors print as 14 % of a 16-processor partition. Without cpu_physc it is taken "
    "from ame.cpu_pct on a dedicated partition only, where the share of use and of capacity are amepat's "
    "same figure.",
    cite=_CPU_CITE,
)
def ame_cpu_capacity_pct(doc) -> float:
    physc = get_path(doc, "ame.cpu_physc")
    if physc is None:
        share = get_path(doc, "ame.cpu_pct")
        if share is not None and get_path(doc, "cpu.mode") == "dedicated":
            return float(share)
        raise Missing(["ame.cpu_physc"])
    capacity, path = _capacity(doc)
    if capacity <= 0:
        raise Invalid(f"{path} is 0: AME's share of capacity cannot be computed")
    return round(physc / capacity * 100.0, 3)


# ---------------------------------------------------------------- AME-017: AIX levels that have AME

_AME_LEVEL_CITE = (Cite(source=ame.REDBOOK, section="3.2 Active Memory Expansion"),)


@derivation(
    "ame_os_supported",
    kinds=_AIX,
    type="bool",
    description="The AIX level has AME: AIX 6.1 TL4 or later, AIX 7.1 SP2 or later (on 7.1 TL0 the service pack "
    "decides, so os.sp is needed there).",
    cite=_AME_LEVEL_CITE,
)
def ame_os_supported(doc) -> bool:
    version, tl = need(doc, "os.version", "os.tl")
    try:
        level = ame.aix_level(version, tl)
    except ValueError as exc:
        raise Invalid(str(exc)) from None
    if level == 7100:
        (sp,) = need(doc, "os.sp")
        return sp >= 2
    return level >= 6104


# ---------------------------------------------------------------- AME-006, AME-007, AME-008: one shared fix


_PLAN_NEEDS = ("ame.enabled", "memory.desired_gb", "ame.expansion_factor")  # what _plan needs first


@shared
def _plan(doc) -> tuple[ame.RebalancePlan, str] | None:
    """Target true memory = the largest the evidence asks for; None when nothing asks for more."""
    enabled, true_gb, factor = need(doc, *_PLAN_NEEDS)
    if not enabled:
        return None
    try:
        expanded_gb = ame.expanded_gb(true_gb, factor)
        needs: list[tuple[float, str]] = []
        deficit = get_path(doc, "ame.deficit_mb")
        if deficit:
            est = ame.deficit_free_estimate(true_gb, factor, deficit)
            needs.append((est.true_memory_gb, f"the deficit (AME reaches about {est.achieved_factor:.2f})"))
        achieved = get_path(doc, "ame.achieved_factor")
        if achieved and achieved < factor - 0.05:
            needs.append((expanded_gb / achieved, f"the achieved factor {achieved:g}"))
        top = ame.SAP_VALIDATED_FACTORS[1]
        if get_path(doc, "workload.type") == "sap-abap" and factor > top:
            needs.append((expanded_gb / top, f"factor {top:g}, the top of the guide's range for SAP ABAP"))
        if not needs:
            return None
        needed_gb, basis = max(needs)
        plan = ame.rebalance_plan(true_gb, factor, needed_gb, get_path(doc, "memory.block_mb"))
    except ValueError as exc:
        raise Invalid(str(exc)) from None
    return (plan, basis) if plan else None


def _fix_value(name: str, unit: str, description: str):
    @derivation(
        name, kinds=_AIX, type="number", unit=unit, description=description, cite=ame.CITE_ITERATION, needs=_PLAN_NEEDS
    )
    def value(doc) -> float | None:
        found = _plan(doc)
        return getattr(found[0], FIELDS[name]) if found else None

    return value


FIELDS = {
    "ame_fix_add_memory_mb": "add_memory_mb",
    "ame_fix_true_memory_mb": "target_true_memory_mb",
    "ame_fix_factor": "new_factor",
}
_fix_value(
    "ame_fix_add_memory_mb",
    "MB",
    "True memory to add so that today's expanded memory no longer needs the present factor: the most that the "
    "deficit, the achieved factor or (SAP ABAP) factor 2.8 asks for, rounded up to memory.block_mb.",
)
_fix_value("ame_fix_true_memory_mb", "MB", "True memory after the fix (today's plus ame_fix_add_memory_mb).")
_fix_value(
    "ame_fix_factor",
    "factor",
    "Expansion factor after the fix: expanded memory / new true memory, rounded up to 0.01 so that expanded "
    "memory does not shrink.",
)


@derivation(
    "ame_fix_basis",
    kinds=_AIX,
    type="string",
    description="Which evidence set the true memory of the AME fix (deficit, achieved factor, or factor 2.8).",
    cite=ame.CITE_ITERATION,
    needs=_PLAN_NEEDS,
)
def ame_fix_basis(doc) -> str | None:
    found = _plan(doc)
    return found[1] if found else None
