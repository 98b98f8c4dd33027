"""Idempotency-Key: the response a POST gave, kept with its write, so that a retry gets it again.

A client whose connection dropped after its review was stored sends the same request again
with the same `Idempotency-Key`; the stored response comes back instead of a second review.
The key is scoped to the API key that used it (two clients cannot collide or read each
other's answers), and remembered with a hash of the request body: the same key with another
body is refused rather than answered with something else.
"""

from __future__ import annotations

from dataclasses import dataclass

from advisor.store.base import StoreBase, Tx
from advisor.store.records import Principal, StoredResponse


@dataclass(frozen=True)
class Replay:
    """What to remember for an Idempotency-Key, written in the same transaction as the write it answers."""

    key: str
    request_hash: str
    status: int
    body: str
    location: str | None = None


def remember(tx: Tx, who: Principal, replay: Replay, at: str) -> None:
    tx.execute(
        "INSERT INTO idempotency (tenant_id, api_key_id, key, request_hash, status, body, location, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (who.tenant, who.key_id, replay.key, replay.request_hash, replay.status, replay.body, replay.location, at),
    )


class IdempotencyQueries(StoreBase):
    def stored_response(self, who: Principal, key: str) -> StoredResponse | None:
        row = self._read(
            lambda tx: tx.execute(
                "SELECT request_hash, status, body, location FROM idempotency "
                "WHERE tenant_id = ? AND api_key_id = ? AND key = ?",
                (who.tenant, who.key_id, key),
            ).fetchone()
        )
        return StoredResponse(*row) if row else None
