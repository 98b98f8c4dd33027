"""Timing samples: median, p99 and ratios, measured with the baseline interleaved.

Subject and baseline are timed alternately (A B A B ...), not one block after the other, so
CPU frequency changes, other processes and garbage collection hit both the same way.
"""

from __future__ import annotations

import gc
import math
import time
from dataclasses import asdict, dataclass
from typing import Callable, Sequence


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

    @classmethod
    def of(cls, values: Sequence[float], unit: str = "us") -> "Summary":
        s = sorted(values)
        if not s:
            return cls(0, math.nan, math.nan, math.nan, math.nan, math.nan, unit)
        return cls(len(s), percentile(s, 50), percentile(s, 99), sum(s) / len(s), s[0], s[-1], unit)

    def to_dict(self) -> dict:
        return asdict(self)


def ratio(subject: float, baseline: float) -> float:
    return subject / baseline if baseline else math.nan


def paired(subject: Callable[[], object], baseline: Callable[[], object], n: int, warmup: int = 50,
           per: int = 1) -> tuple[Summary, Summary]:
    """Time `subject` and `baseline` alternately `n` times each; microseconds per call / `per`."""
    for _ in range(warmup):
        subject()
        baseline()
    a: list[float] = []
    b: list[float] = []
    clock = time.perf_counter_ns
    gc_was = gc.isenabled()
    gc.collect()
    try:
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
    finally:
        if gc_was:
            gc.enable()
    return Summary.of(a), Summary.of(b)


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
