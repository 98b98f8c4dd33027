"""The schema, as an append-only list of versioned migrations shared by every store.

Each migration is written once per SQL dialect (`sqlite`, `postgres`) under one version and
name, so both stores are always at the same schema for the same version number. `migrate`
applies what is missing inside one write transaction and records it in `schema_version`; a
database newer than the code is refused, never silently used. A new feature is a new entry
at the end.
"""

from __future__ import annotations

from dataclasses import dataclass

from advisor.store import fleet
from advisor.store.records import StoreError, utc_now


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sqlite: tuple[str, ...]
    postgres: tuple[str, ...]

    def statements(self, dialect: str) -> tuple[str, ...]:
        return self.sqlite if dialect == "sqlite" else self.postgres


_KEYS = """CREATE TABLE api_keys (
    id           TEXT PRIMARY KEY,
    name         TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
    hash         TEXT NOT NULL UNIQUE,
    created_at   TEXT NOT NULL,
    revoked_at   TEXT,
    last_used_at TEXT
)"""
# a name identifies one active key (`advisor keys revoke NAME`); revoked names may repeat
_KEY_NAMES = "CREATE UNIQUE INDEX api_keys_active_name ON api_keys(name) WHERE revoked_at IS NULL"
_TURNS = """CREATE TABLE chat_turns (
    session_id TEXT NOT NULL REFERENCES chat_sessions(id) ON DELETE CASCADE,
    n          INTEGER NOT NULL CHECK (n >= 1),
    role       TEXT NOT NULL CHECK (role IN ('user', 'advisor')),
    text       TEXT NOT NULL,
    intent     TEXT,
    citations  {citations} NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (session_id, n)
){suffix}"""


def _reviews(seq: str, json: str) -> str:
    return f"""CREATE TABLE reviews (
    seq              {seq},
    id               TEXT NOT NULL UNIQUE,
    target           TEXT NOT NULL,
    kind             TEXT NOT NULL,
    document         {json.format(col="document")} NOT NULL,
    review           {json.format(col="review")} NOT NULL,
    rulebook_version TEXT NOT NULL,
    created_at       TEXT NOT NULL,
    api_key_id       TEXT REFERENCES api_keys(id)
)"""


def _audit(seq: str, json: str) -> str:
    return f"""CREATE TABLE audit_log (
    seq        {seq},
    at         TEXT NOT NULL,
    actor      TEXT NOT NULL,
    api_key_id TEXT REFERENCES api_keys(id),
    action     TEXT NOT NULL,
    object_id  TEXT,
    detail     {json.format(col="detail")}
)"""


def _sessions(seq: str, json: str) -> str:
    return f"""CREATE TABLE chat_sessions (
    seq           {seq},
    id            TEXT NOT NULL UNIQUE,
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL,
    api_key_id    TEXT REFERENCES api_keys(id),
    message_count INTEGER NOT NULL CHECK (message_count >= 0),
    state         {json.format(col="state")} NOT NULL
)"""


# JSON columns: SQLite checks text with json_valid(); PostgreSQL's `json` type (not jsonb) checks
# it and keeps the text exactly as written, so a review is served back byte for byte.
_SQ_SEQ, _SQ_JSON = "INTEGER PRIMARY KEY AUTOINCREMENT", "TEXT CHECK ({col} IS NULL OR json_valid({col}))"
_PG_SEQ, _PG_JSON = "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY", "JSON"

MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "reviews, api keys, audit log",
        sqlite=(
            _KEYS,
            _KEY_NAMES,
            _reviews(_SQ_SEQ, _SQ_JSON),
            "CREATE INDEX reviews_by_target ON reviews(target, seq)",
            _audit(_SQ_SEQ, _SQ_JSON),
            "CREATE INDEX audit_log_by_time ON audit_log(at)",
        ),
        postgres=(
            _KEYS,
            _KEY_NAMES,
            _reviews(_PG_SEQ, _PG_JSON),
            "CREATE INDEX reviews_by_target ON reviews(target, seq)",
            _audit(_PG_SEQ, _PG_JSON),
            "CREATE INDEX audit_log_by_time ON audit_log(at)",
        ),
    ),
    Migration(
        2,
        "chat sessions",
        sqlite=(
            _sessions(_SQ_SEQ, _SQ_JSON),
            _TURNS.format(citations="TEXT CHECK (json_valid(citations))", suffix=" WITHOUT ROWID"),
        ),
        postgres=(_sessions(_PG_SEQ, _PG_JSON), _TURNS.format(citations="JSON", suffix="")),
    ),
    # the fleet's latest-review tables (advisor/store/fleet.py); SQLite fills them from stored reviews
    Migration(3, "fleet tables", sqlite=fleet.TABLES + fleet.SQLITE_BACKFILL, postgres=fleet.POSTGRES_TABLES),
)


def _tenancy(now: str, json: str) -> tuple[str, ...]:
    """Migration 3, per dialect: `now` is the dialect's expression for the current UTC time as text."""
    return (
        """CREATE TABLE tenants (
    id         TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
    created_at TEXT NOT NULL
)""",
        f"INSERT INTO tenants (id, created_at) VALUES ('default', {now})",
        # existing keys, reviews, sessions and audit entries belong to the default tenant
        "ALTER TABLE api_keys ADD COLUMN tenant_id TEXT NOT NULL DEFAULT 'default'",
        "ALTER TABLE api_keys ADD COLUMN role TEXT NOT NULL DEFAULT 'submitter' "
        "CHECK (role IN ('admin', 'submitter', 'reader'))",
        "ALTER TABLE reviews ADD COLUMN tenant_id TEXT NOT NULL DEFAULT 'default'",
        "ALTER TABLE chat_sessions ADD COLUMN tenant_id TEXT NOT NULL DEFAULT 'default'",
        "ALTER TABLE audit_log ADD COLUMN tenant_id TEXT",
        "UPDATE audit_log SET tenant_id = 'default'",
        "ALTER TABLE audit_log ADD COLUMN source TEXT",
        "CREATE INDEX reviews_by_tenant ON reviews(tenant_id, seq)",
        "CREATE INDEX reviews_by_tenant_target ON reviews(tenant_id, target, seq)",
        "CREATE INDEX chat_sessions_by_tenant ON chat_sessions(tenant_id, seq)",
        "CREATE INDEX audit_log_by_tenant ON audit_log(tenant_id, seq)",
        # facts about the site: when the bootstrap admin key was made; the readiness probe's last write
        "CREATE TABLE site (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
        f"""CREATE TABLE idempotency (
    tenant_id    TEXT NOT NULL,
    api_key_id   TEXT NOT NULL REFERENCES api_keys(id),
    key          TEXT NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
    request_hash TEXT NOT NULL,
    status       INTEGER NOT NULL,
    body         {json.format(col="body")} NOT NULL,
    location     TEXT,
    created_at   TEXT NOT NULL,
    PRIMARY KEY (tenant_id, api_key_id, key)
)""",
    )


_SQ_NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
_PG_NOW = "to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"
MIGRATIONS += (
    Migration(
        4,
        "tenants, roles, idempotency keys",
        sqlite=_tenancy(_SQ_NOW, _SQ_JSON),
        postgres=_tenancy(_PG_NOW, _PG_JSON),
    ),
)


def latest_version() -> int:
    return MIGRATIONS[-1].version


SCHEMA_TABLE = """CREATE TABLE IF NOT EXISTS schema_version (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"""


def apply(tx, dialect: str, where: str) -> None:
    """Apply the missing migrations inside the caller's write transaction `tx`."""
    tx.execute(SCHEMA_TABLE)
    current = tx.execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchone()[0]
    latest = latest_version()
    if current > latest:
        raise StoreError(
            f"{where} has schema version {current}, newer than this advisor "
            f"knows ({latest}): upgrade the advisor, do not downgrade the data"
        )
    for migration in MIGRATIONS:
        if migration.version > current:
            for statement in migration.statements(dialect):
                tx.execute(statement)
            tx.execute("INSERT INTO schema_version VALUES (?, ?, ?)", (migration.version, migration.name, utc_now()))
