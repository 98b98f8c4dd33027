"""Start-up: what a pipeline pays on every call, in fresh processes, against `python -c pass`.

Figures: `advisor --help` and `advisor check` of one document (examples/aix-ame4k-64k.json), each
a new process, run alternately with the floor (the same interpreter doing nothing) so both see
the same machine; also, without a target, `advisor check` of the same document as YAML and of a
raw command output (examples/outputs/lparstat_i.txt: parsed and assembled first). Each row gives
wall time and the child's CPU time (user + system, the figure that survives a loaded machine).

Two caches are warmed first, as on any installed system: the compiled rulebook
(advisor.rulebook.cache; the first call after a rule change pays the compile, reported on its own
row) and the modules' bytecode (`pip install` compiles it; `compileall` does it here, so a
PYTHONDONTWRITEBYTECODE in the bench's environment does not make every call compile the
package from source). Targets (issue 13): --help <= 150 ms, check <= 300 ms.
"""

from __future__ import annotations

import compileall
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.stats import Summary

ROOT = Path(__file__).resolve().parents[1]
DOCUMENT = ROOT / "examples" / "aix-ame4k-64k.json"
RAW_OUTPUT = ROOT / "examples" / "outputs" / "lparstat_i.txt"
TARGET_HELP_MS = 150
TARGET_CHECK_MS = 300


def _run_ms(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU of the child) in ms."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, check=False)
    wall = (time.perf_counter() - t0) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    return wall, cpu


def _paired(subject: list[str], n: int, env: dict[str, str]) -> tuple[Summary, Summary]:
    floor = [sys.executable, "-c", "pass"]
    subj: list[tuple[float, float]] = []
    base: list[tuple[float, float]] = []
    for _ in range(n):
        subj.append(_run_ms(subject, env))
        base.append(_run_ms(floor, env))
    out = []
    for runs in (subj, base):
        summary = Summary.of([w for w, _ in runs], "ms")
        summary.cpu_mean = sum(c for _, c in runs) / len(runs)
        out.append(summary)
    return out[0], out[1]


def _row(name: str, subject: Summary, baseline: Summary, target: int | None) -> dict[str, Any]:
    row: dict[str, Any] = {
        "section": "startup",
        "name": name,
        "subject": subject.to_dict(),
        "baseline": baseline.to_dict(),
        "baseline_label": "python -c pass",
    }
    if target is not None:
        row["target"] = f"median <= {target} ms"
        row["verdict"] = "yes" if subject.median <= target else "NO"
    return row


def run(quick: bool = False) -> list[dict[str, Any]]:
    n = 5 if quick else 20
    advisor = [sys.executable, "-m", "advisor.cli.main"]
    for package in ("advisor", "api"):
        compileall.compile_dir(str(ROOT / package), quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "ADVISOR_CACHE_DIR": str(Path(tmp) / "cache")}
        env.pop("ADVISOR_NO_CACHE", None)
        yaml_doc = Path(tmp) / "aix-ame4k-64k.yaml"
        yaml_doc.write_text(_as_yaml(json.loads(DOCUMENT.read_text())))
        compile_wall, compile_cpu = _run_ms([*advisor, "check", str(DOCUMENT), "--quiet"], env)  # fills the cache
        rows = []
        for name, args, target in (
            ("advisor --help", ["--help"], TARGET_HELP_MS),
            ("advisor check, one document", ["check", str(DOCUMENT), "--quiet"], TARGET_CHECK_MS),
            ("advisor check, the same document as YAML", ["check", str(yaml_doc), "--quiet"], None),
            ("advisor check, a raw command output (lparstat -i)", ["check", str(RAW_OUTPUT), "--quiet"], None),
        ):
            subject, baseline = _paired([*advisor, *args], n, env)
            rows.append(_row(name, subject, baseline, target))
        compiled = Summary.of([compile_wall], "ms")
        compiled.cpu_mean = compile_cpu
        rows.append(
            {
                "section": "startup",
                "name": "advisor check, first call after a rule change (compiles the rulebook)",
                "subject": compiled.to_dict(),
                "baseline": rows[1]["subject"],
                "baseline_label": "cached",
                "note": "once per rule-file content",
            }
        )
    return rows


def _as_yaml(data: Any) -> str:
    import yaml

    return yaml.safe_dump(data, sort_keys=False)
