"""Active Memory Expansion: amepat, vmo -L / vmo -o, vmstat -vc, topas, svmon -G, lsattr -El mem0.

amepat describes the partition at the time it recorded (rank 2); vmstat, topas and svmon the running
state (rank 1); vmo and mem0 the configuration (rank 0).  The merge decides between them.
"""

from __future__ import annotations

from collections.abc import Iterable

from advisor.assemble.common import (
    RANK_REPORT,
    RANK_RUNTIME,
    SIZE_SUFFIX_TO_GB,
    SIZE_SUFFIX_TO_MB,
    Context,
    Emit,
    bytes_to_kb,
    device_of,
    mb_to_gb,
    sized,
)
from advisor.assemble.lpar import memory_path
from advisor.assemble.model import Fact, Output

COMMANDS = ("amepat", "vmo -L", "vmo -o ame_mpsize_support", "vmstat -vc", "topas", "svmon -G", "lsattr -El (mem0)")

PAGE_SUPPORT = {0: "4K", 1: "64K"}
_MMODES = frozenset({"ded", "ded-e", "shar", "shar-e"})  # svmon -G's memory modes
# vmo tunable -> (document path, converter from the tunable's unit, the unit it must be in)
TUNABLES = {
    "ame_minfree_mem": ("ame.tunables.minfree_mem_kb", bytes_to_kb, "bytes"),
    "ame_maxfree_mem": ("ame.tunables.maxfree_mem_kb", bytes_to_kb, "bytes"),
    "ame_cpus_per_pool": ("ame.tunables.cpus_per_pool", None, None),
    "ame_min_ucpool_size": ("ame.tunables.min_ucpool_size_pct", None, None),
}


def is_mem0(output: Output) -> bool:
    return output.command == "lsattr -El" and device_of(output) == "mem0"


def facts(outputs: Iterable[Output], ctx: Context) -> list[Fact]:
    out: list[Fact] = []
    for output in outputs:
        mapper = _mem0 if is_mem0(output) else _MAPPERS.get(output.command)
        if mapper is not None:
            emit = ctx.emit(output)
            mapper(emit)
            out += emit.facts
    return out


# --- amepat ----------------------------------------------------------------------------------


def _amepat(emit: Emit) -> None:
    conf = "system_configuration."
    emit.copy("name", conf + "partition_name", rank=RANK_REPORT)
    emit.copy("ame.enabled", conf + "active_memory_expansion", rank=RANK_REPORT)
    emit.copy("ame.expansion_factor", conf + "target_memory_expansion_factor", rank=RANK_REPORT)
    emit.copy(memory_path(emit.kind), conf + "true_memory_gb", rank=RANK_REPORT)
    emit.copy("cpu.entitled_capacity", conf + "processor_entitled_capacity", rank=RANK_REPORT)
    emit.copy("cpu.smt", conf + "smt_threads", rank=RANK_REPORT)
    sharing = emit.get(conf + "shared_processor_mode")
    dedicated = None
    if sharing is not None:
        word = str(sharing).strip().lower()
        if word == "disabled":
            dedicated = True
            emit.fact("cpu.mode", "dedicated", conf + "shared_processor_mode", rank=RANK_REPORT)
        elif word.startswith("enabled"):
            dedicated = False
            emit.fact("cpu.mode", "shared", conf + "shared_processor_mode", rank=RANK_REPORT)
            if word.endswith(("-capped", "-uncapped")):
                emit.fact("cpu.sharing", word.rsplit("-", 1)[1], conf + "shared_processor_mode", rank=RANK_REPORT)
    ams = emit.get(conf + "active_memory_sharing")
    if isinstance(ams, bool):
        emit.fact("memory.mode", "shared" if ams else "dedicated", conf + "active_memory_sharing", rank=RANK_REPORT)

    deficit = "ame_statistics.deficit_memory_size_mb.average"
    emit.copy("ame.deficit_mb", deficit, rank=RANK_REPORT, note="Average column")
    if emit.get(deficit) is None:  # an excerpt with only the WARNING paragraph
        emit.copy("ame.deficit_mb", "memory_deficit_warning_mb", rank=RANK_REPORT)
    _amepat_cpu(emit, dedicated)

    _amepat_run(emit)
    stats = "system_resource_statistics."
    emit.copy(
        "workload.peak.file_cache_pct",
        stats + "file_cache_size_mb.max_pct",
        rank=RANK_REPORT,
        note="Max column, share of true memory",
    )
    emit.copy(
        "workload.peak.pinned_pct",
        stats + "pinned_memory_mb.max_pct",
        rank=RANK_REPORT,
        note="Max column, share of true memory",
    )
    emit.copy(
        "workload.peak.physc_avg",
        stats + "cpu_util_phys_processors.average",
        rank=RANK_REPORT,
        note="Average column of the recording",
    )
    emit.copy(
        "workload.peak.physc_max",
        stats + "cpu_util_phys_processors.max",
        rank=RANK_REPORT,
        note="Max column of the recording",
    )
    emit.copy(
        "workload.peak.virtual_memory_gb",
        stats + "virtual_memory_size_mb.max",
        rank=RANK_REPORT,
        convert=mb_to_gb,
        note="Max column, MB / 1024",
    )


def _amepat_cpu(emit: Emit, dedicated: bool | None) -> None:
    """ame.cpu_pct: dedicated = amepat's AME CPU Usage [%]; shared = AME CPU Usage / CPU Util (both averages)."""
    usage = "ame_statistics.ame_cpu_usage_proc_units."
    if dedicated:
        emit.copy("ame.cpu_pct", usage + "average_pct", rank=RANK_REPORT, note="Average column, dedicated partition")
    elif dedicated is False:
        ame_units, cpu_units = (
            emit.get(usage + "average"),
            emit.get("system_resource_statistics.cpu_util_phys_processors.average"),
        )
        if isinstance(ame_units, (int, float)) and isinstance(cpu_units, (int, float)) and cpu_units > 0:
            emit.fact(
                "ame.cpu_pct",
                round(ame_units / cpu_units * 100, 2),
                usage + "average",
                rank=RANK_REPORT,
                note=f"shared partition: AME CPU {ame_units} / CPU Util {cpu_units} x 100",
            )


def _amepat_run(emit: Emit) -> None:
    """How the recording was made: modelling switched off (-N), 64K modelling (-M), length, recommendation."""
    flags = emit.get("command_flags")
    if emit.get("modeled_statistics.page_modeling_64k") is not None:
        emit.copy("amepat.modelled_64k", "modeled_statistics.page_modeling_64k", rank=RANK_REPORT)
    elif isinstance(flags, list):
        emit.fact("amepat.modelled_64k", "-M" in flags, "command_flags", rank=RANK_REPORT, note="-M given or not")
    if isinstance(flags, list):
        emit.fact("amepat.modelling", "-N" not in flags, "command_flags", rank=RANK_REPORT, note="-N given or not")
    emit.copy(
        "amepat.monitored_min",
        "total_monitored_time_s",
        rank=RANK_REPORT,
        convert=lambda s: s / 60,
        note="seconds / 60",
    )
    emit.copy("amepat.recommended_factor", "recommendation.expansion_factor", rank=RANK_REPORT)


# --- vmo -------------------------------------------------------------------------------------


_BOOT_NOTED = ("ame_mpsize_support", "lgpg_regions", "lgpg_size")  # a pending change the review should mention


def _vmo_l(emit: Emit) -> None:
    tunables = emit.get("tunables") or {}
    for name, row in tunables.items():
        if not isinstance(row, dict):
            continue
        key = f"tunables.{name}.current"
        if row.get("current") is None:
            continue
        _tunable(emit, name, row["current"], key, row.get("unit"))
        if name in _BOOT_NOTED and row.get("boot") not in (None, row["current"]):
            emit.note(
                f"{name} is {row['current']} now and {row['boot']} after the next reboot; the current value is used",
                key,
            )
    _large_pages(emit, "tunables.lgpg_regions.current", "tunables.lgpg_size.current")


def _vmo_o(emit: Emit) -> None:
    for name, value in emit.data.items():
        _tunable(emit, name, value, name, None)
    _large_pages(emit, "lgpg_regions", "lgpg_size")


def _tunable(emit: Emit, name: str, value, key: str, unit: str | None) -> None:
    if name == "ame_mpsize_support":
        if value in PAGE_SUPPORT:
            emit.fact("ame.page_support", PAGE_SUPPORT[value], key, note=f"ame_mpsize_support={value}")
        else:
            emit.note(f"ame_mpsize_support={value!r} is neither 0 nor 1; ame.page_support left out", key)
        return
    if name not in TUNABLES or not isinstance(value, (int, float)):
        return
    path, convert, wanted_unit = TUNABLES[name]
    if wanted_unit and unit and unit != wanted_unit:
        emit.note(f"{name} is in {unit!r}, expected {wanted_unit}; {path} left out", key)
        return
    emit.fact(path, convert(value) if convert else value, key, note="bytes / 1024" if convert else None)


def _large_pages(emit: Emit, regions_key: str, size_key: str) -> None:
    regions, size = emit.get(regions_key), emit.get(size_key)
    if isinstance(regions, int) and isinstance(size, int):
        emit.fact(
            "memory.large_page_gb",
            regions * size / 2**30,
            regions_key,
            note=f"lgpg_regions {regions} x lgpg_size {size} bytes / 2^30",
        )


# --- runtime views: vmstat -vc, topas, svmon -G, mem0 ----------------------------------------


def _vmstat_v(emit: Emit) -> None:
    emit.copy("ame.achieved_factor", "achieved_memory_expansion_factor", rank=RANK_RUNTIME)
    emit.copy("ame.expansion_factor", "target_memory_expansion_factor", rank=RANK_RUNTIME)
    if emit.get("target_memory_expansion_factor") is not None:
        emit.fact(
            "ame.enabled",
            True,
            "target_memory_expansion_factor",
            rank=RANK_RUNTIME,
            note="vmstat -c prints the expansion factors only when AME is on",
        )


def _topas(emit: Emit) -> None:
    emit.copy("_host", "host", rank=RANK_RUNTIME)
    emit.copy("ame.achieved_factor", "ame.actual_expansion_factor", rank=RANK_RUNTIME, note="EF[T/A]: A")
    emit.copy("ame.expansion_factor", "ame.target_expansion_factor", rank=RANK_RUNTIME, note="EF[T/A]: T")
    emit.copy(memory_path(emit.kind), "ame.tmem_mb", rank=RANK_RUNTIME, convert=mb_to_gb, note="TMEM, MB / 1024")
    emit.copy("memory.paging_space_gb", "paging_space.size_mb", rank=RANK_RUNTIME, convert=mb_to_gb, note="MB / 1024")


def _svmon(emit: Emit) -> None:
    emit.copy("ame.expansion_factor", "ame.txf", rank=RANK_RUNTIME, note="txf")
    emit.copy("ame.achieved_factor", "ame.cxf", rank=RANK_RUNTIME, note="cxf")
    dxm = sized(emit.get("ame"), "dxm")
    if dxm:
        key, value = dxm
        suffix = key[len("dxm") :]
        emit.fact(
            "ame.deficit_mb",
            SIZE_SUFFIX_TO_MB[suffix](value),
            f"ame.{key}",
            rank=RANK_RUNTIME,
            note=f"dxm in {suffix.strip('_')}, as MB",
        )
    mmode = emit.get("global.memory.mmode")
    if mmode is not None and str(mmode).strip().lower() not in _MMODES:  # "Ded-" of a wrapped "Ded-E"
        emit.note(f"svmon mmode {mmode!r} is none svmon prints (a wrapped copy?); AME left out", "global.memory.mmode")
        mmode = None
    elif mmode is not None:
        emit.fact(
            "ame.enabled",
            str(mmode).strip().lower().endswith("-e"),
            "global.memory.mmode",
            rank=RANK_RUNTIME,
            note="mmode ending in -E = AME on",
        )
        _svmon_memory(emit, str(mmode).strip().lower())
    elif not _svmon_shows_ame(emit):
        _svmon_memory(emit, "")  # no mmode column: an AIX before AME (6.1 TL4), whose memory row is real memory

    for stem, block, path in (
        ("size", "global.pg_space", "memory.paging_space_gb"),
        ("virtual", "global.memory", "workload.peak.virtual_memory_gb"),
    ):
        found = sized(emit.get(block), stem)
        if found:
            key, value = found
            suffix = key[len(stem) :]
            emit.fact(
                path,
                SIZE_SUFFIX_TO_GB[suffix](value),
                f"{block}.{key}",
                rank=RANK_RUNTIME,
                note=f"{suffix.strip('_')} as GB",
            )
    true = sized(emit.data, "true_memory")
    if true:
        key, value = true
        emit.fact(
            memory_path(emit.kind),
            SIZE_SUFFIX_TO_GB[key[len("true_memory") :]](value),
            key,
            rank=RANK_RUNTIME,
            note="True Memory as GB",
        )


def _svmon_shows_ame(emit: Emit) -> bool:
    """Any AME row or figure in svmon -G: the compressed pools, True Memory, the txf/cxf row."""
    pools = emit.get("global") or {}
    return bool(emit.get("ame") or emit.get("ame_pools") or "ucomprsd" in pools or "comprsd" in pools) or any(
        key.startswith("true_memory") for key in emit.data
    )


def _svmon_memory(emit: Emit, mmode: str) -> None:
    """Memory mode from svmon -G's mmode, and without AME (Ded, Shar, or no mmode column at all) the memory row's
    size, which is then the partition's memory (with AME, Ded-E, it is the expanded size: True Memory is read
    instead)."""
    base = {"ded": "dedicated", "shar": "shared"}.get(mmode.removesuffix("-e"))
    if base is not None and emit.kind != "vios":
        emit.fact("memory.mode", base, "global.memory.mmode", rank=RANK_RUNTIME, note=f"mmode {mmode}")
    found = None if mmode.endswith("-e") else sized(emit.get("global.memory"), "size")
    if found:
        key, value = found
        emit.fact(
            memory_path(emit.kind),
            SIZE_SUFFIX_TO_GB[key[len("size") :]](value),
            f"global.memory.{key}",
            rank=RANK_RUNTIME,
            note=f"memory size without AME ({f'mmode {mmode}' if mmode else 'no mmode column'}), "
            f"{key[len('size_') :]} as GB",
        )


def _mem0(emit: Emit) -> None:
    emit.copy("ame.expansion_factor", "mem_exp_factor")
    emit.copy(memory_path(emit.kind), "size_mb", convert=mb_to_gb, note="MB / 1024")


_MAPPERS = {
    "amepat": _amepat,
    "vmo -L": _vmo_l,
    "vmo -o ame_mpsize_support": _vmo_o,
    "vmstat -vc": _vmstat_v,
    "topas": _topas,
    "svmon -G": _svmon,
}
