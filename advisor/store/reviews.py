"""Reviews: stored with their audit entry in one transaction; listed newest first by keyset."""

from __future__ import annotations

import json
from typing import Any

from advisor.store.audit import record_audit
from advisor.store.base import StoreBase, Tx
from advisor.store.fleet import record_review
from advisor.store.records import StoredReview


class ReviewQueries(StoreBase):
    def add_review(
        self,
        *,
        review_id: str,
        target: str,
        kind: str,
        document_json: str,
        review_json: str,
        rulebook_version: str,
        created_at: str,
        api_key_id: str | None,
        actor: str,
    ) -> None:
        """Store a review, its audit entry and the fleet tables' update in one transaction: all or nothing."""

        def work(tx: Tx) -> None:
            tx.execute(
                "INSERT INTO reviews (id, target, kind, document, review, rulebook_version, created_at, "
                "api_key_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (review_id, target, kind, document_json, review_json, rulebook_version, created_at, api_key_id),
            )
            record_review(
                tx,
                review_id=review_id,
                target=target,
                kind=kind,
                review=json.loads(review_json),  # not orjson: derived figures may exceed 64 bits
                created_at=created_at,
            )
            detail = {"target": target, "kind": kind}
            record_audit(tx, actor, "review.create", review_id, detail, api_key_id, created_at)

        self._write(work)

    def get_review(self, review_id: str) -> StoredReview | None:
        row = self._read(
            lambda tx: tx.execute(
                "SELECT seq, id, target, kind, created_at, rulebook_version, review FROM reviews WHERE id = ?",
                (review_id,),
            ).fetchone()
        )
        return StoredReview(*row) if row else None

    def get_document(self, review_id: str) -> Any | None:
        row = self._read(lambda tx: tx.execute("SELECT document FROM reviews WHERE id = ?", (review_id,)).fetchone())
        return json.loads(row[0]) if row else None

    def list_reviews(
        self, *, target: str | None = None, limit: int = 20, before_seq: int | None = None
    ) -> list[StoredReview]:
        """Newest first; `before_seq` continues after the last row of the previous page (stable under inserts)."""
        where: list[str] = []
        args: list[Any] = []
        if target is not None:
            where.append("target = ?")
            args.append(target)
        if before_seq is not None:
            where.append("seq < ?")
            args.append(before_seq)
        sql = (
            f"SELECT seq, id, target, kind, created_at, rulebook_version, {self.review_summary_sql}, "
            f"{self.review_findings_sql} FROM reviews"
        )
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY seq DESC LIMIT ?"
        rows = self._read(lambda tx: tx.execute(sql, (*args, limit)).fetchall())
        return [
            StoredReview(seq, rid, tgt, kind, at, rb, None, json.loads(summary) if summary else {}, n)
            for seq, rid, tgt, kind, at, rb, summary, n in rows
        ]

    def count_reviews(self) -> int:
        return self._read(lambda tx: tx.execute("SELECT count(*) FROM reviews").fetchone()[0])
