"""`advisor mcp`: the MCP server over stdio, for desktop and IDE assistants (no store, nothing written)."""

from __future__ import annotations

import anyio
from mcp.server.stdio import stdio_server

from advisor.capabilities import Context
from advisor.capabilities.inputs import DEFAULT_LIMITS, Limits
from advisor.mcp.server import build_server


def serve_stdio(limits: Limits = DEFAULT_LIMITS) -> None:
    context = Context(limits=limits)  # the process-wide advisor, no store
    server = build_server(lambda _: context)

    async def main() -> None:
        async with stdio_server() as (read_stream, write_stream):
            await server.run(read_stream, write_stream, server.create_initialization_options())

    anyio.run(main)
