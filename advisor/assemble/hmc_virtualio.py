"""HMC `lshwres -r virtualio --rsubtype eth|fc|scsi|serial --level lpar` to managed-system partition fields.

What the listing states for sure, and only that:

- a VIOS's ``adapters.virtual_eth_adapters``: its eth rows (trunk and others: each is a virtual adapter).
- a VIOS's ``adapters.npiv_vfc_adapters``: its fc rows of ``adapter_type=server``, mapped or not.
- a VIOS's ``redundant_pair``: true when a client partition has scsi or fc client adapters served by this
  VIOS and by another one.  No such client is not proof of a single VIOS (SEA failover pairs show no
  client adapters), so false is never stated.

Counts need the whole listing: a ``--filter`` on the command line, or a listing without the subtype's rows
for a VIOS, states nothing.  Client fc adapters carry slot numbers and WWPNs but no AIX device name
(fcsN), so they cannot be tied to ``storage.vfc_adapters``: a note says so.  serial rows (the virtual
consoles) have no document field.
"""

from __future__ import annotations

from advisor import linre
from advisor.assemble.common import Emit
from advisor.parsers.base import was_cut

_RSUBTYPE = linre.compile(r"--rsubtype\s+(eth|fc|scsi|serial)\b")
_FILTER = linre.compile(r"--filter\b")


def _subtype(row: dict[str, str], stated: str | None) -> str | None:
    if stated is not None:
        return stated
    if "port_vlan_id" in row or "ieee_virtual_eth" in row:
        return "eth"
    if "wwpns" in row:
        return "fc"
    if "supports_hmc" in row or "connect_status" in row:
        return "serial"
    if "backing_devices" in row:
        return "scsi"
    return None


def read(emit: Emit, rows: list[tuple[str, dict[str, str]]], kinds: dict[str, str]) -> None:
    """Facts for the VIOS partitions from one virtualio listing (``rows``: (provenance key, attributes))."""
    if not rows:
        return
    line = emit.output.result.command_line or ""
    m = _RSUBTYPE.search(line)
    stated = m.group(1) if m else None
    if stated is None:  # one listing is one subtype: a row that shows it names it for all
        shown = {t for _, r in rows if (t := _subtype(r, None)) is not None}
        stated = shown.pop() if len(shown) == 1 else None
    if was_cut(emit.output.result):
        emit.note(
            "lshwres -r virtualio is cut short or lost a row to a wrap: no adapter counts are read from it",
            rows[0][0] + ".slot_num",
        )
        return
    if _FILTER.search(line):
        emit.note(
            "lshwres -r virtualio with --filter lists part of the adapters: no adapter counts are read from it",
            rows[0][0] + ".slot_num",
        )
        return
    by_type: dict[str, list[tuple[str, dict[str, str]]]] = {}
    for key, row in _once(emit, rows):
        subtype = _subtype(row, stated)
        if subtype is None:
            emit.note("a virtual I/O row of unknown subtype (name the --rsubtype); left out", key + ".slot_num")
            continue
        by_type.setdefault(subtype, []).append((key, row))
    vioses = [name for name, kind in kinds.items() if kind == "vios"]
    counts = (("eth", "adapters.virtual_eth_adapters", None), ("fc", "adapters.npiv_vfc_adapters", "server"))
    for subtype, path, adapter_type in counts:
        listed = by_type.get(subtype)
        if not listed:
            continue
        for vios in vioses:
            own = [(k, r) for k, r in listed if r.get("lpar_name") == vios]
            if not own:
                continue  # the listing may stop before this VIOS: no count without its rows
            mine = [(k, r) for k, r in own if adapter_type is None or r.get("adapter_type") == adapter_type]
            what = f"{subtype} rows" + (f" with adapter_type={adapter_type}" if adapter_type else "")
            emit.fact(
                f"partitions[{vios}].{path}", len(mine), own[0][0] + ".slot_num", note=f"{len(mine)} {what} of {vios}"
            )
    _redundant(emit, by_type, vioses)
    clients = [(k, r) for k, r in by_type.get("fc", []) if r.get("adapter_type") == "client"]
    if clients:
        emit.note(
            f"{len(clients)} virtual FC client adapters (slots and WWPNs): the HMC does not name their AIX devices "
            "(fcsN), so storage.vfc_adapters is not filled from them; lscfg -vl fcsN in the partition shows the slot",
            clients[0][0] + ".slot_num",
        )


def _once(emit: Emit, rows: list[tuple[str, dict[str, str]]]) -> list[tuple[str, dict[str, str]]]:
    """Each partition's slot once: the HMC lists a slot one time, so a row met again is the listing pasted
    twice (counted once, with a note), and a slot met again with other values is no listing the HMC prints
    (neither row is counted)."""
    seen: dict[tuple[str, str], tuple[str, dict[str, str]]] = {}
    clash: set[tuple[str, str]] = set()
    repeats: list[str] = []
    for key, row in rows:
        slot = (row.get("lpar_name") or row.get("lpar_id") or "?", row.get("slot_num", "?"))
        first = seen.setdefault(slot, (key, row))
        if first[0] == key:
            continue
        if first[1] == row:
            repeats.append(key)
        elif slot not in clash:
            clash.add(slot)
            emit.note(
                f"{slot[0]} slot {slot[1]} is listed twice with different values: not one lshwres listing; "
                "that slot is not counted",
                key + ".slot_num",
            )
    if repeats:
        emit.note(
            f"{len(repeats)} virtual I/O rows repeat rows listed before (the listing pasted twice?): each slot is "
            "counted once",
            repeats[0] + ".slot_num",
        )
    return [(key, row) for slot, (key, row) in seen.items() if slot not in clash]


def _redundant(emit: Emit, by_type: dict[str, list[tuple[str, dict[str, str]]]], vioses: list[str]) -> None:
    """redundant_pair true for each VIOS that serves a client which another VIOS serves too."""
    served: dict[str, dict[str, str]] = {}  # client -> {vios: provenance key}
    for subtype in ("scsi", "fc"):
        for key, row in by_type.get(subtype, []):
            client, vios = row.get("lpar_name"), row.get("remote_lpar_name")
            if row.get("adapter_type") == "client" and client and vios in vioses:
                served.setdefault(client, {}).setdefault(vios, key)
    for client, by_vios in sorted(served.items()):
        if len(by_vios) < 2:
            continue
        for vios, key in by_vios.items():
            others = ", ".join(sorted(v for v in by_vios if v != vios))
            emit.fact(
                f"partitions[{vios}].redundant_pair",
                True,
                key + ".remote_lpar_name",
                note=f"{client} has client adapters served by {vios} and {others}",
            )
