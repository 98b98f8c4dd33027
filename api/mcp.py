"""/mcp: the MCP server (advisor.mcp) over streamable HTTP, behind the same API keys and body limit as /v1.

Stateless, JSON responses: every POST is answered on its own, so any worker process can answer
any request, as for /v1. The key is checked first, as `require_key` does for /v1 (a missing,
unknown or revoked key is the same 401 problem); the authenticated key travels in the ASGI
scope to the tool handlers, so a review a tool stores is stored under it.

Body limit: a tool's arguments may be as large as a /v1 body (ADVISOR_MAX_BODY_BYTES); larger
ones are answered with a tool error that says so (advisor.mcp.server.call), which an assistant
can act on, rather than an HTTP error its client reports as a failed request. Bodies beyond
ENVELOPE times that are refused before they are read: 413, a problem like /v1's.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from mcp.server.context import ServerRequestContext
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from starlette.types import Receive, Scope, Send

from advisor.capabilities import Context
from advisor.mcp.server import build_server
from api.auth import REALM
from api.context import context_for_key
from api.problems import problem_response

KEY_STATE = "advisor_api_key"
ENVELOPE = 4  # the JSON-RPC envelope around arguments at the limit, with a wide margin
PATH = "/mcp"


class McpEndpoint:
    """ASGI app for /mcp; `running()` belongs in the app's lifespan (the SDK's task group)."""

    def __init__(self, app_state: Any):
        self.state = app_state
        self.manager = StreamableHTTPSessionManager(
            app=build_server(self._context),
            json_response=True,
            stateless=True,
            max_request_body_size=ENVELOPE * app_state.settings.max_body_bytes,
        )

    def _context(self, rctx: ServerRequestContext[Any, Any]) -> Context:
        request = rctx.request
        who = getattr(request, "scope", {}).get("state", {}).get(KEY_STATE) if request is not None else None
        if who is None:  # __call__ lets no request through without a key
            raise RuntimeError("MCP request without an authenticated API key")
        return context_for_key(self.state, who)

    @asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        async with self.manager.run():
            yield

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        scheme, _, token = headers.get("authorization", "").partition(" ")
        key = self.state.store.authenticate(token.strip()) if scheme.lower() == "bearer" and token.strip() else None
        if key is None or not key.active:
            detail = (
                "The API key is not valid or was revoked."
                if token
                else "/mcp needs an API key: send 'Authorization: Bearer <key>' "
                "(create one with `advisor keys create NAME`)."
            )
            error = ', error="invalid_token"' if token else ""
            await problem_response("unauthorized", detail, headers={"WWW-Authenticate": REALM + error})(
                scope, receive, send
            )
            return
        declared = headers.get("content-length", "")
        hard_limit = ENVELOPE * self.state.settings.max_body_bytes
        if declared.isdigit() and int(declared) > hard_limit:
            detail = f"The body is {declared} bytes; /mcp accepts at most {hard_limit}."
            await problem_response("body-too-large", detail)(scope, receive, send)
            return
        client = scope.get("client")
        scope.setdefault("state", {})[KEY_STATE] = key.principal(client[0] if client else None)
        await self.manager.handle_request(scope, receive, send)
