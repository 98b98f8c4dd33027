"""`advisor diff BEFORE AFTER`: the contract's JSON, and exit codes judged on introduced and worsened
findings only; the example DLPAR change in examples/changes/."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys

from typer.testing import CliRunner

from advisor.cli import app

runner = CliRunner()
SHRINK, MODERATE = "changes/sapapp01-ame-shrink", "changes/sapapp01-ame-moderate"
BEFORE, AFTER, SAFE = f"{SHRINK}/before.json", f"{SHRINK}/after.json", f"{MODERATE}/after.json"


def diff(*args: str):
    return runner.invoke(app, ["diff", *args])


def test_planned_dlpar_change_introduces_a_high_finding_exit_1(workdir):
    result = diff(BEFORE, AFTER, "--format", "json")
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    assert {"introduced", "resolved", "kept", "changed"} <= set(data)
    introduced = {f["rule_id"]: f for f in data["introduced"]}
    assert introduced["AME-012"]["severity"] == "high" and introduced["AME-012"]["citations"]
    assert (
        data["gate"]["passed"] is False
        and {"rule_id": "AME-012", "target": "sapapp01", "severity": "high"} in data["gate"]["failing"]
    )


def test_safe_change_passes_and_reverse_change_resolves(workdir):
    assert (workdir / BEFORE).read_text() == (workdir / MODERATE / "before.json").read_text()
    assert diff(BEFORE, SAFE).exit_code == 0
    back = json.loads(diff(AFTER, BEFORE, "-f", "json").stdout)
    assert "AME-012" in {f["rule_id"] for f in back["resolved"]} and back["introduced"] == []
    assert diff(AFTER, BEFORE).exit_code == 0


def test_same_document_keeps_everything(workdir):
    data = json.loads(diff(AFTER, AFTER, "-f", "json").stdout)
    assert data["introduced"] == data["resolved"] == data["changed"] == [] and data["kept"]
    assert diff(AFTER, AFTER).exit_code == 0  # kept findings never fail a change


def test_worsened_severity_is_changed_with_before_and_after(workdir):
    after = json.loads((workdir / AFTER).read_text())
    before = json.loads(json.dumps(after))
    before["ame"]["expansion_factor"], after["ame"]["expansion_factor"] = 3.0, 4.5  # AME-007 medium -> high
    (workdir / "b.json").write_text(json.dumps(before))
    (workdir / "a.json").write_text(json.dumps(after))
    result = diff("b.json", "a.json", "-f", "json", "--select", "AME-007")
    data = json.loads(result.stdout)
    (changed,) = data["changed"]
    assert (changed["before"]["severity"], changed["after"]["severity"], changed["direction"]) == (
        "medium",
        "high",
        "worsened",
    )
    assert result.exit_code == 1
    assert diff("b.json", "a.json", "--select", "AME-007", "--fail-on", "critical").exit_code == 0
    assert diff("a.json", "b.json", "--select", "AME-007").exit_code == 0  # improved


def test_waiver_covers_an_introduced_finding(workdir):
    future = (dt.date.today() + dt.timedelta(days=30)).isoformat()
    (workdir / "w.yaml").write_text(
        f"waivers:\n  - {{rule: AME-012, target: sapapp01, reason: peak moves to the new "
        f"LPAR next week, owner: basis-team, expires: {future}}}\n"
    )
    result = diff(BEFORE, AFTER, "--waivers", "w.yaml", "-f", "markdown")
    assert result.exit_code == 0, result.output
    assert "### Waived (1)" in result.stdout and "basis-team" in result.stdout and "### Introduced" in result.stdout


def test_text_output_and_bad_input(workdir):
    result = diff(BEFORE, AFTER)
    assert "Introduced" in result.stdout and "fails the change" in result.stdout and "change FAILED" in result.stdout
    (workdir / "typo.json").write_text('{"kind": "aix-lpar", "name": "x", "memroy": {}}')
    bad = diff(BEFORE, "typo.json")
    assert bad.exit_code == 2 and "typo.json: $.memroy: unknown field (did you mean 'memory'?)" in bad.stderr
    assert diff(BEFORE, AFTER, "--select", "NOPE").exit_code == 2


def test_diff_as_a_subprocess(workdir):
    done = subprocess.run(
        [sys.executable, "-m", "advisor.cli.main", "diff", BEFORE, AFTER, "--format", "json"],
        capture_output=True,
        text=True,
        cwd=workdir,
    )
    assert done.returncode == 1, done.stderr
    assert json.loads(done.stdout)["introduced"]
