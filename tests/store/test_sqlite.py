"""What only the SQLite store has: its file, pragmas and connection pool."""

from __future__ import annotations

import os
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
    assert store._read(lambda tx: tx.execute("PRAGMA synchronous").fetchone()[0]) == 2  # FULL
    # a batch of writes commits with NORMAL and the writer flushes the WAL itself, outside the write lock
    # (next tests); the connection goes back to the pool in FULL
    assert sql(store, "PRAGMA synchronous")[0][0] == 1
    assert store._read(lambda tx: tx.execute("PRAGMA synchronous").fetchone()[0]) == 2
    store.close()


def _spy_on_flushes(monkeypatch, db) -> tuple[list[tuple[str, int]], list[str]]:
    """Record every fdatasync of the process (the file and its size then) and, in order, when writes return."""
    flushes: list[tuple[str, int]] = []
    events: list[str] = []
    real = os.fdatasync

    def spy(fd: int) -> None:
        real(fd)
        path = os.readlink(f"/proc/self/fd/{fd}")
        flushes.append((path, os.fstat(fd).st_size))
        events.append(f"flush {path}")

    monkeypatch.setattr(os, "fdatasync", spy)
    return flushes, events


def test_a_write_returns_only_after_the_wal_is_flushed(tmp_path, monkeypatch):
    """synchronous=FULL's promise, kept by the writer: the WAL holding the write is fdatasync'd before the
    caller returns (the commit itself, under the cross-process lock, does not sync)."""
    db = tmp_path / "s.db"
    store = SQLiteStore(db)
    store.migrate()
    flushes, events = _spy_on_flushes(monkeypatch, db)
    wal = f"{db}-wal"
    for i in range(3):
        before = os.path.getsize(wal)
        store.create_key(OPERATOR, f"k{i}")
        events.append("returned")
        assert events[-2:] == [f"flush {wal}", "returned"], events
        assert flushes[-1][1] > before  # the flush covered the frames this write appended
    store.close()


def test_normal_mode_leaves_the_flush_to_the_os(tmp_path, monkeypatch):
    """ADVISOR_DB_SYNCHRONOUS=NORMAL (an operator's explicit choice) commits without any flush of the WAL."""
    db = tmp_path / "s.db"
    store = SQLiteStore(db, synchronous="NORMAL")
    store.migrate()
    flushes, _ = _spy_on_flushes(monkeypatch, db)
    store.create_key(OPERATOR, "k")
    assert not [f for f, _ in flushes if f.endswith("-wal")]
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
