"""The schema, as an append-only list of versioned migrations shared by every store.

Each migration is written once per SQL dialect (`sqlite`, `postgres`) under one version and
name, so both stores are always at the same schema for the same version number. `migrate`
applies what is missing inside one write transaction and records it in `schema_version`; a
database newer than the code is refused, never silently used. A new feature is a new entry
at the end.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from advisor.store import fleet
from advisor.store.fleet import SEVERITIES
from advisor.store.records import StoreError, utc_now


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sqlite: tuple[str, ...]
    postgres: tuple[str, ...]
    then: Callable[[Any], object] | None = None  # work done after the statements, in the same transaction

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

# --- Migration 3's fleet tables, as it made them (frozen: migration 5 replaces them, per tenant) ---

_FLEET_V3 = (
    """CREATE TABLE fleet_systems (
    target       TEXT PRIMARY KEY,
    kind         TEXT NOT NULL,
    review_id    TEXT NOT NULL,
    first_seen   TEXT NOT NULL,
    last_seen    TEXT NOT NULL,
    reviews      INTEGER NOT NULL,
    critical     INTEGER NOT NULL,
    high         INTEGER NOT NULL,
    medium       INTEGER NOT NULL,
    low          INTEGER NOT NULL,
    info         INTEGER NOT NULL,
    findings     INTEGER NOT NULL,
    not_assessed INTEGER NOT NULL,
    worst        INTEGER NOT NULL,
    score        REAL NOT NULL
)""",
    "CREATE INDEX fleet_systems_by_kind ON fleet_systems(kind, target)",
    # one index per sort order, in that order's directions, so a page is an index range, not a sort
    "CREATE INDEX fleet_systems_by_risk ON fleet_systems(worst, score DESC, target)",
    "CREATE INDEX fleet_systems_by_seen ON fleet_systems(last_seen DESC, target)",
    "CREATE INDEX fleet_systems_by_findings ON fleet_systems(findings DESC, target)",
    """CREATE TABLE fleet_findings (
    target   TEXT NOT NULL,
    rule_id  TEXT NOT NULL,
    unit     TEXT NOT NULL,
    severity TEXT NOT NULL,
    score    REAL NOT NULL
)""",
    "CREATE INDEX fleet_findings_by_target ON fleet_findings(target)",
    "CREATE INDEX fleet_findings_by_rule ON fleet_findings(rule_id, target)",
    """CREATE TABLE fleet_missing (
    target TEXT NOT NULL,
    field  TEXT NOT NULL,
    rules  INTEGER NOT NULL,
    PRIMARY KEY (target, field)
)""",
    """CREATE TABLE fleet_rules (
    rule_id  TEXT PRIMARY KEY,
    systems  INTEGER NOT NULL,
    findings INTEGER NOT NULL,
    score    REAL NOT NULL
)""",
    """CREATE TABLE fleet_fields (
    field   TEXT PRIMARY KEY,
    systems INTEGER NOT NULL,
    rules   INTEGER NOT NULL
)""",
    """CREATE TABLE fleet_days (
    day      TEXT PRIMARY KEY,
    reviews  INTEGER NOT NULL,
    systems  INTEGER NOT NULL,
    critical INTEGER NOT NULL,
    high     INTEGER NOT NULL,
    medium   INTEGER NOT NULL,
    low      INTEGER NOT NULL,
    info     INTEGER NOT NULL
)""",
    """CREATE TABLE fleet_day_systems (
    day    TEXT NOT NULL,
    target TEXT NOT NULL,
    PRIMARY KEY (day, target)
)""",
)

_FLEET_V3_POSTGRES = tuple(t.replace(" REAL ", " DOUBLE PRECISION ") for t in _FLEET_V3)

_LATEST = "reviews r WHERE r.seq = (SELECT max(seq) FROM reviews WHERE target = r.target)"
_SEV = ", ".join(f"coalesce(json_extract(r.review, '$.summary.{s}'), 0)" for s in SEVERITIES)
# Reviews stored before the fleet tables existed (SQLite only: a PostgreSQL store started with them).
_FLEET_V3_BACKFILL = (
    f"""INSERT INTO fleet_systems SELECT r.target, r.kind, r.id,
        (SELECT min(created_at) FROM reviews WHERE target = r.target), r.created_at,
        (SELECT count(*) FROM reviews WHERE target = r.target), {_SEV},
        json_array_length(r.review, '$.findings'), json_array_length(r.review, '$.not_assessed'), 0,
        (SELECT total(json_extract(value, '$.score')) FROM json_each(r.review, '$.findings'))
        FROM {_LATEST}""",
    "UPDATE fleet_systems SET worst = CASE WHEN critical > 0 THEN 0 WHEN high > 0 THEN 1 WHEN medium > 0 THEN 2 "
    "WHEN low > 0 THEN 3 WHEN info > 0 THEN 4 ELSE 5 END",
    f"""INSERT INTO fleet_findings SELECT r.target, json_extract(f.value, '$.rule_id'),
        json_extract(f.value, '$.target'), json_extract(f.value, '$.severity'), json_extract(f.value, '$.score')
        FROM {_LATEST.replace("reviews r WHERE", "reviews r, json_each(r.review, '$.findings') f WHERE")}""",
    f"""INSERT INTO fleet_missing SELECT r.target, m.value, count(DISTINCT json_extract(n.value, '$.rule_id'))
        FROM {
        _LATEST.replace(
            "reviews r WHERE",
            "reviews r, json_each(r.review, '$.not_assessed') n, json_each(n.value, '$.missing') m WHERE",
        )
    } GROUP BY r.target, m.value""",
    "INSERT INTO fleet_rules SELECT rule_id, count(DISTINCT target), count(*), total(score) FROM fleet_findings "
    "GROUP BY rule_id",
    "INSERT INTO fleet_fields SELECT field, count(*), sum(rules) FROM fleet_missing GROUP BY field",
    f"""INSERT INTO fleet_days SELECT substr(r.created_at, 1, 10), count(*), count(DISTINCT r.target),
        {", ".join(f"total(coalesce(json_extract(r.review, '$.summary.{s}'), 0))" for s in SEVERITIES)}
        FROM reviews r GROUP BY 1""",
    "INSERT INTO fleet_day_systems SELECT DISTINCT substr(created_at, 1, 10), target FROM reviews",
)

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
    Migration(3, "fleet tables", sqlite=_FLEET_V3 + _FLEET_V3_BACKFILL, postgres=_FLEET_V3_POSTGRES),
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


def _fleet_per_tenant(dialect: str) -> tuple[str, ...]:
    """Migration 5: the fleet tables again, every row under a tenant and the summed ones striped
    (advisor/store/fleet.py). The new tables are built beside the old, filled from them as the default
    tenant's (the only one they held), then take their names; other tenants' reviews are replayed
    afterwards (`fleet.rebuild`), since the old tables skipped them."""
    tables, indexes = fleet.create_statements(dialect, suffix="_new")
    keep = {
        "fleet_rules": "rule_id, 0, systems, findings, score",
        "fleet_fields": "field, 0, systems, rules",
        "fleet_days": "day, 0, reviews, systems, " + ", ".join(SEVERITIES),
    }
    copies = tuple(
        f"INSERT INTO {name}_new SELECT 'default', {keep.get(name, '*')} FROM {name}" for name in fleet.TABLE_NAMES
    )
    swap = tuple(f"DROP TABLE {name}" for name in fleet.TABLE_NAMES) + tuple(
        f"ALTER TABLE {name}_new RENAME TO {name}" for name in fleet.TABLE_NAMES
    )
    return tables + copies + swap + indexes


MIGRATIONS += (
    Migration(
        5,
        "fleet tables per tenant, striped sums",
        sqlite=_fleet_per_tenant("sqlite"),
        postgres=_fleet_per_tenant("postgres"),
        then=lambda tx: fleet.rebuild(tx, skip_tenant="default"),
    ),
)


# PostgreSQL compresses a stored value of more than ~2 KB (a review's JSON is ~11 KB) with pglz by default,
# which was a fifth of the server's CPU per stored review (perf, docs/performance.md); lz4 does the same
# work several times faster and decompresses faster on every GET. New rows only; old ones stay readable
# (the ALTERs change the tables' settings, they rewrite nothing, so the step is instant on a large site).
# A server built without lz4 (or older than 14) keeps pglz: the block ignores that error alone.
# The compressed review (~5 KB) then moved to the TOAST table, one more heap and index insert per review
# (6 % of the server's CPU): a row is now compressed only past 8160 bytes and stays in its page if it fits.
_PG_LZ4 = """DO $$
BEGIN
    EXECUTE 'ALTER TABLE reviews ALTER COLUMN document SET COMPRESSION lz4, ALTER COLUMN review SET COMPRESSION lz4';
    EXECUTE 'ALTER TABLE idempotency ALTER COLUMN body SET COMPRESSION lz4';
    EXECUTE 'ALTER TABLE chat_sessions ALTER COLUMN state SET COMPRESSION lz4';
EXCEPTION WHEN feature_not_supported OR syntax_error THEN
    NULL;
END $$"""
_PG_INLINE = tuple(f"ALTER TABLE {t} SET (toast_tuple_target = 8160)" for t in ("reviews", "idempotency"))
MIGRATIONS += (
    Migration(6, "large JSON values: lz4, kept in the row (PostgreSQL)", sqlite=(), postgres=(_PG_LZ4, *_PG_INLINE)),
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
            if migration.then is not None:
                migration.then(tx)
            tx.execute("INSERT INTO schema_version VALUES (?, ?, ?)", (migration.version, migration.name, utc_now()))
