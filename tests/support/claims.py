"""The verdict the claims alone give a question, for tests that check a claim from both sides."""

from __future__ import annotations

from advisor.chat import ChatEngine
from advisor.chat.judge import claim_verdict
from advisor.chat.reader import read


def verdict_of(engine: ChatEngine, question: str) -> str | None:
    got = claim_verdict(engine.kb.claims, read(question))
    return got.answer if got else None
