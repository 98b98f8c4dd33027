"""Many facts in one engine session (`fired_many`, `Advisor.evaluate_many`) answer exactly what one
fact at a time answers: each action result is mapped back to its fact by the id it carries, across
session boundaries (more than FACTS_PER_SESSION facts of one kind) and kinds, and a fault surfaces
at the document that causes it."""

from __future__ import annotations

import math

import pytest

from advisor import derive
from advisor.documents.io import validate_document
from advisor.engine import EngineError
from advisor.engine.durable import FACTS_PER_SESSION
from advisor.findings import NotAssessed, trusted
from advisor.render import json_out
from advisor.review import build_fact, units_of
from advisor.rulebook.condition import node_paths
from bench import generator
from tests.support.maximal import maximal_document

MAXIMAL_KINDS = ("aix-lpar", "vios", "hpux-server", "zos-lpar", "zvm-lpar", "managed-system")


@pytest.fixture(scope="module")
def documents():
    docs = [validate_document(g.document) for g in generator.generate(FACTS_PER_SESSION + 90, seed=31)]
    docs += [validate_document(maximal_document(k)) for k in MAXIMAL_KINDS]
    docs.insert(7, validate_document(generator.managed_system(40, seed=4)))
    return docs


def _facts(docs):
    return [(u.kind, build_fact(u, derive.compute(u.kind, u.model).values)) for d in docs for u in units_of(d)]


def test_fired_many_equals_one_fact_at_a_time_across_sessions(durable_advisor, reference_advisor, documents):
    facts = _facts(documents)
    assert sum(k == "aix-lpar" for k, _ in facts) > FACTS_PER_SESSION  # one kind spans two sessions
    batched = durable_advisor.evaluator.fired_many(facts)
    one_by_one = [durable_advisor.evaluator.fired(k, f) for k, f in facts]
    assert batched == one_by_one == reference_advisor.evaluator.fired_many(facts)
    assert sum(map(len, batched)) > len(facts)  # rules do fire: an empty answer would also agree


def test_reviews_of_a_batch_render_the_same_bytes_as_one_at_a_time(durable_advisor, reference_advisor, documents):
    items = [(d, None) for d in documents]
    batched = list(durable_advisor.review_many(items))
    assert len(batched) == len(documents)
    for doc, review in zip(documents, batched, strict=True):
        alone = reference_advisor.review(doc)  # one document, each fact decided on its own
        assert json_out.render_reviews([review], single=True) == json_out.render_reviews([alone], single=True)


def test_evaluate_many_returns_the_facts_the_engine_saw(durable_advisor, documents):
    (evaluated,) = durable_advisor.evaluate_many([(documents[7], None)])
    units = units_of(documents[7])
    assert list(evaluated.facts) == [u.path for u in units]
    last = units[-1]
    assert evaluated.facts["$"] == build_fact(last, derive.compute(last.kind, last.model).values)


def _with(fact: dict, path: str, value) -> dict:
    """`fact` with `value` at the dotted `path` (copies on the way)."""
    head, _, rest = path.partition(".")
    return {**fact, head: _with(fact.get(head, {}), rest, value) if rest else value}


def _read_by_rules(durable_advisor, kind: str) -> str:
    return next(p for cr in durable_advisor.rulebook.for_kind(kind) for p in node_paths(cr.condition))


def test_a_fact_the_core_cannot_take_fails_the_batch_and_no_other_fact(durable_advisor, documents):
    facts = _facts(documents[:20])
    kind, fact = facts[5]
    facts[5] = (kind, _with(fact, _read_by_rules(durable_advisor, kind), math.inf))
    with pytest.raises(EngineError, match="NaN or infinity"):
        durable_advisor.evaluator.fired_many(facts)
    good = facts[:5] + facts[6:]
    assert durable_advisor.evaluator.fired_many(good) == [durable_advisor.evaluator.fired(k, f) for k, f in good]


def test_a_value_no_rule_reads_is_not_sent_to_the_core(durable_advisor, reference_advisor, documents):
    """Each ruleset is sent only the fields its rules read: an unread value, even one the core could
    not take (validation and derive refuse NaN and infinity before this), changes nothing."""
    facts = _facts(documents[:20])
    odd = [(k, {**f, "derived": {**f["derived"], "not_read_by_any_rule": math.inf}}) for k, f in facts]
    assert durable_advisor.evaluator.fired_many(odd) == reference_advisor.evaluator.fired_many(facts)


def test_a_failing_document_fails_where_it_stands_after_the_ones_before_it(durable_advisor, documents):
    """A document the engine refuses (an infinite value, smuggled past validation) in a batch: the
    reviews before it still come, then its error, as without batching."""
    aix = next(d for d in documents if d.kind == "aix-lpar" and d.ame is not None)
    broken = aix.model_copy(update={"ame": aix.ame.model_copy(update={"expansion_factor": math.inf})})
    with pytest.raises(EngineError):
        durable_advisor.review(broken)
    items = [(d, None) for d in documents[:3]] + [(broken, None)] + [(d, None) for d in documents[3:6]]
    reviews = durable_advisor.review_many(items)
    got = [next(reviews) for _ in range(3)]
    assert [r.target for r in got] == [d.name for d in documents[:3]]
    with pytest.raises(EngineError):
        next(reviews)


def test_trusted_builds_what_model_construct_builds():
    values = dict(
        rule_id="AME-001", target="x", path="$", title="t", severity="high", missing=["ame.mode"], reason=None
    )
    fast, slow = trusted(NotAssessed, **values), NotAssessed.model_construct(**values)
    assert fast == slow and fast.model_fields_set == slow.model_fields_set
    assert fast.model_dump_json() == slow.model_dump_json() and repr(fast) == repr(slow)
    shuffled = trusted(NotAssessed, **dict(reversed(values.items())))  # given in another order
    assert shuffled.model_dump_json() == slow.model_dump_json() and list(vars(shuffled)) == list(vars(slow))
    with pytest.raises(KeyError):
        trusted(NotAssessed, rule_id="AME-001")
    with pytest.raises(TypeError, match="no field"):
        trusted(NotAssessed, **values, extra=1)
