"""Searching for inputs that cost more per byte as they grow: the shape of a backtracking regex.

A linear-time reader spends about the same CPU time per byte on a 2 KB input as on a 16 KB
one; a backtracking pattern (or a quadratic loop) spends several times more per byte on the
larger one. `search` measures candidate inputs at a small size, keeps the costliest per byte,
and `growth` measures those again at a size `FACTOR` times larger. CPU time of this thread
(time.thread_time) is measured, not wall time, so a busy machine does not look like a slow input.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

SMALL = 2_000  # bytes of pumped text in the search
FACTOR = 8  # the large input is this many times the small one
MAX_PER_BYTE_GROWTH = 3.0  # linear is 1.0; quadratic would be about FACTOR (8), worse beyond
SLACK_S = 0.05  # CPU seconds of fixed cost forgiven on the large input (start-up, one-off work)
PUMPS = (" ", "\t", "0", "9", "a", "Z", ".", ",", "-", "=", ":", "(", "/", "_", "%", "x ", "1 ", "a=", "\n")


@dataclass(frozen=True)
class Candidate:
    """Text of roughly `size` bytes: `head + pump * n + tail`."""

    label: str
    head: str
    pump: str
    tail: str

    def text(self, size: int) -> str:
        return self.head + self.pump * max(1, size // len(self.pump)) + self.tail


def cost(fn: Callable[[str], object], text: str, repeat: int = 2) -> float:
    """Least CPU seconds of `repeat` runs of fn(text); whatever fn raises is its answer, not a failure."""
    best = float("inf")
    for _ in range(repeat):
        start = time.thread_time()
        try:
            fn(text)
        except Exception:  # noqa: BLE001 - refusing the input is an answer; only time matters here
            pass
        best = min(best, time.thread_time() - start)
    return best


def candidates(samples: Iterable[str], rng: random.Random, limit: int) -> list[Candidate]:
    """Pumps inside real lines (each sample line cut at a few places), plus the bare attack shapes."""
    found = [
        Candidate("issue 12: x, newline, spaces, y", "x\n", " ", "y"),
        Candidate("spaces then a letter", "", " ", "y"),
        Candidate("tabs then a newline", "", "\t", "\nb"),
    ]
    for sample in samples:
        lines = [line for line in sample.splitlines() if line.strip()]
        for line in lines:
            cuts = {0, len(line), len(line) // 2, line.find(" ") + 1, line.find(":") + 1, line.find("=") + 1}
            for at in cuts:
                pump = rng.choice(PUMPS + tuple(line.strip()[:8]))
                rest = "\n".join(rng.sample(lines, min(3, len(lines))))
                found.append(
                    Candidate(f"{line[:30]!r} pumped {pump!r} at {at}", line[:at], pump, line[at:] + "\n" + rest)
                )
    rng.shuffle(found[3:])
    return found[:limit]


@dataclass(frozen=True)
class Slow:
    candidate: Candidate
    small_s: float
    large_s: float

    @property
    def growth(self) -> float:
        """Time per byte at the large size over time per byte at the small size."""
        return (self.large_s / FACTOR) / max(self.small_s, 1e-6)

    def __str__(self) -> str:
        return (
            f"{self.candidate.label}: {self.small_s * 1e3:.1f} ms at {SMALL} B, "
            f"{self.large_s * 1e3:.1f} ms at {SMALL * FACTOR} B (x{self.growth:.1f} per byte)"
        )


def search(fn: Callable[[str], object], pool: list[Candidate], keep: int = 4) -> list[Slow]:
    """The `keep` costliest candidates at SMALL, measured again at SMALL * FACTOR; those that grew too much."""
    timed = sorted(((cost(fn, c.text(SMALL), repeat=1), c) for c in pool), key=lambda t: t[0], reverse=True)
    bad = []
    for _, cand in timed[:keep]:
        small = cost(fn, cand.text(SMALL))
        large = cost(fn, cand.text(SMALL * FACTOR))
        if large > SLACK_S and large / FACTOR > MAX_PER_BYTE_GROWTH * small:
            bad.append(Slow(cand, small, large))
    return bad
