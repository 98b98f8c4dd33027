"""The store: reviews, chat sessions, API keys and the audit log behind one interface.

`Store` (interface.py) is the interface, written once per concern (reviews.py, chat.py,
keys.py, audit.py, idempotency.py) over two hooks, `_read` and `_write`; `SQLiteStore`
(sqlite.py, the embedded default) and `PostgresStore` (postgres.py, for several replicas)
implement them. `open_store` picks the implementation from the settings. Every call takes
the acting `Principal`, whose tenant scopes what it reads and writes.
The schema is one versioned list of migrations (migrations.py) for every implementation.
"""

from __future__ import annotations

import os
from pathlib import Path

from advisor.store.idempotency import Replay
from advisor.store.interface import Store
from advisor.store.keys import KEY_PREFIX, hash_key, split_key
from advisor.store.migrations import MIGRATIONS, Migration, latest_version
from advisor.store.records import (
    DEFAULT_TENANT,
    ROLES,
    ApiKey,
    AuditEntry,
    ChatTurnRecord,
    Principal,
    StoreConflict,
    StoredChatSession,
    StoredResponse,
    StoredReview,
    StoreError,
    StoreUnavailable,
    utc_now,
)
from advisor.store.sqlite import SQLiteStore, default_db_path

__all__ = [
    "DEFAULT_TENANT",
    "KEY_PREFIX",
    "ROLES",
    "Principal",
    "Replay",
    "StoredResponse",
    "MIGRATIONS",
    "ApiKey",
    "AuditEntry",
    "ChatTurnRecord",
    "Migration",
    "SQLiteStore",
    "Store",
    "StoreConflict",
    "StoreError",
    "StoreUnavailable",
    "StoredChatSession",
    "StoredReview",
    "default_db_path",
    "hash_key",
    "latest_version",
    "open_store",
    "split_key",
    "url_from_env",
    "utc_now",
]


def open_store(
    path: Path | str | None = None, *, url: str | None = None, synchronous: str = "FULL", pool_size: int = 10
) -> Store:
    """The store the settings name: PostgreSQL at `url` when given, else the SQLite file `path`
    (default: `default_db_path()`). psycopg is imported only for PostgreSQL."""
    if url:
        from advisor.store.postgres import PostgresStore

        return PostgresStore(url, max_size=pool_size)
    return SQLiteStore(path or default_db_path(), synchronous=synchronous)


def url_from_env() -> str | None:
    """`ADVISOR_DATABASE_URL`: a postgresql:// URL selects the PostgreSQL store; unset means SQLite."""
    return os.environ.get("ADVISOR_DATABASE_URL") or None
