"""Disks and Fibre Channel: lsdev -type disk, lsattr -El hdiskN / fcsN, lslpp -l (SDDPCM).

List elements are named by device (``storage.disks[hdisk3].queue_depth``); the merge turns them into
list items with ``name``.  Client (aix-lpar) FC adapters are the NPIV virtual ones; VIOS FC ports the
physical ones, told apart by the lsdev description.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import get_args

from advisor.assemble.common import Context, Emit, device_of, hex_bytes_to_kb
from advisor.assemble.devices import FC, VFC_CLIENT, Device, classify, inventory
from advisor.assemble.model import Fact, Output
from advisor.documents.storage import PathAlgorithm, ReservePolicy
from advisor.parsers.base import was_cut

COMMANDS = ("lsdev -type disk", "lsdev -type adapter", "lsattr -El hdiskN", "lsattr -El fcsN", "lslpp -l")
RESERVE_POLICIES = set(get_args(ReservePolicy))
PATH_ALGORITHMS = set(get_args(PathAlgorithm))


def facts(outputs: Iterable[Output], ctx: Context) -> list[Fact]:
    outputs = list(outputs)
    devices = inventory(outputs)
    out: list[Fact] = []
    for output in outputs:
        emit = ctx.emit(output)
        if output.command == "lsdev -type disk":
            _disks(emit)
        elif output.command == "lsdev -type adapter":
            _fc_listing(emit)
        elif output.command == "lsattr -El":
            device = device_of(output)
            if device and device.startswith("hdisk"):
                _disk_attributes(emit, device)
            elif device and device.startswith("fcs"):
                _fc_attributes(emit, device, devices.get(device))
        elif output.command == "lslpp -l":
            _sddpcm(emit)
        out += emit.facts
    return out


def _disks(emit: Emit) -> None:
    for i, row in enumerate(emit.data.get("disks") or []):
        name = row.get("name")
        if not name:
            continue
        base = f"storage.disks[{name}]"
        emit.fact(f"{base}.name", name, f"disks.{i}.name")
        description = row.get("description")
        if description:
            emit.fact(f"{base}.description", description, f"disks.{i}.description")
            transport = _transport(description, emit.kind)
            if transport:
                emit.fact(
                    f"{base}.transport", transport, f"disks.{i}.description", note=f"{transport} from the description"
                )


def _transport(description: str, kind: str) -> str | None:
    """Only what the description settles: a client's FC LUN may come through NPIV or a physical port."""
    low = description.lower()
    if "virtual scsi" in low:
        return "vscsi"
    if "sas" in low.split() or low.startswith("sas "):
        return "sas"
    if kind == "vios" and ("fc" in low.split() or "fibre" in low):
        return "fc"  # a VIOS reaches its LUNs through its own physical FC ports
    return None


def _disk_attributes(emit: Emit, device: str) -> None:
    base = f"storage.disks[{device}]"
    emit.fact(f"{base}.name", device, _any_key(emit))
    emit.copy(f"{base}.queue_depth", "queue_depth")
    _kb(emit, f"{base}.max_transfer_kb", "max_transfer")
    policy = emit.get("reserve_policy")
    if policy is not None:
        if policy in RESERVE_POLICIES:
            emit.fact(f"{base}.reserve_policy", policy, "reserve_policy")
        else:
            emit.note(f"reserve_policy {policy!r} is not one the document knows; left out", "reserve_policy")
    algorithm = emit.get("algorithm")
    if algorithm is not None:
        if algorithm in PATH_ALGORITHMS:
            emit.fact(f"{base}.algorithm", algorithm, "algorithm")
        else:
            emit.note(f"algorithm {algorithm!r} is not one the document knows; left out", "algorithm")
    pvid = emit.get("pvid")
    if isinstance(pvid, str) and pvid.strip().lower() not in {"", "none"}:
        emit.fact(f"{base}.pvid", pvid.strip(), "pvid")


def _fc_attributes(emit: Emit, device: str, known: Device | None) -> None:
    if known is None or known.category not in (FC, VFC_CLIENT):
        emit.note(
            f"{device}: no lsdev description tells whether it is a virtual (NPIV) or a physical FC adapter; "
            "its attributes are not mapped"
        )
        return
    if known.category == VFC_CLIENT:
        base = f"storage.vfc_adapters[{device}]"
        emit.fact(f"{base}.name", device, _any_key(emit))
        emit.copy(f"{base}.num_cmd_elems", "num_cmd_elems")
        _kb(emit, f"{base}.max_xfer_size_kb", "max_xfer_size")
    else:
        base = f"storage.fc_ports[{device}]"
        emit.fact(f"{base}.name", device, _any_key(emit))
        emit.copy(f"{base}.num_cmd_elems", "num_cmd_elems")
        _kb(emit, f"{base}.max_xfer_size_kb", "max_xfer_size")


def _fc_listing(emit: Emit) -> None:
    """FC adapters the adapter listing names, even without their lsattr: names and (VIOS) port speeds."""
    for i, row in enumerate(emit.data.get("adapters") or []):
        name = row.get("name") or ""
        category, speed = classify(name, row.get("description") or "")
        if category == VFC_CLIENT:
            emit.fact(f"storage.vfc_adapters[{name}].name", name, f"adapters.{i}.name")
        elif category == FC:
            base = f"storage.fc_ports[{name}]"
            emit.fact(f"{base}.name", name, f"adapters.{i}.name")
            emit.fact(f"{base}.speed_gbps", speed, f"adapters.{i}.description", note="speed in the description")


def _kb(emit: Emit, path: str, key: str) -> None:
    raw = emit.get(key)
    if raw is None:
        return
    kb = hex_bytes_to_kb(raw)
    if kb is None:
        emit.note(f"{key}={raw!r} is not a byte count in whole KiB; {path} left out", key)
    else:
        emit.fact(path, kb, key, note=f"{raw} bytes / 1024")


def _any_key(emit: Emit) -> str:
    """The first attribute line: what an lsattr output's device name is quoted with."""
    prov = emit.output.result.provenance
    return min(prov, key=lambda k: prov[k].line_no) if prov else ""


def _sddpcm(emit: Emit) -> None:
    """wpar.sddpcm_installed: a listed sddpcm fileset, or lslpp's "not installed" for an sddpcm pattern."""
    filesets = emit.data.get("filesets") or []
    hits = [i for i, f in enumerate(filesets) if "sddpcm" in str(f.get("name", "")).lower()]
    if hits:
        emit.fact("wpar.sddpcm_installed", True, f"filesets.{hits[0]}.name")
        return
    patterns = emit.data.get("not_installed") or []
    if any("sddpcm" in str(p).lower() for p in patterns):
        emit.fact("wpar.sddpcm_installed", False, "not_installed", note="lslpp: fileset not installed")
        return
    line = emit.output.result.command_line
    if (
        line is not None
        and line.split("|")[0].split() == ["lslpp", "-l"]
        and filesets
        and not was_cut(emit.output.result)
    ):
        emit.fact(
            "wpar.sddpcm_installed", False, "filesets.0.name", note="the full lslpp -l listing has no sddpcm fileset"
        )
