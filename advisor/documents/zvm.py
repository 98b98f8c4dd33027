"""kind "zvm-lpar": a z/VM partition hosting Linux guests."""

from __future__ import annotations

from typing import Literal

from advisor.documents.fields import Block, fld
from advisor.documents.zos import ZMachine


class ZvmLevel(Block):
    version: str | None = fld('z/VM release, e.g. "6.3".', command="q cplevel", pattern=r"^\d+\.\d+$")
    apars: list[str] | None = fld("Installed APARs relevant to SMT, e.g. VM65586.", command="service / q cplevel")


class ZvmWorkload(Block):
    type: Literal["sap-app-server", "sap-db-server", "other"] | None = fld("What the Linux guests run.")
    profile: Literal["oltp", "batch"] | None = fld("Workload profile.")
    compute_intensive: bool | None = fld(
        "The work is highly computation-bound: threads need a whole core, little waiting on I/O or cache misses.",
        command="Linux: sar -u / vmstat in the guests; z/VM Performance Toolkit (PERFKIT) CPU reports",
    )
    network_intensive: bool | None = fld(
        "Heavy network traffic between the SAP application servers and the database server.",
        command="Linux: sar -n DEV; z/VM Performance Toolkit; z/OS: NETSTAT",
    )


class ZvmNetwork(Block):
    app_db_connection: Literal["hipersockets", "osa", "other"] | None = fld(
        "How the application servers reach the database server: HiperSockets (internal LAN in the CEC), an OSA "
        "adapter, or another path.",
        command="Linux: lsqeth -p; z/VM: QUERY VIRTUAL NIC / QUERY OSA",
    )
    osa_optimized_latency_mode: bool | None = fld(
        "Optimized Latency Mode (OLM) is on for the OSA interfaces that carry this traffic.",
        command="z/OS: D TCPIP,,NETSTAT,DEVLINKS (OLM on the INTERFACE)",
    )
    db_server_same_cec: bool | None = fld(
        "The database server is in the same CEC (a prerequisite for HiperSockets).", command="HMC / LPAR configuration"
    )


class ZvmLpar(Block):
    kind: Literal["zvm-lpar"]
    name: str = fld("z/VM system name.", default=..., min_length=1)
    machine: ZMachine | None = fld("IBM Z machine generation.", command="q cpus; lscpu (s390x)")
    engines: Literal["ifl", "ziip", "cp"] | None = fld("Engine type of the partition.", command="q proc")
    engine_count: int | None = fld("Engines in the partition.", unit="count", command="q proc", ge=0)
    zvm: ZvmLevel | None = fld("z/VM level.")
    smt_enabled: bool | None = fld(
        "Simultaneous multithreading requested for this z/VM (MULTITHREADING ENABLE in SYSTEM CONFIG).",
        command="SYSTEM CONFIG; QUERY MULTITHREAD",
    )
    workload: ZvmWorkload | None = fld("Guest workload.")
    network: ZvmNetwork | None = fld("Network path between the SAP application servers and the database server.")
