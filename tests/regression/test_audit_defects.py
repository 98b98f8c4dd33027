"""The November 2026 rulebook audit's defects (shared RULEBOOK_AUDIT.md 1.1), each pinned with the
source's own figures so the old behaviour cannot come back.

Sources: ibm-aix-ame64k-sap-2023 (S1), ibm-powervm-virtualization-redbook (S2), hp-hpux-sap-itanium-kod
(S3), ibm-z13-smt-sap-redp5287 (S5).
"""

from __future__ import annotations

import pytest

from advisor import derive
from advisor.calculators import ame, vios_memory
from advisor.documents.errors import DocumentError
from advisor.documents.io import validate_document


def review(advisor, document):
    return advisor.review(validate_document(document))


def fired(rev, rule_id):
    return [f for f in rev.findings if f.rule_id == rule_id]


def not_assessed(rev, rule_id):
    return [n for n in rev.not_assessed if n.rule_id == rule_id]


def p10_lpar(**ame_fields):
    """S1's benchmark partition: POWER10, one dedicated core, AIX 7.3 TL1 SP1, 14 GB expanded memory."""
    return {
        "kind": "aix-lpar",
        "name": "ibmsvr2",
        "processor": "POWER10",
        "os": {"version": "7.3", "tl": 1, "sp": 1},
        "cpu": {"mode": "dedicated", "entitled_capacity": 1.0},
        "ame": {"enabled": True, **ame_fields},
    }


# ------------------------------------------------------------------ C1: AME-009 reads a share of capacity


@pytest.mark.parametrize(
    "physc, severity",
    [(0.08, None), (0.12, "medium"), (0.43, "high")],  # S1 Table 5: 4.0 -> 8 %, 4.35 -> 12 %, 4.7 -> 43 %
)
def test_ame_009_thresholds_in_table_5_units(advisor, physc, severity):
    rev = review(advisor, p10_lpar(expansion_factor=4.0, cpu_physc=physc))
    assert [f.severity for f in fired(rev, "AME-009")] == ([severity] if severity else [])


def test_ame_009_same_quantity_on_shared_and_dedicated(advisor):
    # The audit's case: AME at 0.15 of 1.0 consumed cores on EC 2.0 (capped) is 7.5 % of capacity, not 15 %.
    shared = {
        "kind": "aix-lpar",
        "name": "shared1",
        "cpu": {"mode": "shared", "sharing": "capped", "entitled_capacity": 2.0},
        "ame": {"enabled": True, "expansion_factor": 2.0, "cpu_pct": 15, "cpu_physc": 0.15},
    }
    assert not fired(review(advisor, shared), "AME-009")
    # S2 Example 3-12: amepat prints 2.25 processors as 14 % of the 16-processor uncapped partition
    doc = validate_document(
        {
            "kind": "aix-lpar",
            "name": "oraoltp",
            "cpu": {"mode": "shared", "sharing": "uncapped", "virtual_processors": 16},
            "ame": {"enabled": True, "cpu_physc": 2.25},
        }
    )
    assert round(derive.compute("aix-lpar", doc).values["ame_cpu_capacity_pct"]) == 14


def test_ame_009_share_of_use_alone_is_not_assessed_on_a_shared_partition(advisor):
    doc = {"kind": "aix-lpar", "name": "s", "cpu": {"mode": "shared"}, "ame": {"enabled": True, "cpu_pct": 30}}
    rev = review(advisor, doc)
    assert not fired(rev, "AME-009") and not_assessed(rev, "AME-009")


def test_ame_009_ten_percent_is_not_single_digits(advisor):
    assert fired(review(advisor, p10_lpar(expansion_factor=3.0, cpu_physc=0.10)), "AME-009")


# ------------------------------------------------------------------ C2: AME-011 without an ame section


def test_ame_011_assessed_without_ame_section(advisor):
    # S1 Table 1 (AME off): 64K pages save CPU on POWER9 (46 -> 42 %) and POWER10 (30 -> 28 %)
    doc = {"kind": "aix-lpar", "name": "sapapp", "workload": {"type": "sap-abap", "app_page_size": "4K"}}
    rev = review(advisor, doc)
    assert [f.severity for f in fired(rev, "AME-011")] == ["low"]
    assert "None" not in fired(rev, "AME-011")[0].message and "n/a" not in fired(rev, "AME-011")[0].message


# ------------------------------------------------------------------ C3: AME-012 warns while approaching


@pytest.mark.parametrize(
    "active_gb, severity",
    [(57.5, None), (63.5, "medium"), (64, "high"), (72, "critical")],
)
def test_ame_012_headroom_band(advisor, active_gb, severity):
    doc = {
        "kind": "aix-lpar",
        "name": "sapapp64",
        "memory": {"desired_gb": 64, "paging_space_gb": 8},
        "ame": {"enabled": False},
        "workload": {"type": "sap-abap", "peak": {"virtual_memory_gb": active_gb}},
    }
    assert [f.severity for f in fired(review(advisor, doc), "AME-012")] == ([severity] if severity else [])


def test_ame_012_benchmark_headroom_passes(advisor):
    # S1 "Benchmark Configuration": 14 GB (+500 MB paging) for about 10 GB of active virtual memory
    doc = p10_lpar(expansion_factor=2.0)
    doc |= {"memory": {"desired_gb": 7, "paging_space_gb": 0.5}, "workload": {"peak": {"virtual_memory_gb": 9.76}}}
    assert not fired(review(advisor, doc), "AME-012")


# ------------------------------------------------------------------ C4: VIOS-001 reads the ratio


@pytest.mark.parametrize("cores, base", [(16, 2048), (17, 2176), (33, 4224)])
def test_vios_base_is_a_ratio(cores, base):
    assert vios_memory.base_mb(cores) == base


def test_vios_001_5_gb_on_33_cores_is_enough_for_the_base(advisor):
    # S2 3.5.2: 2 GB per 16 cores -> 33 cores ask for 4224 MB; 5 GB no longer fires on rounding alone
    doc = {
        "kind": "vios",
        "name": "vios1",
        "memory_gb": 5,
        "system_cores": 33,
        "adapters": {
            "lhea": 0,
            "lhea_ports": 0,
            "eth_1g_ports": 0,
            "eth_10g_ports": 0,
            "fc_8g_ports": 0,
            "npiv_vfc_adapters": 0,
            "virtual_eth_adapters": 0,
        },
    }
    rev = review(advisor, doc)
    assert not fired(rev, "VIOS-001") and not not_assessed(rev, "VIOS-001")
    doc["memory_gb"] = 4
    assert fired(review(advisor, doc), "VIOS-001")


# ------------------------------------------------------------------ C5: HPUX-002 strict targets


@pytest.mark.parametrize(
    "handler, d2tlb, fires",
    [(0.5, 0.05, True), (0.2, 0.1, True), (0.49, 0.09, False)],  # S3: "< .5%" and "< .1" per thousand
)
def test_hpux_002_targets_are_strict(advisor, handler, d2tlb, fires):
    tlb = {"handler_cycles_pct": handler, "d2tlb_misses_per_kinst": d2tlb}
    doc = {"kind": "hpux-server", "name": "rx6600", "tlb": tlb}
    assert bool(fired(review(advisor, doc), "HPUX-002")) is fires


# ------------------------------------------------------------------ C6: HPUX-013 not assessed on missing data


@pytest.mark.parametrize(
    "extra",
    [
        {"os_version": "11iv3", "multithreaded_apps": {"running": True, "pthread_force_scope_system": True}},
        {
            "os_version": "11iv2",
            "multithreaded_apps": {"running": True, "pthread_force_scope_system": True, "perf_enable": True},
        },
    ],
    ids=["perf-enable-not-shown", "11iv2-without-patch-list"],
)
def test_hpux_013_missing_data_is_not_a_finding(advisor, extra):
    rev = review(advisor, {"kind": "hpux-server", "name": "lcsrv", **extra})
    assert not fired(rev, "HPUX-013")
    assert not_assessed(rev, "HPUX-013")


def test_hpux_013_names_what_is_missing(advisor):
    doc = {
        "kind": "hpux-server",
        "name": "lcsrv",
        "os_version": "11iv2",
        "patches": ["PHCO_36323"],
        "multithreaded_apps": {"running": True, "pthread_force_scope_system": True, "perf_enable": False},
    }
    (f,) = fired(review(advisor, doc), "HPUX-013")
    assert "PERF_ENABLE=1 not set" in f.message and "PHKL_36826 not installed" in f.message
    assert "PTHREAD_FORCE_SCOPE_SYSTEM" not in f.message and "n/a" not in f.message


# ------------------------------------------------------------------ C7: ZVM-001 and compute-bound batch


def test_zvm_001_quiet_for_compute_bound_batch(advisor):
    base = {"kind": "zvm-lpar", "name": "z", "machine": "z13", "engines": "ifl", "smt_enabled": False}
    batch = base | {"workload": {"type": "sap-app-server", "profile": "batch", "compute_intensive": True}}
    oltp = base | {"workload": {"type": "sap-app-server", "profile": "oltp"}}
    unknown = base | {"workload": {"type": "sap-app-server"}}
    assert not fired(review(advisor, batch), "ZVM-001")
    assert fired(review(advisor, oltp), "ZVM-001") and fired(review(advisor, unknown), "ZVM-001")


# ------------------------------------------------------------------ C8: AME-004 is "not advised", medium


def test_ame_004_is_not_advised_not_invalid(advisor):
    doc = {
        "kind": "aix-lpar",
        "name": "p7plus",
        "processor": "POWER7+",
        "os": {"version": "7.1", "tl": 2},
        "ame": {"enabled": True, "page_support": "64K", "expansion_factor": 1.5},
    }
    (f,) = fired(review(advisor, doc), "AME-004")
    assert f.severity == "medium" and "not advised" in f.title and "cannot" not in f.title


# ------------------------------------------------------------------ K1: bosboot tunable reaches the boot image


@pytest.mark.parametrize("rule_id", ["AME-001", "AME-002", "AME-003", "AME-004"])
def test_mpsize_reboot_steps_rebuild_the_boot_image_and_stop_sap_first(rulebook, rule_id):
    for step in rulebook.rules[rule_id].rule.remediation:
        if "shutdown -Fr" not in step.commands:
            continue
        tunable = [c for c in step.commands if c.startswith("vmo ") and "mpsize_support" in c and " -L " not in c]
        assert tunable and all(" -y " in c or "bosboot" in c for c in tunable), step.commands
        assert "sapcontrol" in step.commands[0] and "maintenance window" in step.description
        assert "vmo -ro ame_mpsize_support" not in " ".join(step.commands)


# ------------------------------------------------------------------ K2: AME-016 commands that can run


def test_ame_016_records_before_modelling_and_models_after_the_update(rulebook):
    steps = rulebook.rules["AME-016"].rule.remediation
    commands = [c for s in steps for c in s.commands]
    record = commands.index("amepat -R /tmp/ame.out 60")
    update = next(i for i, c in enumerate(commands) if c.startswith("install_all_updates"))
    model = next(i for i, c in enumerate(commands) if "-O proc=P7+" in c)
    assert record < update < model  # -O proc exists only from AIX 6.1 TL8 / 7.1 TL2 (S2 3.2.2 note)
    recorded = next(c.split()[2] for c in commands[update:] if c.startswith("amepat -R"))
    assert recorded in commands[model]  # models a recording that a step created


# ------------------------------------------------------------------ K3, K4: commands an admin can paste


def test_hpux_clm_fixes_carry_parmodify(rulebook):
    for rule_id in ("HPUX-004", "HPUX-005"):
        commands = [c for s in rulebook.rules[rule_id].rule.remediation for c in s.commands]
        assert any(c.startswith("parmodify -p <npar> -m <cell>::::") for c in commands), rule_id


def test_no_unquoted_glob_in_commands(rulebook):
    for cr in rulebook.rules.values():
        for step in cr.rule.remediation:
            for command in step.commands:
                for word in command.split():
                    assert not ("*" in word and word[0] not in "'\""), (cr.id, command)


# ------------------------------------------------------------------ dxm units (S1 MB, S2 4 KB pages)


def test_deficit_as_page_count_is_refused_not_trusted(advisor):
    # 1645 MB (S1) typed as the Redbook's page count would be 421120 "MB": more than the 14 GB expanded
    doc = p10_lpar(expansion_factor=4.7, deficit_mb=1645 * 256)
    doc["memory"] = {"desired_gb": 3.0}
    values = derive.compute("aix-lpar", validate_document(doc))
    assert "ame_deficit_free_factor" in values.invalid
    rev = review(advisor, doc)
    assert "Redbook" in fired(rev, "AME-006")[0].rationale and "256-fold" in fired(rev, "AME-006")[0].rationale


# ------------------------------------------------------------------ AME-006: the fix with computed values


def test_ame_006_fix_prints_the_memory_to_add_and_the_factor(advisor):
    # S1 Table 5 last row: 4.7 on 3.0 GB, 1645 MB deficit; SAP ABAP -> back to 2.8 (the guide's range)
    doc = p10_lpar(expansion_factor=4.7, deficit_mb=1645)
    doc |= {"memory": {"desired_gb": 3.0, "block_mb": 256}, "workload": {"type": "sap-abap"}}
    (f,) = fired(review(advisor, doc), "AME-006")
    commands = [c for s in f.remediation for c in s.commands]
    # 14.1 GB / 2.8 = 5156.6 MB -> 5376 MB in 256 MB blocks; add 5376 - 3072 = 2304 MB; 14438.4 / 5376 = 2.69
    assert "chhwres -r mem -m <managed-system> -o a -p ibmsvr2 -q 2304" in commands
    assert 'chhwres -r mem -m <managed-system> -o s -p ibmsvr2 -a "mem_expansion=2.69"' in commands
    assert not any("<MB>" in c or "<factor>" in c for c in commands)
    plan = ame.rebalance_plan(3.0, 4.7, 14.1 / 2.8, block_mb=256)
    assert plan and plan.target_true_memory_mb * plan.new_factor >= 3072 * 4.7  # expanded memory never shrinks


def test_ame_006_007_008_share_one_fix(rulebook):
    steps = {rid: rulebook.rules[rid].rule.remediation for rid in ("AME-006", "AME-007", "AME-008")}
    assert steps["AME-006"] == steps["AME-007"] == steps["AME-008"]


# ------------------------------------------------------------------ Power10 / Power11 spellings


@pytest.mark.parametrize("spelling", ["Power10", "POWER10", "Power11", "POWER11", "power 11"])
def test_ibm_spellings_accepted(spelling):
    assert validate_document({"kind": "aix-lpar", "name": "p", "processor": spelling}).processor.startswith("POWER1")


def test_unknown_generation_still_refused():
    with pytest.raises(DocumentError):
        validate_document({"kind": "aix-lpar", "name": "p", "processor": "Power12x"})


def test_power11_counts_as_power8_and_later(advisor):
    # S1: AME64K from POWER8 with AIX 7.2 TL1; Power11 is a later generation, so AME4K there is AME-003
    doc = {
        "kind": "aix-lpar",
        "name": "p11",
        "processor": "Power11",
        "os": {"version": "7.3", "tl": 3},
        "ame": {"enabled": True, "page_support": "4K", "expansion_factor": 2.0},
    }
    rev = review(advisor, doc)
    assert fired(rev, "AME-003") and not fired(rev, "AME-004")


def test_one_fix_stated_once_when_ame_006_and_007_fire_together(advisor):
    # S1 Table 5 last row on SAP ABAP: the deficit (AME-006) and the factor above 2.8 (AME-007) share one fix
    doc = p10_lpar(expansion_factor=4.7, deficit_mb=1645)
    doc |= {"memory": {"desired_gb": 3.0}, "workload": {"type": "sap-abap"}}
    rev = review(advisor, doc)
    (f6,) = fired(rev, "AME-006")
    (f7,) = fired(rev, "AME-007")
    assert f6.rank < f7.rank and f6.shares_fix_with == ["AME-007"] and f7.shares_fix_with == ["AME-006"]
    assert any(c.startswith("chhwres") for s in f6.remediation for c in s.commands)
    assert [s.commands for s in f7.remediation] == [[]] and "AME-006" in f7.remediation[0].description
