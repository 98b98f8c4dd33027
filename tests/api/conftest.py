"""Fixtures for the API tests: an app on a fresh SQLite file per test, and clients with and without a key."""

from __future__ import annotations

import warnings

warnings.filterwarnings("ignore", message=".*starlette.testclient.*")

import pytest  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from api.app import create_app  # noqa: E402
from api.settings import Settings  # noqa: E402


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(db_path=tmp_path / "advisor.db")


@pytest.fixture
def app(settings):
    app = create_app(settings)
    yield app
    app.state.store.close()


@pytest.fixture
def key(app) -> str:
    return app.state.store.create_key("test", actor="test")[1]


@pytest.fixture
def anon(app) -> TestClient:
    """No Authorization header; server errors come back as responses, never as raised exceptions."""
    return TestClient(app, raise_server_exceptions=False)


@pytest.fixture
def client(app, key) -> TestClient:
    c = TestClient(app, raise_server_exceptions=False)
    c.headers["Authorization"] = f"Bearer {key}"
    return c
