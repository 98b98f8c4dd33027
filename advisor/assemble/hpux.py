"""HP-UX: machinfo, kctune, swapinfo, parstatus and chatr to hpux-server fields.

- swapinfo: ``swap_gb`` = the AVAIL of the dev, fs, localfs and network lines (configured swap; the
  memory line is pseudo-swap and is not counted).
- parstatus: ``cells`` = the # of Cells of this nPartition: the only partition listed, or the one
  ``parstatus -w`` names as local; with several and no -w line it is a note.
- chatr: ``large_pages.text`` / ``.data`` from disp+work's segment size hints (4K..4G, L); ``D``
  (default) follows the kernel's vps tunables and is a note, not a size.
- vparstatus: the virtual partitions of the nPartition; a note only (a vPar's own machinfo describes it).
- mpsched -s, psrset: the layout of locality domains and processor sets, but not which SAP process is
  bound where (mpsched -q, psrset -q): notes only.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import get_args

from advisor import linre
from advisor.assemble.common import Context, Emit, mb_to_gb
from advisor.assemble.model import Fact, Output
from advisor.documents.hpux import HpuxPageSize
from advisor.parsers.base import was_cut

COMMANDS = ("machinfo", "kctune", "swapinfo -tam", "parstatus", "chatr", "mpsched -s", "psrset", "vparstatus")
PAGE_SIZES = set(get_args(HpuxPageSize))
SWAP_AREAS = ("dev", "fs", "localfs", "network", "remfs")
RELEASES = {"11.31": "11iv3", "11.23": "11iv2"}
_RELEASE = linre.compile(r"\bB\.(\d+\.\d+)\b")
_PERCENT = linre.compile(r"^\s*(\d+(?:\.\d+)?)\s*%\s*$")


def facts(outputs: Iterable[Output], ctx: Context) -> list[Fact]:
    outputs = list(outputs)
    out: list[Fact] = []
    local = _local_partition(outputs)
    current = _current_vpar(outputs)
    for output in outputs:
        mapper = {
            "machinfo": _machinfo,
            "kctune": _kctune,
            "swapinfo -tam": _swapinfo,
            "chatr": _chatr,
            "mpsched -s": _mpsched,
            "psrset": _psrset,
        }.get(output.command)
        emit = ctx.emit(output)
        if mapper is not None:
            mapper(emit)
        elif output.command == "vparstatus":
            _vparstatus(emit, current)
        elif output.command == "parstatus":
            _parstatus(emit, local)
        out += emit.facts
    return out


def _swapinfo(emit: Emit) -> None:
    areas = [(n, a) for n, a in enumerate(emit.get("areas") or []) if a.get("type") in SWAP_AREAS]
    if areas and was_cut(emit.output.result):
        emit.note(
            "swapinfo is cut short (its last line has no line end): its swap areas are not totalled; swap_gb left out"
        )
        return
    if not areas:
        emit.note("swapinfo lists no device or file system swap; swap_gb left out")
        return
    total = sum(a["avail_mb"] for _, a in areas)
    if not _swap_rows_whole(emit, total, len(areas)):
        return
    emit.fact(
        "swap_gb",
        round(total / 1024, 3),
        f"areas.{areas[0][0]}.avail_mb",
        note=f"AVAIL of {len(areas)} swap areas ({', '.join(a['type'] for _, a in areas)}), {total} MB / 1024",
    )


def _swap_rows_whole(emit: Emit, areas_mb: float, rows: int) -> bool:
    """The total line's AVAIL is the areas' plus pseudo-swap: when it is printed it must add up, and
    ``swapinfo -t`` always prints it, so a ``-t`` listing without it lost its last rows."""
    stated = emit.get("total_avail_mb")
    line = emit.output.result.command_line or ""
    if stated is None:
        if linre.search(r"(?:^|\s)-[a-z]*t", line):
            emit.note(f"'{line}' prints a total line and this output has none: rows may be missing; swap_gb left out")
            return False
        return True
    pseudo = emit.get("memory_mb") or 0
    slack = {"Kb": 1 / 1024, "Mb": 1, "Gb": 1024}.get(str(emit.get("unit")), 1) * (rows + 1)  # each row rounded
    if abs(areas_mb + pseudo - stated) > slack:
        emit.note(
            f"the swap areas and pseudo-swap add up to {areas_mb + pseudo} MB, the total line says {stated} MB: "
            "rows are missing or unreadable; swap_gb left out",
            "total_avail_mb",
        )
        return False
    return True


def _local_partition(outputs: list[Output]) -> int | None:
    found = {o.data["local_partition"] for o in outputs if o.command == "parstatus" and "local_partition" in o.data}
    return found.pop() if len(found) == 1 else None


def _parstatus(emit: Emit, local: int | None) -> None:
    partitions = list(enumerate(emit.get("partitions") or []))
    if emit.get("partition.partition_number") is not None:  # parstatus -V -p N: one partition in detail
        _partition_detail(emit)
        return
    if not partitions:
        _cell_table(emit, local)
        return
    if len(partitions) == 1:
        (n, row), how = partitions[0], "the only nPartition of the complex"
    else:
        mine = [(n, p) for n, p in partitions if p.get("number") == local]
        if not mine:
            emit.note(
                f"parstatus lists {len(partitions)} nPartitions and no parstatus -w line says which is this one; "
                "cells left out",
                "partitions.0.cells",
            )
            return
        (n, row), how = mine[0], f"nPartition {local}, the local one (parstatus -w)"
    emit.fact("cells", row["cells"], f"partitions.{n}.cells", note=how)


def _partition_detail(emit: Emit) -> None:
    """``parstatus -V -p N``: ``cells`` from its [Cell] table (the partition's own cells), ``clm_pct`` from
    its memory lines, when the interleaved and the cell local memory add up to the good memory."""
    number = emit.get("partition.partition_number")
    mine = [n for n, cell in enumerate(emit.get("cells") or []) if cell.get("partition") == number]
    if mine and not was_cut(emit.output.result):
        emit.fact("cells", len(mine), f"cells.{mine[0]}.partition", note=f"cells of nPartition {number} (-V)")
    good = emit.get("partition.total_good_memory_size_gb")
    clm = emit.get("partition.total_allocated_clm_gb")
    interleaved = emit.get("partition.total_interleave_memory_gb")
    if good is None or clm is None:
        return
    if not good or interleaved is None or abs(interleaved + clm - good) > 0.1:
        emit.note(
            f"parstatus -V: interleaved ({interleaved} GB) and cell local memory ({clm} GB) do not add up to the "
            f"good memory ({good} GB); clm_pct left out",
            "partition.total_allocated_clm_gb",
        )
        return
    emit.fact(
        "clm_pct",
        round(clm / good * 100, 2),
        "partition.total_allocated_clm_gb",
        note=f"Total Allocated CLM {clm} GB of Total Good Memory Size {good} GB",
    )


def _cell_table(emit: Emit, local: int | None) -> None:
    """``parstatus -C``: the cells of the complex with their partition; ``cells`` for the local one
    (``parstatus -w``), or for the one partition every assigned cell belongs to."""
    cells = [(n, c["partition"]) for n, c in enumerate(emit.get("cells") or []) if "partition" in c]
    if not cells or was_cut(emit.output.result):
        return
    owners = {p for _, p in cells}
    number = local if local is not None else (owners.pop() if len(owners) == 1 else None)
    if number is None:
        emit.note(
            f"parstatus -C shows cells of {len(owners)} nPartitions and no parstatus -w line says which is this "
            "one; cells left out",
            f"cells.{cells[0][0]}.partition",
        )
        return
    mine = [n for n, p in cells if p == number]
    if mine:
        how = "the local one (parstatus -w)" if local is not None else "the only one with cells"
        emit.fact("cells", len(mine), f"cells.{mine[0]}.partition", note=f"cells of nPartition {number}, {how}")


def _chatr(emit: Emit) -> None:
    program = str(emit.get("program") or "")
    if not program.endswith("/disp+work") and program != "disp+work":
        return  # saposcol, sapstartsrv: the rules read disp+work's hints only
    for n, segment in enumerate(emit.get("segments") or []):
        kind, size = segment.get("type"), segment.get("size")
        key = f"segments.{n}.size"
        if size in PAGE_SIZES:
            emit.fact(f"large_pages.{kind}", size, key, note=f"{program} {kind} segment hint")
        elif size == "D":
            emit.note(
                f"{program}: the {kind} page size hint is D (default): the size then follows the kernel's "
                f"vps tunables, not a hint of its own; large_pages.{kind} left out",
                key,
            )


def _mpsched(emit: Emit) -> None:
    emit.note(
        f"mpsched -s shows {emit.get('locality_domains')} locality domains; which SAP instance is bound to which "
        "(sap.instances[].locality_domain) is mpsched -q -p PID: nothing mapped",
        "locality_domains",
    )


def _psrset(emit: Emit) -> None:
    sets = emit.get("psets") or []
    emit.note(
        f"psrset lists {len(sets)} processor set(s); which SAP instance runs in which (sap.instances[].pset) is "
        "psrset -q: nothing mapped",
        "psets.0.pset",
    )


def _current_vpar(outputs: list[Output]) -> str | None:
    found = {str(o.data["current"]) for o in outputs if o.command == "vparstatus" and "current" in o.data}
    return found.pop() if len(found) == 1 else None


def _vparstatus(emit: Emit, current: str | None) -> None:
    vpars = emit.get("vpars") or emit.get("resources") or []
    if not vpars and emit.get("current") is not None:  # vparstatus -w: said with the listing's note
        return
    current = current or emit.get("details.name")
    emit.note(
        f"vparstatus lists {len(vpars)} virtual partition(s)"
        + (f" (this one: {current})" if current else "")
        + "; no hpux-server field is a vPar's: a vPar's cores and memory come from its own machinfo",
        "vpars.0.name" if emit.get("vpars") else None,
    )


def _machinfo(emit: Emit) -> None:
    emit.copy("name", "os.nodename")
    release = emit.get("os.release")
    if release is not None:
        m = _RELEASE.search(str(release))
        if m and m.group(1) in RELEASES:
            emit.fact("os_version", RELEASES[m.group(1)], "os.release")
        else:
            emit.note(
                f"release {release!r} is neither 11i v2 (B.11.23) nor 11i v3 (B.11.31); os_version left out",
                "os.release",
            )
    emit.copy("memory_gb", "memory_mb", convert=mb_to_gb, note="MB / 1024")
    if emit.get("cpu.cores") is not None:  # 11.31 from 1103 on: "16 cores (8 per socket)"
        emit.copy("cores", "cpu.cores")
    elif emit.get("cpu.sockets") is not None and emit.get("cpu.cores_per_socket") is not None:
        emit.fact(
            "cores",
            emit.get("cpu.sockets") * emit.get("cpu.cores_per_socket"),
            "cpu.cores_per_socket",
            note=f"{emit.get('cpu.sockets')} sockets x {emit.get('cpu.cores_per_socket')} cores per socket",
        )


def _kctune(emit: Emit) -> None:
    emit.copy("numa_policy", "tunables.numa_policy.value")
    expression = emit.get("tunables.filecache_max.expression")
    if expression is not None:
        m = _PERCENT.match(str(expression))
        if m:
            emit.fact(
                "buffer_cache_max_pct",
                float(m.group(1)),
                "tunables.filecache_max.expression",
                note="filecache_max expression (11i v3)",
            )
        else:
            emit.note(
                f"filecache_max is set as {expression!r}, not as a share of memory; buffer_cache_max_pct left out",
                "tunables.filecache_max.expression",
            )
    tunables = emit.get("tunables") or {}
    if not any(str(name).startswith("filecache_") for name in tunables):  # 11i v3 keeps dbc_max_pct, obsolete there
        emit.copy("buffer_cache_max_pct", "tunables.dbc_max_pct.value", note="dbc_max_pct (11i v2)")
