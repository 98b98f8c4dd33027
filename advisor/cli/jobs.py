"""Many inputs on several processes (`advisor check --jobs N`), results in input order.

Workers are forked from the parent once it has loaded the rulebook and compiled the engine, so
each starts at once with its own copy (the engine is driven through its low-level API, which
starts no threads, so nothing is lost in the fork). A worker turns one input into what the parent
needs of it, already rendered (bytes and a few counts), so the parent only writes and tallies:
its memory stays flat whatever the fleet size, and no review is pickled across processes.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")

# Inputs handed to one worker at a time: large enough that the queue round trip (~0.1 ms) is
# small beside the reviews (~0.5 ms each), small enough that results still stream.
CHUNK = 16
# How many chunks may be in flight ahead of the one being written; bounds the results the
# parent holds when an early input is slow (a 1,000-partition system among small ones).
AHEAD = 8

_WORK: Callable[[int, str], Any] | None = None


def default_jobs() -> int:
    """The cores this process may run on (a CPU set or container limit counts, not the host's)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def _call(batch: list[tuple[int, str]]) -> list[Any]:
    assert _WORK is not None, "set by run() before the fork"
    return [_WORK(position, item) for position, item in batch]


def run(items: Sequence[str], work: Callable[[int, str], T], jobs: int) -> Iterator[T]:
    """`work(position, item)` for every item, on `jobs` forked processes; yielded in input order.

    `work` runs in the children, so it may be a closure over anything the parent built (the fork
    copies it); what it returns must pickle. With one job, or one item, it runs here."""
    global _WORK
    if jobs <= 1 or len(items) <= 1:
        for position, item in enumerate(items):
            yield work(position, item)
        return
    numbered = list(enumerate(items))
    batches = [numbered[i : i + CHUNK] for i in range(0, len(numbered), CHUNK)]
    _WORK = work
    try:
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=min(jobs, len(batches)), mp_context=context) as pool:
            pending = [pool.submit(_call, b) for b in batches[:AHEAD]]
            submitted = len(pending)
            while pending:
                done = pending.pop(0).result()
                if submitted < len(batches):
                    pending.append(pool.submit(_call, batches[submitted]))
                    submitted += 1
                yield from done
    finally:
        _WORK = None
