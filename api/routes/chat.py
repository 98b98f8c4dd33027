"""POST /v1/chat (one turn, in a session or starting one) and GET /v1/chat/{session_id} (the conversation)."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Response

from advisor.capabilities.inputs import validate_model
from advisor.store import Store, StoreConflict
from api.auth import Reader, Submitter
from api.body import json_body
from api.chat import ChatService, request_document
from api.deps import get_chat, get_settings, get_store
from api.examples import CHAT_REQUEST_EXAMPLES
from api.idempotency import IdempotencyKey, body_hash, lost_race, replay_record, replayed
from api.models import CHAT_SESSION_ID_PATTERN, ChatOut, ChatRequest, ChatSessionOut
from api.openapi import request_body
from api.settings import Settings

router = APIRouter(tags=["chat"])


@router.post(
    "/chat",
    response_model=ChatOut,
    operation_id="chat",
    summary="One chat turn: review, explain, what-if, undo or a question; every line cited",
    responses={400: {}, 403: {}, 404: {}, 409: {}, 413: {}, 415: {}, 422: {}},
    openapi_extra=request_body("ChatRequest", CHAT_REQUEST_EXAMPLES),
)
def chat(
    body: Annotated[Any, Depends(json_body)],
    who: Submitter,
    service: Annotated[ChatService, Depends(get_chat)],
    store: Annotated[Store, Depends(get_store)],
    settings: Annotated[Settings, Depends(get_settings)],
    idempotency_key: IdempotencyKey = None,
) -> Response:
    digest = body_hash(body) if idempotency_key else ""
    if (again := replayed(store, who, idempotency_key, digest)) is not None:
        return again
    req = validate_model(ChatRequest, body)
    try:
        answer = service.turn(
            who,
            req.message,
            req.session_id,
            request_document(req, settings),
            lambda out: replay_record(idempotency_key, digest, 200, _render(out)),
        )
    except StoreConflict as exc:
        return lost_race(store, who, idempotency_key, digest, exc)
    # the engine's public body as is: `diff` only after a what-if (the response model would add a null one)
    return Response(_render(answer), media_type="application/json")


def _render(body: dict[str, Any]) -> str:
    """As JSONResponse renders (integers of any size), once, so a replay is the same bytes."""
    return json.dumps(body, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


@router.get(
    "/chat/{session_id}",
    response_model=ChatSessionOut,
    operation_id="getChatSession",
    summary="The conversation so far: every turn with its citations, the document, the last findings",
    responses={404: {}, 422: {}},
)
def get_chat_session(
    session_id: Annotated[str, Path(pattern=CHAT_SESSION_ID_PATTERN, examples=["cs_9b1f3c5e7a2d4c6b8e01"])],
    who: Reader,
    service: Annotated[ChatService, Depends(get_chat)],
) -> dict[str, Any]:
    return service.conversation(who, session_id)
