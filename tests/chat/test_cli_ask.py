"""`advisor ask`: one chat turn from the shell, with a session file carrying the conversation."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from advisor.cli import app

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def test_question_as_text():
    result = runner.invoke(app, ["ask", "What is the maximum LFAREA on a 16 GB system?"])
    assert result.exit_code == 0, result.output
    assert "9.6 GB" in result.stdout and "10.8 GB" in result.stdout
    assert "Sources:" in result.stdout and "ibm-zos-large-memory-share-2014" in result.stdout


def test_json_output_has_the_contract_fields():
    result = runner.invoke(app, ["ask", "Can I use AME with 64K pages on POWER7?", "--format", "json"])
    assert result.exit_code == 0, result.output
    body = json.loads(result.stdout)
    assert {"session_id", "answer", "citations", "findings", "questions", "follow_ups"} <= body.keys()
    assert body["citations"][0]["source_id"] in ("ibm-aix-ame64k-sap-2023", "ibm-powervm-virtualization-redbook")
    assert "2023 source is the newer one" in body["answer"]


def test_session_file_carries_the_conversation(tmp_path):
    session = tmp_path / "s.json"
    config = ROOT / "examples" / "aix-ame4k-64k.json"
    first = runner.invoke(app, ["ask", "review", "--config", str(config), "--session", str(session)])
    assert first.exit_code == 0, first.output
    assert "AME-001" in first.stdout and session.exists()
    second = runner.invoke(app, ["ask", "set ame.page_support = 64K", "--session", str(session), "--format", "json"])
    body = json.loads(second.stdout)
    assert body["intent"] == "whatif"
    assert "AME-001" in [f["rule_id"] for f in body["diff"]["resolved"]]
    state = json.loads(session.read_text())
    assert state["document"]["ame"]["page_support"] == "64K" and len(state["turns"]) == 4


def test_bad_config_exits_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"kind": "aix-lpar", "name": "x", "ame": {"colour": 1}}')
    result = runner.invoke(app, ["ask", "review", "--config", str(bad)])
    assert result.exit_code == 2
