"""The gate end to end through the CLI: waivers (expiry), baselines, selection, thresholds, with the
contract's exit codes 0 / 1 / 2; one run as a real subprocess."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys

from typer.testing import CliRunner

from advisor.cli import app

runner = CliRunner()
TODAY = dt.date.today()
FUTURE = (TODAY + dt.timedelta(days=365)).isoformat()
PAST = (TODAY - dt.timedelta(days=1)).isoformat()


def waivers_file(path, *entries: dict) -> None:
    lines = ["waivers:"]
    for e in entries:
        lines += [
            f"  - rule: {e.get('rule', 'AME-001')}",
            f'    target: "{e.get("target", "sapapp*")}"',
            "    reason: AME64K needs the March reboot window",
            "    owner: unix-team",
            f"    expires: {e.get('expires', FUTURE)}",
        ]
    path.write_text("\n".join(lines) + "\n")


def check(*args: str):
    return runner.invoke(app, ["check", *args])


def test_waived_finding_does_not_fail_and_is_reported_as_waived(workdir):
    waivers_file(workdir / "w.yaml", {})
    result = check("configs/sapapp01.json", "--waivers", "w.yaml")
    assert result.exit_code == 0, result.output
    assert "Waived" in result.stdout and "AME-001" in result.stdout and "unix-team" in result.stdout
    review = json.loads(check("configs/sapapp01.json", "--waivers", "w.yaml", "-f", "json").stdout)
    assert review["gate"]["counts"]["waived"] == 1 and review["gate"]["waived"][0]["waiver"]["owner"] == "unix-team"
    assert review["findings"][0]["gate_status"] == "waived"


def test_default_waivers_file_in_the_working_directory(workdir):
    assert check("configs/sapapp01.json").exit_code == 1
    waivers_file(workdir / ".advisor-waivers.yaml", {})
    assert check("configs/sapapp01.json").exit_code == 0


def test_expired_waiver_is_exit_2_naming_file_and_entry(workdir):
    waivers_file(workdir / ".advisor-waivers.yaml", {"rule": "VIOS", "target": "*"}, {"expires": PAST})
    result = check("configs/sapapp01.json")
    assert result.exit_code == 2
    assert (
        f".advisor-waivers.yaml:7: waivers[1]: waiver for AME-001 on 'sapapp*' (owner unix-team) expired on {PAST}"
        in result.stderr
    )
    assert "gate FAILED" in result.stdout and "1 input error(s) in .advisor-waivers.yaml," in result.stdout


def test_malformed_waiver_is_exit_2_with_did_you_mean(workdir):
    (workdir / "w.yaml").write_text(
        f"waivers:\n  - rule: AME-001\n    target: '*'\n    reason: r\n    owner: o\n    expiry: {FUTURE}\n"
    )
    result = check("configs/sapapp01.json", "--waivers", "w.yaml")
    assert result.exit_code == 2
    assert "w.yaml:2: waivers[0]: unknown key 'expiry' (did you mean 'expires'?)" in result.stderr
    assert check("configs/sapapp01.json", "--waivers", "nowhere.yaml").exit_code == 2


def test_waiver_expiring_soon_warns_and_unused_waiver_is_noted(workdir):
    soon = (TODAY + dt.timedelta(days=3)).isoformat()
    waivers_file(workdir / "w.yaml", {"expires": soon}, {"rule": "HPUX", "target": "*"})
    result = check("configs/sapapp01.json", "--waivers", "w.yaml")
    assert result.exit_code == 0
    assert f"expires on {soon}" in result.stderr
    assert "1 waiver(s) matched nothing in this run: waivers[1] (HPUX on '*')" in result.stderr


def test_baseline_lets_known_findings_pass_and_fails_new_ones(workdir):
    created = runner.invoke(app, ["baseline", "create", "configs/sapapp01.json", "-o", "baseline.json"])
    assert created.exit_code == 0, created.output
    base = json.loads((workdir / "baseline.json").read_text())
    assert (
        base["rulebook"]
        and {"rule_id": "AME-001", "target": "sapapp01", "file": "configs/sapapp01.json", "severity": "high"}.items()
        <= base["findings"][0].items()
    )
    result = check("configs/sapapp01.json", "--baseline", "baseline.json")
    assert result.exit_code == 0, result.output
    assert "Baselined" in result.stdout
    # the frame is not in the baseline: its AME-001 on sapapp01 is new
    assert check("configs/sapapp01.json", "configs/frame.json", "--baseline", "baseline.json").exit_code == 1


def test_baseline_fails_a_finding_that_got_worse(workdir):
    runner.invoke(app, ["baseline", "create", "configs/sapapp01.json", "-o", "baseline.json"])
    data = json.loads((workdir / "baseline.json").read_text())
    for entry in data["findings"]:
        entry["severity"] = "low"
    (workdir / "baseline.json").write_text(json.dumps(data))
    result = check("configs/sapapp01.json", "--baseline", "baseline.json", "-f", "markdown")
    assert result.exit_code == 1 and "worse than its baseline (low)" in result.stdout


def test_bad_baseline_is_exit_2(workdir):
    (workdir / "baseline.json").write_text('{"findings": 3}')
    result = check("configs/sapapp01.json", "--baseline", "baseline.json")
    assert result.exit_code == 2 and "baseline.json: $.rulebook: Field required" in result.stderr
    assert "cannot read" in check("configs/sapapp01.json", "--baseline", "none.json").stderr


def test_baseline_create_refuses_bad_documents_and_prints_to_stdout(workdir):
    (workdir / "bad.json").write_text('{"kind": "aix-lpar"}')
    assert runner.invoke(app, ["baseline", "create", "configs/sapapp01.json", "bad.json"]).exit_code == 2
    out = runner.invoke(app, ["baseline", "create", "configs/sapapp01.json", "--ignore", "AME-001"])
    assert out.exit_code == 0 and "AME-001" not in out.stdout and json.loads(out.stdout)["advisor_baseline"] == 1


def test_select_and_ignore_by_id_and_prefix(workdir):
    assert check("configs/sapapp01.json", "--ignore", "AME-001").exit_code == 0
    assert check("configs/sapapp01.json", "--select", "VIOS,HPUX").exit_code == 0
    assert check("configs/sapapp01.json", "--select", "VIOS", "--select", "AME-00").exit_code == 1
    review = json.loads(check("configs/sapapp01.json", "--select", "AME", "-f", "json").stdout)
    assert review["findings"] and all(f["rule_id"].startswith("AME") for f in review["findings"])
    assert all(n["rule_id"].startswith("AME") for n in review["not_assessed"])
    typo = check("configs/sapapp01.json", "--select", "AEM")
    assert typo.exit_code == 2 and "--select: 'AEM' matches no rule; did you mean 'AME'?" in typo.stderr


def test_fail_on_and_fail_on_not_assessed(workdir):
    assert check("configs/sapapp01.json", "--fail-on", "critical").exit_code == 0
    assert check("configs/sapapp01.json", "--fail-on", "critical", "--fail-on-not-assessed").exit_code in (0, 1)
    low = check(
        "configs/sapapp01.json",
        "--ignore",
        "AME-001,AME-003",
        "--fail-on",
        "low",
        "--fail-on-not-assessed",
        "-f",
        "json",
    )
    review = json.loads(low.stdout)
    failing_gaps = [n for n in review["not_assessed"] if n["gate_status"] == "failing"]
    assert failing_gaps and low.exit_code == 1
    assert check("configs/sapapp01.json", "--fail-on", "severe").exit_code == 2


def test_input_error_still_reports_the_good_documents_and_exits_2(workdir):
    (workdir / "typo.json").write_text('{"kind": "aix-lpar", "name": "x", "ame": {"enabeld": true}}')
    result = check("configs/sapapp01.json", "typo.json", "-f", "json")
    assert (
        result.exit_code == 2 and "typo.json: $.ame.enabeld: unknown field (did you mean 'enabled'?)" in result.stderr
    )
    good, bad = json.loads(result.stdout)
    assert good["target"] == "sapapp01" and good["gate"]["passed"] is False  # AME-001 is high
    assert bad == {
        "gate": {
            "file": "typo.json",
            "passed": False,
            "errors": [{"path": "$.ame.enabeld", "message": "unknown field", "suggestion": "enabled"}],
        }
    }


def test_real_subprocess_run_with_waivers_baseline_and_outputs(workdir):
    """The installed entry point, as a pipeline calls it: exit codes 2, 1, 0 and the files it writes."""
    cmd = [sys.executable, "-m", "advisor.cli.main", "check"]
    waivers_file(workdir / ".advisor-waivers.yaml", {"expires": PAST})
    expired = subprocess.run([*cmd, "configs/sapapp01.json"], capture_output=True, text=True, cwd=workdir)
    assert expired.returncode == 2 and "expired on" in expired.stderr and ".advisor-waivers.yaml" in expired.stderr
    (workdir / ".advisor-waivers.yaml").unlink()
    failing = subprocess.run(
        [
            *cmd,
            "configs/sapapp01.json",
            "configs/frame.json",
            "--output",
            "sarif=r.sarif",
            "--output",
            "junit=r.xml",
            "-f",
            "github",
        ],
        capture_output=True,
        text=True,
        cwd=workdir,
    )
    assert failing.returncode == 1, failing.stderr
    assert "::error file=configs/frame.json" in failing.stdout
    assert json.loads((workdir / "r.sarif").read_text())["runs"][0]["results"]
    subprocess.run(
        [
            sys.executable,
            "-m",
            "advisor.cli.main",
            "baseline",
            "create",
            "configs/sapapp01.json",
            "configs/frame.json",
            "-o",
            "baseline.json",
        ],
        check=True,
        capture_output=True,
        cwd=workdir,
    )
    passing = subprocess.run(
        [*cmd, "configs/sapapp01.json", "configs/frame.json", "--baseline", "baseline.json"],
        capture_output=True,
        text=True,
        cwd=workdir,
    )
    assert passing.returncode == 0, passing.stdout + passing.stderr
    assert "gate passed" in passing.stdout
