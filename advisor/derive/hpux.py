"""Derived values for HP-UX servers: CLM sizing, SAP instance placement and sizing, page sizes, kernel settings."""

from __future__ import annotations

from advisor.calculators import clm, hpux_pages, sap_instances
from advisor.citations import Cite
from advisor.derive import Missing, derivation, list_derivation, need, shared

_PLACEMENT = (
    Cite(source="hp-hpux-sap-itanium-kod", section="How many SAP instances?"),
    Cite(source="hp-hpux-sap-itanium-kod", section="Backup slide three: More on CLM"),
)
_PSETS = (Cite(source="hp-hpux-sap-itanium-kod", section="Reducing cache misses"),)


def _instances_with(doc, field: str) -> list:
    """Instances, requiring `field` to be stated (null counts as stated: it means 'not set')."""
    (instances,) = need(doc, "sap.instances")
    missing = [f"sap.instances[{i}].{field}" for i, inst in enumerate(instances) if field not in inst.model_fields_set]
    if missing:
        raise Missing(missing)
    return instances


@derivation(
    "clm_gb",
    kinds=("hpux-server",),
    type="number",
    unit="GB",
    description="Memory configured as cell local memory.",
    cite=clm.CITE,
)
def clm_gb(doc) -> float:
    mem, pct = need(doc, "memory_gb", "clm_pct")
    return round(mem * pct / 100.0, 3)


@derivation(
    "clm_needed_gb",
    kinds=("hpux-server",),
    type="number",
    unit="GB",
    description="CLM that holds the SAP shared memory plus the 10 % kernel and private-data floor.",
    cite=clm.CITE,
    needs=("memory_gb", "clm_pct", "sap.shared_memory_gb"),
)
def clm_needed_gb(doc) -> float:
    mem, pct, shm = need(doc, "memory_gb", "clm_pct", "sap.shared_memory_gb")
    return clm.clm_sizing(mem, pct, shm).needed_gb


@list_derivation(
    "sap_instances_without_pset",
    kinds=("hpux-server",),
    description="SAP instances not running in a processor set (psrset).",
    cite=_PSETS,
    needs=("sap.instances",),
)
def sap_instances_without_pset(doc) -> list[str]:
    return [i.name for i in _instances_with(doc, "pset") if i.pset is None]


@list_derivation(
    "sap_instances_unbound",
    kinds=("hpux-server",),
    description="SAP instances not bound to a locality domain (mpsched -l).",
    cite=_PLACEMENT,
    needs=("sap.instances",),
)
def sap_instances_unbound(doc) -> list[str]:
    return [i.name for i in _instances_with(doc, "locality_domain") if i.locality_domain is None]


@derivation(
    "cores_per_cell",
    kinds=("hpux-server",),
    type="number",
    unit="count",
    description="Processor cores per cell.",
    cite=_PLACEMENT,
)
def cores_per_cell(doc) -> float | None:
    cores, cells = need(doc, "cores", "cells")
    return round(cores / cells, 3) if cells else None


@list_derivation(
    "sap_instances_spanning_cells",
    kinds=("hpux-server",),
    description="SAP instances given more cores than one cell holds, so they must span cells.",
    cite=_PLACEMENT,
    needs=("cores", "cells"),
)
def sap_instances_spanning_cells(doc) -> list[str] | None:
    per_cell = cores_per_cell(doc)
    if per_cell is None:
        return None
    instances = _instances_with(doc, "cores")
    missing = [f"sap.instances[{n}].cores" for n, i in enumerate(instances) if i.cores is None]
    if missing:
        raise Missing(missing)
    return [i.name for i in instances if i.cores > per_cell]


# --- Large pages and TLB (HPUX-001, HPUX-002) -------------------------------------------------

_PAGES = (hpux_pages.CITE_TABLE, hpux_pages.CITE_TARGETS)


@derivation(
    "disp_work_text_page_kb",
    kinds=("hpux-server",),
    type="number",
    unit="KB",
    description="Instruction (text) page size hint of disp+work in KB (L = largest, ranked as 4G).",
    cite=_PAGES,
    needs=("large_pages.text",),
)
def disp_work_text_page_kb(doc) -> int:
    (text,) = need(doc, "large_pages.text")
    return hpux_pages.page_kb(text)


@derivation(
    "disp_work_data_page_kb",
    kinds=("hpux-server",),
    type="number",
    unit="KB",
    description="Data page size hint of disp+work in KB (L = largest, ranked as 4G).",
    cite=_PAGES,
    needs=("large_pages.data",),
)
def disp_work_data_page_kb(doc) -> int:
    (data,) = need(doc, "large_pages.data")
    return hpux_pages.page_kb(data)


@derivation(
    "disp_work_measured_row",
    kinds=("hpux-server",),
    type="string",
    description="The row of the rx6600 page size table that matches these hints (the largest row at or "
    "below both), with its measured SAPS and response time.",
    cite=_PAGES,
    needs=("large_pages.text", "large_pages.data"),
)
def disp_work_measured_row(doc) -> str:
    text, data = need(doc, "large_pages.text", "large_pages.data")
    return hpux_pages.nearest_measured_row(text, data).summary()


# --- Instance count (HPUX-007) ----------------------------------------------------------------


@derivation(
    "sap_cores",
    kinds=("hpux-server",),
    type="number",
    unit="count",
    description="Cores the SAP instances may use: sap.cores when given, else all cores.",
    cite=sap_instances.CITE,
)
def sap_cores(doc) -> float:
    if doc.sap is not None and doc.sap.cores is not None:
        return doc.sap.cores
    (cores,) = need(doc, "cores")
    return cores


@derivation(
    "sap_instance_count",
    kinds=("hpux-server",),
    type="number",
    unit="count",
    description="Number of SAP instances on the server.",
    cite=sap_instances.CITE,
    needs=("sap.instances",),
)
def sap_instance_count(doc) -> int:
    (instances,) = need(doc, "sap.instances")
    return len(instances)


@shared
def _range(doc) -> sap_instances.InstanceRange:
    saps = doc.sap.saps if doc.sap is not None else None
    return sap_instances.instance_range(sap_cores(doc), saps)


@derivation(
    "sap_instances_min",
    kinds=("hpux-server",),
    type="number",
    unit="count",
    description="Fewest SAP instances for the cores: one per at most 4 cores.",
    cite=sap_instances.CITE,
)
def sap_instances_min(doc) -> int:
    return _range(doc).min_instances


@derivation(
    "sap_instances_max",
    kinds=("hpux-server",),
    type="number",
    unit="count",
    description="Most SAP instances for the cores (one per at least 2 cores).",
    cite=sap_instances.CITE,
)
def sap_instances_max(doc) -> int:
    return _range(doc).max_instances


@list_derivation(
    "sap_instances_over_four_cores",
    kinds=("hpux-server",),
    description="SAP instances given more than 4 cores (the guideline is one instance per 2-4 cores).",
    cite=sap_instances.CITE,
    needs=("sap.instances",),
)
def sap_instances_over_four_cores(doc) -> list[str]:
    instances = _instances_with(doc, "cores")
    missing = [f"sap.instances[{n}].cores" for n, i in enumerate(instances) if i.cores is None]
    if missing:
        raise Missing(missing)
    return [i.name for i in instances if i.cores > sap_instances.CORES_PER_INSTANCE[1]]


@derivation(
    "saps_per_instance",
    kinds=("hpux-server",),
    type="number",
    unit="SAPS",
    description="Sized SAPS divided by the number of SAP instances.",
    cite=sap_instances.CITE,
    needs=("sap.saps", "sap.instances"),
)
def saps_per_instance(doc) -> float | None:
    saps, instances = need(doc, "sap.saps", "sap.instances")
    return sap_instances.saps_per_instance(saps, len(instances))


# --- Update work processes and database shadow processes (HPUX-009) ---------------------------

_LOCAL = (
    Cite(source="hp-hpux-sap-itanium-kod", section="CLM recommendations"),
    Cite(source="hp-hpux-sap-itanium-kod", section="Configuring SAP instances"),
)


def _remote(doc, field: str) -> list[str]:
    """Bound instances whose `field` names another locality domain or none (null = not bound)."""
    return [
        i.name
        for i in _instances_with(doc, field)
        if i.locality_domain is not None and getattr(i, field) != i.locality_domain
    ]


@list_derivation(
    "sap_instances_update_remote",
    kinds=("hpux-server",),
    description="Instances bound to a cell whose updates are processed by work processes in another cell (or in none).",
    cite=_LOCAL,
    needs=("sap.instances",),
)
def sap_instances_update_remote(doc) -> list[str]:
    return _remote(doc, "update_locality_domain")


@list_derivation(
    "sap_instances_db_shadow_remote",
    kinds=("hpux-server",),
    description="Instances bound to a cell whose database shadow processes run in another cell (or in "
    "none); empty when the database is not on this server.",
    cite=_LOCAL,
    needs=("sap.database_on_server",),
)
def sap_instances_db_shadow_remote(doc) -> list[str]:
    (on_server,) = need(doc, "sap.database_on_server")
    return _remote(doc, "db_shadow_locality_domain") if on_server else []


# --- Kernel settings (HPUX-011, HPUX-012) -----------------------------------------------------

_KERNEL = (Cite(source="hp-hpux-sap-itanium-kod", section="HP-UX kernel settings"),)


@derivation(
    "buffer_cache_max_gb",
    kinds=("hpux-server",),
    type="number",
    unit="GB",
    description="Largest buffer cache the tunable allows, in GB.",
    cite=_KERNEL,
)
def buffer_cache_max_gb(doc) -> float:
    pct, mem = need(doc, "buffer_cache_max_pct", "memory_gb")
    return round(mem * pct / 100.0, 2)


@derivation(
    "buffer_cache_target_gb",
    kinds=("hpux-server",),
    type="number",
    unit="GB",
    description="3 % of memory: the buffer cache the guidance calls more than sufficient.",
    cite=_KERNEL,
)
def buffer_cache_target_gb(doc) -> float:
    (mem,) = need(doc, "memory_gb")
    return round(mem * 0.03, 2)


@derivation(
    "swap_min_gb",
    kinds=("hpux-server",),
    type="number",
    unit="GB",
    description="Swap the guidance asks for: at least twice the memory.",
    cite=_KERNEL,
)
def swap_min_gb(doc) -> float:
    (mem,) = need(doc, "memory_gb")
    return round(mem * 2, 2)


# --- Multithreaded applications (HPUX-013) ----------------------------------------------------

_MT = (
    Cite(source="hp-hpux-sap-itanium-kod", section="LiveCache and other multi-threaded applications"),
    Cite(source="hp-hpux-sap-itanium-kod", section="Backup slide seven: More on multithreaded applications"),
)
MT_PATCHES_11IV2 = ("PHCO_36323", "PHKL_36826")


@list_derivation(
    "mt_patches_missing",
    kinds=("hpux-server",),
    description="pthreads patches the guidance asks for on 11i v2 (PHCO_36323, PHKL_36826) that are not "
    "installed; empty on 11i v3.",
    cite=_MT,
    needs=("os_version",),
)
def mt_patches_missing(doc) -> list[str]:
    (version,) = need(doc, "os_version")
    if version != "11iv2":
        return []
    (patches,) = need(doc, "patches")
    installed = {p.strip().upper() for p in patches}
    return [p for p in MT_PATCHES_11IV2 if p not in installed]


@list_derivation(
    "mt_pthread_gaps",
    kinds=("hpux-server",),
    description="What the pthreads guidance asks for and this server lacks while multithreaded applications "
    "run: the two environment variables, and on 11i v2 the two patches. Not computable (so HPUX-013 is not "
    "assessed) while a setting or, on 11i v2, the patch list is not shown; empty when no such application runs.",
    cite=_MT,
    needs=("multithreaded_apps.running",),
)
def mt_pthread_gaps(doc) -> list[str]:
    (running,) = need(doc, "multithreaded_apps.running")
    if not running:
        return []
    scope, perf = need(doc, "multithreaded_apps.pthread_force_scope_system", "multithreaded_apps.perf_enable")
    gaps = [
        f"{name}=1 not set" for name, on in (("PTHREAD_FORCE_SCOPE_SYSTEM", scope), ("PERF_ENABLE", perf)) if not on
    ]
    return gaps + [f"{patch} not installed" for patch in mt_patches_missing(doc)]
