"""What admins expect of `advisor check`: --name/--kind for raw outputs, a directory as input,
not-assessed rules grouped by the command that would assess them, a fleet summary, --quiet,
and a progress bar on standard error only when it is a terminal."""

from __future__ import annotations

import os
import pty
import shutil
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from advisor.cli import app

ROOT = Path(__file__).parents[2]
SAMPLES = ROOT / "tests" / "parsers" / "samples"
runner = CliRunner()


def check(*args: str):
    return runner.invoke(app, ["check", *args])


def ieasys(tmp_path: Path) -> Path:
    """An IEASYSxx member: z/OS, and no output of it names the system."""
    text = "".join(line for line in SAMPLES.joinpath("ieasys.synthetic.txt").open() if not line.startswith("#:"))
    path = tmp_path / "ieasys00.txt"
    path.write_text(text)
    return path


def test_name_for_a_raw_output_that_lacks_one(tmp_path):
    member = ieasys(tmp_path)
    without = check(str(member))
    assert without.exit_code == 2 and "$.name: no output names the system" in without.stderr
    named = check(str(member), "--name", "SYSB", "--format", "json")
    assert named.exit_code in (0, 1), named.output
    assert '"target": "SYSB"' in named.stdout and '"kind": "zos-lpar"' in named.stdout


def test_unknown_kind_is_exit_2_with_a_suggestion(tmp_path):
    result = check(str(ieasys(tmp_path)), "--kind", "zos-lapr")
    assert result.exit_code == 2
    assert "--kind 'zos-lapr': unknown kind (did you mean 'zos-lpar'?)" in result.stderr


def test_a_directory_is_every_input_under_it_in_order(tmp_path):
    configs = tmp_path / "configs"
    (configs / "frames").mkdir(parents=True)
    shutil.copy(ROOT / "examples" / "aix-clean.json", configs / "b.json")
    shutil.copy(ROOT / "examples" / "zvm-z13.json", configs / "frames" / "a.json")
    (configs / ".hidden.json").write_text("{}")
    (configs / "notes.md").write_text("not an input")
    result = check(str(configs), "--format", "json")
    assert result.exit_code == 0, result.output
    assert '"file": "' + str(configs / "b.json") in result.stdout
    assert result.stdout.index("configs/b.json") < result.stdout.index("frames/a.json")  # sorted paths
    empty = tmp_path / "empty"
    empty.mkdir()
    assert check(str(empty)).exit_code == 2


def test_not_assessed_grouped_by_command_and_ruled_out_rules_hidden():
    text = check(str(ROOT / "examples" / "aix-clean.json")).stdout
    assert "give `lswpar` (wpar.wpars) to assess 4 rules: WPAR-001, WPAR-005, WPAR-006, WPAR-003" in text
    assert "1 more cannot apply to this system" in text  # LPAR-007: dedicated only; sapapp02 is shared
    assert "LPAR-007" not in text
    groups = [line for line in text.splitlines() if line.startswith("     give ")]
    assert 0 < len(groups) < 20 and "20 not assessed" in text.splitlines()[0]


def test_fleet_summary_and_quiet():
    files = [str(p) for p in sorted((ROOT / "examples").glob("*.json"))]
    full = check(*files)
    assert "Fleet summary" in full.stdout and "Top rules: " in full.stdout
    assert all(Path(f).name in full.stdout.split("Fleet summary")[1] for f in files)
    quiet = check(*files, "--quiet")
    assert quiet.exit_code == full.exit_code == 1
    lines = quiet.stdout.splitlines()
    assert lines[-1].startswith("gate FAILED") and len(lines) < 15
    assert all(": CRITICAL " in line or ": HIGH " in line for line in lines[:-1])


def test_progress_only_on_a_terminal(tmp_path):
    files = [str(p) for p in sorted((ROOT / "examples").glob("*.json"))]
    cmd = [sys.executable, "-m", "advisor.cli.main", "check", "--quiet", *files]
    piped = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert "reviewing" not in piped.stderr and "reading" not in piped.stderr
    leader, follower = pty.openpty()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=follower)
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    proc.wait(timeout=120)
    os.close(leader)
    assert b"reviewing" in seen or b"reading" in seen
