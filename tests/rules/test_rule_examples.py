"""Every rule's own fixtures, from every side: must fire, must pass, and not assessed without its data."""

from __future__ import annotations

import copy

import pytest

from advisor.documents.io import validate_document
from advisor.rulebook.loader import load_rulebook

RULEBOOK = load_rulebook()
FIRE = [(r.id, i) for r in RULEBOOK.rules.values() for i in range(len(r.rule.examples.fire))]
PASS = [(r.id, i) for r in RULEBOOK.rules.values() for i in range(len(r.rule.examples.pass_))]
REQUIRED = [(r.id, p) for r in RULEBOOK.rules.values() for p in r.rule.requires if not p.startswith("derived.")]


def _review(advisor, document):
    return advisor.review(validate_document(document))


@pytest.mark.parametrize("rule_id,index", FIRE, ids=[f"{r}-fire{i}" for r, i in FIRE])
def test_fire_example_fires(advisor, rule_id, index):
    example = RULEBOOK.rules[rule_id].rule.examples.fire[index]
    review = _review(advisor, example.document)
    found = [f for f in review.findings if f.rule_id == rule_id]
    assert found, f"{rule_id} did not fire on '{example.note}'; not assessed: {review.not_assessed}"
    if example.severity:
        assert {f.severity for f in found} == {example.severity}
    for finding in found:
        assert finding.citations and finding.remediation
        assert "{" not in finding.message, finding.message  # every placeholder filled


@pytest.mark.parametrize("rule_id,index", PASS, ids=[f"{r}-pass{i}" for r, i in PASS])
def test_pass_example_is_assessed_and_passes(advisor, rule_id, index):
    example = RULEBOOK.rules[rule_id].rule.examples.pass_[index]
    review = _review(advisor, example.document)
    assert not [f for f in review.findings if f.rule_id == rule_id], example.note
    assert not [n for n in review.not_assessed if n.rule_id == rule_id], f"'{example.note}' is not assessed"


def _drop(document: dict, path: str) -> bool:
    node = document
    parts = path.split(".")
    for part in parts[:-1]:
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return isinstance(node, dict) and node.pop(parts[-1], None) is not None


@pytest.mark.parametrize("rule_id,path", REQUIRED, ids=[f"{r}-without-{p}" for r, p in REQUIRED])
def test_not_assessed_without_required_field(durable_advisor, rule_id, path):
    rule = RULEBOOK.rules[rule_id].rule
    examples = [e for e in rule.examples.fire if e.document["kind"] in rule.kinds]
    assert examples, f"{rule_id} needs a fire example of its own kind"
    document = copy.deepcopy(examples[0].document)
    assert _drop(document, path), f"the first fire example of {rule_id} must state every required field, {path} too"
    review = _review(durable_advisor, document)
    assert not [f for f in review.findings if f.rule_id == rule_id]
    entries = [n for n in review.not_assessed if n.rule_id == rule_id]
    assert entries and any(path in n.missing or any(m.startswith(path) for m in n.missing) for n in entries), entries
