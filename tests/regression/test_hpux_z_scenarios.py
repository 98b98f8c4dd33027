"""The sources' own scenarios, reviewed end to end with both evaluators.

HP-UX: the rx6600 page size table and psets table, the rx8640 vPars ILM vs CLM runs and the
4-cell Superdome result (hp-hpux-sap-itanium-kod). z/OS: the LFAREA examples of SHARE session
15142 on a 16 GB zEC12, the DB2 large memory study and the Brokerage workload, the IAR019I sample
(ibm-zos-large-memory-share-2014). z/VM: the three Table 2 runs of REDP-5287.
"""

from __future__ import annotations

import pytest

from advisor.documents.io import validate_document

HPUX = "hp-hpux-sap-itanium-kod"
ZOS = "ibm-zos-large-memory-share-2014"
ZVM = "ibm-z13-smt-sap-redp5287"


def review(advisor, document):
    return advisor.review(validate_document(document))


def findings(rev, prefix: str = "") -> dict[str, str]:
    return {f.rule_id: f.severity for f in rev.findings if f.rule_id.startswith(prefix)}


def finding(rev, rule_id):
    found = [f for f in rev.findings if f.rule_id == rule_id]
    assert len(found) == 1, (rule_id, [f.rule_id for f in rev.findings])
    return found[0]


def not_assessed(rev, rule_id):
    return [n for n in rev.not_assessed if n.rule_id == rule_id]


# --- HP-UX: rx6600 page size table ("Minimize TLB misses") ------------------------------------

RX6600_ROWS = [
    # text, data, % cycles in handler, DTLB misses/Kinst, expected HPUX-001, expected HPUX-002
    ("4K", "4K", 7.44, 2.27, "high", "medium"),
    ("16K", "16K", 3.68, 0.635, "medium", "medium"),
    ("4M", "16M", 1.29, 0.075, None, "low"),
    ("64M", "L", 1.13, 0.076, None, "low"),
]


@pytest.mark.parametrize(
    "text, data, handler, dtlb, hpux001, hpux002", RX6600_ROWS, ids=[f"{r[0]}-{r[1]}" for r in RX6600_ROWS]
)
def test_rx6600_page_size_table(advisor, text, data, handler, dtlb, hpux001, hpux002):
    doc = {
        "kind": "hpux-server",
        "name": "rx6600",
        "os_version": "11iv3",
        "cells": 1,
        "cores": 8,
        "large_pages": {"text": text, "data": data},
        "tlb": {"handler_cycles_pct": handler, "d2tlb_misses_per_kinst": dtlb},
    }
    rev = review(advisor, doc)
    got = findings(rev, "HPUX-00")
    assert got.get("HPUX-001") == hpux001
    assert got.get("HPUX-002") == hpux002
    if hpux001:
        f = finding(rev, "HPUX-001")
        assert "chatr +pi 16M +pd 64M disp+work" in [c for r in f.remediation for c in r.commands]
        assert f.citations[0].source_id == HPUX and f.citations[0].section == "Minimize TLB misses"
        assert f"{text}/{data}" in f.message or "4K/4K" in f.message


def test_caliper_sample_with_4k_hints(advisor):
    """Backup slide one: MEAN D2TLB 2.227 per Kinst with 4K hints, more than twenty times the 0.1 target."""
    rev = review(
        advisor,
        {
            "kind": "hpux-server",
            "name": "sp5019",
            "large_pages": {"text": "4K", "data": "4K"},
            "tlb": {"handler_cycles_pct": 7.44, "d2tlb_misses_per_kinst": 2.227, "i2tlb_misses_per_kinst": 0.974},
        },
    )
    f = finding(rev, "HPUX-002")
    assert f.severity == "medium" and "2.227" in f.message
    assert f.evidence["tlb.d2tlb_misses_per_kinst"] == 2.227


# --- HP-UX: psets table ("Reducing cache misses") ---------------------------------------------


@pytest.mark.parametrize("pset, fires", [(1, False), (None, True)])
def test_rx6600_psets(advisor, pset, fires):
    doc = {
        "kind": "hpux-server",
        "name": "rx6600",
        "cells": 1,
        "cores": 8,
        "sap": {
            "instances": [
                {"name": "D00", "cores": 4, "pset": pset, "locality_domain": 0},
                {"name": "D01", "cores": 4, "pset": 2, "locality_domain": 0},
            ]
        },
    }
    rev = review(advisor, doc)
    assert ("HPUX-003" in findings(rev)) is fires
    assert "HPUX-007" not in findings(rev)  # two 4-core instances on 8 cores: one per 4 cores


# --- HP-UX: rx8640 vPars, ILM vs CLM ("SAP on vPars: CLM vs. ILM", backup slide four) ---------


def _rx8640(clm_pct):
    # 4 vPars x 4 dual-core Itanium 2 9000 (8 cores) and 30 GB, two SAP instances each: 32 cores, 120 GB.
    instances = [{"name": f"D{n:02d}", "cores": 4, "locality_domain": n // 2, "pset": n} for n in range(8)]
    return {
        "kind": "hpux-server",
        "name": "rx8640",
        "os_version": "11iv3",
        "cells": 4,
        "cores": 32,
        "memory_gb": 120,
        "clm_pct": clm_pct,
        "sap": {"instances": instances},
    }


def test_rx8640_ilm(advisor):
    rev = review(advisor, _rx8640(0))
    f = finding(rev, "HPUX-004")
    assert f.severity == "high" and rev.findings[0].rule_id == "HPUX-004"
    assert "1.15" in f.rationale and "0.27" in f.rationale and "89" in f.rationale and "72" in f.rationale
    assert any(c.section == "SAP on vPars: CLM vs. ILM" for c in f.citations)
    assert not {"HPUX-003", "HPUX-006", "HPUX-007"} & set(findings(rev))


def test_rx8640_clm(advisor):
    rev = review(advisor, _rx8640(100))
    assert not {"HPUX-003", "HPUX-004", "HPUX-006", "HPUX-007"} & set(findings(rev))


# --- HP-UX: 4-cell Superdome, ILM + default scheduling vs CLM + psets (backup slide four) -----


def test_superdome_ilm_default_scheduling(advisor):
    doc = {
        "kind": "hpux-server",
        "name": "sd64",
        "os_version": "11iv3",
        "cells": 4,
        "cores": 32,
        "memory_gb": 128,
        "clm_pct": 0,
        "numa_policy": 0,
        "swap_gb": 256,
        "buffer_cache_max_pct": 50,
        "sap": {
            "shared_memory_gb": 20,
            "instances": [
                {"name": "D00", "cores": 16, "locality_domain": None, "pset": None},
                {"name": "D01", "cores": 16, "locality_domain": None, "pset": None},
            ],
        },
    }
    rev = review(advisor, doc)
    got = findings(rev, "HPUX")
    assert got == {
        "HPUX-004": "high",
        "HPUX-003": "medium",
        "HPUX-005": "medium",
        "HPUX-006": "medium",
        "HPUX-007": "medium",
        "HPUX-011": "medium",
    }
    assert rev.findings[0].rule_id == "HPUX-004"
    f = finding(rev, "HPUX-007")
    assert "at least 8 and at most 16" in f.message and "D00, D01" in f.message


def test_superdome_clm_and_psets(advisor):
    instances = [{"name": f"D{n:02d}", "cores": 4, "locality_domain": n // 2, "pset": n + 1} for n in range(8)]
    doc = {
        "kind": "hpux-server",
        "name": "sd64",
        "os_version": "11iv3",
        "cells": 4,
        "cores": 32,
        "memory_gb": 128,
        "clm_pct": 30,
        "numa_policy": 1,
        "swap_gb": 256,
        "buffer_cache_max_pct": 3,
        "sap": {"shared_memory_gb": 20, "instances": instances},
    }
    rev = review(advisor, doc)
    assert not findings(rev, "HPUX")


def test_kernel_settings_boundaries(advisor):
    base = {"kind": "hpux-server", "name": "k", "memory_gb": 64}
    assert "HPUX-011" not in findings(review(advisor, {**base, "buffer_cache_max_pct": 3}))
    assert "HPUX-011" in findings(review(advisor, {**base, "buffer_cache_max_pct": 3.01}))
    assert "HPUX-012" not in findings(review(advisor, {**base, "swap_gb": 128}))
    assert "HPUX-012" in findings(review(advisor, {**base, "swap_gb": 127.99}))


# --- z/OS: LFAREA on a 16 GB zEC12 ("Externals: Configuration & Setup") -----------------------


def _zos(lfarea, online=16, **more):
    return {
        "kind": "zos-lpar",
        "name": "SYSA",
        "machine": "zEC12",
        "zos_version": "2.1",
        "online_storage_gb": online,
        "lfarea": lfarea,
        **more,
    }


def test_session_example_prompts(advisor):
    """LFAREA=(1M=(10%),2G=(12,10)) on 16 GB: over the 9.6 GB limit even at the minimums; IPL prompts."""
    rev = review(advisor, _zos("LFAREA=(1M=(10%),2G=(12,10))"))
    f = finding(rev, "ZOS-001")
    assert f.severity == "critical" and rev.findings[0].rule_id == "ZOS-001"
    assert f.evidence["derived.lfarea_limit_gb"] == 9.6
    assert f.evidence["derived.lfarea_satisfiable"] is False
    assert f.evidence["derived.lfarea_ipl_outcome"] == "prompt"
    assert "9.60 GB" in f.message and "IAR047I" in f.message and "ENTER" in f.message
    assert "LFAREA=(1M=(10%),2G=(4))" in [c for r in f.remediation for c in r.commands]
    assert f.escalation and "prompt" in f.escalation
    assert any(c.source_id == ZOS and c.section == "Externals: Configuration & Setup" for c in f.citations)


def test_session_example_with_noprompt_reserves_zero_pages(advisor):
    f = finding(review(advisor, _zos("LFAREA=(1M=(10%),2G=(12,10),NOPROMPT)")), "ZOS-001")
    assert f.severity == "critical"
    assert f.evidence["derived.lfarea_ipl_outcome"] == "zero-pages"
    assert "zero 1 MB and zero 2 GB pages" in f.message


@pytest.mark.parametrize(
    "statement, limit",
    [
        ("LFAREA=80%", 10.8),  # old form: (0.8 x 16G) - 2G
        ("LFAREA=(1M=(80%))", 9.6),  # new form: 0.8 x (16G - 4G)
    ],
)
def test_16g_limits_are_exactly_reachable(advisor, statement, limit):
    rev = review(advisor, _zos(statement))
    assert "ZOS-001" not in findings(rev) and "ZOS-002" not in findings(rev)
    assert not not_assessed(rev, "ZOS-001")


def test_old_form_over_limit(advisor):
    f = finding(review(advisor, _zos("LFAREA=12G")), "ZOS-001")
    assert f.severity == "critical" and "10.80 GB" in f.message and f.evidence["derived.lfarea_form"] == "old"


def test_invalid_statement(advisor):
    """IAR046I: ZOS-002 fires with the reason, ZOS-001 is not assessed and says why."""
    rev = review(advisor, _zos("LFAREA=(1M=(10%,20%))"))
    f = finding(rev, "ZOS-002")
    assert f.severity == "high" and "MINIMUM VALUE GREATER THAN TARGET VALUE" in f.message
    assert f.evidence["derived.lfarea_error_reason"] == "minimum-above-target"
    na = not_assessed(rev, "ZOS-001")
    assert na and "IAR046I" in na[0].reason
    assert "ZOS-001" not in findings(rev)


def test_lfarea_unknown_is_not_assessed_but_not_coded_is_assessed(advisor):
    doc = _zos(None)
    del doc["lfarea"]
    rev = review(advisor, doc)
    assert not_assessed(rev, "ZOS-001")[0].missing == ["lfarea"]
    assert not_assessed(rev, "ZOS-002")[0].missing == ["lfarea"]
    rev = review(advisor, _zos(None))
    assert not not_assessed(rev, "ZOS-001") and not not_assessed(rev, "ZOS-002")
    assert not findings(rev, "ZOS-00")


# --- z/OS: DB2 large memory study, Brokerage workload, IAR019I ---------------------------------


def test_db2_study_1024g_with_675g_lfarea(advisor):
    """zEC12 2827-HA1, 1024 GB, up to 675 GB LFAREA with 1M frames; largest pool 144 GB."""
    pools = [
        {"name": "BP1", "size_gb": 144, "page_fixed": True, "frame_size": "1m"},
        {"name": "BP2", "size_gb": 100, "page_fixed": True, "frame_size": "1m"},
    ]
    rev = review(
        advisor, _zos("LFAREA=675G", online=1024, zos_version="1.13", db2={"buffer_pools": pools, "memory_bound": True})
    )
    assert findings(rev, "ZOS") == {"ZOS-008": "info"}
    f = finding(rev, "ZOS-008")
    assert "83 %" in f.rationale and "244" in f.message


def test_brokerage_120g_with_70g_lfarea(advisor):
    pools = [{"name": "BP1", "size_gb": 70, "page_fixed": True, "frame_size": "1m"}]
    rev = review(advisor, _zos("LFAREA=70G", online=120, db2={"buffer_pools": pools}))
    assert not findings(rev, "ZOS")


def test_page_fixed_pools_without_lfarea(advisor):
    pools = [
        {"name": "BP1", "size_gb": 70, "page_fixed": True, "frame_size": "1m"},
        {"name": "BP2", "size_gb": 4, "page_fixed": False, "frame_size": "4k"},
    ]
    rev = review(advisor, _zos(None, online=120, db2={"buffer_pools": pools}))
    assert findings(rev, "ZOS") == {"ZOS-003": "high", "ZOS-007": "medium"}
    f = finding(rev, "ZOS-003")
    assert "LFAREA not coded" in f.message
    assert "LFAREA=(1M=(71680))" in [c for r in f.remediation for c in r.commands]


def test_oversized_lfarea_makes_db2_reservation_depend_on_the_operator(advisor):
    pools = [{"name": "BP1", "size_gb": 4, "page_fixed": True, "frame_size": "1m"}]
    rev = review(advisor, _zos("LFAREA=(1M=(10%),2G=(12,10))", db2={"buffer_pools": pools}))
    na = not_assessed(rev, "ZOS-003")
    assert na and "operator" in na[0].reason


def test_iar019i_sample(advisor):
    usage = {
        "source": "WE",
        "total_mb": 64,
        "available_mb": 32,
        "allocated_1m_mb": 16,
        "allocated_4k_mb": 4,
        "allocated_pageable1m_mb": 12,
        "max_allocated_1m_mb": 62,
        "max_allocated_4k_mb": 5,
        "max_allocated_pageable1m_mb": 14,
    }
    rev = review(advisor, _zos(None, lfarea_usage=usage))
    assert "ZOS-004" not in findings(rev) and not not_assessed(rev, "ZOS-004")
    rev = review(advisor, _zos(None, lfarea_usage={**usage, "max_allocated_4k_mb": 7}))
    assert findings(rev)["ZOS-004"] == "medium"


def test_two_gb_and_pageable_requests(advisor):
    rev = review(advisor, _zos("LFAREA=(2G=(2))", machine="z196", zos_version="1.13", online=64))
    assert findings(rev)["ZOS-005"] == "high"
    rev = review(
        advisor,
        _zos(
            "LFAREA=(2G=(2))",
            online=64,
            flash_express=True,
            java={"heap_pages": "1m-pageable", "jit_code_cache_pages": "4k"},
        ),
    )
    assert findings(rev, "ZOS") == {"ZOS-009": "low"}
    rev = review(
        advisor,
        _zos(
            None,
            zos_version="1.13",
            rsm_enablement_offering=False,
            flash_express=True,
            java={"heap_pages": "1m-pageable"},
        ),
    )
    assert findings(rev, "ZOS") == {"ZOS-006": "medium"}


# --- z/VM: REDP-5287 Table 2 -------------------------------------------------------------------


def _zvm(machine, smt, version="6.3", apars=("VM65586",)):
    return {
        "kind": "zvm-lpar",
        "name": "ZVMSAP",
        "machine": machine,
        "engines": "ifl",
        "engine_count": 16,
        "zvm": {"version": version, "apars": list(apars)},
        "smt_enabled": smt,
        "workload": {"type": "sap-app-server", "profile": "oltp", "compute_intensive": True, "network_intensive": True},
        "network": {"app_db_connection": "osa", "osa_optimized_latency_mode": True, "db_server_same_cec": True},
    }


@pytest.mark.parametrize(
    "run, machine, smt, expected",
    [
        ("S41030B1", "zEC12", False, {}),
        ("S41107B2", "z13", False, {"ZVM-001": "medium"}),
        ("S41114B2", "z13", True, {}),
    ],
)
def test_table2_runs(advisor, run, machine, smt, expected):
    rev = review(advisor, _zvm(machine, smt))
    assert findings(rev, "ZVM") == expected
    assert not rev.not_assessed, rev.not_assessed
    if expected:
        f = finding(rev, "ZVM-001")
        assert "188.29" in f.rationale and "241.69" in f.rationale and "267.06" in f.rationale
        assert any(c.source_id == ZVM and c.locator == "Table 2" for c in f.citations)


def test_smt_variants(advisor):
    assert findings(review(advisor, _zvm("z13", False, version="6.2", apars=())), "ZVM") == {
        "ZVM-001": "medium",
        "ZVM-003": "medium",
    }
    assert findings(review(advisor, _zvm("zEC12", True)), "ZVM") == {"ZVM-002": "high"}
    doc = _zvm("z13", True)
    doc["workload"]["profile"] = "batch"
    assert findings(review(advisor, doc), "ZVM") == {"ZVM-004": "info", "ZVM-005": "low"}
