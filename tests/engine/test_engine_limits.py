"""The engine's hard limits (ENGINE_NOTES): property counts, stack depth, the 1024-session cap."""

from __future__ import annotations

import pytest

from advisor.documents import KINDS
from advisor.documents.io import validate_document
from advisor.review import build_fact, units_of
from tests.support.maximal import maximal_document


@pytest.mark.parametrize("kind", KINDS)
def test_maximal_document_reviews_without_engine_error(kind, durable_advisor, reference_advisor):
    doc = validate_document(maximal_document(kind), f"maximal {kind}")
    assert durable_advisor.review(doc).model_dump() == reference_advisor.review(doc).model_dump()


def _props(obj: dict) -> int:
    return max([len(obj)] + [_props(v) for v in obj.values() if isinstance(v, dict)])


@pytest.mark.parametrize("kind", KINDS)
def test_facts_stay_under_255_properties_per_object(kind):
    from advisor import derive

    doc = validate_document(maximal_document(kind))
    for unit in units_of(doc):
        fact = build_fact(unit, derive.compute(unit.kind, unit.model).values)
        assert _props(fact) < 255


def test_managed_system_with_1000_partitions(durable_advisor, reference_advisor):
    frame = maximal_document("managed-system")
    lpar, vios = maximal_document("aix-lpar"), maximal_document("vios")
    frame["partitions"] = [dict(vios, name=f"vios{i}") for i in range(2)] + [
        dict(lpar, name=f"lpar{i:04d}") for i in range(998)
    ]
    doc = validate_document(frame)
    review = durable_advisor.review(doc)
    assert review.model_dump() == reference_advisor.review(doc).model_dump()
    alone = durable_advisor.review(validate_document(dict(lpar, name="lpar0997")))

    def outcome(findings, not_assessed, target):
        return (
            sorted((f.rule_id, f.severity, f.message) for f in findings if f.target == target),
            sorted(n.rule_id for n in not_assessed if n.target == target),
        )

    assert outcome(review.findings, review.not_assessed, "lpar0997") != ([], [])  # the partition was reviewed
    assert outcome(review.findings, review.not_assessed, "lpar0997") == outcome(
        alone.findings, alone.not_assessed, "lpar0997"
    )


def test_sessions_never_leak_past_the_1024_cap(durable_advisor):
    doc = validate_document(maximal_document("aix-lpar"))
    first = durable_advisor.review(doc)
    for _ in range(1100):  # the 1025th live session would raise MemoryError
        again = durable_advisor.review(doc)
    assert again.model_dump() == first.model_dump()
