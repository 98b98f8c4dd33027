"""What a cold `advisor check` imports (issue 13, start-up): a pipeline runs it once per document, so
whatever it imports and does not use is paid on every call. Checked on sys.modules in a fresh
process, not on timing (bench/startup.py times it): the parser stack, PyYAML, the process pool, the
rule loader and the other commands' modules stay out of a JSON document's check, and `--help` loads
no models, rulebook or rich. Also what the console script sets for a check alone: the collector
held through start-up, and no pydantic plugin discovery."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from advisor.cli import COMMANDS

ROOT = Path(__file__).parents[2]
PROBE = """
import atexit, gc, json, sys
atexit.register(lambda: print("MODULES=" + json.dumps(sorted(sys.modules)), file=sys.stderr))
atexit.register(lambda: print("GC=" + json.dumps([gc.isenabled(), gc.get_threshold(), gc.get_freeze_count() > 0]),
                              file=sys.stderr))
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
    "advisor.gate.baseline",  # --baseline only
    "advisor.diff",  # `advisor diff` only
    "rich",  # text on a pipe is printed without it (advisor.render.plain); the fleet table needs it
    # the other kinds' models: an AIX document builds the AIX ones (advisor.documents.KIND_MODELS)
    "advisor.documents.hpux",
    "advisor.documents.zos",
    "advisor.documents.zvm",
    "advisor.documents.vios",
    "advisor.documents.managed",
    "advisor.rulebook.loader",  # the cached rulebook unpickles from advisor.rulebook.compiled
    # the other commands' modules: `advisor CMD` imports CMD's module only (advisor.cli.COMMANDS)
    *(f"advisor.cli.{module}" for module in set(COMMANDS.values()) - {"check"}),
)
NOT_FOR_HELP = ("pydantic", "rich", "yaml", "advisor.documents", "advisor.rulebook.loader", "advisor.engine")


def probe(cache: Path, *args: str, **environ: str) -> dict[str, Any]:
    """What a fresh `advisor ARGS` process ends with: MODULES (imported) and GC (collector state)."""
    env = {**os.environ, "ADVISOR_CACHE_DIR": str(cache), **environ}
    env.pop("ADVISOR_NO_CACHE", None)
    if "PYDANTIC_DISABLE_PLUGINS" not in environ:
        env.pop("PYDANTIC_DISABLE_PLUGINS", None)
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode in (0, 1), proc.stderr
    found = dict(ln.split("=", 1) for ln in proc.stderr.splitlines() if ln.startswith(("MODULES=", "GC=")))
    return {key: json.loads(value) for key, value in found.items()}


def imported(cache: Path, *args: str) -> set[str]:
    return set(probe(cache, *args)["MODULES"])


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


def test_a_command_run_alone_reads_as_in_the_whole_application():
    """`advisor CMD` builds only CMD (advisor.cli.only_invoked); its help, options and errors are the
    whole application's, and anything that is not one known command gets the whole application."""
    from typer.testing import CliRunner

    from advisor.cli import app, only_invoked

    for args in (["check", "--help"], ["calc", "lfarea", "--help"], ["check", "--fail-on", "hgh", "x.json"]):
        lean = only_invoked(["advisor", *args])
        assert lean is not app and [c.callback for c in lean.registered_commands] != [
            c.callback for c in app.registered_commands
        ]
        alone, whole = (CliRunner().invoke(a, args, prog_name="advisor") for a in (lean, app))
        assert (alone.exit_code, alone.output) == (whole.exit_code, whole.output)
    for argv in (["advisor"], ["advisor", "--help"], ["advisor", "chek"], ["advisor", "--version"]):
        assert only_invoked(argv) is app


def registered(app) -> list[tuple[str, object]]:
    """(name, callback or sub-application) of every command and group, in listing order."""
    from typer.main import get_command_name

    commands = [(c.name or get_command_name(c.callback.__name__), c.callback) for c in app.registered_commands]
    return commands + [(g.name, g.typer_instance) for g in app.registered_groups]


def test_commands_names_the_module_that_registers_each_command_in_listing_order():
    from importlib import import_module

    from advisor.cli import app

    listed = registered(app)
    assert [name for name, _ in listed] == list(COMMANDS)
    for name, thing in listed:
        module = import_module(f"advisor.cli.{COMMANDS[name]}")
        assert any(value is thing for value in vars(module).values()), (name, module.__name__)


def test_the_listing_order_does_not_depend_on_which_command_module_loaded_first():
    code = (
        "import advisor.cli.serve, advisor.cli.keys, advisor.cli.check\n"
        "from advisor.cli import app\n"
        "from typer.main import get_command\n"
        "print(list(get_command(app).commands))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == str(list(COMMANDS)), out.stderr


def test_a_check_holds_the_collector_through_start_up_then_freezes_what_is_loaded(cache):
    assert probe(cache, "check", "examples/aix-clean.json", "--quiet")["GC"] == [True, [10_000, 20, 20], True]


def test_a_check_run_in_process_leaves_the_collector_as_it_was():
    import gc

    from typer.testing import CliRunner

    from advisor.cli import app

    before = (gc.isenabled(), gc.get_threshold())
    result = CliRunner().invoke(app, ["check", "examples/aix-clean.json", "--quiet"])
    assert result.exit_code == 0, result.output
    assert (gc.isenabled(), gc.get_threshold()) == before


@pytest.fixture(scope="module")
def pydantic_plugin(tmp_path_factory) -> tuple[Path, Path]:
    """A real pydantic plugin, installed as a distribution with a `pydantic` entry point on a path
    of its own; it appends a line to its log for every validator pydantic builds with it."""
    site = tmp_path_factory.mktemp("site")
    (site / "probe_plugin.py").write_text(
        "import os\n"
        "class Plugin:\n"
        "    def new_schema_validator(self, *args, **kwargs):\n"
        "        with open(os.environ['PROBE_PLUGIN_LOG'], 'a') as f:\n"
        "            f.write('validator\\n')\n"
        "        return None, None, None\n"
        "plugin = Plugin()\n"
    )
    dist = site / "probe_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: probe-plugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[pydantic]\nprobe = probe_plugin:plugin\n")
    return site, site / "plugin.log"


def test_a_check_does_not_look_for_pydantic_plugins_unless_the_environment_says(cache, pydantic_plugin):
    site, log = pydantic_plugin
    env = {"PYTHONPATH": str(site), "PROBE_PLUGIN_LOG": str(log)}
    probe(cache, "check", "examples/aix-clean.json", "--quiet", **env)
    assert not log.exists()
    probe(cache, "check", "examples/aix-clean.json", "--quiet", PYDANTIC_DISABLE_PLUGINS="", **env)
    assert log.read_text().count("validator") > 0  # the plugin is real: the same run with it allowed uses it
