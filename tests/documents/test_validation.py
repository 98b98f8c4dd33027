"""Documents: strict schemas whose errors name the JSON path and the closest valid name."""

import pytest

from advisor.documents.errors import DocumentError
from advisor.documents.io import parse_text, validate_document


def issues(data):
    with pytest.raises(DocumentError) as info:
        validate_document(data, "doc.json")
    return [str(i) for i in info.value.issues]


def test_every_contract_example_validates():
    docs = [
        {
            "kind": "aix-lpar",
            "name": "sapapp01",
            "environment": "production",
            "processor": "POWER9",
            "os": {"version": "7.2", "tl": 4, "sp": 5},
            "cpu": {
                "mode": "shared",
                "entitled_capacity": 1.0,
                "virtual_processors": 2,
                "sharing": "uncapped",
                "weight": 128,
                "smt": 8,
            },
            "memory": {"desired_gb": 7, "max_gb": 16, "paging_space_gb": 0.5},
            "ame": {"enabled": True, "page_support": "64K", "expansion_factor": 2.0, "deficit_mb": 0},
            "workload": {
                "type": "sap-abap",
                "app_page_size": "64K",
                "peak": {"physc_avg": 0.29, "virtual_memory_gb": 10.2},
            },
        },
        {
            "kind": "vios",
            "name": "vios1",
            "system_cores": 32,
            "cpu": {
                "mode": "shared",
                "entitled_capacity": 1.0,
                "virtual_processors": 2,
                "sharing": "uncapped",
                "weight": 255,
            },
            "memory_gb": 4,
            "vpm_fold_policy": 4,
            "adapters": {
                "lhea": 0,
                "lhea_ports": 0,
                "eth_1g_ports": 2,
                "eth_10g_ports": 2,
                "fc_8g_ports": 4,
                "npiv_vfc_adapters": 20,
                "virtual_eth_adapters": 6,
            },
        },
        {
            "kind": "managed-system",
            "name": "p9-frame1",
            "processor": "POWER9",
            "cores": 32,
            "shared_pool_cores": 28,
            "partitions": [{"kind": "vios", "name": "vios1"}, {"kind": "aix-lpar", "name": "sapapp01"}],
        },
        {
            "kind": "hpux-server",
            "name": "sd64",
            "os_version": "11iv3",
            "cells": 4,
            "cores": 32,
            "memory_gb": 128,
            "clm_pct": 0,
            "numa_policy": 0,
            "sap": {
                "shared_memory_gb": 20,
                "instances": [{"name": "D00", "cores": 8, "work_processes": 36, "locality_domain": None, "pset": None}],
            },
            "large_pages": {"text": "4K", "data": "4K"},
        },
        {
            "kind": "zos-lpar",
            "name": "SYSA",
            "machine": "zEC12",
            "zos_version": "2.1",
            "online_storage_gb": 1024,
            "lfarea": "LFAREA=(1M=(40%),2G=(8))",
        },
        {
            "kind": "zvm-lpar",
            "name": "ZVMSAP",
            "machine": "z13",
            "engines": "ifl",
            "engine_count": 16,
            "zvm": {"version": "6.3", "apars": ["VM65586"]},
            "smt_enabled": False,
            "workload": {"type": "sap-app-server", "profile": "oltp"},
        },
    ]
    for doc in docs:
        assert validate_document(doc).kind == doc["kind"]


def test_unknown_field_in_a_nested_block():
    assert issues({"kind": "hpux-server", "name": "x", "sap": {"instances": [{"name": "D00", "psett": 1}]}}) == [
        "$.sap.instances[0].psett: unknown field (did you mean 'pset'?)"
    ]


def test_field_at_the_wrong_level_points_to_its_place():
    assert issues({"kind": "vios", "name": "v", "npiv_vfc_adapters": 3}) == [
        "$.npiv_vfc_adapters: unknown field (did you mean 'adapters.npiv_vfc_adapters'?)"
    ]


def test_wrong_type_and_enum_name_the_path():
    found = issues({"kind": "aix-lpar", "name": "x", "ame": {"page_support": "16M", "expansion_factor": "lots"}})
    assert any(i.startswith("$.ame.page_support: Input should be '4K' or '64K'") for i in found)
    assert any(i.startswith("$.ame.expansion_factor:") for i in found)


def test_nan_and_infinity_are_refused():
    data = parse_text('{"kind": "aix-lpar", "name": "x", "ame": {"expansion_factor": NaN}}', "doc.json")
    assert any("expansion_factor" in i for i in issues(data))


def test_not_an_object_and_missing_name():
    assert issues([1, 2]) == ["$: a document must be a JSON object"]
    assert any(i.startswith("$.name:") for i in issues({"kind": "vios"}))


def test_yaml_input_is_accepted():
    data = parse_text("kind: zvm-lpar\nname: ZVM1\nsmt_enabled: false\n", "doc.yaml")
    assert validate_document(data).smt_enabled is False
