"""Every shipped example is a valid document, and the README's promises about them hold."""

from pathlib import Path

import pytest

from advisor.documents.io import read_document

EXAMPLES = sorted((Path(__file__).parents[1] / "examples").glob("*.json"))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_validates_and_reviews(path, durable_advisor):
    _, doc = read_document(str(path))
    review = durable_advisor.review(doc)
    assert review.target == doc.name


def test_one_example_per_kind():
    from advisor.documents import KINDS

    kinds = {read_document(str(p))[1].kind for p in EXAMPLES}
    assert kinds == set(KINDS)


def test_clean_example_has_nothing_high(durable_advisor):
    _, doc = read_document(str(Path(__file__).parents[1] / "examples" / "aix-clean.json"))
    review = durable_advisor.review(doc)
    assert not [f for f in review.findings if f.severity in ("critical", "high")], review.findings
