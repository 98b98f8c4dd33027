"""kind "hpux-server": HP-UX on Itanium running SAP.

Where a field may be null on purpose, null is a statement ("not bound", "no processor set"),
not an unknown: leave the field out when the value is not known.
"""

from __future__ import annotations

from typing import Literal

from advisor.documents.fields import Block, fld

HpuxPageSize = Literal["4K", "8K", "16K", "64K", "256K", "1M", "4M", "16M", "64M", "256M", "1G", "4G", "L"]


class WorkProcessesByType(Block):
    dialog: int | None = fld(
        "Dialog work processes (rdisp/wp_no_dia).", unit="count", command="SAP transaction SM50 / SM51", ge=0
    )
    update: int | None = fld(
        "Update (V1) work processes (rdisp/wp_no_vb).", unit="count", command="SAP transaction SM50", ge=0
    )
    update2: int | None = fld(
        "Update2 (V2) work processes (rdisp/wp_no_vb2).", unit="count", command="SAP transaction SM50", ge=0
    )
    background: int | None = fld(
        "Background work processes (rdisp/wp_no_btc).", unit="count", command="SAP transaction SM50", ge=0
    )
    enqueue: int | None = fld(
        "Enqueue work processes (rdisp/wp_no_enq).", unit="count", command="SAP transaction SM50", ge=0
    )
    spool: int | None = fld(
        "Spool work processes (rdisp/wp_no_spo).", unit="count", command="SAP transaction SM50", ge=0
    )


class SapInstance(Block):
    name: str = fld("Instance name, e.g. D00.", default=..., min_length=1)
    cores: float | None = fld("Cores the instance runs on.", unit="count", ge=0)
    work_processes: int | None = fld("Work processes configured.", unit="count", command="SAP transaction SM50", ge=0)
    work_processes_by_type: WorkProcessesByType | None = fld("Work processes of the instance by type.")
    locality_domain: int | None = fld(
        "Locality domain (cell) the instance is bound to with mpsched; null = not bound.",
        command="mpsched -q; ps -o ldom",
        ge=0,
    )
    pset: int | None = fld(
        "Processor set the instance runs in (psrset); null = no processor set.", command="psrset -q", ge=0
    )
    update_locality_domain: int | None = fld(
        "Locality domain (cell) of the update work processes that process this instance's updates: its own, "
        "or those of the instance named in rdisp/vbname; null = not bound to a cell.",
        command="SAP transaction SM50 / SM13 (rdisp/vbname); mpsched -q -p <pid>",
        ge=0,
    )
    db_shadow_locality_domain: int | None = fld(
        "Locality domain (cell) of the database shadow processes (Oracle dedicated servers) or user threads that "
        "serve this instance's work processes, when the database runs on this server; null = not bound.",
        command="ps -ef | grep ora<sid>; mpsched -q -p <pid>",
        ge=0,
    )


class SapProfile(Block):
    abap_initrc_degree: int | None = fld(
        "SAP profile parameter abap/initrc_degree as in effect on the instances.",
        command="SAP transaction RZ11 abap/initrc_degree; sappfpar pf=<profile> check",
        ge=0,
    )
    stat_clock: str | None = fld(
        'SAP profile parameter stat/clock as in effect on the instances, e.g. "sap_clock".',
        command="SAP transaction RZ11 stat/clock",
        min_length=1,
    )


class SapWorkProcessEvidence(Block):
    """What the source asks to see before work processes are added (backup slide five)."""

    response_time_trend: Literal["worsening", "stable", "improving"] | None = fld(
        "Dialog response time over the recent weeks: worsening = getting longer.",
        command="SAP transactions STAD / ST03",
    )
    dispatcher_queue_trend: Literal["growing", "stable", "shrinking"] | None = fld(
        "Dispatcher wait queue length over the same period.", command="dpmon; SAP transaction SM51 (queue information)"
    )
    idle_cpu_pct: float | None = fld(
        "Idle CPU of the server at peak.", unit="%", command="sar -u; glance; SAP transaction ST06", ge=0, le=100
    )
    memory_headroom_gb: float | None = fld(
        "Physical memory still free at peak (no paging).",
        unit="GiB",
        command="vmstat; glance; SAP transactions ST02 / ST06",
        ge=0,
    )


class HpuxSap(Block):
    shared_memory_gb: float | None = fld("SAP shared memory of all instances.", unit="GiB", command="ipcs -ma", ge=0)
    instances: list[SapInstance] | None = fld("SAP instances on the server.")
    cores: float | None = fld(
        "Cores the SAP application instances may use, when some are kept for the database or other applications; "
        "default: all cores of the server.",
        unit="count",
        ge=0,
    )
    saps: float | None = fld(
        "SAP capacity the server was sized for (SAPS).", unit="SAPS", command="sizing / benchmark sheet", ge=0
    )
    database_on_server: bool | None = fld(
        "The SAP database runs on this server too (its shadow processes compete for the same cells).", command="ps -ef"
    )
    profile: SapProfile | None = fld("SAP profile parameters the HP-UX guidance names.")
    adding_work_processes: bool | None = fld(
        "Work processes were added recently, or an increase is planned.",
        command="change record; SAP profile history (RZ10)",
    )
    work_process_evidence: SapWorkProcessEvidence | None = fld(
        "Monitoring evidence that justifies more work processes."
    )


class LargePages(Block):
    text: HpuxPageSize | None = fld(
        "Instruction page size hint of disp+work.", command="chatr disp+work: text page size"
    )
    data: HpuxPageSize | None = fld("Data page size hint of disp+work.", command="chatr disp+work: data page size")


class TlbCounters(Block):
    handler_cycles_pct: float | None = fld(
        "Share of CPU cycles spent in the TLB miss handler, system-wide while SAP runs.",
        unit="%",
        command="caliper (dtlb / itlb measurements); pi",
        ge=0,
        le=100,
    )
    d2tlb_misses_per_kinst: float | None = fld(
        "Level-2 data TLB misses per thousand instructions (MEAN of the D2TLB Miss per Kinst column).",
        unit="misses per 1000 instructions",
        command="caliper cpu -o calout -w -duration=12: TLB Summary Statistics",
        ge=0,
    )
    i2tlb_misses_per_kinst: float | None = fld(
        "Level-2 instruction TLB misses per thousand instructions.",
        unit="misses per 1000 instructions",
        command="caliper cpu -o calout -w -duration=12: TLB Summary Statistics",
        ge=0,
    )


class MultithreadedApps(Block):
    running: bool | None = fld(
        "liveCache or another multithreaded (pthreads) application runs on the server.", command="ps -ef; ps -eL"
    )
    names: list[str] | None = fld("The multithreaded applications, e.g. liveCache.")
    pthread_force_scope_system: bool | None = fld(
        "PTHREAD_FORCE_SCOPE_SYSTEM=1 is set in their environment.",
        command="env of the <sid>adm / sdb user; pargs -e <pid>",
    )
    perf_enable: bool | None = fld(
        "PERF_ENABLE=1 is set in their environment.", command="env of the <sid>adm / sdb user; pargs -e <pid>"
    )


class OtherApplications(Block):
    running: bool | None = fld("Applications other than SAP (and its database) run on the server.", command="ps -ef")
    names: list[str] | None = fld("The other applications.")
    segregation: Literal["none", "mpsched", "psets", "vpars", "npars", "hpvm", "prm"] | None = fld(
        "How SAP is kept apart from them: mpsched binding, processor sets, vPars, nPartitions, HP VM or PRM; "
        "none = they share all CPUs.",
        command="psrset -i; mpsched -s; vparstatus; parstatus; hpvmstatus; prmlist",
    )


class HpuxServer(Block):
    kind: Literal["hpux-server"]
    name: str = fld("Server or nPartition name.", default=..., min_length=1)
    os_version: Literal["11iv2", "11iv3"] | None = fld("HP-UX release.", command="uname -r")
    cells: int | None = fld("Cells in the partition.", unit="count", command="parstatus", ge=0)
    cores: int | None = fld("Processor cores.", unit="count", command="machinfo", ge=0)
    memory_gb: float | None = fld("Physical memory.", unit="GiB", command="machinfo: Memory", ge=0)
    clm_pct: float | None = fld(
        "Share of memory configured as cell local memory (CLM).", unit="%", command="parstatus -V -p <n>", ge=0, le=100
    )
    numa_policy: int | None = fld(
        "Kernel tunable numa_policy (1 = CLM for shared memory).", command="kctune numa_policy", ge=0
    )
    buffer_cache_max_pct: float | None = fld(
        "Largest share of memory the file system buffer cache may take: dbc_max_pct on 11i v2, filecache_max "
        "(as a share of memory) on 11i v3.",
        unit="%",
        command="kctune dbc_max_pct (11i v2); kctune filecache_max (11i v3)",
        ge=0,
        le=100,
    )
    swap_gb: float | None = fld(
        "Configured device and file system swap, without pseudo-swap.",
        unit="GiB",
        command="swapinfo -tam (dev + localfs)",
        ge=0,
    )
    patches: list[str] | None = fld(
        "Installed patch ids, e.g. PHCO_36323; list an id also when a later patch that supersedes it is installed.",
        command="swlist -l patch; show_patches -s",
    )
    sap: HpuxSap | None = fld("SAP on this server.")
    large_pages: LargePages | None = fld("chatr page size hints of disp+work.")
    tlb: TlbCounters | None = fld("TLB efficiency counters measured while SAP runs (caliper).")
    multithreaded_apps: MultithreadedApps | None = fld("liveCache and other multithreaded applications.")
    other_applications: OtherApplications | None = fld("Other applications sharing the server with SAP.")
