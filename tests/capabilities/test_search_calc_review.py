"""Guidance search, calculators and review through the capability layer."""

from __future__ import annotations

import pytest

from advisor.capabilities import BY_NAME, CapabilityError, Context
from tests.capabilities.conftest import example


def test_search_returns_cited_passages_best_first(ctx):
    result = BY_NAME["search_guidance"].invoke({"q": "AME 64K pages for SAP", "platform": "AIX", "limit": 3}, ctx)
    assert 1 <= len(result.passages) <= 3 and result.platform == "aix"
    scores = [p.score for p in result.passages]
    assert scores == sorted(scores, reverse=True)
    top = result.passages[0]
    assert top.source_id == "ibm-aix-ame64k-sap-2023" and top.section and top.citation.title


def test_search_refuses_an_unknown_platform_with_a_suggestion(ctx):
    with pytest.raises(CapabilityError) as err:
        BY_NAME["search_guidance"].invoke({"q": "large pages", "platform": "z/0S"}, ctx)
    assert err.value.errors[0].path == "$.platform" and err.value.errors[0].suggestion == "zos"


def test_sap_instances_calculator(ctx):
    result = BY_NAME["calc_sap_instances"].invoke({"cores": 32, "saps": 40000}, ctx)
    assert (result.min_instances, result.max_instances) == (8, 16)
    assert result.citations[0].source == "hp-hpux-sap-itanium-kod"


def test_an_lfarea_statement_ipl_rejects_is_an_lfarea_syntax_error(ctx):
    with pytest.raises(CapabilityError) as err:
        BY_NAME["calc_lfarea"].invoke({"statement": "LFAREA=(1M=(40%),2G=(8)", "online_storage_gb": 64}, ctx)
    assert (
        err.value.name == "lfarea-syntax" and err.value.errors[0].path == "$.statement" and "lfarea" in err.value.extra
    )


def test_review_of_outputs_carries_what_was_read(ctx):
    result = BY_NAME["review_configuration"].invoke(
        {"outputs": [{"command": "lparstat -i", "text": "Node Name : sapapp07\nType : Shared-SMT-8\n"}]}, ctx
    )
    assert result.target == "sapapp07" and result.document["name"] == "sapapp07" and result.warnings is not None


def test_storing_needs_a_surface_with_a_store(ctx, durable_advisor):
    with pytest.raises(CapabilityError) as err:
        BY_NAME["review_configuration"].invoke({"document": example("aix-clean.json"), "store": True}, ctx)
    assert err.value.errors[0].path == "$.store"
    saved = []
    storing = Context(advisor=durable_advisor, store_review=lambda sub, res: saved.append(res.target) or "rv_1")
    result = BY_NAME["review_configuration"].invoke({"document": example("aix-clean.json"), "store": True}, storing)
    assert result.review_id == "rv_1" and saved == [result.target]


def test_too_many_partitions_are_refused_before_validation(durable_advisor):
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Small:
        max_partitions: int = 2
        max_body_bytes: int = 1 << 20
        max_depth: int = 32

    ctx = Context(advisor=durable_advisor, limits=Small())
    doc = example("managed-system.json")
    assert len(doc["partitions"]) > 2
    with pytest.raises(CapabilityError) as err:
        BY_NAME["review_configuration"].invoke({"document": doc}, ctx)
    assert err.value.name == "too-many-partitions" and err.value.errors[0].path == "$.document.partitions"
