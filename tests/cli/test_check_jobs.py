"""`advisor check --jobs N`: several processes, the same bytes as one, in input order.

Run as real processes (the pool forks), over generated documents with an unreadable one and a
raw command output among them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench import generator

ADVISOR = Path(sys.executable).with_name("advisor")


@pytest.fixture(scope="module")
def fleet(tmp_path_factory) -> list[str]:
    where = tmp_path_factory.mktemp("fleet")
    files = []
    for g in generator.generate(60, seed=21):
        path = where / f"{g.index:03d}-{g.document['name']}.json"
        path.write_text(json.dumps(g.document))
        files.append(str(path))
    bad = where / "030-bad.json"
    bad.write_text('{"kind": "aix-lpar", "name": "x", "ame": {"page_suport": "4K"}}')
    files.insert(30, str(bad))
    return files


def check(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(ADVISOR), "check", *args], capture_output=True, text=True, timeout=300)


def test_streamed_json_equals_the_gathered_report_byte_for_byte(fleet, tmp_path):
    gathered = tmp_path / "gathered.json"
    one = check(*fleet, "-f", "json", "--jobs", "1", "--output", f"json={gathered}")  # --output: not streamed
    two = check(*fleet, "-f", "json", "--jobs", "2")
    assert one.returncode == two.returncode == 2  # the unreadable input decides the exit code
    assert two.stdout == one.stdout == gathered.read_text()
    reviews = json.loads(two.stdout)
    assert [r["gate"]["file"] for r in reviews] == fleet
    assert reviews[30]["gate"]["errors"][0]["suggestion"] == "page_support"
    assert "030-bad.json: $.ame.page_suport: unknown field (did you mean 'page_support'?)" in two.stderr


def test_text_and_sarif_are_the_same_with_several_processes(fleet):
    for fmt in ("text", "sarif"):
        one, two = check(*fleet, "-f", fmt, "-j", "1"), check(*fleet, "-f", fmt, "-j", "2")
        assert one.returncode == two.returncode == 2
        assert one.stdout == two.stdout


def test_exit_code_and_waiver_note_without_input_errors(fleet, tmp_path):
    good = [f for f in fleet if not f.endswith("bad.json")]
    waivers = tmp_path / "waivers.yaml"
    waivers.write_text(
        "waivers:\n  - rule: ZOS-001\n    target: 'nothing-*'\n    reason: r\n    owner: o\n    expires: 2099-01-01\n"
    )
    streamed = check(*good, "-f", "json", "-j", "2", "--fail-on", "critical", "--waivers", str(waivers))
    gathered = check(
        *good,
        "-f",
        "json",
        "-j",
        "1",
        "--fail-on",
        "critical",
        "--waivers",
        str(waivers),
        "--output",
        f"json={tmp_path / 'g.json'}",
    )
    assert streamed.returncode == gathered.returncode
    assert streamed.returncode in (0, 1)
    assert streamed.returncode == (
        1 if any(f["severity"] == "critical" for r in json.loads(streamed.stdout) for f in r["findings"]) else 0
    )
    assert "1 waiver(s) matched nothing" in streamed.stderr and "1 waiver(s) matched nothing" in gathered.stderr
