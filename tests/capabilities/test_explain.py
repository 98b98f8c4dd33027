"""explain / why-not: fired with values, not fired with the false comparisons, not assessed with commands."""

from __future__ import annotations

import pytest

from advisor.capabilities import BY_NAME, CapabilityError
from tests.capabilities.conftest import example

EXPLAIN = BY_NAME["explain_rule"]


def test_fired_shows_each_condition_with_this_systems_values(ctx):
    result = EXPLAIN.invoke({"rule_id": "AME-001", "document": example("aix-ame4k-64k.json")}, ctx)
    (target,) = result.targets
    assert target.status == "fired" and target.finding is not None
    assert target.finding.citations and result.citations
    values = {c.path: (c.value, c.compared_with, c.holds) for c in target.conditions}
    assert values == {
        "ame.enabled": (True, True, True),
        "ame.page_support": ("4K", "4K", True),
        "workload.app_page_size": ("64K", "64K", True),
    }
    assert "AME64K" in result.recommendation and result.rationale


def test_not_fired_shows_the_false_comparison_with_the_value(ctx):
    result = BY_NAME["why_not_fired"].invoke({"rule_id": "AME-001", "document": example("aix-clean.json")}, ctx)
    (target,) = result.targets
    assert target.status == "not-fired" and target.finding is None
    assert [(c.path, c.value, c.compared_with, c.holds) for c in target.conditions] == [
        ("ame.page_support", "64K", "4K", False)
    ]


def test_not_assessed_names_each_missing_field_and_its_command(ctx):
    result = EXPLAIN.invoke({"rule_id": "AME-006", "document": {"kind": "aix-lpar", "name": "x"}}, ctx)
    (target,) = result.targets
    assert target.status == "not-assessed"
    missing = {m.path: m.command for m in target.missing}
    assert "ame.deficit_mb" in missing and "lparstat -c" in missing["ame.deficit_mb"]
    assert all(m.command for m in target.missing)


def test_a_managed_system_is_explained_partition_by_partition_and_can_be_narrowed(ctx):
    doc = example("managed-system.json")
    every = EXPLAIN.invoke({"rule_id": "LPAR-001", "document": doc}, ctx)
    names = [t.target for t in every.targets]
    assert len(names) >= 2 and every.system == doc["name"]
    one = EXPLAIN.invoke({"rule_id": "LPAR-001", "document": doc, "target": names[1]}, ctx)
    assert [t.target for t in one.targets] == [names[1]]
    with pytest.raises(CapabilityError) as err:
        EXPLAIN.invoke({"rule_id": "LPAR-001", "document": doc, "target": "nosuch"}, ctx)
    assert err.value.errors[0].path == "$.target"


def test_a_rule_for_another_kind_does_not_apply(ctx):
    result = EXPLAIN.invoke({"rule_id": "ZOS-001", "document": example("aix-clean.json")}, ctx)
    assert result.applies is False and result.targets == []


def test_without_a_system_the_rule_alone(ctx):
    result = EXPLAIN.invoke({"rule_id": "ame-001"}, ctx)
    assert result.rule_id == "AME-001" and result.system is None and result.targets == []
    assert result.condition.startswith("(ame.enabled == true")


def test_unknown_rule_suggests_the_closest(ctx):
    with pytest.raises(CapabilityError) as err:
        EXPLAIN.invoke({"rule_id": "AMW-001"}, ctx)
    assert err.value.name == "rule-not-found" and err.value.errors[0].suggestion == "AME-001"


def test_a_bad_document_gets_the_documents_did_you_mean_at_its_path(ctx):
    doc = example("aix-clean.json")
    doc["ame"]["page_suport"] = doc["ame"].pop("page_support")
    with pytest.raises(CapabilityError) as err:
        EXPLAIN.invoke({"rule_id": "AME-001", "document": doc}, ctx)
    assert err.value.name == "invalid-document"
    assert err.value.errors[0].path == "$.document.ame.page_suport"
    assert err.value.errors[0].suggestion == "page_support"


def test_two_systems_at_once_are_refused(ctx):
    with pytest.raises(CapabilityError) as err:
        EXPLAIN.invoke({"rule_id": "AME-001", "document": {}, "review_id": "rv_" + "0" * 20}, ctx)
    assert err.value.name == "invalid-request"


def test_a_review_id_needs_a_store(ctx):
    with pytest.raises(CapabilityError) as err:
        EXPLAIN.invoke({"rule_id": "AME-001", "review_id": "rv_" + "0" * 20}, ctx)
    assert err.value.name == "review-not-found" and "no store" in err.value.detail
