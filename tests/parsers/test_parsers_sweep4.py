"""Session 4's outside-shape sweep (issue 16): outputs written fresh in the shapes the commands'
documentation shows and admins paste (other locales, colour codes, terminal wraps, double-spaced
copies), each checked for the values its text states, or the warning that says why a value is left out.
Each shape that was read silently wrong before this session says so in its docstring.
"""

from __future__ import annotations

import pytest

from advisor.inputs import load_text
from advisor.parsers.registry import parse_output
from tests.parsers.parser_samples import load


def _reasons(result) -> list[str]:
    return [w.reason for w in result.warnings]


# --- blank-grouped thousands (French, Swedish, Polish... locales) --------------------------------


@pytest.mark.parametrize("blank", [" ", "\u00a0", "\u202f"], ids=["space", "nbsp", "narrow-nbsp"])
def test_french_lparstat_reads_blank_grouped_thousands(blank: str) -> None:
    """Was: '12 288 MB' left out with a warning ("not a size in MB"), and the pool's '4 400' too."""
    text = load("lparstat_i.aix72-french.synthetic.txt").replace("\u00a0", blank).replace("\u202f", blank)
    result = parse_output(text, "lparstat -i")
    data = result.data
    assert data["online_memory_mb"] == 12288 and data["maximum_memory_mb"] == 32768
    assert data["minimum_memory_mb"] == 2048 and data["desired_memory_mb"] == 12288
    assert data["maximum_capacity_of_pool"] == 4400 and data["entitled_capacity_of_pool"] == 2265
    assert data["entitled_capacity"] == 2.0 and data["physical_cpu_pct"] == 50.0
    assert not any("cannot read" in r for r in _reasons(result))


def test_a_french_document_is_the_english_one() -> None:
    french = load_text(load("lparstat_i.aix72-french.synthetic.txt"), "fr.txt").model
    assert french.memory is not None and french.memory.max_gb == 32.0 and french.memory.desired_gb == 12.0
    assert french.cpu is not None and french.cpu.entitled_capacity == 2.0 and french.cpu.pool_cores == 44


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("12 28 MB", "not groups of three"),  # two numbers, or a broken copy
        ("1 2288 MB", "not groups of three"),
        ("12  288 MB", "not a size"),  # two blanks: column padding, not a group
        ("12 288,5 MB", "other numbers"),  # a decimal comma where the output's numbers use a point
    ],
)
def test_blank_parted_digits_that_are_not_certain_are_left_out(value: str, why: str) -> None:
    text = (
        "Node Name : aix1\nPartition Name : AIX1\nEntitled Capacity : 2.00\n"
        f"Online Memory : {value}\nMaximum Memory : 32768 MB\n"
    )
    result = parse_output(text, "lparstat -i")
    assert "online_memory_mb" not in result.data and result.data["maximum_memory_mb"] == 32768
    assert any("online_memory_mb" in r and why in r for r in _reasons(result)), _reasons(result)


def test_blank_grouping_beside_mark_grouping_is_refused() -> None:
    """An output whose numbers group with a mark ('1,234.50') does not group with blanks as well."""
    text = (
        "Node Name : aix1\nPartition Name : AIX1\nEntitled Capacity : 1,234.50\n"
        "Online Memory : 12 288 MB\nMaximum Memory : 32768 MB\n"
    )
    result = parse_output(text, "lparstat -i")
    assert "online_memory_mb" not in result.data
    assert any("with a mark" in r for r in _reasons(result))


# --- terminal colour codes in the output itself ---------------------------------------------------


def test_colour_codes_inside_an_output_are_no_part_of_its_values() -> None:
    """Was: `grep --color=always` / `less -R` colours inside vmstat -c rows shifted the first sample's
    cells (r 2 read as 1, avm 2559816 as 2560102...) and netstat -v read "\\x1b[1mAdapter Data Rate" as a
    new counter; 50 of 115 coloured samples were refused, 15 read wrong values."""
    text = (
        "\x1b[1mSystem configuration: lcpu=8 mem=16384MB ent=2.00 mmode=dedicated-E\x1b[0m\n"
        "\n"
        "kthr    memory              page              faults              cpu\n"
        "----- ----------- ------------------------ ------------ -----------------------\n"
        " r  b   avm   fre  re  pi  po  fr   sr  cy  in   sy  cs us sy id wa    pc    ec\n"
        "\x1b[01;31m\x1b[K 2\x1b[m\x1b[K  0 2559816 173650   0   0   0   0    0   0  31 6524 1843 17  4 79  0"
        "  0.24  12.0\n"
        " 1  0 2560102 173312   0   0   0   0    0   0  27 6210 1790 16  4 80  0  0.22  11.0\n"
    )
    data = parse_output(text, "vmstat").data
    assert [s["r"] for s in data["samples"]] == [2, 1]
    assert [s["avm_pages"] for s in data["samples"]] == [2559816, 2560102]


def test_a_coloured_session_reads_as_the_plain_one() -> None:
    plain = load("lparstat_i.s2.txt")
    coloured = "".join(
        f"\x1b[1;34m{line}\x1b[0m\n" if i % 2 else f"{line}\n" for i, line in enumerate(plain.splitlines())
    )
    assert parse_output(coloured, "lparstat -i").data == parse_output(plain, "lparstat -i").data
