"""Start-up: what a pipeline pays on every call, in fresh processes, against `python -c pass`.

Figures: `advisor --help` and `advisor check` of one document (examples/aix-ame4k-64k.json), each
a new process, run alternately with the floor (the same interpreter doing nothing) so both see
the same machine. The compiled rulebook cache (advisor.rulebook.cache) is warmed once first: a
gate calls `advisor check` again and again, and the first call after a rule change pays the
compile (reported on its own). Targets (issue 13): --help <= 150 ms, check <= 300 ms.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.stats import Summary

ROOT = Path(__file__).resolve().parents[1]
DOCUMENT = ROOT / "examples" / "aix-ame4k-64k.json"
TARGET_HELP_MS = 150
TARGET_CHECK_MS = 300


def _wall_ms(cmd: list[str], env: dict[str, str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, check=False)
    return (time.perf_counter() - t0) * 1000


def _paired(subject: list[str], n: int, env: dict[str, str]) -> tuple[Summary, Summary]:
    floor = [sys.executable, "-c", "pass"]
    subj, base = [], []
    for _ in range(n):
        subj.append(_wall_ms(subject, env))
        base.append(_wall_ms(floor, env))
    return Summary.of(subj, "ms"), Summary.of(base, "ms")


def run(quick: bool = False) -> list[dict[str, Any]]:
    n = 5 if quick else 20
    advisor = [sys.executable, "-m", "advisor.cli.main"]
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "ADVISOR_CACHE_DIR": cache}
        compile_ms = _wall_ms([*advisor, "check", str(DOCUMENT), "--quiet"], env)  # fills the cache
        rows = []
        for name, args, target in (
            ("advisor --help", ["--help"], TARGET_HELP_MS),
            ("advisor check, one document", ["check", str(DOCUMENT), "--quiet"], TARGET_CHECK_MS),
        ):
            subject, baseline = _paired([*advisor, *args], n, env)
            rows.append(
                {
                    "section": "startup",
                    "name": name,
                    "subject": subject.to_dict(),
                    "baseline": baseline.to_dict(),
                    "baseline_label": "python -c pass",
                    "target": f"median <= {target} ms",
                    "verdict": "yes" if subject.median <= target else "NO",
                }
            )
        rows.append(
            {
                "section": "startup",
                "name": "advisor check, first call after a rule change (compiles the rulebook)",
                "subject": Summary.of([compile_ms], "ms").to_dict(),
                "baseline": rows[-1]["subject"],
                "baseline_label": "cached",
                "note": "once per rule-file content",
            }
        )
    return rows
