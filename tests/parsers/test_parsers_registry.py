"""Finding the parser: by the command's name in its many spellings, or by the text itself."""

from __future__ import annotations

import pytest

from advisor.parsers import registry
from advisor.parsers.base import ParseError
from tests.parsers.parser_samples import command_of, load, names


@pytest.mark.parametrize("name", names())
def test_every_sample_is_detected_as_its_command(name: str) -> None:
    assert registry.detect(load(name)) == command_of(name)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "\n\n",
        "hello world\n",
        "The quick brown fox jumps over the lazy dog.\n" * 5,
        "1 2 3\n4 5 6\n",
        "key: value\nother: thing\n",
        "x = 1\n",
        '{"json": true}\n',
        "\x00\xff\ufeff",
    ],
)
def test_garbage_is_not_detected(text: str) -> None:
    assert registry.detect(text) is None


@pytest.mark.parametrize("name", names())
def test_detect_scores_are_confidences(name: str) -> None:
    assert all(0.0 <= s <= 1.0 for s in registry.scores(load(name)).values())


@pytest.mark.parametrize(
    ("spelling", "command"),
    [
        ("lparstat -i", "lparstat -i"),
        ("lparstat_-i", "lparstat -i"),
        ("  lparstat   -i ", "lparstat -i"),
        ("/usr/bin/lparstat -i", "lparstat -i"),
        ("lparstat -c 5 5", "lparstat -c"),
        ("amepat -M -R /tmp/rec 60", "amepat"),
        ("vmstat -vc", "vmstat -vc"),
        ("vmstat -v", "vmstat -vc"),
        ("vmstat_-sc", "vmstat -sc"),
        ("vmstat 2 5", "vmstat"),
        ("vmo -L ame_minfree_mem", "vmo -L"),
        ("vmo -F -L", "vmo -L"),
        ("vmo -o ame_mpsize_support", "vmo -o ame_mpsize_support"),
        ("vmo -a", "vmo -o ame_mpsize_support"),
        ("schedo -o vpm_fold_policy", "schedo -o vpm_fold_policy"),
        ("schedo_-o_vpm_fold_policy", "schedo -o vpm_fold_policy"),
        ("lsattr -El mem0", "lsattr -El"),
        ("lsattr -El ent6 | grep ha_mode", "lsattr -El"),
        ("lsdev -dev ent6 -attr", "lsattr -El"),
        ("ioscli lsdev -type disk", "lsdev -type disk"),
        ("lsdev -Cc disk", "lsdev -type disk"),
        ("lsdev -type adapter", "lsdev -type adapter"),
        ("netstat -v ent0", "netstat -v"),
        ("entstat -all ent6", "netstat -v"),
        ("ps -eZ", "ps -eZ"),
        ("svmon -G -O unit=MB", "svmon -G"),
        ("oslevel -s", "oslevel -s"),
        ("D VIRTSTOR,LFAREA", "D VIRTSTOR,LFAREA"),
        ("d virtstor,lfarea", "D VIRTSTOR,LFAREA"),
        ("IEASYS00", "IEASYSxx"),
        ("kctune numa_policy", "kctune"),
        ("lslpp -l devices.sddpcm*", "lslpp -l"),
    ],
)
def test_command_names_are_accepted_loosely(spelling: str, command: str) -> None:
    parser = registry.parser_for(spelling)
    assert parser is not None and parser.COMMAND == command


def test_unknown_command_lists_the_known_ones() -> None:
    with pytest.raises(ParseError) as err:
        registry.parse_output("whatever\n", "lsvg rootvg")
    assert "lsvg rootvg" in str(err.value)
    for command in registry.commands():
        assert command in str(err.value)


def test_undetectable_text_without_a_command_is_a_parse_error() -> None:
    with pytest.raises(ParseError, match="cannot tell which command"):
        registry.parse_output("nothing to see here\n")


def test_parse_output_with_and_without_a_command() -> None:
    text = load("lparstat_i.s2.txt")
    assert registry.parse_output(text).data == registry.parse_output(text, "lparstat_-i").data
    assert registry.parse_output(text).command == "lparstat -i"
    assert registry.parse_output(text).command_line is None
    assert registry.parse_output(text, "lparstat_-i").command_line == "lparstat_-i"


def test_every_parser_module_has_the_interface() -> None:
    assert len(set(registry.commands())) == len(registry.PARSERS)
    for parser in registry.PARSERS:
        assert isinstance(parser.COMMAND, str) and callable(parser.detect) and callable(parser.parse)
        assert parser.__doc__ and registry.parser_for(parser.COMMAND) is parser
