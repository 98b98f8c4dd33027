"""what-if: the changed document, what moves, each cited; bad paths and values pointed at the change."""

from __future__ import annotations

import pytest

from advisor.capabilities import BY_NAME, CapabilityError
from tests.capabilities.conftest import example

WHATIF = BY_NAME["what_if"]


def test_ame64k_resolves_ame001_and_names_the_rules_it_checked(ctx):
    doc = example("aix-ame4k-64k.json")
    result = WHATIF.invoke({"document": doc, "changes": [{"path": "ame.page_support", "value": "64K"}]}, ctx)
    assert "AME-001" in [f.rule_id for f in result.resolved]
    assert all(f.citations for f in result.resolved + result.introduced + result.kept)
    assert result.document["ame"]["page_support"] == "64K" and doc["ame"]["page_support"] == "4K"
    assert result.changes[0].before == "4K" and result.changes[0].after == "64K"
    read = {r.rule_id: r for r in result.rules_read}
    assert "AME-001" in read and read["AME-001"].citations
    assert result.summary.resolved == len(result.resolved)


def _leaves(doc: dict, prefix: str = "") -> dict:
    out = {}
    for key, value in doc.items():
        if isinstance(value, dict):
            out.update(_leaves(value, f"{prefix}{key}."))
        else:
            out[prefix + key] = value
    return out


@pytest.mark.parametrize("case", ["sapapp01-ame-shrink", "sapapp01-ame-moderate"])
def test_changes_to_the_after_document_give_what_diff_gives(case, ctx):
    from advisor.diff import diff_reviews
    from advisor.documents.io import validate_document

    before, after = example(f"changes/{case}/before.json"), example(f"changes/{case}/after.json")
    old, new = _leaves(before), _leaves(after)
    changes = [{"path": p, "value": new.get(p)} for p in sorted(set(old) | set(new)) if old.get(p) != new.get(p)]
    result = WHATIF.invoke({"document": before, "changes": changes}, ctx)
    assert result.document == after
    expected = diff_reviews(ctx.advisor.review(validate_document(before)), ctx.advisor.review(validate_document(after)))
    for name in ("introduced", "resolved", "kept", "changed"):
        assert getattr(result, name) == getattr(expected, name), name
    assert result.rules_read  # even when nothing moves, the rules that read the fields are named


def test_a_mistyped_path_gets_the_documents_did_you_mean_on_the_change(ctx):
    with pytest.raises(CapabilityError) as err:
        WHATIF.invoke(
            {"document": example("aix-clean.json"), "changes": [{"path": "ame.page_suport", "value": "64K"}]}, ctx
        )
    (item,) = err.value.errors
    assert (err.value.name, item.path, item.suggestion) == ("invalid-document", "$.changes[0].path", "ame.page_support")


def test_an_unknown_block_is_blamed_on_the_path(ctx):
    with pytest.raises(CapabilityError) as err:
        WHATIF.invoke(
            {"document": example("aix-clean.json"), "changes": [{"path": "amee.enabled", "value": True}]}, ctx
        )
    assert err.value.errors[0].path == "$.changes[0].path" and err.value.errors[0].suggestion == "ame"


def test_a_wrong_value_is_blamed_on_the_value(ctx):
    with pytest.raises(CapabilityError) as err:
        WHATIF.invoke(
            {"document": example("aix-clean.json"), "changes": [{"path": "ame.page_support", "value": "16M"}]}, ctx
        )
    assert err.value.errors[0].path == "$.changes[0].value" and "ame.page_support" in err.value.errors[0].message


def test_a_missing_partition_and_an_absurd_number_are_refused(ctx):
    doc = example("managed-system.json")
    with pytest.raises(CapabilityError) as err:
        WHATIF.invoke({"document": doc, "changes": [{"path": "partitions[99].memory.desired_gb", "value": 8}]}, ctx)
    assert err.value.errors[0].path == "$.changes[0].path" and "partitions[99]" in err.value.errors[0].message
    with pytest.raises(CapabilityError) as err:
        WHATIF.invoke({"document": doc, "changes": [{"path": "cores", "value": 1e300}]}, ctx)
    assert err.value.name == "number-out-of-range" and err.value.errors[0].path == "$.changes[0].value"


def test_a_path_that_is_no_path_is_refused_by_the_request_model(ctx):
    with pytest.raises(CapabilityError) as err:
        WHATIF.invoke({"document": example("aix-clean.json"), "changes": [{"path": "a..b", "value": 1}]}, ctx)
    assert err.value.name == "invalid-request" and err.value.errors[0].path == "$.changes[0].path"
