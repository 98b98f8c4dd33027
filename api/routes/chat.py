"""POST /v1/chat (one turn, in a session or starting one) and GET /v1/chat/{session_id} (the conversation)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path
from fastapi.responses import JSONResponse

from advisor.capabilities.inputs import validate_model
from advisor.store import ApiKey
from api.auth import require_key
from api.body import json_body
from api.chat import ChatService, request_document
from api.deps import get_chat, get_settings
from api.examples import CHAT_REQUEST_EXAMPLES
from api.models import CHAT_SESSION_ID_PATTERN, ChatOut, ChatRequest, ChatSessionOut
from api.openapi import request_body
from api.settings import Settings

router = APIRouter(tags=["chat"])


@router.post(
    "/chat",
    response_model=ChatOut,
    operation_id="chat",
    summary="One chat turn: review, explain, what-if, undo or a question; every line cited",
    responses={400: {}, 404: {}, 409: {}, 413: {}, 415: {}, 422: {}},
    openapi_extra=request_body("ChatRequest", CHAT_REQUEST_EXAMPLES),
)
def chat(
    body: Annotated[Any, Depends(json_body)],
    key: Annotated[ApiKey, Depends(require_key)],
    service: Annotated[ChatService, Depends(get_chat)],
    settings: Annotated[Settings, Depends(get_settings)],
) -> JSONResponse:
    req = validate_model(ChatRequest, body)
    # the engine's public body as is: `diff` only after a what-if (the response model would add a null one)
    return JSONResponse(service.turn(req.message, req.session_id, request_document(req, settings), key))


@router.get(
    "/chat/{session_id}",
    response_model=ChatSessionOut,
    operation_id="getChatSession",
    summary="The conversation so far: every turn with its citations, the document, the last findings",
    responses={404: {}, 422: {}},
)
def get_chat_session(
    session_id: Annotated[str, Path(pattern=CHAT_SESSION_ID_PATTERN, examples=["cs_9b1f3c5e7a2d4c6b8e01"])],
    service: Annotated[ChatService, Depends(get_chat)],
) -> dict[str, Any]:
    return service.conversation(session_id)
