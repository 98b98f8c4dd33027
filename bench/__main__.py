"""`python -m bench [--quick] [--only startup,engine,...,chat]`: run, print the table, write JSON.

Sections: startup (`advisor --help` and `advisor check` of one document in fresh processes, vs
`python -c pass`), engine (durable vs generated), pipeline (validate..render JSON in-process), parse (command
outputs, MB/s and memory vs splitting the same bytes), fleet
(`advisor check` over 10 000 documents, 2 processes vs 1), api (`advisor serve`, 2 workers vs
1, plus the memory run), fleetapi (the fleet routes on 100 000 reviews of 10 000 systems),
mcp (one tool call over stdio and HTTP vs the REST route), chat (the evaluation conversations scored
and timed, both parts), soak (normal and hostile traffic at once on 2 workers: deaths, losses, p99).
Results: bench/results/bench-<time>.json, latest.json, latest.md.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import traceback
from typing import Any

SECTIONS = ("startup", "engine", "pipeline", "parse", "fleet", "api", "fleetapi", "mcp", "chat", "soak")


def loadavg() -> list[float]:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer iterations and requests (development)")
    parser.add_argument("--only", default=",".join(SECTIONS), help=f"comma-separated sections of {', '.join(SECTIONS)}")
    parser.add_argument("--no-memory", action="store_true", help="skip the long memory run of the api section")
    parser.add_argument(
        "--memory-reviews", type=int, default=None, help="reviews in the memory run (default 100000, 5000 with --quick)"
    )
    parser.add_argument("--fleet-docs", type=int, default=None, help="documents in the fleet run (default 10000)")
    args = parser.parse_args(argv)
    only = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = set(only) - set(SECTIONS)
    if unknown:
        parser.error(f"unknown section(s): {', '.join(sorted(unknown))}")

    from bench import report

    rows: list[dict[str, Any]] = []
    failed: list[str] = []
    extra: dict[str, Any] = {"sections": {}}
    cores = os.cpu_count() or 1
    for section in only:
        before = loadavg()
        if before and before[0] > cores * 0.75:
            print(
                f"warning: load average {before[0]} on {cores} cores before '{section}': other processes compete "
                "for the CPU; figures (p99 above all) will be worse than on a quiet machine",
                file=sys.stderr,
            )
        t0 = time.time()
        print(f"== {section} ...", file=sys.stderr, flush=True)
        try:
            got, more = run_section(section, args)
        except Exception as exc:  # noqa: BLE001 - one broken section must not lose the others' figures
            traceback.print_exc()
            failed.append(section)
            got, more = (
                [{"section": section, "name": "FAILED", "verdict": "NO", "note": f"{type(exc).__name__}: {exc}"[:300]}],
                {f"{section}_error": traceback.format_exc()},
            )
        rows += got
        extra.update(more)
        extra["sections"][section] = {
            "seconds": round(time.time() - t0, 1),
            "loadavg_before": before,
            "loadavg_after": loadavg(),
        }
        print(report.table(got), file=sys.stderr, flush=True)
    path = report.write(
        rows,
        extra,
        {
            "quick": args.quick,
            "only": only,
            "memory_reviews": args.memory_reviews,
            "fleet_docs": args.fleet_docs,
            "no_memory": args.no_memory,
        },
    )
    print()
    print(report.table(rows))
    print()
    for name, info in extra["sections"].items():
        print(
            f"{name}: {info['seconds']} s, load average before {info['loadavg_before']} after {info['loadavg_after']}"
        )
    if "pipeline_stages_us" in extra:
        print(
            "pipeline stages (durable, aix-lpar, median / p99 us): "
            + ", ".join(f"{k} {v['median']:.0f}/{v['p99']:.0f}" for k, v in extra["pipeline_stages_us"].items())
        )
    print(f"results: {path}")
    if failed:
        print(f"FAILED sections: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


def run_section(section: str, args: argparse.Namespace) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    if section == "startup":
        from bench import startup

        return startup.run(args.quick), {}
    if section == "engine":
        from bench import engine

        return engine.run(args.quick), {}
    if section == "pipeline":
        from bench import pipeline

        return pipeline.run(args.quick)
    if section == "chat":
        from bench import chat

        return chat.run(args.quick)
    if section == "parse":
        from bench import parse

        return parse.run(args.quick)
    if section == "fleet":
        from bench import fleet

        return fleet.run(args.quick, n=args.fleet_docs)
    if section == "fleetapi":
        from bench import fleet_routes

        return fleet_routes.run(args.quick)
    if section == "mcp":
        from bench import mcp

        return mcp.run(args.quick)
    if section == "soak":
        from bench import soak

        return soak.run(args.quick)
    from bench import api

    return api.run(args.quick, with_memory=not args.no_memory, memory_reviews=args.memory_reviews)


if __name__ == "__main__":
    sys.exit(main())
