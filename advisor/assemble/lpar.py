"""PowerVM partition settings: lparstat -i, lparstat -c, vmstat, prtconf, oslevel, ioslevel, schedo.

Paths differ by kind: an aix-lpar has ``memory.desired_gb``, a VIOS ``memory_gb``; AME, OS level and
firmware exist only for aix-lpar (the merge drops what a kind has no field for).
"""

from __future__ import annotations

from collections.abc import Iterable

from advisor import linre
from advisor.assemble.common import (
    RANK_CONFIG,
    RANK_RUNTIME,
    Context,
    Emit,
    device_of,
    highest,
    mb_to_gb,
    mean,
    pages_to_mb,
)
from advisor.assemble.model import Fact, Output

COMMANDS = (
    "lparstat -i",
    "lparstat -c",
    "lparstat -E",
    "vmstat",
    "prtconf",
    "oslevel -s",
    "ioslevel",
    "schedo -o vpm_fold_policy",
)

_TYPE = linre.compile(r"^(Shared|Dedicated)(-SMT(?:-(\d+))?)?$", linre.I)
_PROCESSOR = linre.compile(r"^PowerPC_(POWER(?:5|6|7|8|9|10)\+?)$", linre.I)
_FIRMWARE = linre.compile(r"^[A-Z]{2}(\d{3,4})_\w+$")
_PROC_KEYS = frozenset({"smt_threads", "smt_enabled", "frequency"})


def memory_path(kind: str) -> str:
    return "memory_gb" if kind == "vios" else "memory.desired_gb"


def is_processor(output: Output) -> bool:
    """lsattr -El procN: named by the command as run, or told by its attributes: a processor ``type``
    (PowerPC_POWERn) beside an SMT or clock attribute (``lsattr -EOl`` prints only those asked for with ``-a``)."""
    if output.command != "lsattr -El":
        return False
    device = device_of(output)
    if device is not None:
        return device.startswith("proc")
    kind = output.data.get("type")
    return isinstance(kind, str) and kind.startswith("PowerPC_") and not _PROC_KEYS.isdisjoint(output.data)


def facts(outputs: Iterable[Output], ctx: Context) -> list[Fact]:
    out: list[Fact] = []
    outputs = list(outputs)
    clocks = {o.data.get("processor_clock_speed_mhz") for o in outputs if o.command == "prtconf"} - {None}
    for output in outputs:
        mapper = (_proc if _clock_agrees(output, clocks) else _proc_elsewhere) if is_processor(output) else None
        mapper = mapper or _MAPPERS.get(output.command)
        if mapper is not None:
            emit = ctx.emit(output)
            mapper(emit)
            out += emit.facts
    return out


def _cpu_type(emit: Emit, key: str, rank: int, *, smt: bool = True) -> str | None:
    """cpu.mode (and with ``smt`` cpu.smt) from 'Shared-SMT-4' / 'Dedicated' / 'Shared'; returns the mode.

    The lparstat -c / vmstat banner prints type=Shared and SMT separately (smt=4): no SMT from its type."""
    raw = emit.get(key)
    m = _TYPE.match(str(raw).strip()) if raw is not None else None
    if m is None:
        if raw is not None:
            emit.note(f"processor type {raw!r} not recognised; cpu.mode and cpu.smt left out", key)
        return None
    mode = m.group(1).lower()
    emit.fact("cpu.mode", mode, key, rank=rank)
    if not smt:
        return mode
    if m.group(2) is None:
        emit.fact("cpu.smt", 1, key, rank=rank, note="no SMT in the type: SMT off")
    elif m.group(3) is not None:
        emit.fact("cpu.smt", int(m.group(3)), key, rank=rank)
    else:
        emit.note("type says SMT without the thread count; cpu.smt left out (smtctl or lparstat -c show it)", key)
    return mode


_IDLE_SHARING = {
    "capped": "does not donate idle cores while it runs (HMC sharing mode keep_idle_procs or share_idle_procs)",
    "donating": "donates idle cores while it runs (share_idle_procs_active or share_idle_procs_always)",
}


def _sharing(emit: Emit, key: str, mode: str | None, rank: int) -> None:
    raw = emit.get(key)
    if raw is None or mode is None:
        return
    word = str(raw).strip().lower()
    if mode == "dedicated":  # Capped / Donating: half of the HMC's idle-sharing setting, never all of it
        meaning = _IDLE_SHARING.get(word)
        emit.note(
            f"dedicated partition, Mode {raw}: it {meaning}; which of the two the HMC profile says is not "
            "in this output, so cpu.idle_sharing is left out (HMC: lssyscfg -r prof ... -F sharing_mode)"
            if meaning
            else f"dedicated partition, Mode {raw!r} not recognised; cpu.idle_sharing left out",
            key,
        )
        return
    if word in {"capped", "uncapped"}:
        emit.fact("cpu.sharing", word, key, rank=rank)
    else:
        emit.note(f"sharing mode {raw!r} not recognised; cpu.sharing left out", key)


def _lparstat_i(emit: Emit) -> None:
    emit.copy("name", "partition_name")
    emit.copy("_host", "node_name")
    mode = _cpu_type(emit, "type", RANK_CONFIG)
    _sharing(emit, "mode", mode, RANK_CONFIG)
    emit.copy("cpu.entitled_capacity", "entitled_capacity")
    emit.copy("cpu.virtual_processors", "online_virtual_cpus")
    if mode == "shared":
        emit.copy("cpu.weight", "variable_capacity_weight")
        emit.copy("cpu.pool_cores", "active_cpus_in_pool")
    emit.copy(memory_path(emit.kind), "online_memory_mb", convert=mb_to_gb, note="MB / 1024")
    if emit.get("online_memory_mb") is None:  # an excerpt without it: Desired Memory is the true memory (Redbook 3.2.4)
        emit.copy(memory_path(emit.kind), "desired_memory_mb", convert=mb_to_gb, note="Desired Memory, MB / 1024")
    emit.copy("memory.max_gb", "maximum_memory_mb", convert=mb_to_gb, note="MB / 1024")
    memory_mode = emit.get("memory_mode")
    if memory_mode is not None:
        word = str(memory_mode).strip().lower()
        base = word.removesuffix("-expanded")
        if base in {"dedicated", "shared"}:
            emit.fact("memory.mode", base, "memory_mode")
            emit.fact(
                "ame.enabled",
                word.endswith("-expanded"),
                "memory_mode",
                note="Memory Mode ending in -Expanded = AME on",
            )
        else:
            emit.note(
                f"memory mode {memory_mode!r} not recognised; memory.mode and ame.enabled left out", "memory_mode"
            )
    emit.copy("ame.expansion_factor", "target_memory_expansion_factor")


def _banner(emit: Emit, *, memory: bool = True) -> None:
    """The configuration line lparstat -c and vmstat print: type, mode, smt, ent, mem, tmem."""
    mode = _cpu_type(emit, "configuration.type", RANK_RUNTIME, smt=False)
    _sharing(emit, "configuration.mode", mode, RANK_RUNTIME)
    emit.copy("cpu.smt", "configuration.smt", rank=RANK_RUNTIME)
    emit.copy("cpu.entitled_capacity", "configuration.ent", rank=RANK_RUNTIME)
    if not memory:
        return
    if emit.get("configuration.tmem_mb") is not None:
        emit.copy(
            memory_path(emit.kind),
            "configuration.tmem_mb",
            rank=RANK_RUNTIME,
            convert=mb_to_gb,
            note="true memory (tmem), MB / 1024",
        )
    mmode = emit.get("configuration.mmode")
    if mmode is None and emit.get("configuration.tmem_mb") is None and emit.get("configuration.mem_mb") is not None:
        emit.copy(  # AME prints tmem (and mmode) in the banner: without either, mem is the real memory
            memory_path(emit.kind),
            "configuration.mem_mb",
            rank=RANK_RUNTIME,
            convert=mb_to_gb,
            note="mem of a banner without tmem nor mmode (no AME): true memory, MB / 1024",
        )
    if mmode is not None:
        expanded = str(mmode).strip().lower().endswith("-e")
        emit.fact("ame.enabled", expanded, "configuration.mmode", rank=RANK_RUNTIME, note="mmode ending in -E = AME on")
        if not expanded and emit.get("configuration.mem_mb") is not None:
            emit.copy(
                memory_path(emit.kind),
                "configuration.mem_mb",
                rank=RANK_RUNTIME,
                convert=mb_to_gb,
                note="mem without AME is true memory, MB / 1024",
            )


def _lparstat_c(emit: Emit) -> None:
    emit.copy("ame.enabled", "ame_enabled", rank=RANK_RUNTIME)
    _banner(emit)
    highest(emit, "ame.deficit_mb", "samples", "dxm_mb", rank=RANK_RUNTIME)
    mean(emit, "ame.cpu_pct", "samples", "xcpu_pct", rank=RANK_RUNTIME)
    mean(emit, "ame.cpu_physc", "samples", "xphysc", rank=RANK_RUNTIME)
    _physc(emit, "physc")


def _lparstat_e(emit: Emit) -> None:
    """lparstat -E: its banner's processor fields.  Whether its mem is true or expanded memory (AME) no
    documentation of -E shows (no mmode nor tmem is printed beside it): memory left out."""
    _banner(emit, memory=False)
    if emit.get("configuration.mem_mb") is not None:
        emit.note(
            "lparstat -E's banner may print expanded memory (AME) as mem, without tmem: memory left out",
            "configuration.mem_mb",
        )


def _vmstat(emit: Emit) -> None:
    _banner(emit)
    highest(
        emit,
        "ame.deficit_mb",
        "samples",
        "dxm_pages",
        rank=RANK_RUNTIME,
        convert=pages_to_mb,
        what="highest (4 KB pages x 4 / 1024)",
    )
    _physc(emit, "pc")


def _physc(emit: Emit, name: str) -> None:
    """physc over the samples: a VIOS's usage, an LPAR's workload peak (the admin samples the peak)."""
    avg, top = (
        ("usage.physc_avg", "usage.physc_peak")
        if emit.kind == "vios"
        else ("workload.peak.physc_avg", "workload.peak.physc_max")
    )
    mean(emit, avg, "samples", name, rank=RANK_RUNTIME, digits=4)
    highest(emit, top, "samples", name, rank=RANK_RUNTIME)


def _processor(emit: Emit, key: str) -> None:
    """processor from 'PowerPC_POWER9' (prtconf Processor Type, lsattr -El proc0 type)."""
    raw = emit.get(key)
    if raw is not None:
        m = _PROCESSOR.match(str(raw).strip())
        if m is None:
            emit.note(f"processor type {raw!r} not recognised; processor left out", key)
        elif m.group(1).upper() == "POWER7":
            emit.note("PowerPC_POWER7 is printed for POWER7 and POWER7+ alike; processor left out", key)
        else:
            emit.fact("processor", m.group(1).upper(), key)


def _proc(emit: Emit) -> None:
    """lsattr -El proc0: processor type and SMT threads (smt_enabled false = SMT off)."""
    _processor(emit, "type")
    enabled = emit.get("smt_enabled")
    if str(enabled).lower() == "false":
        emit.fact("cpu.smt", 1, "smt_enabled", note="smt_enabled false: SMT off")
    elif emit.get("smt_threads") is not None:
        emit.copy("cpu.smt", "smt_threads")


def _clock_agrees(output: Output, clocks: set) -> bool:
    """An lsattr procN's ``frequency`` (Hz) within 1 % of prtconf's clock speed (MHz), or nothing to compare:
    both print the same nominal clock of one machine, so a different one is another machine's output (a script's
    comments that quote two systems)."""
    hertz = output.data.get("frequency")
    if not isinstance(hertz, int | float) or not clocks:
        return True
    return all(isinstance(mhz, int | float) and abs(hertz / 1e6 - mhz) <= 0.01 * mhz for mhz in clocks)


def _proc_elsewhere(emit: Emit) -> None:
    emit.note(
        f"lsattr's processor frequency {emit.get('frequency')} Hz is not the clock speed prtconf prints: the two "
        "outputs are not of one machine; processor and cpu.smt from lsattr left out",
        "frequency",
    )


def _prtconf(emit: Emit) -> None:
    emit.copy("name", "lpar_name")
    emit.copy("_host", "network.host_name")
    _processor(emit, "processor_type")
    level = emit.get("platform_firmware_level")
    if level is not None:
        m = _FIRMWARE.match(str(level).strip())
        if m:
            emit.fact("firmware_level", int(m.group(1)), "platform_firmware_level", note=f"release number of {level}")
    emit.copy("memory.paging_space_gb", "paging_space.total_mb", convert=mb_to_gb, note="MB / 1024")


def _oslevel(emit: Emit) -> None:
    emit.copy("os.version", "version")
    emit.copy("os.tl", "tl")
    emit.copy("os.sp", "sp")


def _ioslevel(emit: Emit) -> None:
    emit.copy("ioslevel", "ioslevel")


def _schedo(emit: Emit) -> None:
    emit.copy("vpm_fold_policy", "vpm_fold_policy")


_MAPPERS = {
    "lparstat -i": _lparstat_i,
    "lparstat -c": _lparstat_c,
    "lparstat -E": _lparstat_e,
    "vmstat": _vmstat,
    "prtconf": _prtconf,
    "oslevel -s": _oslevel,
    "ioslevel": _ioslevel,
    "schedo -o vpm_fold_policy": _schedo,
}
