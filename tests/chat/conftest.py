"""One chat engine for the chat tests: the knowledge base and rulebook load once."""

from __future__ import annotations

import pytest

from advisor.chat import ChatEngine


@pytest.fixture(scope="session")
def engine() -> ChatEngine:
    return ChatEngine()
