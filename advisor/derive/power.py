"""Derived values for IBM Power kinds (aix-lpar, vios, managed-system)."""

from __future__ import annotations

from advisor.calculators import vios_memory
from advisor.derive import derivation, need

_ADAPTER_PATHS = tuple(f"adapters.{k}" for k in vios_memory.INCREMENTS_MB)


def _vios_requirement(doc) -> vios_memory.ViosMemoryRequirement:
    cores, *counts = need(doc, "system_cores", *_ADAPTER_PATHS)
    return vios_memory.vios_memory_requirement(cores, **dict(zip(vios_memory.INCREMENTS_MB, counts)))


@derivation("vios_required_memory_mb", kinds=("vios",), type="number", unit="MB",
            description="VIOS memory the sizing guideline asks for: the larger of 2 GB per 16 cores and "
                        "768 MB plus the per-adapter increments.",
            cite=vios_memory.CITE)
def vios_required_memory_mb(doc) -> int:
    return _vios_requirement(doc).required_mb


@derivation("vios_memory_base_mb", kinds=("vios",), type="number", unit="MB",
            description="The 2 GB per 16 cores base of the VIOS memory guideline.", cite=vios_memory.CITE)
def vios_memory_base_mb(doc) -> int:
    (cores,) = need(doc, "system_cores")
    return vios_memory.base_mb(cores)


@derivation("vios_memory_adapters_mb", kinds=("vios",), type="number", unit="MB",
            description="768 MB plus the per-adapter increments of the VIOS memory guideline.", cite=vios_memory.CITE)
def vios_memory_adapters_mb(doc) -> int:
    return _vios_requirement(doc).adapters_mb


@derivation("vios_memory_mb", kinds=("vios",), type="number", unit="MB",
            description="Memory assigned to the VIOS, in MB.", cite=vios_memory.CITE)
def vios_memory_mb(doc) -> float:
    (gb,) = need(doc, "memory_gb")
    return round(gb * 1024, 3)
