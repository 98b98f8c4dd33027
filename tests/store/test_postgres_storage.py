"""How PostgreSQL stores a review (migration 6): the large JSON compressed with lz4 and kept in the row, not in
the TOAST table; served back byte for byte; and the key lookup answered without a transaction around it."""

from __future__ import annotations

import json

from advisor.store import Principal
from advisor.store.postgres import PostgresStore


def _review_json(n: int) -> str:
    """A review-shaped JSON of about `n` bytes that compresses the way a real one does (repeated keys)."""
    findings = [{"rule_id": f"R-{i:03d}", "severity": "high", "score": 7.5, "target": "lpar1"} for i in range(n // 80)]
    return json.dumps({"summary": {"high": len(findings)}, "findings": findings, "not_assessed": []})


def test_a_large_review_is_lz4_compressed_in_its_row_and_read_back_byte_for_byte(postgres_server):
    store = PostgresStore(postgres_server.new_schema())
    try:
        store.migrate()
        operator = Principal.operator()
        record, key = store.create_key(operator, "k", tenant="default", role="submitter")
        who = Principal(record.tenant, record.role, record.name, record.id)
        review = _review_json(11_000)
        store.add_review(
            who,
            review_id="rv_0123456789abcdef0123",
            target="lpar1",
            kind="aix-lpar",
            document_json='{"name": "lpar1"}',
            review_json=review,
            rulebook_version="1",
            created_at="2026-11-24T00:00:00.000Z",
        )
        compression, toast_bytes = store._read_row(
            "SELECT pg_column_compression(review), "
            "pg_relation_size((SELECT reltoastrelid FROM pg_class WHERE oid = 'reviews'::regclass)) FROM reviews"
        )
        # lz4 where the server has it (Debian's and the official images do); never pglz's cost otherwise
        (has_lz4,) = store._read_row(
            "SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'"
        )
        assert compression == ("lz4" if has_lz4 else "pglz")
        assert toast_bytes == 0  # compressed to well under 8 KB: kept in the row
        stored = store.get_review(who, "rv_0123456789abcdef0123")
        assert stored is not None and stored.review_json == review
        assert store.authenticate(key) is not None and store.authenticate(key + "x") is None
    finally:
        store.close()
