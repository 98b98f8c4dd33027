"""HMC CLI listings (lssyscfg, lshwres): values read as printed, and refusals where names are missing."""

from __future__ import annotations

import pytest

from advisor.parsers import ParseError, detect, parse_output
from tests.parsers.parser_samples import load


def test_lssyscfg_sys_reads_pairs_and_quoted_values_with_commas() -> None:
    result = parse_output(load("lssyscfg_sys.synthetic.txt"), "lssyscfg -r sys")
    row = result.data["rows"][0]
    assert row["name"] == "Server-9009-42A-SN7800ABC" and row["type_model"] == "9009-42A"
    assert row["lpar_ids"] == "1,2,3"  # the quoted pair is one attribute, not three fields
    assert row["sys_time"] == "11/24/2026 08:00:00"
    assert result.provenance["rows.0.type_model"].line_no == 1
    assert not result.warnings


def test_lssyscfg_lpar_rows_keep_values_with_blanks() -> None:
    result = parse_output(load("lssyscfg_lpar.synthetic.txt"))
    assert result.command == "lssyscfg"
    rows = result.data["rows"]
    assert [r["name"] for r in rows] == ["vios1", "sapprd01", "linux01"]
    assert rows[1]["os_version"] == "AIX 7.2 7200-05-03-2148" and rows[2]["state"] == "Not Activated"


def test_lshwres_is_detected_and_read() -> None:
    text = load("lshwres_proc_lpar.synthetic.txt")
    assert detect(text) == "lshwres"
    rows = parse_output(text).data["rows"]
    assert rows[1]["curr_proc_units"] == "2.5" and rows[2]["curr_sharing_mode"] == "share_idle_procs"


def test_f_with_header_names_the_values() -> None:
    text = "name,type_model,serial_num\nServer-A,9080-HEX,78ABCDE\n"
    row = parse_output(text, "lssyscfg -r sys -F name,type_model,serial_num --header").data["rows"][0]
    assert row == {"name": "Server-A", "type_model": "9080-HEX", "serial_num": "78ABCDE"}


def test_f_without_header_is_refused_not_matched_by_position() -> None:
    with pytest.raises(ParseError):
        parse_output("Server-A,9080-HEX,78ABCDE\n", "lssyscfg -r sys -F name,type_model,serial_num")


def test_a_value_line_with_the_wrong_field_count_is_warned_and_skipped() -> None:
    text = "lpar_name,curr_procs,curr_proc_units\nlpar1,2,0.5\nlpar2,4\n"
    result = parse_output(text, "lshwres -r proc --level lpar -F lpar_name,curr_procs,curr_proc_units --header")
    assert [r["lpar_name"] for r in result.data["rows"]] == ["lpar1"]
    assert any("2 values for the 3 attributes" in w.reason for w in result.warnings)


def test_unbalanced_quotes_are_warned_about() -> None:
    text = 'name=a,type_model=9009-42A\nname=b,"lpar_ids=1,2,type_model=9009-22A\n'
    result = parse_output(text, "lssyscfg -r sys")
    assert [r["name"] for r in result.data["rows"]] == ["a"]
    assert any("quotes" in w.reason for w in result.warnings)


def test_a_cut_last_line_is_not_trusted() -> None:
    text = "lpar_name=a,curr_proc_mode=shared,curr_proc_units=2.5\nlpar_name=b,curr_proc_mode=shared,curr_proc_units=1"
    result = parse_output(text, "lshwres -r proc --level lpar")
    assert [r["lpar_name"] for r in result.data["rows"]] == ["a"]
    assert any("ends inside this line" in w.reason for w in result.warnings)
