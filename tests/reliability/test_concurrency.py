"""Concurrent evaluations in threads give exactly the sequential results, and the engine lock is
what makes them safe.

The C core of durable-rules has no locks (shared ENGINE_NOTES: "Ruleset with name X not found"
at first use from 16 threads, error 307 under 8 threads); advisor.engine.durable serialises every
call into it with one process-wide lock. Here:

* 16 threads review a mixed corpus (every kind, maximal documents, a managed system) in
  different orders, with a tiny GIL switch interval to force interleaving, and every review is
  compared with the sequential one;
* every function of the C module is wrapped by a probe that records how many threads are inside
  at once and whether the lock is held; the probe yields the GIL inside, so without the lock a
  second thread would get in. A control run shows the probe does see overlap where there is no lock;
* engines created from many threads at once (the first-use race) and `default_advisor()` raced
  from many threads behave like the sequential ones.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
import time

import pytest

from advisor import review as review_module
from advisor.documents import KINDS
from advisor.documents.io import validate_document
from advisor.engine import durable
from advisor.review import build_fact, units_of
from bench.generator import generate, managed_system
from tests.support.maximal import maximal_document

THREADS = 16
ROUNDS = 2
C_CALLS = (
    "assert_fact",
    "assert_facts",
    "start_action_for_state",
    "complete_and_start_action",
    "retract_fact",
    "retract_facts",
    "delete_state",
)


@pytest.fixture(scope="module")
def corpus():
    raws = [g.document for g in generate(48, seed=99)] + [maximal_document(k) for k in KINDS] + [managed_system(12)]
    return [validate_document(r, f"doc{i}") for i, r in enumerate(raws)]


def _race(n_threads: int, work) -> list[BaseException]:
    """Run work(i) in n threads started together; returns what they raised."""
    barrier = threading.Barrier(n_threads)
    errors: list[BaseException] = []

    def target(i: int) -> None:
        try:
            barrier.wait()
            work(i)
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # switch threads every 10 us instead of 5 ms
    try:
        threads = [threading.Thread(target=target, args=(i,)) for i in range(n_threads)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
        assert not any(t.is_alive() for t in threads), "a thread hung"
    finally:
        sys.setswitchinterval(old)
    return errors


def test_concurrent_reviews_equal_the_sequential_ones(corpus, durable_advisor, reference_advisor, monkeypatch, count):
    expected = [durable_advisor.review(doc).model_dump() for doc in corpus]
    assert expected == [reference_advisor.review(doc).model_dump() for doc in corpus]
    mismatches: list[tuple[int, int]] = []

    def work(t: int) -> None:
        order = list(range(len(corpus))) * ROUNDS
        random.Random(t).shuffle(order)
        for i in order:
            if durable_advisor.review(corpus[i]).model_dump() != expected[i]:
                mismatches.append((t, i))
        count(len(order))

    # The probes make the test able to fail: without the engine lock, reviews still often agree
    # with the sequential ones, but threads meet inside the C core (the control test below shows
    # the probe sees that). The outer probe shows the reviews really ran concurrently.
    inner, outer = Probe(durable._LOCK), Probe(None)
    for name in C_CALLS:
        monkeypatch.setattr(durable.dre, name, inner.wrap(getattr(durable.dre, name)))
    monkeypatch.setattr(durable_advisor, "review", outer.wrap(durable_advisor.review))
    errors = _race(THREADS, work)
    assert not errors, errors[:3]
    assert not mismatches, f"{len(mismatches)} reviews differ from the sequential ones, e.g. {mismatches[:5]}"
    assert count(0) == THREADS * ROUNDS * len(corpus)  # > 1024 evaluations, all sessions deleted
    assert outer.max_inside > 1, "the reviews never overlapped: this run could not have seen a race"
    assert inner.unlocked == 0 and inner.max_inside == 1, (inner.unlocked, inner.max_inside)


class Probe:
    """Counts threads inside the wrapped functions at once; yields the GIL while inside."""

    def __init__(self, lock: threading.Lock | None):
        self.lock = lock
        self.inside = self.max_inside = self.calls = self.unlocked = 0
        self._guard = threading.Lock()

    def wrap(self, fn):
        def probed(*args):
            with self._guard:
                self.inside += 1
                self.calls += 1
                self.max_inside = max(self.max_inside, self.inside)
                if self.lock is not None and not self.lock.locked():
                    self.unlocked += 1
            try:
                time.sleep(0)  # give up the GIL: without the engine lock, another thread gets in here
                return fn(*args)
            finally:
                with self._guard:
                    self.inside -= 1

        return probed


def test_every_call_into_the_c_core_holds_the_lock_and_runs_alone(corpus, durable_advisor, monkeypatch, count):
    facts = [
        (u.kind, build_fact(u, review_module.derive.compute(u.kind, u.model).values))
        for doc in corpus
        for u in units_of(doc)
    ]
    expected = [durable_advisor.evaluator.fired(kind, fact) for kind, fact in facts]
    probe = Probe(durable._LOCK)
    for name in C_CALLS:
        monkeypatch.setattr(durable.dre, name, probe.wrap(getattr(durable.dre, name)))
    wrong: list[int] = []

    def work(t: int) -> None:
        order = list(range(len(facts)))
        random.Random(t).shuffle(order)
        for i in order:
            if durable_advisor.evaluator.fired(*facts[i]) != expected[i]:
                wrong.append(i)
        count(len(order))

    errors = _race(8, work)
    assert not errors, errors[:3]
    assert not wrong
    assert probe.calls >= 8 * len(facts) * 3  # assert, start, retract at least, per evaluation
    assert probe.unlocked == 0, "a call into durable-rules ran without the engine lock"
    assert probe.max_inside == 1, f"{probe.max_inside} threads were inside durable-rules at once"


def test_control_the_probe_sees_overlap_without_a_lock():
    probe = Probe(None)
    sleepy = probe.wrap(lambda: time.sleep(0.002))

    def work(_: int) -> None:
        for _ in range(20):
            sleepy()

    assert not _race(8, work)
    assert probe.max_inside > 1  # so max_inside == 1 above is the lock's doing, not the probe's blindness


def test_engines_built_from_many_threads_at_once(rulebook, corpus, durable_advisor, count):
    facts = [
        (u.kind, build_fact(u, review_module.derive.compute(u.kind, u.model).values))
        for doc in corpus[:20]
        for u in units_of(doc)
    ]
    expected = [durable_advisor.evaluator.fired(kind, fact) for kind, fact in facts]
    results: dict[int, list] = {}

    def work(t: int) -> None:  # the first-use race of ENGINE_NOTES: create, then evaluate at once
        engine = durable.DurableEngine(rulebook)
        results[t] = [engine.fired(kind, fact) for kind, fact in facts]
        count(len(facts))

    errors = _race(8, work)
    assert not errors, errors[:3]
    assert all(results[t] == expected for t in range(8))


def test_default_advisor_raced_from_many_threads_is_one_advisor(monkeypatch, corpus, durable_advisor):
    monkeypatch.setattr(review_module, "_DEFAULT", None)
    got: list = []
    errors = _race(12, lambda _: got.append(review_module.default_advisor()))
    assert not errors, errors[:3]
    assert len(got) == 12 and all(a is got[0] for a in got)
    assert got[0].review(corpus[0]).model_dump() == durable_advisor.review(corpus[0]).model_dump()


class _NoLock:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def locked(self) -> bool:
        return False


class _Meeting(Probe):
    """A probe that says so on stdout the moment two threads are inside at once."""

    def wrap(self, fn):
        def probed(*args):
            with self._guard:
                self.inside += 1
                if self.inside > 1:
                    os.write(1, b"met\n")
            try:
                time.sleep(0)
                return fn(*args)
            finally:
                with self._guard:
                    self.inside -= 1

        return probed


def unlocked_race() -> None:
    """The child process of the control below: the engine lock replaced by a no-op, 8 threads."""
    from advisor.rulebook.loader import load_rulebook

    durable._LOCK = _NoLock()  # type: ignore[assignment]
    engine = durable.DurableEngine(load_rulebook())
    probe = _Meeting(None)
    for name in C_CALLS:
        setattr(durable.dre, name, probe.wrap(getattr(durable.dre, name)))
    docs = [validate_document(g.document) for g in generate(8, seed=99)]
    facts = [
        (u.kind, build_fact(u, review_module.derive.compute(u.kind, u.model).values)) for d in docs for u in units_of(d)
    ]

    def work(_: int) -> None:
        for kind, fact in facts:
            try:
                engine.fired(kind, fact)
            except Exception:  # noqa: BLE001 - without the lock the C core may fail: that is the point
                pass

    _race(8, work)


def test_control_without_the_engine_lock_the_probe_sees_threads_meet():
    """The lock removed for real: the assertions above would fail. Threads then share a ruleset's
    one session, which can crash the process (SIGSEGV), so the race runs in a child process and
    the probe reports the meeting before any call it lets through."""
    child = subprocess.run(
        [sys.executable, "-c", "from tests.reliability.test_concurrency import unlocked_race; unlocked_race()"],
        capture_output=True,
        timeout=300,
    )
    assert b"met" in child.stdout, (child.returncode, child.stderr[-2000:])
