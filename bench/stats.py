"""Timing samples: median, p99 and ratios, measured with the baseline interleaved.

Subject and baseline are timed alternately (A B A B ...), not one block after the other, so
CPU frequency changes, other processes and garbage collection hit both the same way.
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile of already sorted values (q in 0..100)."""
    if not sorted_values:
        return math.nan
    rank = max(1, math.ceil(q / 100 * len(sorted_values)))
    return sorted_values[min(rank, len(sorted_values)) - 1]


@dataclass
class Summary:
    n: int
    median: float
    p99: float
    mean: float
    min: float
    max: float
    unit: str = "us"
    cpu_mean: float | None = None  # CPU time of this thread per call (blocks, see paired), same unit

    @classmethod
    def of(cls, values: Sequence[float], unit: str = "us") -> Summary:
        s = sorted(values)
        if not s:
            return cls(0, math.nan, math.nan, math.nan, math.nan, math.nan, unit)
        return cls(len(s), percentile(s, 50), percentile(s, 99), sum(s) / len(s), s[0], s[-1], unit)

    def to_dict(self) -> dict:
        return asdict(self)


def ratio(subject: float, baseline: float) -> float:
    return subject / baseline if baseline else math.nan


def paired(
    subject: Callable[[], object], baseline: Callable[[], object], n: int, warmup: int = 50, per: int = 1
) -> tuple[Summary, Summary]:
    """Time `subject` and `baseline` alternately `n` times each; microseconds per call / `per`.

    Wall time per call is the figure (median, p99). On a shared machine it includes time the
    process waited for a core, so CPU time of this thread is measured too, over alternating
    blocks of calls (reading the CPU clock costs ~2 us here: too much to do per call)."""
    for _ in range(warmup):
        subject()
        baseline()
    a: list[float] = []
    b: list[float] = []
    clock = time.perf_counter_ns
    gc.collect()  # start clean; collections during the run are part of the cost and stay enabled
    for i in range(n):
        # alternate which one goes first, so neither always runs on a warmer cache
        first, second, fa, fb = (subject, baseline, a, b) if i % 2 == 0 else (baseline, subject, b, a)
        t0 = clock()
        first()
        t1 = clock()
        second()
        t2 = clock()
        fa.append((t1 - t0) / 1000 / per)
        fb.append((t2 - t1) / 1000 / per)
    sa, sb = Summary.of(a), Summary.of(b)
    sa.cpu_mean, sb.cpu_mean = cpu_per_call(subject, baseline, n, per)
    return sa, sb


def cpu_per_call(
    subject: Callable[[], object], baseline: Callable[[], object], n: int, per: int = 1, blocks: int = 8
) -> tuple[float, float]:
    """Thread CPU time per call (us / per), each side run in `blocks` blocks of n / blocks calls,
    the two sides alternating block by block."""
    cpu = time.thread_time_ns
    size = max(1, n // blocks)
    spent = [0, 0]
    for i in range(blocks):
        for side in (0, 1) if i % 2 == 0 else (1, 0):
            fn = subject if side == 0 else baseline
            c0 = cpu()
            for _ in range(size):
                fn()
            spent[side] += cpu() - c0
    calls = size * blocks
    return spent[0] / 1000 / calls / per, spent[1] / 1000 / calls / per


def timed(fn: Callable[[], object], n: int, warmup: int = 20) -> Summary:
    for _ in range(warmup):
        fn()
    out = []
    clock = time.perf_counter_ns
    for _ in range(n):
        t0 = clock()
        fn()
        out.append((clock() - t0) / 1000)
    return Summary.of(out)
