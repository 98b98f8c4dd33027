"""Bundles: many outputs in one file, with provenance pointing at the file's own lines."""

from __future__ import annotations

import pytest

from advisor.parsers import registry
from advisor.parsers.base import ParseError
from advisor.parsers.bundle import FORMAT_VERSION, marker, parse_bundle, read_bundle, split_bundle
from tests.parsers.parser_samples import command_of, load

PARTS = [
    ("lparstat -i", "lparstat_i.s2.txt"),
    ("lparstat -c 5 5", "lparstat_c.s2.txt"),
    ("amepat -P /tmp/amepat_record_3_2023030714", "amepat.s1-factor-2.0.txt"),
    ("vmstat -vc", "vmstat_vc.s2.txt"),
    ("lsattr -El mem0", "lsattr_mem0.s2.txt"),
    ("netstat -v ent0", "netstat_v.s2.txt"),
    ("ps -eZ", "ps_eZ.s1.txt"),
]


def bundle(parts=PARTS, host: str = "sapapp01") -> str:
    out = [marker(format=FORMAT_VERSION, host=host, collector="test")]
    for command, name in parts:
        out.append(marker(command=command, host=host, rc="0"))
        out.append(load(name).rstrip("\n"))
    return "\n".join(out) + "\n"


def test_round_trip_keeps_commands_hosts_texts_and_line_numbers() -> None:
    text = bundle()
    lines = text.split("\n")
    sections = split_bundle(text)
    assert [(s.command, s.host) for s in sections] == [(c, "sapapp01") for c, _ in PARTS]
    for section, (_, name) in zip(sections, PARTS, strict=True):
        assert section.text == load(name)
        assert lines[section.first_line_no - 2].startswith("#### advisor-bundle command=")
        assert lines[section.first_line_no - 1] == load(name).split("\n")[0]
        command, host, body, first = section
        assert (command, host, body, first) == tuple(section)


def test_parsed_bundle_provenance_points_into_the_bundle_file() -> None:
    text = bundle()
    lines = text.split("\n")
    report = parse_bundle(text)
    assert report.problems == []
    assert report.format == FORMAT_VERSION
    assert [r.command for r in report.results] == [command_of(name) for _, name in PARTS]
    assert [r.command_line for r in report.results] == [c for c, _ in PARTS]
    for result in report.results:
        assert result.host == "sapapp01"
        for where in result.provenance.values():
            assert lines[where.line_no - 1] == where.line
        for warning in result.warnings:
            assert lines[warning.line_no - 1] == warning.line
    alone = registry.parse_output(load("amepat.s1-factor-2.0.txt"), "amepat")
    assert report.results[2].data == alone.data


def test_missing_and_failed_commands_are_reported_not_raised() -> None:
    text = (
        "\n".join(
            [
                marker(format="1", host="vios1"),
                marker(command="ioslevel", host="vios1", rc="0"),
                "3.1.4.10",
                marker(command="amepat", host="vios1", status="missing", rc="127"),
                marker(command="svmon -G", host="vios1", status="failed", rc="1"),
                "svmon: 3004-698 You must have root authority to run this command.",
                marker(command="lsvg rootvg", host="vios1", rc="0"),
                "VOLUME GROUP:       rootvg                   VG IDENTIFIER:  00f6f5d000004c00",
            ]
        )
        + "\n"
    )
    report = parse_bundle(text)
    assert [r.data for r in report.results] == [{"ioslevel": "3.1.4.10", "ioslevel_parts": [3, 1, 4, 10]}]
    reasons = {p.command: p.reason for p in report.problems}
    assert reasons["amepat"] == "command not found on the host"
    assert reasons["svmon -G"].startswith("command failed (rc 1)")
    assert "no parser for command 'lsvg rootvg'" in reasons["lsvg rootvg"]
    assert {p.command: p.line_no for p in report.problems}["amepat"] == 4


def test_unsupported_format_version_is_refused() -> None:
    with pytest.raises(ParseError, match="format '2'"):
        split_bundle(marker(format="2", host="x") + "\n")


def test_attribute_values_are_escaped() -> None:
    line = marker(command='lsdev -type adapter | grep "Shared Ethernet Adapter"', host="vios1")
    _, sections = read_bundle(line + "\nent6 Available Shared Ethernet Adapter\n")
    ((section, attrs),) = sections
    assert section.command == 'lsdev -type adapter | grep "Shared Ethernet Adapter"'
    assert registry.parse_output(section.text, section.command).data["adapters"][0]["name"] == "ent6"


def test_crlf_bundle() -> None:
    text = bundle().replace("\n", "\r\n")
    assert [s.command for s in split_bundle(text)] == [c for c, _ in PARTS]
    assert parse_bundle(text).problems == []


def test_unlabelled_concatenation_is_split_by_detection() -> None:
    parts = [
        "lparstat_i.s2.txt",
        "vmstat_vc.s2.txt",
        "amepat.s2-ex3-2.txt",
        "netstat_v.s2.txt",
        "lsdev_disk.s2-generic.txt",
        "virtstor.s4.txt",
        "kctune.hpux1131.synthetic.txt",
    ]
    text = "\n".join(load(p) for p in parts)
    lines = text.split("\n")
    sections = split_bundle(text)
    assert [s.command for s in sections] == [command_of(p) for p in parts]
    for section, part in zip(sections, parts, strict=True):
        assert section.text.strip() == load(part).strip()
        assert lines[section.first_line_no - 1] == load(part).split("\n")[0]
    report = parse_bundle(text)
    assert report.problems == []
    for result in report.results:
        for where in result.provenance.values():
            assert lines[where.line_no - 1] == where.line


def test_unlabelled_terminal_session_is_split_at_prompts() -> None:
    text = (
        "root@aix1:/ # lparstat -i\n"
        + load("lparstat_i.s2.txt")
        + "root@aix1:/ # vmstat -sc\n"
        + load("vmstat_sc.s2.txt")
        + "$ ioslevel\n"
        + load("ioslevel.s2.txt")
        + "# schedo -o vpm_fold_policy\n"
        + load("schedo.s2.txt")
        + "root@aix1:/ #\n"
    )
    sections = split_bundle(text)
    assert [(s.command, s.host) for s in sections] == [
        ("lparstat -i", "aix1"),
        ("vmstat -sc", "aix1"),
        ("ioslevel", "aix1"),
        ("schedo -o vpm_fold_policy", "aix1"),
    ]
    assert sections[1].first_line_no == 2 + len(load("lparstat_i.s2.txt").splitlines()) + 1
    report = parse_bundle(text)
    assert report.problems == []
    assert report.results[3].data == {"vpm_fold_policy": 3}


def test_text_nobody_can_place_becomes_a_problem() -> None:
    report = parse_bundle("The quick brown fox.\n\nJumps over the lazy dog.\n")
    assert report.results == []
    assert report.problems[0].reason == "cannot tell which command produced this text"
