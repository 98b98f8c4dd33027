"""API keys: random, shown once, stored only as a SHA-256 hash; use recorded lazily.

A slow password hash (bcrypt, scrypt) protects low-entropy secrets people choose; these keys
carry 256 random bits, so a fast hash is already infeasible to invert, and it keeps the
per-request check cheap. The key embeds its id (`pa_<id>_<secret>`), so the lookup is by id
and the hashes are compared in constant time (`hmac.compare_digest`).

Authentication only reads (so revocation shows at once in every worker, and reads keep
working when the disk is full or the file read-only). When a key was last used is kept in
memory and written in one batch at most once per `LAST_USED_RESOLUTION`, best effort: a
store that cannot write loses a timestamp, never a request.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import threading
import time

from advisor.store.audit import record_audit
from advisor.store.base import StoreBase, Tx
from advisor.store.records import ApiKey, StoreConflict, StoreError, StoreUnavailable, utc_now

KEY_PREFIX = "pa_"
LAST_USED_RESOLUTION = 60.0  # seconds between batched writes of last_used_at
_COLUMNS = "id, name, created_at, revoked_at, last_used_at"
log = logging.getLogger(__name__)


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def split_key(key: str) -> str | None:
    """The key id inside `pa_<id>_<secret>`, or None when the text is not shaped like a key."""
    if not key.startswith(KEY_PREFIX):
        return None
    key_id, sep, secret = key[len(KEY_PREFIX) :].partition("_")
    if not sep or len(key_id) != 12 or not secret or any(c not in "0123456789abcdef" for c in key_id):
        return None
    return key_id


class KeyQueries(StoreBase):
    _used: dict[str, str]
    _used_lock: threading.Lock
    _used_flushed: float

    def _init_key_use(self) -> None:
        self._used, self._used_lock, self._used_flushed = {}, threading.Lock(), float("-inf")

    def create_key(self, name: str, *, actor: str) -> tuple[ApiKey, str]:
        """A new key: returns (its record, the key text). The text is not kept anywhere."""
        name = name.strip()
        if not 1 <= len(name) <= 64:
            raise StoreError("a key name has 1 to 64 characters")
        for _ in range(5):
            key_id = secrets.token_hex(6)
            key = f"{KEY_PREFIX}{key_id}_{secrets.token_urlsafe(32)}"
            now = utc_now()

            def work(tx: Tx, key_id: str = key_id, key: str = key, now: str = now) -> None:
                if tx.execute("SELECT 1 FROM api_keys WHERE name = ? AND revoked_at IS NULL", (name,)).fetchone():
                    raise StoreError(f"an active key named {name!r} exists: revoke it or choose another name")
                tx.execute(
                    "INSERT INTO api_keys (id, name, hash, created_at) VALUES (?, ?, ?, ?)",
                    (key_id, name, hash_key(key), now),
                )
                record_audit(tx, actor, "key.create", key_id, {"name": name}, None, now)

            try:
                self._write(work)
            except StoreConflict:  # an id collision: 48 random bits, so retry
                continue
            return ApiKey(key_id, name, now, None, None), key
        raise StoreError("could not allocate a key id")

    def list_keys(self) -> list[ApiKey]:
        self.flush_key_use()
        rows = self._read(lambda tx: tx.execute(f"SELECT {_COLUMNS} FROM api_keys ORDER BY created_at, id").fetchall())
        return [ApiKey(*r) for r in rows]

    def has_active_key(self) -> bool:
        return self._read(
            lambda tx: tx.execute("SELECT 1 FROM api_keys WHERE revoked_at IS NULL LIMIT 1").fetchone() is not None
        )

    def revoke_key(self, id_or_name: str, *, actor: str) -> ApiKey:
        """Revoke by id, or by the name of an active key. Revoking twice is an error, not a no-op."""

        def work(tx: Tx) -> ApiKey:
            row = (
                tx.execute(f"SELECT {_COLUMNS} FROM api_keys WHERE id = ?", (id_or_name,)).fetchone()
                or tx.execute(
                    f"SELECT {_COLUMNS} FROM api_keys WHERE name = ? AND revoked_at IS NULL", (id_or_name,)
                ).fetchone()
            )
            if row is None:
                raise StoreError(f"no key with id or active name {id_or_name!r}")
            key = ApiKey(*row)
            if not key.active:
                raise StoreError(f"key {key.id} ({key.name}) was already revoked at {key.revoked_at}")
            now = utc_now()
            tx.execute("UPDATE api_keys SET revoked_at = ? WHERE id = ?", (now, key.id))
            record_audit(tx, actor, "key.revoke", key.id, {"name": key.name}, None, now)
            return ApiKey(key.id, key.name, key.created_at, now, key.last_used_at)

        return self._write(work)

    def authenticate(self, key: str) -> ApiKey | None:
        """The key's record when `key` is one of ours (active or revoked), else None. Reads only."""
        key_id = split_key(key)
        if key_id is None:
            return None
        row = self._read(
            lambda tx: tx.execute(f"SELECT {_COLUMNS}, hash FROM api_keys WHERE id = ?", (key_id,)).fetchone()
        )
        if row is None or not hmac.compare_digest(row[5], hash_key(key)):
            return None
        record = ApiKey(*row[:5])
        if record.active:
            self._note_key_use(record.id)
        return record

    def _note_key_use(self, key_id: str) -> None:
        with self._used_lock:
            self._used[key_id] = utc_now()
            due = time.monotonic() - self._used_flushed >= LAST_USED_RESOLUTION
        if due:
            self.flush_key_use()

    def flush_key_use(self) -> None:
        """Write the pending last-used times in one transaction; keep them for later if the store cannot write."""
        with self._used_lock:
            pending, self._used = self._used, {}
            self._used_flushed = time.monotonic()
        if not pending:
            return
        try:
            self._write(
                lambda tx: tx.executemany(
                    "UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)",
                    [(at, key_id, at) for key_id, at in pending.items()],
                )
            )
        except StoreUnavailable as exc:
            log.warning("could not record key use (kept for the next try): %s", exc)
            with self._used_lock:
                self._used = {**pending, **self._used}
