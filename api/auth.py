"""Bearer API keys on every /v1 route.

The key is checked against the store on every request (no cache), so `advisor keys revoke`
takes effect at once in every worker process. Missing, malformed, unknown and revoked keys
all answer 401 with `WWW-Authenticate: Bearer` (RFC 6750); the detail says which, which only
helps someone who already holds the key.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from advisor.store import ApiKey, Store
from api.deps import get_store
from api.problems import ProblemError

REALM = 'Bearer realm="advisor"'
_bearer = HTTPBearer(auto_error=False, description="An API key from `advisor keys create NAME`.")


def _unauthorized(detail: str, error: str | None = None) -> ProblemError:
    challenge = f'{REALM}, error="{error}"' if error else REALM
    return ProblemError("unauthorized", detail, headers={"WWW-Authenticate": challenge})


def require_key(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
    store: Annotated[Store, Depends(get_store)],
) -> ApiKey:
    if credentials is None:
        if request.headers.get("authorization"):
            raise _unauthorized("The Authorization header must be 'Bearer <key>'.", "invalid_request")
        raise _unauthorized(
            "This route needs an API key: send 'Authorization: Bearer <key>' "
            "(create one with `advisor keys create NAME`)."
        )
    key = store.authenticate(credentials.credentials)
    if key is None:
        raise _unauthorized("The API key is not valid.", "invalid_token")
    if not key.active:
        raise _unauthorized(f"The API key {key.id} ({key.name}) was revoked at {key.revoked_at}.", "invalid_token")
    return key
