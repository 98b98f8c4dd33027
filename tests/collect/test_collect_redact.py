"""--redact on the collectors: the bundle leaves the host redacted exactly as `advisor parse --redact` would
redact it (collect/redact.sh follows advisor/redact.py), and without redact.sh nothing is collected."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from advisor.parsers.bundle import marker, parse_bundle
from advisor.redact import Redactor
from tests.collect.test_collect_hpux_zvm import HPUX, HPUX_STUBS, check_bundle
from tests.parsers.parser_samples import SAMPLES, load
from tests.parsers.test_parsers_collectors import AIX, AIX_STUBS, ROOT, stub_path

REDACT = ROOT / "collect" / "redact.sh"
CREATED = 'created="'


def _run(script: Path, tmp_path: Path, stubs: dict[str, str], *args: str, **env: str) -> subprocess.CompletedProcess:
    tmp_path.mkdir(parents=True, exist_ok=True)
    bin_dir = Path(stub_path(tmp_path, stubs))
    (bin_dir / "awk").symlink_to(shutil.which("awk"))
    full = {"PATH": str(bin_dir), "LC_ALL": "C", **env}
    return subprocess.run(["sh", str(script), *args], env=full, capture_output=True, text=True, timeout=120)


def _same_time(text: str) -> str:
    """The header's created="..." differs between two runs: blank it."""
    head, _, rest = text.partition("\n")
    at = head.find(CREATED)
    if at >= 0:
        end = head.index('"', at + len(CREATED))
        head = head[: at + len(CREATED)] + head[end:]
    return head + "\n" + rest


@pytest.mark.parametrize(
    ("script", "stubs", "env", "host"),
    [(AIX, AIX_STUBS, {}, "sapapp01"), (HPUX, HPUX_STUBS, {"ADVISOR_SAP_ROOT": "/nonexistent"}, "hpsap01")],
    ids=["aix", "hpux"],
)
def test_redacted_bundle_equals_advisor_redaction(script, stubs, env, host, tmp_path: Path) -> None:
    plain = _run(script, tmp_path / "a", stubs, **env)
    redacted = _run(script, tmp_path / "b", stubs, "--redact", **env)
    assert plain.returncode == 0 and redacted.returncode == 0, redacted.stderr
    assert host in plain.stdout and host not in redacted.stdout
    assert re.search(r'^#### advisor-bundle format="1" host="host\d+"', redacted.stdout)
    assert _same_time(redacted.stdout) == _same_time(Redactor().text(plain.stdout))


def test_redact_with_output_file_in_any_option_order(tmp_path: Path) -> None:
    target = tmp_path / "out.bundle"
    run = _run(AIX, tmp_path, AIX_STUBS, "-o", str(target), "--redact", "-i", "1")
    assert run.returncode == 0 and run.stdout == "", run.stderr
    text = target.read_text()
    assert text.startswith('#### advisor-bundle format="1" host="host1"') and "sapapp01" not in text
    assert oct(target.stat().st_mode & 0o777) == oct(0o600)
    report = parse_bundle(text)
    assert {r.host for r in report.results} == {"host1"} and report.results


def test_without_redact_sh_nothing_is_collected(tmp_path: Path) -> None:
    alone = tmp_path / "alone"
    alone.mkdir()
    shutil.copy(HPUX, alone / HPUX.name)
    target = tmp_path / "out.bundle"
    run = _run(alone / HPUX.name, tmp_path, HPUX_STUBS, "--redact", "-o", str(target))
    assert run.returncode == 2 and "needs redact.sh" in run.stderr
    assert run.stdout == "" and (not target.exists() or target.read_text() == "")


def test_a_redacted_bundle_is_still_checked(tmp_path: Path) -> None:
    run = _run(HPUX, tmp_path, HPUX_STUBS, "--redact", ADVISOR_SAP_ROOT="/nonexistent")
    review = check_bundle(tmp_path, run.stdout)
    assert review["kind"] == "hpux-server" and review["target"] == "host1"


def test_redact_sh_follows_advisor_redaction_on_every_sample(tmp_path: Path) -> None:
    parts = [marker(format="1", host="sapapp01.example.com", collector="test")]
    for sample in sorted(SAMPLES.glob("*.txt")):
        parts += [marker(command=sample.name, host="sapapp01", rc="0"), load(sample.name).rstrip("\n")]
    identifying = [
        "root@sapapp01:/ # lsattr -El en0",
        "inet 10.1.2.3 netmask 0xffffff00 broadcast 10.1.2.255",
        "gateway 10.1.2.1 (fileset 7.2.5.1 on an address line)",
        "ip 300.1.2.3 and 1.2.3.4567 and 192.168.0.1",
        "Hardware Address: 00:1a:64:ab:cd:ef",
        "Network Address.............C0507609A1B20010",
        "ww_name 0x10000090FA1B2C3D World Wide Port Name; port name 10000090fa1b2c3d",
        "Machine Serial Number: 06ABCDE; serial_num=7800ABC, Serial Number: AB",
        "Host Name: dbsrv02.corp.local",
        "[oracle@dbsrv02 ~]$ ls",
        "dbsrv02:/home/oracle> echo sapapp01 DBSRV02 sapapp01.",
        '{"name": "erp-prd"}',
        "name: erp-prd",
        "mac aa-bb-cc-dd-ee-ff and aa:bb:cc:dd:ee:ff:00",
        "LPAR Info : 3 sapprd01",
        "name=Server-9009-42A-SN78DEF01,lic_type=Managed System,mtms=9009-42A*78DEF01",
    ]
    text = "\n".join([*parts, *identifying]) + "\n"
    source = tmp_path / "all.bundle"
    source.write_text(text)
    done = subprocess.run(["sh", str(REDACT), str(source)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == Redactor().text(text)
    tail = "\n".join(done.stdout.splitlines()[-len(identifying) :]).casefold()
    for secret in (
        "sapapp01",
        "dbsrv02",
        "10.1.2.3",
        "06ABCDE",
        "00:1a:64",
        "10000090",
        "erp-prd",
        "C0507609A1B20010",
        "78DEF01",
    ):
        assert secret.casefold() not in tail, secret
    assert "7.2.5.1" not in tail  # on an address line every dotted quad goes; elsewhere levels stay
    assert "7200-05-03-2148" in done.stdout


def test_redact_sh_is_posix_and_documented() -> None:
    for shell, flags in (("dash", ["-n"]), ("bash", ["--posix", "-n"])):
        if shutil.which(shell):
            assert subprocess.run([shell, *flags, str(REDACT)], capture_output=True).returncode == 0
    helped = subprocess.run(["sh", str(REDACT), "--help"], capture_output=True, text=True, timeout=30)
    assert helped.returncode == 0 and "CHANGES NOTHING" in helped.stdout and "Usage:" in helped.stdout
    assert subprocess.run(["sh", str(REDACT), "a", "b"], capture_output=True, timeout=30).returncode == 2
