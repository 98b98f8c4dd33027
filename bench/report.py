"""The results table (stdout and markdown) and the JSON file."""

from __future__ import annotations

import json
import math
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).parent / "results"


def _fmt(value: Any, unit: str = "") -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    if isinstance(value, (int, float)) and unit == "s":
        return f"{value:.2f} s"
    if isinstance(value, (int, float)) and unit == "/s":
        return f"{value:,.0f} /s"
    if isinstance(value, (int, float)) and unit == "MiB":
        return f"{value:,.1f} MiB"
    if isinstance(value, (int, float)) and unit in ("KiB/1k", "KiB/1000 reviews"):
        return f"{value:+.1f} KiB/1k"
    if isinstance(value, float):
        if unit == "us" and value >= 10_000:
            return f"{value / 1000:.1f} ms"
        if unit == "us" and value >= 1000:
            return f"{value / 1000:.2f} ms"
        if unit == "us":
            return f"{value:.1f} us"
        if unit == "ms":
            return f"{value:.1f} ms" if value < 1000 else f"{value / 1000:.2f} s"
        return f"{value:,.1f}" if abs(value) >= 100 else f"{value:.2f}"
    return f"{value:,}" if isinstance(value, int) else str(value)


def cells(row: dict) -> list[str]:
    s, b = row.get("subject") or {}, row.get("baseline") or {}
    unit = s.get("unit", "us")
    if row.get("ratio") is not None:
        r = row["ratio"]
    elif s.get("median") and b.get("median"):
        r = s["median"] / b["median"]
    else:
        r = None
    row["ratio"] = r
    cpu = "-"
    if s.get("cpu_mean") is not None and b.get("cpu_mean") is not None:
        cpu = f"{_fmt(s['cpu_mean'], unit)} / {_fmt(b['cpu_mean'], unit)}"
    elif row.get("cpu"):
        cpu = row["cpu"]
    return [
        row["section"],
        row["name"],
        _fmt(s.get("median"), unit),
        _fmt(s.get("p99"), unit),
        _fmt(b.get("median"), unit),
        _fmt(b.get("p99"), unit),
        "-" if r is None else f"{r:.2f}x",
        cpu,
        row.get("target", ""),
        row.get("verdict", ""),
        row.get("note", ""),
    ]


HEADER = [
    "section",
    "figure",
    "median",
    "p99",
    "baseline median",
    "baseline p99",
    "ratio",
    "cpu (subj / base)",
    "target",
    "met",
    "note",
]


def table(rows: list[dict]) -> str:
    body = [cells(r) for r in rows]
    widths = [max(len(h), *(len(b[i]) for b in body)) if body else len(h) for i, h in enumerate(HEADER)]
    widths[-1] = min(widths[-1], 70)
    line = "  ".join(h.ljust(w) for h, w in zip(HEADER, widths, strict=False))
    out = [line, "-" * len(line)]
    for b in body:
        out.append(
            "  ".join(c.ljust(w) if i < len(b) - 1 else c for i, (c, w) in enumerate(zip(b, widths, strict=False)))
        )
    return "\n".join(out)


def markdown(rows: list[dict]) -> str:
    out = ["| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    for r in rows:
        out.append("| " + " | ".join(c.replace("|", "/") for c in cells(r)) + " |")
    return "\n".join(out)


def environment() -> dict[str, Any]:
    def pkg(name: str) -> str | None:
        try:
            from importlib.metadata import version

            return version(name)
        except Exception:  # noqa: BLE001
            return None

    cpu = ""
    try:
        cpu = next(
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        )
    except Exception:  # noqa: BLE001
        pass
    return {
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "cpu": cpu,
        "cores": os.cpu_count(),
        "packages": {
            n: pkg(n) for n in ("durable-rules", "pydantic", "pydantic-core", "orjson", "fastapi", "uvicorn", "httpx")
        },
    }


def write(rows: list[dict], extra: dict[str, Any], args: dict[str, Any]) -> Path:
    RESULTS.mkdir(parents=True, exist_ok=True)
    for r in rows:
        cells(r)  # fills in ratio
    stamp = time.strftime("%Y%m%d-%H%M%S")
    data = {
        "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "args": args,
        "environment": environment(),
        "rows": rows,
        **extra,
    }
    path = RESULTS / f"bench-{stamp}{'-quick' if args.get('quick') else ''}.json"
    text = json.dumps(data, indent=2, default=str)
    path.write_text(text)
    (RESULTS / "latest.json").write_text(text)
    (RESULTS / "latest.md").write_text(markdown(rows) + "\n")
    return path
