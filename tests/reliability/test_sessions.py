"""Engine sessions never leak, also when an evaluation fails; memory stays flat.

Each ruleset keeps one session, whose facts every evaluation retracts again; a failure deletes it.
The C core caps live sessions at 1024 per ruleset: the 1025th raises MemoryError. The sequential
happy path (1100 reviews) is tests/engine/test_engine_limits.py::test_sessions_never_leak_past_the_1024_cap,
and 16 threads x 1760 reviews are in test_concurrency.py. This file adds the failure paths, each
repeated past the cap: a failure inside the engine after its session exists, a failure before it
exists, and a fact rejected before any session is made. A leak would make the real assert of a
later evaluation fail with MemoryError, so every error seen must be exactly the injected one and
a normal evaluation must still work and match the reference afterwards.
"""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from advisor import derive
from advisor.documents.io import validate_document
from advisor.engine import durable
from advisor.engine.durable import EngineError
from advisor.review import build_fact, units_of
from advisor.rulebook.condition import node_paths
from bench.generator import generate
from tests.support.maximal import maximal_document

PAST_THE_CAP = 1100


class Injected(RuntimeError):
    pass


@pytest.fixture(scope="module")
def fact():
    (unit,) = units_of(validate_document(maximal_document("aix-lpar")))
    return unit.kind, build_fact(unit, derive.compute(unit.kind, unit.model).values)


def _still_works(durable_advisor, reference_advisor, fact) -> None:
    kind, f = fact
    assert durable_advisor.evaluator.fired(kind, f) == reference_advisor.evaluator.fired(kind, f)


def _fail_repeatedly(durable_advisor, fact, count) -> list[str]:
    kind, f = fact
    messages = []
    for _ in range(PAST_THE_CAP):
        with pytest.raises(EngineError) as info:
            durable_advisor.evaluator.fired(kind, f)
        messages.append(str(info.value))
        count()
    return messages


def test_failure_after_the_session_exists_still_deletes_it(
    durable_advisor, reference_advisor, fact, monkeypatch, count
):
    real = durable.dre.start_action_for_state

    def start_then_fail(handle, state):
        real(handle, state)  # the session exists and holds a started action
        raise Injected("injected after start_action_for_state")

    monkeypatch.setattr(durable.dre, "start_action_for_state", start_then_fail)
    messages = _fail_repeatedly(durable_advisor, fact, count)
    assert all("injected after start_action_for_state" in m for m in messages), {m for m in messages}
    monkeypatch.undo()
    _still_works(durable_advisor, reference_advisor, fact)


def test_failure_before_the_session_exists(durable_advisor, reference_advisor, fact, monkeypatch, count):
    def refuse(handle, payload):
        raise Injected("injected in assert_fact")

    monkeypatch.setattr(durable.dre, "assert_fact", refuse)  # one fact; a batch uses assert_facts
    monkeypatch.setattr(durable.dre, "assert_facts", refuse)
    messages = _fail_repeatedly(durable_advisor, fact, count)
    assert all("injected in assert_fact" in m for m in messages)
    monkeypatch.undo()
    _still_works(durable_advisor, reference_advisor, fact)


def test_rejected_facts_make_no_session(durable_advisor, reference_advisor, fact, count):
    kind, f = fact
    read = next(  # a derived value some rule reads: the engine sends only what rules read
        p.split(".", 1)[1]
        for cr in durable_advisor.rulebook.for_kind(kind)
        for p in node_paths(cr.condition)
        if p.startswith("derived.")
    )
    for bad in (float("nan"), float("inf"), float("-inf")):
        broken = {**f, "derived": {**f.get("derived", {}), read: bad}}
        for _ in range(PAST_THE_CAP // 3 + 1):
            with pytest.raises(EngineError, match="NaN or infinity"):
                durable_advisor.evaluator.fired(kind, broken)
            count()
    _still_works(durable_advisor, reference_advisor, fact)


def _rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc (Linux)")
def test_memory_stays_flat_over_thousands_of_reviews(durable_advisor, count):
    models = [validate_document(g.document) for g in generate(100, seed=21)]
    for m in models * 3:  # warm-up: caches, interned strings, allocator arenas
        durable_advisor.review(m)
    gc.collect()
    before = _rss_kib()
    for i in range(2500):
        durable_advisor.review(models[i % len(models)])
    gc.collect()
    count(2500)
    grown = _rss_kib() - before
    # Measured: 0 KiB over 20 000 reviews. 2 MiB leaves room for allocator noise; a leak of one
    # engine session (a few KiB) per review would show as 10+ MiB.
    assert grown < 2048, f"RSS grew {grown} KiB over 2500 reviews"
