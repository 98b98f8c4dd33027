"""API keys: random, shown once, stored only as a SHA-256 hash; use recorded lazily.

A slow password hash (bcrypt, scrypt) protects low-entropy secrets people choose; these keys
carry 256 random bits, so a fast hash is already infeasible to invert, and it keeps the
per-request check cheap. The key embeds its id (`pa_<id>_<secret>`), so the lookup is by id
and the hashes are compared in constant time (`hmac.compare_digest`).

Authentication only reads (so revocation shows at once in every worker, and reads keep
working when the disk is full or the file read-only). When a key was last used is kept in
memory and written in one batch at most once per `LAST_USED_RESOLUTION`, on a thread of its
own, best effort: a store that cannot write loses a timestamp, never a request.

Every key belongs to a tenant and has a role (records.ROLES). An admin key manages the keys
of its own tenant; the site operator (the command line) manages every tenant's, and creates
a tenant by giving a key to it. The bootstrap admin key is made once per site: the `site`
table remembers that it was, so it is never printed twice, even after it is revoked.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import threading
import time

from advisor.store.audit import record_audit
from advisor.store.base import StoreBase, Tx, scope
from advisor.store.records import (
    DEFAULT_TENANT,
    ROLES,
    ApiKey,
    Principal,
    StoreConflict,
    StoreError,
    StoreUnavailable,
    utc_now,
)

KEY_PREFIX = "pa_"
LAST_USED_RESOLUTION = 60.0  # seconds between batched writes of last_used_at
_COLUMNS = "id, name, created_at, revoked_at, last_used_at, tenant_id, role"
TENANT_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-_.")
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

    def create_key(
        self, who: Principal, name: str, *, tenant: str | None = None, role: str = "submitter"
    ) -> tuple[ApiKey, str]:
        """A new key: returns (its record, the key text). The text is not kept anywhere.

        An admin key creates keys in its own tenant only; the operator in any (made on first use)."""
        name = name.strip()
        if not 1 <= len(name) <= 64:
            raise StoreError("a key name has 1 to 64 characters")
        if role not in ROLES:
            raise StoreError(f"unknown role {role!r}: one of {', '.join(reversed(ROLES))}")
        tenant = tenant or who.tenant or DEFAULT_TENANT
        if not 1 <= len(tenant) <= 64 or not set(tenant) <= TENANT_CHARS:
            raise StoreError("a tenant name has 1 to 64 characters: lower-case letters, digits, '-', '_', '.'")
        if not who.may("admin") or (who.tenant is not None and tenant != who.tenant):
            raise StoreError("only an admin of the tenant, or the site operator, creates its keys")
        for _ in range(5):
            key_id = secrets.token_hex(6)
            key = f"{KEY_PREFIX}{key_id}_{secrets.token_urlsafe(32)}"
            now = utc_now()

            def work(tx: Tx, key_id: str = key_id, key: str = key, now: str = now) -> None:
                if tx.execute("SELECT 1 FROM api_keys WHERE name = ? AND revoked_at IS NULL", (name,)).fetchone():
                    raise StoreError(f"an active key named {name!r} exists: revoke it or choose another name")
                if who.tenant is None:
                    tx.execute(
                        "INSERT INTO tenants (id, created_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING", (tenant, now)
                    )
                tx.execute(
                    "INSERT INTO api_keys (id, name, hash, created_at, tenant_id, role) VALUES (?, ?, ?, ?, ?, ?)",
                    (key_id, name, hash_key(key), now, tenant, role),
                )
                record_audit(tx, who, "key.create", key_id, {"name": name, "role": role}, now, tenant)

            try:
                self._write(work)
            except StoreConflict:  # an id collision: 48 random bits, so retry
                continue
            return ApiKey(key_id, name, now, None, None, tenant, role), key
        raise StoreError("could not allocate a key id")

    def bootstrap_admin(self, who: Principal) -> tuple[ApiKey, str] | None:
        """The site's first admin key (default tenant), or None when one was ever made before."""
        now = utc_now()
        claimed = self._write(
            lambda tx: (
                tx.execute(
                    "INSERT INTO site (name, value) VALUES ('bootstrap_admin', ?) ON CONFLICT (name) DO NOTHING", (now,)
                ).rowcount
                == 1
            )
        )
        if not claimed:
            return None
        try:
            return self.create_key(who, "admin", tenant=DEFAULT_TENANT, role="admin")
        except StoreError:
            self._write(lambda tx: tx.execute("DELETE FROM site WHERE name = 'bootstrap_admin'"))
            raise

    def list_keys(self, who: Principal) -> list[ApiKey]:
        """The keys of the principal's tenant (every tenant's for the operator); never the key text."""
        self.flush_key_use()
        where, args = scope(who)
        rows = self._read(
            lambda tx: tx.execute(
                f"SELECT {_COLUMNS} FROM api_keys WHERE {where} ORDER BY created_at, id", args
            ).fetchall()
        )
        return [ApiKey(*r) for r in rows]

    def has_active_key(self) -> bool:
        return self._read(
            lambda tx: tx.execute("SELECT 1 FROM api_keys WHERE revoked_at IS NULL LIMIT 1").fetchone() is not None
        )

    def revoke_key(self, who: Principal, id_or_name: str) -> ApiKey:
        """Revoke by id, or by the name of an active key, within the principal's tenant.

        A key of another tenant is not found. Revoking twice is an error, not a no-op."""
        where, args = scope(who)

        def work(tx: Tx) -> ApiKey:
            row = (
                tx.execute(f"SELECT {_COLUMNS} FROM api_keys WHERE id = ? AND {where}", (id_or_name, *args)).fetchone()
                or tx.execute(
                    f"SELECT {_COLUMNS} FROM api_keys WHERE name = ? AND revoked_at IS NULL AND {where}",
                    (id_or_name, *args),
                ).fetchone()
            )
            if row is None:
                raise StoreError(f"no key with id or active name {id_or_name!r}")
            key = ApiKey(*row)
            if not key.active:
                raise StoreError(f"key {key.id} ({key.name}) was already revoked at {key.revoked_at}")
            now = utc_now()
            tx.execute("UPDATE api_keys SET revoked_at = ? WHERE id = ?", (now, key.id))
            record_audit(tx, who, "key.revoke", key.id, {"name": key.name}, now, key.tenant)
            return ApiKey(key.id, key.name, key.created_at, now, key.last_used_at, key.tenant, key.role)

        return self._write(work)

    def authenticate(self, key: str) -> ApiKey | None:
        """The key's record when `key` is one of ours (active or revoked), else None. Reads only."""
        key_id = split_key(key)
        if key_id is None:
            return None
        row = self._read_row(f"SELECT {_COLUMNS}, hash FROM api_keys WHERE id = ?", (key_id,))
        if row is None or not hmac.compare_digest(row[7], hash_key(key)):
            return None
        record = ApiKey(*row[:7])
        if record.active:
            self._note_key_use(record.id)
        return record

    def _note_key_use(self, key_id: str) -> None:
        with self._used_lock:
            self._used[key_id] = utc_now()
            due = time.monotonic() - self._used_flushed >= LAST_USED_RESOLUTION
        if due:  # on a thread of its own: the API authenticates on its event loop, which must not wait for a write
            threading.Thread(target=self.flush_key_use, name="key-use-flush", daemon=True).start()

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
