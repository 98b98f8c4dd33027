"""A kind's rulesets are created on its first fact (a check of one document pays for one kind);
`prepare()` creates them all, as the API does before its first request."""

from __future__ import annotations

from advisor import derive
from advisor.documents.io import validate_document
from advisor.engine.durable import DurableEngine
from advisor.review import build_fact, units_of
from tests.support.maximal import maximal_document


def _facts(kind: str) -> list[tuple[str, dict]]:
    doc = validate_document(maximal_document(kind))
    return [(u.kind, build_fact(u, derive.compute(u.kind, u.model).values)) for u in units_of(doc)]


def test_only_the_kinds_evaluated_are_created_and_answers_do_not_change(rulebook, reference_advisor):
    engine = DurableEngine(rulebook)
    assert engine._rulesets == {}
    facts = _facts("aix-lpar")
    assert engine.fired_many(facts) == reference_advisor.evaluator.fired_many(facts)
    assert set(engine._rulesets) == {"aix-lpar"}
    more = _facts("zos-lpar")
    assert engine.fired_many(more) == reference_advisor.evaluator.fired_many(more)
    assert set(engine._rulesets) == {"aix-lpar", "zos-lpar"}


def test_prepare_creates_every_kind_once(rulebook, reference_advisor):
    engine = DurableEngine(rulebook)
    engine.prepare()
    assert set(engine._rulesets) == set(rulebook.kinds)
    handles = {kind: [r.handle for r in rs] for kind, rs in engine._rulesets.items()}
    engine.prepare()
    facts = _facts("vios")
    assert engine.fired_many(facts) == reference_advisor.evaluator.fired_many(facts)
    assert {kind: [r.handle for r in rs] for kind, rs in engine._rulesets.items()} == handles


def test_the_api_prepares_every_kind_before_its_first_request(tmp_path, monkeypatch, rulebook):
    from advisor.review import Advisor
    from api.app import create_app
    from api.settings import Settings

    monkeypatch.setenv("ADVISOR_DB", str(tmp_path / "advisor.db"))
    advisor = Advisor(rulebook, DurableEngine(rulebook))
    create_app(Settings.from_env(), advisor=advisor)
    assert set(advisor.evaluator._rulesets) == set(rulebook.kinds)
