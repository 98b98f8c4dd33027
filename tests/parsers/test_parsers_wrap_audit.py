"""Every repository sample wrapped at terminal widths 40-200: no value read differently from the plain text, no row
lost without the mark (issue 16).  ``wrap_audit`` classifies; these tests hold the samples to it.

Each sample is wrapped at every third width (its own offset, so that the samples together cover every width
from 40 to 200), at the parser level: every field, rows and strings included.  ``python -m
tests.parsers.wrap_audit`` runs every width, the documents too, and the outside sets.
"""

from __future__ import annotations

from typing import Any

import pytest

from advisor.parsers._wraps import joined, wrap_width
from advisor.parsers.registry import parse_output, parser_for
from tests.parsers.parser_samples import command_of, load, names, terminal_wrap
from tests.parsers.wrap_audit import (
    ABSENT,
    EQUAL,
    ROW_LOST,
    ROW_LOST_MARKED,
    WRONG,
    Reading,
    Text,
    audit,
    compare,
    flat,
)

# Samples whose wrapped copies still give a value the plain text does not (the readers' defects left, named in
# docs/parsers.md); every other sample is held to none.
KNOWN_LEFT = {
    "lsattr.s2-sea-accounting.txt",
    "lsattr_sea.vios.synthetic.txt",
    "lsdev_adapter.s2-wpar-npiv.txt",
    "lsdev_adapter.vios.synthetic.txt",
    "lsdev_disk.s2-generic.txt",
    "lsdev_disk.s2-wpar-versioned.txt",
    "lslpp_l.s2-mpio.txt",
    "lslpp_l.s2-sddpcm.txt",
    "lsmap.vios22-old.synthetic.txt",
    "machinfo.hpux1131-poulson.synthetic.txt",
    "ps_eZ.sap64k.synthetic.txt",
    "swapinfo.hpux1123-ta.synthetic.txt",
    "swapinfo.hpux1131-tam.synthetic.txt",
    "sysinfo.kvm-guest-z15.synthetic.txt",
    "sysinfo.zvm-guest-z14.synthetic.txt",
}
SAMPLES = names()


@pytest.mark.parametrize("name", [n for n in SAMPLES if n not in KNOWN_LEFT])
def test_a_wrapped_sample_gives_its_values_or_leaves_them_out(name: str) -> None:
    offset = sum(name.encode()) % 3  # the sample's own: the samples together cover every width
    tally = audit([Text(name, load(name), command_of(name))], range(40 + offset, 201, 3), documents=False)
    assert not tally.findings, "\n".join(map(str, tally.findings[:10]))


@pytest.mark.parametrize("name", SAMPLES)
def test_the_wrap_net_changes_no_unwrapped_reading(name: str) -> None:
    """A text no terminal broke is read exactly as its reader reads it: no value left out, no warning added."""
    text, command = load(name), command_of(name)
    reader = parser_for(command)
    assert reader is not None
    alone = reader.parse(text)
    result = parse_output(text, command)
    assert result.data == alone.data
    assert not any("wrapped at" in w.reason for w in result.warnings)


def test_wrap_width_and_join_undo_a_terminal_wrap() -> None:
    text = load("lshwres_proc_lpar.synthetic.txt")
    for width in (41, 57, 80):
        wrapped = terminal_wrap(text, width)
        assert (wrap_width(wrapped) or (0, 0))[0] == width
        assert joined(wrapped, width)[0] == text


def test_a_cut_value_no_reader_foresaw_is_left_out_with_a_warning_naming_line_and_width() -> None:
    """machinfo of 11.23 wrapped at 45 columns: main read the vendor "GenuineInte" and a machine id cut short.
    Every value is now the plain one or left out, and the warning names the line and the width."""
    text = load("machinfo.hpux1123.synthetic.txt")
    plain = parse_output(text, "machinfo").data
    result = parse_output(terminal_wrap(text, 45), "machinfo")
    for section, values in result.data.items():
        if isinstance(values, dict):
            assert {k: v for k, v in plain[section].items() if k in values} == values, section
        else:
            assert values == plain[section], section
    assert "machine_id_number" not in result.data.get("platform", {})
    assert any("wrapped at 45 columns" in w.reason and w.line_no > 0 and w.line for w in result.warnings)


def test_the_audit_tells_a_cut_number_from_a_left_out_one_and_a_lost_row() -> None:
    def reading(data: dict[str, Any], not_whole: bool = False) -> Reading:
        return Reading(dict(flat(data)), data, set(), {}, not_whole)

    plain = reading({"buffer_kb": 8192, "rows": [{"n": 1}, {"n": 2}]})
    outcomes = {p: o for p, o, _, _ in compare(plain, reading({"buffer_kb": 8, "rows": [{"n": 1}]}))}
    assert outcomes == {"buffer_kb": WRONG, "rows[0].n": EQUAL, "rows[1].n": ABSENT, "rows[]": ROW_LOST}
    outcomes = {p: o for p, o, _, _ in compare(plain, reading({"rows": [{"n": 1}]}, not_whole=True))}
    assert outcomes["buffer_kb"] == ABSENT and outcomes["rows[]"] == ROW_LOST_MARKED


def test_a_prose_number_cut_by_a_wrap_the_reader_did_not_see_is_left_out() -> None:
    """amepat's recommendation at 154 columns: "... expansion factor of 3" / ".74. This will ..." read as 3.0 with
    no warning (a wide terminal, several prose lines broken): now left out, the wrap named."""
    result = parse_output(terminal_wrap(load("amepat.s1-factor-2.0.txt"), 154), "amepat")
    assert "expansion_factor" not in result.data.get("recommendation", {})
    assert any("wrapped at 154 columns" in w.reason for w in result.warnings)
