"""Reading a JSON request body defensively, before any model sees it.

Routes that take a body depend on `json_body` instead of letting FastAPI parse it, because
the checks must come first and in this order: media type (415), size counted while the bytes
arrive (413; Content-Length is only a hint for an early refusal), UTF-8 (400), JSON (400),
nesting depth (422). Each failure is a problem of its own stable type.
"""

from __future__ import annotations

from typing import Any

import orjson
from fastapi import Request
from starlette.requests import ClientDisconnect

from advisor.documents.limits import depth_exceeds
from api.problems import ProblemError
from api.settings import Settings


def _is_json(content_type: str | None) -> bool:
    if not content_type:
        return False
    media, _, params = content_type.partition(";")
    media = media.strip().lower()
    if not (media == "application/json" or (media.startswith("application/") and media.endswith("+json"))):
        return False
    for param in params.split(";"):
        name, _, value = param.partition("=")
        if name.strip().lower() == "charset" and value.strip().strip('"').lower() not in ("utf-8", "utf8"):
            return False
    return True


async def read_limited(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > limit:
        raise ProblemError("body-too-large", f"The body is {declared} bytes; this server accepts at most {limit}.")
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise ProblemError("body-too-large", f"The body exceeds {limit} bytes, the most this server accepts.")
            chunks.append(chunk)
    except ClientDisconnect:  # nobody reads the answer; this only keeps a hang-up out of the error log
        raise ProblemError("invalid-json", "The client closed the connection before the body ended.") from None
    return b"".join(chunks)


def parse_json(raw: bytes, max_depth: int) -> Any:
    if not raw.strip():
        raise ProblemError("invalid-json", "The request body is empty; send a JSON object.")
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ProblemError("invalid-encoding", f"The body is not valid UTF-8 (byte offset {exc.start}).") from None
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        if "depth limit" in str(exc) or "recursion" in str(exc):
            raise ProblemError("too-deeply-nested", f"The body nests deeper than {max_depth} levels.") from None
        raise ProblemError(
            "invalid-json", f"The body is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})."
        ) from None
    if depth_exceeds(data, max_depth):
        raise ProblemError("too-deeply-nested", f"The body nests deeper than {max_depth} levels.")
    return data


async def json_body(request: Request) -> Any:
    """FastAPI dependency: the parsed JSON body, or a problem."""
    settings: Settings = request.app.state.settings
    content_type = request.headers.get("content-type")
    if not _is_json(content_type):
        got = f"'{content_type}'" if content_type else "no Content-Type"
        raise ProblemError("unsupported-media-type", f"Got {got}; send the body as application/json (UTF-8).")
    raw = await read_limited(request, settings.max_body_bytes)
    return parse_json(raw, settings.max_depth)
