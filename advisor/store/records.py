"""What the store hands back: plain frozen records, the same from every implementation."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any


class StoreError(RuntimeError):
    """The store cannot be used as asked (schema too new, unknown key, duplicate name...)."""


class StoreUnavailable(StoreError):
    """The database cannot complete the request now (down, disk full, read-only, locked, corrupt): retry later."""


class StoreConflict(StoreError):
    """A constraint refused the write (a reference to a missing row, a duplicate id)."""


def utc_now() -> str:
    """ISO 8601 UTC with milliseconds: sorts as text and reads the same in every language."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


DEFAULT_TENANT = "default"
ROLES = ("reader", "submitter", "admin")  # each may do what the ones before it may


@dataclass(frozen=True)
class Principal:
    """Who acts: from an API key (`key_id` set) or the site operator on the command line (no key).

    Every store call takes one. `tenant` scopes what it sees and writes; the operator's is
    None, which the command line uses to manage keys of every tenant."""

    tenant: str | None
    role: str
    name: str
    key_id: str | None = None
    source: str | None = None  # the client's address, for the audit log

    @property
    def actor(self) -> str:
        return f"api-key:{self.key_id}" if self.key_id else f"cli:{self.name}"

    def may(self, role: str) -> bool:
        return ROLES.index(self.role) >= ROLES.index(role)

    @classmethod
    def operator(cls, user: str = "") -> Principal:
        return cls(None, "admin", user or "operator")


@dataclass(frozen=True)
class ApiKey:
    id: str
    name: str
    created_at: str
    revoked_at: str | None
    last_used_at: str | None
    tenant: str = DEFAULT_TENANT
    role: str = "submitter"

    def principal(self, source: str | None = None) -> Principal:
        return Principal(self.tenant, self.role, self.name, self.id, source)

    @property
    def active(self) -> bool:
        return self.revoked_at is None


@dataclass(frozen=True)
class StoredReview:
    seq: int
    id: str
    target: str
    kind: str
    created_at: str
    rulebook_version: str
    review_json: str | None = None  # only when fetched one by one
    summary: dict[str, int] | None = None
    findings: int | None = None


@dataclass(frozen=True)
class ChatTurnRecord:
    """One message of a conversation; `n` counts from 1 within the session."""

    n: int
    role: str
    text: str
    intent: str | None
    citations: list[dict[str, Any]]
    created_at: str


@dataclass(frozen=True)
class StoredChatSession:
    id: str
    created_at: str
    updated_at: str
    api_key_id: str | None
    message_count: int
    state: dict[str, Any]


@dataclass(frozen=True)
class AuditEntry:
    seq: int
    at: str
    actor: str
    api_key_id: str | None
    action: str
    object_id: str | None
    detail: dict[str, Any] | None
    tenant: str | None = None
    source: str | None = None


@dataclass(frozen=True)
class StoredResponse:
    """The answer a POST gave under an Idempotency-Key, to give again for the same key and body."""

    request_hash: str
    status: int
    body: str
    location: str | None
