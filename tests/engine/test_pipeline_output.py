"""The review pipeline's output, pinned byte for byte: the JSON report (findings, ranks, scores,
not-assessed entries with their missing paths and reasons) of every kind's maximal document, of a
managed system and, as a digest, of a generated fleet. The pipeline is tuned for speed (issue 18:
derivations planned per kind, findings built without re-validation); none of it may change a byte.
The snapshot was written by the pipeline before that work. After an intended change of rules or
output: `.venv/bin/python -m pytest tests/engine/test_pipeline_output.py --snapshot-update`.
"""

from __future__ import annotations

import hashlib

import pytest

from advisor.documents.io import validate_document
from advisor.render import json_out
from bench import generator
from tests.support.maximal import maximal_document

KINDS = ("aix-lpar", "vios", "hpux-server", "zos-lpar", "zvm-lpar")


def _json(advisor, raw: dict) -> str:
    return json_out.render_reviews([advisor.review(validate_document(raw))], single=True)


@pytest.mark.parametrize("kind", KINDS)
def test_maximal_document(durable_advisor, snapshot, kind):
    assert _json(durable_advisor, maximal_document(kind)) == snapshot


def test_managed_system(durable_advisor, snapshot):
    assert _json(durable_advisor, generator.managed_system(8, seed=3)) == snapshot


def test_generated_fleet_digest(durable_advisor, snapshot):
    """120 generated documents of every kind (sparse and full, firing and clean), one digest each."""
    digests = [
        hashlib.sha256(_json(durable_advisor, g.document).encode()).hexdigest()[:16]
        for g in generator.generate(120, seed=9)
    ]
    assert digests == snapshot
