"""The audit log: every write, with who, when and what, in the same transaction as the write."""

from __future__ import annotations

import json

from advisor.store.base import StoreBase, Tx
from advisor.store.records import AuditEntry, utc_now


def record_audit(
    tx: Tx,
    actor: str,
    action: str,
    object_id: str | None,
    detail: dict | None,
    api_key_id: str | None,
    at: str,
) -> None:
    tx.execute(
        "INSERT INTO audit_log (at, actor, api_key_id, action, object_id, detail) VALUES (?, ?, ?, ?, ?, ?)",
        (at, actor, api_key_id, action, object_id, json.dumps(detail) if detail is not None else None),
    )


class AuditQueries(StoreBase):
    def audit(
        self,
        actor: str,
        action: str,
        object_id: str | None = None,
        detail: dict | None = None,
        api_key_id: str | None = None,
    ) -> None:
        self._write(lambda tx: record_audit(tx, actor, action, object_id, detail, api_key_id, utc_now()))

    def audit_entries(self, limit: int = 100) -> list[AuditEntry]:
        rows = self._read(
            lambda tx: tx.execute(
                "SELECT seq, at, actor, api_key_id, action, object_id, detail FROM audit_log ORDER BY seq DESC LIMIT ?",
                (limit,),
            ).fetchall()
        )
        return [AuditEntry(r[0], r[1], r[2], r[3], r[4], r[5], json.loads(r[6]) if r[6] else None) for r in rows]
