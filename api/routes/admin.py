"""Admin routes of a tenant: its API keys (create, list, revoke) and its audit log.

An admin key manages only its own tenant: a key id of another tenant answers 404, like an id
that does not exist. A created key is shown once, in the 201 response; only its hash is kept.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query
from pydantic import BaseModel, ConfigDict, Field

from advisor.capabilities.inputs import validate_model
from advisor.store import ApiKey, Store, StoreError
from api.auth import Admin
from api.body import json_body
from api.deps import get_store
from api.models import CURSOR_PATTERN, keyset_page
from api.openapi import request_body
from api.problems import ProblemError

router = APIRouter(tags=["admin"])
KEY_ID_PATTERN = r"^[0-9a-f]{12}$"


class KeyRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(
        min_length=1, max_length=64, pattern=r"\S", description="Who or what uses the key, e.g. 'ci-pipeline'."
    )
    role: Literal["admin", "submitter", "reader"] = Field("submitter", description="What the key may do.")


class KeyOut(BaseModel):
    id: str
    name: str
    tenant: str
    role: str
    created_at: str
    revoked_at: str | None
    last_used_at: str | None

    @classmethod
    def of(cls, key: ApiKey) -> KeyOut:
        return cls.model_validate(key, from_attributes=True)


class KeyCreated(KeyOut):
    key: str = Field(description="The key itself: shown only in this response, never again.")


class AuditOut(BaseModel):
    seq: int
    at: str
    actor: str
    api_key_id: str | None
    action: str
    object_id: str | None
    detail: dict[str, Any] | None
    source: str | None = Field(description="The client's address, for writes made through the API.")


class AuditPage(BaseModel):
    items: list[AuditOut]
    next_cursor: str | None


@router.post(
    "/keys",
    status_code=201,
    response_model=KeyCreated,
    operation_id="createKey",
    summary="Create an API key in your tenant (admin); the key is shown once",
    responses={400: {}, 403: {}, 409: {}, 413: {}, 415: {}, 422: {}},
    openapi_extra=request_body(
        "KeyRequest", {"ci": {"summary": "A key for a CI pipeline", "value": {"name": "ci", "role": "submitter"}}}
    ),
)
def create_key(
    body: Annotated[Any, Depends(json_body)], who: Admin, store: Annotated[Store, Depends(get_store)]
) -> KeyCreated:
    request = validate_model(KeyRequest, body)
    try:
        record, key = store.create_key(who, request.name, role=request.role)
    except StoreError as exc:
        raise ProblemError("key-name-taken", str(exc)) from None
    return KeyCreated(**KeyOut.of(record).model_dump(), key=key)


@router.get(
    "/keys",
    response_model=list[KeyOut],
    operation_id="listKeys",
    summary="The API keys of your tenant (admin), never the keys themselves",
    responses={403: {}},
)
def list_keys(who: Admin, store: Annotated[Store, Depends(get_store)]) -> list[KeyOut]:
    return [KeyOut.of(k) for k in store.list_keys(who)]


@router.delete(
    "/keys/{key_id}",
    response_model=KeyOut,
    operation_id="revokeKey",
    summary="Revoke an API key of your tenant (admin): refused at once by every worker",
    responses={403: {}, 404: {}, 422: {}},
)
def revoke_key(
    key_id: Annotated[str, Path(pattern=KEY_ID_PATTERN)], who: Admin, store: Annotated[Store, Depends(get_store)]
) -> KeyOut:
    known = {k.id: k for k in store.list_keys(who)}
    if key_id not in known:
        raise ProblemError("key-not-found", f"No API key {key_id} in your tenant.")
    if not known[key_id].active:
        return KeyOut.of(known[key_id])  # revoking a revoked key changes nothing
    return KeyOut.of(store.revoke_key(who, key_id))


@router.get(
    "/audit",
    response_model=AuditPage,
    operation_id="listAudit",
    summary="The audit log of your tenant (admin): every write, who, when, what, from where; newest first",
    responses={403: {}, 422: {}},
)
def audit(
    who: Admin,
    store: Annotated[Store, Depends(get_store)],
    limit: Annotated[int, Query(ge=1, le=100)] = 50,
    cursor: Annotated[str | None, Query(pattern=CURSOR_PATTERN)] = None,
) -> AuditPage:
    rows = store.audit_entries(who, limit + 1, before_seq=int(cursor) if cursor else None)
    page, next_cursor = keyset_page(rows, limit)
    return AuditPage(items=[AuditOut.model_validate(e, from_attributes=True) for e in page], next_cursor=next_cursor)


_KEY = {
    "id": "3f9a1c2e4b5d",
    "name": "ci",
    "tenant": "team-a",
    "role": "submitter",
    "created_at": "2025-03-01T09:30:00.000Z",
    "revoked_at": None,
    "last_used_at": None,
}
EXAMPLES: dict[str, Any] = {
    "createKey": {**_KEY, "key": "pa_3f9a1c2e4b5d_q0Zk9x7vWcR2mN4tLbY8sJ1uE6hA3fD5gK0pT2rV9wX"},
    "listKeys": [_KEY],
    "revokeKey": {**_KEY, "revoked_at": "2025-03-02T10:00:00.000Z"},
    "listAudit": {
        "items": [
            {
                "seq": 42,
                "at": "2025-03-01T09:31:00.000Z",
                "actor": "api-key:3f9a1c2e4b5d",
                "api_key_id": "3f9a1c2e4b5d",
                "action": "review.create",
                "object_id": "rv_4f1c2a9b7e3d5c6a8b90",
                "detail": {"target": "lpar1", "kind": "aix-lpar"},
                "source": "10.1.2.3",
            }
        ],
        "next_cursor": None,
    },
}
