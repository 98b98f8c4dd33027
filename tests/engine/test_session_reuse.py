"""Each ruleset keeps one engine session for the life of the engine (advisor.engine.durable): an
evaluation asserts its facts, runs the actions and retracts the facts again. Here: the session is
really empty after every evaluation, also after the core failed half-way through a batch, and no
evaluation ever sees what an earlier one left behind."""

from __future__ import annotations

import json

import pytest

from advisor import derive
from advisor.documents.io import validate_document
from advisor.engine import EngineError, durable
from advisor.engine.durable import SID, DurableEngine
from advisor.review import build_fact, units_of
from advisor.rulebook.condition import node_paths
from bench import generator
from tests.support.maximal import maximal_document


@pytest.fixture(scope="module")
def facts():
    docs = [validate_document(g.document) for g in generator.generate(60, seed=17)]
    docs += [validate_document(maximal_document(k)) for k in ("aix-lpar", "vios", "managed-system")]
    return [(u.kind, build_fact(u, derive.compute(u.kind, u.model).values)) for d in docs for u in units_of(d)]


def _held(engine: DurableEngine) -> list:
    """Every fact any session of `engine` still holds (a ruleset no fact reached has no session)."""
    held = []
    for rulesets in engine._rulesets.values():
        for ruleset in rulesets:
            try:
                held += json.loads(durable.dre.get_facts(ruleset.handle, SID))
            except durable.dre.error as exc:
                assert "error code: 309" in str(exc)  # no such session
    return held


def test_every_evaluation_leaves_the_sessions_empty(rulebook, reference_advisor, facts):
    engine = DurableEngine(rulebook)
    assert engine.fired_many(facts) == reference_advisor.evaluator.fired_many(facts)
    assert _held(engine) == []
    for kind, fact in facts[:40]:
        assert engine.fired(kind, fact) == reference_advisor.evaluator.fired(kind, fact)
    assert _held(engine) == []


def test_a_batch_the_core_fails_half_way_leaves_nothing_behind(rulebook, reference_advisor, facts):
    """A real fault of the core in the middle of an assert: an object with more properties than the
    core takes (255, error 302) at a field a rule reads, after other facts of the batch went in."""
    engine = DurableEngine(rulebook)
    kind, fact = next((k, f) for k, f in facts if k == "aix-lpar")
    path = next(p for cr in rulebook.for_kind(kind) for p in node_paths(cr.condition) if p.startswith("derived."))
    huge = {**fact, "derived": {**fact["derived"], path.split(".", 1)[1]: {f"p{i}": i for i in range(300)}}}
    same_kind = [(k, f) for k, f in facts if k == kind]
    with pytest.raises(EngineError, match="durable-rules failed on a aix-lpar fact"):
        engine.fired_many([*same_kind[:5], (kind, huge), *same_kind[5:10]])
    assert _held(engine) == []
    with pytest.raises(EngineError, match="error code: 302"):  # alone: `assert_fact` reports it itself
        engine.fired(kind, huge)
    assert _held(engine) == []
    assert engine.fired_many(same_kind) == reference_advisor.evaluator.fired_many(same_kind)
    assert _held(engine) == []
