"""The device inventory (lsdev -type disk/adapter, lsdev -Cc ...) and the VIOS adapter counts.

Every adapter is classified from its lsdev description; a description this module cannot read is
never counted as something: the counts that depend on it are left out with a note.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from advisor import linre
from advisor.assemble.common import RANK_CONFIG, Context, Emit
from advisor.assemble.model import Fact, Output
from advisor.parsers.base import was_cut
from advisor.parsers.registry import normalize

COMMANDS = ("lsdev -type adapter", "lsdev -type disk")

VIRTUAL_ETH = "virtual_eth"
SEA = "sea"
LINK_AGGREGATION = "link_aggregation"
LHEA = "lhea"
LHEA_PORT = "lhea_port"
ETH_1G = "eth_1g"
ETH_10G = "eth_10g"
ETH_UNKNOWN = "eth_unknown"
FC = "fc"  # physical Fibre Channel port; speed separately
FC_UNKNOWN = "fc_unknown"
VFC_CLIENT = "vfc_client"
VFC_SERVER = "vfc_server"
OTHER = "other"

PHYSICAL_ETH = (ETH_1G, ETH_10G, ETH_UNKNOWN)

_TEN = linre.compile(r"\b10\s*(?:Gb|GbE|Gbit|Gigabit|GBASE)|\b10G(?:b|bE|BASE)?\b", linre.I)
_ONE = linre.compile(r"\b(?:1\s*Gb(?:E|it)?\b|10/100/1000|Gigabit)", linre.I)
# other speeds, or a port that runs at either of two ("10/1GbE BaseT", "1/10GbE"): its speed is not told
_FASTER = linre.compile(
    r"\b(?:25|40|50|100)\s*(?:Gb|GbE|G\b)|\b(?:25|40|50|100)/\d{1,3}\s*G|\b(?:10/1|1/10)\s*Gb", linre.I
)  # "10/100/1000 Base-TX" is a 1 Gb port, not "100/..."
_FC_SPEED = linre.compile(r"\b(\d+)\s*Gb\b", linre.I)


@dataclass(frozen=True)
class Device:
    name: str
    category: str
    description: str
    output: Output
    index: int  # row in the listing
    speed_gbps: int | None = None


def classify(name: str, description: str) -> tuple[str, int | None]:
    """(category, FC speed in Gbit/s) of an lsdev row."""
    text = description or ""
    low = text.lower()
    if name.startswith("vfchost") or "virtual fc server" in low:
        return VFC_SERVER, None
    if "virtual fibre channel client" in low:
        return VFC_CLIENT, None
    if name.startswith("lhea") or "host ethernet adapter" in low:
        return LHEA, None
    if name.startswith("ent"):
        if "virtual i/o ethernet" in low:
            return VIRTUAL_ETH, None
        if "shared ethernet adapter" in low:
            return SEA, None
        if "etherchannel" in low or "link aggregation" in low:
            return LINK_AGGREGATION, None
        if "host ethernet port" in low:
            return LHEA_PORT, None
        ten, one = bool(_TEN.search(text)), bool(_ONE.search(_TEN.sub("", text)))
        if _FASTER.search(text) or (ten and one) or not (ten or one):
            return ETH_UNKNOWN, None
        return (ETH_10G if ten else ETH_1G), None
    if name.startswith("fcs"):
        speeds = {int(s) for s in _FC_SPEED.findall(text)}
        if len(speeds) == 1 and ("fc" in low or "fibre" in low):
            return FC, speeds.pop()
        return FC_UNKNOWN, None
    return OTHER, None


def inventory(outputs: Iterable[Output]) -> dict[str, Device]:
    """Every device an lsdev listing names, first listing first."""
    devices: dict[str, Device] = {}
    for output in outputs:
        if output.command not in COMMANDS:
            continue
        for i, row in enumerate(output.data.get("adapters") or output.data.get("disks") or []):
            name, description = row.get("name"), row.get("description") or ""
            if name and name not in devices:
                category, speed = classify(name, description) if "adapters" in output.data else ("disk", None)
                devices[name] = Device(name, category, description, output, i, speed)
    return devices


def complete_listing(output: Output) -> bool | None:
    """True for a plain listing, False for a filtered one (| grep, -virtual, a device list), None when unknown."""
    line = output.result.command_line
    if line is None:
        return None
    if "|" in line:
        return False
    return normalize(line) in {"lsdev -type adapter", "lsdev -Cc adapter", "lsdev -C -c adapter"}


COUNTS = {  # adapters.<field>: the categories it counts
    "lhea": (LHEA,),
    "lhea_ports": (LHEA_PORT,),
    "eth_1g_ports": (ETH_1G,),
    "eth_10g_ports": (ETH_10G,),
    "fc_8g_ports": (FC,),
    "npiv_vfc_adapters": (VFC_SERVER,),
    "virtual_eth_adapters": (VIRTUAL_ETH,),
}
BLOCKED_BY = {"eth_1g_ports": ETH_UNKNOWN, "eth_10g_ports": ETH_UNKNOWN, "fc_8g_ports": FC_UNKNOWN}


def facts(outputs: Iterable[Output], ctx: Context) -> list[Fact]:
    if ctx.kind != "vios":
        return []
    out: list[Fact] = []
    for output in outputs:
        if output.command == "lsdev -type adapter":
            emit = ctx.emit(output)
            _counts(emit)
            out += emit.facts
    return out


def _counts(emit: Emit) -> None:
    """VIOS adapter counts for the memory sizing (VIOS-001), from one complete adapter listing."""
    complete = complete_listing(emit.output)
    if complete is False:
        emit.note("adapter listing is filtered; the adapter counts are not taken from it")
        return
    if was_cut(emit.output.result):
        emit.note(
            "adapter listing is cut short (its last line has no line end); the adapter counts are not taken from it"
        )
        return
    rows = emit.data.get("adapters") or []
    if not rows:
        return
    listed = [(i, *classify(r.get("name", ""), r.get("description") or "")) for i, r in enumerate(rows)]
    span = f"lines {_line(emit, 0)}-{_line(emit, len(rows) - 1)}"
    assumed = "" if complete else "; taken as the complete listing (the command line was not given)"
    if not complete:
        emit.note("adapter counts assume this is the whole 'lsdev -type adapter' listing, not a filtered one")
    for field, categories in COUNTS.items():
        blocker = BLOCKED_BY.get(field)
        unreadable = [i for i, cat, _ in listed if cat == blocker]
        if unreadable:
            i = unreadable[0]
            emit.note(
                f"cannot tell the speed of {rows[i].get('name')} from its description; adapters.{field} left out",
                f"adapters.{i}.description",
            )
            continue
        hits = [i for i, cat, speed in listed if cat in categories and (field != "fc_8g_ports" or speed == 8)]
        key = f"adapters.{hits[0] if hits else 0}.name"
        emit.fact(
            f"adapters.{field}",
            len(hits),
            key,
            rank=RANK_CONFIG,
            note=f"{len(hits)} counted in the listing, {span}{assumed}",
        )
    other_fc = [(rows[i].get("name"), speed) for i, cat, speed in listed if cat == FC and speed != 8]
    if other_fc:
        emit.note(
            "FC ports at other speeds than 8 Gb are not part of the guideline's 8 Gb increment: "
            + ", ".join(f"{n} ({s} Gb)" for n, s in other_fc)
        )


def _line(emit: Emit, i: int) -> int:
    prov = emit.output.result.provenance.get(f"adapters.{i}.name")
    return prov.line_no if prov else 0
