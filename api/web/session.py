"""Console sign-in: an API key in, an HttpOnly SameSite=Strict session cookie out; CSRF tokens for forms.

The cookie is `<key id>.<expiry>.<nonce>.<HMAC>`, signed with the server's session secret
(ADVISOR_SESSION_SECRET; `advisor serve` draws one at start and hands it to its workers). It
never holds the key itself. Each request checks the signature, the expiry and that the key is
still active in the store, so `advisor keys revoke` signs a browser out at once. A form carries
a token derived from the cookie's nonce: a page on another site cannot read it (SameSite=Strict
already keeps the cookie off cross-site requests; the token and the Origin check are the second
and third locks). The sign-in form itself gets a random token in a short-lived cookie
(double submit), so nobody can sign a browser in under their own key.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass

from fastapi import Request
from starlette.responses import Response

from advisor.store import ApiKey

COOKIE = "pa_session"
LOGIN_COOKIE = "pa_signin"
SESSION_SECONDS = 8 * 3600
LOGIN_SECONDS = 1800


@dataclass(frozen=True)
class WebUser:
    key: ApiKey
    nonce: str
    csrf: str


def _mac(secret: str, text: str) -> str:
    return hmac.new(secret.encode(), text.encode(), hashlib.sha256).hexdigest()


def issue(secret: str, key_id: str, now: float | None = None) -> str:
    payload = f"{key_id}.{int((time.time() if now is None else now) + SESSION_SECONDS)}.{secrets.token_urlsafe(16)}"
    return f"{payload}.{_mac(secret, payload)}"


def read(secret: str, cookie: str | None, now: float | None = None) -> tuple[str, str] | None:
    """(key id, nonce) of a valid, unexpired cookie, else None."""
    if not cookie or len(cookie) > 256:
        return None
    payload, _, mac = cookie.rpartition(".")
    parts = payload.split(".")
    if len(parts) != 3 or not hmac.compare_digest(mac, _mac(secret, payload)):
        return None
    key_id, expiry, nonce = parts
    if not expiry.isdigit() or int(expiry) < (time.time() if now is None else now):
        return None
    return key_id, nonce


def csrf_token(secret: str, nonce: str) -> str:
    return _mac(secret, "csrf:" + nonce)[:32]


def set_cookie(response: Response, request: Request, name: str, value: str, max_age: int) -> None:
    response.set_cookie(
        name,
        value,
        max_age=max_age,
        path="/",
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )


def same_origin(request: Request) -> bool:
    """A browser's POST names its page's origin; one from another site is refused (absent: allowed,
    as for old clients, since the token still has to match)."""
    origin = request.headers.get("origin")
    if origin is None:
        return True
    return origin == f"{request.url.scheme}://{request.headers.get('host', '')}"
