"""Tenants and roles on every /v1 route, on both stores: no cross-tenant read, write or existence leak;
a reader cannot write; only admins manage keys and read the audit log.

ROUTES classifies every route of the OpenAPI document; a new route that is not classified here fails
`test_every_route_is_classified`, so each one gets a tenancy decision and these tests."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from advisor.capabilities import BY_NAME
from api.examples import EXAMPLE_DOCUMENT
from tests.support.store import OPERATOR

# (method, path): (least role, what it touches): "tenant" = data of the caller's tenant; "shared" = none
ROUTES = {
    ("get", "/v1/reviews"): ("reader", "tenant"),
    ("post", "/v1/reviews"): ("submitter", "tenant"),
    ("get", "/v1/reviews/{review_id}"): ("reader", "tenant"),
    ("post", "/v1/parse"): ("submitter", "shared"),
    ("post", "/v1/diff"): ("reader", "shared"),
    ("post", "/v1/chat"): ("submitter", "tenant"),
    ("get", "/v1/chat/{session_id}"): ("reader", "tenant"),
    ("get", "/v1/rules"): ("reader", "shared"),
    ("get", "/v1/rules/{rule_id}"): ("reader", "shared"),
    ("get", "/v1/sources"): ("reader", "shared"),
    ("post", "/v1/calculators/vios-memory"): ("reader", "shared"),
    ("post", "/v1/calculators/clm"): ("reader", "shared"),
    ("post", "/v1/calculators/lfarea"): ("reader", "shared"),
    ("post", "/v1/calculators/plarea"): ("reader", "shared"),
    ("post", "/v1/calculators/hpt"): ("reader", "shared"),
    ("post", "/v1/calculators/ame"): ("reader", "shared"),
    ("post", "/v1/calculators/sap-instances"): ("reader", "shared"),
    ("post", "/v1/calculators/ame-factor"): ("reader", "shared"),
    ("post", "/v1/calculators/getstor"): ("reader", "shared"),
    ("post", "/v1/calculators/lfarea-limit"): ("reader", "shared"),
    ("post", "/v1/calculators/lfarea-request"): ("reader", "shared"),
    ("post", "/v1/calculators/hpux-kernel"): ("reader", "shared"),
    ("post", "/v1/calculators/veth-buffers"): ("reader", "shared"),
    ("post", "/v1/calculators/zvm-smt"): ("reader", "shared"),
    # a review_id in their bodies is looked up in the caller's tenant (api/context.py)
    ("post", "/v1/explain"): ("reader", "shared"),
    ("post", "/v1/whatif"): ("reader", "shared"),
    ("get", "/v1/knowledge/search"): ("reader", "shared"),
    ("get", "/v1/tools"): ("reader", "shared"),
    # storing a review through review_configuration needs the submitter role (tests/capabilities)
    **{("post", f"/v1/tools/{name}"): ("reader", "shared") for name in BY_NAME},
    ("get", "/v1/keys"): ("admin", "tenant"),
    ("post", "/v1/keys"): ("admin", "tenant"),
    ("delete", "/v1/keys/{key_id}"): ("admin", "tenant"),
    ("get", "/v1/audit"): ("admin", "tenant"),
    # the fleet: the caller's tenant's systems (a system name is an id there; a rule id is the shared catalogue's)
    ("get", "/v1/systems"): ("reader", "tenant"),
    ("get", "/v1/systems/{name}"): ("reader", "tenant"),
    ("get", "/v1/rules/{rule_id}/systems"): ("reader", "tenant"),
    ("get", "/v1/fleet/summary"): ("reader", "tenant"),
}
ROLES = ["reader", "submitter", "admin"]
MISSING = {
    "review_id": "rv_00000000000000000000",
    "session_id": "cs_00000000000000000000",
    "key_id": "000000000000",
    "name": "no-such-system",
}


class World:
    """Two tenants with a key of every role each; tenant A holds a review, a chat session and keys."""

    def __init__(self, app):
        self.app = app
        store = app.state.store
        self.keys = {
            (tenant, role): store.create_key(OPERATOR, f"{tenant}-{role}", tenant=tenant, role=role)
            for tenant in ("team-a", "team-b")
            for role in ROLES
        }
        self.a = self.client("team-a", "submitter")
        self.review_id = self.a.post("/v1/reviews", json=EXAMPLE_DOCUMENT).json()["review_id"]
        self.session_id = self.a.post("/v1/chat", json={"message": "review", "document": EXAMPLE_DOCUMENT}).json()[
            "session_id"
        ]
        self.a_key_id = self.keys[("team-a", "reader")][0].id

    def client(self, tenant: str, role: str) -> TestClient:
        c = TestClient(self.app, raise_server_exceptions=False)
        c.headers["Authorization"] = f"Bearer {self.keys[(tenant, role)][1]}"
        return c

    def ids(self) -> dict[str, str]:
        return {
            "review_id": self.review_id,
            "session_id": self.session_id,
            "key_id": self.a_key_id,
            "name": EXAMPLE_DOCUMENT["name"],
        }


@pytest.fixture
def world(app) -> World:
    return World(app)


def request_for(app, method: str, path: str, ids: dict[str, str]) -> tuple[str, dict]:
    """The URL (ids filled in) and a valid body: the first example of the route's OpenAPI request body."""
    url = path.format(rule_id="AME-001", **ids)
    if method == "post" and path == "/v1/keys":
        return url, {"json": {"name": "made-by-test", "role": "reader"}}
    if path == "/v1/knowledge/search":
        return url + "?q=AME+64K", {}
    if method == "post" and path == "/v1/chat":
        return url, {"json": {"message": "why AME-001?", "session_id": ids["session_id"]}}
    op = app.openapi()["paths"][path][method]
    content = op.get("requestBody", {}).get("content", {}).get("application/json", {})
    examples = content.get("examples")
    if examples:
        return url, {"json": next(iter(examples.values()))["value"]}
    return url, {}


def test_every_route_is_classified(app):
    paths = app.openapi()["paths"]
    routes = {(m, p) for p, ops in paths.items() if p.startswith("/v1") for m in ops}
    assert routes == set(ROUTES)


@pytest.mark.parametrize("role", ROLES)
def test_each_role_may_do_what_it_may_and_no_more(world, role):
    client = world.client("team-a", role)
    for (method, path), (least, _) in ROUTES.items():
        url, kwargs = request_for(world.app, method, path, world.ids())
        before = world.app.state.store.count_reviews(OPERATOR)
        response = client.request(method.upper(), url, **kwargs)
        if ROLES.index(role) < ROLES.index(least):
            assert response.status_code == 403, (method, path, response.text)
            assert response.json()["type"] == "/problems/forbidden"
            assert world.app.state.store.count_reviews(OPERATOR) == before  # nothing written
        else:
            assert response.status_code < 300, (method, path, response.status_code, response.text)


def test_a_foreign_id_answers_404_like_one_that_does_not_exist(world):
    """Tenant B's admin, on every route that takes an id, with tenant A's ids and with made-up ones."""
    b = world.client("team-b", "admin")
    # a rule id names the shared catalogue, not the tenant's data: its route is judged in test_fleet_is_per_tenant
    with_ids = [
        (m, p) for (m, p), (_, kind) in ROUTES.items() if kind == "tenant" and "{" in p and "{rule_id}" not in p
    ]
    assert with_ids
    for method, path in with_ids:
        foreign_url, kwargs = request_for(world.app, method, path, world.ids())
        missing_url, _ = request_for(world.app, method, path, MISSING)
        foreign, missing = b.request(method.upper(), foreign_url, **kwargs), b.request(method.upper(), missing_url)
        assert foreign.status_code == missing.status_code == 404, (method, path, foreign.text)
        assert foreign.json()["type"] == missing.json()["type"]
        assert foreign.json()["title"] == missing.json()["title"]


def test_no_read_leaks_between_tenants(world):
    b = world.client("team-b", "admin")
    assert b.get("/v1/reviews").json()["items"] == []
    assert b.get("/v1/reviews", params={"target": EXAMPLE_DOCUMENT["name"]}).json()["items"] == []
    assert {k["tenant"] for k in b.get("/v1/keys").json()} == {"team-b"}
    audit = b.get("/v1/audit").json()["items"]
    seen = {e["object_id"] for e in audit}
    assert world.review_id not in seen and world.session_id not in seen
    assert {k["name"] for k in world.client("team-a", "admin").get("/v1/keys").json()} == {
        "team-a-reader",
        "team-a-submitter",
        "team-a-admin",
    }


def test_no_write_reaches_another_tenant(world):
    b_sub, b_admin = world.client("team-b", "submitter"), world.client("team-b", "admin")
    turn = b_sub.post("/v1/chat", json={"message": "undo", "session_id": world.session_id})
    assert turn.status_code == 404
    a = world.client("team-a", "reader")
    assert len(a.get(f"/v1/chat/{world.session_id}").json()["turns"]) == 2  # untouched
    assert b_admin.delete(f"/v1/keys/{world.a_key_id}").status_code == 404
    assert a.get("/v1/rules").status_code == 200  # tenant A's reader key still works
    created = b_admin.post("/v1/keys", json={"name": "b-new"}).json()
    assert created["tenant"] == "team-b"  # an admin makes keys only in its own tenant


def test_revoking_through_the_api_stops_the_key_at_once(world):
    a_admin, a_reader = world.client("team-a", "admin"), world.client("team-a", "reader")
    assert a_reader.get("/v1/reviews").status_code == 200
    revoked = a_admin.delete(f"/v1/keys/{world.a_key_id}")
    assert revoked.status_code == 200 and revoked.json()["revoked_at"]
    assert a_reader.get("/v1/reviews").status_code == 401
    actions = [(e["action"], e["object_id"]) for e in a_admin.get("/v1/audit").json()["items"]]
    assert ("key.revoke", world.a_key_id) in actions
    entry = next(e for e in a_admin.get("/v1/audit").json()["items"] if e["action"] == "key.revoke")
    assert entry["source"] == "testclient" and entry["actor"].startswith("api-key:")


def test_idempotency_key_replays_and_refuses_another_body(world):
    a = world.client("team-a", "submitter")
    headers = {"Idempotency-Key": "retry-1"}
    first = a.post("/v1/reviews", json=EXAMPLE_DOCUMENT, headers=headers)
    again = a.post("/v1/reviews", json=EXAMPLE_DOCUMENT, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.content == first.content and again.headers["location"] == first.headers["location"]
    assert again.headers["idempotent-replayed"] == "true"
    assert world.app.state.store.count_reviews(OPERATOR) == 2  # the world's one and this one, not three
    other = a.post("/v1/reviews", json={**EXAMPLE_DOCUMENT, "name": "other"}, headers=headers)
    assert other.status_code == 409 and other.json()["type"] == "/problems/idempotency-key-reused"
    # another key of the same tenant has its own Idempotency-Key space
    mine = world.client("team-a", "admin").post("/v1/reviews", json=EXAMPLE_DOCUMENT, headers=headers)
    assert mine.status_code == 201 and mine.json()["review_id"] != first.json()["review_id"]
    chat1 = a.post("/v1/chat", json={"message": "why AME-001?", "session_id": world.session_id}, headers=headers)
    assert chat1.status_code == 409  # the key names the review already: a chat turn with it is another body
    h2 = {"Idempotency-Key": "turn-1"}
    t1 = a.post("/v1/chat", json={"message": "why AME-001?", "session_id": world.session_id}, headers=h2)
    t2 = a.post("/v1/chat", json={"message": "why AME-001?", "session_id": world.session_id}, headers=h2)
    assert t1.status_code == t2.status_code == 200 and t1.content == t2.content
    assert len(a.get(f"/v1/chat/{world.session_id}").json()["turns"]) == 4  # one turn stored, not two


def test_storing_through_a_tool_needs_the_submitter_role_and_stays_in_the_tenant(world):
    body = {"document": EXAMPLE_DOCUMENT, "store": True}
    before = world.app.state.store.count_reviews(OPERATOR)
    refused = world.client("team-a", "reader").post("/v1/tools/review_configuration", json=body)
    assert refused.status_code == 403 and refused.json()["type"] == "/problems/forbidden"
    assert world.app.state.store.count_reviews(OPERATOR) == before
    stored = world.client("team-a", "submitter").post("/v1/tools/review_configuration", json=body)
    assert stored.status_code == 200, stored.text
    review_id = stored.json()["review_id"]
    assert world.client("team-a", "reader").get(f"/v1/reviews/{review_id}").status_code == 200
    assert world.client("team-b", "admin").get(f"/v1/reviews/{review_id}").status_code == 404
    # explain by review_id reads in the caller's tenant: another tenant's id is the same 404 as a made-up one
    foreign = world.client("team-b", "admin").post("/v1/explain", json={"rule_id": "AME-001", "review_id": review_id})
    assert foreign.status_code == 404, foreign.text


def _fleet_answers(client: TestClient, name: str) -> dict[str, object]:
    """Every fleet route and fleet tool as `client` sees them, with `name` as the system asked for."""
    out: dict[str, object] = {}
    for path in ("/v1/systems", f"/v1/systems/{name}", "/v1/rules/AME-001/systems", "/v1/fleet/summary"):
        r = client.get(path)
        out[path] = (r.status_code, r.json())
    for tool, args in (
        ("list_systems", {}),
        ("get_system", {"name": name}),
        ("list_rule_systems", {"rule_id": "AME-001"}),
        ("fleet_summary", {}),
    ):
        r = client.post(f"/v1/tools/{tool}", json=args)
        out[tool] = (r.status_code, r.json())
    return out


@pytest.mark.parametrize("role", ROLES)
def test_fleet_is_per_tenant(world, role):
    """Each tenant's keys see their own estate: tenant A's system is in A's fleet, and tenant B, which reviewed
    nothing, sees an empty fleet where A's system name answers exactly like a made-up one."""
    name = EXAMPLE_DOCUMENT["name"]
    a, b = world.client("team-a", role), world.client("team-b", role)
    mine = _fleet_answers(a, name)
    assert [s["name"] for s in mine["/v1/systems"][1]["items"]] == [name]
    assert mine[f"/v1/systems/{name}"][1]["system"]["review_id"] == world.review_id
    assert mine["/v1/fleet/summary"][1]["systems"] == 1 and mine["/v1/rules/AME-001/systems"][1]["items"]
    assert mine["list_systems"][1] == mine["/v1/systems"][1]  # the tools answer what the routes answer
    theirs, made_up = _fleet_answers(b, name), _fleet_answers(b, MISSING["name"])
    assert theirs["/v1/systems"] == (200, {"items": [], "next_cursor": None})
    assert theirs["/v1/rules/AME-001/systems"][1]["items"] == []
    summary = theirs["/v1/fleet/summary"][1]
    assert summary["systems"] == summary["reviews"] == 0 and summary["top_rules_by_systems"] == summary["trend"] == []
    for foreign, missing in ((f"/v1/systems/{name}", f"/v1/systems/{MISSING['name']}"), ("get_system", "get_system")):
        assert theirs[foreign][0] == made_up[missing][0] == 404, theirs[foreign]
        f_body, m_body = dict(theirs[foreign][1]), dict(made_up[missing][1])
        assert f_body.pop("detail").replace(name, "X") == m_body.pop("detail").replace(MISSING["name"], "X")
        assert f_body == m_body  # same type, title, status: nothing tells the name exists elsewhere


def test_the_same_name_in_two_tenants_is_two_systems(world):
    """Tenant B reviews a system of the same name twice: each tenant sees its own history and counts only."""
    b = world.client("team-b", "submitter")
    for page in ("4K", "64K"):
        doc = {**EXAMPLE_DOCUMENT, "ame": {**EXAMPLE_DOCUMENT["ame"], "page_support": page}}
        assert b.post("/v1/reviews", json=doc).status_code == 201
    name = EXAMPLE_DOCUMENT["name"]
    a_sys = world.client("team-a", "reader").get(f"/v1/systems/{name}").json()
    b_sys = world.client("team-b", "reader").get(f"/v1/systems/{name}").json()
    assert a_sys["system"]["reviews"] == 1 and [h["review_id"] for h in a_sys["history"]] == [world.review_id]
    assert b_sys["system"]["reviews"] == 2 and world.review_id not in {h["review_id"] for h in b_sys["history"]}
    assert b_sys["diff"] is not None and a_sys["diff"] is None
    # a diff across tenants is refused like one with made-up ids
    foreign = world.client("team-b", "reader").get(
        f"/v1/systems/{name}", params={"from": world.review_id, "to": b_sys["history"][0]["review_id"]}
    )
    assert foreign.status_code == 404 and foreign.json()["type"] == "/problems/review-not-found"
    a_sum = world.client("team-a", "reader").get("/v1/fleet/summary").json()
    b_sum = world.client("team-b", "reader").get("/v1/fleet/summary").json()
    assert (a_sum["systems"], a_sum["reviews"], b_sum["systems"], b_sum["reviews"]) == (1, 1, 1, 2)


def _sign_in(app, key: str) -> TestClient:
    c = TestClient(app)
    token = re.search(r'name="csrf" value="([^"]+)"', c.get("/login").text).group(1)
    r = c.post("/login", data={"csrf": token, "key": key}, follow_redirects=False)
    assert r.status_code == 303, r.text
    return c


@pytest.mark.parametrize("role", ROLES)
def test_console_shows_each_tenant_its_own_estate(world, role):
    """Every tenant's keys sign into the console; tenant B's pages show none of tenant A's systems."""
    name = EXAMPLE_DOCUMENT["name"]
    a = _sign_in(world.app, world.keys[("team-a", role)][1])
    b = _sign_in(world.app, world.keys[("team-b", role)][1])
    assert name in a.get("/systems").text and a.get(f"/systems/{name}").status_code == 200
    assert name in a.get("/rules/AME-001").text
    for path in ("/", "/systems", "/rules", "/rules/AME-001", f"/systems?prefix={name[:3]}"):
        page = b.get(path)
        assert page.status_code == 200 and name not in page.text, path
    foreign, missing = b.get(f"/systems/{name}"), b.get(f"/systems/{MISSING['name']}")
    assert foreign.status_code == missing.status_code == 404
    assert foreign.text.replace(name, "X") == missing.text.replace(MISSING["name"], "X")
