"""The CLI under hostile input (issue 12): bounded reads, YAML alias bombs, and crashes that exit 3, never 1.

Run as a real process (`python -m advisor.cli.main`): the exit code is what a CI pipeline sees, and
exit 1 means "findings" (README), so a crash must never look like it.
"""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_S = 120  # before the fix the alias bomb never ended and /dev/zero was read until OOM


def advisor(*args: str, memory_mb: int | None = None) -> subprocess.CompletedProcess[str]:
    def limit() -> None:
        if memory_mb is not None:
            resource.setrlimit(resource.RLIMIT_AS, (memory_mb * 2**20, memory_mb * 2**20))

    return subprocess.run(
        [sys.executable, "-m", "advisor.cli.main", *args],
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        cwd=ROOT,
        preexec_fn=limit,
    )


def bomb(levels: int = 9) -> str:
    """The classic billion laughs in YAML: nine levels of nine aliases, `kind: *bomb`."""
    names = "abcdefghi"[:levels]
    lines = [f'{names[0]}: &{names[0]} ["x","x","x","x","x","x","x","x","x"]']
    lines += [f"{n}: &{n} [{','.join([f'*{p}'] * 9)}]" for p, n in zip(names, names[1:], strict=False)]
    lines.append(f"bomb: &bomb [{','.join([f'*{names[-1]}'] * 9)}]")
    lines.append("kind: *bomb")
    return "\n".join(lines) + "\n"


def test_reading_dev_zero_stops_at_the_input_limit() -> None:
    r = advisor("check", "/dev/zero")
    assert r.returncode == 2, r.stderr[-500:]
    assert "/dev/zero" in r.stderr and "larger than" in r.stderr and "Traceback" not in r.stderr


def test_a_yaml_alias_bomb_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bomb.yaml"
    path.write_text(bomb())
    assert len(path.read_bytes()) < 600  # the was 538 bytes
    r = advisor("check", str(path))
    assert r.returncode == 2, r.stderr[-500:]
    assert "alias" in r.stderr and "Traceback" not in r.stderr


def test_yaml_aliases_within_the_budget_still_work(tmp_path: Path) -> None:
    path = tmp_path / "anchors.yaml"
    path.write_text(
        "kind: aix-lpar\nname: sapapp02\nprocessor: POWER10\n"
        "ame: {enabled: true, page_support: &size 64K, expansion_factor: 2.0}\n"
        "workload: {type: sap-abap, app_page_size: *size}\n"  # an anchor used again: configurations do that
    )
    r = advisor("check", str(path))
    assert r.returncode in (0, 1), r.stderr[-500:]
    assert "repeat more than" not in r.stderr


def test_an_unexpected_failure_exits_3_with_one_line(tmp_path: Path) -> None:
    """A real fault: the address space capped at 400 MB, a 16 MB document (under the input limit) of
    5.5 million empty objects, which need more than 500 MB once read."""
    path = tmp_path / "big.json"
    path.write_text("[" + ",".join(["{}"] * 5_500_000) + "]")
    r = advisor("check", str(path), memory_mb=400)
    assert r.returncode == 3, (r.returncode, r.stderr[-500:])
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: unexpected MemoryError") and "ADVISOR_DEBUG" in lines[0]
    ok = advisor("check", "examples/aix-clean.json", memory_mb=400)  # the cap leaves room for real work
    assert ok.returncode == 0, ok.stderr[-500:]
