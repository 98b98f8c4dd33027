"""The store interface: what every implementation provides, and the hooks the queries run on.

The queries are written once, per concern (reviews.py, chat.py, keys.py, audit.py), against
two hooks an implementation supplies: `_read(work)` runs `work(tx)` on a consistent snapshot,
`_transact(work)` runs it inside one committed transaction, which the queries call as `_write`
(when `_write` returns, the data is durable: a 201 means committed). `tx.execute(sql, args)`
takes `?` placeholders in both dialects. A new concern is a new mixin module added to `Store`'s bases; an implementation
only differs in connections, transactions, error mapping and the few dialect fragments below.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

from advisor.store.records import Principal, StoreUnavailable, utc_now

T = TypeVar("T")
WRITE_FAILURE_HOLD = 30.0  # seconds a failed write keeps the store unready, unless a write succeeds


def scope(who: Principal) -> tuple[str, list[Any]]:
    """The WHERE condition that keeps a query inside the principal's tenant (none for the operator)."""
    if who.tenant is None:
        return "1 = 1", []
    return "tenant_id = ?", [who.tenant]


class Cursor(Protocol):
    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...


class Tx(Protocol):
    """One open transaction (or snapshot) of an implementation; placeholders are `?`."""

    def execute(self, sql: str, args: Sequence[Any] = (), /) -> Cursor: ...

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]], /) -> Any: ...


class StoreBase(ABC):
    #: "sqlite" or "postgres": which statements of a migration apply
    dialect: str
    #: SQL for a review row's summary object (JSON text) and number of findings
    review_summary_sql: str
    review_findings_sql: str
    #: a read is a local lookup of microseconds that never waits for a writer (SQLite in WAL mode), so a
    #: caller on an event loop may run it in place; False where a read is a network round trip
    inline_reads: bool = False

    @abstractmethod
    def _read(self, work: Callable[[Tx], T]) -> T:
        """`work(tx)` on one snapshot (several statements agree with each other)."""

    def _read_row(self, sql: str, args: Sequence[Any] = ()) -> Any:
        """The first row of one statement, or None: `_read` of that one statement, which an implementation
        may run more cheaply (one statement sees one snapshot without a transaction around it)."""
        return self._read(lambda tx: tx.execute(sql, args).fetchone())

    @abstractmethod
    def _transact(self, work: Callable[[Tx], T]) -> T:
        """`work(tx)` in one transaction, committed durably before this returns; rolled back if it raises."""

    #: the last write that failed because the store could not write, and when (time.monotonic)
    _write_failure: tuple[float, str] | None = None

    def _write(self, work: Callable[[Tx], T]) -> T:
        """`_transact`, remembering whether the store could write (for readiness)."""
        try:
            result = self._transact(work)
        except StoreUnavailable as exc:
            self._write_failure = (time.monotonic(), str(exc))
            raise
        self._write_failure = None
        return result

    @abstractmethod
    def migrate(self) -> int:
        """Bring the schema to the latest version (safe when several processes start at once)."""

    @abstractmethod
    def close(self) -> None:
        """Release every connection; the store may be used again afterwards (it reconnects)."""

    @abstractmethod
    def describe(self) -> str:
        """Where the data lives, for messages (a file path or a URL without its password)."""

    def schema_version(self) -> int:
        return self._read(lambda tx: tx.execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchone()[0])

    def probe_write(self) -> None:
        """Raise StoreUnavailable when the store cannot write now (read-only, full, down).

        A write that failed in the last `WRITE_FAILURE_HOLD` seconds, with none succeeding
        since, counts: on a full disk a small write may still fit where a review does not.
        Otherwise one small durable write decides."""
        failure = self._write_failure
        if failure is not None and time.monotonic() - failure[0] < WRITE_FAILURE_HOLD:
            raise StoreUnavailable(failure[1])
        now = utc_now()
        self._write(
            lambda tx: tx.execute(
                "INSERT INTO site (name, value) VALUES ('probe', ?) ON CONFLICT (name) DO UPDATE SET value = ?",
                (now, now),
            )
        )
