"""Section "parse": command outputs to typed results, throughput and memory against the input's size.

Subject: a pasted terminal session of AIX outputs (lparstat -i, vmo -L, svmon -G, lsdev -Cc disk with
many disks, netstat -v) split at its prompts and parsed (``parse_bundle``), and one big listing
parsed alone.  Baseline, same run, same bytes: reading them the cheapest useful way (splitting into
lines and each line into words), the floor any parser pays.  Targets from issue 16: >= 20 MB/s of
command output, peak memory <= 3x the input.
"""

from __future__ import annotations

import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from advisor.parsers import registry
from advisor.parsers.bundle import parse_bundle
from tests.parsers.parser_samples import load

TARGET_MB_S = 20.0
TARGET_MEMORY_RATIO = 3.0


def session(disks: int) -> str:
    listing = "".join(f"hdisk{i} Available 00-00-02 MPIO IBM 2076 FC Disk\n" for i in range(disks))
    parts = [
        ("lparstat -i", load("lparstat_i.s2.txt")),
        ("vmo -L", load("vmo_L.aix72.synthetic.txt")),
        ("svmon -G", load("svmon_G.synthetic.txt")),
        ("netstat -v", load("netstat_v.s2.txt")),
        ("lsdev -Cc disk", listing),
    ]
    return "".join(f"root@sapapp01:/ # {command}\n{text}" for command, text in parts) + "root@sapapp01:/ #\n"


def _baseline(text: str) -> int:
    return sum(len(line.split()) for line in text.splitlines())


def _rate(fn: Callable[[], Any], size: int, rounds: int) -> tuple[float, float]:
    """(median MB/s, median seconds) over ``rounds`` runs."""
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    times.sort()
    median = times[len(times) // 2]
    return size / 1e6 / median, median


def _peak(fn: Callable[[], Any]) -> int:
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def run(quick: bool = False) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    disks = 2_000 if quick else 20_000
    rounds = 3 if quick else 5
    text = session(disks)
    listing = "name status description\n" + text.split("lsdev -Cc disk\n", 1)[1].rsplit("root@", 1)[0]
    rows = []
    extra: dict[str, Any] = {}
    for name, subject, data in (
        (f"pasted session, 5 commands, {disks} disks", lambda: parse_bundle(text), text),
        (f"lsdev -Cc disk alone, {disks} disks", lambda: registry.parse_output(listing, "lsdev -Cc disk"), listing),
    ):
        size = len(data.encode())
        rate, seconds = _rate(subject, size, rounds)
        base_rate, base_seconds = _rate(lambda d=data: _baseline(d), size, rounds)  # type: ignore[misc]
        peak = _peak(subject)
        ratio = peak / size
        rows.append(
            {
                "section": "parse",
                "name": f"{name} ({size / 1e6:.1f} MB): MB/s",
                "subject": {"median": rate, "unit": "MB/s"},
                "baseline": {"median": base_rate, "unit": "MB/s"},
                "subject_label": "parse",
                "baseline_label": "split lines and words",
                "target": f">= {TARGET_MB_S:g} MB/s",
                "verdict": "yes" if rate >= TARGET_MB_S else "NO",
                "note": f"{seconds:.2f} s vs {base_seconds:.3f} s",
            }
        )
        rows.append(
            {
                "section": "parse",
                "name": f"{name}: peak memory / input",
                "subject": {"median": ratio, "unit": "x"},
                "baseline": {},
                "target": f"<= {TARGET_MEMORY_RATIO:g}x",
                "verdict": "yes" if ratio <= TARGET_MEMORY_RATIO else "NO",
                "note": f"peak {peak / 2**20:.1f} MiB for {size / 2**20:.1f} MiB",
            }
        )
        extra[name] = {"mb_s": rate, "baseline_mb_s": base_rate, "peak_bytes": peak, "input_bytes": size}
    return rows, {"parse": extra}
