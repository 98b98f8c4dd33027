"""The embedded SQLite store: reviews, chat sessions, API keys and the audit log.

Why SQLite and how it is used:

* One file, path from `ADVISOR_DB` (default: the user's data directory), so `advisor serve`
  needs no database server. Several uvicorn worker processes share it safely: WAL mode lets
  readers run beside the one writer, `busy_timeout` makes a writer wait instead of failing,
  and every write is one short `BEGIN IMMEDIATE` transaction (taking the write lock up front,
  so two writers never deadlock upgrading a read lock).
* `synchronous=FULL`: a 201 means the review is in the WAL on disk. A killed process
  (`kill -9`) never loses a committed transaction in WAL mode even with NORMAL; FULL also
  covers a power cut at the price of one fsync per write.
* The schema is versioned: `MIGRATIONS` is an append-only list applied at start-up inside
  one transaction and recorded in `schema_version`; a new feature is a new entry at the end
  (2 added the chat sessions). A database newer than the code is refused, never silently used.
* Chat sessions: `chat_sessions` holds each session's state (the ChatState JSON without its
  turns) and `message_count`; `chat_turns` holds every message, user and advisor, numbered
  1, 2, ... per session. The turns live only in `chat_turns`, so the state stays small however
  long the conversation and the history is never trimmed. A turn is stored with
  `append_chat_turns(..., expected=N)`: the update applies only while the session still has N
  messages, so of two turns computed from the same state one wins and the other is told to
  start again (optimistic concurrency: no lock is held while the chat engine runs).
* API keys are random, shown once, and stored only as a SHA-256 hash. A slow password hash
  (bcrypt, scrypt) protects low-entropy secrets people choose; these keys carry 256 random
  bits, so a fast hash is already infeasible to invert, and it keeps the per-request check
  cheap. The key embeds its id (`pa_<id>_<secret>`), so the lookup is by id and the hashes
  are compared in constant time (`hmac.compare_digest`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import orjson

from advisor import fleet_store

KEY_PREFIX = "pa_"
LAST_USED_RESOLUTION = timedelta(seconds=60)  # write last_used_at at most once a minute per key
BUSY_TIMEOUT_MS = 10_000


class StoreError(RuntimeError):
    """The store cannot be used as asked (schema too new, unknown key, duplicate name...)."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    statements: tuple[str, ...]


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "reviews, api keys, audit log",
        (
            """CREATE TABLE api_keys (
            id           TEXT PRIMARY KEY,
            name         TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
            hash         TEXT NOT NULL UNIQUE,
            created_at   TEXT NOT NULL,
            revoked_at   TEXT,
            last_used_at TEXT
        )""",
            # a name identifies one active key (`advisor keys revoke NAME`); revoked names may repeat
            "CREATE UNIQUE INDEX api_keys_active_name ON api_keys(name) WHERE revoked_at IS NULL",
            """CREATE TABLE reviews (
            seq              INTEGER PRIMARY KEY AUTOINCREMENT,
            id               TEXT NOT NULL UNIQUE,
            target           TEXT NOT NULL,
            kind             TEXT NOT NULL,
            document         TEXT NOT NULL CHECK (json_valid(document)),
            review           TEXT NOT NULL CHECK (json_valid(review)),
            rulebook_version TEXT NOT NULL,
            created_at       TEXT NOT NULL,
            api_key_id       TEXT REFERENCES api_keys(id)
        )""",
            "CREATE INDEX reviews_by_target ON reviews(target, seq)",
            """CREATE TABLE audit_log (
            seq        INTEGER PRIMARY KEY AUTOINCREMENT,
            at         TEXT NOT NULL,
            actor      TEXT NOT NULL,
            api_key_id TEXT REFERENCES api_keys(id),
            action     TEXT NOT NULL,
            object_id  TEXT,
            detail     TEXT CHECK (detail IS NULL OR json_valid(detail))
        )""",
            "CREATE INDEX audit_log_by_time ON audit_log(at)",
        ),
    ),
    Migration(
        2,
        "chat sessions",
        (
            """CREATE TABLE chat_sessions (
            seq           INTEGER PRIMARY KEY AUTOINCREMENT,
            id            TEXT NOT NULL UNIQUE,
            created_at    TEXT NOT NULL,
            updated_at    TEXT NOT NULL,
            api_key_id    TEXT REFERENCES api_keys(id),
            message_count INTEGER NOT NULL CHECK (message_count >= 0),
            state         TEXT NOT NULL CHECK (json_valid(state))
        )""",
            """CREATE TABLE chat_turns (
            session_id TEXT NOT NULL REFERENCES chat_sessions(id) ON DELETE CASCADE,
            n          INTEGER NOT NULL CHECK (n >= 1),
            role       TEXT NOT NULL CHECK (role IN ('user', 'advisor')),
            text       TEXT NOT NULL,
            intent     TEXT,
            citations  TEXT NOT NULL CHECK (json_valid(citations)),
            created_at TEXT NOT NULL,
            PRIMARY KEY (session_id, n)
        ) WITHOUT ROWID""",
        ),
    ),
    Migration(3, "fleet tables", fleet_store.TABLES + fleet_store.SQLITE_BACKFILL),
)
LATEST_VERSION = MIGRATIONS[-1].version


def default_db_path() -> Path:
    """`ADVISOR_DB`, else advisor.db in the user's data directory (platformdirs)."""
    override = os.environ.get("ADVISOR_DB")
    if override:
        return Path(override).expanduser()
    import platformdirs

    return platformdirs.user_data_path("platform-advisor") / "advisor.db"


def utc_now() -> str:
    """ISO 8601 UTC with milliseconds: sorts as text and reads the same in every language."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


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


@dataclass(frozen=True)
class ApiKey:
    id: str
    name: str
    created_at: str
    revoked_at: str | None
    last_used_at: str | None

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


_KEY_COLUMNS = "id, name, created_at, revoked_at, last_used_at"


class Store(fleet_store.FleetQueries):
    """One database file; one connection per thread, opened on first use and closed by `close()`."""

    def __init__(self, path: Path | str, *, synchronous: str = "FULL", busy_timeout_ms: int = BUSY_TIMEOUT_MS):
        self.path = Path(path)
        self._synchronous = synchronous
        self._busy_timeout_ms = busy_timeout_ms
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._all_lock = threading.Lock()

    # --- connections and transactions ---

    def _con(self) -> sqlite3.Connection:
        con = getattr(self._local, "con", None)
        if con is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # check_same_thread=False only so close() may close it; each thread uses its own
            con = sqlite3.connect(
                self.path, timeout=self._busy_timeout_ms / 1000, isolation_level=None, check_same_thread=False
            )
            con.execute("PRAGMA foreign_keys = ON")
            con.execute(f"PRAGMA busy_timeout = {int(self._busy_timeout_ms)}")
            con.execute(f"PRAGMA synchronous = {self._synchronous}")
            self._local.con = con
            with self._all_lock:
                self._all.append(con)
        return con

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        con = self._con()
        con.execute("BEGIN IMMEDIATE")
        try:
            yield con
        except BaseException:
            con.execute("ROLLBACK")
            raise
        con.execute("COMMIT")

    def close(self) -> None:
        with self._all_lock:
            for con in self._all:
                con.close()
            self._all.clear()
        self._local = threading.local()

    def _read(self, work):
        con = self._con()
        con.execute("BEGIN")
        try:
            return work(con)
        finally:
            con.execute("COMMIT")

    # --- schema ---

    def migrate(self) -> int:
        """Bring the schema to LATEST_VERSION (safe when several processes start at once)."""
        con = self._con()
        mode = con.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise StoreError(f"{self.path}: cannot switch to WAL mode (got {mode})")
        with self._write() as con:
            con.execute("""CREATE TABLE IF NOT EXISTS schema_version (
                version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)""")
            current = con.execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchone()[0]
            if current > LATEST_VERSION:
                raise StoreError(
                    f"{self.path} has schema version {current}, newer than this advisor "
                    f"knows ({LATEST_VERSION}): upgrade the advisor, do not downgrade the data"
                )
            for migration in MIGRATIONS:
                if migration.version > current:
                    for statement in migration.statements:
                        con.execute(statement)
                    con.execute(
                        "INSERT INTO schema_version VALUES (?, ?, ?)", (migration.version, migration.name, utc_now())
                    )
        return self.schema_version()

    def schema_version(self) -> int:
        return self._con().execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchone()[0]

    def integrity_check(self) -> str:
        return self._con().execute("PRAGMA integrity_check").fetchone()[0]

    # --- reviews ---

    def add_review(
        self,
        *,
        review_id: str,
        target: str,
        kind: str,
        document_json: str,
        review_json: str,
        rulebook_version: str,
        created_at: str,
        api_key_id: str | None,
        actor: str,
    ) -> None:
        """Store a review and its audit entry in one transaction: both or neither."""
        with self._write() as con:
            con.execute(
                "INSERT INTO reviews (id, target, kind, document, review, rulebook_version, created_at, "
                "api_key_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (review_id, target, kind, document_json, review_json, rulebook_version, created_at, api_key_id),
            )
            fleet_store.record_review(
                con,
                review_id=review_id,
                target=target,
                kind=kind,
                review=orjson.loads(review_json),
                created_at=created_at,
            )
            self._audit(
                con, actor, "review.create", review_id, {"target": target, "kind": kind}, api_key_id, created_at
            )

    def get_review(self, review_id: str) -> StoredReview | None:
        row = (
            self._con()
            .execute(
                "SELECT seq, id, target, kind, created_at, rulebook_version, review FROM reviews WHERE id = ?",
                (review_id,),
            )
            .fetchone()
        )
        return StoredReview(*row) if row else None

    def get_document(self, review_id: str) -> Any | None:
        row = self._con().execute("SELECT document FROM reviews WHERE id = ?", (review_id,)).fetchone()
        return json.loads(row[0]) if row else None

    def list_reviews(
        self, *, target: str | None = None, limit: int = 20, before_seq: int | None = None
    ) -> list[StoredReview]:
        """Newest first; `before_seq` continues after the last row of the previous page (stable under inserts)."""
        where, args = [], []
        if target is not None:
            where.append("target = ?")
            args.append(target)
        if before_seq is not None:
            where.append("seq < ?")
            args.append(before_seq)
        sql = (
            "SELECT seq, id, target, kind, created_at, rulebook_version, json_extract(review, '$.summary'), "
            "json_array_length(review, '$.findings') FROM reviews"
        )
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY seq DESC LIMIT ?"
        rows = self._con().execute(sql, (*args, limit)).fetchall()
        return [
            StoredReview(seq, rid, tgt, kind, at, rb, None, json.loads(summary) if summary else {}, n)
            for seq, rid, tgt, kind, at, rb, summary, n in rows
        ]

    def count_reviews(self) -> int:
        return self._con().execute("SELECT count(*) FROM reviews").fetchone()[0]

    # --- chat sessions ---

    def create_chat_session(
        self,
        *,
        session_id: str,
        state_json: str,
        turns: list[ChatTurnRecord],
        api_key_id: str | None,
        actor: str,
        now: str,
    ) -> None:
        """A new session with its first turns and audit entry, in one transaction."""
        with self._write() as con:
            con.execute(
                "INSERT INTO chat_sessions (id, created_at, updated_at, api_key_id, message_count, state) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (session_id, now, now, api_key_id, len(turns), state_json),
            )
            self._insert_turns(con, session_id, turns)
            self._audit(con, actor, "chat.create", session_id, {"messages": len(turns)}, api_key_id, now)

    def append_chat_turns(
        self,
        *,
        session_id: str,
        expected: int,
        state_json: str,
        turns: list[ChatTurnRecord],
        api_key_id: str | None,
        actor: str,
        now: str,
    ) -> bool:
        """Store a turn computed from the session as it was with `expected` messages.

        False (nothing written) when the session has moved on since, or no longer exists: the
        caller reads it again and recomputes. Turn numbers continue from `expected`."""
        with self._write() as con:
            cur = con.execute(
                "UPDATE chat_sessions SET state = ?, updated_at = ?, message_count = ? "
                "WHERE id = ? AND message_count = ?",
                (state_json, now, expected + len(turns), session_id, expected),
            )
            if cur.rowcount != 1:
                return False
            self._insert_turns(con, session_id, turns)
            self._audit(con, actor, "chat.turn", session_id, {"messages": expected + len(turns)}, api_key_id, now)
        return True

    @staticmethod
    def _insert_turns(con: sqlite3.Connection, session_id: str, turns: list[ChatTurnRecord]) -> None:
        con.executemany(
            "INSERT INTO chat_turns (session_id, n, role, text, intent, citations, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(session_id, t.n, t.role, t.text, t.intent, json.dumps(t.citations), t.created_at) for t in turns],
        )

    def get_chat_session(self, session_id: str) -> StoredChatSession | None:
        return self._chat_session(self._con(), session_id)

    def chat_message_count(self, session_id: str) -> int | None:
        row = self._con().execute("SELECT message_count FROM chat_sessions WHERE id = ?", (session_id,)).fetchone()
        return row[0] if row else None

    @staticmethod
    def _chat_session(con: sqlite3.Connection, session_id: str) -> StoredChatSession | None:
        row = con.execute(
            "SELECT id, created_at, updated_at, api_key_id, message_count, state FROM chat_sessions WHERE id = ?",
            (session_id,),
        ).fetchone()
        return StoredChatSession(*row[:5], json.loads(row[5])) if row else None

    def chat_conversation(self, session_id: str) -> tuple[StoredChatSession, list[ChatTurnRecord]] | None:
        """The session and all its messages, read in one transaction (one snapshot: they agree)."""
        con = self._con()
        con.execute("BEGIN")
        try:
            session = self._chat_session(con, session_id)
            rows = (
                con.execute(
                    "SELECT n, role, text, intent, citations, created_at FROM chat_turns "
                    "WHERE session_id = ? ORDER BY n",
                    (session_id,),
                ).fetchall()
                if session
                else []
            )
        finally:
            con.execute("COMMIT")
        if session is None:
            return None
        return session, [
            ChatTurnRecord(n, role, text, intent, json.loads(cites), at) for n, role, text, intent, cites, at in rows
        ]

    # --- API keys ---

    def create_key(self, name: str, *, actor: str) -> tuple[ApiKey, str]:
        """A new key: returns (its record, the key text). The text is not kept anywhere."""
        name = name.strip()
        if not 1 <= len(name) <= 64:
            raise StoreError("a key name has 1 to 64 characters")
        for _ in range(5):
            key_id = secrets.token_hex(6)
            key = f"{KEY_PREFIX}{key_id}_{secrets.token_urlsafe(32)}"
            now = utc_now()
            try:
                with self._write() as con:
                    if con.execute("SELECT 1 FROM api_keys WHERE name = ? AND revoked_at IS NULL", (name,)).fetchone():
                        raise StoreError(f"an active key named {name!r} exists: revoke it or choose another name")
                    con.execute(
                        "INSERT INTO api_keys (id, name, hash, created_at) VALUES (?, ?, ?, ?)",
                        (key_id, name, hash_key(key), now),
                    )
                    self._audit(con, actor, "key.create", key_id, {"name": name}, None, now)
            except sqlite3.IntegrityError:  # an id collision: 48 random bits, so retry
                continue
            return ApiKey(key_id, name, now, None, None), key
        raise StoreError("could not allocate a key id")

    def list_keys(self) -> list[ApiKey]:
        rows = self._con().execute(f"SELECT {_KEY_COLUMNS} FROM api_keys ORDER BY created_at, id").fetchall()
        return [ApiKey(*r) for r in rows]

    def has_active_key(self) -> bool:
        return self._con().execute("SELECT 1 FROM api_keys WHERE revoked_at IS NULL LIMIT 1").fetchone() is not None

    def revoke_key(self, id_or_name: str, *, actor: str) -> ApiKey:
        """Revoke by id, or by the name of an active key. Revoking twice is an error, not a no-op."""
        with self._write() as con:
            row = (
                con.execute(f"SELECT {_KEY_COLUMNS} FROM api_keys WHERE id = ?", (id_or_name,)).fetchone()
                or con.execute(
                    f"SELECT {_KEY_COLUMNS} FROM api_keys WHERE name = ? AND revoked_at IS NULL", (id_or_name,)
                ).fetchone()
            )
            if row is None:
                raise StoreError(f"no key with id or active name {id_or_name!r}")
            key = ApiKey(*row)
            if not key.active:
                raise StoreError(f"key {key.id} ({key.name}) was already revoked at {key.revoked_at}")
            now = utc_now()
            con.execute("UPDATE api_keys SET revoked_at = ? WHERE id = ?", (now, key.id))
            self._audit(con, actor, "key.revoke", key.id, {"name": key.name}, None, now)
        return ApiKey(key.id, key.name, key.created_at, now, key.last_used_at)

    def authenticate(self, key: str) -> ApiKey | None:
        """The key's record when `key` is one of ours (active or revoked), else None."""
        key_id = split_key(key)
        if key_id is None:
            return None
        row = self._con().execute(f"SELECT {_KEY_COLUMNS}, hash FROM api_keys WHERE id = ?", (key_id,)).fetchone()
        if row is None or not hmac.compare_digest(row[5], hash_key(key)):
            return None
        record = ApiKey(*row[:5])
        if record.active:
            self._touch(record)
        return record

    def _touch(self, key: ApiKey) -> None:
        now = datetime.now(UTC)
        if key.last_used_at is not None:
            last = datetime.fromisoformat(key.last_used_at.replace("Z", "+00:00"))
            if now - last < LAST_USED_RESOLUTION:
                return
        with self._write() as con:
            con.execute("UPDATE api_keys SET last_used_at = ? WHERE id = ?", (utc_now(), key.id))

    # --- audit log ---

    def audit(
        self,
        actor: str,
        action: str,
        object_id: str | None = None,
        detail: dict | None = None,
        api_key_id: str | None = None,
    ) -> None:
        with self._write() as con:
            self._audit(con, actor, action, object_id, detail, api_key_id, utc_now())

    @staticmethod
    def _audit(
        con: sqlite3.Connection,
        actor: str,
        action: str,
        object_id: str | None,
        detail: dict | None,
        api_key_id: str | None,
        at: str,
    ) -> None:
        con.execute(
            "INSERT INTO audit_log (at, actor, api_key_id, action, object_id, detail) VALUES (?, ?, ?, ?, ?, ?)",
            (at, actor, api_key_id, action, object_id, json.dumps(detail) if detail is not None else None),
        )

    def audit_entries(self, limit: int = 100) -> list[AuditEntry]:
        rows = (
            self._con()
            .execute(
                "SELECT seq, at, actor, api_key_id, action, object_id, detail FROM audit_log ORDER BY seq DESC LIMIT ?",
                (limit,),
            )
            .fetchall()
        )
        return [AuditEntry(*r[:6], json.loads(r[6]) if r[6] else None) for r in rows]
