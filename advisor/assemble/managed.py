"""HMC CLI (lssyscfg, lshwres, lslic) to managed-system fields: the frame and its partitions.

What each HMC attribute means is stated once here; values the HMC prints that do not map for
sure become notes, never a guessed field:

- frame: ``name`` (lssyscfg -r sys), ``processor`` only for type-models listed in TYPE_MODELS,
  ``cores`` from ``configurable_sys_proc_units`` (whole number), ``default_hpt_ratio`` ("1:128").
- partitions (by name): kind from ``lpar_env`` (vioserver -> vios; aixlinux -> aix-lpar only when
  ``os_version`` starts with AIX: the same lpar_env serves Linux), cpu mode/EC/VP/sharing/weight
  from ``curr_*`` of lshwres -r proc, memory from ``curr_mem``/``curr_max_mem`` (MB) of
  lshwres -r mem, a VIOS's ``system_cores`` from the frame's cores.  Partitions whose kind is
  unknown are left out with a note: the document's partitions must say what they are.
- pools: ``shared_pool_cores`` from ``configurable_pool_proc_units`` (lshwres -r proc --level pool, whole
  cores).  lshwres -r procpool lists the shared processor pools: the default pool prints no size (it
  takes whatever the other pools and dedicated partitions leave), a user pool's ``max_pool_proc_units``
  caps its partitions, not the frame: both are notes, never ``shared_pool_cores``.
- firmware: ``firmware_level`` from the release digits of lslic's activated service pack
  (``FW950.10``, ``AL740_167``), else of its ``ecnumber`` (``01VL950``).
- memory: each AIX partition's ``memory.block_mb`` from the frame's ``mem_region_size`` (MB).
- virtual I/O (lshwres -r virtualio): see advisor.assemble.hmc_virtualio.
"""

from __future__ import annotations

from collections.abc import Iterable

from advisor import linre
from advisor.assemble import hmc_virtualio
from advisor.assemble.common import RANK_RUNTIME, Context, Emit, mb_to_gb
from advisor.assemble.model import Fact, InputWarning, Output, Source

COMMANDS = ("lssyscfg", "lshwres", "lslic")

# Machine type-models whose processor generation is certain (IBM announcement letters).  Any other
# type-model is a note: POWER7 and POWER7+ share machine types, so no rule of thumb is used.
TYPE_MODELS = {
    # eServer / System p5: POWER5 or POWER5+, both printed PowerPC_POWER5 by prtconf; the document's POWER5
    "9110-510": "POWER5",  # p5 510
    "9115-505": "POWER5",  # p5 505
    "9111-520": "POWER5",  # p5 520
    "9131-52A": "POWER5",  # p5 520 (POWER5+)
    "9113-550": "POWER5",  # p5 550
    "9133-55A": "POWER5",  # p5 550 (POWER5+)
    "9116-561": "POWER5",  # p5 560Q
    "9117-570": "POWER5",  # p5 570
    "9118-575": "POWER5",  # p5 575
    "9119-590": "POWER5",  # p5 590
    "9119-595": "POWER5",  # p5 595
    "9117-MMA": "POWER6",
    "8233-E8B": "POWER7",
    "9119-FHB": "POWER7",
    "8286-41A": "POWER8",
    "8286-42A": "POWER8",
    "9080-MHE": "POWER8",
    "8284-22A": "POWER8",  # S822
    "8247-22L": "POWER8",  # S822L
    "8408-E8E": "POWER8",  # E850
    "9119-MME": "POWER8",  # E870
    "9119-MHE": "POWER8",  # E880
    "9009-22A": "POWER9",
    "9009-41A": "POWER9",  # S914
    "9009-42A": "POWER9",
    "9223-22H": "POWER9",  # H922
    "9223-42H": "POWER9",  # H924
    "9040-MR9": "POWER9",  # E950
    "9080-M9S": "POWER9",
    "9105-22A": "POWER10",  # S1022
    "9105-41B": "POWER10",  # S1014
    "9105-42A": "POWER10",
    "9786-22H": "POWER10",  # L1022
    "9786-42H": "POWER10",  # L1024
    "9043-MRX": "POWER10",  # E1050
    "9080-HEX": "POWER10",
}
PROC_MODES = {"shared": "shared", "ded": "dedicated"}
SHARING = {"cap": "capped", "uncap": "uncapped"}
IDLE_SHARING = ("keep_idle_procs", "share_idle_procs", "share_idle_procs_active", "share_idle_procs_always")
_DECIMAL = linre.compile(r"\d{1,6}(?:\.\d{1,6})?")
_WHOLE = linre.compile(r"\d{1,7}")
_HPT = linre.compile(r"1:(\d{1,4})")
_TARGET = linre.compile(r"(?:^|\s)-m\s+(?:\"([^\"]{1,256})\"|'([^']{1,256})'|(\S{1,256}))")
_RELEASE = (  # lslic: FW950.10 / FW1050.10 (POWER8 on), AL740_167 / EM350_149 (earlier), ecnumber 01VL950 / 01ML1050
    linre.compile(r"FW(\d{3,4})\.\d{1,3}"),
    linre.compile(r"[A-Z]{2}(\d{3,4})_\d{1,4}"),
    linre.compile(r"01[A-Z]{2}(\d{3,4})"),
)


def facts(outputs: Iterable[Output], ctx: Context) -> list[Fact]:
    outputs = [o for o in outputs if o.command in COMMANDS]
    emits = [ctx.emit(o) for o in outputs]
    kinds, refused = _partition_kinds(emits)
    inactive = _not_activated(emits)
    out: list[Fact] = [fact for o in outputs if (fact := _target(o)) is not None]
    targets = {str(f.value) for f in out}
    unknown: set[str] = set()
    for emit in emits:
        virtual: list[tuple[str, dict[str, str]]] = []
        for n, row in enumerate(emit.get("rows") or []):
            rowkey = f"rows.{n}"
            if "slot_num" in row:
                virtual.append((rowkey, row))
                continue
            if "shared_proc_pool_id" in row:
                _procpool(emit, rowkey, row)
                continue
            if "lic_type" in row or "activated_spname" in row or "ecnumber" in row:
                _firmware(emit, rowkey, row)
                continue
            name = row.get("lpar_name") or (row.get("name") if _is_partition(row) else None)
            if name:
                kind = kinds.get(name)
                if kind is None:
                    unknown.add(name)
                    continue
                read = [a for a in _CURRENT if a in row]
                if name in inactive and read and not _zeros(row):  # zeros get their own note in _partition
                    emit.note(
                        f"partitions[{name}]: lssyscfg says Not Activated: its current cpu and memory are not its "
                        "configuration (the profile's are: lssyscfg -r prof); left out",
                        f"{rowkey}.{read[0]}",
                    )
                    continue
                _partition(emit, rowkey, row, f"partitions[{name}]", kind)
            elif _is_partition(row):
                emit.note("a partition row without a name; left out", f"{rowkey}.lpar_id")
            elif _other_frame(row, targets):
                emit.note(
                    f"managed system {row.get('name')!r} is not the one the commands name (-m); left out",
                    f"{rowkey}.name",
                )
            else:
                _frame(emit, rowkey, row)
        hmc_virtualio.read(emit, virtual, kinds)
        out += emit.facts
    out += _vios_system_cores(out, kinds)
    out += _lpar_block_mb(out, kinds)
    out = [f for f in out if f.path != "_block_mb"]  # the frame has no field for it: only its partitions
    for name in sorted(unknown - refused):
        reason = f"partition {name!r}: no lssyscfg -r lpar line says whether it is AIX or a VIOS; values left out"
        ctx.notes.append(InputWarning(file=None, command="lssyscfg -r lpar", line_no=None, line=None, reason=reason))
    return out


def _target(output: Output) -> Fact | None:
    """The managed system a command names with ``-m``: the document's name, and one system per document.

    A pasted HMC session's prompt names the HMC, never the managed system; ``-m`` does.  It is given
    as ``_host`` too, so commands naming two systems are refused as two hosts."""
    line = output.result.command_line or ""
    m = _TARGET.search(line)
    if m is None:
        return None
    target = m.group(1) or m.group(2) or m.group(3)
    note = "the managed system named by -m in the command line"
    source = Source(file=output.file, command=output.command, command_line=line, line_no=0, line=line, note=note)
    return Fact("_host", target, source, RANK_RUNTIME)


def _other_frame(row: dict[str, str], targets: set[str]) -> bool:
    """A frame row (lssyscfg -r sys lists every system of the HMC) that is not the system ``-m`` names."""
    if len(targets) != 1 or not ("type_model" in row or "serial_num" in row):
        return False
    mtms = f"{row.get('type_model')}*{row.get('serial_num')}"
    return row.get("name") not in targets and mtms not in targets


def _vios_system_cores(facts: list[Fact], kinds: dict[str, str]) -> list[Fact]:
    """A VIOS's ``system_cores`` is its frame's ``cores``: the same line, said once more."""
    cores = [f for f in facts if f.path == "cores"]
    if len(cores) != 1:
        return []
    frame = cores[0]
    return [
        Fact(f"partitions[{name}].system_cores", frame.value, frame.source, frame.rank)
        for name, kind in kinds.items()
        if kind == "vios"
    ]


def _lpar_block_mb(facts: list[Fact], kinds: dict[str, str]) -> list[Fact]:
    """Each AIX partition's ``memory.block_mb`` is its frame's memory region size: the same line."""
    blocks = [f for f in facts if f.path == "_block_mb"]
    if len(blocks) != 1:
        return []
    frame = blocks[0]
    return [
        Fact(f"partitions[{name}].memory.block_mb", frame.value, frame.source, frame.rank)
        for name, kind in kinds.items()
        if kind == "aix-lpar"
    ]


def _procpool(emit: Emit, rowkey: str, row: dict[str, str]) -> None:
    """lshwres -r procpool: what each shared processor pool says, as notes (none is the physical pool size)."""
    name, key = row.get("name", "?"), f"{rowkey}.shared_proc_pool_id"
    members = row.get("lpar_names") or "no partitions"
    if row.get("shared_proc_pool_id") == "0":
        emit.note(
            f"shared processor pool {name} (the default pool; partitions: {members}) prints no size: it holds the "
            "cores no other pool reserves and no dedicated partition uses. shared_pool_cores comes from "
            "lshwres -r proc --level pool (configurable_pool_proc_units)",
            key,
        )
    else:
        cap = row.get("max_pool_proc_units") or "no maximum"
        emit.note(
            f"shared processor pool {name} (id {row.get('shared_proc_pool_id')}) caps its partitions ({members}) at "
            f"{cap} processing units; the advisor's pool rules judge the physical shared pool, not this cap",
            key,
        )


def _firmware(emit: Emit, rowkey: str, row: dict[str, str]) -> None:
    """firmware_level from the activated service pack name, else the EC number (lslic -t sys)."""
    lic = row.get("lic_type")
    if lic is not None and lic != "Managed System":
        return  # power subsystem, I/O and other LIC types are not the system firmware release
    for attr in ("activated_spname", "ecnumber", "curr_ecnumber_primary"):
        raw = row.get(attr)
        if raw is None or raw in ("", "None"):
            continue
        release = next((m.group(1) for p in _RELEASE if (m := p.fullmatch(raw))), None)
        if release is None:
            reason = f"{attr}={raw}: not a firmware level the advisor can read; firmware_level left out"
            emit.note(reason, f"{rowkey}.{attr}")
            return
        emit.fact("firmware_level", int(release), f"{rowkey}.{attr}", note=f"release digits of {raw}")
        return


def _is_partition(row: dict[str, str]) -> bool:
    return "lpar_env" in row or "lpar_id" in row or "lpar_name" in row


def _partition_kinds(emits: list[Emit]) -> tuple[dict[str, str], set[str]]:
    """Partition name -> aix-lpar / vios from lssyscfg -r lpar rows, and the names refused with a note."""
    kinds: dict[str, str] = {}
    refused: set[str] = set()
    for emit in emits:
        for n, row in enumerate(emit.get("rows") or []):
            env, name = row.get("lpar_env"), row.get("name") or row.get("lpar_name")
            if env is None or not name:
                continue
            key = f"rows.{n}.lpar_env"
            if env == "vioserver":
                kinds[name] = "vios"
                emit.fact(f"partitions[{name}].kind", "vios", key, note="lpar_env=vioserver")
            elif env == "aixlinux" and str(row.get("os_version", "")).startswith("AIX"):
                kinds[name] = "aix-lpar"
                emit.fact(f"partitions[{name}].kind", "aix-lpar", key, note="lpar_env=aixlinux, os_version AIX")
            elif env == "aixlinux":
                refused.add(name)
                emit.note(
                    f"partition {name!r}: lpar_env=aixlinux is AIX or Linux and no os_version says AIX "
                    "(list with -F name,lpar_env,os_version); left out",
                    key,
                )
            else:
                refused.add(name)
                emit.note(f"partition {name!r}: lpar_env={env} is neither AIX nor a VIOS; left out", key)
    return kinds, refused


_CURRENT = (  # what a partition's lshwres rows say of it now: nothing, while it is Not Activated
    "curr_proc_mode",
    "curr_proc_units",
    "curr_procs",
    "curr_sharing_mode",
    "curr_uncap_weight",
    "curr_mem",
    "curr_max_mem",
)


def _not_activated(emits: list[Emit]) -> set[str]:
    """Partitions lssyscfg -r lpar lists as Not Activated: whatever lshwres prints as curr_* is no configuration
    (zeros, or the last values of a row a wrap cut before its zeros)."""
    names: set[str] = set()
    for emit in emits:
        for row in emit.get("rows") or []:
            name = row.get("name") if "lpar_env" in row or "lpar_id" in row else None
            if name and str(row.get("state", "")).strip().casefold() == "not activated":
                names.add(name)
    return names


def _number(emit: Emit, key: str, raw: str | None, pattern: linre.Pattern, what: str) -> float | None:
    if raw is None:
        return None
    if not pattern.fullmatch(raw):
        emit.note(f"{what}: {raw!r} is not a number the HMC prints; left out", key)
        return None
    return float(raw)


def _frame(emit: Emit, rowkey: str, row: dict[str, str]) -> None:
    if "type_model" in row or "serial_num" in row:
        emit.copy("name", f"{rowkey}.name")
    model = row.get("type_model")
    if model is not None:
        if model in TYPE_MODELS:
            emit.fact("processor", TYPE_MODELS[model], f"{rowkey}.type_model", note=f"type-model {model}")
        else:
            emit.note(
                f"type-model {model}: its processor generation is not in the advisor's table; processor left out",
                f"{rowkey}.type_model",
            )
    units = _number(
        emit,
        f"{rowkey}.configurable_sys_proc_units",
        row.get("configurable_sys_proc_units"),
        _DECIMAL,
        "configurable_sys_proc_units",
    )
    if units is not None:
        if units.is_integer():
            emit.fact("cores", int(units), f"{rowkey}.configurable_sys_proc_units", note="configurable (active) cores")
        else:
            emit.note(
                f"configurable_sys_proc_units {units} is not whole cores; cores left out",
                f"{rowkey}.configurable_sys_proc_units",
            )
    pool = _number(
        emit,
        f"{rowkey}.configurable_pool_proc_units",
        row.get("configurable_pool_proc_units"),
        _DECIMAL,
        "configurable_pool_proc_units",
    )
    if pool is not None:
        if pool.is_integer():
            emit.fact(
                "shared_pool_cores", int(pool), f"{rowkey}.configurable_pool_proc_units", note="physical shared pool"
            )
        else:
            emit.note(
                f"configurable_pool_proc_units {pool} is not whole cores; shared_pool_cores left out",
                f"{rowkey}.configurable_pool_proc_units",
            )
    region = _number(emit, f"{rowkey}.mem_region_size", row.get("mem_region_size"), _WHOLE, "mem_region_size")
    if region is not None:
        emit.fact("_block_mb", int(region), f"{rowkey}.mem_region_size", note="memory region size (MB) of the frame")
    ratios = row.get("default_hpt_ratio") or row.get("default_hpt_ratios")
    if ratios is not None:
        key = f"{rowkey}.default_hpt_ratio" if "default_hpt_ratio" in row else f"{rowkey}.default_hpt_ratios"
        m = _HPT.fullmatch(ratios)
        if m:
            emit.fact("default_hpt_ratio", int(m.group(1)), key, note=f"{ratios} as the divisor")
        else:
            emit.note(f"default HPT ratio {ratios!r} is not one 1:N ratio; left out", key)


_ZERO = linre.compile(r"0+(?:\.0+)?")


def _zeros(row: dict[str, str]) -> list[str]:
    return [a for a in ("curr_mem", "curr_procs", "curr_proc_units") if _ZERO.fullmatch(row.get(a) or "")]


def _partition(emit: Emit, rowkey: str, row: dict[str, str], base: str, kind: str) -> None:
    zero = _zeros(row)
    if zero:  # a running partition always has memory and a processor: these are a stopped one's zeros
        emit.note(
            f"{base}: {zero[0]}=0, the partition is not activated; its current cpu and memory are not its "
            "configuration (the profile's are: lssyscfg -r prof); left out",
            f"{rowkey}.{zero[0]}",
        )
        return
    mode_raw = row.get("curr_proc_mode")
    mode = PROC_MODES.get(mode_raw) if mode_raw is not None else None
    if mode_raw is not None:
        if mode is None:
            emit.note(
                f"curr_proc_mode={mode_raw} is neither shared nor ded; cpu.mode left out", f"{rowkey}.curr_proc_mode"
            )
        else:
            emit.fact(f"{base}.cpu.mode", mode, f"{rowkey}.curr_proc_mode")
    if mode == "shared":
        ec = _number(emit, f"{rowkey}.curr_proc_units", row.get("curr_proc_units"), _DECIMAL, "curr_proc_units")
        emit.fact(f"{base}.cpu.entitled_capacity", ec, f"{rowkey}.curr_proc_units")
        vp = _number(emit, f"{rowkey}.curr_procs", row.get("curr_procs"), _WHOLE, "curr_procs")
        emit.fact(f"{base}.cpu.virtual_processors", None if vp is None else int(vp), f"{rowkey}.curr_procs")
        weight = _number(emit, f"{rowkey}.curr_uncap_weight", row.get("curr_uncap_weight"), _WHOLE, "curr_uncap_weight")
        emit.fact(f"{base}.cpu.weight", None if weight is None else int(weight), f"{rowkey}.curr_uncap_weight")
    sharing = row.get("curr_sharing_mode")
    if sharing is not None:
        key = f"{rowkey}.curr_sharing_mode"
        if mode == "shared" and sharing in SHARING:
            emit.fact(f"{base}.cpu.sharing", SHARING[sharing], key)
        elif mode == "dedicated" and sharing in IDLE_SHARING:
            emit.fact(f"{base}.cpu.idle_sharing", sharing, key)
        else:
            emit.note(
                f"curr_sharing_mode={sharing} with curr_proc_mode={mode_raw}: not a combination the advisor "
                "reads for sure; left out",
                key,
            )
    for attr, aix_path, vios_path in (
        ("curr_mem", "memory.desired_gb", "memory_gb"),
        ("curr_max_mem", "memory.max_gb", None),
    ):
        mb = _number(emit, f"{rowkey}.{attr}", row.get(attr), _WHOLE, attr)
        path = aix_path if kind == "aix-lpar" else vios_path
        if mb is not None and path is not None:
            emit.fact(f"{base}.{path}", mb_to_gb(mb), f"{rowkey}.{attr}", note="MB / 1024")
