"""advisor.inputs.load_input: documents, single outputs, bundles and sessions; clear errors, no invented values."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
import yaml

from advisor.documents.errors import DocumentError
from advisor.inputs import load_input, load_outputs, load_text
from advisor.parsers.bundle import marker
from advisor.review import default_advisor
from tests.assemble.helpers import bundle, sample_file, write
from tests.parsers.parser_samples import load

ROOT = Path(__file__).parents[2]


# --- the issue's acceptance test -------------------------------------------------------------


def test_amepat_4_7_report_as_text_gives_the_critical_ame_006_with_quoted_deficit_line(tmp_path) -> None:
    path = sample_file(tmp_path, "amepat.s1-factor-4.7.txt")
    loaded = load_input(path)
    assert loaded.form == "output" and loaded.model.kind == "aix-lpar" and loaded.model.name == "ibmsvr2"
    review = default_advisor().review(loaded.model, provenance=loaded.provenance)
    ame006 = next(f for f in review.findings if f.rule_id == "AME-006")
    assert ame006.severity == "critical"
    assert ame006.evidence["ame.deficit_mb"] == 1645
    assert ame006.provenance is not None
    quoted = ame006.provenance["ame.deficit_mb"]
    assert (
        quoted == f"from amepat line 32 of {path} (Average column): "
        "Deficit Memory Size (MB) 1645 [11%] 1633 [11%] 1652 [12%]"
    )
    assert ame006.provenance["ame.enabled"].endswith("Active Memory Expansion : Enabled")
    assert review.findings[0].rule_id == "AME-006"  # ranked first


def test_review_without_provenance_leaves_findings_as_before() -> None:
    loaded = load_text(load("amepat.s1-factor-4.7.txt"))
    review = default_advisor().review(loaded.model)
    assert all(f.provenance is None for f in review.findings)


# --- forms -----------------------------------------------------------------------------------


def test_json_and_yaml_documents_load_as_documents(tmp_path) -> None:
    example = ROOT / "examples" / "aix-ame4k-64k.json"
    loaded = load_input(str(example))
    assert loaded.form == "document" and loaded.provenance == {} and loaded.warnings == []
    data = json.loads(example.read_text())
    as_yaml = load_input(write(tmp_path, "doc.yaml", yaml.safe_dump(data)))
    assert as_yaml.form == "document" and as_yaml.model == loaded.model


@pytest.mark.parametrize(
    "text, name",
    [
        (load("lscpu.s390x-lpar-smt.synthetic.txt").replace("PR/SM", "z/VM 6.4.0"), "LNXZ13"),
        ("\n".join(load("lparstat_i.s2.txt").split("\n")[:20]) + "\n", None),  # the lines before the first "-"
    ],
)
def test_detection_wins_over_yaml(text, name) -> None:
    assert isinstance(yaml.safe_load(text), dict)  # "Partition Name : x" is a YAML mapping too
    loaded = load_text(text, "pasted.txt", name=name)
    assert loaded.form == "output" and loaded.provenance


def test_a_pasted_terminal_session_is_split_at_its_prompts() -> None:
    session = (
        "root@aix1:/ # lparstat -i\n"
        + load("lparstat_i.s2.txt")
        + "root@aix1:/ # oslevel -s\n"
        + load("oslevel_s.synthetic.txt")
        + "root@aix1:/ # vmo -o ame_mpsize_support\n"
        + load("vmo_o.synthetic.txt")
    )
    loaded = load_text(session, "session.txt")
    assert loaded.form == "bundle"
    assert (loaded.model.os.tl, loaded.model.ame.page_support, loaded.model.ame.expansion_factor) == (5, "4K", 1.25)
    assert loaded.provenance["os.tl"].line_no == session.split("\n").index("7200-05-03-2148") + 1
    assert loaded.provenance["os.tl"].command_line == "oslevel -s"


def test_standard_input(monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(load("amepat.s1-factor-4.7.txt").encode())))
    loaded = load_input("-")
    assert loaded.source == "<stdin>" and loaded.model.ame.deficit_mb == 1645


def test_other_code_pages_are_read(tmp_path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes(
        load("oslevel_s.synthetic.txt").replace("7200", "7200\xa0", 0).encode("latin-1") + "\xa0\n".encode("latin-1")
    )
    assert load_input(str(path), name="x").model.os.version == "7.2"


def test_kind_given_explicitly() -> None:
    loaded = load_text(load("lparstat_i.s2.txt"), kind="vios")
    assert loaded.model.kind == "vios" and loaded.model.memory_gb == 8.0


def test_several_files_make_one_document(tmp_path) -> None:
    files = [sample_file(tmp_path, n) for n in ("lparstat_i.s2.txt", "oslevel_s.synthetic.txt", "vmo_o.synthetic.txt")]
    loaded = load_outputs(files)
    assert loaded.form == "outputs" and loaded.model.os.sp == 3
    assert loaded.provenance["os.sp"].file == files[1]


# --- errors: clear, with the file name, never invented values --------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        ("", "the input is empty"),
        ("   \n\n", "the input is empty"),
        ("hello world\nthis is not output of anything\n", "neither a configuration document"),
        ("Partition Name : x\nSome Label : 3\n", "$.kind: missing 'kind'"),
        ("kind: aix-lpar\nname: [unclosed\n", "neither JSON nor YAML"),
        ('{"kind": "aix-lpar", ', "neither JSON nor YAML"),
    ],
)
def test_garbage_is_a_document_error_naming_the_file(tmp_path, text, expected) -> None:
    path = write(tmp_path, "input.txt", text)
    with pytest.raises(DocumentError) as err:
        load_input(path)
    assert err.value.source == path
    assert expected in str(err.value)
    assert "Traceback" not in str(err.value)


def test_binary_and_missing_files(tmp_path) -> None:
    binary = tmp_path / "core"
    binary.write_bytes(b"\x7fELF\x00\x01\x02")
    with pytest.raises(DocumentError, match="binary data"):
        load_input(str(binary))
    with pytest.raises(DocumentError, match="cannot read"):
        load_input(str(tmp_path / "nope.txt"))


def test_truncated_amepat_report_maps_only_what_it_printed() -> None:
    lines = load("amepat.s1-factor-4.7.txt").split("\n")
    cut = "\n".join(lines[:29]) + "\n"  # stops after "AME CPU Usage": no compression, no deficit rows
    loaded = load_text(cut, "cut.txt")
    assert loaded.model.ame.deficit_mb is None and loaded.model.ame.cpu_pct == 43
    review = default_advisor().review(loaded.model)
    assert "AME-006" not in {f.rule_id for f in review.findings}
    assert "ame.deficit_mb" in next(n for n in review.not_assessed if n.rule_id == "AME-006").missing


def test_truncated_lparstat_keeps_what_is_there() -> None:
    head = "\n".join(load("lparstat_i.s2.txt").split("\n")[:9]) + "\n"
    doc = load_text(head, "head.txt").document
    assert doc == {
        "kind": "aix-lpar",
        "name": "750_2_AIX1",
        "cpu": {"mode": "shared", "smt": 4, "sharing": "uncapped", "entitled_capacity": 2.0, "virtual_processors": 4},
    }  # no memory, weight or AME lines: none invented


def test_outputs_that_state_no_field_are_an_error() -> None:
    with pytest.raises(DocumentError, match="state no field"):
        load_text(load("vmstat_sc.s2.txt"), "vmstat_s.txt", name="x")


def test_bundle_where_nothing_parses(tmp_path) -> None:
    text = (
        "\n".join(
            [
                marker(format="1", host="h"),
                marker(command="svmon -G", host="h", rc="127", status="missing"),
                marker(command="lparstat -i", host="h", rc="1", status="failed"),
                "lparstat: not found",
            ]
        )
        + "\n"
    )
    with pytest.raises(DocumentError) as err:
        load_input(write(tmp_path, "h.bundle", text))
    messages = [i.message for i in err.value.issues]
    assert "no command output in it could be parsed" in messages[0]
    assert any("command not found" in m for m in messages)


def test_bundle_of_an_unknown_format_version(tmp_path) -> None:
    with pytest.raises(DocumentError, match="format '2' is not supported"):
        load_input(write(tmp_path, "b", marker(format="2", host="h") + "\n"))


def test_bundle_problems_become_warnings() -> None:
    text = (
        bundle([("lparstat -i", "lparstat_i.s2.txt")], host="aix1")
        + marker(command="svmon -G", host="aix1", rc="127", status="missing")
        + "\n"
    )
    loaded = load_text(text, "aix1.bundle")
    assert any(w.command == "svmon -G" and "not found" in w.reason for w in loaded.warnings)


def test_document_of_another_kind_than_asked() -> None:
    with pytest.raises(DocumentError) as err:
        load_input(str(ROOT / "examples" / "aix-ame4k-64k.json"), kind="vios")
    assert err.value.issues[0].path == "$.kind"


def test_a_document_among_outputs_is_refused(tmp_path) -> None:
    with pytest.raises(DocumentError, match="configuration document, not command output"):
        load_outputs([str(ROOT / "examples" / "aix-ame4k-64k.json")])


def test_values_the_schema_refuses_are_dropped_and_reported() -> None:
    text = load("lparstat_i.s2.txt").replace("Variable Capacity Weight : 128", "Variable Capacity Weight : 300")
    loaded = load_text(text, "weird.txt")
    assert loaded.model.cpu.weight is None and "cpu.weight" not in loaded.provenance
    warning = next(w for w in loaded.warnings if "cpu.weight" in w.reason)
    assert warning.line == "Variable Capacity Weight : 300" and warning.file == "weird.txt"


def test_hosts_and_platforms_that_do_not_match_are_document_errors(tmp_path) -> None:
    files = [sample_file(tmp_path, "lparstat_i.s2.txt"), sample_file(tmp_path, "prtconf.synthetic.txt")]
    with pytest.raises(DocumentError, match="different hosts"):
        load_outputs(files)
    files = [sample_file(tmp_path, "kctune.hpux1131.synthetic.txt"), files[0]]
    with pytest.raises(DocumentError, match="different platforms"):
        load_outputs(files)
