"""What only the SQLite store has: its file, pragmas and connection pool."""

from __future__ import annotations

import stat

from advisor.store import SQLiteStore, default_db_path
from advisor.store import sqlite as sqlite_module
from tests.support.store import OPERATOR, sql


def test_pragmas(tmp_path):
    store = SQLiteStore(tmp_path / "s.db")
    store.migrate()
    assert sql(store, "PRAGMA journal_mode")[0][0] == "wal"
    assert sql(store, "PRAGMA foreign_keys")[0][0] == 1
    assert sql(store, "PRAGMA busy_timeout")[0][0] == sqlite_module.BUSY_TIMEOUT_MS
    assert sql(store, "PRAGMA synchronous")[0][0] == 2  # FULL
    store.close()


def test_the_file_is_private(tmp_path):
    """0600 in a 0700 directory: reviews are configurations of production systems."""
    store = SQLiteStore(tmp_path / "new" / "dir" / "s.db")
    store.migrate()
    store.create_key(OPERATOR, "k")
    assert stat.S_IMODE((tmp_path / "new" / "dir").stat().st_mode) == 0o700
    for path in (tmp_path / "new" / "dir").iterdir():  # the database, its WAL and shared memory
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path.name
    store.close()


def test_keys_never_reach_the_file(tmp_path):
    store = SQLiteStore(tmp_path / "s.db")
    store.migrate()
    _, key = store.create_key(OPERATOR, "ci")
    store.close()
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("s.db*"))
    assert key.encode() not in raw and key.split("_", 2)[2].encode() not in raw


def test_connections_do_not_pile_up_with_threads(tmp_path):
    """A connection per thread, never closed, was defect 2 of issue 12: now a bounded pool."""
    import threading

    store = SQLiteStore(tmp_path / "s.db")
    store.migrate()
    for _ in range(5):  # many short-lived threads, as a thread pool that grows and shrinks
        threads = [threading.Thread(target=store.count_reviews, args=(OPERATOR,)) for _ in range(20)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    fds = _open_files(tmp_path / "s.db")
    # The pool keeps POOL_SIZE; beyond that SQLite itself may hold a few descriptors of connections
    # closed while another connection of the process held a lock on the file (closing the descriptor
    # would drop that lock: POSIX locks are per process). It reuses them for the next open and closes
    # them with the last connection, so they are bounded by the connections closed at once (20 here),
    # far below the 100 threads' worth a connection per thread would leave.
    assert fds <= sqlite_module.POOL_SIZE + 20, fds
    assert store._connections._idle.qsize() <= sqlite_module.POOL_SIZE
    store.close()
    assert _open_files(tmp_path / "s.db") == 0


def _open_files(db) -> int:
    import os

    n = 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            if os.readlink(f"/proc/self/fd/{fd}") == str(db):
                n += 1
        except OSError:
            pass
    return n


def test_default_path(monkeypatch, tmp_path):
    monkeypatch.setenv("ADVISOR_DB", str(tmp_path / "x.db"))
    assert default_db_path() == tmp_path / "x.db"
    monkeypatch.delenv("ADVISOR_DB")
    assert default_db_path().name == "advisor.db" and "platform-advisor" in str(default_db_path())
