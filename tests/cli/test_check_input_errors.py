"""An input the gate cannot read fails the run in every format (exit 2), never a pass; a broken
rulebook is exit 2 with every problem listed (issue 13, defects 2 and 3)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import yaml
from typer.testing import CliRunner

from advisor.cli import app

ROOT = Path(__file__).parents[2]
OTHERS = ("text", "json", "junit", "markdown", "github", "html")
TYPO = {"kind": "aix-lpar", "name": "x", "ame": {"enabeld": True}}


def run_all_formats(workdir: Path, *args: str):
    outputs = [a for fmt in OTHERS for a in ("--output", f"{fmt}=out/{fmt}")]
    result = CliRunner().invoke(app, ["check", *args, "--format", "sarif", *outputs])
    assert result.exit_code == 2, result.output
    return json.loads(result.stdout), {fmt: (workdir / "out" / fmt).read_text() for fmt in OTHERS}


def test_a_clean_document_beside_a_broken_one_is_a_failure_everywhere(workdir, sarif_validator):
    (workdir / "typo.json").write_text(json.dumps(TYPO, indent=2))
    (workdir / "clean.json").write_text((ROOT / "examples" / "aix-clean.json").read_text())
    log, out = run_all_formats(workdir, "clean.json", "typo.json")

    assert not list(sarif_validator.iter_errors(log))
    invocation = log["runs"][0]["invocations"][0]
    assert invocation["executionSuccessful"] is False
    errors = [n for n in invocation["toolExecutionNotifications"] if n["level"] == "error"]
    assert (
        len(errors) == 1
        and "typo.json: $.ame.enabeld: unknown field (did you mean 'enabled'?)" in (errors[0]["message"]["text"])
    )
    location = errors[0]["locations"][0]
    assert location["physicalLocation"]["artifactLocation"]["uri"] == "typo.json"
    assert location["physicalLocation"]["region"]["startLine"] == 5  # the "enabeld" key
    assert location["logicalLocations"][0]["fullyQualifiedName"] == "$.ame.enabeld"

    suites = ET.fromstring(out["junit"])
    assert suites.get("errors") == "1"
    (error,) = suites.findall(".//error")
    assert "$.ame.enabeld" in error.get("message")

    assert out["markdown"].startswith("## :x: ") and "passed" not in out["markdown"].splitlines()[0]
    assert "- `typo.json` at `$.ame.enabeld`: unknown field (did you mean `enabled`?)" in out["markdown"]

    github = out["github"].splitlines()
    assert github[-1].startswith("::error::Platform Advisor gate FAILED")
    assert any(line.startswith("::error file=typo.json,line=5,") and "$.ame.enabeld" in line for line in github)

    assert "passed" not in out["text"] and "gate FAILED" in out["text"]
    assert "input error: typo.json: $.ame.enabeld: unknown field" in out["text"]

    clean, bad = json.loads(out["json"])
    assert clean["gate"]["passed"] is True and bad["gate"]["passed"] is False

    assert html_errors(out["html"]) == [
        ("typo.json", "$.ame.enabeld", "unknown field (did you mean enabled?)"),
    ]


def html_errors(html: str) -> list[tuple[str | None, str | None, str]]:
    """The HTML report's input-error rows (file, JSON path, problem), read as XML: it is well-formed."""
    root = ET.fromstring(html.split("\n", 1)[1])  # after the HTML5 doctype
    assert "FAILED" in root.find(".//*[@id='verdict']").text
    rows = [r for r in root.iter("tr") if r.get("class") == "input-error"]
    return [(r.get("data-file"), r.get("data-path"), "".join(list(r.iter("td"))[2].itertext())) for r in rows]


def test_one_unreadable_file_gives_one_failed_json_object(workdir):
    result = CliRunner().invoke(app, ["check", "missing.json", "--format", "json"])
    assert result.exit_code == 2
    entry = json.loads(result.stdout)
    assert entry["gate"]["passed"] is False and entry["gate"]["file"] == "missing.json"
    assert "cannot read" in entry["gate"]["errors"][0]["message"]


def test_a_bad_waivers_file_is_reported_in_every_format(workdir):
    (workdir / "w.yaml").write_text("waivers:\n  - rule: AME-001\n    target: '*'\n    reasn: x\n")
    log, out = run_all_formats(workdir, "configs/sapapp01.json", "--waivers", "w.yaml")
    invocation = log["runs"][0]["invocations"][0]
    assert invocation["executionSuccessful"] is False
    assert "w.yaml" in invocation["toolExecutionNotifications"][0]["message"]["text"]
    assert "gate FAILED" in out["text"] and "passed" not in out["text"]
    assert json.loads(out["json"])["gate"]["passed"] is False  # one file given: one object
    assert ET.fromstring(out["junit"]).get("errors") == "1"
    ((file, _, problem),) = html_errors(out["html"])
    assert file == "w.yaml" and "reasn" in problem


def broken_rules(tmp_path: Path) -> Path:
    rules = tmp_path / "rules"
    shutil.copytree(ROOT / "rules", rules)
    data = yaml.safe_load((rules / "ame.yaml").read_text())
    data["rules"][0]["severty"] = data["rules"][0].pop("severity")
    data["rules"][1]["requires"].append("ame.page_suport")
    data["rules"][2]["remediation"][0]["comands"] = ["x"]
    (rules / "ame.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    return rules


def test_a_broken_rule_file_is_exit_2_listing_every_problem(tmp_path):
    """A real process: the rulebook is loaded once per process, so the CLI is run as a pipeline runs it."""
    env = {**os.environ, "ADVISOR_RULES_DIR": str(broken_rules(tmp_path))}
    cmd = [sys.executable, "-m", "advisor.cli.main", "check", str(ROOT / "examples" / "aix-clean.json")]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert lines[0].endswith("cannot load: 4 problems")  # severity: missing, severty: unknown
    ids = [r["id"] for r in yaml.safe_load((ROOT / "rules" / "ame.yaml").read_text())["rules"][:3]]
    assert f"error: ame.yaml: rule {ids[0]}: severty: unknown field (did you mean 'severity'?)" in lines
    assert f"error: ame.yaml: rule {ids[2]}: remediation[0].comands: unknown field (did you mean 'commands'?)" in lines
    assert any(f"rule {ids[1]}" in line and "did you mean 'ame.page_support'" in line for line in lines)
    assert "more)" not in proc.stderr
