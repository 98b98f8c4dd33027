"""What one MCP tool call costs: `explain_rule` over stdio and over streamable HTTP, beside POST /v1/explain.

One run, one machine, one request: the explanation of AME-001 for the contract's example
partition (the capability reviews the document and evaluates the rule's condition). The
baseline is the REST route on the same `advisor serve` (one worker): the same capability
behind the same auth and body checks, so the ratio is what the MCP protocol adds (JSON-RPC
framing, the SDK's dispatch and validation, a worker thread per call). Calls are sequential on
one warm connection or session; latency is wall time per call on the client.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import httpx
import httpx2
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client

from api.examples import EXAMPLE_DOCUMENT
from bench.api import ROOT, create_key, start_server
from bench.stats import Summary

ARGS: dict[str, Any] = {"rule_id": "AME-001", "document": EXAMPLE_DOCUMENT}
WARMUP = 10


async def _calls(client: Client, n: int) -> list[float]:
    for _ in range(WARMUP):
        await client.call_tool("explain_rule", ARGS)
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        result = await client.call_tool("explain_rule", ARGS)
        times.append((time.perf_counter() - t0) * 1000)
        if result.is_error:
            raise RuntimeError(f"explain_rule failed: {result.content[0].text}")
    return times


def _run(connect: Callable[[], Any], n: int) -> list[float]:
    async def main() -> list[float]:
        async with connect() as client:
            return await _calls(client, n)

    return anyio.run(main)


def stdio(n: int) -> list[float]:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "advisor.cli.main", "mcp"], cwd=str(ROOT), env=dict(os.environ)
    )
    return _run(lambda: Client(params, read_timeout_seconds=120), n)


def http(url: str, key: str, n: int) -> list[float]:
    async def main() -> list[float]:
        async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {key}"}, timeout=120) as h:
            async with Client(streamable_http_client(f"{url}/mcp", http_client=h)) as client:
                return await _calls(client, n)

    return anyio.run(main)


def rest(url: str, key: str, n: int) -> list[float]:
    times = []
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=120) as client:
        for i in range(WARMUP + n):
            t0 = time.perf_counter()
            r = client.post("/v1/explain", json=ARGS)
            if i >= WARMUP:
                times.append((time.perf_counter() - t0) * 1000)
            r.raise_for_status()
    return times


def run(quick: bool = False) -> tuple[list[dict], dict]:
    n = 50 if quick else 300
    workdir = Path(tempfile.mkdtemp(prefix="advisor-mcp-bench-"))
    db = workdir / "advisor.db"
    key = create_key(db)
    server = start_server(1, db, workdir)
    url = f"http://127.0.0.1:{server.port}"
    try:
        base = Summary.of(rest(url, key, n), "ms")
        over_http = Summary.of(http(url, key, n), "ms")
    finally:
        server.stop()
    over_stdio = Summary.of(stdio(n), "ms")
    rows = [
        {
            "section": "mcp",
            "name": f"MCP tool call over {label}: explain_rule (one session, sequential)",
            "subject": s.to_dict(),
            "baseline": base.to_dict(),
            "subject_label": f"MCP {label}",
            "baseline_label": "POST /v1/explain",
            "target": "median <= 2x REST",
            "verdict": "yes" if s.median <= 2 * base.median else "NO",
            "note": f"n={n} calls after {WARMUP} warm-up; baseline: the same request through the REST route, "
            "same server and capability",
        }
        for label, s in (("stdio", over_stdio), ("streamable HTTP", over_http))
    ]
    return rows, {"mcp": {"rest_ms": base.to_dict(), "http_ms": over_http.to_dict(), "stdio_ms": over_stdio.to_dict()}}
