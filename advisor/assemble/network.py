"""Ethernet: lsattr -El entN / enN (VIOS lsdev -dev entN -attr), netstat -v / entstat, lsdev adapters.

What an entN is (SEA, link aggregation, physical port, virtual adapter) comes from its lsdev
description, else from its attributes (an SEA has real_adapter/virt_adapters, an aggregation
adapter_names) or its entstat device type.  Counters are taken only from the adapter an entstat
was run for (entstat -all entN repeats other adapters' counters, a moment apart).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, get_args

from advisor.assemble.common import RANK_RUNTIME, Context, Emit, device_of, yes_no
from advisor.assemble.devices import LINK_AGGREGATION, PHYSICAL_ETH, SEA, VIRTUAL_ETH, Device, classify, inventory
from advisor.assemble.model import Fact, Output
from advisor.documents.network import LinkAggregation, Sea
from advisor.parsers.base import was_cut

COMMANDS = ("lsdev -type adapter", "lsattr -El entN", "lsattr -El enN", "netstat -v")
SEA_ATTRS = frozenset({"real_adapter", "virt_adapters", "pvid_adapter", "ha_mode", "ctl_chan"})
BUFFER_SIZES = ("tiny", "small", "medium", "large", "huge")


def _choices(model, field: str) -> set[str]:
    annotation = model.model_fields[field].annotation
    return {a for arg in get_args(annotation) for a in (get_args(arg) or (arg,)) if isinstance(a, str)}


HA_MODES = _choices(Sea, "ha_mode")
LA_MODES = _choices(LinkAggregation, "mode")
HASH_MODES = _choices(LinkAggregation, "hash_mode")


def facts(outputs: Iterable[Output], ctx: Context) -> list[Fact]:
    outputs = list(outputs)
    devices = inventory(outputs)
    out: list[Fact] = []
    for output in outputs:
        emit = ctx.emit(output)
        if output.command == "lsdev -type adapter":
            _listing(emit)
        elif output.command == "lsattr -El":
            device = device_of(output)
            if device and device.startswith("ent"):
                _ent_attributes(emit, device, devices.get(device))
            elif device and device.startswith("en") and device[2:].isdigit():
                _interface(emit, device, devices.get("ent" + device[2:]))
        elif output.command == "netstat -v":
            _statistics(emit, devices)
        out += emit.facts
    return out


def _list_path(category: str) -> str | None:
    return {
        SEA: "network.seas",
        LINK_AGGREGATION: "network.link_aggregations",
        VIRTUAL_ETH: "network.virtual_adapters",
    }.get(category) or ("network.physical_ports" if category in PHYSICAL_ETH else None)


def _listing(emit: Emit) -> None:
    for i, row in enumerate(emit.data.get("adapters") or []):
        name = row.get("name") or ""
        path = _list_path(classify(name, row.get("description") or "")[0])
        if path:
            emit.fact(f"{path}[{name}].name", name, f"adapters.{i}.name")


def _first_key(emit: Emit) -> str:
    prov = emit.output.result.provenance
    return min(prov, key=lambda k: prov[k].line_no) if prov else ""


def _flag(emit: Emit, path: str, key: str) -> None:
    raw = emit.get(key)
    if raw is None:
        return
    value = yes_no(raw)
    if value is None:
        emit.note(f"{key}={raw!r} is not a yes/no value; {path} left out", key)
    else:
        emit.fact(path, value, key, note=f"{key}={raw}")


def _choice(emit: Emit, path: str, key: str, allowed: set[str]) -> None:
    raw = emit.get(key)
    if raw is None:
        return
    if raw in allowed:
        emit.fact(path, raw, key)
    else:
        emit.note(f"{key}={raw!r} is not one of {sorted(allowed)}; {path} left out", key)


def _ent_attributes(emit: Emit, device: str, known: Device | None) -> None:
    category = known.category if known else None
    data = emit.data
    if category == SEA or (category is None and SEA_ATTRS & set(data)):
        base = f"network.seas[{device}]"
        emit.fact(f"{base}.name", device, _first_key(emit))
        _choice(emit, f"{base}.ha_mode", "ha_mode", HA_MODES)
        for attr in ("accounting", "largesend", "large_receive", "jumbo_frames"):
            _flag(emit, f"{base}.{attr}", attr)
    elif category == LINK_AGGREGATION or (category is None and "adapter_names" in data and "mode" in data):
        base = f"network.link_aggregations[{device}]"
        emit.fact(f"{base}.name", device, _first_key(emit))
        names = emit.get("adapter_names")
        if isinstance(names, str) and names.strip():
            emit.fact(f"{base}.adapters", [n for n in names.split(",") if n], "adapter_names")
        _choice(emit, f"{base}.mode", "mode", LA_MODES)
        _choice(emit, f"{base}.hash_mode", "hash_mode", HASH_MODES)
        _flag(emit, f"{base}.use_jumbo_frame", "use_jumbo_frame")
    elif category == VIRTUAL_ETH or (category is None and any(k.startswith("min_buf_") for k in data)):
        base = f"network.virtual_adapters[{device}]"
        emit.fact(f"{base}.name", device, _first_key(emit))
        for size in BUFFER_SIZES:
            emit.copy(f"{base}.buffers.{size}.min_buffers", f"min_buf_{size}")
            emit.copy(f"{base}.buffers.{size}.max_buffers", f"max_buf_{size}")
    elif category in PHYSICAL_ETH:
        base = f"network.physical_ports[{device}]"
        emit.fact(f"{base}.name", device, _first_key(emit))
        for attr, field in (
            ("large_send", "large_send"),
            ("large_receive", "large_receive"),
            ("jumbo_frames", "jumbo_frames"),
            ("flow_ctrl", "flow_control"),
        ):
            _flag(emit, f"{base}.{field}", attr)
    else:
        emit.note(
            f"{device}: cannot tell what kind of Ethernet adapter it is (no lsdev description); "
            "its attributes are not mapped"
        )


def _interface(emit: Emit, device: str, adapter: Device | None) -> None:
    base = f"network.interfaces[{device}]"
    emit.fact(f"{base}.name", device, _first_key(emit))
    emit.copy(f"{base}.mtu", "mtu")
    _flag(emit, f"{base}.mtu_bypass", "mtu_bypass")
    raw = emit.get("rfc1323")
    if raw is not None and yes_no(raw) is not None:  # empty = the system-wide no -o rfc1323 applies
        emit.fact(f"{base}.rfc1323", yes_no(raw), "rfc1323", note=f"rfc1323={raw} on the interface")
    if adapter is not None and adapter.category in (VIRTUAL_ETH, *PHYSICAL_ETH):
        key = f"adapters.{adapter.index}.description"
        sub = Context(emit.kind).emit(adapter.output)
        sub.fact(f"{base}.virtual", adapter.category == VIRTUAL_ETH, key, note=f"{adapter.name}: {adapter.description}")
        emit.facts += sub.facts


def _statistics(emit: Emit, devices: dict[str, Device]) -> None:
    adapters: dict[str, Any] = emit.data.get("adapters") or {}
    wanted = device_of(emit.output)
    for name, block in adapters.items():
        device_type = str(block.get("device_type") or block.get("specific", {}).get("type") or "")
        category = devices[name].category if name in devices else classify(name, device_type)[0]
        if category == SEA:
            _sea_vlans(emit, name, adapters)
        if wanted is not None and name != wanted:
            continue
        key = f"adapters.{name}"
        if category == VIRTUAL_ETH:
            base = f"network.virtual_adapters[{name}]"
            emit.fact(
                f"{base}.name",
                name,
                f"{key}.device_type" if block.get("device_type") else _first_key(emit),
                rank=RANK_RUNTIME,
            )
            emit.copy(f"{base}.packets_dropped", f"{key}.receive.packets_dropped", rank=RANK_RUNTIME)
            emit.copy(f"{base}.no_resource_errors", f"{key}.receive.no_resource_errors", rank=RANK_RUNTIME)
            emit.copy(
                f"{base}.hypervisor_receive_failures", f"{key}.specific.hypervisor_receive_failures", rank=RANK_RUNTIME
            )
            emit.copy(f"{base}.hypervisor_send_failures", f"{key}.specific.hypervisor_send_failures", rank=RANK_RUNTIME)
            for size in BUFFER_SIZES:
                for field in ("min_buffers", "max_buffers", "max_allocated"):
                    emit.copy(
                        f"{base}.buffers.{size}.{field}", f"{key}.receive_buffers.{size}.{field}", rank=RANK_RUNTIME
                    )
        elif category in PHYSICAL_ETH:
            base = f"network.physical_ports[{name}]"
            emit.fact(f"{base}.name", name, f"{key}.device_type", rank=RANK_RUNTIME)
            emit.copy(
                f"{base}.speed_gbps",
                f"{key}.general.adapter_data_rate_mbps",
                rank=RANK_RUNTIME,
                convert=lambda mbps: mbps / 1000,
                note="Mbps / 1000",
            )


def _sea_vlans(emit: Emit, sea: str, adapters: dict[str, Any]) -> None:
    """VLANs an SEA bridges: PVIDs and VLAN tags of the trunk adapters its entstat -all lists (all of them: an
    output cut short may have lost a trunk adapter or the end of an id list, so it gives no list)."""
    if was_cut(emit.output.result):
        emit.note(f"entstat is cut short (its last line has no line end): the VLANs of {sea} are not listed from it")
        return
    vlans: set[int] = set()
    first = None
    for name, block in adapters.items():
        specific = block.get("specific") or {}
        if specific.get("trunk_adapter") is not True:
            continue
        missing = [f for f in ("port_vlan_id", "vlan_tag_ids") if f not in specific]
        if missing:  # entstat prints both for every trunk adapter ("VLAN Tag IDs: None"): one was left out
            emit.note(
                f"trunk adapter {name} of {sea} has no readable {missing[0]}: the VLANs of {sea} are not listed",
                f"adapters.{name}.specific.trunk_adapter",
            )
            return
        for field in ("port_vlan_id", "vlan_tag_ids"):
            raw = specific.get(field)
            ids = [raw] if isinstance(raw, int) else [int(x) for x in str(raw).split() if x.isascii() and x.isdigit()]
            if ids and first is None:
                first = f"adapters.{name}.specific.{field}"
            vlans.update(ids)
    if first is not None:
        emit.fact(
            f"network.seas[{sea}].vlans",
            sorted(vlans),
            first,
            rank=RANK_RUNTIME,
            note="Port VLAN IDs and VLAN Tag IDs of the SEA's trunk adapters",
        )
