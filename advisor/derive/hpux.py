"""Derived values for HP-UX servers: CLM sizing and SAP instance placement."""

from __future__ import annotations

from advisor.calculators import clm
from advisor.citations import Cite
from advisor.derive import Missing, derivation, need

_PLACEMENT = (Cite(source="hp-hpux-sap-itanium-kod", section="How many SAP instances?"),
              Cite(source="hp-hpux-sap-itanium-kod", section="Backup slide three: More on CLM"))
_PSETS = (Cite(source="hp-hpux-sap-itanium-kod", section="Reducing cache misses"),)


def _instances_with(doc, field: str) -> list:
    """Instances, requiring `field` to be stated (null counts as stated: it means 'not set')."""
    (instances,) = need(doc, "sap.instances")
    missing = [f"sap.instances[{i}].{field}" for i, inst in enumerate(instances) if field not in inst.model_fields_set]
    if missing:
        raise Missing(missing)
    return instances


@derivation("clm_gb", kinds=("hpux-server",), type="number", unit="GB",
            description="Memory configured as cell local memory.", cite=clm.CITE)
def clm_gb(doc) -> float:
    mem, pct = need(doc, "memory_gb", "clm_pct")
    return round(mem * pct / 100.0, 3)


@derivation("clm_needed_gb", kinds=("hpux-server",), type="number", unit="GB",
            description="CLM that holds the SAP shared memory plus the 10 % kernel and private-data floor.",
            cite=clm.CITE)
def clm_needed_gb(doc) -> float:
    mem, pct, shm = need(doc, "memory_gb", "clm_pct", "sap.shared_memory_gb")
    return clm.clm_sizing(mem, pct, shm).needed_gb


@derivation("sap_instances_without_pset", kinds=("hpux-server",), type="list",
            description="SAP instances not running in a processor set (psrset).", cite=_PSETS)
def sap_instances_without_pset(doc) -> list[str]:
    return [i.name for i in _instances_with(doc, "pset") if i.pset is None]


@derivation("sap_instances_without_pset_count", kinds=("hpux-server",), type="number", unit="count",
            description="Number of SAP instances not running in a processor set.", cite=_PSETS)
def sap_instances_without_pset_count(doc) -> int:
    return len(sap_instances_without_pset(doc))


@derivation("sap_instances_unbound", kinds=("hpux-server",), type="list",
            description="SAP instances not bound to a locality domain (mpsched -l).", cite=_PLACEMENT)
def sap_instances_unbound(doc) -> list[str]:
    return [i.name for i in _instances_with(doc, "locality_domain") if i.locality_domain is None]


@derivation("sap_instances_unbound_count", kinds=("hpux-server",), type="number", unit="count",
            description="Number of SAP instances not bound to a locality domain.", cite=_PLACEMENT)
def sap_instances_unbound_count(doc) -> int:
    return len(sap_instances_unbound(doc))


@derivation("cores_per_cell", kinds=("hpux-server",), type="number", unit="count",
            description="Processor cores per cell.", cite=_PLACEMENT)
def cores_per_cell(doc) -> float:
    cores, cells = need(doc, "cores", "cells")
    return round(cores / cells, 3) if cells else None


@derivation("sap_instances_spanning_cells", kinds=("hpux-server",), type="list",
            description="SAP instances given more cores than one cell holds, so they must span cells.",
            cite=_PLACEMENT)
def sap_instances_spanning_cells(doc) -> list[str]:
    per_cell = cores_per_cell(doc)
    if per_cell is None:
        return None
    instances = _instances_with(doc, "cores")
    missing = [f"sap.instances[{n}].cores" for n, i in enumerate(instances) if i.cores is None]
    if missing:
        raise Missing(missing)
    return [i.name for i in instances if i.cores > per_cell]


@derivation("sap_instances_spanning_cells_count", kinds=("hpux-server",), type="number", unit="count",
            description="Number of SAP instances that must span cells.", cite=_PLACEMENT)
def sap_instances_spanning_cells_count(doc) -> int:
    spanning = sap_instances_spanning_cells(doc)
    return None if spanning is None else len(spanning)
