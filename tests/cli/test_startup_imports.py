"""What a cold `advisor check` imports (issue 13, start-up): a pipeline runs it once per document, so
whatever it imports and does not use is paid on every call. Checked on sys.modules in a fresh
process, not on timing (bench/startup.py times it): the parser stack, PyYAML and the process pool
stay out of a JSON document's check, and `--help` loads no models, rulebook or rich."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
PROBE = """
import atexit, json, sys
atexit.register(lambda: print("MODULES=" + json.dumps(sorted(sys.modules)), file=sys.stderr))
sys.argv = ["advisor", *sys.argv[1:]]
from advisor.cli import main
main()
"""
# Made lazy for start-up; a JSON document's check needs none of them.
NOT_FOR_JSON = (
    "advisor.parsers",  # command-output parsers (advisor.inputs loads them for non-JSON text only)
    "advisor.assemble",  # building documents from outputs
    "yaml",  # YAML documents; the rulebook and sources come from the compiled cache
    "advisor.cli.jobs",  # the process pool, for several inputs only
    "multiprocessing",
    "concurrent.futures",
    "advisor.redact",  # --redact only
)
NOT_FOR_HELP = ("pydantic", "rich", "yaml", "advisor.documents", "advisor.rulebook.loader", "advisor.engine")


def imported(cache: Path, *args: str) -> set[str]:
    env = {**os.environ, "ADVISOR_CACHE_DIR": str(cache)}
    env.pop("ADVISOR_NO_CACHE", None)
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode in (0, 1), proc.stderr
    line = next(ln for ln in proc.stderr.splitlines() if ln.startswith("MODULES="))
    return set(json.loads(line.removeprefix("MODULES=")))


def loaded(modules: set[str], prefix: str) -> list[str]:
    return sorted(m for m in modules if m == prefix or m.startswith(prefix + "."))


@pytest.fixture(scope="module")
def cache(tmp_path_factory) -> Path:
    """A compiled-rulebook cache, filled by one call (the first call after a rule change compiles)."""
    path = tmp_path_factory.mktemp("cache")
    imported(path, "check", "examples/aix-clean.json", "--quiet")
    assert list(path.glob("rulebook-*.pickle"))
    return path


def test_checking_a_json_document_imports_no_parser_yaml_or_pool(cache):
    modules = imported(cache, "check", "examples/aix-ame4k-64k.json", "--quiet")
    assert "advisor.gate.judge" in modules and "advisor.documents.aix" in modules  # it did check
    assert {p: loaded(modules, p) for p in NOT_FOR_JSON if loaded(modules, p)} == {}


def test_a_raw_command_output_still_loads_the_parsers_it_needs(cache):
    modules = imported(cache, "check", "examples/outputs/lparstat_i.txt", "--quiet")
    assert loaded(modules, "advisor.parsers") and loaded(modules, "advisor.assemble")


def test_a_yaml_document_still_loads_the_yaml_reader(cache, tmp_path):
    doc = tmp_path / "doc.yaml"
    doc.write_text("kind: aix-lpar\nname: yamlpar\n")
    modules = imported(cache, "check", str(doc), "--quiet")
    assert "yaml" in modules and "advisor.documents.yamlread" in modules


def test_help_loads_no_models_rulebook_or_rich(cache):
    modules = imported(cache, "--help")
    assert {p: loaded(modules, p) for p in NOT_FOR_HELP if loaded(modules, p)} == {}
