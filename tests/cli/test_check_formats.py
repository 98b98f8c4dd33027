"""`advisor check --format/--output`: SARIF valid against the 2.1.0 schema and fit for code scanning,
JUnit, Markdown, GitHub annotations, all from the same gate result."""

from __future__ import annotations

import datetime as dt
import json
import xml.etree.ElementTree as ET

import pytest
from typer.testing import CliRunner

from advisor.cli import app
from advisor.render.markdown import fit

runner = CliRunner()
FUTURE = (dt.date.today() + dt.timedelta(days=365)).isoformat()


def run(*args: str):
    return runner.invoke(app, ["check", *args])


def sarif_of(*args: str) -> dict:
    result = run("--format", "sarif", *args)
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def assert_valid(validator, log: dict) -> None:
    errors = [f"{e.json_path}: {e.message}" for e in validator.iter_errors(log)]
    assert not errors, "\n".join(errors[:20])


def test_sarif_is_valid_and_has_what_code_scanning_needs(workdir, sarif_validator):
    log = sarif_of("configs/sapapp01.json", "configs/frame.json")
    assert_valid(sarif_validator, log)
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-schema-2.1.0.json")
    run_ = log["runs"][0]
    rules = run_["tool"]["driver"]["rules"]
    ids = [r["id"] for r in rules]
    assert run_["results"]
    for rule in rules:
        assert rule["shortDescription"]["text"] and rule["fullDescription"]["text"] and rule["name"]
        assert rule["help"]["text"] and rule["help"]["markdown"].startswith(f"# {rule['id']}: ")
        assert rule["defaultConfiguration"]["level"] in ("error", "warning", "note")
        float(rule["properties"]["security-severity"])
    for res in run_["results"]:
        assert ids[res["ruleIndex"]] == res["ruleId"]
        assert res["message"]["text"] and res["level"] in ("error", "warning", "note", "none")
        loc = res["locations"][0]
        uri = loc["physicalLocation"]["artifactLocation"]["uri"]
        assert uri in ("configs/sapapp01.json", "configs/frame.json")
        assert loc["physicalLocation"]["region"]["startLine"] >= 1
        assert loc["logicalLocations"][0]["fullyQualifiedName"].startswith("$")
        assert res["partialFingerprints"]["advisorFinding/v1"]


def test_sarif_levels_security_severity_and_help_links(workdir):
    run_ = sarif_of("configs/sapapp01.json")["runs"][0]
    ame001 = next(r for r in run_["tool"]["driver"]["rules"] if r["id"] == "AME-001")
    assert ame001["defaultConfiguration"]["level"] == "error"
    assert ame001["properties"]["security-severity"] == "8.0"
    assert ame001["helpUri"].startswith("https://")
    assert (
        "## How to fix it" in ame001["help"]["markdown"]
        and "vmo -r -y -o ame_mpsize_support=1" in ame001["help"]["text"]
    )
    expected = {
        "critical": ("error", "9.5"),
        "high": ("error", "8.0"),
        "medium": ("warning", "5.5"),
        "low": ("note", "3.0"),
        "info": ("note", "1.0"),
    }
    for res in run_["results"]:
        sev = res["properties"]["severity"]
        assert (res["level"], res["properties"]["security-severity"]) == expected[sev]


def test_sarif_points_at_the_evidence_line_and_partition(workdir):
    lines = (workdir / "configs" / "frame.json").read_text().splitlines()
    run_ = sarif_of("configs/frame.json")["runs"][0]
    res = next(r for r in run_["results"] if r["ruleId"] == "AME-001")
    loc = res["locations"][0]
    assert loc["logicalLocations"][0]["fullyQualifiedName"] == "$.partitions[1].ame.enabled"
    line = loc["physicalLocation"]["region"]["startLine"]
    assert '"enabled"' in lines[line - 1] and line > 5
    example = sarif_of("configs/sapapp01.json")["runs"][0]
    first = next(r for r in example["results"] if r["ruleId"] == "AME-001")
    assert first["locations"][0]["physicalLocation"]["region"]["startLine"] == 9  # "ame": {... in the example


def test_sarif_fingerprints_are_stable_across_runs(workdir):
    def prints():
        return [
            r["partialFingerprints"]
            for r in sarif_of("configs/sapapp01.json", "configs/frame.json")["runs"][0]["results"]
        ]

    assert prints() == prints()
    assert len({p["advisorFinding/v1"] for p in prints()}) == len(prints())


def test_sarif_suppressions_for_waivers_and_baseline_state(workdir, sarif_validator):
    (workdir / "w.yaml").write_text(
        f"waivers:\n  - {{rule: AME-001, target: 'sap*', reason: reboot window in March, "
        f"owner: unix-team, expires: {FUTURE}}}\n"
    )
    assert runner.invoke(app, ["baseline", "create", "configs/frame.json", "-o", "base.json"]).exit_code == 0
    log = sarif_of("configs/sapapp01.json", "configs/frame.json", "--waivers", "w.yaml", "--baseline", "base.json")
    assert_valid(sarif_validator, log)
    results = log["runs"][0]["results"]
    waived = [r for r in results if r.get("suppressions")]
    assert waived and all(r["ruleId"] == "AME-001" for r in waived)
    sup = waived[0]["suppressions"][0]
    assert (
        sup["kind"] == "external"
        and "reboot window in March" in sup["justification"]
        and FUTURE in sup["justification"]
    )
    states = {(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], r["baselineState"]) for r in results}
    assert ("configs/frame.json", "unchanged") in states and ("configs/sapapp01.json", "new") in states


def test_not_assessed_are_notifications_and_open_results_when_failing(workdir, sarif_validator):
    log = sarif_of("configs/sapapp01.json", "--fail-on-not-assessed", "--fail-on", "low")
    assert_valid(sarif_validator, log)
    run_ = log["runs"][0]
    notes = run_["invocations"][0]["toolExecutionNotifications"]
    assert notes and all("not assessed" in n["message"]["text"] for n in notes)
    open_ = [r for r in run_["results"] if r.get("kind") == "open"]
    assert open_ and all(r["level"] == "none" and r["properties"]["gate_status"] == "failing" for r in open_)


def test_junit_one_testcase_per_rule_and_target(workdir):
    result = run("configs/sapapp01.json", "--format", "junit")
    assert result.exit_code == 1
    root = ET.fromstring(result.stdout)
    suite = root.find("testsuite")
    cases = suite.findall("testcase")
    assert suite.get("name") == "configs/sapapp01.json" and int(suite.get("tests")) == len(cases)
    by_rule = {c.get("name").split(":")[0]: c for c in cases}
    assert len(by_rule) == len(cases)
    failure = by_rule["AME-001"].find("failure")
    assert failure is not None and failure.get("type") == "high"
    assert "Fix:" in failure.text and "ibm-aix-ame64k-sap-2023" in failure.text
    skipped = [c for c in cases if c.find("skipped") is not None]
    assert skipped and all("not assessed" in c.find("skipped").get("message") for c in skipped)
    passed = [c for c in cases if len(c) == 0]
    assert passed, "rules that did not fire are passing testcases"
    assert int(root.get("failures")) == sum(c.find("failure") is not None for c in cases) == 1


def test_markdown_has_summary_sections_and_waivers(workdir):
    (workdir / "w.yaml").write_text(
        f"waivers:\n  - {{rule: VIOS, target: '*', reason: 'single VIOS | accepted', "
        f"owner: power-team, expires: {FUTURE}}}\n"
    )
    result = run("configs/sapapp01.json", "configs/frame.json", "--format", "markdown", "--waivers", "w.yaml")
    md = result.stdout
    assert md.startswith("## :x: Platform Advisor: gate FAILED")
    assert "| `configs/sapapp01.json` | sapapp01 |" in md
    assert "### Failing the gate" in md and "#### High" in md and "**Fix:**" in md and "> Source:" in md
    assert "### Waived" in md and "single VIOS \\| accepted" in md and "power-team" in md
    assert "### Not assessed" in md


def test_github_annotations(workdir):
    result = run("configs/frame.json", "--format", "github")
    lines = result.stdout.splitlines()
    error = next(line for line in lines if "title=AME-001" in line)
    assert error.startswith("::error file=configs/frame.json,line=") and "::[high] sapapp01" in error
    assert lines[-1].startswith("::error::Platform Advisor gate FAILED")
    assert all("\n" not in line and line.startswith("::") for line in lines)


def test_several_outputs_in_one_run(workdir):
    result = run(
        "configs/sapapp01.json",
        "--format",
        "json",
        "--output",
        "sarif=out/advisor.sarif",
        "--output",
        "junit=out/junit.xml",
        "--output",
        "markdown=out/summary.md",
        "--output",
        "github=out/annotations.txt",
        "--output",
        "text=out/report.txt",
    )
    assert result.exit_code == 1, result.output
    assert json.loads(result.stdout)["gate"]["file"] == "configs/sapapp01.json"
    assert json.loads((workdir / "out/advisor.sarif").read_text())["version"] == "2.1.0"
    ET.parse(workdir / "out/junit.xml")
    assert "Platform Advisor" in (workdir / "out/summary.md").read_text()
    assert "::error" in (workdir / "out/annotations.txt").read_text()
    report = (workdir / "out/report.txt").read_text()
    assert "AME-001" in report and "gate FAILED" in report and "\x1b[" not in report


@pytest.mark.parametrize("spec,message", [("sarif", "expected FORMAT=PATH"), ("pdf=x.pdf", "unknown format 'pdf'")])
def test_bad_output_spec_is_exit_2(workdir, spec, message):
    result = run("configs/sapapp01.json", "--output", spec)
    assert result.exit_code == 2 and message in result.stderr


def test_json_keeps_the_contract_and_adds_the_gate(workdir):
    review = json.loads(run("configs/sapapp01.json", "--format", "json").stdout)
    assert {"target", "findings", "not_assessed", "summary", "rulebook"} <= set(review)
    first = review["findings"][0]
    assert first["rule_id"] == "AME-001" and first["rank"] == 1 and first["gate_status"] == "failing"
    gate = review["gate"]
    assert gate["fail_on"] == "high" and gate["passed"] is False and gate["counts"]["failing"] == 1
    assert gate["waived"] == [] and gate["baselined"] == []
    several = json.loads(run("configs/sapapp01.json", "configs/frame.json", "--format", "json").stdout)
    assert [r["gate"]["file"] for r in several] == ["configs/sapapp01.json", "configs/frame.json"]


def test_markdown_is_cut_to_fit_a_comment():
    text = "\n".join(f"line {i}" for i in range(20_000))
    cut = fit(text, limit=1_000)
    assert len(cut) <= 1_000 and cut.startswith("line 0\n") and "full report is in the job's artifacts" in cut
    assert fit("short") == "short\n"
