"""Virtual networking blocks (SEA, link aggregation, physical and virtual Ethernet) for aix-lpar and vios.

Booleans stand for the AIX attribute values (yes/no, on/off, enabled/disabled, 1/0):
`largesend=1` and `large_receive=yes` are true. Counters come from `netstat -v entX` /
`entstat -all entX`; the virtual Ethernet buffer pools from its "Receive Information" section.
"""

from __future__ import annotations

from typing import Literal

from advisor.documents.fields import Block, fld


class Sea(Block):
    """A Shared Ethernet Adapter on the VIOS."""

    name: str = fld(
        "SEA device, e.g. ent6.",
        default=...,
        min_length=1,
        command='lsdev -type adapter | grep "Shared Ethernet Adapter"',
    )
    ha_mode: Literal["disabled", "auto", "standby", "sharing"] | None = fld(
        "High-availability mode: auto/standby = SEA failover, sharing = failover with VLAN load sharing.",
        command="lsdev -dev entX -attr ha_mode",
    )
    vlans: list[int] | None = fld(
        "VLAN ids the SEA bridges (PVIDs and tagged VLANs of its trunk adapters).",
        command="entstat -all entX: Port VLAN ID / VLAN Tag IDs",
    )
    accounting: bool | None = fld(
        "Per-client accounting (accounting=enabled), needed by seastat.", command="lsdev -dev entX -attr accounting"
    )
    largesend: bool | None = fld(
        "Hardware transmit TCP resegmentation (largesend=1).", command="lsdev -dev entX -attr largesend"
    )
    large_receive: bool | None = fld(
        "TCP segment aggregation (large_receive=yes).", command="lsdev -dev entX -attr large_receive"
    )
    jumbo_frames: bool | None = fld("Jumbo frames (jumbo_frames=yes).", command="lsdev -dev entX -attr jumbo_frames")


class LinkAggregation(Block):
    """An EtherChannel / IEEE 802.3ad link aggregation on the VIOS."""

    name: str = fld(
        "Aggregation device, e.g. ent5.",
        default=...,
        min_length=1,
        command="lsdev -type adapter (EtherChannel / IEEE 802.3ad Link Aggregation)",
    )
    adapters: list[str] | None = fld("Member ports (adapter_names).", command="lsdev -dev entX -attr adapter_names")
    mode: Literal["standard", "round_robin", "netif_backup", "8023ad"] | None = fld(
        "EtherChannel mode of operation.", command="lsdev -dev entX -attr mode"
    )
    hash_mode: Literal["default", "src_port", "dst_port", "src_dst_port"] | None = fld(
        "How the outgoing port is chosen.", command="lsdev -dev entX -attr hash_mode"
    )
    use_jumbo_frame: bool | None = fld(
        "Jumbo frames on the aggregation.", command="lsdev -dev entX -attr use_jumbo_frame"
    )


class EthPort(Block):
    """A physical Ethernet port."""

    name: str = fld("Port device, e.g. ent0.", default=..., min_length=1, command="lsdev -type adapter")
    speed_gbps: float | None = fld(
        "Port speed.", unit="Gbit/s", command="entstat -d entX / netstat -v entX: Adapter Data Rate", ge=0
    )
    adapter: str | None = fld("Physical adapter (card) the port belongs to: location code.", command="lscfg -vl entX")
    io_chip: str | None = fld(
        "I/O chip (host bridge) the adapter's slot hangs off, as the Adapter Placement Guide names it.",
        command="lscfg -vl entX (slot) + the server's Adapter Placement Guide",
    )
    large_send: bool | None = fld("TCP segmentation offload (large_send=yes).", command="lsattr -El entX -a large_send")
    large_receive: bool | None = fld(
        "Large receive offload (large_receive=yes; 10 Gbit).", command="lsattr -El entX -a large_receive"
    )
    jumbo_frames: bool | None = fld("Jumbo frames (jumbo_frames=yes).", command="lsattr -El entX -a jumbo_frames")
    flow_control: bool | None = fld("Flow control (flow_ctrl=yes).", command="lsattr -El entX -a flow_ctrl")


class BufferPool(Block):
    """One receive buffer pool of a virtual Ethernet adapter (netstat -v: Receive Information)."""

    min_buffers: int | None = fld(
        "Min Buffers.", unit="buffers", command="netstat -v entX: Receive Buffers / Min Buffers", ge=0
    )
    max_buffers: int | None = fld(
        "Max Buffers.", unit="buffers", command="netstat -v entX: Receive Buffers / Max Buffers", ge=0
    )
    max_allocated: int | None = fld(
        "History: Max Allocated.", unit="buffers", command="netstat -v entX: History / Max Allocated", ge=0
    )


class VethBuffers(Block):
    tiny: BufferPool | None = fld("Tiny buffers (min_buf_tiny / max_buf_tiny).")
    small: BufferPool | None = fld("Small buffers (min_buf_small / max_buf_small).")
    medium: BufferPool | None = fld("Medium buffers (min_buf_medium / max_buf_medium).")
    large: BufferPool | None = fld("Large buffers (min_buf_large / max_buf_large).")
    huge: BufferPool | None = fld("Huge buffers (min_buf_huge / max_buf_huge).")


class VirtualEthAdapter(Block):
    """A virtual Ethernet adapter (client adapter, or a VIOS trunk adapter) with its netstat -v counters."""

    name: str = fld(
        "Adapter device, e.g. ent0.",
        default=...,
        min_length=1,
        command="lsdev -Cc adapter (Virtual I/O Ethernet Adapter (l-lan))",
    )
    packets_dropped: int | None = fld(
        "Receive Statistics: Packets Dropped.", unit="packets", command="netstat -v entX", ge=0
    )
    no_resource_errors: int | None = fld("No Resource Errors.", unit="count", command="netstat -v entX", ge=0)
    hypervisor_receive_failures: int | None = fld(
        "Hypervisor Receive Failures.", unit="packets", command="netstat -v entX", ge=0
    )
    hypervisor_send_failures: int | None = fld(
        "Hypervisor Send Failures.", unit="count", command="netstat -v entX", ge=0
    )
    buffers: VethBuffers | None = fld("Receive buffer pools.", command="netstat -v entX: Receive Information")


class Interface(Block):
    """An IP interface (enX) of an AIX client partition."""

    name: str = fld("Interface, e.g. en0.", default=..., min_length=1, command="ifconfig -a")
    virtual: bool | None = fld(
        "Sits on a virtual Ethernet adapter.", command="lsdev -Cc adapter (Virtual I/O Ethernet Adapter)"
    )
    internal_only: bool | None = fld(
        "Its VLAN carries only partition-to-partition traffic inside the server (not bridged by an SEA), "
        "so an MTU near 64 KB is usable.",
        command="HMC: virtual Ethernet VLAN ids vs the SEA trunk VLANs",
    )
    mtu: int | None = fld("MTU.", unit="bytes", command="lsattr -El enX -a mtu", ge=0)
    mtu_bypass: bool | None = fld(
        "Largesend for virtual Ethernet (mtu_bypass=on; AIX 6.1 TL7 SP1 / 7.1 SP1 and later).",
        command="lsattr -El enX -a mtu_bypass",
    )
    rfc1323: bool | None = fld(
        "TCP window scaling in effect on the interface (ISNO rfc1323, else no -o rfc1323).",
        command="ifconfig enX; no -o rfc1323",
    )


class AixNetwork(Block):
    """Network configuration of an AIX client partition."""

    interfaces: list[Interface] | None = fld("IP interfaces.", command="ifconfig -a; lsattr -El enX")
    virtual_adapters: list[VirtualEthAdapter] | None = fld(
        "Virtual Ethernet adapters with their counters.", command="netstat -v"
    )
    nib: bool | None = fld(
        "Uses Network Interface Backup (EtherChannel with backup_adapter over two virtual adapters).",
        command="lsattr -El entX -a adapter_names -a backup_adapter",
    )


class ViosNetwork(Block):
    """Shared Ethernet, aggregation and adapter configuration of a VIOS."""

    seas: list[Sea] | None = fld("Shared Ethernet Adapters.", command="lsdev -type adapter; lsdev -dev entX -attr")
    link_aggregations: list[LinkAggregation] | None = fld(
        "Link aggregations (EtherChannel).", command="lsdev -dev entX -attr"
    )
    physical_ports: list[EthPort] | None = fld(
        "Physical Ethernet ports.", command="lsdev -type adapter; entstat -d entX"
    )
    virtual_adapters: list[VirtualEthAdapter] | None = fld(
        "Virtual Ethernet (trunk) adapters with their counters.", command="entstat -all entX"
    )
    nib: bool | None = fld(
        "Its SEA serves clients that use Network Interface Backup (no SEA failover between the VIOS).",
        command="client: lsattr -El entX -a backup_adapter; VIOS: lsdev -dev entX -attr ha_mode (disabled)",
    )
    jumbo_frames_supported: bool | None = fld(
        "The external network (switch ports) accepts jumbo frames.", command="switch configuration"
    )
