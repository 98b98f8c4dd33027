"""advisor.coverage: rules ruled out by the stated values, and the rest grouped by the command
that would assess them. Both sides: a rule is hidden only when the values given make it false."""

from __future__ import annotations

import pytest

from advisor.coverage import COMPILE_AFTER, _compiled, coverage, truth
from advisor.documents.io import validate_document
from advisor.rulebook.condition import parse_condition

PARTITION = {
    "kind": "aix-lpar",
    "name": "sapapp09",
    "processor": "POWER9",
    "cpu": {"mode": "shared"},
    "ame": {"enabled": False},
}


@pytest.mark.parametrize(
    ("condition", "fact", "expected"),
    [
        ('cpu.mode == "dedicated" and cpu.idle_sharing == "keep_idle_procs"', {"cpu": {"mode": "shared"}}, False),
        ('cpu.mode == "dedicated" and cpu.idle_sharing == "keep_idle_procs"', {"cpu": {"mode": "dedicated"}}, None),
        ('cpu.mode == "dedicated" or cpu.idle_sharing == "keep_idle_procs"', {"cpu": {"mode": "dedicated"}}, True),
        ('cpu.mode == "dedicated" or cpu.idle_sharing == "keep_idle_procs"', {"cpu": {"mode": "shared"}}, None),
        ("memory.max_gb > memory.desired_gb * 2", {"memory": {"max_gb": 64}}, None),
        ("memory.max_gb > memory.desired_gb * 2", {"memory": {"max_gb": 64, "desired_gb": 8}}, True),
    ],
)
def test_three_valued_truth(condition, fact, expected):
    assert truth(parse_condition(condition), fact) is expected


def test_a_condition_is_read_for_its_first_uses_then_compiled_and_answers_the_same():
    """A one-document check reads each condition a few times: compiling it would cost more."""
    node = parse_condition('cpu.mode == "dedicated" and memory.max_gb > memory.desired_gb * 2')
    facts = [{"cpu": {"mode": "shared"}}, {"cpu": {"mode": "dedicated"}, "memory": {"max_gb": 64, "desired_gb": 8}}, {}]
    functions = [_compiled(node) for _ in range(COMPILE_AFTER + 2)]
    assert [f.__name__ for f in functions] == ["<lambda>"] * COMPILE_AFTER + ["truth"] * 2  # compiled once, kept
    assert functions[-1] is functions[-2]
    for f in functions:
        assert [f(fact) for fact in facts] == [truth(node, fact) for fact in facts] == [False, True, None]


def test_stated_values_rule_out_rules_and_missing_ones_do_not(durable_advisor):
    doc = validate_document(PARTITION)
    review = durable_advisor.review(doc)
    cov = coverage(doc, review, durable_advisor.rulebook)
    hidden = {n.rule_id for n in cov.cannot_apply}
    assert "LPAR-007" in hidden  # dedicated-only, and the partition says shared
    assert "AME-008" in hidden  # needs AME on, and the partition says off
    shown = {n.rule_id for need in cov.needs for n in need.rules}
    assert {"WPAR-001", "WPAR-003"} <= shown  # nothing said about WPARs: kept, not guessed away
    assert hidden.isdisjoint(shown) and len(hidden) + len(shown) == len(review.not_assessed)

    dedicated = validate_document({**PARTITION, "cpu": {"mode": "dedicated"}, "ame": {"enabled": True}})
    cov2 = coverage(dedicated, durable_advisor.review(dedicated), durable_advisor.rulebook)
    assert {"LPAR-007", "AME-008"}.isdisjoint(n.rule_id for n in cov2.cannot_apply)


def test_needs_name_the_command_and_fields(durable_advisor):
    doc = validate_document(PARTITION)
    cov = coverage(doc, durable_advisor.review(doc), durable_advisor.rulebook)
    wpar = next(n for n in cov.needs if n.commands == ("lswpar",))
    assert wpar.fields == ("wpar.wpars",)
    assert wpar.text().startswith("give `lswpar` (wpar.wpars) to assess ") and "WPAR-001" in wpar.text()
    counts = [len(n.rule_ids) for n in cov.needs]
    assert counts == sorted(counts, reverse=True)
