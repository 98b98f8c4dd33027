"""HP-UX: machinfo and kctune to hpux-server fields."""

from __future__ import annotations

from collections.abc import Iterable

from advisor import linre
from advisor.assemble.common import Context, Emit, mb_to_gb
from advisor.assemble.model import Fact, Output

COMMANDS = ("machinfo", "kctune")
RELEASES = {"11.31": "11iv3", "11.23": "11iv2"}
_RELEASE = linre.compile(r"\bB\.(\d+\.\d+)\b")
_PERCENT = linre.compile(r"^\s*(\d+(?:\.\d+)?)\s*%\s*$")


def facts(outputs: Iterable[Output], ctx: Context) -> list[Fact]:
    out: list[Fact] = []
    for output in outputs:
        mapper = {"machinfo": _machinfo, "kctune": _kctune}.get(output.command)
        if mapper is not None:
            emit = ctx.emit(output)
            mapper(emit)
            out += emit.facts
    return out


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
    emit.copy("buffer_cache_max_pct", "tunables.dbc_max_pct.value", note="dbc_max_pct (11i v2)")
