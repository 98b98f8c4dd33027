"""Fleet figure: `advisor check -f json` over 10 000 generated documents, as a user runs it.

Subject: one `advisor check --jobs 2` over all files (what a user types; the reviews stream out
in input order). Baseline: the real limit of two cores, the files split by hand into two halves
checked by two `--jobs 1` processes at once (no coordination, no ordering). A one-process run is
reported beside them. Wall time includes start-up (imports, rulebook load, engine compile) and
writing the JSON report. The reports are parsed afterwards and the findings compared with the
generator's labels (bench.generator.LABELLED). Memory: the peak of the whole process tree (the
command and its workers, unique set size) at 20 000 documents.
"""

from __future__ import annotations

import json
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench import generator

ROOT = Path(__file__).parents[1]
TARGET_PER_S = 2000.0
TARGET_PEAK_MIB = 300.0
MEMORY_DOCS = 20_000


def _advisor_cmd() -> list[str]:
    exe = Path(sys.executable).with_name("advisor")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "advisor.cli.main"]


def write_corpus(n: int, seed: int, where: Path) -> list[tuple[Path, generator.Generated]]:
    out = []
    for g in generator.generate(n, seed):
        path = where / f"{g.index:05d}-{g.document['name']}.json"
        path.write_text(json.dumps(g.document))
        out.append((path, g))
    return out


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _tree_kib(pid: int) -> int:
    """Unique set size of a process and all its descendants, KiB."""
    from bench.api import uss_kib

    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        total += uss_kib(p) or 0
        try:
            for task in Path(f"/proc/{p}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            pass
    return total


def _run(
    groups: list[list[Path]], outdir: Path, tag: str, jobs: int = 1, sample: list[int] | None = None
) -> tuple[float, float, list[Path]]:
    """Start one `advisor check --jobs JOBS` per group at once; wall time until the last one exits,
    and the CPU seconds all of them used (user + system). With `sample`, the process tree's memory
    is appended to it every 0.1 s."""
    from bench.api import machine_cpu

    procs, outs = [], []
    cpu0 = _children_cpu()
    busy0, total0 = machine_cpu()
    t0 = time.perf_counter()
    for i, files in enumerate(groups):
        out = outdir / f"{tag}-{i}.json"
        outs.append(out)
        with open(out, "wb") as fh, open(outdir / f"{tag}-{i}.err", "wb") as err_fh:
            procs.append(
                (
                    subprocess.Popen(
                        [*_advisor_cmd(), "check", "-f", "json", "--jobs", str(jobs), "--fail-on", "critical"]
                        + [str(f) for f in files],
                        stdout=fh,
                        stderr=err_fh,  # a file, not a pipe: nobody reads it while the run goes on
                        cwd=ROOT,
                    ),
                    outdir / f"{tag}-{i}.err",
                )
            )
    if sample is not None:
        while any(proc.poll() is None for proc, _ in procs):
            sample.append(sum(_tree_kib(proc.pid) for proc, _ in procs))
            time.sleep(0.1)
    errors = []
    for proc, err_path in procs:
        proc.wait()
        if proc.returncode not in (0, 1):
            errors.append(f"advisor check exited {proc.returncode}: {err_path.read_text(errors='replace')[-2000:]}")
    wall = time.perf_counter() - t0
    cpu = _children_cpu() - cpu0
    busy, total = machine_cpu()
    OTHERS.append(100 * ((busy - busy0) - cpu) / (total - total0) if total > total0 else float("nan"))
    if errors:
        raise RuntimeError("\n".join(errors))
    return wall, cpu, outs


OTHERS: list[float] = []  # % of the machine's CPU other processes used during each run


def _outcome(outs: list[Path], by_name: dict[str, int]) -> tuple[dict[int, dict[str, str]], Counter]:
    outcome: dict[int, dict[str, str]] = {}
    fired: Counter = Counter()
    for out in outs:
        data = json.loads(out.read_text())
        for review in data if isinstance(data, list) else [data]:
            index = by_name[review["target"]]
            outcome[index] = {f["rule_id"]: f["severity"] for f in review["findings"]}
            fired.update(outcome[index].keys())
    return outcome, fired


def run(quick: bool = False, n: int | None = None, seed: int = 20240601) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    n = n or (2000 if quick else 10_000)
    n_memory = n if quick else MEMORY_DOCS
    OTHERS.clear()
    repeats = 1 if quick else 3
    workdir = Path(tempfile.mkdtemp(prefix="advisor-fleet-"))
    try:
        corpus = write_corpus(max(n, n_memory), seed, workdir)
        files = [p for p, _ in corpus][:n]
        generated = [g for _, g in corpus][:n]
        by_name = {g.document["name"]: g.index for g in generated}
        halves = [files[: n // 2], files[n // 2 :]]
        walls: dict[str, list[float]] = {"jobs2": [], "split": [], "one": []}
        cpus: dict[str, list[float]] = {k: [] for k in walls}
        outs: dict[str, list[Path]] = {}
        plans = {"jobs2": ([files], 2), "split": (halves, 1), "one": ([files], 1)}
        for r in range(repeats):  # rotate the order between repeats
            order = list(plans)[r % 3 :] + list(plans)[: r % 3]
            for label in order:
                groups, jobs = plans[label]
                wall, cpu, outs[label] = _run(groups, workdir, f"{label}{r}", jobs=jobs)
                walls[label].append(wall)
                cpus[label].append(cpu)
        outcomes = {label: _outcome(outs[label], by_name) for label in plans}
        if not outcomes["jobs2"][0] == outcomes["split"][0] == outcomes["one"][0]:
            raise AssertionError("--jobs 2, the hand split and one process reported different findings")
        if outs["jobs2"][0].read_bytes() != outs["one"][0].read_bytes():
            raise AssertionError("--jobs 2 and --jobs 1 printed different reports")
        outcome, fired = outcomes["jobs2"]
        mix = generator.check_mix(generated, outcome)
        mix_ok = all(v["mismatches"] == 0 for v in mix.values())
        reviewed = len(outcome)
        memory: list[int] = []
        _run([[p for p, _ in corpus][:n_memory]], workdir, "memory", jobs=2, sample=memory)
        start_up, _, _ = _run([files[:1]], workdir, "startup", jobs=2)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    w = {k: statistics.median(v) for k, v in walls.items()}
    c = {k: statistics.median(v) for k, v in cpus.items()}
    peak_mib = max(memory, default=0) / 1024

    def spread(xs):
        return f"{min(xs):.2f}-{max(xs):.2f} s" if len(xs) > 1 else ""

    rows = [
        {
            "section": "fleet",
            "name": f"advisor check --jobs 2, {n:,} documents: documents/s",
            "subject": {"median": n / w["jobs2"], "p99": None, "unit": "/s", "n": repeats},
            "baseline": {"median": n / w["split"], "p99": None, "unit": "/s", "n": repeats},
            "subject_label": "--jobs 2",
            "baseline_label": "2 processes, split by hand",
            "target": f">= {TARGET_PER_S:,.0f} /s",
            "verdict": "yes" if n / w["jobs2"] >= TARGET_PER_S else "NO",
            "cpu": f"{n / c['jobs2']:,.0f} / {n / c['split']:,.0f} per CPU-s",
            "note": f"{repeats} runs each: --jobs 2 {spread(walls['jobs2'])}, split {spread(walls['split'])}; "
            f"one process {n / w['one']:,.0f} /s; mix of findings {'as labelled' if mix_ok else 'DIFFERS'}; "
            f"{reviewed:,} reviewed; other processes used {statistics.median(OTHERS):.0f} % of the CPU meanwhile",
        },
        {
            "section": "fleet",
            "name": f"advisor check --jobs 2, {n_memory:,} documents: peak memory",
            "subject": {"median": peak_mib, "p99": None, "unit": "MiB", "n": 1},
            "baseline": {"median": None, "p99": None, "unit": "MiB"},
            "subject_label": "--jobs 2 (command + workers, USS)",
            "baseline_label": "",
            "target": f"<= {TARGET_PEAK_MIB:.0f} MiB",
            "verdict": "yes" if 0 < peak_mib <= TARGET_PEAK_MIB else "NO",
            "note": f"sampled every 0.1 s; {len(memory)} samples; JSON streamed to a file",
        },
        {
            "section": "fleet",
            "name": f"advisor check --jobs 2: start-up share of a {min(n, 2000):,}-document run",
            "subject": {"median": start_up, "p99": None, "unit": "s", "n": 1},
            "baseline": {"median": w["jobs2"] * min(n, 2000) / n, "p99": None, "unit": "s"},
            "subject_label": "one document",
            "baseline_label": f"{min(n, 2000):,} documents (pro rata)",
            "note": "start-up is the one-document run; the run it is compared with is the measured rate's share",
        },
    ]
    extra = {
        "fleet": {
            "documents": n,
            "seed": seed,
            "categories": generator.counts(n),
            "walls": walls,
            "cpu": cpus,
            "memory_kib_samples": memory[:: max(1, len(memory) // 200)],
            "others_pct": list(OTHERS),
            "mix_check": mix,
            "mix_ok": mix_ok,
            "findings_by_rule": dict(fired.most_common()),
        }
    }
    return rows, extra
