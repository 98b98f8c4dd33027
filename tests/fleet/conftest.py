"""A served app on a fresh store of each kind, with a few systems reviewed through POST /v1/reviews."""

from __future__ import annotations

import copy
import warnings

warnings.filterwarnings("ignore", message=".*starlette.testclient.*")

import pytest  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from api.app import create_app  # noqa: E402
from api.settings import Settings  # noqa: E402
from tests.support.examples import example  # noqa: E402
from tests.support.store import OPERATOR  # noqa: E402


@pytest.fixture
def app(tmp_path, database_url):
    app = create_app(Settings(db_path=tmp_path / "advisor.db", database_url=database_url))
    yield app
    app.state.store.close()


@pytest.fixture
def client(app) -> TestClient:
    c = TestClient(app, raise_server_exceptions=False)
    c.headers["Authorization"] = f"Bearer {app.state.store.create_key(OPERATOR, 'test', role='admin')[1]}"
    return c


def post(client: TestClient, doc: dict) -> dict:
    r = client.post("/v1/reviews", json=copy.deepcopy(doc))
    assert r.status_code == 201, r.text
    return r.json()


@pytest.fixture
def fleet(client) -> dict[str, list[dict]]:
    """sapapp01 reviewed twice (AME-001 fixed in between), plus a clean LPAR, a VIOS, z/OS and z/VM."""
    out: dict[str, list[dict]] = {}
    for doc in [
        example("aix-ame4k-64k.json"),
        example("aix-clean.json"),
        example("vios-undersized.json"),
        example("zos-lfarea.json"),
        example("zvm-z13.json"),
        example("aix-ame4k-64k.json", **{"ame.page_support": "64K"}),
    ]:
        review = post(client, doc)
        out.setdefault(review["target"], []).append(review)
    return out
