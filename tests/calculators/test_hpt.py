"""Hypervisor page table size (ibm-powervm-virtualization-redbook 3.1 "Memory", Example 3-1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from advisor import derive
from advisor.calculators import hpt
from advisor.calculators.hpt import HptPartition
from advisor.documents.io import validate_document


@pytest.mark.parametrize(
    "processor, os, ams, divisor",
    [
        ("POWER5", "aix", False, 64),
        ("POWER6", "linux", False, 64),
        ("POWER7", "aix", False, 64),
        ("POWER7+", "aix", False, 128),
        ("POWER7+", "linux", False, 128),
        ("POWER7+", "ibmi", False, 64),
        ("POWER7+", "aix", True, 64),
        ("POWER7+", "vios", False, 128),
        # later generations: the POWER7+ rule, the latest the 2013 Redbook gives
        ("POWER8", "aix", False, 128),
        ("POWER10", "aix", False, 128),
        ("POWER10", "aix", True, 64),
    ],
)
def test_divisor(processor, os, ams, divisor):
    assert hpt.hpt_divisor(processor, os, ams) == divisor


def test_default_ratio_replaces_the_generation_default_for_aix_only():
    assert hpt.hpt_divisor("POWER9", "aix", default_ratio=64) == 64
    assert hpt.hpt_divisor("POWER9", "ibmi", default_ratio=256) == 64
    assert hpt.hpt_divisor("POWER9", "aix", ams=True, default_ratio=256) == 64
    assert hpt.hpt_divisor("POWER7", "aix", default_ratio=128) == 64  # Example 3-1: POWER7 is 1:64


def test_three_aix_and_one_ibm_i_on_power7_plus_and_power7():
    parts = [HptPartition(name=f"aix{i}", max_memory_gb=64) for i in range(3)]
    parts.append(HptPartition(name="ibmi", max_memory_gb=32, os="ibmi"))
    plus = hpt.hpt_size(parts, "POWER7+")
    assert plus.hpt_gb == pytest.approx(3 * 64 / 128 + 32 / 64)  # 1.5 GB + 0.5 GB = 2 GB
    assert [e.divisor for e in plus.partitions] == [128, 128, 128, 64]
    p7 = hpt.hpt_size(parts, "POWER7")
    assert p7.hpt_gb == pytest.approx(224 / 64)  # 3.5 GB
    assert p7.citations[0].locator == "Memory, Example 3-1"


def test_hpt_above_desired():
    size = hpt.hpt_size([HptPartition(name="sap", max_memory_gb=256, desired_memory_gb=16)], "POWER9")
    assert size.hpt_mb == 2048
    assert size.hpt_above_desired_mb == 1920


@given(st.lists(st.floats(min_value=0, max_value=65536, allow_nan=False), max_size=20))
def test_power7_is_the_sum_over_64(maxima):
    parts = [HptPartition(name=f"p{i}", max_memory_gb=m) for i, m in enumerate(maxima)]
    assert hpt.hpt_size(parts, "POWER7").hpt_mb == pytest.approx(sum(maxima) * 1024 / 64, rel=1e-9, abs=0.01)


@pytest.mark.parametrize(
    "call",
    [
        lambda: hpt.hpt_divisor("POWER12"),
        lambda: hpt.hpt_divisor("POWER9", "hpux"),
        lambda: hpt.hpt_divisor("POWER9", default_ratio=0),
        lambda: hpt.hpt_size([HptPartition(name="x", max_memory_gb=-1)], "POWER9"),
        lambda: hpt.hpt_size([HptPartition(name="x", max_memory_gb=float("inf"))], "POWER9"),
    ],
)
def test_invalid_inputs(call):
    with pytest.raises(ValueError):
        call()


def _derived(doc: dict):
    model = validate_document(doc)
    return derive.compute(model.kind, model)


def test_derived_for_a_partition_and_a_frame():
    lpar = _derived(
        {"kind": "aix-lpar", "name": "sap", "processor": "POWER9", "memory": {"desired_gb": 16, "max_gb": 256}}
    )
    assert lpar.values["hpt_mb"] == 2048 and lpar.values["hpt_divisor"] == 128
    assert lpar.values["max_memory_ratio"] == 16
    frame = _derived(
        {
            "kind": "managed-system",
            "name": "p7plus",
            "processor": "POWER7+",
            "partitions": [
                {"kind": "vios", "name": "vios1", "memory_gb": 4},
                {"kind": "aix-lpar", "name": "app1", "memory": {"desired_gb": 32, "max_gb": 64}},
                {"kind": "aix-lpar", "name": "ams1", "memory": {"desired_gb": 8, "max_gb": 32, "mode": "shared"}},
            ],
        }
    )
    # VIOS at its assigned memory: 4/128 + 64/128 + 32/64 GB = 1.03125 GB
    assert frame.values["hpt_mb"] == pytest.approx((4 / 128 + 64 / 128 + 32 / 64) * 1024)
    assert frame.values["max_memory_ratio"] == 4
    assert frame.values["max_memory_ratios"][0].startswith("ams1 ")


def test_derived_names_the_missing_partition_fields():
    frame = _derived(
        {
            "kind": "managed-system",
            "name": "f",
            "processor": "POWER9",
            "partitions": [
                {"kind": "vios", "name": "vios1"},
                {"kind": "aix-lpar", "name": "app1", "memory": {"desired_gb": 8}},
            ],
        }
    )
    assert set(frame.missing["hpt_mb"]) == {"partitions[0].memory_gb", "partitions[1].memory.max_gb"}


@pytest.mark.parametrize("processor", ["POWER8", "POWER9", "POWER10", "POWER11"])
def test_a_generation_after_the_source_says_which_rule_it_borrows(processor):
    size = hpt.hpt_size([HptPartition(name="a", max_memory_gb=256)], processor)
    assert size.hpt_gb == 2.0
    assert any("POWER7+ rule" in a and processor in a for a in size.assumptions)


@pytest.mark.parametrize("processor, ratio", [("POWER7+", None), ("POWER7", None), ("POWER9", 128)])
def test_a_generation_the_source_covers_or_a_known_ratio_assumes_nothing(processor, ratio):
    assert hpt.hpt_size([HptPartition(name="a", max_memory_gb=256)], processor, ratio).assumptions == []
