"""The console examples of the README and the docs run, and show what the commands really print.

Every ```console block is replayed: `$ advisor ...` lines run in a copy of `examples/` (with `cd`
followed), the lines under a command must appear in its output in that order (`...` stands for
any text, and lines may be left out), and `$ echo $?` checks the exit code. Commands that need
what a clone does not have (a placeholder file, a glob, a pipe, a server, docker) are skipped;
each document must still run some, so a doc cannot silently stop being checked.
"""

from __future__ import annotations

import re
import shlex
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from typer.testing import CliRunner

from advisor.cli import app

ROOT = Path(__file__).parents[1]
DOCS = [
    "README.md",
    "docs/ci.md",
    "docs/api.md",
    "docs/lfarea.md",
    "docs/rule-format.md",
    *(str(p.relative_to(ROOT)) for p in sorted((ROOT / "examples").rglob("*.md"))),
]
BLOCK = re.compile(r"```console\n(.*?)```", re.S)


@dataclass
class Step:
    command: str
    expected: list[str] = field(default_factory=list)


def steps(text: str) -> list[Step]:
    out: list[Step] = []
    for block in BLOCK.findall(text):
        lines = block.splitlines()
        i = 0
        while i < len(lines):
            line = lines[i]
            if line.startswith("$ "):
                command = line[2:]
                while command.endswith("\\") and i + 1 < len(lines):
                    i += 1
                    command = command[:-1] + " " + lines[i].strip()
                out.append(Step(command))
            elif out and line.strip():
                out[-1].expected.append(line.rstrip())
            i += 1
    return out


def runnable(argv: list[str], cwd: Path) -> bool:
    """Only `advisor` commands whose input files exist here (outputs after -o are written)."""
    if not argv or argv[0] != "advisor" or any(t in ("|", ">", "<", "&&") for t in argv):
        return False
    skip_next = False
    for token in argv[1:]:
        if skip_next:
            skip_next = False
            continue
        if token in ("-o", "--output", "--out"):
            skip_next = True
            continue
        if token.startswith("-") or "=" in token:
            continue
        looks_like_file = "/" in token or re.search(r"\.(json|ya?ml|txt|bundle|out)$", token)
        if looks_like_file and not (cwd / token).exists():
            return False
    return True


def shown(expected: list[str], actual: str) -> list[str]:
    """The expected lines not found, in order, in the actual output."""
    lines = [line.rstrip() for line in actual.splitlines()]
    at = 0
    for want in expected:
        pattern = re.compile(".*".join(re.escape(part) for part in want.split("...")))
        while at < len(lines) and not pattern.fullmatch(lines[at]):
            at += 1
        if at == len(lines):
            return [want]
        at += 1
    return []


@pytest.mark.parametrize("doc", DOCS)
def test_console_examples_show_what_the_commands_print(doc, tmp_path, monkeypatch):
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    cwd = tmp_path
    runner = CliRunner()
    ran, last_code = 0, None
    problems = []
    for step in steps((ROOT / doc).read_text(encoding="utf-8")):
        argv = shlex.split(step.command, comments=True)
        if argv[:1] == ["cd"]:
            cwd = cwd / argv[1]
            continue
        if argv == ["echo", "$?"]:
            if last_code is not None and step.expected and int(step.expected[0]) != last_code:
                problems.append(f"{doc}: exit code {last_code}, the doc shows {step.expected[0]}")
            last_code = None
            continue
        last_code = None
        if not runnable(argv, cwd):
            continue
        monkeypatch.chdir(cwd)
        result = runner.invoke(app, argv[1:])
        ran += 1
        last_code = result.exit_code
        assert result.exception is None or isinstance(result.exception, SystemExit), (step.command, result.exception)
        missing = shown(step.expected, result.output)
        if missing:
            problems.append(f"{doc}: `{step.command}` does not print {missing[0]!r}; it printed:\n{result.output}")
    assert not problems, "\n\n".join(problems)
    if doc in ("README.md", "examples/changes/README.md", "docs/lfarea.md"):
        assert ran >= 2, f"{doc}: only {ran} console example(s) ran"
