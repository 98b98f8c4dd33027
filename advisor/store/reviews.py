"""Reviews: stored with their audit entry in one transaction; listed newest first by keyset; per tenant."""

from __future__ import annotations

import json
from typing import Any

from advisor.store.audit import record_audit
from advisor.store.base import StoreBase, Tx, scope
from advisor.store.fleet import record_review
from advisor.store.idempotency import Replay, remember
from advisor.store.records import Principal, StoredReview, StoreError


class ReviewQueries(StoreBase):
    def add_review(
        self,
        who: Principal,
        *,
        review_id: str,
        target: str,
        kind: str,
        document_json: str,
        review_json: str,
        rulebook_version: str,
        created_at: str,
        replay: Replay | None = None,
    ) -> None:
        """Store a review, its audit entry, the fleet tables' update and (with an Idempotency-Key) the
        response in one transaction: all or nothing. The fleet tables are kept per tenant, like the review."""

        tenant = who.tenant
        if tenant is None:
            raise StoreError("a review belongs to a tenant: store it with a tenant's key, not as the operator")
        parsed = json.loads(review_json)  # before the transaction; not orjson: derived figures may exceed 64 bits

        def work(tx: Tx) -> None:
            tx.execute(
                "INSERT INTO reviews (id, target, kind, document, review, rulebook_version, created_at, "
                "api_key_id, tenant_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    review_id,
                    target,
                    kind,
                    document_json,
                    review_json,
                    rulebook_version,
                    created_at,
                    who.key_id,
                    tenant,
                ),
            )
            record_review(
                tx,
                tenant=tenant,
                review_id=review_id,
                target=target,
                kind=kind,
                review=parsed,
                created_at=created_at,
            )
            record_audit(tx, who, "review.create", review_id, {"target": target, "kind": kind}, created_at)
            if replay is not None:
                remember(tx, who, replay, created_at)

        self._write(work)

    def get_review(self, who: Principal, review_id: str) -> StoredReview | None:
        """The review when it is the principal's tenant's; None otherwise (a foreign id is not found)."""
        where, args = scope(who)
        row = self._read_row(
            f"SELECT seq, id, target, kind, created_at, rulebook_version, review FROM reviews WHERE id = ? AND {where}",
            (review_id, *args),
        )
        return StoredReview(*row) if row else None

    def get_document(self, who: Principal, review_id: str) -> Any | None:
        where, args = scope(who)
        row = self._read(
            lambda tx: tx.execute(
                f"SELECT document FROM reviews WHERE id = ? AND {where}", (review_id, *args)
            ).fetchone()
        )
        return json.loads(row[0]) if row else None

    def list_reviews(
        self, who: Principal, *, target: str | None = None, limit: int = 20, before_seq: int | None = None
    ) -> list[StoredReview]:
        """Newest first; `before_seq` continues after the last row of the previous page (stable under inserts)."""
        where, args = scope(who)
        if target is not None:
            where += " AND target = ?"
            args.append(target)
        if before_seq is not None:
            where += " AND seq < ?"
            args.append(before_seq)
        sql = (
            f"SELECT seq, id, target, kind, created_at, rulebook_version, {self.review_summary_sql}, "
            f"{self.review_findings_sql} FROM reviews WHERE {where} ORDER BY seq DESC LIMIT ?"
        )
        rows = self._read(lambda tx: tx.execute(sql, (*args, limit)).fetchall())
        return [
            StoredReview(seq, rid, tgt, kind, at, rb, None, json.loads(summary) if summary else {}, n)
            for seq, rid, tgt, kind, at, rb, summary, n in rows
        ]

    def count_reviews(self, who: Principal) -> int:
        where, args = scope(who)
        return self._read(lambda tx: tx.execute(f"SELECT count(*) FROM reviews WHERE {where}", args).fetchone()[0])
