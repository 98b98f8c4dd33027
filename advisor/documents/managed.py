"""kind "managed-system": a Power server with its partitions."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from advisor.documents.aix import AixLpar
from advisor.documents.common import PowerProcessor, PowerVmEdition
from advisor.documents.fields import Block, fld
from advisor.documents.vios import Vios

Partition = Annotated[AixLpar | Vios, Field(discriminator="kind")]


class ManagedSystem(Block):
    kind: Literal["managed-system"]
    name: str = fld("Managed system name.", default=..., min_length=1)
    processor: PowerProcessor | None = fld("Processor generation.", command="HMC: lssyscfg -r sys")
    cores: int | None = fld(
        "Installed, active processor cores.", unit="count", command="HMC: lshwres -r proc --level sys", ge=0
    )
    shared_pool_cores: int | None = fld(
        "Physical cores in the shared processor pool.", unit="count", command="HMC: lshwres -r procpool", ge=0
    )
    default_hpt_ratio: int | None = fld(
        'Default hypervisor page table ratio as the divisor: 64 for "1:64", 128 for "1:128". Used for AIX '
        "partitions without Active Memory Sharing; absent, the Redbook's defaults apply (64 up to POWER7, 128 "
        "from POWER7+).",
        unit="divisor",
        command="HMC: lshwres -m <managed-system> -r mem --level sys -F default_hpt_ratios",
        ge=1,
    )
    powervm_edition: PowerVmEdition | None = fld(
        "PowerVM edition of the managed system; partitions inherit it.",
        command="HMC: lssyscfg -r sys -F capabilities; lsvet -t hist",
    )
    firmware_level: int | None = fld(
        "System firmware release as a number (740 for AL740_xxx); partitions inherit it.",
        unit="release",
        command="HMC: lslic -m <managed-system> -t sys",
        ge=0,
    )
    partitions: list[Partition] | None = fld("The aix-lpar and vios partitions of this system.")
