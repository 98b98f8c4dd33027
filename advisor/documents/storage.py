"""Storage virtualization blocks (vSCSI, NPIV, shared storage pools) for aix-lpar and vios.

The client (`AixStorage`) lists its hdisks and virtual Fibre Channel adapters; the VIOS
(`ViosStorage`) lists the LUNs it sees, its physical FC ports and its shared storage pool.
Lists are summarised by derived values (advisor/derive/virtualio.py): rules compare counts.
Sizes follow the contract: `max_transfer_kb` is what `lsattr` prints in hex bytes
(0x40000 = 256 KiB, 0x100000 = 1024 KiB).
"""

from __future__ import annotations

from typing import Literal

from advisor.documents.fields import Block, fld

ReservePolicy = Literal["no_reserve", "single_path", "pr_exclusive", "pr_shared"]
DiskTransport = Literal["vscsi", "npiv", "fc", "sas"]
PathAlgorithm = Literal["fail_over", "round_robin", "shortest_queue", "load_balance", "load_balance_port"]


class VscsiBacking(Block):
    """One VIOS path of a client's virtual SCSI disk: the VIOS and the device backing it there."""

    vios: str = fld(
        "VIOS partition that maps the disk to this client.",
        default=...,
        min_length=1,
        command="lsmap -all (on the VIOS): SVSA / VTD",
    )
    device: str | None = fld(
        "Backing device on that VIOS, e.g. hdisk5.", command="lsmap -all (on the VIOS): Backing device"
    )
    queue_depth: int | None = fld(
        "queue_depth of the backing device on the VIOS.",
        unit="commands",
        command="lsdev -dev hdiskN -attr queue_depth (on the VIOS)",
        ge=1,
    )
    max_transfer_kb: int | None = fld(
        "max_transfer of the backing device on the VIOS (hex bytes in lsattr: 0x40000 = 256).",
        unit="KiB",
        command="lsdev -dev hdiskN -attr max_transfer (on the VIOS)",
        ge=1,
    )
    reserve_policy: ReservePolicy | None = fld(
        "reserve_policy of the backing device on the VIOS.",
        command="lsdev -dev hdiskN -attr reserve_policy (on the VIOS)",
    )


class Disk(Block):
    """An hdisk as this partition sees it (client disk, or a LUN on the VIOS)."""

    name: str = fld("Device name, e.g. hdisk3.", default=..., min_length=1, command="lsdev -Cc disk / lsdev -type disk")
    description: str | None = fld(
        'Device description; "MPIO Other FC SCSI Disk Drive" means the generic ODM definition (no vendor driver), '
        '"Virtual SCSI Disk Drive" a client vSCSI disk.',
        command="lsdev -Cc disk / lsdev -type disk",
    )
    transport: DiskTransport | None = fld(
        "How the disk reaches the partition: vscsi (virtual SCSI from a VIOS), npiv (LUN through a virtual FC "
        "adapter), fc (LUN through a physical FC port), sas (internal).",
        command="lsdev -Cc disk; lspath -l hdiskN (parent vscsiN / fscsiN)",
    )
    queue_depth: int | None = fld(
        "Disk queue depth.", unit="commands", command="lsattr -El hdiskN -a queue_depth", ge=1
    )
    max_transfer_kb: int | None = fld(
        "Maximum transfer size (hex bytes in lsattr: 0x40000 = 256).",
        unit="KiB",
        command="lsattr -El hdiskN -a max_transfer",
        ge=1,
    )
    reserve_policy: ReservePolicy | None = fld(
        "SCSI reservation policy.", command="lsattr -El hdiskN -a reserve_policy"
    )
    algorithm: PathAlgorithm | None = fld(
        "MPIO path selection algorithm; a disk exported to a WPAR supports only fail_over.",
        command="lsattr -El hdiskN -a algorithm",
    )
    pvid: str | None = fld("Physical volume id.", command="lspv")
    size_gb: float | None = fld(
        "Disk size.", unit="GiB", command="bootinfo -s hdiskN (MB); getconf DISK_SIZE /dev/hdiskN", ge=0
    )
    mapped_through_vios: int | None = fld(
        "VIOS only: number of VIOS that map this LUN to a client (2 in a dual-VIOS MPIO setup).",
        unit="count",
        command="lsmap -all on each VIOS (same LUN as backing device)",
        ge=0,
    )
    backing: list[VscsiBacking] | None = fld(
        "Client vSCSI disks: the VIOS paths serving the disk, with the backing device's settings there.",
        command="lspath -l hdiskN; lsmap -all on each VIOS",
    )


class VfcAdapter(Block):
    """A client's NPIV virtual Fibre Channel adapter."""

    name: str = fld(
        "Adapter name in AIX, e.g. fcs0.",
        default=...,
        min_length=1,
        command="lsdev -Cc adapter (Virtual Fibre Channel Client Adapter)",
    )
    num_cmd_elems: int | None = fld(
        "Queue depth of the adapter (num_cmd_elems).", unit="commands", command="lsattr -El fcsN -a num_cmd_elems", ge=1
    )
    max_xfer_size_kb: int | None = fld(
        "Maximum transfer size (hex bytes in lsattr: 0x100000 = 1024).",
        unit="KiB",
        command="lsattr -El fcsN -a max_xfer_size",
        ge=1,
    )
    vios: str | None = fld("VIOS that serves the adapter.", command="lsmap -all -npiv (on the VIOS): Name / ClntName")
    vios_port: str | None = fld(
        "Physical FC port on that VIOS the adapter is mapped to, e.g. fcs0.", command="lsmap -all -npiv: FC name"
    )
    vios_num_cmd_elems: int | None = fld(
        "num_cmd_elems of that physical port on the VIOS.",
        unit="commands",
        command="lsdev -dev fcsN -attr num_cmd_elems (on the VIOS)",
        ge=1,
    )
    vios_max_xfer_size_kb: int | None = fld(
        "max_xfer_size of that physical port on the VIOS.",
        unit="KiB",
        command="lsdev -dev fcsN -attr max_xfer_size (on the VIOS)",
        ge=1,
    )
    wwpns_zoned: int | None = fld(
        "How many of the adapter's two WWPNs are zoned to the storage (both are needed for Live Partition Mobility).",
        unit="count (0-2)",
        command="HMC: lshwres -r virtualio --rsubtype fc --level lpar -F wwpns; switch zoning",
        ge=0,
        le=2,
    )


class FcPort(Block):
    """A physical Fibre Channel port owned by the VIOS."""

    name: str = fld("Port name, e.g. fcs0.", default=..., min_length=1, command="lsdev -type adapter; lsnports")
    speed_gbps: float | None = fld(
        "Adapter speed.", unit="Gbit/s", command="lscfg -vl fcsN; fcstat fcsN: Port Speed (supported)", ge=0
    )
    fabric_npiv: bool | None = fld(
        "The fabric switch port supports and allows NPIV (lsnports: fabric=1).", command="lsnports: fabric"
    )
    npiv_clients: int | None = fld(
        "Virtual FC client adapters mapped to this port.",
        unit="count",
        command="lsmap -all -npiv; lsnports: tports - aports",
        ge=0,
    )
    num_cmd_elems: int | None = fld(
        "Queue depth of the port.", unit="commands", command="lsdev -dev fcsN -attr num_cmd_elems", ge=1
    )
    max_xfer_size_kb: int | None = fld(
        "Maximum transfer size (hex bytes in lsdev: 0x100000 = 1024).",
        unit="KiB",
        command="lsdev -dev fcsN -attr max_xfer_size",
        ge=1,
    )


class SharedStoragePool(Block):
    """The VIOS cluster's shared storage pool (VIOS 2.2.1.3 and later)."""

    name: str | None = fld("Pool name.", command="lssp -clustername <cluster>")
    disks: list[Disk] | None = fld(
        "LUNs that make up the pool, with size, queue_depth and max_transfer.",
        command="lspv -clustername <cluster> -capable; lsdev -dev hdiskN -attr",
    )
    tuned_after_creation: bool | None = fld(
        "queue_depth or max_transfer of pool LUNs were changed after the pool was created.",
        command="change records; lsdev -dev hdiskN -attr (compare with the values at creation)",
    )


class AixStorage(Block):
    """Disks and virtual FC adapters of an AIX client partition."""

    disks: list[Disk] | None = fld("hdisks of the partition.", command="lsdev -Cc disk; lsattr -El hdiskN")
    vfc_adapters: list[VfcAdapter] | None = fld(
        "NPIV virtual Fibre Channel client adapters.", command="lsdev -Cc adapter; lsattr -El fcsN"
    )


class ViosStorage(Block):
    """LUNs, physical FC ports and shared storage pool of a VIOS."""

    disks: list[Disk] | None = fld(
        "hdisks (LUNs) the VIOS sees.", command="lsdev -type disk; lsdev -dev hdiskN -attr; lsmap -all"
    )
    fc_ports: list[FcPort] | None = fld("Physical Fibre Channel ports.", command="lsnports; lsdev -dev fcsN -attr")
    ssp: SharedStoragePool | None = fld("Shared storage pool the VIOS takes part in.")
