"""The embedded SQLite store: one file, no server; the default.

* Path from `ADVISOR_DB` (default: the user's data directory). The file is created 0600 and
  a directory the store creates is 0700: reviews are configurations of production systems.
* Several uvicorn worker processes share the file: WAL mode lets readers run beside the one
  writer, `busy_timeout` makes a writer wait instead of failing, and every write is one short
  `BEGIN IMMEDIATE` transaction (the write lock taken up front, so two writers never deadlock
  upgrading a read lock).
* `synchronous=FULL` (the default): a 201 means the review is in the WAL on disk; a killed
  process or a power cut never loses a committed transaction. The writer makes that so itself
  (see GroupCommit): it flushes the WAL after releasing the write lock, so one process's flush
  no longer holds up the other's writes.
* Connections come from a small pool, not one per thread: a thread that ends leaves nothing
  open, and the number of descriptors is bounded by the pool size plus the requests in
  flight. A connection that saw an error is closed rather than returned, so a file made
  read-only and then writable again, or replaced, is reopened fresh (no stale handle keeps
  failing after the fault is gone).
* Every SQLite failure leaves as `StoreUnavailable` (busy past the timeout, disk full,
  read-only, I/O error, corrupt page) or `StoreConflict` (a constraint), which the API maps.
"""

from __future__ import annotations

import fcntl
import os
import queue
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from advisor.store import migrations
from advisor.store.base import Tx
from advisor.store.interface import Store
from advisor.store.records import StoreConflict, StoreError, StoreUnavailable

T = TypeVar("T")
BUSY_TIMEOUT_MS = 10_000
POOL_SIZE = 8  # idle connections kept; more are opened while more requests are in flight
MAX_BATCH = 64  # writes committed together at most


def default_db_path() -> Path:
    """`ADVISOR_DB`, else advisor.db in the user's data directory (platformdirs)."""
    override = os.environ.get("ADVISOR_DB")
    if override:
        return Path(override).expanduser()
    import platformdirs

    return platformdirs.user_data_path("platform-advisor") / "advisor.db"


def _unavailable(exc: sqlite3.Error) -> StoreError:
    if isinstance(exc, sqlite3.IntegrityError):
        return StoreConflict(str(exc))
    return StoreUnavailable(str(exc) or type(exc).__name__)


class SQLiteConnections:
    """Opening, pooling and discarding connections to one file."""

    def __init__(self, path: Path, synchronous: str, busy_timeout_ms: int):
        self.path, self._synchronous, self._busy_timeout_ms = path, synchronous, busy_timeout_ms
        self._idle: queue.LifoQueue[sqlite3.Connection] = queue.LifoQueue(POOL_SIZE)

    def _create_file(self) -> None:
        if self.path.exists():
            return
        if not self.path.parent.exists():
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        try:
            os.close(os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        except FileExistsError:  # another process made it first
            pass

    def open(self) -> sqlite3.Connection:
        try:
            return self._idle.get_nowait()
        except queue.Empty:
            pass
        try:
            self._create_file()
        except OSError as exc:
            raise StoreUnavailable(f"{self.path}: {exc.strerror or exc}") from exc
        # check_same_thread=False: a pooled connection serves one thread at a time, any thread
        con = sqlite3.connect(
            self.path, timeout=self._busy_timeout_ms / 1000, isolation_level=None, check_same_thread=False
        )
        try:
            con.execute("PRAGMA foreign_keys = ON")
            con.execute(f"PRAGMA busy_timeout = {int(self._busy_timeout_ms)}")
            con.execute(f"PRAGMA synchronous = {self._synchronous}")
        except sqlite3.Error:
            con.close()
            raise
        return con

    def release(self, con: sqlite3.Connection, *, broken: bool) -> None:
        if not broken:
            try:
                self._idle.put_nowait(con)
                return
            except queue.Full:
                pass
        con.close()

    def close(self) -> None:
        while True:
            try:
                self._idle.get_nowait().close()
            except queue.Empty:
                return


class _Job:
    __slots__ = ("work", "result", "error", "done")

    def __init__(self, work: Callable[[Tx], object]):
        self.work = work
        self.result: object = None
        self.error: Exception | None = None
        self.done = threading.Event()


class GroupCommit:
    """One writer thread per store: writes from every request thread are queued, and the writer
    runs all that are waiting in one `BEGIN IMMEDIATE ... COMMIT`, so one flush makes a whole
    batch durable. Each job runs inside a SAVEPOINT: one that raises is rolled back alone and
    gets its error; the others commit.

    Between processes, an exclusive `flock` on `<db>-writelock` orders the writers: the next one
    wakes as soon as the lock is free, instead of SQLite's busy handler sleeping in steps of up
    to 100 ms (which was most of the old p99). The lock is held only while the batch is written,
    not while it is flushed: the writer's connection commits with `synchronous=NORMAL` (SQLite
    writes the WAL frames but does not fsync them), releases the lock, and then `fdatasync`s the
    WAL file itself. Only after that does any caller of the batch return, so a 201 still means
    on disk, as with `synchronous=FULL`. Meanwhile the other process writes its own batch, and
    one flush covers the frames of both (fdatasync writes every dirty page of the file, so frames
    are made durable in the order they were written; a checkpoint or a WAL restart still syncs
    as under FULL, since NORMAL keeps those syncs). With the flush inside the lock the two
    workers' commits queued behind each other's fsync (docs/performance.md, "API, session 4").
    One difference from FULL, and why it does not weaken a 201: another reader may see a batch
    between its COMMIT and its flush. A power cut in that window loses the batch, but nobody was
    told it was stored; a flush that fails is reported as the batch's failure (StoreUnavailable)
    and keeps the store unready until a write succeeds."""

    def __init__(self, store: SQLiteStore, *, flush: bool, synchronous: str):
        self._store, self._flush = store, flush
        # a batch commits without a sync when the writer flushes the WAL itself; the connection's own mode after
        self._pragmas = ("PRAGMA synchronous = NORMAL", f"PRAGMA synchronous = {synchronous}") if flush else None
        self._queue: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()

    def submit(self, work: Callable[[Tx], T]) -> T:
        job = _Job(work)
        with self._start_lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name="store-writer", daemon=True)
                self._thread.start()
            self._queue.put(job)
        job.done.wait()
        if job.error is not None:
            raise job.error
        return job.result  # type: ignore[return-value]

    def stop(self) -> None:
        with self._start_lock:
            thread, self._thread = self._thread, None
            if thread is not None and thread.is_alive():
                self._queue.put(None)
        if thread is not None:
            thread.join(timeout=30)

    def _loop(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            batch = [job]
            while len(batch) < MAX_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._queue.put(None)  # stop after this batch
                    break
                batch.append(more)
            try:
                try:
                    self._commit(batch)
                except StoreUnavailable as exc:
                    if "readonly" not in str(exc):
                        raise
                    self._commit(batch)  # a connection opened while the file was read-only: once more on a fresh one
                if self._flush:
                    self._store._flush_wal()
            except StoreUnavailable as exc:
                self._fail(batch, exc)
            except BaseException as exc:  # noqa: BLE001 - every waiter must be woken, whatever happened
                self._fail(batch, StoreUnavailable(f"{type(exc).__name__}: {exc}"))
            for j in batch:
                j.done.set()

    @staticmethod
    def _fail(batch: list[_Job], exc: StoreError) -> None:
        for j in batch:
            j.result, j.error = None, exc

    def _commit(self, batch: list[_Job]) -> None:
        """The batch in one transaction, under the cross-process write lock (not flushed yet)."""
        store = self._store
        with store._writer_lock(), store._connection() as con:
            if self._pragmas:
                con.execute(self._pragmas[0])
            con.execute("BEGIN IMMEDIATE")
            try:
                for job in batch:
                    job.result, job.error = None, None
                    con.execute("SAVEPOINT job")
                    try:
                        job.result = job.work(con)
                    except sqlite3.IntegrityError as exc:
                        con.execute("ROLLBACK TO job")
                        job.error = StoreConflict(str(exc))
                    except sqlite3.Error:
                        raise  # the file or the connection is in trouble: the whole batch fails
                    except Exception as exc:  # noqa: BLE001 - this job's own error (StoreError, a bug): its alone
                        con.execute("ROLLBACK TO job")
                        job.error = exc
                    con.execute("RELEASE job")
                con.execute("COMMIT")
            except BaseException:
                if con.in_transaction:
                    con.execute("ROLLBACK")
                raise
            finally:
                if self._pragmas:  # the pooled connection goes back in the store's own mode
                    con.execute(self._pragmas[1])


class SQLiteStore(Store):
    """The store on one SQLite file."""

    dialect = "sqlite"
    inline_reads = True
    review_summary_sql = "json_extract(review, '$.summary')"
    review_findings_sql = "json_array_length(review, '$.findings')"

    def __init__(self, path: Path | str, *, synchronous: str = "FULL", busy_timeout_ms: int = BUSY_TIMEOUT_MS):
        super().__init__()
        self.path = Path(path)
        self._connections = SQLiteConnections(self.path, synchronous, busy_timeout_ms)
        self._busy_timeout_s = busy_timeout_ms / 1000
        # under FULL (or EXTRA) the writer commits its batches without an fsync and flushes the WAL itself once
        # the write lock is released (see GroupCommit); NORMAL, an operator's choice, flushes at checkpoints only
        self._group = GroupCommit(self, flush=synchronous.upper() in ("FULL", "EXTRA"), synchronous=synchronous)

    def describe(self) -> str:
        return str(self.path)

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        """A pooled connection; any SQLite error closes it and leaves as a store error."""
        try:
            con = self._connections.open()
        except sqlite3.Error as exc:
            raise _unavailable(exc) from exc
        broken = False
        try:
            yield con
        except sqlite3.Error as exc:
            broken = True
            if not isinstance(exc, sqlite3.IntegrityError):
                # the file may have changed under us (made read-only, replaced, disk full): the idle
                # connections were opened before, so none of them is trusted after the fault clears
                self._connections.close()
            raise _unavailable(exc) from exc
        finally:
            self._connections.release(con, broken=broken)

    def _run(self, work: Callable[[Tx], T], begin: str) -> T:
        with self._connection() as con:
            con.execute(begin)
            try:
                result = work(con)
            except BaseException:
                if con.in_transaction:
                    con.execute("ROLLBACK")
                raise
            con.execute("COMMIT")
            return result

    def _read(self, work: Callable[[Tx], T]) -> T:
        return self._run(work, "BEGIN")

    def _transact(self, work: Callable[[Tx], T]) -> T:
        return self._group.submit(work)

    @contextmanager
    def _writer_lock(self) -> Iterator[None]:
        """The exclusive lock that orders the writers of every process on this file (see GroupCommit)."""
        try:
            fd = os.open(f"{self.path}-writelock", os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:  # a read-only directory: SQLite's own locking still keeps the data safe
            yield
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # closing releases the lock

    def _flush_wal(self) -> None:
        """`fdatasync` the WAL: every frame written to it so far, by any process, is on disk afterwards.

        Opened afresh each time, so it is always the file SQLite writes now (a cached descriptor could
        outlive a WAL deleted and recreated). SQLite takes no locks on the WAL file itself (those are on
        the database and the -shm file), so closing this descriptor drops none of its locks."""
        wal = f"{self.path}-wal"
        try:
            fd = os.open(wal, os.O_RDONLY)
        except FileNotFoundError:
            # SQLite deletes the WAL only when the last connection closes, after a checkpoint that syncs
            # the WAL, copies it into the database and syncs the database: the batch is on disk already.
            return
        except OSError as exc:
            raise StoreUnavailable(f"{wal}: {exc.strerror or exc}") from exc
        try:
            os.fdatasync(fd)
        except OSError as exc:
            raise StoreUnavailable(f"{wal}: flushing the write-ahead log failed: {exc.strerror or exc}") from exc
        finally:
            os.close(fd)

    def migrate(self) -> int:
        mode = self._switch_to_wal()
        if mode.lower() != "wal":
            raise StoreError(f"{self.path}: cannot switch to WAL mode (got {mode})")
        self._run(lambda tx: migrations.apply(tx, self.dialect, str(self.path)), "BEGIN IMMEDIATE")
        return self.schema_version()

    def _switch_to_wal(self) -> str:
        """`PRAGMA journal_mode = WAL`, waiting as long as `busy_timeout` for other connections.

        SQLite answers "database is locked" at once, without calling the busy handler, when another
        connection holds the file while a new one switches its journal mode (measured: 1 start in 80 when
        six threads open and migrate a fresh store at once on a loaded machine), so the wait is done here."""
        deadline = time.monotonic() + self._busy_timeout_s
        while True:
            try:
                with self._connection() as con:  # journal_mode cannot change inside a transaction
                    return str(con.execute("PRAGMA journal_mode = WAL").fetchone()[0])
            except StoreUnavailable as exc:
                if "locked" not in str(exc) or time.monotonic() >= deadline:
                    raise
                time.sleep(0.01)

    def integrity_check(self) -> str:
        return self._read(lambda tx: str(tx.execute("PRAGMA integrity_check").fetchone()[0]))

    def close(self) -> None:
        self.flush_key_use()
        self._group.stop()
        self._connections.close()
