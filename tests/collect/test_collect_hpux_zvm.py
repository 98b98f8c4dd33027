"""The HP-UX and Linux-on-z/VM collectors, run with sh against stub commands and read back by `advisor check`."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from advisor.parsers.bundle import parse_bundle
from tests.parsers.parser_samples import load
from tests.parsers.test_parsers_collectors import ROOT, commands_run, sections, stub_path

HPUX = ROOT / "collect" / "hpux-collect.sh"
ZVM = ROOT / "collect" / "zvm-linux-collect.sh"
ADVISOR = [str(Path(sys.executable).with_name("advisor"))]  # the installed CLI, as an admin runs it

HPUX_STUBS = {
    "uname": "echo hpsap01",
    "machinfo": "show machinfo.hpux1131.synthetic.txt",
    "kctune": "show kctune.hpux1131.synthetic.txt",
    "swapinfo": "show swapinfo.hpux1131-tam.synthetic.txt",
    "mpsched": "show mpsched.hpux1131.synthetic.txt",
    "psrset": "show psrset.two-sets.synthetic.txt",
    "parstatus": 'case "$1" in -w) show parstatus.w.synthetic.txt ;; *) show parstatus.rp8440.synthetic.txt ;; esac',
    "chatr": 'show chatr.disp+work-large.synthetic.txt | sed "s#^/usr/sap/PRD/SYS/exe/run/disp+work:#$1:#"',
}
ZVM_STUBS = {"uname": "echo linuxz01", "lscpu": "show lscpu.s390x-zvm-newer.synthetic.txt"}


def collect(script: Path, tmp_path: Path, stubs: dict[str, str], *args: str, **env: str) -> subprocess.CompletedProcess:
    full = {"PATH": stub_path(tmp_path, stubs), "LC_ALL": "C", **env}
    return subprocess.run(["sh", str(script), *args], env=full, capture_output=True, text=True, timeout=60)


def check_bundle(tmp_path: Path, text: str, *args: str) -> dict:
    """`advisor check --bundle` on the collector's bundle: its JSON review (exit 0, no input error)."""
    bundle = tmp_path / "host.bundle"
    bundle.write_text(text)
    done = subprocess.run(
        [*ADVISOR, "check", "--bundle", str(bundle), "--fail-on", "critical", "--format", "json", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_hpux_collector_records_each_command_and_chatr_of_sap_programs(tmp_path: Path) -> None:
    exe = tmp_path / "sap" / "PRD" / "SYS" / "exe" / "run"
    exe.mkdir(parents=True)
    (exe / "disp+work").write_text("")
    run = collect(HPUX, tmp_path, HPUX_STUBS, ADVISOR_SAP_ROOT=str(tmp_path / "sap"))
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith('#### advisor-bundle format="1" host="hpsap01" collector="hpux-collect.sh"')
    assert sections(run.stdout) == [
        ("machinfo", "ok"),
        ("kctune", "ok"),
        ("swapinfo -tam", "ok"),
        ("parstatus", "ok"),
        ("parstatus -w", "ok"),
        ("mpsched -s", "ok"),
        ("psrset", "ok"),
        (f"chatr {exe / 'disp+work'}", "ok"),
    ]
    report = parse_bundle(run.stdout)
    assert not report.problems  # every section is read
    assert {r.command for r in report.results} == {
        "machinfo",
        "kctune",
        "swapinfo -tam",
        "parstatus",
        "mpsched -s",
        "psrset",
        "chatr",
    }
    review = check_bundle(tmp_path, run.stdout)
    assert review["kind"] == "hpux-server" and review["not_assessed"]  # a review, not an input error
    unassessed = {entry["rule_id"] for entry in review["not_assessed"]}
    assert "HPUX-001" not in unassessed  # the chatr page size hints reached the document


def test_hpux_collector_without_usr_sap_runs_no_chatr(tmp_path: Path) -> None:
    run = collect(HPUX, tmp_path, HPUX_STUBS, ADVISOR_SAP_ROOT=str(tmp_path / "absent"))
    assert [c for c, _ in sections(run.stdout) if c.startswith("chatr")] == []


def test_zvm_collector_reads_lscpu_and_asks_vmcp_only_when_present(tmp_path: Path) -> None:
    sysinfo = tmp_path / "sysinfo"
    sysinfo.write_text(load("sysinfo.zvm-guest-z14.synthetic.txt"))
    run = collect(ZVM, tmp_path, ZVM_STUBS, ADVISOR_SYSINFO=str(sysinfo))
    assert run.returncode == 0, run.stderr
    got = sections(run.stdout)
    assert got == [("lscpu", "ok"), ("cat /proc/sysinfo", "ok")]  # no vmcp on PATH: not run
    report = parse_bundle(run.stdout)
    assert report.results[0].data["hypervisor"].startswith("z/VM")
    assert report.results[1].data["machine_name"] == "z14" and not report.problems
    review = check_bundle(tmp_path, run.stdout)
    # named by LPAR Name, the partition z/VM runs in (as lparstat's Partition Name names an AIX document over the
    # bundle's host, linuxz01, which is the Linux guest's)
    assert review["kind"] == "zvm-lpar" and review["target"] == "ZVMLP44"


def test_zvm_collector_with_vmcp(tmp_path: Path) -> None:
    stubs = dict(ZVM_STUBS, vmcp='echo "Multithreading is enabled"')
    run = collect(ZVM, tmp_path, stubs)
    assert ("vmcp q multithread", "ok") in sections(run.stdout)
    report = parse_bundle(run.stdout)
    assert [r.data for r in report.results if r.command == "vmcp q multithread"] == [{"multithreading": "enabled"}]


@pytest.mark.parametrize("script", [HPUX, ZVM], ids=lambda p: p.name)
def test_new_collectors_are_posix_read_only_and_documented(script: Path, tmp_path: Path) -> None:
    for shell in ("dash", "bash"):
        if shutil.which(shell):
            flags = ["--posix", "-n"] if shell == "bash" else ["-n"]
            assert subprocess.run([shell, *flags, str(script)], capture_output=True).returncode == 0
    assert os.access(script, os.X_OK)
    text = script.read_text()
    header = "\n".join(line for line in text.splitlines() if line.startswith("#"))
    for label in commands_run(script):
        first = label.split()[0]
        assert first in header, label
    code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    assert "changes nothing" in header.casefold()
    for forbidden in ("kctune -", "chcpu", "psrset -", "mpsched -p", " rm ", "=VALUE"):
        assert forbidden not in code.replace("mpsched -s", "")
    helped = subprocess.run(["sh", str(script), "--help"], capture_output=True, text=True, timeout=30)
    assert helped.returncode == 0 and "CHANGES NOTHING" in helped.stdout and "Usage:" in helped.stdout
    assert subprocess.run(["sh", str(script), "-x"], capture_output=True, timeout=30).returncode == 2
