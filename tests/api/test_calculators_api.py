"""POST /v1/calculators/...: the same answers as the calculator modules, and JSON-path errors."""

from __future__ import annotations

import pytest

from advisor.calculators.clm import clm_sizing
from advisor.calculators.lfarea import assess_lfarea
from advisor.calculators.plarea import plarea_size
from advisor.calculators.vios_memory import vios_memory_requirement


def test_vios_memory(client):
    body = {"system_cores": 32, "fc_8g_ports": 4, "npiv_vfc_adapters": 20}
    r = client.post("/v1/calculators/vios-memory", json=body)
    assert r.status_code == 200
    assert r.json() == vios_memory_requirement(32, fc_8g_ports=4, npiv_vfc_adapters=20).model_dump(mode="json")


def test_clm(client):
    r = client.post("/v1/calculators/clm", json={"memory_gb": 128, "clm_pct": 0, "sap_shared_memory_gb": 20})
    assert r.json() == clm_sizing(128, 0, 20).model_dump(mode="json")


def test_lfarea(client):
    r = client.post(
        "/v1/calculators/lfarea", json={"statement": "LFAREA=(1M=(10%),2G=(12,10))", "online_storage_gb": 16}
    )
    assert r.status_code == 200
    assert r.json() == assess_lfarea("LFAREA=(1M=(10%),2G=(12,10))", 16).model_dump(mode="json")


def test_lfarea_syntax_error_is_a_problem_with_the_column(client):
    r = client.post("/v1/calculators/lfarea", json={"statement": "LFAREA=(1M=(10%),,2G=(1))", "online_storage_gb": 16})
    assert r.status_code == 422
    body = r.json()
    assert body["type"] == "/problems/lfarea-syntax" and body["errors"][0]["path"] == "$.statement"
    assert body["lfarea"]["message_id"] == "IAR046I" and body["lfarea"]["column"] >= 1


def test_plarea(client):
    assert client.post("/v1/calculators/plarea", json={"online_storage_gb": 16}).json() == plarea_size(16).model_dump(
        mode="json"
    )


@pytest.mark.parametrize(
    "route, body, error",
    [
        ("vios-memory", {}, {"path": "$.system_cores", "message": "Field required", "suggestion": None}),
        (
            "vios-memory",
            {"system_cores": 4, "fc_8g_port": 1},
            {"path": "$.fc_8g_port", "message": "unknown field", "suggestion": "fc_8g_ports"},
        ),
        ("vios-memory", {"system_cores": -1}, {"path": "$.system_cores"}),
        ("clm", {"memory_gb": 1, "clm_pct": 101, "sap_shared_memory_gb": 1}, {"path": "$.clm_pct"}),
        ("plarea", {"online_storage_gb": "big"}, {"path": "$.online_storage_gb"}),
        ("plarea", [], {"path": "$"}),
    ],
)
def test_calculator_input_errors(client, route, body, error):
    r = client.post(f"/v1/calculators/{route}", json=body)
    assert r.status_code == 422 and r.json()["type"] == "/problems/invalid-request"
    assert error.items() <= r.json()["errors"][0].items()


def test_hpt(client):
    from advisor.calculators.hpt import HptPartition, hpt_size

    body = {
        "processor": "POWER9",
        "partitions": [
            {"name": "a", "max_memory_gb": 64, "desired_memory_gb": 16},
            {"name": "i", "max_memory_gb": 32, "os": "ibmi"},
        ],
    }
    r = client.post("/v1/calculators/hpt", json=body)
    assert r.status_code == 200, r.text
    expected = hpt_size(
        [
            HptPartition(name="a", max_memory_gb=64, desired_memory_gb=16),
            HptPartition(name="i", max_memory_gb=32, os="ibmi"),
        ],
        "POWER9",
    )
    assert r.json() == expected.model_dump(mode="json")
    assert [p["divisor"] for p in r.json()["partitions"]] == [128, 64]


def test_hpt_errors(client):
    r = client.post("/v1/calculators/hpt", json={"processor": "POWER11", "partitions": []})
    assert r.status_code == 422 and {e["path"] for e in r.json()["errors"]} == {"$.processor", "$.partitions"}
    many = {"processor": "POWER9", "partitions": [{"name": f"p{i}", "max_memory_gb": 1} for i in range(1001)]}
    r = client.post("/v1/calculators/hpt", json=many)
    assert r.status_code == 422 and r.json()["type"] == "/problems/too-many-partitions"
    r = client.post(
        "/v1/calculators/hpt", json={"processor": "POWER9", "partitions": [{"name": "a", "max_memry_gb": 1}]}
    )
    assert {"path": "$.partitions[0].max_memry_gb", "message": "unknown field", "suggestion": None} in r.json()[
        "errors"
    ]


def test_ame(client):
    from advisor.calculators.ame import ame_sizing, deficit_free_estimate, rebalance

    r = client.post(
        "/v1/calculators/ame",
        json={
            "true_memory_gb": 7,
            "expansion_factor": 2.0,
            "target_factor": 4.35,
            "granularity_gb": 0.25,
            "deficit_mb": 512,
        },
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["sizing"] == ame_sizing(7, 2.0).model_dump(mode="json")
    assert body["rebalance"] == rebalance(7, 2.0, 4.35, 0.25).model_dump(mode="json")
    assert body["rebalance"]["configured_true_memory_gb"] == 3.25  # the guide's Table 5
    assert body["deficit"] == deficit_free_estimate(7, 2.0, 512).model_dump(mode="json")
    only = client.post("/v1/calculators/ame", json={"true_memory_gb": 7, "expansion_factor": 2.0}).json()
    assert only["rebalance"] is None and only["deficit"] is None


def test_ame_impossible_deficit_is_422(client):
    r = client.post("/v1/calculators/ame", json={"true_memory_gb": 1, "expansion_factor": 2.0, "deficit_mb": 4096})
    assert r.status_code == 422 and r.json()["errors"][0]["path"] == "$.deficit_mb"
    r = client.post("/v1/calculators/ame", json={"true_memory_gb": 1, "expansion_factor": "2"})
    assert r.json()["errors"][0]["path"] == "$.expansion_factor"


def test_ame_factor_alone_gives_gain_savings_and_the_guides_measured_row(client):
    r = client.post("/v1/calculators/ame-factor", json={"expansion_factor": 2.8})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["memory_gain_pct"] == 180.0 and round(body["memory_savings_pct"], 1) == 64.3
    assert body["measured"] == {
        "expansion_factor": 2.8,
        "true_memory_gb": 5.0,
        "memory_savings_pct": 64.0,
        "saps": 1973,
        "response_time_s": 0.06,
        "cpu_total_pct": 34.0,
        "ame_cpu_pct": 5.0,
        "deficit_mb": 0,
    }
    assert {"source": "ibm-aix-ame64k-sap-2023", "section": "Analysis of the Test Results", "locator": "Table 5"} in (
        body["citations"]
    )
    # a factor the guide did not run has no measured row; the factor of two memories, and the true memory for one
    assert client.post("/v1/calculators/ame-factor", json={"expansion_factor": 1.7}).json()["measured"] is None
    made = client.post("/v1/calculators/ame-factor", json={"true_memory_gb": 16, "expanded_memory_gb": 40}).json()
    assert made["expansion_factor"] == 2.5 and made["factor_valid"]
    need = client.post("/v1/calculators/ame-factor", json={"expansion_factor": 2.2, "expanded_memory_gb": 44}).json()
    assert need["true_memory_gb"] == 20.0


def test_ame_factor_needs_a_factor_or_both_memories(client):
    r = client.post("/v1/calculators/ame-factor", json={"true_memory_gb": 16})
    assert r.status_code == 422 and r.json()["errors"][0]["path"] == "$"


def test_ame_paging_space_gives_the_virtual_memory_limit(client):
    body = {"true_memory_gb": 32, "expansion_factor": 1.8, "paging_space_gb": 8}
    limit = client.post("/v1/calculators/ame", json=body).json()["virtual_memory_limit"]
    assert limit["limit_gb"] == 65.6 and limit["citations"][0]["section"] == "Using AME as a safety net"


@pytest.mark.parametrize(
    "body, mb",
    [({"units": 3, "unitsize": "2G"}, 6144), ({"units": 3, "unitsize": "1M"}, 3), ({"segments": 2048}, 2048)],
)
def test_getstor(client, body, mb):
    r = client.post("/v1/calculators/getstor", json=body)
    assert r.status_code == 200 and r.json()["size_mb"] == mb


@pytest.mark.parametrize("body", [{"units": 3}, {"units": 3, "unitsize": "2G", "segments": 4}, {}])
def test_getstor_refuses_what_iarv64_refuses(client, body):
    r = client.post("/v1/calculators/getstor", json=body)
    assert r.status_code == 422 and r.json()["type"] == "/problems/invalid-request"


def test_lfarea_limit_is_the_limit_lfarea_judges_against(client):
    body = client.post("/v1/calculators/lfarea-limit", json={"online_storage_gb": 16}).json()
    assert (body["old_form_limit_gb"], body["new_form_limit_gb"]) == (10.8, 9.6)
    judged = client.post("/v1/calculators/lfarea", json={"statement": "LFAREA=(1M=(10%))", "online_storage_gb": 16})
    assert judged.json()["limit_gb"] == body["new_form_limit_gb"]


def test_hpux_kernel(client):
    body = client.post("/v1/calculators/hpux-kernel", json={"memory_gb": 64, "swap_gb": 128}).json()
    assert (body["buffer_cache_max_gb"], body["swap_min_gb"], body["swap_enough"]) == (1.92, 128.0, True)
    assert body["buffer_cache_within"] is None


@pytest.mark.parametrize(
    "body, new_min, new_max, attributes",
    [
        # Redbook Example 3-32: huge pool exhausted (64 of 64), medium above its min (165 > 128)
        (
            {"pool": "huge", "min_buffers": 24, "max_buffers": 64, "max_allocated": 64},
            72,
            128,
            "min_buf_huge=72 max_buf_huge=128",
        ),
        (
            {"pool": "medium", "min_buffers": 128, "max_buffers": 256, "max_allocated": 165},
            256,
            256,
            "min_buf_medium=256",
        ),
        ({"pool": "tiny", "min_buffers": 512, "max_buffers": 2048, "max_allocated": 512}, 512, 2048, ""),
        ({"pool": "huge", "max_allocated": 70}, 72, None, "min_buf_huge=72"),
    ],
)
def test_veth_buffers(client, body, new_min, new_max, attributes):
    out = client.post("/v1/calculators/veth-buffers", json=body).json()
    assert (out["new_min_buffers"], out["new_max_buffers"], out["attributes"]) == (new_min, new_max, attributes)


def test_zvm_smt_gain_is_table_2(client):
    body = client.post("/v1/calculators/zvm-smt", json={"baseline": "zEC12"}).json()
    assert (body["etr_pct"], body["users"]) == (37.8, 2856 - 1968)
    assert client.post("/v1/calculators/zvm-smt", json={}).json()["etr_pct"] == 28.4
    assert client.post("/v1/calculators/zvm-smt", json={"baseline": "z14"}).status_code == 422


@pytest.mark.parametrize(
    "statement, fixed, fits_any, least",
    [
        ("LFAREA=(2G=(6))", 12.0, False, 19.0),  # 12 GB <= 0.8 x (online - 4 GB) from 19 GB on
        ("LFAREA=(1M=(60%))", 0.0, True, 0.0),  # a share within 80 % fits whatever is online
        ("LFAREA=12G", 12.0, False, 17.5),  # old form: 12 GB <= 0.8 x online - 2 GB
    ],
)
def test_lfarea_request_before_the_online_storage(client, statement, fixed, fits_any, least):
    body = client.post("/v1/calculators/lfarea-request", json={"statement": statement}).json()
    assert (body["fixed_gb"], body["fits_any_online"], body["min_online_gb"]) == (fixed, fits_any, least)
    # at the least online storage the statement fits, as /v1/calculators/lfarea judges it
    if least:
        judged = client.post("/v1/calculators/lfarea", json={"statement": statement, "online_storage_gb": least})
        assert judged.json()["fits_at_target"]


def test_lfarea_request_syntax_error_is_the_lfarea_problem(client):
    r = client.post("/v1/calculators/lfarea-request", json={"statement": "LFAREA=(1M=(90%))"})
    assert r.status_code == 422 and r.json()["type"] == "/problems/lfarea-syntax"
