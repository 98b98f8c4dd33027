"""A document pasted into a chat message meets the limits of every other way in (issue 12, item 6).

The chat used to skip them: deep JSON was a 500 (RecursionError), 1e300 and any number of
partitions passed, and a chat review was quadratic in partitions (70 s for 1,000; 1.6 s on
/v1/reviews). Limits live in advisor/documents/limits.py; `validate_document` applies them.
"""

from __future__ import annotations

import gc
import json
import time

import pytest

from advisor.chat import ChatEngine
from advisor.documents.limits import LIMITS
from bench.generator import managed_system


@pytest.fixture(scope="module")
def engine() -> ChatEngine:
    return ChatEngine()


@pytest.mark.parametrize(
    ("document", "words"),
    [
        ('{"kind": "aix-lpar", "name": "x", "memory": ' + '{"a": ' * 5000 + "1" + "}" * 5001, "nested deeper"),
        ('{"kind": "aix-lpar", "name": "x", "memory": ' + '{"a": ' * 40 + "1" + "}" * 41, "nested deeper"),
        ('{"kind": "aix-lpar", "name": "x", "memory": {"max_gb": 1e300}}', "beyond"),
        ('{"kind": "aix-lpar", "name": "x", "memory": {"max_gb": NaN}}', "beyond"),
        (json.dumps(managed_system(LIMITS.max_partitions + 1)), "partitions"),
    ],
)
def test_a_pasted_document_past_a_limit_is_refused_clearly(engine, document, words) -> None:
    reply = engine.turn("review " + document)
    assert reply.intent == "error" and "not valid" in reply.answer and words in reply.answer, reply.answer[:300]


def _cpu(fn) -> float:
    """CPU time of `fn` alone: the test process's own heap (thousands of earlier tests' objects) is
    frozen out of the collector first, so a full collection over it does not land in one side."""
    gc.collect()
    gc.freeze()
    try:
        start = time.thread_time()
        fn()
        return time.thread_time() - start
    finally:
        gc.unfreeze()


def test_a_chat_review_is_linear_in_partitions(engine) -> None:
    small, large = managed_system(40), managed_system(160)
    engine.turn("review " + json.dumps(managed_system(2)))  # warm-up
    t_small = _cpu(lambda: engine.turn("review " + json.dumps(small)))
    t_large = _cpu(lambda: engine.turn("review " + json.dumps(large)))
    # 4x the partitions: linear is ~4x, the quadratic lookup it had was ~16x
    assert t_large < 2.5 * 4 * t_small, (t_small, t_large)
