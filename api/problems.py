"""Errors as RFC 9457 problem details (`application/problem+json`).

Every error the API returns is one of the types in `PROBLEM_TYPES`; its `type` URI
(`/problems/<name>`, served by the API as documentation) never changes, so clients can
branch on it. Validation problems add `errors`: [{path, message, suggestion}] with the JSON
path of the bad input. Internals never leak: an unexpected exception is logged and answered
with a generic `internal-error`.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import JSONResponse
from starlette.routing import compile_path
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from advisor.budget import BudgetExceeded
from advisor.capabilities.errors import CapabilityError, ErrorItem, errors_detail
from advisor.store import StoreUnavailable

log = logging.getLogger("advisor.api")

PROBLEM_MEDIA_TYPE = "application/problem+json"
TYPE_PREFIX = "/problems/"

# name -> (status, title, when it happens)
PROBLEM_TYPES: dict[str, tuple[int, str, str]] = {
    "invalid-json": (
        400,
        "Request body is not valid JSON",
        "The body could not be parsed as JSON (RFC 8259): syntax error, empty body, NaN, or a lone "
        "surrogate escape. `detail` gives the line and column.",
    ),
    "invalid-encoding": (
        400,
        "Request body is not valid UTF-8",
        "JSON must be sent as UTF-8; `detail` gives the offset of the first bad byte.",
    ),
    "api-key-in-url": (
        400,
        "API key in the URL",
        "A query parameter names a key (`api_key`, `key`, `token`, `access_token`, ...) or holds a "
        "value shaped like an API key. Keys go in `Authorization: Bearer <key>` only: URLs are "
        "written to logs. The request is refused on every route, and access logs show `REDACTED`.",
    ),
    "unauthorized": (
        401,
        "Missing, unknown or revoked API key",
        "Send `Authorization: Bearer <key>` with a key from `advisor keys create NAME`. "
        "The response carries `WWW-Authenticate: Bearer`.",
    ),
    "forbidden": (
        403,
        "Role too low",
        "The API key is valid but its role (reader < submitter < admin) does not allow this route.",
    ),
    "not-found": (404, "No such resource", "The path matches no route of this API."),
    "key-not-found": (404, "No such API key", "No API key of your tenant has this id."),
    "review-not-found": (404, "No such review", "No stored review has this id."),
    "system-not-found": (404, "No such system", "No review of a system with this name is stored."),
    "rule-not-found": (404, "No such rule", "No rule has this id; `errors[0].suggestion` may name the closest one."),
    "chat-session-not-found": (
        404,
        "No such chat session",
        "No chat session has this id; start one by posting a message without `session_id`.",
    ),
    "idempotency-key-reused": (
        409,
        "Idempotency-Key reused with another request",
        "This Idempotency-Key was used before with a different body; send a new key for a new request.",
    ),
    "key-name-taken": (409, "Key name taken", "An active key of the site has this name: revoke it or choose another."),
    "method-not-allowed": (405, "Method not allowed", "The route exists but not with this method; see `Allow`."),
    "chat-session-busy": (
        409,
        "Chat session busy",
        "Other turns of this session kept arriving while this one was computed (from several "
        "clients at once); nothing was stored. Send the message again.",
    ),
    "body-too-large": (
        413,
        "Request body too large",
        "The body exceeds the server's limit (ADVISOR_MAX_BODY_BYTES, default 1 MiB); the limit "
        "is enforced while reading, whatever Content-Length says.",
    ),
    "unsupported-media-type": (
        415,
        "Unsupported media type",
        "Bodies must be `application/json` (or `application/*+json`), in UTF-8.",
    ),
    "invalid-document": (
        422,
        "Invalid configuration document",
        "The document does not match the schema of its kind: unknown fields (with a did-you-mean "
        "suggestion), wrong types, values out of range, or a missing or unknown `kind`.",
    ),
    "invalid-request": (
        422,
        "Invalid request body",
        "The body is JSON but not the shape this route takes (e.g. a missing `before`, an unknown "
        "field in a calculator request).",
    ),
    "invalid-parameters": (
        422,
        "Invalid query or path parameters",
        "A query or path parameter is out of range or malformed (e.g. `limit`, `cursor`).",
    ),
    "invalid-outputs": (
        422,
        "Command outputs cannot be read",
        "An output is empty, is not the output of a command the advisor reads (or of the command "
        "named), is a document rather than output, or the outputs do not make one system's document "
        "(several hosts, no name). `errors[].path` names the output (`$.outputs[2].text`, "
        "`$.outputs[2].command`, `$.bundle`, `$.name`) and `errors[].line` the line of its text, "
        "when one line is to blame.",
    ),
    "invalid-chat-turn": (
        422,
        "The advisor cannot act on this message",
        "The chat engine refused the message: a review with no document in the session, an "
        "unknown rule id, a what-if on an unknown field or to an invalid value, nothing to undo. "
        "`detail` is the advisor's answer; the turn is not stored.",
    ),
    "too-many-partitions": (
        422,
        "Too many partitions",
        "A managed system lists more partitions than the server accepts (ADVISOR_MAX_PARTITIONS, default 1000).",
    ),
    "too-deeply-nested": (
        422,
        "JSON nested too deeply",
        "The body nests objects/arrays deeper than the server accepts (ADVISOR_MAX_DEPTH, "
        "default 32); no valid document comes close.",
    ),
    "number-out-of-range": (
        422,
        "Number out of range",
        "A number in a document is beyond +/-1e15, far outside any real configuration value; "
        "such magnitudes overflow the derived figures. `errors` names each one.",
    ),
    "budget-exceeded": (
        422,
        "Input too costly to process",
        "Parsing the outputs or answering the chat message took more CPU time than the server allows "
        "per request (ADVISOR_PARSE_BUDGET_S, default 10; ADVISOR_CHAT_BUDGET_S, default 20) and was "
        "stopped; nothing was stored. Send fewer outputs or a shorter message.",
    ),
    "lfarea-syntax": (
        422,
        "LFAREA statement not valid",
        "The LFAREA statement has a syntax error that IPL would reject with IAR046I; `lfarea` holds "
        "the reason code, column and explanation.",
    ),
    "internal-error": (
        500,
        "Internal server error",
        "An unexpected error; it is logged on the server. Nothing about it is returned.",
    ),
    "not-ready": (503, "Not ready", "The store or the rulebook is not available yet."),
    "store-unavailable": (
        503,
        "Store unavailable",
        "The store could not complete the write or read (database down or restarting, locked past "
        "the busy timeout, disk full, read-only file, I/O error or a corrupt page). Nothing was "
        "stored; retry after Retry-After.",
    ),
}


def type_uri(name: str) -> str:
    return TYPE_PREFIX + name


class Problem(BaseModel):
    """RFC 9457 problem details; extension members depend on the type."""

    model_config = ConfigDict(
        extra="allow",
        json_schema_extra={
            "examples": [
                {
                    "type": "/problems/invalid-document",
                    "title": "Invalid configuration document",
                    "status": 422,
                    "detail": "The document has 1 problem: $.ame.page_suport: unknown field "
                    "(did you mean 'page_support'?)",
                    "errors": [{"path": "$.ame.page_suport", "message": "unknown field", "suggestion": "page_support"}],
                }
            ]
        },
    )

    type: str = Field(description="Stable URI of the problem type, `/problems/<name>`.")
    title: str
    status: int
    detail: str
    errors: list[ErrorItem] | None = None


class ProblemError(CapabilityError):
    """Raise anywhere in a request to answer with a problem of type `name` (and, here, HTTP headers)."""

    def __init__(
        self,
        name: str,
        detail: str,
        *,
        errors: list[ErrorItem] | None = None,
        headers: dict[str, str] | None = None,
        extra: dict[str, Any] | None = None,
    ):
        assert name in PROBLEM_TYPES, name
        super().__init__(name, detail, errors=errors, extra=extra)
        self.headers = headers


def problem_body(
    name: str, detail: str, errors: list[ErrorItem] | None = None, extra: dict[str, Any] | None = None
) -> dict[str, Any]:
    status, title, _ = PROBLEM_TYPES[name]
    body: dict[str, Any] = {"type": type_uri(name), "title": title, "status": status, "detail": detail}
    if errors is not None:
        body["errors"] = [e.body() for e in errors]
    if extra:
        body.update(extra)
    return body


def problem_response(
    name: str,
    detail: str,
    *,
    errors: list[ErrorItem] | None = None,
    headers: Mapping[str, str] | None = None,
    extra: dict[str, Any] | None = None,
) -> JSONResponse:
    return JSONResponse(
        problem_body(name, detail, errors, extra),
        status_code=PROBLEM_TYPES[name][0],
        headers=headers,
        media_type=PROBLEM_MEDIA_TYPE,
    )


_STATUS_NAMES = {404: "not-found", 405: "method-not-allowed", 413: "body-too-large", 415: "unsupported-media-type"}


async def _on_problem(_: Request, exc: Exception) -> JSONResponse:
    """A ProblemError, or a capability's error (the same names, no headers of its own)."""
    assert isinstance(exc, CapabilityError) and exc.name in PROBLEM_TYPES, exc
    headers = exc.headers if isinstance(exc, ProblemError) else None
    return problem_response(exc.name, exc.detail, errors=exc.errors, headers=headers, extra=exc.extra)


async def _on_http(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException), exc
    name = _STATUS_NAMES.get(exc.status_code)
    if name == "not-found":
        return problem_response(name, f"No route {request.url.path}; see /docs for the API.", headers=exc.headers)
    if name == "method-not-allowed":
        allowed = _allowed_methods(request, (exc.headers or {}).get("Allow", ""))
        return problem_response(
            name,
            f"{request.method} is not allowed on {request.url.path}; use {allowed}.",
            headers={**(exc.headers or {}), "Allow": allowed},
        )
    if name is not None:
        return problem_response(name, str(exc.detail), headers=exc.headers)
    log.error("unmapped HTTP %s on %s %s", exc.status_code, request.method, request.url.path)
    return problem_response("internal-error", "The server could not handle this request.")


def _allowed_methods(request: Request, fallback: str) -> str:
    """Every method on this path, from the OpenAPI paths (Starlette's own Allow names only the first route's)."""
    table = getattr(request.app.state, "allow_table", None)
    if table is None:
        table = []
        for template, item in request.app.openapi().get("paths", {}).items():
            methods = {m.upper() for m in item if m in ("get", "put", "post", "delete", "patch", "options", "head")}
            table.append((compile_path(template)[0], ", ".join(sorted(methods))))
        request.app.state.allow_table = table
    for regex, methods in table:
        if regex.match(request.url.path):
            return methods
    return fallback


def _param_path(loc: tuple) -> str:
    where, *rest = loc or ("request",)
    return ".".join([str(where), *(str(p) for p in rest)])


async def _on_validation(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError), exc
    errors = [
        ErrorItem(path=_param_path(tuple(e.get("loc", ()))), message=e.get("msg", "invalid")) for e in exc.errors()
    ]
    return problem_response("invalid-parameters", errors_detail(errors, "The request"), errors=errors)


class CatchAll:
    """Outermost guard: an unexpected exception becomes a generic 500 problem, logged once, never echoed."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, tracking_send)
        except Exception:
            log.exception("unhandled error on %s %s", scope.get("method"), scope.get("path"))
            if started:  # too late for a problem response; the connection is cut
                raise
            response = problem_response(
                "internal-error", "The server could not handle this request; it has been logged."
            )
            await response(scope, receive, send)


async def _on_store(request: Request, exc: Exception) -> JSONResponse:
    """A store that cannot answer (down, full disk, read-only, locked, corrupt) is a 503, not a crash."""
    log.error("store error on %s %s: %s", request.method, request.url.path, exc)
    return problem_response(
        "store-unavailable", f"The store could not complete the request ({exc}).", headers={"Retry-After": "5"}
    )


async def _on_budget(request: Request, exc: Exception) -> JSONResponse:
    """Input that costs too much CPU is refused in the request; the worker goes on serving."""
    log.warning("budget exceeded on %s %s: %s", request.method, request.url.path, exc)
    return problem_response("budget-exceeded", str(exc))


def install(app: FastAPI) -> None:
    app.add_exception_handler(BudgetExceeded, _on_budget)
    app.add_exception_handler(StoreUnavailable, _on_store)
    app.add_exception_handler(CapabilityError, _on_problem)
    app.add_exception_handler(StarletteHTTPException, _on_http)
    app.add_exception_handler(RequestValidationError, _on_validation)
    app.add_middleware(CatchAll)
