"""`advisor parse`: outputs to a document on stdout or -o, warnings and conflicts on stderr, exit 0/2."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from advisor.cli import app
from tests.assemble.helpers import sample_file, write

runner = CliRunner()


def test_parse_writes_the_document_to_stdout(tmp_path) -> None:
    files = [sample_file(tmp_path, n) for n in ("lparstat_i.s2.txt", "oslevel_s.synthetic.txt", "vmo_o.synthetic.txt")]
    result = runner.invoke(app, ["parse", *files])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["kind"] == "aix-lpar" and doc["ame"] == {"enabled": True, "page_support": "4K", "expansion_factor": 1.25}
    assert f"warning: {files[0]}:33: lparstat -i: hypervisor_page_size" in result.stderr


def test_parse_to_a_file_and_check_reads_it(tmp_path) -> None:
    target = tmp_path / "doc.json"
    result = runner.invoke(app, ["parse", sample_file(tmp_path, "amepat.s1-factor-4.7.txt"), "-o", str(target)])
    assert result.exit_code == 0 and result.stdout == ""
    assert json.loads(target.read_text())["ame"]["deficit_mb"] == 1645
    check = runner.invoke(app, ["check", str(target), "--format", "json"])
    assert check.exit_code == 1 and "AME-006" in check.stdout


def test_conflicts_and_provenance_go_to_stderr(tmp_path) -> None:
    files = [sample_file(tmp_path, n) for n in ("lparstat_i.s2.txt", "amepat.s2-ex3-2.txt")]
    result = runner.invoke(app, ["parse", *files, "--provenance"])
    assert result.exit_code == 0
    assert "conflict: ame.expansion_factor: outputs disagree: 1.25 from lparstat -i line 41" in result.stderr
    assert "kept 1.25" in result.stderr
    assert (
        f"provenance: ame.expansion_factor = 1.25 from lparstat -i line 41 of {files[0]}: "
        "Target Memory Expansion Factor : 1.25"
    ) in result.stderr
    assert json.loads(result.stdout)["ame"]["expansion_factor"] == 1.25


def test_text_format_kind_and_name(tmp_path) -> None:
    result = runner.invoke(
        app, ["parse", sample_file(tmp_path, "virtstor.s4.txt"), "--name", "SYSA", "--format", "text"]
    )
    assert result.exit_code == 0
    assert result.stdout.splitlines()[:3] == ['kind = "zos-lpar"', 'name = "SYSA"', 'lfarea_usage.source = "WE"']
    vios = runner.invoke(app, ["parse", sample_file(tmp_path, "lparstat_i.s2.txt"), "--kind", "vios"])
    assert json.loads(vios.stdout)["memory_gb"] == 8.0


def test_exit_2_when_nothing_can_be_parsed_or_the_command_is_wrong(tmp_path) -> None:
    garbage = write(tmp_path, "junk.txt", "this is not command output\n")
    result = runner.invoke(app, ["parse", garbage])
    assert result.exit_code == 2 and result.stdout == ""
    assert f"error: {garbage}: $: neither a configuration document" in result.stderr
    assert runner.invoke(app, ["parse", garbage, "--kind", "solaris"]).exit_code == 2
    assert runner.invoke(app, ["parse", str(tmp_path / "missing.txt")]).exit_code == 2
    no_name = runner.invoke(app, ["parse", sample_file(tmp_path, "virtstor.s4.txt")])
    assert no_name.exit_code == 2 and "$.name" in no_name.stderr and "--name" in no_name.stderr
    assert "Traceback" not in result.output + no_name.output


def test_stdin(tmp_path) -> None:
    from tests.parsers.parser_samples import load

    result = runner.invoke(app, ["parse", "-"], input=load("amepat.s1-factor-4.7.txt"))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["name"] == "ibmsvr2"
