"""VIOS `lsmap -all` and `lsmap -all -npiv` to vios fields.

- ``lsmap -all``: each hdisk that backs a virtual target device is a disk the VIOS sees
  (``storage.disks[hdiskN].name``).  How many VIOS map the same LUN (``mapped_through_vios``) needs
  every VIOS's lsmap and the LUN ids: one VIOS's listing cannot say, so a note says so.
- ``lsmap -all -npiv``: ``adapters.npiv_vfc_adapters`` counts the vfchost adapters, mapped or not (the
  listing shows every one); ``storage.fc_ports[fcsN].npiv_clients`` counts the vfchost adapters
  mapped to each port that has any.
"""

from __future__ import annotations

from collections.abc import Iterable

from advisor import linre
from advisor.assemble.common import Context
from advisor.assemble.model import Fact, Output
from advisor.parsers.base import was_cut

COMMANDS = ("lsmap -all",)
_HDISK = linre.compile(r"hdisk\d{1,5}")


def facts(outputs: Iterable[Output], ctx: Context) -> list[Fact]:
    out: list[Fact] = []
    for output in outputs:
        if output.command not in COMMANDS:
            continue
        emit = ctx.emit(output)
        disks = [(n, r["backing_device"]) for n, r in enumerate(emit.get("vtds") or []) if "backing_device" in r]
        for n, device in disks:
            if _HDISK.fullmatch(device):
                emit.fact(f"storage.disks[{device}].name", device, f"vtds.{n}.backing_device", note="backs a VTD")
        if any(_HDISK.fullmatch(d) for _, d in disks):
            emit.note(
                "lsmap -all of one VIOS cannot tell through how many VIOS a LUN is mapped "
                "(storage.disks[].mapped_through_vios); state it from both VIOS's listings",
                f"vtds.{disks[0][0]}.backing_device",
            )
        vfchosts = emit.get("vfchosts") or []
        if (vfchosts or emit.get("fc_mappings")) and was_cut(output.result):
            emit.note("lsmap -all -npiv is cut short (its last line has no line end): no vfchost counts from it")
            out += emit.facts
            continue
        if vfchosts:
            emit.fact(
                "adapters.npiv_vfc_adapters",
                len(vfchosts),
                "vfchosts.0.name",
                note=f"{len(vfchosts)} vfchost adapters, mapped or not",
            )
        ports: dict[str, list[int]] = {}
        for n, row in enumerate(emit.get("fc_mappings") or []):
            ports.setdefault(row["fc_name"], []).append(n)
        for port, rows in sorted(ports.items()):
            emit.fact(
                f"storage.fc_ports[{port}].npiv_clients",
                len(rows),
                f"fc_mappings.{rows[0]}.fc_name",
                note=f"{len(rows)} vfchost adapters mapped to {port}",
            )
        out += emit.facts
    return out
