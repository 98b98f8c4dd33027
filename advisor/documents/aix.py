"""kind "aix-lpar": an AIX partition on IBM Power."""

from __future__ import annotations

from typing import Literal

from advisor.documents.common import Environment, PowerCpu, PowerProcessor
from advisor.documents.fields import Block, fld

PageSize = Literal["4K", "64K"]


class AixLevel(Block):
    version: str | None = fld("AIX release, e.g. \"7.2\".", command="oslevel -s", pattern=r"^\d+\.\d+$")
    tl: int | None = fld("Technology level.", unit="count", command="oslevel -s", ge=0)
    sp: int | None = fld("Service pack.", unit="count", command="oslevel -s", ge=0)


class AixMemory(Block):
    desired_gb: float | None = fld(
        "Desired (with AME on: true) memory of the partition.", unit="GiB", command="lparstat -i: Online Memory", ge=0)
    max_gb: float | None = fld("Maximum memory of the partition profile.", unit="GiB", command="lparstat -i: Maximum Memory", ge=0)
    paging_space_gb: float | None = fld("Paging space.", unit="GiB", command="lsps -s", ge=0)


class Ame(Block):
    enabled: bool | None = fld("Active Memory Expansion switched on for the partition.", command="lparstat -i: Memory Mode")
    page_support: PageSize | None = fld(
        "Page size AME compresses: \"4K\" (ame_mpsize_support=0, AME4K) or \"64K\" (=1, AME64K).",
        command="vmo -o ame_mpsize_support")
    expansion_factor: float | None = fld(
        "Target memory expansion factor.", unit="factor", command="lparstat -i: Target Memory Expansion Factor", ge=0)
    deficit_mb: float | None = fld(
        "AME memory deficit: expanded memory AME cannot deliver.", unit="MiB",
        command="lparstat -c: dxm; amepat: Deficit Memory Size", ge=0)


class Peak(Block):
    physc_avg: float | None = fld(
        "Average physical processor consumption during the peak.", unit="processing units", command="lparstat: physc", ge=0)
    virtual_memory_gb: float | None = fld(
        "Active virtual memory at the peak.", unit="GiB", command="vmstat -v / svmon -G: virtual", ge=0)


class AixWorkload(Block):
    type: Literal["sap-abap", "sap-java", "db2", "oracle", "websphere", "other"] | None = fld(
        "Main workload of the partition.")
    app_page_size: PageSize | None = fld(
        "Page size the application asks for through LDR_CNTRL (DATAPSIZE/TEXTPSIZE/...).",
        command="SAP profile SETENV LDR_CNTRL; ps -eZ")
    peak: Peak | None = fld("Figures measured during the workload peak.")


class AixLpar(Block):
    kind: Literal["aix-lpar"]
    name: str = fld("Partition name.", default=..., min_length=1)
    environment: Environment | None = fld("Environment class.")
    processor: PowerProcessor | None = fld("Processor generation of the server.", command="prtconf: Processor Type")
    os: AixLevel | None = fld("AIX level.")
    cpu: PowerCpu | None = fld("Processor settings.")
    memory: AixMemory | None = fld("Memory settings.")
    ame: Ame | None = fld("Active Memory Expansion settings.")
    workload: AixWorkload | None = fld("What runs in the partition.")
