"""One MCP server object: a tool per capability, the rule pages and the source list as resources.

Tools are generated from advisor.capabilities.CAPABILITIES: name, description, the request
model's JSON Schema as input schema, the result model's as output schema. A call returns the
result as structured content plus a short text (text.py); bad arguments come back as a tool
error (`isError`) carrying the same problem name, detail and JSON paths the REST route gives,
never as a crash. Every tool is read-only except `review_configuration`, which stores the review
when asked and the transport knows the caller (HTTP, behind an API key).

`context_for(request_context)` is how the transport says who calls: stdio has one fixed
context with no store; HTTP builds one per request from the authenticated key (api/mcp.py).
"""

from __future__ import annotations

import difflib
import json
import logging
from collections.abc import Callable
from typing import Any

import anyio
import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server

from advisor import __version__
from advisor.capabilities import BY_NAME, CAPABILITIES, Capability, CapabilityError, Context
from advisor.mcp.text import render
from advisor.render.rule_page import render as rule_page
from advisor.sources import load_sources

log = logging.getLogger("advisor.mcp")

ContextFor = Callable[[ServerRequestContext[Any, Any]], Context]
RULE_URI = "advisor://rules/{rule_id}"
SOURCES_URI = "advisor://sources"
INSTRUCTIONS = (
    "Platform Advisor reviews configurations of IBM Power (AIX, VIOS, PowerVM), HP-UX Itanium with SAP, z/OS and "
    "Linux on z/VM against a rulebook built from vendor guidance. Every finding, explanation and figure carries "
    "citations (source_id, section, locator): quote them. Start with review_configuration (a document or raw "
    "command outputs), then explain_rule / why_not_fired / what_if on its findings; search_guidance for questions."
)


def tool(cap: Capability) -> types.Tool:
    return types.Tool(
        name=cap.name,
        title=cap.title,
        description=cap.description,
        input_schema=cap.input_schema(),
        output_schema=cap.output_schema(),
        annotations=types.ToolAnnotations(
            title=cap.title,
            read_only_hint=not cap.stores,
            destructive_hint=False,
            idempotent_hint=not cap.stores,
            open_world_hint=False,
        ),
    )


def error_result(error: CapabilityError) -> types.CallToolResult:
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=f"{error.name}: {error.detail}")],
        structured_content=error.body(),
        is_error=True,
    )


def call(name: str, arguments: dict[str, Any] | None, ctx: Context) -> types.CallToolResult:
    """One tool call, synchronously (the transports run it in a worker thread)."""
    cap = BY_NAME.get(name)
    if cap is None:
        close = difflib.get_close_matches(name, list(BY_NAME), n=1, cutoff=0.5)
        hint = f"; did you mean {close[0]}?" if close else ""
        return error_result(CapabilityError("not-found", f"No tool {name!r}{hint}"))
    args = arguments or {}
    size = len(json.dumps(args, ensure_ascii=False).encode("utf-8"))
    if size > ctx.limits.max_body_bytes:
        return error_result(
            CapabilityError(
                "body-too-large",
                f"The arguments are {size} bytes; this server accepts at most {ctx.limits.max_body_bytes}.",
            )
        )
    try:
        result = cap.invoke(args, ctx)
    except CapabilityError as exc:
        return error_result(exc)
    except Exception:  # a bug must not take the server down: logged, answered as a tool error
        log.exception("tool %s failed", name)
        return error_result(CapabilityError("internal-error", "The tool failed unexpectedly; it has been logged."))
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=render(result))],
        structured_content=result.model_dump(mode="json", by_alias=True),
    )


def build_server(context_for: ContextFor) -> Server[Any]:
    tools = [tool(c) for c in CAPABILITIES]

    async def list_tools(
        rctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools)

    async def call_tool(
        rctx: ServerRequestContext[Any, Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        ctx = context_for(rctx)
        return await anyio.to_thread.run_sync(call, params.name, params.arguments, ctx)

    async def list_resources(
        rctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourcesResult:
        rules = context_for(rctx).advisor.rulebook.rules
        pages = [
            types.Resource(
                uri=RULE_URI.format(rule_id=rid),
                name=rid,
                title=f"{rid}: {rules[rid].rule.title}",
                description=f"Rule page of {rid}: condition, rationale, fix, examples and citations.",
                mime_type="text/markdown",
            )
            for rid in sorted(rules)
        ]
        sources = types.Resource(
            uri=SOURCES_URI,
            name="sources",
            title="Source documents",
            description="The documents every citation's source_id points into.",
            mime_type="application/json",
        )
        return types.ListResourcesResult(resources=[sources, *pages])

    async def list_templates(
        rctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(
            resource_templates=[
                types.ResourceTemplate(
                    uri_template=RULE_URI,
                    name="rule",
                    title="Rule page",
                    description="One rule's page, e.g. advisor://rules/AME-001.",
                    mime_type="text/markdown",
                )
            ]
        )

    async def read_resource(
        rctx: ServerRequestContext[Any, Any], params: types.ReadResourceRequestParams
    ) -> types.ReadResourceResult:
        uri = str(params.uri)
        if uri == SOURCES_URI:
            text = json.dumps([s.model_dump(mode="json") for s in load_sources().values()], indent=1)
            return types.ReadResourceResult(
                contents=[types.TextResourceContents(uri=uri, mime_type="application/json", text=text)]
            )
        prefix = RULE_URI.split("{")[0]
        rules = context_for(rctx).advisor.rulebook.rules
        rule_id = uri[len(prefix) :].upper() if uri.startswith(prefix) else ""
        if rule_id not in rules:
            close = difflib.get_close_matches(rule_id or uri, list(rules), n=1, cutoff=0.6)
            hint = f"; did you mean {RULE_URI.format(rule_id=close[0])}?" if close else ""
            raise ValueError(f"No resource {uri}{hint}")
        return types.ReadResourceResult(
            contents=[types.TextResourceContents(uri=uri, mime_type="text/markdown", text=rule_page(rules[rule_id]))]
        )

    return Server(
        "platform-advisor",
        version=__version__,
        title="Platform Advisor",
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        on_list_resources=list_resources,
        on_list_resource_templates=list_templates,
        on_read_resource=read_resource,
    )
