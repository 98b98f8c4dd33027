"""Fixtures for the API tests: an app on a fresh store per test (SQLite file or PostgreSQL schema), and clients."""

from __future__ import annotations

import warnings

warnings.filterwarnings("ignore", message=".*starlette.testclient.*")

import pytest  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from api.app import create_app  # noqa: E402
from api.settings import Settings  # noqa: E402
from tests.support.store import OPERATOR  # noqa: E402


@pytest.fixture
def settings(tmp_path, database_url) -> Settings:
    """On each store in turn (tests/conftest.py `store_kind`): the API suite is one suite for both."""
    return Settings(db_path=tmp_path / "advisor.db", database_url=database_url)


@pytest.fixture
def app(settings):
    app = create_app(settings)
    yield app
    app.state.store.close()


@pytest.fixture
def key(app) -> str:
    return app.state.store.create_key(OPERATOR, "test", role="admin")[1]


@pytest.fixture
def anon(app) -> TestClient:
    """No Authorization header; server errors come back as responses, never as raised exceptions."""
    return TestClient(app, raise_server_exceptions=False)


@pytest.fixture
def client(app, key) -> TestClient:
    c = TestClient(app, raise_server_exceptions=False)
    c.headers["Authorization"] = f"Bearer {key}"
    return c
