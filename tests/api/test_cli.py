"""`advisor keys ...` and `advisor serve` argument handling (the serving itself: test_server.py)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from advisor.cli import app
from advisor.store import SQLiteStore as Store
from tests.support.store import OPERATOR

runner = CliRunner()


def test_create_prints_the_key_once_and_list_never(tmp_path):
    db = str(tmp_path / "k.db")
    r = runner.invoke(app, ["keys", "create", "ci", "--db", db])
    assert r.exit_code == 0, r.output
    key = [line for line in r.stdout.splitlines() if line.startswith("pa_")][0]
    assert Store(db).authenticate(key) is not None
    listed = runner.invoke(app, ["keys", "list", "--db", db])
    assert "ci" in listed.stdout and key not in listed.stdout and "active" in listed.stdout
    as_json = json.loads(runner.invoke(app, ["keys", "list", "--db", db, "--json"]).stdout)
    assert as_json[0]["name"] == "ci" and "key" not in as_json[0] and "hash" not in as_json[0]


def test_create_json(tmp_path):
    r = runner.invoke(app, ["keys", "create", "bot", "--json", "--db", str(tmp_path / "k.db")])
    body = json.loads(r.stdout)
    assert body["name"] == "bot" and body["key"].startswith(f"pa_{body['id']}_")


def test_revoke_by_name_then_id_errors(tmp_path):
    db = str(tmp_path / "k.db")
    runner.invoke(app, ["keys", "create", "ci", "--db", db])
    key_id = Store(db).list_keys(OPERATOR)[0].id
    assert runner.invoke(app, ["keys", "revoke", "ci", "--db", db]).exit_code == 0
    again = runner.invoke(app, ["keys", "revoke", key_id, "--db", db])
    assert again.exit_code == 2 and "already revoked" in again.output
    assert runner.invoke(app, ["keys", "revoke", "nobody", "--db", db]).exit_code == 2
    assert runner.invoke(app, ["keys", "create", "ci", "--db", db]).exit_code == 0


def test_duplicate_active_name_is_exit_2(tmp_path):
    db = str(tmp_path / "k.db")
    runner.invoke(app, ["keys", "create", "ci", "--db", db])
    r = runner.invoke(app, ["keys", "create", "ci", "--db", db])
    assert r.exit_code == 2 and "active key named" in r.output


def test_ensure_default_creates_a_key_only_the_first_time(tmp_path, monkeypatch):
    monkeypatch.setenv("ADVISOR_DB", str(tmp_path / "env.db"))
    first = runner.invoke(app, ["keys", "ensure-default"])
    assert first.exit_code == 0
    key = [w for w in first.stdout.split() if w.startswith("pa_")][0]
    assert "Authorization: Bearer" in first.stdout
    second = runner.invoke(app, ["keys", "ensure-default"])
    assert second.exit_code == 0 and key not in second.output and "pa_" not in second.output
    store = Store(tmp_path / "env.db")
    assert [(k.name, k.tenant, k.role) for k in store.list_keys(OPERATOR)] == [("admin", "default", "admin")]
    store.revoke_key(OPERATOR, "admin")  # once per site: not made again even when the first is gone
    third = runner.invoke(app, ["keys", "ensure-default"])
    assert third.exit_code == 0 and "pa_" not in third.output and len(store.list_keys(OPERATOR)) == 1


def test_serve_refuses_an_unusable_store(tmp_path):
    r = runner.invoke(app, ["serve", "--db", str(tmp_path)])  # a directory, not a file
    assert r.exit_code == 2 and "error: store" in r.output


def test_serve_help_lists_the_options():
    out = runner.invoke(app, ["serve", "--help"]).output
    for option in ("--host", "--port", "--workers", "--db"):
        assert option in out


def test_serve_refuses_a_broken_rulebook(tmp_path, monkeypatch):
    monkeypatch.setenv("ADVISOR_RULES_DIR", str(tmp_path))  # no rule files at all
    r = runner.invoke(app, ["serve", "--db", str(tmp_path / "s.db")])
    assert r.exit_code == 2 and "error: rulebook" in r.output


def test_create_with_tenant_and_role(tmp_path):
    db = str(tmp_path / "k.db")
    r = runner.invoke(app, ["keys", "create", "dash", "--tenant", "team-a", "--role", "reader", "--json", "--db", db])
    assert r.exit_code == 0, r.output
    body = json.loads(r.stdout)
    assert (body["tenant"], body["role"]) == ("team-a", "reader")
    listed = runner.invoke(app, ["keys", "list", "--db", db]).stdout
    assert "team-a" in listed and "reader" in listed
    bad = runner.invoke(app, ["keys", "create", "x", "--role", "root", "--db", db])
    assert bad.exit_code == 2 and "unknown role" in bad.output
