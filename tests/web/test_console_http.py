"""The console's sign-in, session and form protections, request by request (no browser needed)."""

from __future__ import annotations

import re
import warnings

warnings.filterwarnings("ignore", message=".*starlette.testclient.*")

import pytest  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from api.app import create_app  # noqa: E402
from api.settings import Settings  # noqa: E402
from api.web import session  # noqa: E402
from tests.support.store import OPERATOR  # noqa: E402


@pytest.fixture
def app(tmp_path):
    app = create_app(Settings(db_path=tmp_path / "advisor.db"))
    yield app
    app.state.store.close()


@pytest.fixture
def key(app) -> str:
    return app.state.store.create_key(OPERATOR, "web", role="admin")[1]


def sign_in(client: TestClient, key: str, next_path: str = "/") -> TestClient:
    token = re.search(r'name="csrf" value="([^"]+)"', client.get("/login").text).group(1)
    r = client.post("/login", data={"csrf": token, "key": key, "next": next_path}, follow_redirects=False)
    assert r.status_code == 303, r.text
    return client


def csrf_of(client: TestClient, path: str = "/chat") -> str:
    return re.search(r'<main>.*?name="csrf" value="([^"]+)"', client.get(path).text, re.S).group(1)


def test_pages_need_a_session_and_send_a_csp(app, key):
    c = TestClient(app)
    r = c.get("/systems?kind=vios", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/login?next=%2Fsystems%3Fkind%3Dvios"
    r = c.get("/login")
    assert r.headers["content-security-policy"].startswith("default-src 'none'")
    assert r.headers["x-frame-options"] == "DENY"
    sign_in(c, key)
    for path in ("/", "/systems", "/rules", "/rules/AME-001", "/submit", "/chat"):
        r = c.get(path)
        assert r.status_code == 200, path
        assert "default-src 'none'" in r.headers["content-security-policy"], path
        assert "<script" not in r.text, path


def test_session_cookie_is_httponly_strict_and_signed(app, key):
    c = TestClient(app)
    token = re.search(r'name="csrf" value="([^"]+)"', c.get("/login").text).group(1)
    r = c.post("/login", data={"csrf": token, "key": key}, follow_redirects=False)
    cookie = next(h for h in r.headers.get_list("set-cookie") if h.startswith("pa_session="))
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Max-Age=28800" in cookie
    value = cookie.split(";")[0].split("=", 1)[1]
    assert key not in value
    # a cookie changed by one character is no session
    forged = value[:-1] + ("0" if value[-1] != "0" else "1")
    other = TestClient(app, cookies={"pa_session": forged})
    assert other.get("/", follow_redirects=False).status_code == 303
    # an expired one neither
    secret = app.state.settings.session_secret
    old = session.issue(secret, value.split(".")[0], now=0)
    assert session.read(secret, old) is None


def test_revoking_the_key_signs_the_browser_out(app, key):
    c = sign_in(TestClient(app), key)
    assert c.get("/", follow_redirects=False).status_code == 200
    app.state.store.revoke_key(OPERATOR, "web")
    assert c.get("/", follow_redirects=False).status_code == 303


def test_sign_in_needs_its_form_token(app, key):
    c = TestClient(app)
    c.get("/login")
    r = c.post("/login", data={"csrf": "x" * 32, "key": key}, follow_redirects=False)
    assert r.status_code == 403 and "pa_session" not in r.headers.get("set-cookie", "")


def test_next_is_only_a_local_path(app, key):
    c = TestClient(app)
    token = re.search(r'name="csrf" value="([^"]+)"', c.get("/login").text).group(1)
    for evil in ("//evil.example/x", "https://evil.example/", "/\\evil.example"):
        r = c.post("/login", data={"csrf": token, "key": key, "next": evil}, follow_redirects=False)
        assert r.headers["location"] == "/", evil
        token = re.search(r'name="csrf" value="([^"]+)"', c.get("/login").text).group(1)


def test_forms_need_the_token_and_our_origin(app, key):
    c = sign_in(TestClient(app), key)
    token = csrf_of(c)
    r = c.post("/chat", data={"message": "hello"})
    assert r.status_code == 403
    r = c.post("/chat", data={"message": "hello", "csrf": token}, headers={"Origin": "http://evil.example"})
    assert r.status_code == 403 and "another site" in r.text
    r = c.post("/chat", data={"message": "What does AME-001 check?", "csrf": token}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/chat/cs_")
    r = c.post("/chat", content=b'{"message": "x"}', headers={"Content-Type": "application/json"})
    assert r.status_code == 415


def test_user_text_is_escaped_everywhere(app, key):
    api = TestClient(app)
    api.headers["Authorization"] = f"Bearer {key}"
    doc = {"kind": "aix-lpar", "name": '<img src=x onerror=alert(1)>"', "ame": {"enabled": True, "page_support": "4K"}}
    assert api.post("/v1/reviews", json=doc).status_code == 201
    c = sign_in(TestClient(app), key)
    for path in ("/systems", "/systems/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E%22"):
        text = c.get(path).text
        assert "<img" not in text, path
        assert "&lt;img src=x onerror=alert(1)&gt;&#34;" in text, path
