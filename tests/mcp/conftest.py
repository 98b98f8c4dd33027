"""The MCP surfaces through the SDK's own client: `advisor mcp` as a subprocess, and /mcp of a real `advisor serve`.

Each transport is driven once per module: one session lists the tools, calls every tool with a
valid and an invalid input and reads the resources; the tests then judge what came back.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import httpx2
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client

from advisor.capabilities.models import EXAMPLE_LPAR
from advisor.store import open_store
from tests.api.server import Server
from tests.support.store import OPERATOR

ROOT = Path(__file__).resolve().parents[2]
BODY_LIMIT = 256 * 1024  # the served API's ADVISOR_MAX_BODY_BYTES in these tests


def stdio_params() -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable, args=["-m", "advisor.cli.main", "mcp"], cwd=str(ROOT), env=dict(os.environ)
    )


def run_stdio(script: Callable[[Client], Awaitable[Any]]) -> Any:
    async def main() -> Any:
        async with Client(stdio_params(), read_timeout_seconds=120) as client:
            return await script(client)

    return anyio.run(main)


def run_http(url: str, key: str | None, script: Callable[[Client], Awaitable[Any]]) -> Any:
    async def main() -> Any:
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        async with httpx2.AsyncClient(headers=headers, timeout=120) as http:
            async with Client(streamable_http_client(f"{url}/mcp", http_client=http)) as client:
                return await script(client)

    return anyio.run(main)


@pytest.fixture(scope="package")
def served(tmp_path_factory) -> Iterator[tuple[Server, str]]:
    """`advisor serve` on 127.0.0.1 with a body limit of 256 KiB, and a key for it."""
    tmp = tmp_path_factory.mktemp("mcp-serve")
    store = open_store(tmp / "advisor.db")
    store.migrate()
    key = store.create_key(OPERATOR, "mcp-tests")[1]
    store.close()
    old = os.environ.get("ADVISOR_MAX_BODY_BYTES")
    os.environ["ADVISOR_MAX_BODY_BYTES"] = str(BODY_LIMIT)
    try:
        server = Server(tmp / "advisor.db", tmp / "serve.log").start()
    finally:
        if old is None:
            del os.environ["ADVISOR_MAX_BODY_BYTES"]
        else:
            os.environ["ADVISOR_MAX_BODY_BYTES"] = old
    try:
        # a stored review, so the fleet tools' examples (system sapapp01, rule AME-001) have an estate to read
        stored = httpx.post(
            f"{server.url}/v1/reviews", json=EXAMPLE_LPAR, headers={"Authorization": f"Bearer {key}"}, timeout=60
        )
        assert stored.status_code == 201, stored.text
        yield server, key
    finally:
        server.stop()
