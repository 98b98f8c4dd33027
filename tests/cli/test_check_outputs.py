"""`advisor check` on what admins actually have: raw command output and collector bundles."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from advisor.cli import app
from advisor.parsers.bundle import split_bundle

SAMPLES = Path(__file__).parents[1] / "parsers" / "samples"
runner = CliRunner()


def test_amepat_4_7_report_as_text_gives_critical_ame006_with_quoted_evidence():
    result = runner.invoke(app, ["check", str(SAMPLES / "amepat.s1-factor-4.7.txt"), "--format", "json"])
    assert result.exit_code == 1, result.output
    review = json.loads(result.stdout)
    first = review["findings"][0]
    assert (first["rule_id"], first["severity"], first["rank"]) == ("AME-006", "critical", 1)
    assert first["evidence"]["ame.deficit_mb"] == 1645
    quoted = first["provenance"]["ame.deficit_mb"]
    assert quoted.startswith("from amepat line") and "Deficit Memory Size" in quoted and "1645" in quoted


def test_bundle_option_reads_a_collector_bundle(tmp_path):
    lparstat = (SAMPLES / "lparstat_i.s2.txt").read_text()
    vmo = (SAMPLES / "vmo_o.synthetic.txt").read_text() if (SAMPLES / "vmo_o.synthetic.txt").exists() else ""
    text = (
        '#### advisor-bundle format="1" host="sapapp01" collector="aix-collect.sh" ####\n'
        '#### advisor-bundle command="lparstat -i" host="sapapp01" rc="0" ####\n'
        + lparstat
        + ('#### advisor-bundle command="vmo -o ame_mpsize_support" host="sapapp01" rc="0" ####\n' + vmo if vmo else "")
    )
    assert split_bundle(text), "the test bundle must be a valid bundle"
    path = tmp_path / "sapapp01.bundle"
    path.write_text(text)
    result = runner.invoke(app, ["check", "--bundle", str(path), "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    review = json.loads(result.stdout)
    assert review["kind"] == "aix-lpar" and review["not_assessed"]  # only lparstat -i: much cannot be judged


def test_garbage_text_is_a_clear_input_error(tmp_path):
    path = tmp_path / "noise.txt"
    path.write_text("this is not a command output\nnor a document\n")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2 and str(path) in result.stderr and "Traceback" not in result.output
