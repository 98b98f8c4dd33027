"""kind "aix-lpar": an AIX partition on IBM Power."""

from __future__ import annotations

from typing import Literal

from advisor.documents.common import Environment, PowerCpu, PowerProcessor, PowerVmEdition
from advisor.documents.fields import Block, fld
from advisor.documents.network import AixNetwork
from advisor.documents.storage import AixStorage
from advisor.documents.wpar import AixWpars

PageSize = Literal["4K", "64K"]


class AixLevel(Block):
    version: str | None = fld('AIX release, e.g. "7.2".', command="oslevel -s", pattern=r"^\d+\.\d+$")
    tl: int | None = fld("Technology level.", unit="count", command="oslevel -s", ge=0)
    sp: int | None = fld("Service pack.", unit="count", command="oslevel -s", ge=0)


class AixMemory(Block):
    desired_gb: float | None = fld(
        "Desired (with AME on: true) memory of the partition.", unit="GiB", command="lparstat -i: Online Memory", ge=0
    )
    max_gb: float | None = fld(
        "Maximum memory of the partition profile.", unit="GiB", command="lparstat -i: Maximum Memory", ge=0
    )
    paging_space_gb: float | None = fld("Paging space.", unit="GiB", command="lsps -s", ge=0)
    mode: Literal["dedicated", "shared"] | None = fld(
        'Memory mode: dedicated memory, or "shared" = Active Memory Sharing (AMS); with AME on, lparstat shows '
        "Dedicated-Expanded / Shared-Expanded. Absent counts as dedicated for the hypervisor page table.",
        command="lparstat -i: Memory Mode",
    )
    deduplication: bool | None = fld(
        "Active Memory Deduplication (AMD) is on for the shared memory pool this partition uses.",
        command="HMC: lshwres -r mempool -m <managed-system>",
    )
    block_mb: int | None = fld(
        "Memory region (logical memory block) size of the managed system: DLPAR adds and removes memory in "
        "whole blocks, so the advisor rounds the memory it asks for up to it.",
        unit="MiB",
        command="HMC: lshwres -r mem -m <managed-system> --level sys -F mem_region_size",
        ge=1,
    )
    large_page_gb: float | None = fld(
        "Memory reserved for 16 MB large pages (lgpg_regions x lgpg_size); AME cannot compress it.",
        unit="GiB",
        command="vmo -o lgpg_regions -o lgpg_size; svmon -G",
        ge=0,
    )


class AmeTunables(Block):
    """AME vmo tunables; `vmo -L <name>` shows current, default and range (Redbook Example 3-8)."""

    minfree_mem_kb: float | None = fld(
        "ame_minfree_mem: free compressed-pool memory below which AME grows the pool (default 8 MB = 8192 KB, "
        "range 64 KB-4095 MB); must stay at least 257 KB below ame_maxfree_mem.",
        unit="KiB",
        command="vmo -L ame_minfree_mem",
        ge=0,
    )
    maxfree_mem_kb: float | None = fld(
        "ame_maxfree_mem: free compressed-pool memory above which AME shrinks the pool (default 24 MB = 24576 KB, "
        "range 320 KB-4 GB).",
        unit="KiB",
        command="vmo -L ame_maxfree_mem",
        ge=0,
    )
    cpus_per_pool: int | None = fld(
        "ame_cpus_per_pool: logical CPUs per compressed memory pool (default 8, range 1-1024; bosboot type).",
        unit="count",
        command="vmo -L ame_cpus_per_pool",
        ge=0,
    )
    min_ucpool_size_pct: float | None = fld(
        "ame_min_ucpool_size: smallest uncompressed pool as a share of memory (default 0 = AIX decides; "
        "otherwise 5-95).",
        unit="%",
        command="vmo -L ame_min_ucpool_size",
        ge=0,
        le=100,
    )


class Amepat(Block):
    """How the amepat evidence was collected (its report header and the admin's notes)."""

    modelled_64k: bool | None = fld(
        'amepat ran with -M (64K page modelling); the report then shows "64K page modeling : Enabled".',
        command="amepat report: Command Invoked, 64K page modeling",
    )
    modelling: bool | None = fld(
        "amepat modelled factors (its default); false when it ran with -N, which keeps the modelling's own "
        "CPU out of the measurement.",
        command="amepat report: Command Invoked",
    )
    at_peak: bool | None = fld("The recording covered the workload's peak (high-load phase).")
    monitored_min: float | None = fld(
        "Length of the recording.", unit="minutes", command="amepat report: Total Monitored time", ge=0
    )
    cpu_used_for_sizing: bool | None = fld(
        "The run's CPU Util figures are used as the workload's CPU (for sizing or to compare factors)."
    )
    recommended_factor: float | None = fld(
        "Expansion factor amepat recommends in this run.",
        unit="factor",
        command="amepat report: Active Memory Expansion Recommendation",
        ge=0,
    )
    previous_recommended_factor: float | None = fld(
        "Expansion factor the previous amepat iteration recommended (and which was then configured).",
        unit="factor",
        command="previous amepat report: Active Memory Expansion Recommendation",
        ge=0,
    )


class Ame(Block):
    enabled: bool | None = fld(
        "Active Memory Expansion switched on for the partition.", command="lparstat -i: Memory Mode"
    )
    page_support: PageSize | None = fld(
        'Page size AME compresses: "4K" (ame_mpsize_support=0, AME4K) or "64K" (=1, AME64K). The 2023 '
        'guide prints the tunable as "amepsize_support"; the vmo name is ame_mpsize_support (AIX 7.2 TL1 and '
        "later). Below AIX 7.2 TL1 the Redbook's vmm_mpsize_support governs 64K compression (default -1: off).",
        command="vmo -o ame_mpsize_support",
    )
    expansion_factor: float | None = fld(
        "Target memory expansion factor.", unit="factor", command="lparstat -i: Target Memory Expansion Factor", ge=0
    )
    deficit_mb: float | None = fld(
        "AME memory deficit: expanded memory AME cannot deliver. The 2023 guide reads lparstat's dxm column in MB "
        "(as the AIX manual does); the 2013 Redbook calls it a count of 4K pages: if your figure is in pages, "
        "multiply by 4 and divide by 1024.",
        unit="MiB",
        command="lparstat -c: dxm; amepat: Deficit Memory Size; ST06 expert view: AME Deficit Memory",
        ge=0,
    )
    achieved_factor: float | None = fld(
        "Expansion factor AME actually achieves (the A of topas EF[T/A]).",
        unit="factor",
        command="vmstat -vc: achieved memory expansion factor; topas: EF[T/A]; ST06: AME Actual Factor",
        ge=0,
    )
    cpu_pct: float | None = fld(
        "Share of the partition's processor use spent in AME compression and decompression (cmemd), as the "
        "Redbook defines lparstat's %xcpu. On a dedicated partition this equals amepat's AME CPU Usage "
        "percentage (a share of the partition's cores); on a shared one divide amepat's AME CPU Usage by its CPU "
        "Util. AME-009's thresholds use derived.ame_cpu_capacity_pct (a share of the partition's maximum capacity, "
        "as amepat prints it), computed from cpu_physc, or from this field on a dedicated partition only.",
        unit="%",
        command="lparstat -c: %xcpu; amepat: AME CPU Usage [%]",
        ge=0,
        le=100,
    )
    cpu_physc: float | None = fld(
        "Physical processors AME itself consumes (cmemd), averaged over the measurement.",
        unit="processing units",
        command="lparstat -c: xphysc; amepat: AME CPU Usage (Phys. Proc Units), Average column",
        ge=0,
    )
    tunables: AmeTunables | None = fld("AME vmo tunables (defaults suit almost every workload).")


class Peak(Block):
    physc_avg: float | None = fld(
        "Average physical processor consumption during the peak.",
        unit="processing units",
        command="lparstat: physc",
        ge=0,
    )
    virtual_memory_gb: float | None = fld(
        "Active virtual memory at the peak.", unit="GiB", command="vmstat -v / svmon -G: virtual", ge=0
    )
    physc_max: float | None = fld(
        "Highest physical processor consumption during the peak (or the peak demand from sizing).",
        unit="processing units",
        command="lparstat: physc (maximum over the peak)",
        ge=0,
    )
    duration_min: float | None = fld(
        "How long the peak (high-load phase) lasts.", unit="minutes", command="nmon / lparstat history", ge=0
    )
    file_cache_pct: float | None = fld(
        "File cache as a share of true memory at the peak; AME does not compress file cache.",
        unit="%",
        command="amepat: File Cache Size [%]; vmstat -v: numperm percentage",
        ge=0,
        le=100,
    )
    pinned_pct: float | None = fld(
        "Pinned memory as a share of true memory at the peak; AME cannot compress pinned memory.",
        unit="%",
        command="amepat: Pinned Memory [%]; svmon -G: pin",
        ge=0,
        le=100,
    )


class AixWorkload(Block):
    type: Literal["sap-abap", "sap-java", "db2", "oracle", "websphere", "other"] | None = fld(
        "Main workload of the partition."
    )
    app_page_size: PageSize | None = fld(
        "Page size the application asks for through LDR_CNTRL (DATAPSIZE/TEXTPSIZE/...).",
        command="SAP profile SETENV LDR_CNTRL; ps -eZ",
    )
    app_memory_compressed: bool | None = fld(
        "The application keeps its memory compressed or encrypted itself (e.g. Db2 compressed data in its "
        "memory areas), which AME cannot compress further."
    )
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
    amepat: Amepat | None = fld("How the amepat (AME planning tool) evidence was collected.")
    powervm_edition: PowerVmEdition | None = fld(
        "PowerVM edition of the managed system.", command="HMC: lssyscfg -r sys -F capabilities; lsvet -t hist"
    )
    firmware_level: int | None = fld(
        "System firmware release as a number: 740 for AL740_xxx, 860 for SV860_xxx, 1010 for MH1010_xxx.",
        unit="release",
        command="HMC: lslic -m <managed-system> -t sys",
        ge=0,
    )
    storage: AixStorage | None = fld("Disks and NPIV virtual Fibre Channel adapters.")
    network: AixNetwork | None = fld("IP interfaces and virtual Ethernet adapters.")
    wpar: AixWpars | None = fld("Workload partitions hosted by this AIX (global environment).")
