"""The store (advisor/store/): migrations, pragmas, keys stored as hashes, audit log."""

from __future__ import annotations

import sqlite3
import threading

import pytest

from advisor.store import SQLiteStore as Store
from advisor.store import StoreConflict, StoreError, default_db_path, hash_key, latest_version, migrations, split_key
from advisor.store import sqlite as sqlite_module
from tests.support.store import sql

LATEST_VERSION = latest_version()


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "s.db")
    s.migrate()
    yield s
    s.close()


def test_migrate_creates_the_schema_once(tmp_path):
    s = Store(tmp_path / "s.db")
    assert s.migrate() == LATEST_VERSION
    assert s.migrate() == LATEST_VERSION  # idempotent
    con = sqlite3.connect(tmp_path / "s.db")
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"schema_version", "reviews", "api_keys", "audit_log", "chat_sessions", "chat_turns"} <= tables
    assert con.execute("SELECT count(*) FROM schema_version").fetchone()[0] == len(migrations.MIGRATIONS)
    s.close()


def test_pragmas(store):
    assert sql(store, "PRAGMA journal_mode")[0][0] == "wal"
    assert sql(store, "PRAGMA foreign_keys")[0][0] == 1
    assert sql(store, "PRAGMA busy_timeout")[0][0] == sqlite_module.BUSY_TIMEOUT_MS
    assert sql(store, "PRAGMA synchronous")[0][0] == 2  # FULL


def test_foreign_keys_are_enforced(store):
    with pytest.raises(StoreConflict):
        store.add_review(
            review_id="rv_1",
            target="t",
            kind="aix-lpar",
            document_json="{}",
            review_json="{}",
            rulebook_version="v",
            created_at="now",
            api_key_id="no-such-key",
            actor="t",
        )
    assert store.count_reviews() == 0 and store.audit_entries() == []  # the audit entry rolled back too


def test_a_newer_database_is_refused(tmp_path):
    s = Store(tmp_path / "s.db")
    s.migrate()
    sql(s, "INSERT INTO schema_version VALUES (?, 'from the future', 'now')", LATEST_VERSION + 1)
    with pytest.raises(StoreError, match="newer than this advisor"):
        s.migrate()
    s.close()


def test_a_later_migration_applies_on_top(tmp_path, monkeypatch):
    s = Store(tmp_path / "s.db")
    s.migrate()
    s.create_key("k", actor="t")
    table = "CREATE TABLE later_things (id TEXT PRIMARY KEY, api_key_id TEXT REFERENCES api_keys(id), created_at TEXT)"
    future = migrations.Migration(LATEST_VERSION + 1, "a later feature", sqlite=(table,), postgres=(table,))
    monkeypatch.setattr(migrations, "MIGRATIONS", (*migrations.MIGRATIONS, future))
    assert s.migrate() == future.version
    assert len(s.list_keys()) == 1  # data kept
    s.close()


def test_concurrent_migrations_from_threads(tmp_path):
    errors = []

    def run():
        s = Store(tmp_path / "s.db")
        try:
            s.migrate()
        except Exception as exc:  # noqa: BLE001
            errors.append(exc)
        finally:
            s.close()

    threads = [threading.Thread(target=run) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and Store(tmp_path / "s.db").schema_version() == LATEST_VERSION


def test_keys_are_stored_only_as_hashes(store, tmp_path):
    record, key = store.create_key("ci", actor="cli:me")
    assert key.startswith(f"pa_{record.id}_") and split_key(key) == record.id
    assert len(key) > 40
    store.close()
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("s.db*"))
    assert key.encode() not in raw and key.split("_", 2)[2].encode() not in raw
    assert hash_key(key).encode() in raw


def test_authenticate_and_last_used(store):
    record, key = store.create_key("ci", actor="t")
    assert store.list_keys()[0].last_used_at is None
    assert store.authenticate(key).id == record.id
    assert store.list_keys()[0].last_used_at is not None
    assert store.authenticate(key + "x") is None
    assert store.authenticate("pa_" + record.id + "_wrong") is None
    assert store.authenticate("") is None and store.authenticate("pa_zz_x") is None


def test_names_identify_one_active_key(store):
    store.create_key("ci", actor="t")
    with pytest.raises(StoreError, match="active key named"):
        store.create_key("ci", actor="t")
    store.revoke_key("ci", actor="t")
    store.create_key("ci", actor="t")  # a revoked name may be reused
    with pytest.raises(StoreError, match="1 to 64"):
        store.create_key("  ", actor="t")


def test_revoke_by_id_and_twice(store):
    record, key = store.create_key("ci", actor="t")
    revoked = store.revoke_key(record.id, actor="t")
    assert revoked.revoked_at and not store.authenticate(key).active
    with pytest.raises(StoreError, match="already revoked"):
        store.revoke_key(record.id, actor="t")
    with pytest.raises(StoreError, match="no key"):
        store.revoke_key("nobody", actor="t")


def test_audit_log_records_key_management(store):
    record, _ = store.create_key("ci", actor="cli:alice")
    store.revoke_key("ci", actor="cli:bob")
    entries = store.audit_entries()
    assert [(e.actor, e.action, e.object_id) for e in entries] == [
        ("cli:bob", "key.revoke", record.id),
        ("cli:alice", "key.create", record.id),
    ]


def test_default_path(monkeypatch, tmp_path):
    monkeypatch.setenv("ADVISOR_DB", str(tmp_path / "x.db"))
    assert default_db_path() == tmp_path / "x.db"
    monkeypatch.delenv("ADVISOR_DB")
    assert default_db_path().name == "advisor.db" and "platform-advisor" in str(default_db_path())
