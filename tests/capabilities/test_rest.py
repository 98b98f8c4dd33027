"""The REST surfaces of the capabilities: same answers as the capability, problem+json errors, same auth."""

from __future__ import annotations

import warnings

import pytest

warnings.filterwarnings("ignore", message=".*starlette.testclient.*")

from fastapi.testclient import TestClient  # noqa: E402

from advisor.capabilities import BY_NAME, CAPABILITIES, Context  # noqa: E402
from advisor.capabilities.models import EXAMPLE_LPAR  # noqa: E402
from api.app import create_app  # noqa: E402
from api.settings import Settings  # noqa: E402
from tests.capabilities.conftest import example  # noqa: E402
from tests.support.store import OPERATOR  # noqa: E402


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    app = create_app(Settings(db_path=tmp_path_factory.mktemp("rest") / "advisor.db", max_body_bytes=64 * 1024))
    yield app
    app.state.store.close()


@pytest.fixture(scope="module")
def client(app) -> TestClient:
    c = TestClient(app, raise_server_exceptions=False)
    c.headers["Authorization"] = f"Bearer {app.state.store.create_key(OPERATOR, 'rest')[1]}"
    return c


def same(app, name: str, args: dict) -> dict:
    return BY_NAME[name].invoke(args, Context(advisor=app.state.advisor)).model_dump(mode="json", by_alias=True)


def test_explain_on_a_stored_review_is_the_capabilitys_answer(app, client):
    doc = example("aix-ame4k-64k.json")
    stored = client.post("/v1/reviews", json=doc)
    assert stored.status_code == 201
    r = client.post("/v1/explain", json={"rule_id": "AME-001", "review_id": stored.json()["review_id"]})
    assert r.status_code == 200
    assert r.json() == same(app, "explain_rule", {"rule_id": "AME-001", "document": doc})
    assert r.json()["targets"][0]["status"] == "fired"


def test_whatif_is_the_capabilitys_answer_and_bad_paths_are_problems(app, client):
    args = {"document": example("aix-ame4k-64k.json"), "changes": [{"path": "ame.page_support", "value": "64K"}]}
    r = client.post("/v1/whatif", json=args)
    assert r.status_code == 200 and r.json() == same(app, "what_if", args)
    args["changes"][0]["path"] = "ame.page_suport"
    r = client.post("/v1/whatif", json=args)
    assert r.status_code == 422 and r.headers["content-type"] == "application/problem+json"
    assert r.json()["type"] == "/problems/invalid-document"
    assert r.json()["errors"][0] == {
        "path": "$.changes[0].path",
        "message": "unknown field 'ame.page_suport' for a aix-lpar document",
        "suggestion": "ame.page_support",
    }


def test_an_unknown_review_id_is_a_404_problem(client):
    r = client.post("/v1/whatif", json={"review_id": "rv_" + "0" * 20, "changes": [{"path": "name", "value": "x"}]})
    assert r.status_code == 404 and r.json()["type"] == "/problems/review-not-found"


def test_knowledge_search_takes_query_parameters(app, client):
    r = client.get("/v1/knowledge/search", params={"q": "LFAREA 2G pages", "platform": "zos", "limit": 2})
    assert r.status_code == 200
    assert r.json() == same(app, "search_guidance", {"q": "LFAREA 2G pages", "platform": "zos", "limit": 2})
    bad = client.get("/v1/knowledge/search", params={"q": "x", "platform": "z0s"})
    assert bad.status_code == 422 and bad.json()["errors"][0]["path"] == "query.platform"
    assert client.get("/v1/knowledge/search", params={"q": "x", "limit": 999}).status_code == 422


def test_the_manifest_lists_every_function_with_its_schema(client):
    r = client.get("/v1/tools")
    assert r.status_code == 200
    tools = r.json()["tools"]
    assert [t["function"]["name"] for t in tools] == [c.name for c in CAPABILITIES]
    assert all(t["type"] == "function" and t["function"]["parameters"]["type"] == "object" for t in tools)


@pytest.mark.parametrize("cap", CAPABILITIES, ids=lambda c: c.name)
def test_each_function_answers_on_its_route(app, client, cap):
    if cap.reads_store:  # the fleet examples read system sapapp01 of the key's tenant
        assert client.post("/v1/reviews", json=EXAMPLE_LPAR).status_code == 201
    r = client.post(f"/v1/tools/{cap.name}", json=cap.example_args())
    assert r.status_code == 200, r.text
    if cap.reads_store:  # the same answer as its GET route
        path = cap.route.partition(" ")[2].format(**cap.example_args())
        args = {k: v for k, v in cap.example_args().items() if "{" + k + "}" not in cap.route}
        assert r.json() == client.get(path, params=args).json()
    elif cap.name != "list_sources":  # the same answer as calling the capability itself
        assert r.json() == same(app, cap.name, cap.example_args())


def test_a_function_can_store_a_review_under_the_key(client):
    r = client.post("/v1/tools/review_configuration", json={"document": example("aix-clean.json"), "store": True})
    assert r.status_code == 200
    review_id = r.json()["review_id"]
    assert client.get(f"/v1/reviews/{review_id}").json()["target"] == r.json()["target"]


def test_the_new_routes_need_a_key_and_keep_the_body_limit(app, client):
    anon = TestClient(app, raise_server_exceptions=False)
    for method, path in (("post", "/v1/explain"), ("post", "/v1/whatif"), ("get", "/v1/tools")):
        assert anon.request(method.upper(), path, json={}).status_code == 401
    assert anon.get("/v1/knowledge/search", params={"q": "x"}).status_code == 401
    big = {"rule_id": "AME-001", "document": {"kind": "aix-lpar", "name": "x" * (70 * 1024)}}
    r = client.post("/v1/explain", json=big)
    assert r.status_code == 413 and r.json()["type"] == "/problems/body-too-large"
