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
        names = [str(row.get("name")) for row in vfchosts]
        if len(set(names)) < len(names) and not _repeats_agree(vfchosts):
            emit.note(
                "lsmap -all -npiv lists a vfchost twice with different values: not one listing; no vfchost counts",
                "vfchosts.0.name",
            )
            out += emit.facts
            continue
        if len(set(names)) < len(names):
            emit.note(
                f"lsmap -all -npiv lists {len(names) - len(set(names))} vfchost adapters again (the listing pasted "
                "twice?): each is counted once",
                "vfchosts.0.name",
            )
        if vfchosts:
            emit.fact(
                "adapters.npiv_vfc_adapters",
                len(set(names)),
                "vfchosts.0.name",
                note=f"{len(set(names))} vfchost adapters, mapped or not",
            )
        ports: dict[str, dict[str, int]] = {}  # port -> {vfchost: first fc_mappings row}
        for n, row in enumerate(emit.get("fc_mappings") or []):
            ports.setdefault(row["fc_name"], {}).setdefault(row["vfchost"], n)
        for port, hosts in sorted(ports.items()):
            emit.fact(
                f"storage.fc_ports[{port}].npiv_clients",
                len(hosts),
                f"fc_mappings.{min(hosts.values())}.fc_name",
                note=f"{len(hosts)} vfchost adapters mapped to {port}",
            )
        out += emit.facts
    return out


def _repeats_agree(rows: list[dict]) -> bool:
    """Every vfchost listed more than once is listed with the same values each time."""
    first: dict[str, dict] = {}
    return all(first.setdefault(str(row.get("name")), row) == row for row in rows)
