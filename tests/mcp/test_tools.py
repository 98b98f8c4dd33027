"""Every tool over both real transports: listed with schemas, valid calls match their schema and the REST
route's answer, invalid calls are tool errors with the REST problem's name and path; resources readable."""

from __future__ import annotations

from typing import Any

import httpx
import jsonschema
import pytest
from mcp import Client

from advisor.capabilities import BY_NAME, CAPABILITIES
from tests.mcp.cases import TOOLS, comparable, invalid_calls, rest
from tests.mcp.conftest import run_http, run_stdio


async def exercise(client: Client) -> dict[str, Any]:
    listed = await client.list_tools()
    out: dict[str, Any] = {"tools": {t.name: t for t in listed.tools}, "valid": {}, "invalid": {}}
    for cap in CAPABILITIES:
        r = await client.call_tool(cap.name, cap.example_args())
        out["valid"][cap.name] = r
        out["invalid"][cap.name] = [
            (await client.call_tool(cap.name, args), name, path) for args, name, path in invalid_calls(cap)
        ]
    out["resources"] = (await client.list_resources()).resources
    out["rule_page"] = (await client.read_resource("advisor://rules/AME-001")).contents[0]
    out["sources"] = (await client.read_resource("advisor://sources")).contents[0]
    return out


@pytest.fixture(scope="module", params=["stdio", "http"])
def session(request, served) -> tuple[str, dict[str, Any]]:
    server, key = served
    if request.param == "stdio":
        return "stdio", run_stdio(exercise)
    return "http", run_http(server.url, key, exercise)


@pytest.fixture(scope="module")
def api(served) -> httpx.Client:
    server, key = served
    with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {key}"}, timeout=120) as client:
        yield client


def test_every_capability_is_a_tool_with_schemas_and_hints(session):
    _, got = session
    assert list(got["tools"]) == TOOLS
    for name, tool in got["tools"].items():
        cap = BY_NAME[name]
        assert tool.description == cap.description and tool.input_schema == cap.input_schema()
        jsonschema.Draft202012Validator.check_schema(tool.output_schema)
        assert tool.annotations.read_only_hint is (not cap.stores)


@pytest.mark.parametrize("name", TOOLS)
def test_a_valid_call_matches_its_schema_and_the_rest_route(session, api, name):
    transport, got = session
    result = got["valid"][name]
    cap = BY_NAME[name]
    if cap.reads_store and transport == "stdio":  # `advisor mcp` has no store: the fleet tools say so
        assert result.is_error and result.structured_content["error"] == "not-found"
        assert "no store" in result.content[0].text
        return
    assert not result.is_error, result.content[0].text
    assert result.content[0].type == "text" and result.content[0].text.strip()
    jsonschema.validate(result.structured_content, got["tools"][name].output_schema)
    expected = comparable(cap, rest(api, cap, cap.example_args()))
    actual = comparable(cap, result.structured_content)
    if name == "review_configuration":  # a review of a document: REST leaves out the fields of output reviews
        actual = {k: v for k, v in actual.items() if v is not None or k in expected}
    assert actual == expected, transport


@pytest.mark.parametrize("name", TOOLS)
def test_an_invalid_call_is_a_tool_error_with_the_problem_and_its_path(session, name):
    _, got = session
    for result, problem, path in got["invalid"][name]:
        assert result.is_error
        assert result.structured_content["error"] == problem
        assert path in [e["path"] for e in result.structured_content.get("errors", [])]
        assert result.content[0].text.startswith(problem + ":")


def test_findings_and_citations_are_the_reviews(session, api):
    """The review tool and POST /v1/reviews: identical findings, each with its citations."""
    _, got = session
    cap = BY_NAME["review_configuration"]
    findings = got["valid"][cap.name].structured_content["findings"]
    assert findings and all(f["citations"] for f in findings)
    assert findings == rest(api, cap, cap.example_args())["findings"]


def test_resources_are_the_rule_pages_and_the_sources(session):
    _, got = session
    uris = {str(r.uri) for r in got["resources"]}
    assert "advisor://sources" in uris and "advisor://rules/AME-001" in uris
    assert got["rule_page"].text.startswith("# AME-001")
    assert '"ibm-aix-ame64k-sap-2023"' in got["sources"].text
