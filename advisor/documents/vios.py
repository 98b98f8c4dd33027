"""kind "vios": a Virtual I/O Server."""

from __future__ import annotations

from typing import Literal

from advisor.documents.common import Environment, PowerCpu, PowerProcessor
from advisor.documents.fields import Block, fld
from advisor.documents.network import ViosNetwork
from advisor.documents.storage import ViosStorage
from advisor.documents.wpar import PartitionOperations


class ViosAdapters(Block):
    """Adapter counts for VIOS memory sizing; count intended adapters, not only active ones."""

    lhea: int | None = fld("Logical Host Ethernet Adapters.", unit="count", command="lsdev -type adapter", ge=0)
    lhea_ports: int | None = fld("Configured LHEA ports.", unit="count", command="lsdev -type adapter", ge=0)
    eth_1g_ports: int | None = fld("Non-LHEA 1 Gb Ethernet ports.", unit="count", command="lsdev -type adapter", ge=0)
    eth_10g_ports: int | None = fld("Non-LHEA 10 Gb Ethernet ports.", unit="count", command="lsdev -type adapter", ge=0)
    fc_8g_ports: int | None = fld(
        "8 Gb Fibre Channel adapter ports.", unit="count", command="lsdev -type adapter", ge=0
    )
    npiv_vfc_adapters: int | None = fld(
        "NPIV virtual Fibre Channel server adapters, including those not yet mapped.",
        unit="count",
        command="lsmap -all -npiv",
        ge=0,
    )
    virtual_eth_adapters: int | None = fld("Virtual Ethernet adapters.", unit="count", command="lsdev -virtual", ge=0)


class ViosUsage(Block):
    """Measured processor consumption of the VIOS (lparstat over a representative period)."""

    physc_avg: float | None = fld(
        "Average physical processor consumption.",
        unit="processing units",
        command="lparstat 60 60: physc (average)",
        ge=0,
    )
    physc_peak: float | None = fld(
        "Peak physical processor consumption.", unit="processing units", command="lparstat 60 60: physc (highest)", ge=0
    )


class Vios(Block):
    kind: Literal["vios"]
    name: str = fld("VIOS partition name.", default=..., min_length=1)
    environment: Environment | None = fld("Environment class of the clients it serves.")
    processor: PowerProcessor | None = fld("Processor generation of the server.", command="prtconf: Processor Type")
    system_cores: int | None = fld(
        "Processor cores in the managed system.", unit="count", command="HMC: lshwres -r proc --level sys", ge=0
    )
    cpu: PowerCpu | None = fld("Processor settings.")
    memory_gb: float | None = fld(
        "Memory assigned to the VIOS.", unit="GiB", command="lparstat -i: Online Memory", ge=0
    )
    vpm_fold_policy: int | None = fld(
        "Processor folding policy; 4 disables folding.", command="schedo -o vpm_fold_policy", ge=0
    )
    adapters: ViosAdapters | None = fld("Physical and virtual adapters served by this VIOS.")
    ioslevel: str | None = fld('VIOS software level, e.g. "2.2.2.0".', command="ioslevel")
    redundant_pair: bool | None = fld(
        "A second VIOS serves the same clients (dual VIOS: SEA failover, MPIO or NPIV through both).",
        command="HMC: lssyscfg -r lpar",
    )
    usage: ViosUsage | None = fld("Measured processor consumption.")
    storage: ViosStorage | None = fld("LUNs, physical FC ports and shared storage pool.")
    network: ViosNetwork | None = fld("Shared Ethernet Adapters, aggregations and Ethernet adapters.")
    operations: PartitionOperations | None = fld("Planned partition operations.")
