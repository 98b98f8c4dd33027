"""How many SAP instances a server should run (HP KOD slides, "How many SAP instances?").

The dispatcher of one instance becomes the bottleneck when the instance is too large, so the
slides ask for more, smaller instances: one instance for every 2 to 4 cores, which they equate
with 1 500 to 2 500 SAPS per instance.

For N cores that is N/4 to N/2 instances. Instances are whole, so the fewest acceptable is
ceil(N/4) (never more than 4 cores per instance) and the most is floor(N/2) (never fewer than 2
cores per instance), at least the minimum: 32 cores -> 8 to 16, 8 cores -> 2 to 4, 6 cores -> 2 to
3, 2 cores -> 1. For a SAPS figure S the same reading gives ceil(S/2500) to floor(S/1500).
"""

from __future__ import annotations

import math

from pydantic import BaseModel

from advisor.citations import Cite

SOURCE = "hp-hpux-sap-itanium-kod"
CITE = (Cite(source=SOURCE, section="How many SAP instances?"), Cite(source=SOURCE, section="Summary"))

CORES_PER_INSTANCE = (2, 4)
SAPS_PER_INSTANCE = (1500, 2500)


class InstanceRange(BaseModel):
    cores: float
    min_instances: int
    max_instances: int
    saps: float | None = None
    min_instances_for_saps: int | None = None
    max_instances_for_saps: int | None = None
    citations: tuple[Cite, ...] = CITE

    @property
    def required_minimum(self) -> int:
        """The fewest instances both readings accept (cores, and SAPS when given)."""
        return max(self.min_instances, self.min_instances_for_saps or 0)


def _check(name: str, value: float) -> None:
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"{name} must be a finite number >= 0, not {value!r}")


def instance_range(cores: float, saps: float | None = None) -> InstanceRange:
    """SAP instances for `cores` (one per 2-4 cores) and, if given, for `saps` (1 500-2 500 SAPS each)."""
    _check("cores", cores)
    low = max(1, math.ceil(cores / CORES_PER_INSTANCE[1] - 1e-9)) if cores > 0 else 0
    high = max(low, math.floor(cores / CORES_PER_INSTANCE[0] + 1e-9))
    out = InstanceRange(cores=cores, min_instances=low, max_instances=high)
    if saps is not None:
        _check("saps", saps)
        s_low = max(1, math.ceil(saps / SAPS_PER_INSTANCE[1] - 1e-9)) if saps > 0 else 0
        s_high = max(s_low, math.floor(saps / SAPS_PER_INSTANCE[0] + 1e-9))
        out = out.model_copy(update={"saps": saps, "min_instances_for_saps": s_low, "max_instances_for_saps": s_high})
    return out


def cores_per_instance(cores: float, instances: int) -> float | None:
    """Average cores per instance; None without instances."""
    return None if instances <= 0 else round(cores / instances, 3)


def saps_per_instance(saps: float, instances: int) -> float | None:
    return None if instances <= 0 else round(saps / instances, 1)
