"""Export and import of a whole store as JSON Lines: backups, and moving a site between SQLite and PostgreSQL.

The first line names the format and the schema version; every other line is one row,
`{"table": ..., "row": {column: value}}`, tables in an order that respects their references.
JSON columns travel as the text stored (a review comes back byte for byte); ids, `seq`
numbers and timestamps are kept, so cursors and the audit log read the same after a move.
An import goes into a freshly migrated, empty store, in one transaction: all or nothing.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Iterator
from typing import Any

from advisor.store.base import StoreBase, Tx
from advisor.store.migrations import latest_version
from advisor.store.records import StoreError

FORMAT = "platform-advisor-export"
# referenced tables first; `site` last (its bootstrap entry must not block an import of keys)
TABLES = (
    *("tenants", "api_keys", "reviews", "chat_sessions", "chat_turns", "audit_log", "idempotency", "site"),
    *("fleet_systems", "fleet_findings", "fleet_missing", "fleet_rules", "fleet_fields", "fleet_days"),
    "fleet_day_systems",
)
WITH_SEQ = frozenset({"reviews", "chat_sessions", "audit_log"})
KEYED = {"tenants": "id", "site": "name"}  # rows the migration itself may have made: the export's win


class TransferQueries(StoreBase):
    #: how an INSERT gives explicit values to an identity column ("" where it needs no leave)
    identity_override: str = ""

    def export_lines(self) -> Iterator[str]:
        yield json.dumps({"format": FORMAT, "schema_version": self.schema_version()})
        for table in TABLES:
            columns, rows = self._read(functools.partial(_all_rows, table=table))
            for row in rows:
                yield json.dumps({"table": table, "row": dict(zip(columns, row, strict=True))}, ensure_ascii=False)

    def import_lines(self, lines: Iterable[str]) -> dict[str, int]:
        """Rows of an export into this store, which must hold no keys, reviews or sessions yet."""
        items = iter(lines)
        try:
            head = json.loads(next(items))
        except (StopIteration, json.JSONDecodeError) as exc:
            raise StoreError(f"not an export: the first line must name the format ({exc})") from None
        if head.get("format") != FORMAT:
            raise StoreError(f"not an export of this advisor (format {head.get('format')!r})")
        if head.get("schema_version") != latest_version():
            raise StoreError(
                f"the export is at schema version {head.get('schema_version')}, this advisor at {latest_version()}: "
                "export and import with the same version"
            )
        counts: dict[str, int] = {}

        def work(tx: Tx) -> None:
            for table in ("api_keys", "reviews", "chat_sessions"):
                if tx.execute(f"SELECT count(*) FROM {table}").fetchone()[0]:
                    raise StoreError(f"the target store is not empty ({table} has rows): import into a new one")
            for n, line in enumerate(items, start=2):
                if not line.strip():
                    continue
                try:
                    item = json.loads(line)
                    table, row = item["table"], item["row"]
                except (json.JSONDecodeError, KeyError, TypeError) as exc:
                    raise StoreError(f"line {n}: not a row of an export ({exc})") from None
                if table not in TABLES or not isinstance(row, dict) or not row:
                    raise StoreError(f"line {n}: unknown table {table!r}")
                _insert(tx, table, row, self.identity_override if table in WITH_SEQ else "")
                counts[table] = counts.get(table, 0) + 1
            self._after_import(tx)

        self._write(work)
        return counts

    def _after_import(self, tx: Tx) -> None:
        """Let new rows continue after the imported `seq` numbers (PostgreSQL's identity sequences)."""

    def table_counts(self) -> dict[str, int]:
        return self._read(lambda tx: {t: int(tx.execute(f"SELECT count(*) FROM {t}").fetchone()[0]) for t in TABLES})


def _all_rows(tx: Tx, table: str) -> tuple[list[str], list[Any]]:
    order = "seq" if table in WITH_SEQ else "1"
    cur = tx.execute(f"SELECT * FROM {table} ORDER BY {order}")
    columns = [d[0] for d in cur.description]  # type: ignore[attr-defined]
    return columns, cur.fetchall()


def _insert(tx: Tx, table: str, row: dict[str, Any], override: str) -> None:
    columns = list(row)
    if any(not c.replace("_", "").isalnum() for c in columns):
        raise StoreError(f"{table}: bad column name in {columns}")
    sql = f"INSERT INTO {table} ({', '.join(columns)}){override} VALUES ({', '.join('?' * len(columns))})"
    if table in KEYED:
        updates = ", ".join(f"{c} = excluded.{c}" for c in columns if c != KEYED[table])
        sql += f" ON CONFLICT ({KEYED[table]}) DO UPDATE SET {updates}"
    tx.execute(sql, [row[c] for c in columns])
