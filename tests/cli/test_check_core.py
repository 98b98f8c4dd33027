"""`advisor check` end to end: the contract's exit codes and what people read."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from advisor.cli import app

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "examples" / "aix-ame4k-64k.json"
runner = CliRunner()


def test_ame4k_with_64k_pages_ranks_ame001_first_exit_1():
    result = runner.invoke(app, ["check", str(EXAMPLE), "--format", "json"])
    assert result.exit_code == 1, result.output
    review = json.loads(result.stdout)
    first = review["findings"][0]
    assert first["rule_id"] == "AME-001" and first["rank"] == 1 and first["severity"] == "high"
    assert first["citations"][0]["source_id"] == "ibm-aix-ame64k-sap-2023"
    assert first["citations"][0]["url"].startswith("https://")
    assert review["summary"]["high"] >= 1 and review["rulebook"]["rules"] >= 8


def test_clean_document_exits_0(tmp_path):
    doc = json.loads(EXAMPLE.read_text())
    doc["ame"]["page_support"] = "64K"
    path = tmp_path / "clean.json"
    path.write_text(json.dumps(doc))
    result = runner.invoke(app, ["check", str(path), "--format", "json"])
    review = json.loads(result.stdout)
    assert not [f for f in review["findings"] if f["severity"] in ("critical", "high")], review["findings"]
    assert result.exit_code == 0


def test_misspelled_field_exits_2_with_path_and_suggestion(tmp_path):
    doc = json.loads(EXAMPLE.read_text())
    doc["ame"]["page_suport"] = doc["ame"].pop("page_support")
    path = tmp_path / "typo.json"
    path.write_text(json.dumps(doc))
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert f"{path}: $.ame.page_suport: unknown field (did you mean 'page_support'?)" in result.stderr


def test_fail_on_threshold_moves_the_exit_code():
    assert runner.invoke(app, ["check", str(EXAMPLE), "--fail-on", "critical"]).exit_code == 0
    assert runner.invoke(app, ["check", str(EXAMPLE), "--fail-on", "low"]).exit_code == 1


def test_several_files_give_an_array_in_order(tmp_path):
    other = tmp_path / "vios.yaml"
    other.write_text("kind: vios\nname: vios1\nvpm_fold_policy: 4\n")
    result = runner.invoke(app, ["check", str(EXAMPLE), str(other), "--format", "json"])
    reviews = json.loads(result.stdout)
    assert [r["target"] for r in reviews] == ["sapapp01", "vios1"]


def test_stdin_and_text_output():
    result = subprocess.run(
        [sys.executable, "-m", "advisor.cli.main", "check", "-"],
        input=EXAMPLE.read_text(),
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 1, result.stderr
    out = result.stdout
    assert "AME-001" in out and "vmo -r -y -o ame_mpsize_support=1" in out and "ibm-aix-ame64k-sap-2023" in out
    assert "\x1b[" not in out  # no colour codes when not on a terminal


def test_unreadable_and_non_json_input_exit_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json: [")
    result = runner.invoke(app, ["check", str(bad), str(tmp_path / "nope.json")])
    assert result.exit_code == 2
    assert "neither JSON nor YAML" in result.stderr and "cannot read" in result.stderr


def test_rules_catalogue_and_one_rule():
    listing = runner.invoke(app, ["rules"])
    assert listing.exit_code == 0 and "AME-001" in listing.stdout and "VIOS-001" in listing.stdout
    page = runner.invoke(app, ["rules", "ame-001"])
    assert page.exit_code == 0
    for heading in ("## What it checks", "## Why it matters", "## Example", "## How to fix it", "## References"):
        assert heading in page.stdout
    assert "Table 2" in page.stdout
    for typo, meant in (("ame1", "AME-001"), ("vios-01", "VIOS-001"), ("VIOS-0001", "VIOS-001")):
        wrong = runner.invoke(app, ["rules", typo])
        assert wrong.exit_code == 2 and f"did you mean {meant}" in wrong.stderr, (typo, wrong.stderr)


def test_schema_documents_units_and_commands():
    result = runner.invoke(app, ["schema", "vios"])
    schema = json.loads(result.stdout)
    adapters = schema["$defs"]["ViosAdapters"]["properties"]["npiv_vfc_adapters"]
    assert adapters["x-unit"] == "count" and "lsmap" in adapters["x-command"]
    assert runner.invoke(app, ["schema", "vio"]).exit_code == 2
    everything = json.loads(runner.invoke(app, ["schema"]).stdout)
    assert everything["discriminator"]["propertyName"] == "kind"
