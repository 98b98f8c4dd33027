"""Dependencies that hand routes what `create_app` built once per process: store, advisor, chat, settings.

They are `async` because they only read `app.state`: FastAPI runs a plain `def` dependency in the
thread pool, and the hop there and back cost more than the work (with `get_context`, the role
check and the query check, four hops were 0.7 ms of the 3.6 ms of CPU a POST /v1/reviews took)."""

from __future__ import annotations

from fastapi import Request

from advisor.review import Advisor
from advisor.store import Store
from api.chat import ChatService
from api.settings import Settings


async def get_store(request: Request) -> Store:
    return request.app.state.store


async def get_advisor(request: Request) -> Advisor:
    return request.app.state.advisor


async def get_settings(request: Request) -> Settings:
    return request.app.state.settings


async def get_chat(request: Request) -> ChatService:
    return request.app.state.chat
