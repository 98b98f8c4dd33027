"""`Idempotency-Key` on the POST routes that store something (reviews, chat turns).

A retry with the same key and the same body gets the stored response again, byte for byte,
instead of a second review or a repeated chat turn; the same key with another body is a 409
(it conflicts with what the key already stands for).
The response is stored in the same transaction as what it answers, so a 201 never exists
without it. Two requests racing with one key: the second's write conflicts on the key, is
rolled back whole, and it answers with the first one's response.
"""

from __future__ import annotations

import hashlib
from typing import Annotated, Any

import orjson
from fastapi import Header, Response

from advisor.store import Principal, Replay, Store, StoreConflict
from api.problems import ProblemError

IdempotencyKey = Annotated[
    str | None,
    Header(
        alias="Idempotency-Key",
        min_length=1,
        max_length=255,
        pattern=r"^[\x21-\x7e]+$",
        description="Any unique text (e.g. a UUID): a retry with the same key and body returns the stored answer.",
    ),
]


def body_hash(body: Any) -> str:
    return hashlib.sha256(orjson.dumps(body, option=orjson.OPT_SORT_KEYS)).hexdigest()


def replayed(store: Store, who: Principal, key: str | None, digest: str) -> Response | None:
    """The stored response for `key`, or None when the key is new (or absent)."""
    if key is None:
        return None
    stored = store.stored_response(who, key)
    if stored is None:
        return None
    if stored.request_hash != digest:
        raise ProblemError("idempotency-key-reused", f"The Idempotency-Key {key!r} was used with another body.")
    headers = {"Idempotent-Replayed": "true"}
    if stored.location:
        headers["Location"] = stored.location
    return Response(stored.body, status_code=stored.status, media_type="application/json", headers=headers)


def replay_record(key: str | None, digest: str, status: int, body: str, location: str | None = None) -> Replay | None:
    return Replay(key, digest, status, body, location) if key is not None else None


def lost_race(store: Store, who: Principal, key: str | None, digest: str, exc: StoreConflict) -> Response:
    """After a write conflicted: the response of the request that stored `key` first (else the conflict again)."""
    again = replayed(store, who, key, digest)
    if again is None:
        raise exc
    return again
