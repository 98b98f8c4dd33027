"""HTTP MCP needs a key; oversized, too deep or too wide arguments are tool errors, and the server stays up."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from advisor.store import open_store
from tests.mcp.conftest import BODY_LIMIT, run_http, run_stdio
from tests.support.store import OPERATOR

LIST = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
ACCEPT = {"Accept": "application/json, text/event-stream"}


def test_http_mcp_without_a_valid_key_is_refused(served):
    server, key = served
    for headers in ({}, {"Authorization": "Bearer pa_nope.nope"}, {"Authorization": f"Basic {key}"}):
        r = httpx.post(f"{server.url}/mcp", json=LIST, headers={**ACCEPT, **headers})
        assert r.status_code == 401 and r.headers["content-type"] == "application/problem+json"
        assert r.headers["www-authenticate"].startswith("Bearer")

    async def listed(client: Client) -> int:
        return len((await client.list_tools()).tools)

    with pytest.raises(ExceptionGroup) as refused:  # the SDK client cannot even start a session
        run_http(server.url, None, listed)
    assert any(isinstance(e, MCPError) for e in _leaves(refused.value))
    assert run_http(server.url, key, listed) > 0


def _leaves(error: BaseException) -> list[BaseException]:
    group = getattr(error, "exceptions", None)
    return [leaf for e in group for leaf in _leaves(e)] if group else [error]


def test_a_revoked_key_is_refused_at_once(served):
    server, _ = served
    store = open_store(server.db)
    created, key = store.create_key(OPERATOR, "revoked")
    store.revoke_key(OPERATOR, created.id)
    store.close()
    r = httpx.post(f"{server.url}/mcp", json=LIST, headers={**ACCEPT, "Authorization": f"Bearer {key}"})
    assert r.status_code == 401


async def _oversized(client: Client) -> list[Any]:
    deep: dict[str, Any] = {"kind": "aix-lpar", "name": "x"}
    node = deep
    for _ in range(40):
        node["ame"] = {}
        node = node["ame"]
    wide = {"processor": "POWER9", "partitions": [{"name": f"p{i}", "max_memory_gb": 1} for i in range(1001)]}
    calls = [
        ("search_guidance", {"q": "x" * (BODY_LIMIT + 10)}),
        ("review_configuration", {"document": deep}),
        ("calc_hpt", wide),
    ]
    results = [await client.call_tool(name, args) for name, args in calls]
    after = await client.call_tool("calc_plarea", {"online_storage_gb": 16})  # still serving
    return [*results, after]


def _judge(results: list[Any]) -> None:
    big, deep, wide, after = results
    assert big.is_error and big.structured_content["error"] == "body-too-large"
    assert deep.is_error and deep.structured_content["error"] == "too-deeply-nested"
    assert wide.is_error and wide.structured_content["error"] == "too-many-partitions"
    assert wide.structured_content["errors"][0]["path"] == "$.partitions"
    assert not after.is_error and after.structured_content["plarea_gb"] == 1.75


def test_oversized_arguments_over_http_are_clear_tool_errors(served):
    server, key = served
    _judge(run_http(server.url, key, _oversized))


def test_oversized_arguments_over_stdio_are_clear_tool_errors(monkeypatch):
    monkeypatch.setenv("ADVISOR_MAX_BODY_BYTES", str(BODY_LIMIT))  # `advisor mcp` reads the API's limits
    _judge(run_stdio(_oversized))


def test_a_body_far_beyond_the_limit_is_refused_before_it_is_read(served):
    server, key = served
    huge = b'{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":"' + b"a" * (4 * BODY_LIMIT + 1) + b'"}}'
    r = httpx.post(
        f"{server.url}/mcp",
        content=huge,
        headers={**ACCEPT, "Content-Type": "application/json", "Authorization": f"Bearer {key}"},
    )
    assert r.status_code == 413 and r.json()["type"] == "/problems/body-too-large"
