"""API keys never travel in a URL: such requests are refused, and access logs never show one.

A URL is written to access logs, proxy logs and browser history, so a key sent as
`?api_key=...` is a key leaked even when the request is refused. Every request whose query
names a key parameter or holds a value shaped like one of our keys (`pa_<id>_<secret>`) is
answered 400 `api-key-in-url` before any route runs; and the uvicorn access log is filtered
so that such a value, wherever it stands in the request line, is written as `REDACTED`.
"""

from __future__ import annotations

import logging
from urllib.parse import parse_qsl

from starlette.types import ASGIApp, Receive, Scope, Send

from advisor import linre
from api.problems import problem_response

KEY_PARAMS = frozenset({"api_key", "apikey", "api-key", "key", "access_token", "token", "authorization", "bearer"})
_KEY_SHAPE = linre.compile(r"pa_[0-9A-Fa-f]{12}_[A-Za-z0-9_%-]{8,}")
_PARAM = linre.compile(r"(?i)([?&](?:api_key|apikey|api-key|key|access_token|token|authorization|bearer)=)[^&\s]*")
REDACTED = "REDACTED"


def key_in_query(query: str) -> bool:
    """Whether the query string names a key parameter or carries a key-shaped value."""
    if _KEY_SHAPE.search(query):
        return True
    return any(name.lower() in KEY_PARAMS for name, _ in parse_qsl(query, keep_blank_values=True))


def redact(target: str) -> str:
    """The request target with every key-shaped value and key parameter's value replaced."""
    return _PARAM.sub(r"\1" + REDACTED, _KEY_SHAPE.sub(REDACTED, target))


class RedactKeys(logging.Filter):
    """For uvicorn's access logger: its record's third argument is the path with the query."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) >= 3 and isinstance(args[2], str):
            record.args = (*args[:2], redact(args[2]), *args[3:])
        return True


def install_log_filter() -> None:
    access = logging.getLogger("uvicorn.access")
    if not any(isinstance(f, RedactKeys) for f in access.filters):
        access.addFilter(RedactKeys())


class RefuseKeysInUrl:
    """ASGI middleware: a key in the query string is a 400 problem, whatever the route."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            query = scope.get("query_string", b"").decode("latin-1")
            if query and key_in_query(query):
                response = problem_response(
                    "api-key-in-url",
                    "API keys must not be sent in the URL, where logs and browser history keep them; "
                    "send 'Authorization: Bearer <key>' and consider this key exposed (revoke it with "
                    "`advisor keys revoke`).",
                )
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)
