"""The audit log: every write, with who, when, what and from where, in the same transaction as the write."""

from __future__ import annotations

import json

from advisor.store.base import StoreBase, Tx, scope
from advisor.store.records import AuditEntry, Principal, utc_now

_COLUMNS = "seq, at, actor, api_key_id, action, object_id, detail, tenant_id, source"


def record_audit(
    tx: Tx,
    who: Principal,
    action: str,
    object_id: str | None,
    detail: dict | None,
    at: str,
    tenant: str | None = None,
) -> None:
    """One entry, in the tenant acted on (`tenant`, else the principal's)."""
    tx.execute(
        "INSERT INTO audit_log (at, actor, api_key_id, action, object_id, detail, tenant_id, source) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            at,
            who.actor,
            who.key_id,
            action,
            object_id,
            json.dumps(detail) if detail is not None else None,
            tenant or who.tenant,
            who.source,
        ),
    )


class AuditQueries(StoreBase):
    def audit(self, who: Principal, action: str, object_id: str | None = None, detail: dict | None = None) -> None:
        """An entry on its own (a write that stores nothing else, e.g. a console sign-in)."""
        self._write(lambda tx: record_audit(tx, who, action, object_id, detail, utc_now()))

    def audit_entries(self, who: Principal, limit: int = 100, before_seq: int | None = None) -> list[AuditEntry]:
        """Newest first, of the principal's tenant (every tenant for the operator)."""
        where, args = scope(who)
        if before_seq is not None:
            where += " AND seq < ?"
            args.append(before_seq)
        rows = self._read(
            lambda tx: tx.execute(
                f"SELECT {_COLUMNS} FROM audit_log WHERE {where} ORDER BY seq DESC LIMIT ?", (*args, limit)
            ).fetchall()
        )
        return [
            AuditEntry(r[0], r[1], r[2], r[3], r[4], r[5], json.loads(r[6]) if r[6] else None, r[7], r[8]) for r in rows
        ]
