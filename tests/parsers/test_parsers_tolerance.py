"""Real output arrives mangled: other AIX levels, locales, line ends, spacing, stray lines, cuts.

The parsers must read what is there, report what they skip, and never make a
value up.
"""

from __future__ import annotations

import re

import pytest

from advisor.parsers import amepat, lparstat_c, lparstat_i, lsattr, registry, topas, vmstat_v
from advisor.parsers.base import ParseError
from tests.parsers.parser_samples import command_of, leaves, load, names


def parse(name: str, text: str):
    return registry.parse_output(text, command_of(name))


@pytest.mark.parametrize("name", names())
def test_crlf_and_trailing_spaces_change_nothing(name: str) -> None:
    text = load(name)
    expected = parse(name, text).data
    crlf = text.replace("\n", "\r\n")
    assert parse(name, crlf).data == expected
    trailing = "".join(f"{line}   \t\n" for line in text.splitlines())
    assert parse(name, trailing).data == expected


@pytest.mark.parametrize("name", names())
def test_collapsed_whitespace_changes_nothing(name: str) -> None:
    """Copies from books and tickets squeeze column padding to single blanks."""
    text = load(name)
    expected = parse(name, text).data
    collapsed = "".join(re.sub(r"[ \t\u00a0]+", " ", line).strip() + "\n" for line in text.splitlines())
    assert parse(name, collapsed).data == expected


@pytest.mark.parametrize("name", names())
def test_provenance_quotes_the_very_line_of_every_value(name: str) -> None:
    text = load(name)
    result = parse(name, text)
    lines = text.split("\n")
    paths = leaves(result.data)
    assert set(paths) == set(result.provenance)
    for path, where in result.provenance.items():
        assert where.line == lines[where.line_no - 1], path
        assert where.command == result.command


@pytest.mark.parametrize("name", names())
def test_cut_at_any_line_never_invents_a_value(name: str) -> None:
    text = load(name)
    full = leaves(parse(name, text).data)
    lines = text.splitlines(keepends=True)
    for cut in range(1, len(lines)):
        try:
            result = parse(name, "".join(lines[:cut]))
        except ParseError:
            continue
        warned = {w.line_no for w in result.warnings}
        for path, value in leaves(result.data).items():
            if isinstance(value, list) and isinstance(full.get(path), list):
                assert value == full[path][: len(value)], (cut, path)
            elif full.get(path) != value:
                assert result.provenance[path].line_no in warned, (cut, path, value)


def test_comma_decimal_separators() -> None:
    text = "Entitled Capacity : 1,50\nTarget Memory Expansion Factor : 1,70\nOnline Memory : 7168 MB\n"
    assert lparstat_i.parse(text).data == {
        "entitled_capacity": 1.5,
        "target_memory_expansion_factor": 1.7,
        "online_memory_mb": 7168,
    }
    german = load("amepat.s1-factor-4.7.txt").replace("4.70", "4,70").replace("0.85 [85%]", "0,85 [85%]")
    data = amepat.parse(german).data
    assert data["system_configuration"]["target_memory_expansion_factor"] == 4.7
    assert data["system_resource_statistics"]["cpu_util_phys_processors"]["average"] == 0.85
    assert (
        vmstat_v.parse("3670016 memory pages\n1,8 target memory expansion factor\n").data[
            "target_memory_expansion_factor"
        ]
        == 1.8
    )
    rows = lparstat_c.parse(load("lparstat_c.s1.txt").replace(".", ",")).data["samples"]
    assert rows[0]["xphysc"] == 0.0397 and rows[0]["user_pct"] == 16.9
    panel = topas.parse(load("topas.s1.txt").replace("4.0/4.0", "4,0/3,9")).data["ame"]
    assert (panel["target_expansion_factor"], panel["actual_expansion_factor"]) == (4.0, 3.9)


def test_a_comma_that_may_group_thousands_is_not_read() -> None:
    """Nothing else in the output shows its decimal mark: "1,000" may be 1 or 1000.  Memory is printed
    in whole MB, so there the comma can only group thousands."""
    result = lparstat_i.parse("Node Name : a\nOnline Memory : 7,168 MB\nEntitled Capacity : 1,000\n")
    assert result.data == {"node_name": "a", "online_memory_mb": 7168}
    assert [w.line_no for w in result.warnings] == [3]
    assert "ambiguous" in result.warnings[0].reason


@pytest.mark.parametrize("unset", ["-", "", "n/a", "N/A"])
def test_unset_values_are_left_out_with_a_warning(unset: str) -> None:
    result = lparstat_i.parse(f"Node Name : a\nEntitled Capacity : {unset}\nOnline Memory : 1024 MB\n")
    assert result.data == {"node_name": "a", "online_memory_mb": 1024}
    assert result.warnings[0].line_no == 2
    assert "entitled_capacity" in result.warnings[0].reason


def test_unknown_lines_and_fields_are_named_in_warnings() -> None:
    text = "root@aix1:/ # lparstat -i\n" + load("lparstat_i.s2.txt") + "Brand New Field : 42\nroot@aix1:/ #\n"
    result = lparstat_i.parse(text)
    assert result.data == lparstat_i.parse(load("lparstat_i.s2.txt")).data
    reasons = {w.line_no: (w.line, w.reason) for w in result.warnings}
    assert reasons[1] == ("root@aix1:/ # lparstat -i", "line not recognised; skipped")
    assert reasons[45] == ("Brand New Field : 42", "unknown field 'Brand New Field'; skipped")


def test_values_that_cannot_be_read_are_skipped_not_guessed() -> None:
    result = lparstat_i.parse(
        "Node Name : a\nOnline Memory : 8192\nEntitled Capacity : 2.0.0\nPartition Number : twelve\n"
    )
    assert result.data == {"node_name": "a"}
    assert [w.line_no for w in result.warnings] == [2, 3, 4]
    assert "size without a unit" in result.warnings[0].reason


def test_a_row_that_does_not_fit_its_columns_is_skipped_whole() -> None:
    text = load("lparstat_c.s2.txt") + "70.1 13.0 9.0\n"
    result = lparstat_c.parse(text)
    assert len(result.data["samples"]) == 5
    assert "3 cells for 13 columns" in result.warnings[-1].reason


def test_aix_levels_differ_only_in_which_keys_exist() -> None:
    old = lparstat_i.parse(load("lparstat_i.aix53.synthetic.txt")).data
    new = lparstat_i.parse(load("lparstat_i.s2.txt")).data
    assert "desired_memory_mb" not in old and "desired_memory_mb" in new
    assert set(old) - set(new) == set()


def test_lsattr_collapsed_text_never_reads_a_description_word_as_value() -> None:
    text = (
        "alias4 IPv4 Alias including Subnet Mask True\n"
        "ctl_chan Control Channel adapter for SEA failover True\n"
        "fwversion IBM,FW860.70 (SV860_205) Firmware version and revision levels False\n"
        "ha_mode sharing High Availability Mode True\n"
    )
    result = lsattr.parse(text)
    assert result.data == {"ha_mode": "sharing"}
    assert all("cannot tell" in w.reason for w in result.warnings)
    assert [w.line_no for w in result.warnings] == [1, 2, 3]


@pytest.mark.parametrize("name", names())
def test_every_parser_refuses_empty_and_garbage(name: str) -> None:
    parser = registry.parser_for(command_of(name))
    assert parser is not None
    for text in ("", "   \n\t\n", "lorem ipsum dolor\nsit amet, consectetur\n", "\x00\x01\x02", "#### ####\n"):
        with pytest.raises(ParseError):
            parser.parse(text)


@pytest.mark.parametrize("name", names())
def test_every_parser_refuses_other_commands_output(name: str) -> None:
    parser = registry.parser_for(command_of(name))
    assert parser is not None
    for other in names():
        if command_of(other) == command_of(name):
            continue
        with pytest.raises(ParseError):
            parser.parse(load(other))
            pytest.fail(f"{parser.COMMAND} accepted {other}")


def test_unreadable_cells_in_fixed_rows_skip_the_row() -> None:
    factors = amepat.parse(
        "Expansion Factor Modeled True Memory Size Modeled Memory Gain CPU Usage Estimate\n"
        "1,000 8.00 GB 0.00 KB [ 0%] 0.00 [ 0%]\n"
        "1.25 8.00 GB 2.00 GB [ 25%] 0.00 [ 0%] << CURRENT CONFIG\n"
    )
    assert [r["expansion_factor"] for r in factors.data["modeled_factors"]] == [1.25]
    assert "ambiguous" in factors.warnings[0].reason
    panel = topas.parse(load("topas.s1.txt").replace("lrud\t131336\t1.4", "lrud\t131336\t1,400"))
    assert "lrud" not in [p["name"] for p in panel.data["processes"]]


def test_a_label_that_clashes_with_a_section_is_reported_not_crashed_on() -> None:
    text = load("netstat_v.s2.txt").replace("Hardware Address:", "General: 7\nHardware Address:", 1)
    result = registry.parse_output(text, "netstat -v")
    adapter = result.data["adapters"]["ent0"]
    assert adapter["general"] == 7
    assert any("clashes" in w.reason for w in result.warnings)
