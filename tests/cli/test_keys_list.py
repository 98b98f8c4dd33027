"""`advisor keys list` reads; it never creates the database it lists (issue 13, defect 7)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from advisor.cli import app

runner = CliRunner()


def test_list_at_the_default_path_creates_nothing(tmp_path, monkeypatch):
    monkeypatch.delenv("ADVISOR_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path))
    result = runner.invoke(app, ["keys", "list"])
    assert result.exit_code == 0 and "no keys (no database at " in result.stdout
    assert json.loads(runner.invoke(app, ["keys", "list", "--json"]).stdout) == []
    assert not any(p.is_file() for p in tmp_path.rglob("*"))


def test_list_with_db_creates_nothing_and_lists_what_exists(tmp_path):
    db = tmp_path / "k.db"
    assert runner.invoke(app, ["keys", "list", "--db", str(db)]).exit_code == 0
    assert not db.exists()
    assert runner.invoke(app, ["keys", "create", "ci", "--db", str(db)]).exit_code == 0
    assert "ci" in runner.invoke(app, ["keys", "list", "--db", str(db)]).stdout
