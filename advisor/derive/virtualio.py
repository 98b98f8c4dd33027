"""Derived values for virtual I/O: VIOS, storage (vSCSI, NPIV, SSP), networking and WPARs.

Rules cannot read lists, so each check over disks, ports, adapters or WPARs is a derived
list of the offending items (for the message) plus its `_count` (for the condition).

A list check needs every item it judges to state the attributes it judges by: an item
that leaves one out makes the whole value Missing with that item's path, so the rule is
"not assessed" rather than passing on half the evidence.

On a managed-system the frame unit adds what no single partition can see: the VIOS count,
client vs VIOS settings of the same disk or NPIV port, and clients per physical FC port.
Those cross checks only use the evidence a partition's own check did not already judge
(a client that states its VIOS's values is judged on the client), so one problem is
reported once.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from advisor.calculators import veth_buffers
from advisor.citations import Cite
from advisor.derive import Missing, derivation, get_path, list_derivation, need

R = "ibm-powervm-virtualization-redbook"


def _cite(section: str, locator: str | None = None) -> tuple[Cite, ...]:
    return (Cite(source=R, section=section, locator=locator),)


PROC = _cite("3.5.1 VIOS processor assignment", "Table 3-9")
PAIRS = _cite("3.5.3 Number of VIOS")
DRIVERS = _cite("3.5.4 VIOS updates and drivers", "Example 3-24")
VSCSI = _cite("3.6.1 Virtual SCSI")
SSP = _cite("3.6.2 Shared storage pools")
NPIV = _cite("3.6.3 N_Port Virtualization")
SEA_TABLE = _cite("3.7.8 SEA conclusion", "Table 3-10")
SEA_TUNABLES = _cite("3.7.12 Tunables")
HYP_LAN = _cite("3.7.10 Tuning the hypervisor LAN", "Table 3-11")
STACK_10G = _cite("3.8 PowerVM virtualization stack configuration with 10 Gbit")
WPAR = _cite("3.9.2 WPAR storage")

GENERIC_DISK = "other fc scsi disk drive"  # "MPIO Other FC SCSI Disk Drive" / "Other FC SCSI Disk Drive"
VSCSI_DESCRIPTION = "virtual scsi disk drive"
VSCSI_DEFAULT_QUEUE_DEPTH = 3
NPIV_MIN_SPEED_GBPS = 8
INTERNAL_VLAN_MTU = 65390


# ---------------------------------------------------------------- helpers


def _listed(doc, path: str) -> list:
    (items,) = need(doc, path)
    return items


def _require(pairs: Iterable[tuple[str, Any]], *attrs: str) -> None:
    """Missing with `<path>.<attr>` for every (path, item) that leaves one of `attrs` out."""
    missing = [f"{path}.{a}" for path, item in pairs for a in attrs if getattr(item, a) is None]
    if missing:
        raise Missing(missing)


def _indexed(items: list, path: str) -> list[tuple[str, Any]]:
    return [(f"{path}[{i}]", item) for i, item in enumerate(items)]


def _partitions(doc, kind: str) -> list[tuple[str, Any]]:
    return [(f"partitions[{i}]", p) for i, p in enumerate(_listed(doc, "partitions")) if p.kind == kind]


def _is_vscsi(disk) -> bool:
    """transport vscsi, or no transport and the client's vSCSI description."""
    return disk.transport == "vscsi" or (
        disk.transport is None and (disk.description or "").lower() == VSCSI_DESCRIPTION
    )


def _vscsi_disks(doc) -> list[tuple[str, Any]]:
    """A client's virtual SCSI disks; a disk with neither transport nor description is Missing."""
    disks = _indexed(_listed(doc, "storage.disks"), "storage.disks")
    _require([(p, d) for p, d in disks if d.transport is None and d.description is None], "transport")
    return [(p, d) for p, d in disks if _is_vscsi(d)]


def _client_items(doc, field: str) -> list[tuple[Any, Any]]:
    """(client partition, item) for every item of `storage.<field>` of the aix-lpar partitions of a frame."""
    return [
        (lpar, item) for _, lpar in _partitions(doc, "aix-lpar") for item in (get_path(lpar, f"storage.{field}") or [])
    ]


def _mismatch(label: str, here: dict[str, Any], there: dict[str, Any], where: str) -> str | None:
    diffs = [
        f"{k} {here[k]} vs {there[k]}"
        for k in here
        if here[k] is not None and there.get(k) is not None and here[k] != there[k]
    ]
    return f"{label}: {', '.join(diffs)} on {where}" if diffs else None


# ---------------------------------------------------------------- VIOS


@derivation(
    "vios_entc_avg_pct",
    kinds=("vios",),
    type="number",
    unit="%",
    description="Average processor consumption of the VIOS as a share of its entitled capacity.",
    cite=PROC,
    needs=("usage.physc_avg", "cpu.entitled_capacity"),
)
def vios_entc_avg_pct(doc) -> float | None:
    physc, ec = need(doc, "usage.physc_avg", "cpu.entitled_capacity")
    return round(physc / ec * 100, 2) if ec else None


@derivation(
    "vios_busy_pct",
    kinds=("vios",),
    type="number",
    unit="%",
    description="Peak processor consumption of the VIOS as a share of what it can consume: virtual processors "
    "(uncapped shared or dedicated), entitled capacity (capped shared).",
    cite=SEA_TABLE,
    needs=("usage.physc_peak", "cpu.mode"),
)
def vios_busy_pct(doc) -> float | None:
    physc, mode = need(doc, "usage.physc_peak", "cpu.mode")
    if mode == "shared":
        (sharing,) = need(doc, "cpu.sharing")
        (capacity,) = need(doc, "cpu.entitled_capacity" if sharing == "capped" else "cpu.virtual_processors")
    else:
        (capacity,) = need(doc, "cpu.virtual_processors")
    return round(physc / capacity * 100, 2) if capacity else None


@derivation(
    "vios_count",
    kinds=("vios", "managed-system"),
    type="number",
    unit="count",
    description="VIOS serving the clients: on a VIOS 2 with a redundant partner, else 1; on a managed system "
    "the VIOS partitions it lists.",
    cite=PAIRS,
)
def vios_count(doc) -> int:
    if doc.kind == "vios":
        (pair,) = need(doc, "redundant_pair")
        return 2 if pair else 1
    return len(_partitions(doc, "vios"))


@derivation(
    "runs_production",
    kinds=("vios", "managed-system"),
    type="bool",
    description="The VIOS (or any partition of the managed system) is in the production environment.",
    cite=PAIRS,
)
def runs_production(doc) -> bool | None:
    if doc.kind == "vios":
        (env,) = need(doc, "environment")
        return env == "production"
    envs = [p.environment for p in _listed(doc, "partitions") if p.environment is not None]
    return ("production" in envs) if envs else None


@list_derivation(
    "generic_mpio_disks",
    kinds=("vios", "aix-lpar"),
    description='Disks configured with the generic "Other FC SCSI Disk Drive" ODM definition '
    "(no vendor device driver).",
    cite=DRIVERS,
    needs=("storage.disks",),
)
def generic_mpio_disks(doc) -> list[str]:
    disks = _indexed(_listed(doc, "storage.disks"), "storage.disks")
    _require(disks, "description")
    return [f"{d.name} ({d.description})" for _, d in disks if GENERIC_DISK in d.description.lower()]


# ---------------------------------------------------------------- storage


@list_derivation(
    "vscsi_default_queue_depth_disks",
    kinds=("aix-lpar",),
    description="Virtual SCSI disks at or below the default queue_depth of 3.",
    cite=_cite("3.6.2 Shared storage pools", "Performance considerations"),
    needs=("storage.disks",),
)
def vscsi_default_queue_depth_disks(doc) -> list[str]:
    disks = _vscsi_disks(doc)
    _require(disks, "queue_depth")
    return [f"{d.name} (queue_depth {d.queue_depth})" for _, d in disks if d.queue_depth <= VSCSI_DEFAULT_QUEUE_DEPTH]


def _vios_disks(doc) -> dict[tuple[str, str], Any]:
    """The disks of a frame's VIOS partitions by (VIOS name, device name)."""
    return {(v.name, d.name): d for _, v in _partitions(doc, "vios") for d in (get_path(v, "storage.disks") or [])}


@list_derivation(
    "vscsi_vios_mismatches",
    kinds=("aix-lpar", "managed-system"),
    description="Virtual SCSI disks whose queue_depth or max_transfer differ between the client and the "
    "backing device on a VIOS.",
    cite=VSCSI,
    needs={"aix-lpar": ("storage.disks",)},
)
def vscsi_vios_mismatches(doc) -> list[str]:
    out = []
    if doc.kind == "aix-lpar":
        disks = _vscsi_disks(doc)
        stated = [
            (p, d, b)
            for p, d in disks
            for b in (d.backing or [])
            if b.queue_depth is not None or b.max_transfer_kb is not None
        ]
        if disks and not stated:
            raise Missing([f"{p}.backing" for p, _ in disks])
        for path, d, b in stated:
            _require([(path, d)], *[a for a in ("queue_depth", "max_transfer_kb") if getattr(b, a) is not None])
            where = f"{b.vios} ({b.device})" if b.device else b.vios
            out.append(
                _mismatch(
                    d.name,
                    {"queue_depth": d.queue_depth, "max_transfer_kb": d.max_transfer_kb},
                    {"queue_depth": b.queue_depth, "max_transfer_kb": b.max_transfer_kb},
                    where,
                )
            )
        return [m for m in out if m]
    vios_disks = _vios_disks(doc)
    for lpar, d in _client_items(doc, "disks"):
        for b in (d.backing or []) if _is_vscsi(d) else []:
            if b.queue_depth is not None or b.max_transfer_kb is not None:
                continue  # judged on the client itself
            vd = vios_disks.get((b.vios, b.device))
            if vd is not None:
                out.append(
                    _mismatch(
                        f"{lpar.name} {d.name}",
                        {"queue_depth": d.queue_depth, "max_transfer_kb": d.max_transfer_kb},
                        {"queue_depth": vd.queue_depth, "max_transfer_kb": vd.max_transfer_kb},
                        f"{b.vios} ({vd.name})",
                    )
                )
    return [m for m in out if m]


@list_derivation(
    "dual_vios_reserved_luns",
    kinds=("vios", "managed-system"),
    description="LUNs mapped to a client through two or more VIOS whose reserve_policy is not no_reserve.",
    cite=_cite("3.6.1 Virtual SCSI", "step 3"),
)
def dual_vios_reserved_luns(doc) -> list[str]:
    if doc.kind == "vios":
        disks = _indexed(_listed(doc, "storage.disks"), "storage.disks")
        _require(disks, "mapped_through_vios")
        dual = [(p, d) for p, d in disks if d.mapped_through_vios >= 2]
        _require(dual, "reserve_policy")
        return [
            f"{d.name} (reserve_policy {d.reserve_policy}, mapped through {d.mapped_through_vios} VIOS)"
            for _, d in dual
            if d.reserve_policy != "no_reserve"
        ]
    out: dict[tuple[str, str], str] = {}  # one entry per LUN, however many clients share it
    vios_disks = _vios_disks(doc)
    for lpar, d in _client_items(doc, "disks"):
        paths = len({b.vios for b in d.backing or []})
        for b in d.backing if paths >= 2 else []:
            vd = vios_disks.get((b.vios, b.device))
            if vd is None or vd.mapped_through_vios is not None or vd.reserve_policy in (None, "no_reserve"):
                continue  # unknown here, or judged on the VIOS itself
            out.setdefault(
                (b.vios, vd.name),
                f"{b.vios} {vd.name} (reserve_policy {vd.reserve_policy}; "
                f"{lpar.name} {d.name} is mapped through {paths} VIOS)",
            )
    return list(out.values())


@list_derivation(
    "npiv_vios_mismatches",
    kinds=("aix-lpar", "managed-system"),
    description="NPIV client adapters whose num_cmd_elems or max_xfer_size differ from the physical FC port "
    "on the VIOS.",
    cite=NPIV,
    needs={"aix-lpar": ("storage.vfc_adapters",)},
)
def npiv_vios_mismatches(doc) -> list[str]:
    out = []
    if doc.kind == "aix-lpar":
        adapters = _indexed(_listed(doc, "storage.vfc_adapters"), "storage.vfc_adapters")
        stated = [
            (p, a) for p, a in adapters if a.vios_num_cmd_elems is not None or a.vios_max_xfer_size_kb is not None
        ]
        if adapters and not stated:
            raise Missing([f"{p}.vios_num_cmd_elems" for p, _ in adapters])
        for path, a in stated:
            _require(
                [(path, a)],
                *[
                    x
                    for x, v in (("num_cmd_elems", a.vios_num_cmd_elems), ("max_xfer_size_kb", a.vios_max_xfer_size_kb))
                    if v is not None
                ],
            )
            where = " ".join(x for x in (a.vios, a.vios_port) if x) or "the VIOS"
            out.append(
                _mismatch(
                    a.name,
                    {"num_cmd_elems": a.num_cmd_elems, "max_xfer_size_kb": a.max_xfer_size_kb},
                    {"num_cmd_elems": a.vios_num_cmd_elems, "max_xfer_size_kb": a.vios_max_xfer_size_kb},
                    where,
                )
            )
        return [m for m in out if m]
    ports = {(v.name, p.name): p for _, v in _partitions(doc, "vios") for p in (get_path(v, "storage.fc_ports") or [])}
    for lpar, a in _client_items(doc, "vfc_adapters"):
        if a.vios_num_cmd_elems is not None or a.vios_max_xfer_size_kb is not None:
            continue  # judged on the client itself
        port = ports.get((a.vios, a.vios_port))
        if port is not None:
            out.append(
                _mismatch(
                    f"{lpar.name} {a.name}",
                    {"num_cmd_elems": a.num_cmd_elems, "max_xfer_size_kb": a.max_xfer_size_kb},
                    {"num_cmd_elems": port.num_cmd_elems, "max_xfer_size_kb": port.max_xfer_size_kb},
                    f"{a.vios} {port.name}",
                )
            )
    return [m for m in out if m]


def _npiv_unable(port) -> bool:
    return (port.speed_gbps is not None and port.speed_gbps < NPIV_MIN_SPEED_GBPS) or port.fabric_npiv is False


def _clients_per_port(doc) -> dict[str, dict[str, int]]:
    """Virtual FC clients per physical port, per VIOS: {vios: {port: clients}}."""
    if doc.kind == "vios":
        ports = _indexed(_listed(doc, "storage.fc_ports"), "storage.fc_ports")
        usable = [(p, port) for p, port in ports if not _npiv_unable(port)]
        _require(usable, "npiv_clients")
        return {doc.name: {port.name: port.npiv_clients for _, port in usable}} if usable else {}
    out: dict[str, dict[str, int]] = defaultdict(dict)
    judged = set()
    for _, v in _partitions(doc, "vios"):
        fc = get_path(v, "storage.fc_ports") or []
        if any(p.npiv_clients is not None for p in fc):
            judged.add(v.name)  # the VIOS states its own counts: judged on the VIOS
            continue
        for p in fc:
            if not _npiv_unable(p):
                out[v.name][p.name] = 0
    for _, a in _client_items(doc, "vfc_adapters"):
        if a.vios and a.vios_port and a.vios not in judged:
            out[a.vios][a.vios_port] = out[a.vios].get(a.vios_port, 0) + 1
    return dict(out)


@derivation(
    "npiv_max_clients_per_port",
    kinds=("vios", "managed-system"),
    type="number",
    unit="count",
    description="Most virtual FC clients on one physical FC port.",
    cite=NPIV,
)
def npiv_max_clients_per_port(doc) -> int:
    counts = [n for ports in _clients_per_port(doc).values() for n in ports.values()]
    return max(counts, default=0)


@derivation(
    "npiv_port_client_spread",
    kinds=("vios", "managed-system"),
    type="number",
    unit="count",
    description="Largest difference in virtual FC clients between two NPIV-capable ports of the same VIOS "
    "(0 or 1 = evenly spread).",
    cite=NPIV,
)
def npiv_port_client_spread(doc) -> int:
    return max((max(p.values()) - min(p.values()) for p in _clients_per_port(doc).values() if p), default=0)


@derivation(
    "npiv_clients_by_port",
    kinds=("vios", "managed-system"),
    type="list",
    description="Virtual FC clients per physical port, as `vios port: clients`.",
    cite=NPIV,
)
def npiv_clients_by_port(doc) -> list[str]:
    return [f"{v} {p}: {n}" for v, ports in _clients_per_port(doc).items() for p, n in ports.items()]


@list_derivation(
    "npiv_unsupported_ports",
    kinds=("vios",),
    description="Physical FC ports carrying NPIV clients that cannot do NPIV: slower than 8 Gbit/s, or a "
    "fabric switch port without NPIV.",
    cite=NPIV,
)
def npiv_unsupported_ports(doc) -> list[str]:
    ports = _indexed(_listed(doc, "storage.fc_ports"), "storage.fc_ports")
    _require(ports, "npiv_clients")
    used = [(p, port) for p, port in ports if port.npiv_clients > 0]
    _require([(p, port) for p, port in used if not _npiv_unable(port)], "speed_gbps", "fabric_npiv")
    out = []
    for _, port in used:
        why = []
        if port.speed_gbps is not None and port.speed_gbps < NPIV_MIN_SPEED_GBPS:
            why.append(f"{port.speed_gbps:g} Gbit/s adapter")
        if port.fabric_npiv is False:
            why.append("fabric switch port without NPIV")
        if why:
            out.append(f"{port.name} (virtual FC clients: {port.npiv_clients}; {', '.join(why)})")
    return out


@list_derivation(
    "vfc_partially_zoned",
    kinds=("aix-lpar",),
    description="Virtual FC adapters with fewer than both of their WWPNs zoned to the storage.",
    cite=NPIV,
    needs=("storage.vfc_adapters",),
)
def vfc_partially_zoned(doc) -> list[str]:
    adapters = _indexed(_listed(doc, "storage.vfc_adapters"), "storage.vfc_adapters")
    _require(adapters, "wwpns_zoned")
    return [f"{a.name} ({a.wwpns_zoned} of 2 WWPNs zoned)" for _, a in adapters if a.wwpns_zoned < 2]


def _ssp_disks(doc, *attrs: str) -> list:
    disks = _indexed(_listed(doc, "storage.ssp.disks"), "storage.ssp.disks")
    _require(disks, *attrs)
    return [d for _, d in disks]


@derivation(
    "ssp_lun_sizes_gb",
    kinds=("vios",),
    type="list",
    description="Distinct LUN sizes (GiB) in the shared storage pool.",
    cite=SSP,
)
def ssp_lun_sizes_gb(doc) -> list[float]:
    return sorted({int(d.size_gb) if float(d.size_gb).is_integer() else d.size_gb for d in _ssp_disks(doc, "size_gb")})


@derivation(
    "ssp_lun_size_variants",
    kinds=("vios",),
    type="number",
    unit="count",
    description="Number of distinct LUN sizes in the shared storage pool (1 = all the same).",
    cite=SSP,
)
def ssp_lun_size_variants(doc) -> int:
    return len(ssp_lun_sizes_gb(doc))


@derivation(
    "ssp_lun_setting_variants",
    kinds=("vios",),
    type="number",
    unit="count",
    description="Number of distinct queue_depth/max_transfer combinations among the pool's LUNs.",
    cite=SSP,
)
def ssp_lun_setting_variants(doc) -> int:
    return len({(d.queue_depth, d.max_transfer_kb) for d in _ssp_disks(doc, "queue_depth", "max_transfer_kb")})


# ---------------------------------------------------------------- network


def _seas(doc) -> list[tuple[str, Any]]:
    return _indexed(_listed(doc, "network.seas"), "network.seas")


@list_derivation(
    "seas_without_accounting",
    kinds=("vios",),
    description="Shared Ethernet Adapters with accounting disabled (seastat has no data).",
    cite=_cite("3.7.12 Tunables", "Example 3-36"),
)
def seas_without_accounting(doc) -> list[str]:
    seas = _seas(doc)
    _require(seas, "accounting")
    return [s.name for _, s in seas if not s.accounting]


@list_derivation(
    "seas_failover_multi_vlan",
    kinds=("vios",),
    description="SEAs in plain failover (ha_mode auto or standby) that bridge two or more VLANs.",
    cite=_cite("3.7.8 SEA conclusion", "Table 3-10"),
)
def seas_failover_multi_vlan(doc) -> list[str]:
    seas = _seas(doc)
    _require(seas, "ha_mode")
    failover = [(p, s) for p, s in seas if s.ha_mode in ("auto", "standby")]
    _require(failover, "vlans")
    return [
        f"{s.name} (ha_mode {s.ha_mode}, VLANs {', '.join(str(v) for v in sorted(set(s.vlans)))})"
        for _, s in failover
        if len(set(s.vlans)) >= 2
    ]


@list_derivation(
    "link_aggregations_off_suggestion",
    kinds=("vios",),
    description="Link aggregations not in mode 8023ad with hash_mode src_dst_port (netif_backup "
    "channels are backups, not aggregations, and are left out).",
    cite=SEA_TUNABLES,
)
def link_aggregations_off_suggestion(doc) -> list[str]:
    aggs = _indexed(_listed(doc, "network.link_aggregations"), "network.link_aggregations")
    _require(aggs, "mode")
    aggs = [(p, a) for p, a in aggs if a.mode != "netif_backup"]
    _require(aggs, "hash_mode")
    return [
        f"{a.name} (mode {a.mode}, hash_mode {a.hash_mode})"
        for _, a in aggs
        if a.mode != "8023ad" or a.hash_mode != "src_dst_port"
    ]


@list_derivation(
    "net_offload_gaps",
    kinds=("vios",),
    description="SEA and physical port settings below the suggestion: largesend / large_receive off "
    "(large_receive on 10 Gbit ports only), jumbo frames off where the network takes them.",
    cite=SEA_TUNABLES + STACK_10G,
)
def net_offload_gaps(doc) -> list[str]:
    seas = _indexed(get_path(doc, "network.seas") or [], "network.seas")
    ports = _indexed(get_path(doc, "network.physical_ports") or [], "network.physical_ports")
    if not seas and not ports:
        raise Missing(["network.seas", "network.physical_ports"])
    jumbo = get_path(doc, "network.jumbo_frames_supported") is True
    _require(seas, "largesend", "large_receive", *(("jumbo_frames",) if jumbo else ()))
    _require(ports, "large_send", *(("jumbo_frames",) if jumbo else ()))
    _require([(p, port) for p, port in ports if port.large_receive is not True], "speed_gbps")
    _require([(p, port) for p, port in ports if (port.speed_gbps or 0) >= 10], "large_receive")
    out = []
    for _, s in seas:
        off = [a for a in ("largesend", "large_receive") if not getattr(s, a)] + (
            ["jumbo_frames"] if jumbo and not s.jumbo_frames else []
        )
        if off:
            out.append(f"SEA {s.name}: {', '.join(off)} off")
    for _, port in ports:
        off = ["large_send"] if not port.large_send else []
        if port.large_receive is False and port.speed_gbps >= 10:
            off.append("large_receive")
        if jumbo and not port.jumbo_frames:
            off.append("jumbo_frames")
        if off:
            out.append(f"port {port.name}: {', '.join(off)} off")
    return out


@list_derivation(
    "interfaces_without_mtu_bypass",
    kinds=("aix-lpar",),
    description="Interfaces on virtual Ethernet without largesend (mtu_bypass off).",
    cite=HYP_LAN,
    needs=("network.interfaces",),
)
def interfaces_without_mtu_bypass(doc) -> list[str]:
    ifs = _indexed(_listed(doc, "network.interfaces"), "network.interfaces")
    _require(ifs, "virtual")
    virtual = [(p, i) for p, i in ifs if i.virtual]
    _require(virtual, "mtu_bypass")
    return [i.name for _, i in virtual if not i.mtu_bypass]


@list_derivation(
    "internal_interfaces_untuned",
    kinds=("aix-lpar",),
    description="Interfaces on a partition-only VLAN without the tested tuning (mtu 65390, rfc1323 on).",
    cite=HYP_LAN,
    needs=("network.interfaces",),
)
def internal_interfaces_untuned(doc) -> list[str]:
    ifs = _indexed(_listed(doc, "network.interfaces"), "network.interfaces")
    _require(ifs, "internal_only")
    internal = [(p, i) for p, i in ifs if i.internal_only]
    _require(internal, "mtu", "rfc1323")
    return [
        f"{i.name} (mtu {i.mtu}, rfc1323 {'on' if i.rfc1323 else 'off'})"
        for _, i in internal
        if i.mtu < INTERNAL_VLAN_MTU or not i.rfc1323
    ]


def _veth_adapters(doc) -> list[tuple[str, Any]]:
    return _indexed(_listed(doc, "network.virtual_adapters"), "network.virtual_adapters")


def _pools(adapter) -> list[tuple[str, Any]]:
    buffers = adapter.buffers
    return [
        (n, getattr(buffers, n)) for n in veth_buffers.POOLS if buffers is not None and getattr(buffers, n) is not None
    ]


@list_derivation(
    "veth_buffer_shortages",
    kinds=("aix-lpar", "vios"),
    description="Virtual Ethernet buffer shortages: pools whose Max Allocated reached Max Buffers, and "
    "adapters with Hypervisor Receive Failures or No Resource Errors.",
    cite=_cite("3.7.11 Dealing with dropped packets on the hypervisor network", "Example 3-32"),
    needs=("network.virtual_adapters",),
)
def veth_buffer_shortages(doc) -> list[str]:
    out, missing = [], []
    for path, a in _veth_adapters(doc):
        pools = [(n, p) for n, p in _pools(a) if p.max_buffers is not None and p.max_allocated is not None]
        counters = {
            "Hypervisor Receive Failures": a.hypervisor_receive_failures,
            "No Resource Errors": a.no_resource_errors,
        }
        if not pools and None in counters.values():
            missing += [f"{path}.buffers", f"{path}.hypervisor_receive_failures", f"{path}.no_resource_errors"]
            continue
        for name, p in pools:
            if veth_buffers.exhausted(p.max_buffers, p.max_allocated):
                out.append(
                    f"{a.name} {name} buffers: Max Allocated {p.max_allocated} reached Max Buffers {p.max_buffers}"
                )
        hits = [f"{k} {v}" for k, v in counters.items() if v]
        if hits:
            out.append(f"{a.name}: {', '.join(hits)}")
    if missing:
        raise Missing(missing)
    return out


@derivation(
    "veth_buffer_changes",
    kinds=("aix-lpar", "vios"),
    type="list",
    description="Buffer attributes to set per adapter (3.8 items 6-7): Max Buffers to the limit where "
    "exhausted, Min Buffers above Max Allocated.",
    cite=veth_buffers.CITE,
    needs=("network.virtual_adapters",),
)
def veth_buffer_changes(doc) -> list[str]:
    out = []
    for _, a in _veth_adapters(doc):
        attrs = [
            adv.attributes
            for n, p in _pools(a)
            if None not in (p.min_buffers, p.max_buffers, p.max_allocated)
            and (adv := veth_buffers.advise(n, p.min_buffers, p.max_buffers, p.max_allocated))
        ]
        if attrs:
            out.append(f"{a.name}: {' '.join(attrs)}")
    return out


def _vios_adapter_total(doc, field: str) -> int:
    if doc.kind == "vios":
        (n,) = need(doc, f"adapters.{field}")
        return n
    values = [(f"{p}.adapters.{field}", get_path(v, f"adapters.{field}")) for p, v in _partitions(doc, "vios")]
    missing = [p for p, n in values if n is None]
    if missing:
        raise Missing(missing)
    return sum(n for _, n in values)


@derivation(
    "eth_10g_ports",
    kinds=("vios", "managed-system"),
    type="number",
    unit="count",
    description="10 Gbit Ethernet ports of the VIOS (on a managed system: of all its VIOS).",
    cite=STACK_10G,
)
def eth_10g_ports(doc) -> int:
    return _vios_adapter_total(doc, "eth_10g_ports")


@derivation(
    "eth_1g_ports",
    kinds=("vios", "managed-system"),
    type="number",
    unit="count",
    description="1 Gbit Ethernet ports of the VIOS (on a managed system: of all its VIOS).",
    cite=STACK_10G,
)
def eth_1g_ports(doc) -> int:
    return _vios_adapter_total(doc, "eth_1g_ports")


@derivation(
    "eth_10g_ports_per_two_cores",
    kinds=("vios", "managed-system"),
    type="number",
    unit="ports per 2 cores",
    description="10 Gbit Ethernet ports per two processor cores of the system (1 = the guideline's limit).",
    cite=STACK_10G,
)
def eth_10g_ports_per_two_cores(doc) -> float | None:
    (cores,) = need(doc, "system_cores" if doc.kind == "vios" else "cores")
    return round(eth_10g_ports(doc) * 2 / cores, 3) if cores else None


@derivation(
    "eth_10g_adapters_per_io_chip_max",
    kinds=("vios", "managed-system"),
    type="number",
    unit="count",
    description="Most 10 Gbit Ethernet adapters behind one I/O chip (VIOS only; a managed system leaves it "
    "to its VIOS).",
    cite=STACK_10G,
)
def eth_10g_adapters_per_io_chip_max(doc) -> int | None:
    if doc.kind != "vios":
        return None
    ports = _indexed(_listed(doc, "network.physical_ports"), "network.physical_ports")
    _require(ports, "speed_gbps")
    fast = [(p, port) for p, port in ports if port.speed_gbps >= 10]
    _require(fast, "adapter", "io_chip")
    chips = Counter(chip for chip, _ in {(port.io_chip, port.adapter) for _, port in fast})
    return max(chips.values(), default=0)


@list_derivation(
    "eth_ports_flow_control_off",
    kinds=("vios", "managed-system"),
    description="Physical Ethernet ports with flow control off (VIOS only).",
    cite=STACK_10G,
)
def eth_ports_flow_control_off(doc) -> list[str] | None:
    if doc.kind != "vios":
        return None
    ports = _indexed(_listed(doc, "network.physical_ports"), "network.physical_ports")
    _require(ports, "flow_control")
    return [port.name for _, port in ports if not port.flow_control]


# ---------------------------------------------------------------- WPAR


def _wpars(doc) -> list[tuple[str, Any]]:
    return _indexed(_listed(doc, "wpar.wpars"), "wpar.wpars")


@list_derivation(
    "wpar_unsupported_adapter_maps",
    kinds=("aix-lpar",),
    description="Versioned or rootvg WPARs that have Fibre Channel adapters (NPIV) exported to them.",
    cite=WPAR,
    needs=("wpar.wpars",),
)
def wpar_unsupported_adapter_maps(doc) -> list[str]:
    with_adapters = [(p, w) for p, w in _wpars(doc) if w.adapters]
    _require([(p, w) for p, w in with_adapters if w.versioned_aix is None], "rootvg")
    out = []
    for _, w in with_adapters:
        what = f"AIX {w.versioned_aix} versioned WPAR" if w.versioned_aix else "rootvg WPAR" if w.rootvg else None
        if what:
            out.append(f"{w.name} ({what}; adapters {', '.join(w.adapters)})")
    return out


@list_derivation(
    "wpars_52_with_block_storage",
    kinds=("aix-lpar",),
    description="AIX 5.2 versioned WPARs with disks or adapters exported to them.",
    cite=WPAR,
    needs=("wpar.wpars",),
)
def wpars_52_with_block_storage(doc) -> list[str]:
    return [
        f"{w.name} ({', '.join((w.disks or []) + (w.adapters or []))})"
        for _, w in _wpars(doc)
        if w.versioned_aix == "5.2" and (w.disks or w.adapters)
    ]


@list_derivation(
    "wpar_nfs_from_global",
    kinds=("aix-lpar",),
    description="WPAR mount points that reach a file system of their own global AIX over NFS. A WPAR that "
    "does not state its NFS mounts is not read as having none: with no mount stated elsewhere the value is "
    "missing (the global's lswpar cannot show them).",
    cite=WPAR,
    needs=("wpar.wpars",),
)
def wpar_nfs_from_global(doc) -> list[str]:
    wpars = _wpars(doc)
    mounts = [f"{w.name}:{m}" for _, w in wpars for m in (w.nfs_from_global or [])]
    if not mounts:  # the mounts stated are enough to fire on; to pass, every WPAR must state its own
        _require(wpars, "nfs_from_global")
    return mounts


# ---------------------------------------------------------------- WPAR-005, WPAR-006 (S2 3.9.2)


@list_derivation(
    "wpars_versioned_rootvg",
    kinds=("aix-lpar",),
    description="Versioned WPARs that are rootvg WPARs: a versioned WPAR must be a system WPAR on file systems "
    "of the global, never one built on its own rootvg disk.",
    cite=WPAR,
    needs=("wpar.wpars",),
)
def wpars_versioned_rootvg(doc) -> list[str]:
    versioned = [(p, w) for p, w in _wpars(doc) if w.versioned_aix is not None]
    _require(versioned, "rootvg")
    return [f"{w.name} (AIX {w.versioned_aix} versioned, rootvg WPAR)" for _, w in versioned if w.rootvg]


@list_derivation(
    "wpar_disks_not_fail_over",
    kinds=("aix-lpar",),
    description="hdisks exported to a WPAR whose path algorithm is not fail_over, the only one a WPAR disk "
    "supports. Read from storage.disks of the global AIX by name.",
    cite=WPAR,
    needs=("wpar.wpars",),
)
def wpar_disks_not_fail_over(doc) -> list[str]:
    exported = [(w.name, d) for _, w in _wpars(doc) for d in (w.disks or [])]
    if not exported:
        return []
    disks = {d.name: (f"storage.disks[{i}]", d) for i, d in enumerate(_listed(doc, "storage.disks"))}
    if any(d not in disks for _, d in exported):
        raise Missing(["storage.disks"])
    _require([disks[d] for _, d in exported], "algorithm")
    return [
        f"{d} in {w} (algorithm {disks[d][1].algorithm})" for w, d in exported if disks[d][1].algorithm != "fail_over"
    ]
