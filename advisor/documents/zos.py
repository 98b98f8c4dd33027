"""kind "zos-lpar": a z/OS partition."""

from __future__ import annotations

from typing import Literal

from advisor.documents.fields import Block, fld

ZMachine = Literal["z9", "z10", "z114", "z196", "zBC12", "zEC12", "z13", "z13s", "z14", "z15", "z16", "z17"]


class Db2BufferPool(Block):
    name: str = fld("Buffer pool name, e.g. BP1.", default=..., min_length=1)
    size_gb: float | None = fld(
        "Buffer pool size: VPSIZE times the page size (4, 8, 16 or 32 KB).",
        unit="GiB",
        command="-DISPLAY BUFFERPOOL(ACTIVE) DETAIL: DSNB402I",
        ge=0,
    )
    page_fixed: bool | None = fld(
        "The pool is page-fixed (PGFIX(YES)).", command="-DISPLAY BUFFERPOOL(ACTIVE) DETAIL: DSNB406I PGFIX ATTRIBUTE"
    )
    frame_size: Literal["4k", "1m", "2g"] | None = fld(
        "Preferred real frame size of the pool (FRAMESIZE, DB2 11).",
        command="-DISPLAY BUFFERPOOL(ACTIVE) DETAIL: DSNB546I PREFERRED FRAME SIZE",
    )


class Db2(Block):
    buffer_pools: list[Db2BufferPool] | None = fld("DB2 buffer pools of the subsystem(s) on this system.")
    memory_bound: bool | None = fld(
        "The DB2 workload is memory-bound: random access, many synchronous reads per transaction that larger "
        "buffer pools would avoid.",
        command="DB2 statistics (OMEGAMON / DB2PM): sync I/O per transaction, hit ratios",
    )


class LfareaUsage(Block):
    """The IAR019I answer to D VIRTSTOR,LFAREA (values converted to MB)."""

    source: str | None = fld(
        "Where the LFAREA value came from (SOURCE = ...).", command="D VIRTSTOR,LFAREA: IAR019I SOURCE"
    )
    total_mb: float | None = fld("TOTAL LFAREA.", unit="MiB", command="D VIRTSTOR,LFAREA: IAR019I", ge=0)
    available_mb: float | None = fld("LFAREA AVAILABLE.", unit="MiB", command="D VIRTSTOR,LFAREA: IAR019I", ge=0)
    allocated_1m_mb: float | None = fld(
        "LFAREA ALLOCATED (1M): fixed 1 MB requests now.", unit="MiB", command="D VIRTSTOR,LFAREA: IAR019I", ge=0
    )
    allocated_4k_mb: float | None = fld(
        "LFAREA ALLOCATED (4K): large frames now backing 4K requests.",
        unit="MiB",
        command="D VIRTSTOR,LFAREA: IAR019I",
        ge=0,
    )
    allocated_pageable1m_mb: float | None = fld(
        "LFAREA ALLOCATED (PAGEABLE1M).", unit="MiB", command="D VIRTSTOR,LFAREA: IAR019I", ge=0
    )
    max_allocated_1m_mb: float | None = fld(
        "MAX LFAREA ALLOCATED (1M): high-water mark of fixed 1 MB use.",
        unit="MiB",
        command="D VIRTSTOR,LFAREA: IAR019I",
        ge=0,
    )
    max_allocated_4k_mb: float | None = fld(
        "MAX LFAREA ALLOCATED (4K): high-water mark of large frames used for 4K requests.",
        unit="MiB",
        command="D VIRTSTOR,LFAREA: IAR019I",
        ge=0,
    )
    max_allocated_pageable1m_mb: float | None = fld(
        "MAX LFAREA ALLOCATED (PAGEABLE1M).", unit="MiB", command="D VIRTSTOR,LFAREA: IAR019I", ge=0
    )


class LargePageRequest(Block):
    """One exploiter's request for large pages (IARV64 GETSTOR, a JVM option, ...)."""

    name: str = fld("Who asks, e.g. a job, started task or JVM.", default=..., min_length=1)
    page_size: Literal["1m", "2g"] | None = fld(
        "Requested page size (IARV64 PAGEFRAMESIZE / UNITSIZE).", command="program source (IARV64) or JVM options"
    )
    type: Literal["fixed", "pageable", "dref"] | None = fld(
        "Requested page type (IARV64 TYPE=FIXED|PAGEABLE|DREF, or PAGEFRAMESIZE=PAGEABLE1MEG|DREF1MEG).",
        command="program source (IARV64) or JVM options",
    )


class Java(Block):
    heap_pages: Literal["4k", "1m-pageable", "1m-fixed", "2g-fixed", "2g-pageable"] | None = fld(
        "Pages the Java heap asks for (-Xlp:objectheap:pagesize=...,pageable|nonpageable; none = 4k).",
        command="JVM options; java -Xlp:objectheap:pagesize=1M,pageable -verbose:sizes -version",
    )
    jit_code_cache_pages: Literal["4k", "1m-pageable", "1m-fixed"] | None = fld(
        "Pages the JIT code cache asks for (-Xlp:codecache:pagesize=1M,pageable; none = 4k).",
        command="JVM options; java -verbose:sizes -version",
    )


class ZosLpar(Block):
    kind: Literal["zos-lpar"]
    name: str = fld("System name.", default=..., min_length=1)
    machine: ZMachine | None = fld("IBM Z machine generation.", command="D M=CPU")
    zos_version: str | None = fld('z/OS release, e.g. "2.1".', command="D IPLINFO", pattern=r"^\d+\.\d+$")
    online_storage_gb: float | None = fld("Online real storage at IPL.", unit="GiB", command="D M=STOR", ge=0)
    lfarea: str | None = fld(
        'The IEASYSxx LFAREA statement as written, e.g. "LFAREA=(1M=(40%),2G=(8))"; null = LFAREA is not coded '
        "(the default: zero 1 MB and zero 2 GB pages). Leave the field out when unknown.",
        command="IEASYSxx member",
    )
    lfarea_usage: LfareaUsage | None = fld("How the LFAREA is used (IAR019I).")
    flash_express: bool | None = fld(
        "Flash Express storage-class memory is configured to this LPAR (Virtual Flash Memory on z14 and later).",
        command="D ASM; D M=SCM",
    )
    rsm_enablement_offering: bool | None = fld(
        "The RSM Enablement Offering web deliverable is installed (z/OS 1.13; built into later releases).",
        command="SMP/E LIST SYSMOD for the RSM Enablement Offering FMID",
    )
    db2: Db2 | None = fld("DB2 for z/OS on this system.")
    large_page_requests: list[LargePageRequest] | None = fld(
        "Other programs that ask for large pages, with size and type."
    )
    java: Java | None = fld("Java / WebSphere on this system.")
