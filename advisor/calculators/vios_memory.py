"""VIOS memory requirement (Redbook SG24-8079 3.5.2).

Two guidelines: a base of 2 GB per 16 cores of the machine, and for complex I/O a sum of
768 MB plus a fixed increment per adapter. The advisor takes the larger of the two. The base
counts every started block of 16 cores (20 cores -> 2 blocks -> 4 GB): the VIOS serves all
partitions, so rounding up is the safe reading of "for every 16 cores".
Adapters count as intended, not as active: an idle or not-yet-mapped NPIV adapter still counts.
"""

from __future__ import annotations

import math

from pydantic import BaseModel

from advisor.citations import Cite

CITE = (Cite(source="ibm-powervm-virtualization-redbook", section="3.5.2 VIOS memory assignment"),)

BASE_MB_PER_16_CORES = 2048
COMPLEX_START_MB = 768
# MB per unit, in the order the Redbook lists them.
INCREMENTS_MB = {
    "lhea": 512,
    "lhea_ports": 102,
    "eth_1g_ports": 102,
    "eth_10g_ports": 512,
    "fc_8g_ports": 512,
    "npiv_vfc_adapters": 140,
    "virtual_eth_adapters": 16,
}


class ViosMemoryRequirement(BaseModel):
    base_mb: int
    adapters_mb: int
    required_mb: int
    breakdown_mb: dict[str, int]
    inputs: dict[str, int]
    citations: tuple[Cite, ...] = CITE


def base_mb(system_cores: int) -> int:
    return max(1, math.ceil(system_cores / 16)) * BASE_MB_PER_16_CORES


def vios_memory_requirement(system_cores: int, **adapters: int) -> ViosMemoryRequirement:
    unknown = set(adapters) - set(INCREMENTS_MB)
    if unknown:
        raise ValueError(f"unknown adapter kinds: {', '.join(sorted(unknown))}")
    breakdown = {"start": COMPLEX_START_MB}
    breakdown.update({k: INCREMENTS_MB[k] * int(adapters.get(k, 0)) for k in INCREMENTS_MB})
    complex_mb = sum(breakdown.values())
    base = base_mb(system_cores)
    return ViosMemoryRequirement(
        base_mb=base,
        adapters_mb=complex_mb,
        required_mb=max(base, complex_mb),
        breakdown_mb=breakdown,
        inputs={"system_cores": system_cores, **{k: int(adapters.get(k, 0)) for k in INCREMENTS_MB}},
    )
