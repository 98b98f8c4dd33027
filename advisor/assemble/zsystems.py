"""IBM Z: D VIRTSTOR,LFAREA and IEASYSxx to zos-lpar fields; lscpu (s390x) to zvm-lpar fields."""

from __future__ import annotations

from collections.abc import Iterable
from typing import get_args

from advisor import linre
from advisor.assemble.common import Context, Emit
from advisor.assemble.model import NULL, Fact, Output
from advisor.documents.zos import ZMachine

COMMANDS = ("D VIRTSTOR,LFAREA", "IEASYSxx", "lscpu")
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
    for output in outputs:
        mapper = {"D VIRTSTOR,LFAREA": _virtstor, "IEASYSxx": _ieasys, "lscpu": _lscpu}.get(output.command)
        if mapper is not None:
            emit = ctx.emit(output)
            mapper(emit)
            out += emit.facts
    return out


def _virtstor(emit: Emit) -> None:
    emit.copy("lfarea_usage.source", "source")
    for key, field in LFAREA_USAGE.items():
        emit.copy(f"lfarea_usage.{field}", key)


def _ieasys(emit: Emit) -> None:
    if emit.get("lfarea") is not None:
        emit.copy("lfarea", "lfarea")
    elif emit.get("lfarea_specified") is False:
        emit.fact("lfarea", NULL, "lfarea_specified", note="no LFAREA in the member: not coded")
    elif emit.get("lfarea_statements"):
        emit.note("the member has more than one LFAREA statement; lfarea left out", "lfarea_statements")


def _lscpu(emit: Emit) -> None:
    machine = emit.get("machine_name")
    if machine in MACHINES:
        emit.fact("machine", machine, "machine_name", note=f"machine type {emit.get('machine_type')}")
    elif emit.get("machine_type") is not None:
        emit.note(
            f"machine type {emit.get('machine_type')} is not a generation the document knows; machine left out",
            "machine_type",
        )
    hypervisor = emit.get("hypervisor")
    m = _ZVM.match(str(hypervisor)) if hypervisor is not None else None
    if m:
        emit.fact("zvm.version", f"{m.group(1)}.{m.group(2)}", "hypervisor", note=f"{hypervisor}, as release")
