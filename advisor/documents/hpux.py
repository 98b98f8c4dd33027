"""kind "hpux-server": HP-UX on Itanium running SAP."""

from __future__ import annotations

from typing import Literal

from advisor.documents.fields import Block, fld

HpuxPageSize = Literal["4K", "8K", "16K", "64K", "256K", "1M", "4M", "16M", "64M", "256M", "1G", "4G", "L"]


class SapInstance(Block):
    name: str = fld("Instance name, e.g. D00.", default=..., min_length=1)
    cores: float | None = fld("Cores the instance runs on.", unit="count", ge=0)
    work_processes: int | None = fld("Work processes configured.", unit="count", command="SAP transaction SM50", ge=0)
    locality_domain: int | None = fld(
        "Locality domain (cell) the instance is bound to with mpsched; null = not bound.",
        command="mpsched -q; ps -o ldom", ge=0)
    pset: int | None = fld("Processor set the instance runs in (psrset); null = no processor set.", command="psrset -q", ge=0)


class HpuxSap(Block):
    shared_memory_gb: float | None = fld("SAP shared memory of all instances.", unit="GiB", command="ipcs -ma", ge=0)
    instances: list[SapInstance] | None = fld("SAP instances on the server.")


class LargePages(Block):
    text: HpuxPageSize | None = fld("Instruction page size hint of disp+work.", command="chatr disp+work: text page size")
    data: HpuxPageSize | None = fld("Data page size hint of disp+work.", command="chatr disp+work: data page size")


class HpuxServer(Block):
    kind: Literal["hpux-server"]
    name: str = fld("Server or nPartition name.", default=..., min_length=1)
    os_version: Literal["11iv2", "11iv3"] | None = fld("HP-UX release.", command="uname -r")
    cells: int | None = fld("Cells in the partition.", unit="count", command="parstatus", ge=0)
    cores: int | None = fld("Processor cores.", unit="count", command="machinfo", ge=0)
    memory_gb: float | None = fld("Physical memory.", unit="GiB", command="machinfo: Memory", ge=0)
    clm_pct: float | None = fld(
        "Share of memory configured as cell local memory (CLM).", unit="%", command="parstatus -V -p <n>", ge=0, le=100)
    numa_policy: int | None = fld("Kernel tunable numa_policy (1 = CLM for shared memory).", command="kctune numa_policy", ge=0)
    sap: HpuxSap | None = fld("SAP on this server.")
    large_pages: LargePages | None = fld("chatr page size hints of disp+work.")
