"""Fleet figure: `advisor check -f json` over 10 000 generated documents, as a user runs it.

Subject: the files split in two halves, two `advisor check` processes at once (both cores);
baseline: one process over all files. Wall time includes start-up (imports, rulebook load,
engine compile) and writing the JSON report. The reports are parsed afterwards and the
findings compared with the generator's labels (bench.generator.LABELLED).
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
TARGET_PER_S = 1000.0


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


def _run(groups: list[list[Path]], outdir: Path, tag: str) -> tuple[float, float, list[Path]]:
    """Start one `advisor check` per group at once; wall time until the last one exits, and the
    CPU seconds all of them used (user + system)."""
    from bench.api import machine_cpu

    procs, outs = [], []
    cpu0 = _children_cpu()
    busy0, total0 = machine_cpu()
    t0 = time.perf_counter()
    for i, files in enumerate(groups):
        out = outdir / f"{tag}-{i}.json"
        outs.append(out)
        with open(out, "wb") as fh:
            procs.append(
                (
                    subprocess.Popen(
                        [*_advisor_cmd(), "check", "-f", "json", "--fail-on", "critical", *map(str, files)],
                        stdout=fh,
                        stderr=subprocess.PIPE,
                        cwd=ROOT,
                    ),
                    files,
                )
            )
    errors = []
    for proc, _files in procs:
        _, err = proc.communicate()
        if proc.returncode not in (0, 1):
            errors.append(f"advisor check exited {proc.returncode}: {err.decode(errors='replace')[-2000:]}")
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
    OTHERS.clear()
    repeats = 1 if quick else 3
    workdir = Path(tempfile.mkdtemp(prefix="advisor-fleet-"))
    try:
        corpus = write_corpus(n, seed, workdir)
        files = [p for p, _ in corpus]
        generated = [g for _, g in corpus]
        by_name = {g.document["name"]: g.index for g in generated}
        halves = [files[: n // 2], files[n // 2 :]]
        one, two, cpu_one, cpu_two = [], [], [], []
        outs1 = outs2 = []
        for r in range(repeats):  # alternate the order between repeats
            for label in ("one", "two") if r % 2 == 0 else ("two", "one"):
                if label == "one":
                    wall, cpu, outs1 = _run([files], workdir, f"one{r}")
                    one.append(wall)
                    cpu_one.append(cpu)
                else:
                    wall, cpu, outs2 = _run(halves, workdir, f"two{r}")
                    two.append(wall)
                    cpu_two.append(cpu)
        outcome1, fired1 = _outcome(outs1, by_name)
        outcome2, fired2 = _outcome(outs2, by_name)
        if outcome1 != outcome2:
            raise AssertionError("one process and two processes reported different findings")
        mix = generator.check_mix(generated, outcome2)
        mix_ok = all(v["mismatches"] == 0 for v in mix.values())
        reviewed = len(outcome2)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    w1, w2 = statistics.median(one), statistics.median(two)
    rate1, rate2 = n / w1, n / w2
    c1, c2 = statistics.median(cpu_one), statistics.median(cpu_two)

    def spread(xs):
        return f"{min(xs):.2f}-{max(xs):.2f} s" if len(xs) > 1 else ""

    rows = [
        {
            "section": "fleet",
            "name": f"advisor check, {n:,} documents: wall time",
            "subject": {"median": w2, "p99": None, "unit": "s", "n": repeats},
            "baseline": {"median": w1, "p99": None, "unit": "s", "n": repeats},
            "subject_label": "2 processes",
            "baseline_label": "1 process",
            "cpu": f"{c2:.1f} s / {c1:.1f} s",
            "note": f"{repeats} runs each; 2 proc {spread(two)}, 1 proc {spread(one)}; includes start-up; other "
            f"processes used {statistics.median(OTHERS):.0f} % of the machine's CPU meanwhile",
        },
        {
            "section": "fleet",
            "name": f"advisor check, {n:,} documents: documents/s",
            "subject": {"median": rate2, "p99": None, "unit": "/s", "n": repeats},
            "baseline": {"median": rate1, "p99": None, "unit": "/s", "n": repeats},
            "subject_label": "2 processes",
            "baseline_label": "1 process",
            "target": ">= 1000 /s",
            "verdict": "yes" if rate2 >= TARGET_PER_S else "NO",
            "cpu": f"{n / c2:,.0f} / {n / c1:,.0f} per CPU-s",
            "note": f"mix of findings {'as labelled' if mix_ok else 'DIFFERS from labels'}; {reviewed:,} reviewed; "
            f"2 busy cores would give {2 * n / c2:,.0f} /s",
        },
    ]
    extra = {
        "fleet": {
            "documents": n,
            "seed": seed,
            "categories": generator.counts(n),
            "walls_one": one,
            "walls_two": two,
            "cpu_one": cpu_one,
            "cpu_two": cpu_two,
            "others_pct": list(OTHERS),
            "mix_check": mix,
            "mix_ok": mix_ok,
            "findings_by_rule": dict(fired2.most_common()),
        }
    }
    return rows, extra
