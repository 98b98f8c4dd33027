"""The MCP server: tools and resources generated from advisor.capabilities (server.py), their text (text.py).

`advisor mcp` serves it over stdio (stdio.py); the API mounts it at /mcp over streamable HTTP
(api/mcp.py), behind the same API keys and body limit as /v1.
"""
