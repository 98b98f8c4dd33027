"""Blocks shared by several kinds (PowerVM processor settings, AIX levels)."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator

from advisor.documents.fields import Block, fld

Environment = Literal["production", "test", "development"]
_POWER_SPELLING = re.compile(r"(?i)^\s*power\s?(\d{1,2}\+?)\s*$")


def _power_generation(value: Any) -> Any:
    """IBM writes "POWER9" up to POWER9 and "Power10" / "Power11" since: accept either spelling (and
    "Power 10"), stored in one form. Anything else is left for the enum to refuse with its choices."""
    if isinstance(value, str) and (m := _POWER_SPELLING.match(value)):
        return f"POWER{m.group(1)}"
    return value


PowerProcessor = Annotated[
    Literal["POWER5", "POWER6", "POWER7", "POWER7+", "POWER8", "POWER9", "POWER10", "POWER11"],
    BeforeValidator(_power_generation),
]
PowerVmEdition = Literal["express", "standard", "enterprise"]


class PowerCpu(Block):
    """PowerVM processor settings of a partition (HMC profile / `lparstat -i`)."""

    mode: Literal["shared", "dedicated"] | None = fld(
        "Processor mode: shared pool or dedicated cores.", command="lparstat -i: Type"
    )
    entitled_capacity: float | None = fld(
        "Entitled capacity (EC), in processing units.",
        unit="processing units",
        command="lparstat -i: Entitled Capacity",
        ge=0,
    )
    virtual_processors: int | None = fld(
        "Online virtual processors (VP).", unit="count", command="lparstat -i: Online Virtual CPUs", ge=0
    )
    sharing: Literal["capped", "uncapped"] | None = fld(
        "Sharing mode of a shared-processor partition.", command="lparstat -i: Mode"
    )
    weight: int | None = fld(
        "Uncapped weight, 0-255.", unit="0-255", command="lparstat -i: Variable Capacity Weight", ge=0, le=255
    )
    smt: Literal[1, 2, 4, 8] | None = fld(
        "Simultaneous multithreading threads per core.", unit="threads", command="smtctl; lparstat -i: SMT"
    )
    pool_cores: int | None = fld(
        "Physical cores of the shared processor pool the partition runs in (shared mode).",
        unit="count",
        command="lparstat -i: Active CPUs in Pool",
        ge=0,
    )
    idle_sharing: (
        Literal["keep_idle_procs", "share_idle_procs", "share_idle_procs_active", "share_idle_procs_always"] | None
    ) = fld(
        "Dedicated-processor partitions: whether idle cores are donated to the shared pool "
        "(share_idle_procs = only while the partition is inactive, the default; share_idle_procs_active = "
        "only while it is active; share_idle_procs_always = both; keep_idle_procs = never).",
        command="HMC: lssyscfg -r prof -m <managed-system> -F lpar_name,sharing_mode; lparstat -i: Mode (Donating)",
    )
