"""Shared fixtures: one rulebook, one durable engine and one reference evaluator per test session."""

from __future__ import annotations

import pytest

from advisor.engine.durable import DurableEngine
from advisor.engine.reference import ReferenceEvaluator
from advisor.review import Advisor
from advisor.rulebook.loader import load_rulebook


@pytest.fixture(scope="session")
def rulebook():
    return load_rulebook()


@pytest.fixture(scope="session")
def durable_advisor(rulebook):
    return Advisor(rulebook, DurableEngine(rulebook))


@pytest.fixture(scope="session")
def reference_advisor(rulebook):
    return Advisor(rulebook, ReferenceEvaluator(rulebook))


@pytest.fixture(scope="session", params=["durable", "reference"])
def advisor(request, durable_advisor, reference_advisor):
    return durable_advisor if request.param == "durable" else reference_advisor


@pytest.fixture(scope="session")
def postgres_server():
    """One real PostgreSQL server for the session (tests/support/postgres.py), started on first use."""
    from tests.support.postgres import PostgresServer

    server = PostgresServer()
    yield server
    server.destroy()


# Store-backed tests run on both stores: `store_kind` is "sqlite" or "postgres".
STORE_KINDS = ["sqlite", "postgres"]


@pytest.fixture(params=STORE_KINDS)
def store_kind(request) -> str:
    return request.param


@pytest.fixture
def database_url(store_kind, request) -> str | None:
    """None for SQLite; for PostgreSQL the URL of a fresh schema on the session's server."""
    if store_kind == "sqlite":
        return None
    return request.getfixturevalue("postgres_server").new_schema()
