"""examples/ci/: the workflows parse, and the gate script they share runs with the contract's exit codes."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).parents[2]
CI = ROOT / "examples" / "ci"
SCRIPT = CI / "advisor-gate.sh"


def test_workflows_parse_and_call_the_shared_script():
    gha = yaml.safe_load((CI / "github-actions.yml").read_text())
    steps = gha["jobs"]["gate"]["steps"]
    assert any("upload-sarif" in s.get("uses", "") for s in steps)
    assert any("advisor-gate.sh" in s.get("run", "") for s in steps)
    gitlab = yaml.safe_load((CI / "gitlab-ci.yml").read_text())["platform-advisor"]
    assert gitlab["artifacts"]["reports"]["junit"] == "advisor-out/advisor-junit.xml"
    assert "advisor-gate.sh" in " ".join(gitlab["script"])
    jenkins = (CI / "Jenkinsfile").read_text()
    assert "advisor-gate.sh" in jenkins and "junit" in jenkins and "sarif(" in jenkins
    for workflow in ("github-actions.yml", "gitlab-ci.yml", "Jenkinsfile"):
        assert "examples/changes" in (CI / workflow).read_text()


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_gate_script_runs_check_and_the_planned_change(tmp_path):
    shutil.copytree(ROOT / "examples" / "changes", tmp_path / "changes")
    (tmp_path / "configs").mkdir()
    shutil.copy(ROOT / "examples" / "aix-ame4k-64k.json", tmp_path / "configs" / "sapapp01.json")
    env = {
        **os.environ,
        "ADVISOR": f"{shlex.quote(sys.executable)} -m advisor.cli.main",
        "ADVISOR_FILES": "configs/sapapp01.json",
        "ADVISOR_CHANGED": "changes/sapapp01-ame-shrink/after.json",
    }

    def gate(**extra: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            ["bash", str(SCRIPT), "origin/main"], cwd=tmp_path, env={**env, **extra}, capture_output=True, text=True
        )

    failed = gate()
    assert failed.returncode == 1, failed.stdout + failed.stderr
    out = tmp_path / "advisor-out"
    assert {p.name for p in out.iterdir()} == {
        "advisor.sarif",
        "advisor-junit.xml",
        "check.md",
        "diff-1.md",
        "summary.md",
    }
    summary = (out / "summary.md").read_text()
    assert "gate FAILED" in summary
    assert "change `changes/sapapp01-ame-shrink/before.json` → `changes/sapapp01-ame-shrink/after.json`" in summary
    moderate = gate(
        ADVISOR_FILES="",
        ADVISOR_CHANGED="changes/sapapp01-ame-moderate/before.json "
        "changes/sapapp01-ame-moderate/after.json changes/README.md",
    )
    assert moderate.returncode == 0, moderate.stdout + moderate.stderr
    assert {p.name for p in out.iterdir()} == {"diff-1.md", "summary.md"}  # one diff for the pair, old reports gone
    assert "change passed" in (out / "summary.md").read_text()
    (tmp_path / "configs" / "typo.json").write_text('{"kind": "aix-lpar", "name": "x", "ame": {"enabeld": true}}')
    wrong = gate(ADVISOR_FILES="configs/sapapp01.json configs/typo.json")
    assert wrong.returncode == 2 and "did you mean 'enabled'" in wrong.stderr
    nothing = gate(ADVISOR_FILES="", ADVISOR_CHANGED="")
    assert nothing.returncode == 0 and "no configuration document" in (out / "summary.md").read_text()
