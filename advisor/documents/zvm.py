"""kind "zvm-lpar": a z/VM partition hosting Linux guests."""

from __future__ import annotations

from typing import Literal

from advisor.documents.fields import Block, fld
from advisor.documents.zos import ZMachine


class ZvmLevel(Block):
    version: str | None = fld("z/VM release, e.g. \"6.3\".", command="q cplevel", pattern=r"^\d+\.\d+$")
    apars: list[str] | None = fld("Installed APARs relevant to SMT, e.g. VM65586.", command="service / q cplevel")


class ZvmWorkload(Block):
    type: Literal["sap-app-server", "sap-db-server", "other"] | None = fld("What the Linux guests run.")
    profile: Literal["oltp", "batch"] | None = fld("Workload profile.")


class ZvmLpar(Block):
    kind: Literal["zvm-lpar"]
    name: str = fld("z/VM system name.", default=..., min_length=1)
    machine: ZMachine | None = fld("IBM Z machine generation.", command="q cpus; lscpu (s390x)")
    engines: Literal["ifl", "ziip", "cp"] | None = fld("Engine type of the partition.", command="q proc")
    engine_count: int | None = fld("Engines in the partition.", unit="count", command="q proc", ge=0)
    zvm: ZvmLevel | None = fld("z/VM level.")
    smt_enabled: bool | None = fld("Simultaneous multithreading enabled in z/VM (MULTITHREADING in SYSTEM CONFIG).", command="q multithread")
    workload: ZvmWorkload | None = fld("Guest workload.")
