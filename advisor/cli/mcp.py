"""`advisor mcp`: the advisor's tools for an LLM assistant, as an MCP server on stdin/stdout (docs/mcp.md)."""

from __future__ import annotations

from advisor.cli.application import app


@app.command("mcp")
def mcp() -> None:
    """Serve the advisor as an MCP server over stdio (for desktop and IDE assistants); nothing is stored.

    Arguments are bounded as API bodies are (ADVISOR_MAX_BODY_BYTES, ADVISOR_MAX_DEPTH, ADVISOR_MAX_PARTITIONS).
    """
    from advisor.mcp.stdio import serve_stdio
    from api.settings import Settings

    serve_stdio(Settings.from_env())
