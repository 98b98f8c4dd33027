"""Dependencies that hand routes what `create_app` built once per process: store, advisor, chat, settings."""

from __future__ import annotations

from fastapi import Request

from advisor.review import Advisor
from advisor.store import Store
from api.chat import ChatService
from api.settings import Settings


def get_store(request: Request) -> Store:
    return request.app.state.store


def get_advisor(request: Request) -> Advisor:
    return request.app.state.advisor


def get_settings(request: Request) -> Settings:
    return request.app.state.settings


def get_chat(request: Request) -> ChatService:
    return request.app.state.chat
