"""IBM Z: D VIRTSTOR,LFAREA and IEASYSxx to zos-lpar fields; lscpu (s390x) and /proc/sysinfo to zvm-lpar fields.

``vmcp q multithread`` gives ``smt_enabled`` (enabled / disabled).  /proc/sysinfo gives ``machine``
(its Type line, through the same table as lscpu) and ``zvm.version``
from the one VMnn Control Program line that names z/VM, and ``name`` from LPAR Name where that z/VM is the
only level, right in the partition.  Its VMnn Name is the guest's own user id, not the z/VM system's name,
so it never names the document.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import get_args

from advisor import linre
from advisor.assemble.common import Context, Emit, mb_to_gb
from advisor.assemble.model import NULL, Fact, Output
from advisor.documents.zos import ZMachine
from advisor.parsers.base import was_cut

COMMANDS = (
    "D VIRTSTOR,LFAREA",
    "D M=STOR",
    "D IPLINFO",
    "IEASYSxx",
    "lscpu",
    "cat /proc/sysinfo",
    "vmcp q multithread",
)
MACHINES = set(get_args(ZMachine))
_ZVM = linre.compile(r"^z/VM\s+(\d+)\.(\d+)")

# IAR019I key -> lfarea_usage field (both in MB)
LFAREA_USAGE = {
    "total_lfarea_mb": "total_mb",
    "lfarea_available_mb": "available_mb",
    "lfarea_allocated_1m_mb": "allocated_1m_mb",
    "lfarea_allocated_4k_mb": "allocated_4k_mb",
    "lfarea_allocated_pageable1m_mb": "allocated_pageable1m_mb",
    "max_lfarea_allocated_1m_mb": "max_allocated_1m_mb",
    "max_lfarea_allocated_4k_mb": "max_allocated_4k_mb",
    "max_lfarea_allocated_pageable1m_mb": "max_allocated_pageable1m_mb",
}


def facts(outputs: Iterable[Output], ctx: Context) -> list[Fact]:
    out: list[Fact] = []
    outputs = list(outputs)
    nested = any(  # z/VM under z/VM, or a copy cut short that may have lost the levels after the first
        o.command == "cat /proc/sysinfo" and (len(_zvm_levels(o.data)) > 1 or was_cut(o.result)) for o in outputs
    )
    for output in outputs:
        mapper = {
            "D VIRTSTOR,LFAREA": _virtstor,
            "D M=STOR": _storage,
            "D IPLINFO": _iplinfo,
            "IEASYSxx": _ieasys,
            "lscpu": _nested_lscpu if nested else _lscpu,
            "cat /proc/sysinfo": _sysinfo,
            "vmcp q multithread": _multithread,
        }.get(output.command)
        if mapper is not None:
            emit = ctx.emit(output)
            mapper(emit)
            out += emit.facts
    return out


def _zvm_levels(data: dict) -> list[tuple[int, dict]]:
    """The VMnn levels of /proc/sysinfo whose control program is z/VM, as (row number, row)."""
    levels = data.get("vm") or []
    return [(n, row) for n, row in enumerate(levels) if str(row.get("control_program", "")).startswith("z/VM")]


def _virtstor(emit: Emit) -> None:
    emit.copy("lfarea_usage.source", "source")
    for key, field in LFAREA_USAGE.items():
        emit.copy(f"lfarea_usage.{field}", key)


def _storage(emit: Emit) -> None:
    """D M=STOR: the online sections' ranges together (the parser gives them only for a whole message with
    nothing pending offline)."""
    emit.copy("online_storage_gb", "online_mb", convert=mb_to_gb, note="ONLINE ranges of IEE174I, MB / 1024")


def _iplinfo(emit: Emit) -> None:
    emit.copy("zos_version", "version", note=f"RELEASE {emit.get('release')}")


def _ieasys(emit: Emit) -> None:
    if emit.get("lfarea") is not None:
        emit.copy("lfarea", "lfarea")
    elif emit.get("lfarea_specified") is False:
        emit.fact("lfarea", NULL, "lfarea_specified", note="no LFAREA in the member: not coded")
    elif emit.get("lfarea_statements"):
        emit.note("the member has more than one LFAREA statement; lfarea left out", "lfarea_statements")


def _lscpu(emit: Emit) -> None:
    _machine(emit)
    hypervisor = emit.get("hypervisor")
    m = _ZVM.match(str(hypervisor)) if hypervisor is not None else None
    if m:
        emit.fact("zvm.version", f"{m.group(1)}.{m.group(2)}", "hypervisor", note=f"{hypervisor}, as release")


def _nested_lscpu(emit: Emit) -> None:
    """lscpu beside a /proc/sysinfo with z/VM under z/VM (or cut short): its Hypervisor line is the first level's
    (VM00), not necessarily the one this Linux runs on, so it gives no zvm.version either."""
    _machine(emit)
    if emit.get("hypervisor") is not None:
        emit.note(
            f"lscpu's Hypervisor {emit.get('hypervisor')!r} is the first z/VM level of /proc/sysinfo's several (or of "
            "a sysinfo cut short): zvm.version left out",
            "hypervisor",
        )


def _machine(emit: Emit) -> None:
    """The generation from IBM's name for the machine type: a model's name ("z15 T02", "z14 ZR1") is its
    generation's first word; the document's z13s and zBC12 are names of their own."""
    machine = emit.get("machine_name")
    generation = str(machine).split()[0] if machine is not None else None
    if machine in MACHINES:
        emit.fact("machine", machine, "machine_name", note=f"machine type {emit.get('machine_type')}")
    elif generation in MACHINES:
        note = f"machine type {emit.get('machine_type')} ({machine}), a {generation}"
        emit.fact("machine", generation, "machine_name", note=note)
    elif emit.get("machine_type") is not None:
        emit.note(
            f"machine type {emit.get('machine_type')} is not a generation the document knows; machine left out",
            "machine_type",
        )


def _sysinfo(emit: Emit) -> None:
    _machine(emit)
    zvm = _zvm_levels(emit.data)
    if zvm and was_cut(emit.output.result):
        emit.note(
            "/proc/sysinfo is cut short (its last line has no line end): the hypervisor levels after the last one "
            "shown may be lost; zvm.version left out",
            f"vm.{zvm[0][0]}.control_program",
        )
        return
    if len(zvm) > 1:
        emit.note(
            f"/proc/sysinfo shows {len(zvm)} z/VM levels (z/VM running under z/VM): which one the document describes "
            "is not stated; zvm.version left out",
            f"vm.{zvm[0][0]}.control_program",
        )
    elif zvm:
        n, row = zvm[0]
        _lpar_name(emit, row)
        m = _ZVM.match(str(row["control_program"]))
        if m:
            emit.fact(
                "zvm.version",
                f"{m.group(1)}.{m.group(2)}",
                f"vm.{n}.control_program",
                note=f"{row['control_program']}, as release",
            )


def _lpar_name(emit: Emit, level: dict) -> None:
    """name from LPAR Name where z/VM runs right in the partition (the only level, VM00): the document is that
    z/VM partition.  Its VM00 Name is the guest's own user id, and below another hypervisor level the LPAR is
    not the z/VM this Linux runs on, so neither names it."""
    name = emit.get("lpar.name")
    if level.get("level") == 0 and len(emit.data.get("vm") or []) == 1 and isinstance(name, str) and name.strip():
        emit.fact("name", name.strip(), "lpar.name", note="LPAR Name: the partition z/VM runs in")


def _multithread(emit: Emit) -> None:
    """smt_enabled from QUERY MULTITHREAD; "not installed" (no facility, or z/VM itself a guest) is a note."""
    state = emit.get("multithreading")
    if state in ("enabled", "disabled"):
        emit.fact("smt_enabled", state == "enabled", "multithreading", note=f"Multithreading is {state}")
    elif state is not None:
        emit.note(
            "the Multithreading Facility is not installed (or this z/VM runs as a guest): whether SMT could be "
            "switched on is not known; smt_enabled left out",
            "multithreading",
        )
