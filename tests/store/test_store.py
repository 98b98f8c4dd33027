"""The store interface on both implementations (the `store` fixture runs each test on SQLite and PostgreSQL):
migrations, keys stored as hashes, tenants and roles, the audit log, Idempotency-Key records."""

from __future__ import annotations

import threading

import pytest

from advisor.store import (
    Principal,
    Replay,
    StoreConflict,
    StoreError,
    hash_key,
    latest_version,
    migrations,
    open_store,
    split_key,
)
from tests.support.store import OPERATOR, sql

LATEST_VERSION = latest_version()
_FINDING = '{"rule_id": "AME-001", "severity": "high", "score": 76.0}'


def review(store, who, review_id="rv_1", target="t"):
    store.add_review(
        who,
        review_id=review_id,
        target=target,
        kind="aix-lpar",
        document_json='{"a": 1}',
        review_json='{"summary": {"high": 2}, "findings": [' + ", ".join([_FINDING] * 2) + "]}",
        rulebook_version="v",
        created_at="2026-01-01T00:00:00.000Z",
    )


def test_migrate_creates_the_schema_once(store):
    assert store.migrate() == LATEST_VERSION  # again: idempotent
    assert sql(store, "SELECT count(*) FROM schema_version")[0][0] == len(migrations.MIGRATIONS)
    for table in ("reviews", "api_keys", "audit_log", "chat_sessions", "chat_turns", "tenants", "idempotency"):
        assert sql(store, f"SELECT count(*) FROM {table}")[0][0] >= 0
    assert sql(store, "SELECT id FROM tenants") == [("default",)]


def test_foreign_keys_are_enforced(store):
    with pytest.raises(StoreConflict):
        review(store, Principal("default", "submitter", "t", "no-such-key"))
    assert store.count_reviews(OPERATOR) == 0 and store.audit_entries(OPERATOR) == []  # the audit entry rolled back


def test_a_newer_database_is_refused(store):
    sql(store, "INSERT INTO schema_version VALUES (?, 'from the future', 'now')", LATEST_VERSION + 1)
    with pytest.raises(StoreError, match="newer than this advisor"):
        store.migrate()


def test_a_later_migration_applies_on_top(store, monkeypatch):
    store.create_key(OPERATOR, "k")
    table = "CREATE TABLE later_things (id TEXT PRIMARY KEY, api_key_id TEXT REFERENCES api_keys(id), created_at TEXT)"
    future = migrations.Migration(LATEST_VERSION + 1, "a later feature", sqlite=(table,), postgres=(table,))
    monkeypatch.setattr(migrations, "MIGRATIONS", (*migrations.MIGRATIONS, future))
    assert store.migrate() == future.version
    assert len(store.list_keys(OPERATOR)) == 1  # data kept


def test_concurrent_migrations_from_threads(tmp_path, database_url):
    errors: list[Exception] = []

    def run():
        s = open_store(tmp_path / "m.db", url=database_url)
        try:
            s.migrate()
        except Exception as exc:  # noqa: BLE001
            errors.append(exc)
        finally:
            s.close()

    threads = [threading.Thread(target=run) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    s = open_store(tmp_path / "m.db", url=database_url)
    assert not errors and s.schema_version() == LATEST_VERSION
    assert sql(s, "SELECT count(*) FROM tenants")[0][0] == 1  # migration 3 ran once
    s.close()


def test_keys_are_stored_only_as_hashes(store):
    record, key = store.create_key(OPERATOR, "ci")
    assert key.startswith(f"pa_{record.id}_") and split_key(key) == record.id and len(key) > 40
    assert sql(store, "SELECT hash FROM api_keys WHERE id = ?", record.id) == [(hash_key(key),)]
    assert (record.tenant, record.role) == ("default", "submitter")  # the defaults


def test_authenticate_and_last_used(store):
    record, key = store.create_key(OPERATOR, "ci")
    assert store.list_keys(OPERATOR)[0].last_used_at is None
    assert store.authenticate(key).id == record.id
    assert store.list_keys(OPERATOR)[0].last_used_at is not None  # the batch is written when keys are listed
    assert store.authenticate(key + "x") is None
    assert store.authenticate("pa_" + record.id + "_wrong") is None
    assert store.authenticate("") is None and store.authenticate("pa_zz_x") is None


def test_names_identify_one_active_key(store):
    store.create_key(OPERATOR, "ci")
    with pytest.raises(StoreError, match="active key named"):
        store.create_key(OPERATOR, "ci")
    store.revoke_key(OPERATOR, "ci")
    store.create_key(OPERATOR, "ci")  # a revoked name may be reused
    with pytest.raises(StoreError, match="1 to 64"):
        store.create_key(OPERATOR, "  ")
    with pytest.raises(StoreError, match="unknown role"):
        store.create_key(OPERATOR, "x", role="root")
    with pytest.raises(StoreError, match="tenant name"):
        store.create_key(OPERATOR, "x", tenant="Team A")


def test_revoke_by_id_and_twice(store):
    record, key = store.create_key(OPERATOR, "ci")
    revoked = store.revoke_key(OPERATOR, record.id)
    assert revoked.revoked_at and not store.authenticate(key).active
    with pytest.raises(StoreError, match="already revoked"):
        store.revoke_key(OPERATOR, record.id)
    with pytest.raises(StoreError, match="no key"):
        store.revoke_key(OPERATOR, "nobody")


def test_audit_log_records_key_management(store):
    record, _ = store.create_key(Principal.operator("alice"), "ci")
    store.revoke_key(Principal.operator("bob"), "ci")
    entries = store.audit_entries(OPERATOR)
    assert [(e.actor, e.action, e.object_id, e.tenant) for e in entries] == [
        ("cli:bob", "key.revoke", record.id, "default"),
        ("cli:alice", "key.create", record.id, "default"),
    ]


def test_tenants_see_only_their_own(store):
    a_admin = store.create_key(OPERATOR, "a-admin", tenant="team-a", role="admin")[0].principal("10.0.0.1")
    b_admin = store.create_key(OPERATOR, "b-admin", tenant="team-b", role="admin")[0].principal("10.0.0.2")
    review(store, a_admin, "rv_a", "lpar1")
    review(store, b_admin, "rv_b", "lpar1")
    assert store.get_review(a_admin, "rv_a") is not None and store.get_review(a_admin, "rv_b") is None
    assert store.get_document(b_admin, "rv_a") is None
    assert [r.id for r in store.list_reviews(a_admin)] == ["rv_a"]
    assert [r.id for r in store.list_reviews(b_admin, target="lpar1")] == ["rv_b"]
    assert store.count_reviews(a_admin) == 1 and store.count_reviews(OPERATOR) == 2
    # keys: an admin sees, makes and revokes only its own tenant's
    assert {k.tenant for k in store.list_keys(a_admin)} == {"team-a"}
    with pytest.raises(StoreError, match="only an admin"):
        store.create_key(a_admin, "sneaky", tenant="team-b")
    with pytest.raises(StoreError, match="no key"):
        store.revoke_key(a_admin, "b-admin")
    submitter = store.create_key(a_admin, "a-bot")[0]
    assert submitter.tenant == "team-a"
    with pytest.raises(StoreError, match="only an admin"):
        store.create_key(submitter.principal(), "x")
    # the audit log: per tenant, with who and from where
    a_log = store.audit_entries(a_admin)
    assert {e.tenant for e in a_log} == {"team-a"} and "rv_b" not in {e.object_id for e in a_log}
    assert [(e.action, e.source) for e in a_log][:2] == [("key.create", "10.0.0.1"), ("review.create", "10.0.0.1")]


def test_bootstrap_admin_once_per_site(store):
    first = store.bootstrap_admin(OPERATOR)
    assert first is not None and (first[0].role, first[0].tenant) == ("admin", "default")
    store.revoke_key(OPERATOR, first[0].id)
    assert store.bootstrap_admin(OPERATOR) is None


def test_idempotency_records_are_per_key(store):
    a = store.create_key(OPERATOR, "a", tenant="team-a")[0].principal()
    a2 = store.create_key(OPERATOR, "a2", tenant="team-a")[0].principal()
    store.add_review(
        a,
        review_id="rv_1",
        target="t",
        kind="k",
        document_json="{}",
        review_json='{"findings": []}',
        rulebook_version="v",
        created_at="now",
        replay=Replay("k1", "h", 201, '{"x": 1}', "/v1/reviews/rv_1"),
    )
    stored = store.stored_response(a, "k1")
    assert stored and (stored.status, stored.body, stored.location) == (201, '{"x": 1}', "/v1/reviews/rv_1")
    assert store.stored_response(a2, "k1") is None  # another key's records are not visible
    with pytest.raises(StoreConflict):  # the same key again: the whole write is refused
        store.add_review(
            a,
            review_id="rv_2",
            target="t",
            kind="k",
            document_json="{}",
            review_json='{"findings": []}',
            rulebook_version="v",
            created_at="now",
            replay=Replay("k1", "h", 201, "{}"),
        )
    assert store.get_review(a, "rv_2") is None
