"""The PostgreSQL store, for sites that run several API replicas on one database server.

Chosen by `ADVISOR_DATABASE_URL=postgresql://...`. The queries are the same as SQLite's
(interface.py); what differs lives here:

* Connections come from psycopg_pool's `ConnectionPool`, checked before each use (`_alive`:
  a look at the socket, no round trip), so after a database restart the dead connections are
  replaced and requests recover without a restart of the API. While the database is down, a
  request waits at most `timeout` seconds for a connection and then answers 503 with Retry-After.
* A write is one transaction at READ COMMITTED, committed before `_write` returns (with
  PostgreSQL's default `synchronous_commit=on` the commit is on disk: a 201 means committed).
  Every transaction runs in psycopg's pipeline mode: a review's dozen statements and its
  COMMIT take three round trips instead of about fifteen (two statements' results are read on
  the way), and a one-statement read two instead of five; under load, waiting for the API
  process between statements was most of the time a transaction held its row locks.
  The chat turn's compare-and-set UPDATE re-checks its condition after waiting for a
  concurrent turn, so one of two turns wins, as on SQLite.
* A read is one REPEATABLE READ, READ ONLY transaction: its statements see one snapshot. The
  level goes in the BEGIN itself (psycopg's `isolation_level` and `read_only`).
* Migrations take a transaction-scoped advisory lock, so replicas starting together apply
  them once.
* JSON columns are of type `json`, which validates and keeps the text as written; they are
  read back as text, so a stored review is served byte for byte.
"""

from __future__ import annotations

import functools
import random
import select
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import psycopg
from psycopg.conninfo import conninfo_to_dict
from psycopg.types.string import TextLoader
from psycopg_pool import ConnectionPool, PoolTimeout

from advisor.store import migrations
from advisor.store.base import Cursor, Tx
from advisor.store.interface import Store
from advisor.store.records import StoreConflict, StoreError, StoreUnavailable

T = TypeVar("T")
MIGRATION_LOCK = 0x61647669  # pg_advisory_xact_lock key for migrations ("advi")
ATTEMPTS = 4  # runs of one transaction that keeps meeting deadlocks or serialisation failures
BACKOFF_S = 0.02  # the pause before run n+1 is random in [0, n * BACKOFF_S), so the rivals spread out
RETRYABLE = (psycopg.errors.DeadlockDetected, psycopg.errors.SerializationFailure)


@functools.lru_cache(maxsize=512)
def _pg(sql: str) -> str:
    """`?` placeholders to psycopg's `%s` (a literal % doubled)."""
    return sql.replace("%", "%%").replace("?", "%s")


class _PgTx:
    """The Tx protocol over a psycopg connection in pipeline mode: each statement gets a cursor of its own,
    so every result stays readable, and `rowcount` first waits for the statement's answer."""

    def __init__(self, conn: psycopg.Connection, cur: psycopg.Cursor, pipeline: psycopg.Pipeline):
        self._conn, self._cur, self._pipeline = conn, cur, pipeline

    def execute(self, sql: str, args: Sequence[Any] = (), /) -> Cursor:
        cur = self._conn.cursor()
        cur.execute(_pg(sql), tuple(args))
        return _PipelinedResult(cur, self._pipeline)

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]], /) -> None:
        self._cur.executemany(_pg(sql), [tuple(r) for r in rows])


class _PipelinedResult:
    """A statement's result in a pipeline: fetching waits for it (psycopg does), and so do `rowcount` and
    `description`."""

    def __init__(self, cur: psycopg.Cursor, pipeline: psycopg.Pipeline):
        self._cur, self._pipeline = cur, pipeline

    @property
    def rowcount(self) -> int:
        self._pipeline.sync()
        return self._cur.rowcount

    @property
    def description(self) -> Any:
        self._pipeline.sync()
        return self._cur.description

    def fetchone(self) -> Any:
        return self._cur.fetchone()

    def fetchall(self) -> list[Any]:
        return self._cur.fetchall()


def _alive(conn: psycopg.Connection) -> None:
    """The pool's check before lending a connection, without a round trip: an idle connection has nothing to
    read, so a readable socket means the server said something (a restart's FATAL, a close): then the real
    check, which raises for a dead connection and the pool replaces it."""
    if select.select([conn.fileno()], [], [], 0)[0]:
        ConnectionPool.check_connection(conn)


def _store_error(exc: Exception) -> StoreError:
    if isinstance(exc, psycopg.errors.IntegrityError):
        return StoreConflict(str(exc).strip())
    if isinstance(exc, PoolTimeout):
        return StoreUnavailable(f"no database connection: {exc}")
    return StoreUnavailable(str(exc).strip() or type(exc).__name__)


def _configure(conn: psycopg.Connection) -> None:
    for name in ("json", "jsonb"):
        conn.adapters.register_loader(name, TextLoader)


class PostgresStore(Store):
    dialect = "postgres"
    review_summary_sql = "(review -> 'summary')::text"
    review_findings_sql = "json_array_length(review -> 'findings')"
    identity_override = " OVERRIDING SYSTEM VALUE"

    def __init__(self, url: str, *, min_size: int = 1, max_size: int = 10, timeout: float = 5.0):
        super().__init__()
        self.url = url
        self._pool = ConnectionPool(
            url,
            min_size=min_size,
            max_size=max_size,
            timeout=timeout,
            open=False,
            configure=_configure,
            check=_alive,
            kwargs={"connect_timeout": max(2, int(timeout))},
            name="advisor",
        )
        self._opened = False
        self.retried = 0  # transactions run again after a deadlock or serialisation failure (for tests)

    def describe(self) -> str:
        try:
            parts = conninfo_to_dict(self.url)
        except psycopg.ProgrammingError:
            return "postgresql://(unparsable URL)"
        host, port, db = parts.get("host") or "", str(parts.get("port") or ""), parts.get("dbname") or ""
        user = str(parts.get("user") or "")
        return f"postgresql://{user + '@' if user else ''}{host}{':' + port if port else ''}/{db}"

    def _open(self) -> None:
        if not self._opened:
            self._pool.open(wait=False)
            self._opened = True

    def _run(self, work: Callable[[Tx], T], read_only: bool) -> T:
        self._open()
        for attempt in range(1, ATTEMPTS + 1):
            try:
                with self._pool.connection() as conn:
                    # the BEGIN psycopg sends carries the level: no SET TRANSACTION round trip
                    conn.autocommit = False
                    conn.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ if read_only else None
                    conn.read_only = read_only or None
                    # Pipeline mode: the statements go out without waiting for each answer, and the COMMIT with
                    # the rest; only a statement whose result is read waits (a round trip). An error raises
                    # here and the pool's block rolls the whole transaction back.
                    with conn.pipeline() as pipeline, conn.cursor() as cur:
                        result = work(_PgTx(conn, cur, pipeline))
                        conn.commit()
                    return result
            except RETRYABLE as exc:
                if attempt == ATTEMPTS:
                    raise _store_error(exc) from exc
                self.retried += 1
                time.sleep(random.uniform(0, attempt * BACKOFF_S))
            except (psycopg.Error, PoolTimeout) as exc:
                raise _store_error(exc) from exc
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _read(self, work: Callable[[Tx], T]) -> T:
        return self._run(work, read_only=True)

    def _read_row(self, sql: str, args: Sequence[Any] = ()) -> Any:
        """One statement in autocommit: no BEGIN and COMMIT around it, one round trip (the key lookup of
        every request)."""
        self._open()
        try:
            with self._pool.connection() as conn:
                conn.autocommit = True  # each use of a pooled connection sets the mode it needs
                return conn.execute(_pg(sql), tuple(args)).fetchone()
        except (psycopg.Error, PoolTimeout) as exc:
            raise _store_error(exc) from exc

    def _transact(self, work: Callable[[Tx], T]) -> T:
        return self._run(work, read_only=False)

    def migrate(self) -> int:
        def work(tx: Tx) -> None:
            tx.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
            migrations.apply(tx, self.dialect, self.describe())

        self._write(work)
        return self.schema_version()

    def _after_import(self, tx: Tx) -> None:
        for table in ("reviews", "chat_sessions", "audit_log"):
            sequence = f"pg_get_serial_sequence('{table}', 'seq')"
            tx.execute(f"SELECT setval({sequence}, coalesce(max(seq), 0) + 1, false) FROM {table}")

    def integrity_check(self) -> str:
        """PostgreSQL checks its pages itself; this confirms the server answers and the tables read."""
        self._read(lambda tx: tx.execute("SELECT count(*) FROM reviews").fetchone())
        return "ok"

    def close(self) -> None:
        self.flush_key_use()
        if self._opened:
            self._pool.close()
            self._opened = False
