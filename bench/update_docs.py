"""`python -m bench.update_docs [results.json]`: put a run's table into docs/performance.md.

Replaces what stands between `<!-- bench:results:begin -->` and `<!-- bench:results:end -->`
with the date, machine, load averages, the results table and the pipeline stages of the run
(default: bench/results/latest.json). The prose around it (targets, analysis) stays as written.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bench import report

DOC = Path(__file__).parents[1] / "docs" / "performance.md"
BEGIN, END = "<!-- bench:results:begin -->", "<!-- bench:results:end -->"


def block(data: dict) -> str:
    env = data.get("environment", {})
    pkgs = env.get("packages", {})
    loads = "; ".join(
        f"{name} {info['loadavg_before'][0]} -> {info['loadavg_after'][0]}"
        for name, info in data.get("sections", {}).items()
        if info.get("loadavg_before")
    )
    args = data.get("args", {})
    lines = [
        f"Run of {data.get('created', '?')} ({'quick' if args.get('quick') else 'full'}; sections "
        f"{', '.join(args.get('only', []))}); {env.get('cores')} vCPU ({env.get('cpu', '')}), Python "
        f"{env.get('python')}, durable-rules {pkgs.get('durable-rules')}, pydantic {pkgs.get('pydantic')}, "
        f"orjson {pkgs.get('orjson')}, uvicorn {pkgs.get('uvicorn')}. Load average (1 min) before -> after each "
        f"section, from other processes on the machine: {loads}.",
        "",
        report.markdown(data["rows"]),
    ]
    stages = data.get("pipeline_stages_us")
    if stages:
        lines += [
            "",
            "Pipeline stages of the subject (generated aix-lpar documents), median / p99 in us: "
            + ", ".join(f"{k} {v['median']:.0f} / {v['p99']:.0f}" for k, v in stages.items())
            + ".",
        ]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    path = Path(argv[0]) if argv else report.RESULTS / "latest.json"
    data = json.loads(path.read_text())
    text = DOC.read_text()
    if BEGIN not in text or END not in text:
        print(f"{DOC}: markers {BEGIN} ... {END} not found", file=sys.stderr)
        return 1
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    DOC.write_text(f"{head}{BEGIN}\n{block(data)}\n{END}{tail}")
    print(f"{DOC}: results of {path.name} written")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
