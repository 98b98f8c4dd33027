"""What each rule prints, pinned: the rendered finding of every fire example, as text and as JSON.

A change to a message, a fix or a citation shows up as a reviewed diff of
tests/rules/__snapshots__/test_rule_snapshots.ambr (the way Ruff commits its rule snapshots).
After an intended change: `.venv/bin/python -m pytest tests/rules/test_rule_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from advisor.documents.io import validate_document
from advisor.render.text import render_review
from advisor.rulebook.loader import load_rulebook

RULEBOOK = load_rulebook()
FIRE = [(r.id, i) for r in RULEBOOK.rules.values() for i in range(len(r.rule.examples.fire))]


def _text(review) -> str:
    out = io.StringIO()
    render_review(Console(file=out, width=120, no_color=True, highlight=False), review, show_not_assessed=False)
    return "\n".join(line.rstrip() for line in out.getvalue().splitlines()[1:]).strip()  # line 1: rulebook hash


@pytest.mark.parametrize("rule_id,index", FIRE, ids=[f"{r}-fire{i}" for r, i in FIRE])
def test_rendered_finding(reference_advisor, snapshot, rule_id, index):
    example = RULEBOOK.rules[rule_id].rule.examples.fire[index]
    review = reference_advisor.review(validate_document(example.document))
    own = review.model_copy(update={"findings": [f for f in review.findings if f.rule_id == rule_id]})
    rendered = {
        "text": _text(own),
        "json": [f.model_dump(mode="json", exclude={"rank", "score", "rationale"}) for f in own.findings],
    }
    for finding in own.findings:  # what a user reads never shows a value the document lacks
        for sentence in [finding.message, finding.recommendation, *(s.description for s in finding.remediation)]:
            assert "n/a" not in sentence and "None" not in sentence, sentence
    assert rendered == snapshot
