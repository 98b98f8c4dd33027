"""Pipeline figures: validate -> derive -> evaluate -> rank -> render JSON, one document, in-process.

Subject: the product advisor (durable-rules); baseline: the same pipeline with the generated
evaluator (`advisor.engine.generated`), so the ratio is what the rule engine costs on top of the
rest; the reference evaluator checks that all three give the same bytes first. Also a stage
breakdown of the subject (where a document's time goes) and a cProfile of the hot path, written
to the results.
"""

from __future__ import annotations

import cProfile
import io
import json
import pstats
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from advisor import derive
from advisor.documents.io import validate_document
from advisor.engine.durable import DurableEngine
from advisor.engine.generated import GeneratedEvaluator
from advisor.engine.reference import ReferenceEvaluator
from advisor.render import json_out
from advisor.review import Advisor, build_fact, units_of
from advisor.rulebook.loader import load_rulebook
from bench import generator
from bench.stats import Summary, paired
from tests.support.maximal import maximal_document

EXAMPLE = Path(__file__).parents[1] / "examples" / "aix-ame4k-64k.json"
TARGET_TYPICAL_US = 300.0
TARGET_MAXIMAL_US = 1000.0
TARGET_BIG_US = 300_000.0  # a 1,000-partition managed system (issue 18 item 4)
LINEAR_TOLERANCE = 1.2  # the 1,000-partition time over four times the 250-partition time


def pipeline(advisor: Advisor) -> Callable[[dict], str]:
    def run(raw: dict) -> str:
        return json_out.render_reviews([advisor.review(validate_document(raw))], single=True)

    return run


def _cycle(fn: Callable[[dict], Any], corpus: list[dict]) -> Callable[[], Any]:
    state = {"i": 0}

    def once():
        i = state["i"]
        state["i"] = i + 1
        return fn(corpus[i % len(corpus)])

    return once


def stages(advisor: Advisor, corpus: list[dict], n: int) -> dict[str, dict]:
    """Median and p99 per stage of the subject pipeline, single-unit documents."""
    clock = time.perf_counter_ns
    names = ("validate", "derive", "build_fact", "evaluate", "findings+rank", "render_json", "total")
    samples: dict[str, list[float]] = {k: [] for k in names}
    for i in range(n):
        raw = corpus[i % len(corpus)]
        t0 = clock()
        doc = validate_document(raw)
        t1 = clock()
        (unit,) = units_of(doc)
        d = derive.compute(unit.kind, unit.model)
        t2 = clock()
        fact = build_fact(unit, d.values)
        t3 = clock()
        advisor.evaluator.fired(unit.kind, fact)
        t4 = clock()
        review = advisor.review(doc)  # the whole review again; its own derive/fact/evaluate are subtracted
        t5 = clock()
        json_out.render_reviews([review], single=True)
        t6 = clock()
        rest = (t5 - t4) - (t4 - t1)
        parts = (t1 - t0, t2 - t1, t3 - t2, t4 - t3, max(rest, 0), t6 - t5, (t4 - t0) + max(rest, 0) + (t6 - t5))
        for k, v in zip(names, parts, strict=True):
            samples[k].append(v / 1000)
    return {k: Summary.of(v).to_dict() for k, v in samples.items()}


def _row(name: str, subject: Summary, baseline: Summary) -> dict[str, Any]:
    """A pipeline row: durable-rules against the generated evaluator in the same pipeline."""
    return {
        "section": "pipeline",
        "name": name,
        "subject": subject.to_dict(),
        "baseline": baseline.to_dict(),
        "subject_label": "durable-rules",
        "baseline_label": "generated",
    }


def big_documents(durable: Advisor, generated: Advisor, reference: Advisor, quick: bool) -> list[dict[str, Any]]:
    """Managed systems of 250, 500 and 1,000 partitions: the 1,000-partition time against its goal,
    and whether time grows linearly (1,000 partitions against four times 250)."""
    rows: list[dict[str, Any]] = []
    medians: dict[int, float] = {}
    for partitions in (250, 500, 1000):
        frame = [generator.managed_system(partitions, seed=partitions)]
        if not pipeline(durable)(frame[0]) == pipeline(generated)(frame[0]) == pipeline(reference)(frame[0]):
            raise AssertionError(f"durable, generated and reference pipelines differ on {partitions} partitions")
        count = (3 if quick else 7) * 1000 // partitions
        subject, baseline = paired(
            _cycle(pipeline(durable), frame), _cycle(pipeline(generated), frame), n=count, warmup=1
        )
        medians[partitions] = subject.median
        row = _row(f"managed system, {partitions} partitions", subject, baseline)
        if partitions == 1000:
            row["target"] = f"median <= {TARGET_BIG_US / 1e6:g} s"
            row["verdict"] = "yes" if subject.median <= TARGET_BIG_US else "NO"
        rows.append(row)
    growth = medians[1000] / (4 * medians[250])
    rows.append(
        {
            "section": "pipeline",
            "name": "managed system: 1,000 partitions against four times 250 (linear = 1.0)",
            "subject": {"median": growth, "unit": "x"},
            "target": f"<= {LINEAR_TOLERANCE:g}x",
            "verdict": "yes" if growth <= LINEAR_TOLERANCE else "NO",
            "note": f"medians {medians[250] / 1000:.0f} / {medians[500] / 1000:.0f} / {medians[1000] / 1000:.0f} ms",
        }
    )
    return rows


def profile(advisor: Advisor, corpus: list[dict], rounds: int = 3, top: int = 25) -> str:
    run = pipeline(advisor)
    for raw in corpus:
        run(raw)
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(rounds):
        for raw in corpus:
            run(raw)
    prof.disable()
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)
    return out.getvalue()


def run(quick: bool = False) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    rulebook = load_rulebook()
    durable = Advisor(rulebook, DurableEngine(rulebook))
    generated = Advisor(rulebook, GeneratedEvaluator(rulebook))
    reference = Advisor(rulebook, ReferenceEvaluator(rulebook))
    n = 1000 if quick else 4000
    aix = generator.aix_documents(300, seed=5)
    fleet = [g.document for g in generator.generate(400, seed=9)]
    example = [json.loads(EXAMPLE.read_text())] if EXAMPLE.exists() else aix[:1]
    maximal = [maximal_document("aix-lpar")]
    frame = [generator.managed_system(100, seed=100)]
    for raw in aix + fleet + example + maximal + frame:  # same output from all three before timing
        a, b, c = pipeline(durable)(raw), pipeline(generated)(raw), pipeline(reference)(raw)
        if not a == b == c:
            raise AssertionError(f"durable, generated and reference pipelines differ on {raw.get('name')}")
    rows = []
    for name, corpus, count, target in (
        ("aix-lpar document (generated fleet, 300 distinct)", aix, n, TARGET_TYPICAL_US),
        ("aix-lpar example document (examples/aix-ame4k-64k.json)", example, n, TARGET_TYPICAL_US),
        ("aix-lpar maximal document (every field)", maximal, n, TARGET_MAXIMAL_US),
        ("fleet mix, all kinds", fleet, n, TARGET_TYPICAL_US),
        ("managed system, 100 partitions", frame, max(20, n // 50), None),
    ):
        subject, baseline = paired(
            _cycle(pipeline(durable), corpus), _cycle(pipeline(generated), corpus), n=count, warmup=min(50, count)
        )
        row = _row(name, subject, baseline)
        if target:
            row["target"] = f"median <= {target / 1000:g} ms"
            row["verdict"] = "yes" if subject.median <= target else "NO"
        rows.append(row)
    rows += big_documents(durable, generated, reference, quick)
    extra = {
        "pipeline_stages_us": stages(durable, aix, n),
        "pipeline_profile": profile(durable, aix[:100], rounds=2 if quick else 5),
    }
    return rows, extra
