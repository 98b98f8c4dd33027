"""VIOS memory requirement (Redbook SG24-8079 3.5.2).

Two guidelines: a base of 2 GB per 16 cores of the machine, and for complex I/O a sum of
768 MB plus a fixed increment per adapter. The advisor takes the larger of the two. The base is
the Redbook's ratio, 128 MB per core (33 cores -> 4224 MB), never below the 2 GB starting point the
Redbook names: "for every 16 cores" is a ratio, and counting every started block of 16 cores
(33 cores -> 6 GB) would make a high-severity finding rest on a rounding the source does not state.
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
    """2 GB per 16 cores as a ratio, at least 2 GB.

    >>> base_mb(16), base_mb(17), base_mb(33)
    (2048, 2176, 4224)
    """
    return max(BASE_MB_PER_16_CORES, math.ceil(system_cores * BASE_MB_PER_16_CORES / 16))


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
