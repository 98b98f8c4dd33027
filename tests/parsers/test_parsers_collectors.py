"""The collectors, run with sh against stub commands, and read back through the bundle parser."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from advisor.parsers import registry
from advisor.parsers.bundle import parse_bundle, read_bundle
from tests.parsers.parser_samples import SAMPLES, load

ROOT = Path(__file__).resolve().parents[2]
AIX = ROOT / "collect" / "aix-collect.sh"
VIOS = ROOT / "collect" / "vios-collect.sh"
TOOLS = ("sed", "date", "cat", "sh")

AIX_STUBS = {
    "uname": "echo sapapp01",
    "oslevel": "show oslevel_s.synthetic.txt",
    "prtconf": "show prtconf.synthetic.txt",
    "lparstat": 'case "$1" in -i) show lparstat_i.s2.txt ;; -c) show lparstat_c.s2.txt ;; esac',
    "vmstat": (
        'case "$1" in -vc) show vmstat_vc.s2.txt ;; -sc) show vmstat_sc.s2.txt ;;'
        " *) show vmstat.c-ame.synthetic.txt ;; esac"
    ),
    "vmo": "show vmo_L.aix72.synthetic.txt",
    "schedo": "show schedo.s2.txt",
    "lsattr": (
        'case "$2" in mem0) show lsattr_mem0.s2.txt ;; ent0) show lsattr_ent.aix-virtual.synthetic.txt ;;'
        " en0) show lsattr_en.aix.synthetic.txt ;;"
        ' hdisk6) printf "queue_depth    20          Queue DEPTH    True\\n'
        'reserve_policy no_reserve  Reserve Policy True\\n" ;;'
        ' fcs0) printf "num_cmd_elems 200      Maximum number of COMMANDS to queue to the adapter True\\n'
        'max_xfer_size 0x100000 Maximum Transfer Size True\\n" ;;'
        ' *) echo "lsattr: 0514-519 The following device was not found in the customized device'
        ' configuration database: $2" >&2; exit 1 ;; esac'
    ),
    "ps": "show ps_eZ.sap64k.synthetic.txt",
    "lsdev": (
        'case "$*" in "-Cc disk") show lsdev_disk.s2-wpar-global.txt ;;'
        ' "-Cc adapter") printf "ent0 Available  Virtual I/O Ethernet Adapter (l-lan)\\n'
        "ent1 Available  Virtual I/O Ethernet Adapter (l-lan)\\n"
        'fcs0 Available 03-T1 Virtual Fibre Channel Client Adapter\\n" ;;'
        ' "-Cc if -F name") printf "en0\\nlo0\\n" ;; esac'
    ),
    "netstat": "show netstat_v.s2.txt",
    "lslpp": "show lslpp_l.s2-sddpcm.txt",
    "amepat": "show amepat.s1-factor-2.0.txt",
    "lswpar": 'case "$1" in -D) show lswpar.D.synthetic.txt ;; *) show lswpar.aix71.synthetic.txt ;; esac',
}

VIOS_STUBS = {
    "uname": "echo vios1",
    "ioscli": (
        'case "$*" in ioslevel) show ioslevel.s2.txt ;; "lsdev -type disk") show lsdev_disk.s2-generic.txt ;;'
        ' "lsdev -type adapter") show lsdev_adapter.vios.synthetic.txt ;;'
        ' "lsdev -dev ent6 -attr") show lsattr_sea.vios.synthetic.txt ;;'
        ' "lsdev -dev hdisk"*) printf "queue_depth 32 Queue DEPTH True\\n" ;;'
        ' "lsdev -dev fcs"*) printf "num_cmd_elems 1024 Maximum number of COMMANDS to queue to the adapter True\\n" ;;'
        ' "lsmap -all") show lsmap.vios31.synthetic.txt ;; "lsmap -all -npiv") show lsmap.npiv.synthetic.txt ;;'
        ' "lsdev -dev "*) show lsattr_ent.aix-virtual.synthetic.txt ;;'
        ' "entstat -all "*) show netstat_v.s2.txt | sed "s/(ent0)/($3)/" ;; esac'
    ),
    "lparstat": "show lparstat_i.aix72-ams.synthetic.txt",
}


def stub_path(tmp_path: Path, stubs: dict[str, str]) -> str:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in TOOLS:
        (bin_dir / tool).symlink_to(shutil.which(tool))
    for name, body in stubs.items():
        script = bin_dir / name
        script.write_text(f'#!/bin/sh\nshow() {{ sed "/^#:/d" "{SAMPLES}/$1"; }}\n{body}\n')
        script.chmod(0o755)
    return str(bin_dir)


def collect(script: Path, tmp_path: Path, stubs: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    env = {"PATH": stub_path(tmp_path, stubs), "LC_ALL": "C"}
    return subprocess.run(["sh", str(script), *args], env=env, capture_output=True, text=True, timeout=60)


def sections(text: str) -> list[tuple[str, str]]:
    return [(s.command, attrs.get("status", "")) for s, attrs in read_bundle(text)[1]]


def test_aix_collector_writes_a_bundle_that_splits_back(tmp_path: Path) -> None:
    run = collect(AIX, tmp_path, {k: v for k, v in AIX_STUBS.items() if k != "amepat"}, "-i", "1")
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith('#### advisor-bundle format="1" host="sapapp01" collector="aix-collect.sh"')
    assert sections(run.stdout) == [
        ("oslevel -s", "ok"),
        ("prtconf", "ok"),
        ("lparstat -i", "ok"),
        ("lparstat -c 1 3", "ok"),
        ("vmstat -vc", "ok"),
        ("vmstat -sc", "ok"),
        ("vmstat 1 3", "ok"),
        ("vmo -F -L", "ok"),
        ("schedo -o vpm_fold_policy", "ok"),
        ("svmon -G", "missing"),
        ("lsattr -El mem0", "ok"),
        ("ps -eZ", "ok"),
        ("lsdev -Cc disk", "ok"),
        ("lsattr -El hdisk6", "ok"),
        ("lsdev -Cc adapter", "ok"),
        ("lsattr -El ent0", "ok"),
        ("lsattr -El ent1", "failed"),
        ("lsattr -El fcs0", "ok"),
        ("lsattr -El en0", "ok"),
        ("netstat -v", "ok"),
        ("lslpp -l", "ok"),
        ("lswpar", "ok"),
        ("lswpar -D", "ok"),
    ]
    report = parse_bundle(run.stdout)
    by_command = {r.command: r for r in report.results}
    assert by_command["lparstat -i"].data == registry.parse_output(load("lparstat_i.s2.txt"), "lparstat -i").data
    assert by_command["vmstat -vc"].data["achieved_memory_expansion_factor"] == 1.8
    assert by_command["schedo -o vpm_fold_policy"].data == {"vpm_fold_policy": 3}
    assert all(r.host == "sapapp01" for r in report.results)
    assert sorted((p.command, p.reason.split(" (")[0].split(".")[0]) for p in report.problems) == [
        ("lsattr -El ent1", "command failed"),
        ("svmon -G", "command not found on the host"),
    ]
    assert by_command["lsattr -El"].command_line  # hdisk and fcs attributes are in the bundle, read as lsattr
    attrs = {r.command_line: r.data for r in report.results if r.command == "lsattr -El"}
    assert attrs["lsattr -El hdisk6"]["queue_depth"] == 20 and attrs["lsattr -El fcs0"]["num_cmd_elems"] == 200
    lines = run.stdout.split("\n")
    for result in report.results:
        for where in result.provenance.values():
            assert lines[where.line_no - 1] == where.line


def test_aix_collector_runs_amepat_only_when_asked_and_writes_to_a_file(tmp_path: Path) -> None:
    target = tmp_path / "bundle.txt"
    run = collect(AIX, tmp_path, AIX_STUBS, "-o", str(target), "-a", "2")
    assert run.returncode == 0 and run.stdout == ""
    text = target.read_text()
    assert ("amepat 2", "ok") in sections(text)
    amepat = next(r for r in parse_bundle(text).results if r.command == "amepat")
    assert amepat.data["recommendation"]["expansion_factor"] == 3.74
    assert oct(target.stat().st_mode & 0o777) == "0o600"


def test_aix_collector_falls_back_to_vmstat_v_without_ame(tmp_path: Path) -> None:
    stubs = dict(
        AIX_STUBS,
        vmstat=(
            'case "$1" in -vc|-sc) echo "vmstat: 0551-101 The -c flag is valid only with AME enabled." >&2; exit 1 ;;'
            ' -v) show vmstat_vc.s2.txt | sed "/compressed pool\\|Compressed Pool\\|expansion factor/d" ;;'
            " -s) show vmstat_sc.s2.txt ;; *) show vmstat.c-ame.synthetic.txt ;; esac"
        ),
    )
    run = collect(AIX, tmp_path, stubs)
    order = [command for command, _ in sections(run.stdout)]
    assert order[4:8] == ["vmstat -vc", "vmstat -v", "vmstat -sc", "vmstat -s"]
    results = {r.command_line: r for r in parse_bundle(run.stdout).results}
    assert results["vmstat -v"].data["memory_pages"] == 3670016
    assert "achieved_memory_expansion_factor" not in results["vmstat -v"].data
    assert results["vmstat -s"].data["syscalls"] == 85759689


def test_aix_collector_with_nothing_installed_records_every_command_missing(tmp_path: Path) -> None:
    run = collect(AIX, tmp_path, {"uname": "echo bare"})
    assert run.returncode == 0
    statuses = sections(run.stdout)
    assert statuses and {status for _, status in statuses} == {"missing"}
    assert parse_bundle(run.stdout).results == []


def test_collector_usage_errors(tmp_path: Path) -> None:
    assert collect(AIX, tmp_path, AIX_STUBS, "-i", "soon").returncode == 2


def test_vios_collector(tmp_path: Path) -> None:
    run = collect(VIOS, tmp_path, VIOS_STUBS)
    assert run.returncode == 0, run.stderr
    ents = [f"ent{i}" for i in range(7)]
    assert sections(run.stdout) == [
        ("ioslevel", "ok"),
        ("lsdev -type disk", "ok"),
        *[(f"lsdev -dev hdisk{n} -attr", "ok") for n in range(6)],
        ("lsdev -type adapter", "ok"),
        *[(f"lsdev -dev {e} -attr", "ok") for e in ents],
        *[(f"entstat -all {e}", "ok") for e in ents],
        ("lsdev -dev fcs0 -attr", "ok"),
        ("lsdev -dev fcs1 -attr", "ok"),
        ("lsmap -all", "ok"),
        ("lsmap -all -npiv", "ok"),
        ("lparstat -i", "ok"),
        ("schedo -o vpm_fold_policy", "missing"),
    ]
    report = parse_bundle(run.stdout)
    assert [p.command for p in report.problems] == ["schedo -o vpm_fold_policy"]
    maps = [r for r in report.results if r.command == "lsmap -all"]
    assert [r.command_line for r in maps] == ["lsmap -all", "lsmap -all -npiv"]
    assert maps[0].data["vtds"][0]["backing_device"] == "hdisk4" and len(maps[1].data["vfchosts"]) == 3
    attrs = {r.command_line: r.data for r in report.results if r.command == "lsattr -El"}
    assert attrs["lsdev -dev hdisk5 -attr"]["queue_depth"] == 32
    assert attrs["lsdev -dev fcs1 -attr"]["num_cmd_elems"] == 1024
    by_command = {r.command: r for r in report.results}
    assert by_command["ioslevel"].data["ioslevel"] == "2.2.2.0"
    assert {d["description"] for d in by_command["lsdev -type disk"].data["disks"]} == {"MPIO Other FC SCSI Disk Drive"}
    sea = next(r for r in report.results if r.command == "lsattr -El" and "ha_mode" in r.data)
    assert sea.data["ha_mode"] == "auto" and sea.host == "vios1"
    stats = [r for r in report.results if r.command == "netstat -v"]
    assert [next(iter(r.data["adapters"])) for r in stats] == ents


def commands_run(script: Path) -> list[str]:
    return re.findall(r'^\s*run "([^"]+)"', script.read_text(), re.M)


@pytest.mark.parametrize("script", [AIX, VIOS], ids=lambda p: p.name)
def test_collectors_only_run_reading_commands_listed_in_their_header(script: Path) -> None:
    text = script.read_text()
    header = "\n".join(line for line in text.splitlines() if line.startswith("#"))
    for label in commands_run(script):
        pattern = r"\s+".join(r"\S+" if word.startswith("$") else re.escape(word) for word in label.split())
        assert re.search(rf"^#\s+(ioscli )?{pattern}(\s|$)", header, re.M), label
    code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    forbidden = (
        r"\b(chdev|mkdev|rmdev|mkvdev|rmvdev|cfgmgr|shutdown|reboot|kill|rm)\b"
        r"|-o \w+=|schedo -p|vmo -[rp]|no -[po]"
    )
    assert re.search(forbidden, code) is None
    assert "changes nothing" in header.casefold()


@pytest.mark.parametrize("script", [AIX, VIOS], ids=lambda p: p.name)
def test_collectors_are_posix_sh(script: Path) -> None:
    assert subprocess.run(["sh", "-n", str(script)], capture_output=True).returncode == 0
    if shutil.which("bash"):
        assert subprocess.run(["bash", "--posix", "-n", str(script)], capture_output=True).returncode == 0
    assert os.access(script, os.X_OK)
