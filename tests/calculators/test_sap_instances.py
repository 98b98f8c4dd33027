"""SAP instances for a core count: one per 2-4 cores, 1 500-2 500 SAPS each (hp-hpux-sap-itanium-kod)."""

import pytest

from advisor.calculators.sap_instances import cores_per_instance, instance_range, saps_per_instance


@pytest.mark.parametrize(
    "cores, low, high",
    [
        (32, 8, 16),  # the 32-core example of the knowledge passage
        (8, 2, 4),  # the 8-core rx6600
        (6, 2, 3),
        (4, 1, 2),
        (3, 1, 1),
        (2, 1, 1),
        (1, 1, 1),
        (0, 0, 0),
        (64, 16, 32),
    ],
)
def test_instance_range_for_cores(cores, low, high):
    r = instance_range(cores)
    assert (r.min_instances, r.max_instances) == (low, high)
    assert r.citations[0].section == "How many SAP instances?"


def test_saps_reading():
    r = instance_range(32, saps=24000)
    assert (r.min_instances_for_saps, r.max_instances_for_saps) == (10, 16)
    assert r.required_minimum == 10
    assert instance_range(32).required_minimum == 8


def test_per_instance_helpers():
    assert cores_per_instance(32, 8) == 4
    assert cores_per_instance(32, 0) is None
    assert saps_per_instance(24000, 2) == 12000
    assert saps_per_instance(24000, 0) is None


@pytest.mark.parametrize("bad", [-1, float("nan"), float("inf")])
def test_rejects_bad_input(bad):
    with pytest.raises(ValueError):
        instance_range(bad)
