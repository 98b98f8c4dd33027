"""The Redbook's partition-sizing examples (ibm-powervm-virtualization-redbook 3.1, 3.3, 3.4) as documents,
reviewed end to end with both evaluators: the folding test of Figures 3-3/3-4, the sizing of Figure 3-1,
the lparstat outputs of Examples 3-5 and 3-9, managed systems for the pool, weight and hypervisor page
table rules (Example 3-1), and the AMS/AMD prerequisites.

Findings are compared for this work package's rules (AME-*, LPAR-*), as (rule, target) -> severity.
"""

from __future__ import annotations

import pytest

from advisor import derive
from advisor.documents.io import validate_document

OWN = ("AME-", "LPAR-")
REDBOOK = "ibm-powervm-virtualization-redbook"
SIZING = "3.1 Optimal logical partition (LPAR) sizing"


def review(advisor, document):
    return advisor.review(validate_document(document))


def own(rev) -> dict[tuple[str, str], str]:
    out = {}
    for f in rev.findings:
        if f.rule_id.startswith(OWN):
            assert (f.rule_id, f.target) not in out
            out[(f.rule_id, f.target)] = f.severity
    return out


def finding(rev, rule_id, target):
    (f,) = [f for f in rev.findings if f.rule_id == rule_id and f.target == target]
    return f


def derived(document) -> dict:
    model = validate_document(document)
    return derive.compute(model.kind, model).values


# ------------------------------------------------------------------ Figures 3-3 and 3-4: folding test


def test_folding_test_entitlement_too_low_then_right(advisor):
    # POWER7 780 with 64 cores, 64 VPs; the workload needed about 50 processing units
    low = {
        "kind": "aix-lpar",
        "name": "p780",
        "processor": "POWER7",
        "cpu": {
            "mode": "shared",
            "sharing": "uncapped",
            "entitled_capacity": 6.4,
            "virtual_processors": 64,
            "pool_cores": 64,
        },
        "workload": {"peak": {"physc_avg": 50}},
    }
    rev = review(advisor, low)
    assert own(rev) == {("LPAR-001", "p780"): "medium"}
    f = finding(rev, "LPAR-001", "p780")
    for figure in ("6.4", "64 virtual processors", "30 seconds", "5 seconds", "16 %"):
        assert figure in f.rationale
    assert (SIZING, "Figures 3-3 and 3-4") in {(c.section, c.locator) for c in f.citations}
    assert f.remediation[0].dynamic and "--procunits" in f.remediation[0].commands[0]
    high = {**low, "cpu": {**low["cpu"], "entitled_capacity": 50}}
    assert own(review(advisor, high)) == {}


def test_figure_3_1_ideal_sizing(advisor):
    # EC 25 = average during the peak; 36 VPs = the most used during the peak
    doc = {
        "kind": "aix-lpar",
        "name": "fig31",
        "cpu": {
            "mode": "shared",
            "sharing": "uncapped",
            "entitled_capacity": 25,
            "virtual_processors": 36,
            "pool_cores": 64,
        },
        "workload": {"peak": {"physc_avg": 25, "physc_max": 36}},
    }
    rev = review(advisor, doc)
    assert own(rev) == {}
    assert {n.rule_id for n in rev.not_assessed if n.rule_id.startswith("LPAR")} <= {"LPAR-007", "LPAR-008", "LPAR-009"}
    demand = {**doc, "workload": {"peak": {"physc_avg": 25, "physc_max": 40}}}
    assert own(review(advisor, demand)) == {("LPAR-003", "fig31"): "medium"}


# ------------------------------------------------------------------ Examples 3-5 and 3-9: lparstat


def test_example_3_5_lparstat_i(advisor):
    # 750_2_AIX1: Shared-SMT-4, uncapped, EC 2.00, 4 online VPs, 16 CPUs in the pool, weight 128,
    # online/desired memory 8192 MB, maximum 16384 MB, Dedicated-Expanded at factor 1.25
    doc = {
        "kind": "aix-lpar",
        "name": "750_2_AIX1",
        "processor": "POWER7",
        "os": {"version": "7.1", "tl": 1},
        "cpu": {
            "mode": "shared",
            "sharing": "uncapped",
            "entitled_capacity": 2.0,
            "virtual_processors": 4,
            "weight": 128,
            "smt": 4,
            "pool_cores": 16,
        },
        "memory": {"desired_gb": 8, "max_gb": 16, "mode": "dedicated"},
        "ame": {"enabled": True, "page_support": "4K", "expansion_factor": 1.25},
    }
    rev = review(advisor, doc)
    assert own(rev) == {}
    values = derived(doc)
    assert values["expanded_memory_gb"] == 10  # Target Memory Expansion Size 10240 MB
    assert values["hpt_mb"] == 256 and values["hpt_divisor"] == 64  # 16 GB / 64 on POWER7
    assert values["max_memory_ratio"] == 1.6  # 16 GB maximum for 10 GB expanded: no LPAR-008
    without_ame = {**doc, "ame": {"enabled": False}}
    assert derived(without_ame)["max_memory_ratio"] == 2  # exactly at the advisor's line: still no LPAR-008
    assert own(review(advisor, without_ame)) == {}


def test_example_3_9_lparstat_c(advisor):
    # type=Shared mode=Uncapped mmode=Ded-E smt=4 lcpu=64 mem=14336MB tmem=8192MB psize=7 ent=2.00;
    # physc 5.10 4.91 4.59 4.03 4.09; %xcpu 1.3 2.3 1.0 0.5 0.3; dxm 0
    physc = [5.10, 4.91, 4.59, 4.03, 4.09]
    xcpu = [1.3, 2.3, 1.0, 0.5, 0.3]
    doc = {
        "kind": "aix-lpar",
        "name": "aix1",
        "cpu": {
            "mode": "shared",
            "sharing": "uncapped",
            "entitled_capacity": 2.0,
            "virtual_processors": 64 // 4,
            "smt": 4,
            "pool_cores": 7,
        },
        "memory": {"desired_gb": 8},
        "ame": {
            "enabled": True,
            "expansion_factor": 14336 / 8192,
            "deficit_mb": 0,
            "cpu_pct": round(sum(xcpu) / len(xcpu), 2),
        },
        "workload": {"peak": {"physc_avg": round(sum(physc) / len(physc), 3), "physc_max": max(physc)}},
    }
    rev = review(advisor, doc)
    # 255 % of entitlement on average; 16 VPs in a 7-core pool; AME itself is quiet
    assert own(rev) == {("LPAR-001", "aix1"): "medium", ("LPAR-002", "aix1"): "medium"}
    assert "aix1 (16 VPs)" in finding(rev, "LPAR-002", "aix1").message


# ------------------------------------------------------------------ managed systems


def vios(name, weight=255, ec=1.0, memory_gb=8):
    return {
        "kind": "vios",
        "name": name,
        "memory_gb": memory_gb,
        "cpu": {
            "mode": "shared",
            "sharing": "uncapped",
            "entitled_capacity": ec,
            "virtual_processors": 2,
            "weight": weight,
        },
    }


def lpar(name, ec, vps, weight=128, desired=32, maximum=48, **cpu):
    return {
        "kind": "aix-lpar",
        "name": name,
        "cpu": {
            "mode": "shared",
            "sharing": "uncapped",
            "entitled_capacity": ec,
            "virtual_processors": vps,
            "weight": weight,
            **cpu,
        },
        "memory": {"desired_gb": desired, "max_gb": maximum},
    }


def test_well_sized_frame(advisor):
    frame = {
        "kind": "managed-system",
        "name": "p9-frame1",
        "processor": "POWER9",
        "cores": 32,
        "shared_pool_cores": 28,
        "partitions": [
            vios("vios1"),
            vios("vios2"),
            lpar("sapapp01", 8, 12, pool_cores=28),
            lpar("sapapp02", 6, 10, pool_cores=28),
            {
                "kind": "aix-lpar",
                "name": "db1",
                "cpu": {"mode": "dedicated", "virtual_processors": 4, "idle_sharing": "share_idle_procs_always"},
                "memory": {"desired_gb": 256, "max_gb": 320},
            },
        ],
    }
    rev = review(advisor, frame)
    assert own(rev) == {}
    frame_na = {n.rule_id for n in rev.not_assessed if n.target == "p9-frame1" and n.rule_id.startswith("LPAR")}
    assert frame_na == set()
    values = derived(frame)
    assert values["shared_ec_sum"] == 16 and values["pool_cores"] == 28
    assert (values["max_client_weight"], values["min_vios_weight"]) == (128, 255)


def test_badly_sized_frame(advisor):
    frame = {
        "kind": "managed-system",
        "name": "p9-frame2",
        "processor": "POWER9",
        "cores": 20,
        "shared_pool_cores": 16,
        "partitions": [
            vios("vios1", weight=192),
            vios("vios2", weight=255),
            lpar("sapapp01", 10, 20, weight=200, desired=32, maximum=512),
            lpar("sapapp02", 6, 8, weight=128),
            {
                "kind": "aix-lpar",
                "name": "db1",
                "cpu": {"mode": "dedicated", "virtual_processors": 4, "idle_sharing": "share_idle_procs"},
                "memory": {"desired_gb": 64, "max_gb": 64},
            },
        ],
    }
    rev = review(advisor, frame)
    assert own(rev) == {
        ("LPAR-002", "p9-frame2"): "medium",  # 20 VPs in a 16-core pool
        ("LPAR-004", "p9-frame2"): "high",  # 1 + 1 + 10 + 6 = 18 units on 16 cores
        ("LPAR-006", "p9-frame2"): "medium",  # sapapp01 at 200 above vios1 at 192
        ("LPAR-008", "p9-frame2"): "low",  # 512 GB maximum for 32 GB desired
        ("LPAR-008", "sapapp01"): "low",
        ("LPAR-007", "db1"): "low",  # dedicated, not donating while active
    }
    assert rev.findings[0].rule_id == "LPAR-004"
    f4 = finding(rev, "LPAR-004", "p9-frame2")
    assert "18 processing units" in f4.message and "16 cores" in f4.message
    assert "sapapp01 10, sapapp02 6, vios1 1, vios2 1" in f4.message
    f6 = finding(rev, "LPAR-006", "p9-frame2")
    assert "sapapp01 (weight 200)" in f6.message and "sapapp02" not in f6.message
    assert ("3.5.1 VIOS processor assignment", "Table 3-9, Weight") in {(c.section, c.locator) for c in f6.citations}
    f8 = finding(rev, "LPAR-008", "p9-frame2")
    # POWER9 (POWER7+ rule): every AIX partition and the VIOS / 128
    assert f8.message.count("GB max") == 2 and "sapapp01 512 GB max / 32 GB desired (16.0x)" in f8.message
    assert derived(frame)["hpt_mb"] == pytest.approx((8 + 8 + 512 + 48 + 64) / 128 * 1024)
    # the partitions without cpu.pool_cores cannot be checked against the pool on their own
    missing = {(n.rule_id, n.target): n.missing for n in rev.not_assessed if n.rule_id == "LPAR-002"}
    assert missing == {("LPAR-002", "sapapp01"): ["cpu.pool_cores"], ("LPAR-002", "sapapp02"): ["cpu.pool_cores"]}


@pytest.mark.parametrize("processor, hpt_mb", [("POWER7+", 1536), ("POWER7", 3072)])
def test_hpt_of_three_aix_partitions(advisor, processor, hpt_mb):
    # three AIX partitions with 64 GB maximum and 16 GB desired: / 128 on POWER7+, / 64 on POWER7
    frame = {
        "kind": "managed-system",
        "name": "frame",
        "processor": processor,
        "partitions": [
            {"kind": "aix-lpar", "name": f"aix{i}", "memory": {"desired_gb": 16, "max_gb": 64}} for i in range(3)
        ],
    }
    rev = review(advisor, frame)
    f = finding(rev, "LPAR-008", "frame")
    assert f"is {hpt_mb} MB" in f.message
    assert f"{hpt_mb * 3 // 4} MB of it only for memory above desired" in f.message
    assert {t for (r, t) in own(rev)} == {"frame", "aix0", "aix1", "aix2"}
    assert ("Memory, Example 3-1") in {c.locator for c in f.citations}


def test_ame_partition_is_measured_against_its_expanded_memory(advisor):
    # 7 GB true memory at 2.0 = 14 GB expanded: a 64 GB maximum is 4.6 times that
    doc = {
        "kind": "aix-lpar",
        "name": "sapapp01",
        "processor": "POWER9",
        "memory": {"desired_gb": 7, "max_gb": 64},
        "ame": {"enabled": True, "expansion_factor": 2.0},
    }
    rev = review(advisor, doc)
    assert own(rev) == {("LPAR-008", "sapapp01"): "low"}
    f = finding(rev, "LPAR-008", "sapapp01")
    assert "sapapp01 64 GB max / 14 GB expanded (4.6x)" in f.message
    assert "is 512 MB, 456 MB of it only for memory above desired" in f.message


def test_default_hpt_ratio_from_the_hmc(advisor):
    frame = {
        "kind": "managed-system",
        "name": "frame",
        "processor": "POWER9",
        "default_hpt_ratio": 64,
        "partitions": [{"kind": "aix-lpar", "name": "aix0", "memory": {"desired_gb": 16, "max_gb": 64}}],
    }
    assert derived(frame)["hpt_mb"] == 1024


def test_frame_without_vios_leaves_the_weight_rule_not_assessed(advisor):
    frame = {
        "kind": "managed-system",
        "name": "novios",
        "processor": "POWER9",
        "shared_pool_cores": 8,
        "partitions": [lpar("app1", 2, 4, pool_cores=8)],
    }
    rev = review(advisor, frame)
    (na,) = [n for n in rev.not_assessed if n.rule_id == "LPAR-006"]
    assert "no uncapped shared VIOS" in na.reason and not na.missing


def test_frame_names_partitions_that_lack_what_the_sum_needs(advisor):
    frame = {
        "kind": "managed-system",
        "name": "frame",
        "processor": "POWER9",
        "shared_pool_cores": 8,
        "partitions": [{"kind": "aix-lpar", "name": "app1", "cpu": {"mode": "shared"}}],
    }
    rev = review(advisor, frame)
    (na,) = [n for n in rev.not_assessed if n.rule_id == "LPAR-004"]
    assert na.missing == ["partitions[0].cpu.entitled_capacity"]


# ------------------------------------------------------------------ 3.3 / 3.4: AMS and AMD prerequisites


@pytest.mark.parametrize(
    "processor, version, tl, sp, mode, dedup, edition, firmware, fires",
    [
        ("POWER6", "6.1", 2, None, "shared", None, None, None, True),  # AMS on POWER6 needs 6.1 TL3
        ("POWER6", "6.1", 3, None, "shared", None, "enterprise", None, False),
        ("POWER7", "6.1", 3, None, "shared", None, None, None, True),  # AMS on POWER7 needs 6.1 TL4
        ("POWER7", "6.1", 4, None, "shared", None, "enterprise", None, False),
        ("POWER7", "7.1", 0, None, "shared", None, "express", None, True),  # AMS needs Enterprise Edition
        ("POWER7", "6.1", 6, 0, "shared", True, "enterprise", 740, True),  # AMD needs 6.1 TL7
        ("POWER7", "6.1", 7, 0, "shared", True, "enterprise", 740, False),
        ("POWER7", "7.1", 1, 0, "shared", True, "enterprise", 740, True),  # AMD needs 7.1 TL1 SP1
        ("POWER7", "7.1", 1, 1, "shared", True, "enterprise", 740, False),
        ("POWER7", "7.1", 2, 0, "shared", True, "enterprise", 730, True),  # AMD needs firmware 740
        ("POWER6", "7.1", 2, 0, "shared", True, "enterprise", 740, True),  # AMD needs POWER7
        ("POWER9", "7.2", 5, 0, "dedicated", True, "enterprise", 950, True),  # AMD builds on AMS
        ("POWER9", "7.2", 5, 0, "dedicated", False, None, None, False),
    ],
)
def test_ams_amd_prerequisites(advisor, processor, version, tl, sp, mode, dedup, edition, firmware, fires):
    doc = {
        "kind": "aix-lpar",
        "name": "amslpar",
        "processor": processor,
        "os": {"version": version, "tl": tl, **({"sp": sp} if sp is not None else {})},
        "memory": {"mode": mode, **({"deduplication": dedup} if dedup is not None else {})},
    }
    if edition:
        doc["powervm_edition"] = edition
    if firmware:
        doc["firmware_level"] = firmware
    rev = review(advisor, doc)
    assert own(rev) == ({("LPAR-009", "amslpar"): "high"} if fires else {})
    if fires:
        f = finding(rev, "LPAR-009", "amslpar")
        assert {c.section for c in f.citations} == {
            "3.3 Active Memory Sharing (AMS)",
            "3.4 Active Memory Deduplication (AMD)",
        }
