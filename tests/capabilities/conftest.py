"""Capability tests run on the durable engine the surfaces use, with the shipped examples."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from advisor.capabilities import Context

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def ctx(durable_advisor) -> Context:
    return Context(advisor=durable_advisor)
