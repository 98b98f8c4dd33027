"""The store: reviews, chat sessions, API keys and the audit log behind one interface.

`Store` (interface.py) is the interface, written once per concern (reviews.py, chat.py,
keys.py, audit.py) over two hooks, `_read` and `_write`; `SQLiteStore` (sqlite.py, the
embedded default) implements them. `open_store` picks the implementation from the settings.
The schema is one versioned list of migrations (migrations.py) for every implementation.
"""

from __future__ import annotations

from pathlib import Path

from advisor.store.interface import Store
from advisor.store.keys import KEY_PREFIX, hash_key, split_key
from advisor.store.migrations import MIGRATIONS, Migration, latest_version
from advisor.store.records import (
    ApiKey,
    AuditEntry,
    ChatTurnRecord,
    StoreConflict,
    StoredChatSession,
    StoredReview,
    StoreError,
    StoreUnavailable,
    utc_now,
)
from advisor.store.sqlite import SQLiteStore, default_db_path

__all__ = [
    "KEY_PREFIX",
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
    "utc_now",
]


def open_store(path: Path | str | None = None, *, synchronous: str = "FULL") -> Store:
    """The store the settings name: the SQLite file `path` (default: `default_db_path()`)."""
    return SQLiteStore(path or default_db_path(), synchronous=synchronous)
