"""Derived values for IBM Power kinds (aix-lpar, vios, managed-system)."""

from __future__ import annotations

import math
from typing import Any

from advisor.calculators import ame, hpt, vios_memory
from advisor.citations import Cite
from advisor.derive import Invalid, Missing, derivation, need, shared

_ADAPTER_PATHS = tuple(f"adapters.{k}" for k in vios_memory.INCREMENTS_MB)


@shared
def _vios_requirement(doc) -> vios_memory.ViosMemoryRequirement:
    cores, *counts = need(doc, "system_cores", *_ADAPTER_PATHS)
    return vios_memory.vios_memory_requirement(cores, **dict(zip(vios_memory.INCREMENTS_MB, counts, strict=False)))


@derivation(
    "vios_required_memory_mb",
    kinds=("vios",),
    type="number",
    unit="MB",
    description="VIOS memory the sizing guideline asks for: the larger of 2 GB per 16 cores and "
    "768 MB plus the per-adapter increments.",
    cite=vios_memory.CITE,
)
def vios_required_memory_mb(doc) -> int:
    return _vios_requirement(doc).required_mb


@derivation(
    "vios_memory_base_mb",
    kinds=("vios",),
    type="number",
    unit="MB",
    description="The 2 GB per 16 cores base of the VIOS memory guideline.",
    cite=vios_memory.CITE,
)
def vios_memory_base_mb(doc) -> int:
    (cores,) = need(doc, "system_cores")
    return vios_memory.base_mb(cores)


@derivation(
    "vios_memory_adapters_mb",
    kinds=("vios",),
    type="number",
    unit="MB",
    description="768 MB plus the per-adapter increments of the VIOS memory guideline.",
    cite=vios_memory.CITE,
)
def vios_memory_adapters_mb(doc) -> int:
    return _vios_requirement(doc).adapters_mb


@derivation(
    "vios_memory_mb",
    kinds=("vios",),
    type="number",
    unit="MB",
    description="Memory assigned to the VIOS, in MB.",
    cite=vios_memory.CITE,
)
def vios_memory_mb(doc) -> float:
    (gb,) = need(doc, "memory_gb")
    return round(gb * 1024, 3)


@derivation(
    "vios_memory_to_add_mb",
    kinds=("vios",),
    type="number",
    unit="MB",
    description="Memory to add so the VIOS meets the guideline (VIOS-001's fix): requirement minus assigned "
    "memory, whole MB, 0 when it already does; the HMC rounds up to its memory block.",
    cite=vios_memory.CITE,
)
def vios_memory_to_add_mb(doc) -> int:
    return max(0, math.ceil(vios_required_memory_mb(doc) - vios_memory_mb(doc)))


# ---------------------------------------------------------------- AIX levels and AME (aix-lpar)

_AIX = ("aix-lpar",)
_BOTH = ("aix-lpar", "managed-system")
_FRAME = ("managed-system",)


def _level(doc) -> int:
    version, tl = need(doc, "os.version", "os.tl")
    try:
        return ame.aix_level(version, tl)
    except ValueError as exc:
        raise Invalid(str(exc)) from None


@derivation(
    "aix_level",
    kinds=_AIX,
    type="number",
    unit="level",
    description="AIX level as one number: version x 1000 + release x 100 + technology level "
    "(7201 = AIX 7.2 TL1, 6108 = AIX 6.1 TL8, 7301 = AIX 7.3 TL1).",
    cite=ame.CITE_AME64K,
)
def aix_level(doc) -> int:
    return _level(doc)


@derivation(
    "ame64k_available",
    kinds=_AIX,
    type="bool",
    description="AME can compress 64K pages natively (AME64K): POWER8 or later with AIX 7.2 TL1 or later.",
    cite=ame.CITE_AME64K,
)
def ame64k_available(doc) -> bool:
    (processor,) = need(doc, "processor")
    return ame.ame64k_available(processor, _level(doc))


@derivation(
    "ame64k_default",
    kinds=_AIX,
    type="bool",
    description="AME64K is the out-of-the-box mode: POWER10 with AIX 7.3 or later.",
    cite=ame.CITE_AME64K,
)
def ame64k_default(doc) -> bool:
    (processor,) = need(doc, "processor")
    return ame.ame64k_default(processor, _level(doc))


@derivation(
    "ame_factor_on_grid",
    kinds=_AIX,
    type="bool",
    description="The expansion factor is a whole number of hundredths (settable in steps of 0.01).",
    cite=ame.CITE_FACTOR,
    needs=("ame.expansion_factor",),
)
def ame_factor_on_grid(doc) -> bool:
    (factor,) = need(doc, "ame.expansion_factor")
    return ame.factor_on_grid(factor)


@derivation(
    "ame_memory_gain_pct",
    kinds=_AIX,
    type="number",
    unit="%",
    description="Memory gain of the expansion factor relative to true memory: (factor - 1) x 100.",
    cite=ame.CITE_GAIN,
    needs=("ame.expansion_factor",),
)
def ame_memory_gain_pct(doc) -> float:
    (factor,) = need(doc, "ame.expansion_factor")
    try:
        return ame.memory_gain_pct(factor)
    except ValueError as exc:
        raise Invalid(str(exc)) from None


@shared
def _expanded_gb(doc) -> float:
    enabled, desired = need(doc, "ame.enabled", "memory.desired_gb")
    if not enabled:
        return float(desired)
    (factor,) = need(doc, "ame.expansion_factor")
    return ame.expanded_gb(desired, factor) if factor else 0.0


@derivation(
    "expanded_memory_gb",
    kinds=_AIX,
    type="number",
    unit="GB",
    description="Memory AIX sees: true (desired) memory x expansion factor with AME on, desired memory with AME off.",
    cite=ame.CITE_EXPANDED,
)
def expanded_memory_gb(doc) -> float:
    return round(_expanded_gb(doc), 6)


@derivation(
    "virtual_memory_limit_gb",
    kinds=_AIX,
    type="number",
    unit="GB",
    description="Expanded memory plus paging space: when active virtual memory reaches it, AIX starts "
    "killing processes (signal 33).",
    cite=(Cite(source=ame.GUIDE, section="Using AME as a safety net"),),
)
def virtual_memory_limit_gb(doc) -> float:
    (paging,) = need(doc, "memory.paging_space_gb")
    return round(_expanded_gb(doc) + paging, 6)


@derivation(
    "memory_in_use_pct",
    kinds=_AIX,
    type="number",
    unit="%",
    description="Active virtual memory at the peak as a share of the memory AIX sees (expanded memory; "
    "amepat's Virtual Memory Size percentage).",
    cite=(
        Cite(
            source=ame.REDBOOK,
            section="3.2.9 Using amepat to suggest the correct LPAR size",
            locator="Examples 3-18 and 3-19",
        ),
    ),
)
def memory_in_use_pct(doc) -> float:
    (vm,) = need(doc, "workload.peak.virtual_memory_gb")
    expanded = _expanded_gb(doc)
    if not expanded:
        raise Invalid("memory.desired_gb is 0: no share of memory in use can be computed")
    return round(vm / expanded * 100.0, 3)


def _true_memory_at(doc, factor: float) -> float:
    return ame.true_memory_gb_for_factor(_expanded_gb(doc), factor)


@derivation(
    "ame_true_memory_for_2_8_gb",
    kinds=_AIX,
    type="number",
    unit="GB",
    description="True memory that keeps today's expanded memory at factor 2.8, the top of the range the "
    "2023 guide validated for productive SAP ABAP use.",
    cite=ame.CITE_ITERATION,
)
def ame_true_memory_for_2_8_gb(doc) -> float:
    return _true_memory_at(doc, ame.SAP_VALIDATED_FACTORS[1])


@derivation(
    "ame_true_memory_for_2_0_gb",
    kinds=_AIX,
    type="number",
    unit="GB",
    description="True memory that keeps today's expanded memory at factor 2.0, the bottom of the range "
    "the 2023 guide validated for productive SAP ABAP use.",
    cite=ame.CITE_ITERATION,
)
def ame_true_memory_for_2_0_gb(doc) -> float:
    return _true_memory_at(doc, ame.SAP_VALIDATED_FACTORS[0])


_DEFICIT_NEEDS = ("ame.enabled", "memory.desired_gb", "ame.expansion_factor", "ame.deficit_mb")


@shared
def _deficit_estimate(doc) -> ame.DeficitEstimate | None:
    enabled, desired, factor, deficit = need(doc, *_DEFICIT_NEEDS)
    if not enabled:
        return None
    try:
        return ame.deficit_free_estimate(desired, factor, deficit)
    except ValueError as exc:
        raise Invalid(str(exc)) from None


@derivation(
    "ame_deficit_free_factor",
    kinds=_AIX,
    type="number",
    unit="factor",
    description="Expansion factor AME actually reaches under the deficit: (expanded - deficit) / true.",
    cite=ame.CITE_DEFICIT,
    needs=_DEFICIT_NEEDS,
)
def ame_deficit_free_factor(doc) -> float | None:
    est = _deficit_estimate(doc)
    return est.achieved_factor if est else None


@derivation(
    "ame_deficit_free_true_memory_gb",
    kinds=_AIX,
    type="number",
    unit="GB",
    description="Least true memory that holds today's expanded memory at the factor AME reaches "
    "(expanded / achieved factor): an estimate of the minimum, not a target.",
    cite=ame.CITE_DEFICIT,
    needs=_DEFICIT_NEEDS,
)
def ame_deficit_free_true_memory_gb(doc) -> float | None:
    est = _deficit_estimate(doc)
    return est.true_memory_gb if est else None


@derivation(
    "amepat_recommendation_swing",
    kinds=_AIX,
    type="number",
    unit="ratio",
    description="Larger over smaller of this and the previous amepat recommended factor (1.0 = same "
    "advice; 3.5 = 8.00 after 2.29, as in Redbook Examples 3-14/3-15).",
    cite=(
        Cite(
            source=ame.REDBOOK,
            section="3.2.9 Using amepat to suggest the correct LPAR size",
            locator="Examples 3-13 to 3-17",
        ),
    ),
    needs=("amepat.recommended_factor", "amepat.previous_recommended_factor"),
)
def amepat_recommendation_swing(doc) -> float:
    now, before = need(doc, "amepat.recommended_factor", "amepat.previous_recommended_factor")
    if now <= 0 or before <= 0:
        raise Invalid("amepat recommended factors must be above 0")
    return round(max(now, before) / min(now, before), 4)


# ---------------------------------------------------------------- partition sizing (aix-lpar, managed-system)

_LPAR_CITE = (
    Cite(source=ame.REDBOOK, section="3.1 Optimal logical partition (LPAR) sizing", locator="Processor, Table 3-1"),
)
_WEIGHT_CITE = _LPAR_CITE + (
    Cite(source=ame.REDBOOK, section="3.5.1 VIOS processor assignment", locator="Table 3-9, Weight"),
)


def _parts(doc) -> list:
    (parts,) = need(doc, "partitions")
    return parts


def _cpu(part, field: str):
    return getattr(part.cpu, field, None) if part.cpu is not None else None


def _require(doc, wanted: list[tuple[int, Any, str]]) -> None:
    """Missing naming partitions[i].cpu.<field> for every partition lacking a needed value."""
    missing = [f"partitions[{i}].cpu.{field}" for i, part, field in wanted if _cpu(part, field) is None]
    if missing:
        raise Missing(missing)


def _modes(doc) -> list[tuple[int, Any, str]]:
    parts = _parts(doc)
    _require(doc, [(i, p, "mode") for i, p in enumerate(parts)])
    return [(i, p, p.cpu.mode) for i, p in enumerate(parts)]


def _shared(doc, *fields: str) -> list[tuple[int, Any]]:
    shared = [(i, p) for i, p, mode in _modes(doc) if mode == "shared"]
    _require(doc, [(i, p, f) for i, p in shared for f in fields])
    return shared


@derivation(
    "pool_cores",
    kinds=_BOTH,
    type="number",
    unit="count",
    description="Physical cores of the shared processor pool: cpu.pool_cores of a partition; for a managed "
    "system its shared_pool_cores, or its cores minus the cores of dedicated partitions.",
    cite=_LPAR_CITE,
    needs={"aix-lpar": ("cpu.pool_cores",)},
)
def pool_cores(doc) -> int:
    if doc.kind != "managed-system":
        (n,) = need(doc, "cpu.pool_cores")
        return n
    if doc.shared_pool_cores is not None:
        return doc.shared_pool_cores
    if doc.cores is None:
        raise Missing(["shared_pool_cores"])
    try:
        dedicated = [(i, p) for i, p, mode in _modes(doc) if mode == "dedicated"]
        _require(doc, [(i, p, "virtual_processors") for i, p in dedicated])
    except Missing:
        raise Missing(["shared_pool_cores"]) from None
    return doc.cores - sum(p.cpu.virtual_processors for _, p in dedicated)


@derivation(
    "max_shared_vps",
    kinds=_BOTH,
    type="number",
    unit="count",
    description="Most virtual processors of any shared-processor partition (0 when there is none); needs "
    "the pool size wherever a shared partition exists, so that it can be compared.",
    cite=_LPAR_CITE,
    needs={"aix-lpar": ("cpu.mode",)},
)
def max_shared_vps(doc) -> int:
    if doc.kind != "managed-system":
        (mode,) = need(doc, "cpu.mode")
        if mode != "shared":
            return 0
        vps, _ = need(doc, "cpu.virtual_processors", "cpu.pool_cores")
        return vps
    shared = _shared(doc, "virtual_processors")
    if shared:
        pool_cores(doc)
    return max((p.cpu.virtual_processors for _, p in shared), default=0)


@derivation(
    "vp_above_pool",
    kinds=_BOTH,
    type="list",
    description="Shared-processor partitions with more virtual processors than the pool has cores.",
    cite=_LPAR_CITE,
    needs={"aix-lpar": ("cpu.mode",)},
)
def vp_above_pool(doc) -> list[str]:
    if max_shared_vps(doc) == 0:
        return []
    pool = pool_cores(doc)
    if doc.kind != "managed-system":
        vps = doc.cpu.virtual_processors
        return [f"{doc.name} ({vps} VPs)"] if vps > pool else []
    return [
        f"{p.name} ({p.cpu.virtual_processors} VPs)"
        for _, p in _shared(doc, "virtual_processors")
        if p.cpu.virtual_processors > pool
    ]


@derivation(
    "shared_ec_sum",
    kinds=_FRAME,
    type="number",
    unit="processing units",
    description="Sum of the entitled capacity of all shared-processor partitions (clients and VIOS).",
    cite=_LPAR_CITE,
)
def shared_ec_sum(doc) -> float:
    return round(sum(p.cpu.entitled_capacity for _, p in _shared(doc, "entitled_capacity")), 4)


@derivation(
    "shared_ec_partitions",
    kinds=_FRAME,
    type="list",
    description="Shared-processor partitions with their entitled capacity, largest first.",
    cite=_LPAR_CITE,
)
def shared_ec_partitions(doc) -> list[str]:
    shared = sorted(_shared(doc, "entitled_capacity"), key=lambda ip: -ip[1].cpu.entitled_capacity)
    return [f"{p.name} {p.cpu.entitled_capacity:g}" for _, p in shared]


def _uncapped(doc, kind: str) -> list[tuple[int, Any]]:
    shared = [(i, p) for i, p in _shared(doc, "sharing") if p.kind == kind]
    uncapped = [(i, p) for i, p in shared if p.cpu.sharing == "uncapped"]
    _require(doc, [(i, p, "weight") for i, p in uncapped])
    return uncapped


@derivation(
    "max_client_weight",
    kinds=_FRAME,
    type="number",
    unit="0-255",
    description="Highest uncapped weight among the uncapped shared client (aix-lpar) partitions.",
    cite=_WEIGHT_CITE,
)
def max_client_weight(doc) -> int:
    clients = _uncapped(doc, "aix-lpar")
    if not clients:
        raise Invalid("no uncapped shared client partition: weights only matter between uncapped partitions")
    return max(p.cpu.weight for _, p in clients)


@derivation(
    "min_vios_weight",
    kinds=_FRAME,
    type="number",
    unit="0-255",
    description="Lowest uncapped weight among the uncapped shared VIOS partitions.",
    cite=_WEIGHT_CITE,
)
def min_vios_weight(doc) -> int:
    vios = _uncapped(doc, "vios")
    if not vios:
        raise Invalid("no uncapped shared VIOS partition: the client/VIOS weight comparison does not apply")
    return min(p.cpu.weight for _, p in vios)


@derivation(
    "clients_weight_at_or_above_vios",
    kinds=_FRAME,
    type="list",
    description="Uncapped client partitions whose weight is equal to or above the lowest VIOS weight.",
    cite=_WEIGHT_CITE,
)
def clients_weight_at_or_above_vios(doc) -> list[str]:
    floor = min_vios_weight(doc)
    return [f"{p.name} (weight {p.cpu.weight})" for _, p in _uncapped(doc, "aix-lpar") if p.cpu.weight >= floor]


# ---------------------------------------------------------------- hypervisor page table (aix-lpar, managed-system)


@shared
def _hpt(doc) -> tuple[list[hpt.Entry], float, float]:
    """The HPT on plain values (`hpt.hpt_table`): entries, total MB, MB above desired."""
    (processor,) = need(doc, "processor")
    if doc.kind != "managed-system":
        max_gb, desired = need(doc, "memory.max_gb", "memory.desired_gb")
        return hpt.hpt_table([(doc.name, max_gb, "aix", doc.memory.mode == "shared", desired)], processor)
    entries: list[hpt.Row] = []
    missing: list[str] = []
    for i, p in enumerate(_parts(doc)):
        if p.kind == "vios":
            # A VIOS document has no maximum memory: it counts with its assigned memory (a lower bound).
            if p.memory_gb is None:
                missing.append(f"partitions[{i}].memory_gb")
                continue
            entries.append((p.name, p.memory_gb, "vios", False, None))
            continue
        mem = p.memory
        if mem is None or mem.max_gb is None or mem.desired_gb is None:
            missing += [
                f"partitions[{i}].memory.{f}"
                for f in ("max_gb", "desired_gb")
                if mem is None or getattr(mem, f) is None
            ]
            continue
        entries.append((p.name, mem.max_gb, "aix", mem.mode == "shared", mem.desired_gb))
    if missing:
        raise Missing(missing)
    return hpt.hpt_table(entries, processor, doc.default_hpt_ratio)


@derivation(
    "hpt_mb",
    kinds=_BOTH,
    type="number",
    unit="MB",
    description="Hypervisor page table reserved for the partition (or, for a managed system, all its "
    "partitions): maximum memory / 64 up to POWER7 and for AMS, / 128 for AIX from POWER7+.",
    cite=hpt.CITE,
)
def hpt_mb(doc) -> float:
    return _hpt(doc)[1]


@derivation(
    "hpt_above_desired_mb",
    kinds=_BOTH,
    type="number",
    unit="MB",
    description="Part of the hypervisor page table that only serves maximum memory above desired memory.",
    cite=hpt.CITE,
)
def hpt_above_desired_mb(doc) -> float:
    return _hpt(doc)[2]


@derivation(
    "hpt_divisor",
    kinds=_AIX,
    type="number",
    unit="divisor",
    description="Divisor of the partition's maximum memory for its hypervisor page table (64 or 128).",
    cite=hpt.CITE,
)
def hpt_divisor(doc) -> int:
    return _hpt(doc)[0][0][2]


def _needed_gb(part) -> tuple[float, str]:
    """Memory the partition may realistically grow to: desired memory, or with AME on its expanded memory
    (lowering the factor while keeping expanded memory means adding true memory up to that much)."""
    mem, a = part.memory, part.ame
    if a is not None and a.enabled and a.expansion_factor and a.expansion_factor > 1:
        return mem.desired_gb * a.expansion_factor, "expanded"
    return mem.desired_gb, "desired"


def _ratios(doc) -> list[tuple[str, float, float, str, float]]:
    """(name, max, reference, "desired"|"expanded", max/reference) of every AIX partition, largest ratio first."""
    if doc.kind != "managed-system":
        lpars = [("", doc)]
        need(doc, "memory.max_gb", "memory.desired_gb")
    else:
        lpars = [(f"partitions[{i}].", p) for i, p in enumerate(_parts(doc)) if p.kind == "aix-lpar"]
        missing = [
            f"{pre}memory.{f}"
            for pre, p in lpars
            for f in ("max_gb", "desired_gb")
            if p.memory is None or getattr(p.memory, f) is None
        ]
        if missing:
            raise Missing(missing)
    out = []
    for pre, p in lpars:
        if not p.memory.desired_gb:
            raise Invalid(f"{pre}memory.desired_gb is 0: the maximum cannot be compared with it")
        ref, label = _needed_gb(p)
        out.append((p.name, p.memory.max_gb, ref, label, p.memory.max_gb / ref))
    return sorted(out, key=lambda r: -r[4])


@derivation(
    "max_memory_ratio",
    kinds=_BOTH,
    type="number",
    unit="ratio",
    description="Largest ratio of maximum memory to the memory an AIX partition needs (desired memory; "
    "with AME on, expanded memory); 0 when there is no AIX partition.",
    cite=hpt.CITE,
)
def max_memory_ratio(doc) -> float:
    ratios = _ratios(doc)
    return round(ratios[0][4], 4) if ratios else 0.0


@derivation(
    "max_memory_ratios",
    kinds=_BOTH,
    type="list",
    description="AIX partitions whose maximum memory is above what they need, largest ratio first.",
    cite=hpt.CITE,
)
def max_memory_ratios(doc) -> list[str]:
    return [
        f"{name} {mx:g} GB max / {ref:g} GB {label} ({ratio:.1f}x)"
        for name, mx, ref, label, ratio in _ratios(doc)
        if ratio > 1
    ][:10]
