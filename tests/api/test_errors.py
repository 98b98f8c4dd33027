"""Every error class answers application/problem+json with a stable type, never a stack trace."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.examples import EXAMPLE_DOCUMENT
from api.problems import PROBLEM_TYPES
from api.settings import Settings
from tests.support.store import OPERATOR, sql

JSON = {"content-type": "application/json"}


def assert_problem(r, status: int, name: str) -> dict:
    assert r.status_code == status, r.text
    assert r.headers["content-type"] == "application/problem+json"
    body = r.json()
    assert body["type"] == f"/problems/{name}" and body["status"] == status
    assert body["title"] == PROBLEM_TYPES[name][1] and body["detail"]
    assert "Traceback" not in r.text
    return body


# --- 400 ---


@pytest.mark.parametrize("raw", [b"{", b"{'kind': 1}", b"NaN", b"", b"   ", b'{"a": 1e400}', b'"\\ud800"', b"[1,]"])
def test_invalid_json_is_400(client, raw):
    assert_problem(client.post("/v1/reviews", content=raw, headers=JSON), 400, "invalid-json")


def test_invalid_json_detail_gives_line_and_column(client):
    body = assert_problem(client.post("/v1/reviews", content=b'{\n "kind": }', headers=JSON), 400, "invalid-json")
    assert "line 2" in body["detail"]


@pytest.mark.parametrize("raw", [b'{"kind": "\xff"}', b'{"name": "caf\xe9"}', b"\xef\xbb"])
def test_invalid_utf8_is_400(client, raw):
    body = assert_problem(client.post("/v1/reviews", content=raw, headers=JSON), 400, "invalid-encoding")
    assert "byte offset" in body["detail"]


# --- 401 ---


def _auth_problem(r) -> dict:
    body = assert_problem(r, 401, "unauthorized")
    assert r.headers["www-authenticate"].startswith("Bearer")
    return body


@pytest.mark.parametrize(
    "method, path",
    [
        ("GET", "/v1/reviews"),
        ("POST", "/v1/reviews"),
        ("GET", "/v1/reviews/rv_00000000000000000000"),
        ("POST", "/v1/diff"),
        ("GET", "/v1/rules"),
        ("GET", "/v1/rules/AME-001"),
        ("GET", "/v1/sources"),
        ("POST", "/v1/calculators/vios-memory"),
        ("POST", "/v1/calculators/clm"),
        ("POST", "/v1/calculators/lfarea"),
        ("POST", "/v1/calculators/plarea"),
        ("POST", "/v1/calculators/hpt"),
        ("POST", "/v1/calculators/ame"),
        ("POST", "/v1/parse"),
        ("POST", "/v1/chat"),
        ("GET", "/v1/chat/cs_00000000000000000000"),
    ],
)
def test_every_v1_route_needs_a_key(anon, method, path):
    _auth_problem(anon.request(method, path, json=EXAMPLE_DOCUMENT))


@pytest.mark.parametrize(
    "header", ["Basic dXNlcjpwYXNz", "Bearer", "Bearer nonsense", "Bearer pa_000000000000_x", "Token abc"]
)
def test_bad_credentials_are_401(anon, header):
    _auth_problem(anon.get("/v1/rules", headers={"Authorization": header}))


def test_key_from_another_store_is_401(anon, tmp_path):
    other = create_app(Settings(db_path=tmp_path / "other.db"))
    foreign = other.state.store.create_key(OPERATOR, "x", role="admin")[1]
    other.state.store.close()
    body = _auth_problem(anon.get("/v1/rules", headers={"Authorization": f"Bearer {foreign}"}))
    assert body["detail"] == "The API key is not valid."
    assert (
        'error="invalid_token"'
        in anon.get("/v1/rules", headers={"Authorization": f"Bearer {foreign}"}).headers["www-authenticate"]
    )


def test_revoked_key_is_401_at_once(app, client):
    assert client.get("/v1/rules").status_code == 200
    app.state.store.revoke_key(OPERATOR, "test")
    assert "revoked" in _auth_problem(client.get("/v1/rules"))["detail"]


def test_tampered_key_is_401(client):
    key = client.headers["Authorization"].split()[1]
    tampered = key[:-1] + ("A" if key[-1] != "A" else "B")
    _auth_problem(client.get("/v1/rules", headers={"Authorization": f"Bearer {tampered}"}))


def test_auth_comes_before_reading_the_body(anon):
    r = anon.post("/v1/reviews", content=b"x" * (2 * 1024 * 1024), headers=JSON)
    _auth_problem(r)


def test_open_routes_need_no_key(anon):
    assert anon.get("/healthz").json() == {"status": "ok"}
    assert anon.get("/readyz").json()["status"] == "ready"
    assert anon.get("/openapi.json").status_code == 200
    assert anon.get("/problems/invalid-document").json()["status"] == 422


# --- 404 / 405 ---


@pytest.mark.parametrize("path", ["/nope", "/v1", "/v1/nothing", "/v2/reviews", "/problems/nope"])
def test_unknown_route_is_404_problem(client, path):
    assert_problem(client.get(path), 404, "not-found")


def test_wrong_method_is_405_with_allow(client):
    r = client.delete("/v1/rules")
    assert_problem(r, 405, "method-not-allowed")
    assert r.headers["allow"] == "GET"
    # two routes share /v1/reviews: Allow names the methods of both
    assert client.put("/v1/reviews").headers["allow"] == "GET, POST"
    assert client.get("/v1/chat").headers["allow"] == "POST" and client.get("/v1/parse").headers["allow"] == "POST"
    assert client.head("/v1/rules").headers["allow"] == "GET"


# --- 413 ---


def test_body_over_limit_by_content_length_is_413(client):
    raw = json.dumps({**EXAMPLE_DOCUMENT, "pad": "x" * (1024 * 1024)}).encode()
    assert_problem(client.post("/v1/reviews", content=raw, headers=JSON), 413, "body-too-large")


def test_body_over_limit_without_content_length_is_413(client):
    def chunks():  # chunked transfer: no Content-Length to trust
        yield b'{"kind": "aix-lpar", "name": "'
        for _ in range(1100):
            yield b"x" * 1024
        yield b'"}'

    r = client.post("/v1/reviews", content=chunks(), headers=JSON)
    assert_problem(r, 413, "body-too-large")


def test_lying_content_length_does_not_get_past_the_limit(tmp_path):
    app = create_app(Settings(db_path=tmp_path / "a.db", max_body_bytes=100))
    c = TestClient(app, raise_server_exceptions=False)
    c.headers["Authorization"] = f"Bearer {app.state.store.create_key(OPERATOR, 'k', role='admin')[1]}"
    raw = json.dumps(EXAMPLE_DOCUMENT).encode()
    assert len(raw) > 100
    # the header claims a small body; the limit still holds while reading
    r = c.post("/v1/reviews", content=iter([raw]), headers={**JSON, "content-length": "10"})
    assert_problem(r, 413, "body-too-large")
    app.state.store.close()


def test_limit_is_configurable(tmp_path):
    app = create_app(Settings(db_path=tmp_path / "a.db", max_body_bytes=2048))
    c = TestClient(app, raise_server_exceptions=False)
    c.headers["Authorization"] = f"Bearer {app.state.store.create_key(OPERATOR, 'k', role='admin')[1]}"
    assert c.post("/v1/reviews", json=EXAMPLE_DOCUMENT).status_code == 201
    assert_problem(c.post("/v1/reviews", json={**EXAMPLE_DOCUMENT, "x": "y" * 3000}), 413, "body-too-large")
    app.state.store.close()


# --- 415 ---


@pytest.mark.parametrize(
    "content_type",
    [
        None,
        "text/plain",
        "application/x-www-form-urlencoded",
        "application/json; charset=latin-1",
        "multipart/form-data; boundary=x",
    ],
)
def test_wrong_content_type_is_415(client, content_type):
    headers = {"content-type": content_type} if content_type else {}
    r = client.post("/v1/reviews", content=json.dumps(EXAMPLE_DOCUMENT).encode(), headers=headers)
    assert_problem(r, 415, "unsupported-media-type")


@pytest.mark.parametrize(
    "content_type",
    [
        "application/json",
        "application/json; charset=utf-8",
        "Application/JSON;charset=UTF-8",
        "application/merge-patch+json",
    ],
)
def test_json_content_types_are_accepted(client, content_type):
    r = client.post(
        "/v1/reviews", content=json.dumps(EXAMPLE_DOCUMENT).encode(), headers={"content-type": content_type}
    )
    assert r.status_code == 201


# --- 422 ---


def nested(depth: int) -> dict:
    node: dict = {}
    root = node
    for _ in range(depth - 1):
        node["x"] = {}
        node = node["x"]
    return root


def test_too_deep_is_422(client):
    body = assert_problem(client.post("/v1/reviews", json=nested(33)), 422, "too-deeply-nested")
    assert "32" in body["detail"]
    # just under the limit is an ordinary (invalid) document, not a depth problem
    assert client.post("/v1/reviews", json=nested(32)).json()["type"] == "/problems/invalid-document"


def test_deeper_than_the_json_parser_allows_is_still_422(client):
    raw = b"[" * 5000 + b"]" * 5000
    assert_problem(client.post("/v1/reviews", content=raw, headers=JSON), 422, "too-deeply-nested")


def test_too_many_partitions_is_422(client):
    doc = {
        "kind": "managed-system",
        "name": "big",
        "partitions": [{"kind": "vios", "name": f"v{i}"} for i in range(1001)],
    }
    body = assert_problem(client.post("/v1/reviews", json=doc), 422, "too-many-partitions")
    assert body["errors"][0]["path"] == "$.partitions"
    body = assert_problem(client.post("/v1/diff", json={"before": doc, "after": doc}), 422, "too-many-partitions")
    assert [e["path"] for e in body["errors"]] == ["$.before.partitions", "$.after.partitions"]


def test_partition_limit_is_configurable(tmp_path):
    app = create_app(Settings(db_path=tmp_path / "a.db", max_partitions=2))
    c = TestClient(app, raise_server_exceptions=False)
    c.headers["Authorization"] = f"Bearer {app.state.store.create_key(OPERATOR, 'k', role='admin')[1]}"
    doc = {"kind": "managed-system", "name": "m", "partitions": [{"kind": "vios", "name": f"v{i}"} for i in range(3)]}
    assert_problem(c.post("/v1/reviews", json={"document": doc}), 422, "too-many-partitions")
    doc["partitions"].pop()
    assert c.post("/v1/reviews", json=doc).status_code == 201
    app.state.store.close()


def test_a_thousand_partitions_are_reviewed(client):
    doc = {
        "kind": "managed-system",
        "name": "big",
        "processor": "POWER9",
        "cores": 64,
        "partitions": [{"kind": "aix-lpar", "name": f"lpar{i}"} for i in range(1000)],
    }
    r = client.post("/v1/reviews", json=doc)
    assert r.status_code == 201 and r.json()["target"] == "big"


# --- 500 ---


def test_unexpected_errors_are_a_generic_500(app, client, caplog):
    def boom(doc):
        raise RuntimeError("secret internals /etc/passwd")

    app.state.advisor = type("Broken", (), {"review": staticmethod(boom)})()
    with caplog.at_level("ERROR", logger="advisor.api"):
        r = client.post("/v1/reviews", json=EXAMPLE_DOCUMENT)
    body = assert_problem(r, 500, "internal-error")
    assert "secret" not in r.text and "RuntimeError" not in r.text
    assert set(body) == {"type", "title", "status", "detail"}
    assert "secret internals" in caplog.text  # logged for the operator


# --- the catalogue of types ---


def test_problem_types_are_listed(anon):
    listed = {p["type"]: p for p in anon.get("/problems").json()}
    assert set(listed) == {f"/problems/{n}" for n in PROBLEM_TYPES}


# --- 503 ---


def test_readyz_is_503_without_a_rulebook(app, anon):
    app.state.advisor = None
    assert_problem(anon.get("/readyz"), 503, "not-ready")


def test_readyz_is_503_when_the_schema_is_not_the_expected_one(app, anon):
    sql(app.state.store, "INSERT INTO schema_version VALUES (999, 'future', 'now')")
    body = assert_problem(anon.get("/readyz"), 503, "not-ready")
    assert "999" in body["detail"]


def test_client_hanging_up_mid_body_is_not_an_internal_error(app):
    import asyncio

    from starlette.requests import Request

    from api.body import read_limited
    from api.problems import ProblemError

    async def receive():
        return {"type": "http.disconnect"}

    request = Request({"type": "http", "method": "POST", "path": "/", "headers": []}, receive)
    with pytest.raises(ProblemError) as exc:
        asyncio.run(read_limited(request, 100))
    assert exc.value.name == "invalid-json"
