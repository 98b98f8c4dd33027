"""Outputs wrapped at narrow widths (40-70 columns: a narrow terminal, a mail program's reflow), issue 16.

A value a wrap cut is left out with a warning on its line, or read whole: never a shorter number.  Each test
wraps a sample at every even width from 40 to 70 and compares every number read with the plain reading.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from advisor.parsers.base import ParseError
from advisor.parsers.registry import parse_output
from tests.parsers.parser_samples import terminal_wrap
from tests.parsers.wrap_audit import Text, audit

SAMPLES = Path(__file__).parent / "samples"
SWEEP = Path(__file__).parent / "sweep5"
WIDTHS = range(40, 72, 2)


def _numbers(data: Any, path: str = "") -> Iterator[tuple[str, float]]:
    """Every number of a reading by its path (list items by their position)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _numbers(value, f"{path}.{key}")
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _numbers(value, f"{path}[{i}]")
    elif isinstance(data, int | float) and not isinstance(data, bool):
        yield path, data


def _data(text: str, command: str) -> dict[str, Any]:
    """The reading, or none when the text is refused (a refusal says why: no value is wrong)."""
    try:
        return parse_output(text, command).data
    except ParseError:
        return {}


def _changed(text: str, command: str, width: int) -> dict[str, tuple[float, float]]:
    plain = dict(_numbers(parse_output(text, command).data))
    wrapped = dict(_numbers(_data(terminal_wrap(text, width), command)))
    return {k: (plain[k], v) for k, v in wrapped.items() if k in plain and plain[k] != v}


def _reasons(text: str, command: str) -> list[str]:
    return [w.reason for w in parse_output(text, command).warnings]


# --- amepat: a field or statistics row cut inside its last value -----------------------------------------------


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("sample", ["sweep5/amepat.aix72-ame-enabled.txt", "samples/amepat.s2-ex3-4.txt"])
def test_amepat_wrapped_narrow_reads_no_cut_number(sample: str, width: int) -> None:
    """Was: "Total Monitored time : 1 hrs 0 mins 2" / "0 secs" read as 3600 s for 3620; "Virtual Memory Size
    (MB) 1" / "0011 ..." gave a statistics row its next column's value; "-O proc=P7" cut off the command line
    lost the modelled processor's flag."""
    text = (Path(__file__).parent / sample).read_text(encoding="utf-8")
    assert _changed(text, "amepat", width) == {}
    flags = parse_output(terminal_wrap(text, width), "amepat").data.get("command_flags")
    assert flags in (None, parse_output(text, "amepat").data["command_flags"])


def test_amepat_monitored_time_cut_by_a_wrap_is_left_out_with_a_warning() -> None:
    text = (SWEEP / "amepat.aix72-ame-enabled.txt").read_text(encoding="utf-8")
    assert parse_output(text, "amepat").data["total_monitored_time_s"] == 3620
    result = parse_output(terminal_wrap(text, 42), "amepat")
    assert "total_monitored_time_s" not in result.data
    assert any("Monitored" in w.line and "wrapped inside its last value" in w.reason for w in result.warnings), (
        result.warnings
    )
    assert "the rest of the line before, wrapped: skipped" in _reasons(terminal_wrap(text, 42), "amepat")


def test_a_field_that_opens_with_a_digit_is_no_rest() -> None:
    """ "64K page support : Enabled" is amepat's own field, not the rest of the line before."""
    text = (SAMPLES / "amepat.s1-factor-2.0.txt").read_text(encoding="utf-8")
    assert parse_output(text, "amepat").warnings == []


# --- vmstat: the banner's key, the column header and the sample rows cut by a wrap ------------------------------


@pytest.mark.parametrize("width", [*WIDTHS, 90])
def test_vmstat_wrapped_narrow_reads_no_cut_number(width: int) -> None:
    """Was: at 52 columns each row's rest ("12   4   0   0   31  6524 ...") was read as a sample of its own
    (4 samples for 2, a deficit of 79 pages); at 60/66 "... 0   3" / "1  6524" gave in=3 for 31; at 42
    "mem=14336MB t" / "mem=3584MB ..." gave mem 3584 MB, tmem's value."""
    text = (SAMPLES / "vmstat.c-ame.synthetic.txt").read_text(encoding="utf-8")
    assert _changed(text, "vmstat", width) == {}
    samples = parse_output(terminal_wrap(text, width), "vmstat").data.get("samples", [])
    assert len(samples) <= 2


def test_a_wrapped_vmstat_header_is_read_whole() -> None:
    """The column names a wrap put on the next line are glued back: the rows that fit are read in full."""
    text = (SAMPLES / "vmstat.c-ame.synthetic.txt").read_text(encoding="utf-8")
    header = next(line for line in text.splitlines() if line.lstrip().startswith("r  b"))
    cut = header.index(" in ") + 2
    result = parse_output(text.replace(header, f"{header[:cut]}\n{header[cut:]}"), "vmstat")
    assert result.data["samples"] == parse_output(text, "vmstat").data["samples"]
    assert not any("rest" in w.reason for w in result.warnings)


def test_a_banner_key_cut_by_a_wrap_does_not_lend_its_rest_to_another_key() -> None:
    text = (SAMPLES / "vmstat.c-ame.synthetic.txt").read_text(encoding="utf-8")
    result = parse_output(text.replace("mem=14336MB tmem=", "mem=14336MB t\nmem="), "vmstat")
    assert "mem_mb" not in result.data["configuration"]
    assert "tmem_mb" not in result.data["configuration"]


# --- IAR019I (D VIRTSTOR,LFAREA) in a SYSLOG copy: a record's prefixes alone, a value cut -------------------------

_SYSLOG = (
    "NC0000000 SYSC     26328 09:02:17.10 TSOU01   00000290  D VIRTSTOR,LFAREA\n"
    "MR0000000 SYSC     26328 09:02:17.11 TSOU01   00000090  IAR019I  09.02.17 DISPLAY VIRTSTOR 118\n"
    "DR                                            118 00000090  SOURCE = 3A\n"
    "DR                                            118 00000090  TOTAL LFAREA = 2048M , 0G\n"
    "DR                                            119 00000090  LFAREA ALLOCATED (4K) = 777M\n"
    "DR                                            118 00000090  LFAREA ALLOCATED (1M) = 512M\n"
    "DR                                            118 00000090  LFAREA ALLOCATED (4K) = 0M\n"
    "DR                                            118 00000090  MAX LFAREA ALLOCATED (1M) = 1536M\n"
    "ER                                            118 00000090  MAX LFAREA ALLOCATED (4K) = 16M\n"
)


@pytest.mark.parametrize("width", WIDTHS)
def test_iar019i_syslog_wrapped_narrow_reads_no_cut_value(width: int) -> None:
    """Was: at 64/70 columns "SOURCE = 3" / "A" gave source 3 and the rest of each line ("48M , 0G") was lost
    while "TOTAL LFAREA = 20" was read as 20 MB; at 58/60 the record's prefixes stood alone on their line, the
    message text below was read as a console line and another message's (119) 777M taken for IAR019I 118's."""
    wrapped = terminal_wrap(_SYSLOG, width)
    assert _changed(_SYSLOG, "D VIRTSTOR,LFAREA", width) == {}
    data = _data(wrapped, "D VIRTSTOR,LFAREA")
    assert data.get("source") in (None, "3A")
    assert data.get("lfarea_allocated_4k_mb") in (None, 0)


def test_iar019i_prefixes_alone_on_their_line_are_read_with_the_text_below() -> None:
    data = parse_output(terminal_wrap(_SYSLOG, 58), "D VIRTSTOR,LFAREA").data
    assert (data["source"], data["total_lfarea_mb"], data["lfarea_allocated_4k_mb"]) == ("3A", 2048, 0)


def test_iar019i_value_cut_by_a_wrap_is_left_out_with_a_warning() -> None:
    result = parse_output(terminal_wrap(_SYSLOG, 76), "D VIRTSTOR,LFAREA")  # "TOTAL LFAREA = 20" / "48M , 0G"
    assert "total_lfarea_mb" not in result.data and result.data["source"] == "3A"
    assert any("TOTAL LFAREA" in w.line and "wrapped inside its value" in w.reason for w in result.warnings)


# --- lscpu: a field wrapped onto lines without a "Field:" of their own ---------------------------------------------


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("sample", ["lscpu.s390x-kvm-guest.synthetic.txt", "lscpu.s390x-zvm-newer.synthetic.txt"])
def test_lscpu_wrapped_narrow_keeps_no_cut_list(sample: str, width: int) -> None:
    """Was: "Flags: esan3 zarch" / "stfle msa ..." kept 2 of 16 flags (a flag absent that the machine has)."""
    text = (SAMPLES / sample).read_text(encoding="utf-8")
    flags = _data(terminal_wrap(text, width), "lscpu").get("flags")
    assert flags in (None, parse_output(text, "lscpu").data["flags"])
    assert _changed(text, "lscpu", width) == {}


# --- lsmap -all: a server adapter row cut inside its client id ----------------------------------------------------


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("sample", ["lsmap.vios31.synthetic.txt", "lsmap.vios22-old.synthetic.txt"])
def test_lsmap_wrapped_narrow_reads_no_cut_client_id(sample: str, width: int) -> None:
    """Was (64-70 columns): "vhost0  U9009.42A.7800ABC-V1-C20  0x0" / "0000003" gave client id 0 for 3."""
    text = (SAMPLES / sample).read_text(encoding="utf-8")
    assert _changed(text, "lsmap -all", width) == {}


def test_lsmap_client_id_cut_by_a_wrap_is_left_out_with_a_warning() -> None:
    result = parse_output(
        terminal_wrap((SAMPLES / "lsmap.vios31.synthetic.txt").read_text(encoding="utf-8"), 64), "lsmap -all"
    )
    assert all(row.get("client_id") != 0 for row in result.data.get("vhosts", []))
    assert any("wrapped inside its client id" in w.reason for w in result.warnings)


# --- entstat / netstat -v: an elapsed time cut before its seconds -------------------------------------------------


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("sample", ["samples/netstat_v.s2.txt", "sweep5/entstat.vios-sea-many-vlans.txt"])
def test_entstat_wrapped_narrow_reads_no_cut_elapsed_time(sample: str, width: int) -> None:
    """Was (40-48 columns): "Elapsed Time: 0 days 0 hours 35 minutes" / "48 seconds" read as 2100 s for 2148;
    an SEA's first elapsed time left out let its statistics section's "0 days ... 0 seconds" stand for it."""
    text = (Path(__file__).parent / sample).read_text(encoding="utf-8")
    plain = {k: v for k, v in _numbers(parse_output(text, "netstat -v").data) if k.endswith("elapsed_time_s")}
    wrapped = _numbers(_data(terminal_wrap(text, width), "netstat -v"))
    assert all(plain[k] == v for k, v in wrapped if k.endswith("elapsed_time_s")), width


# --- session 6: netstat -v's buffer table, driver flags, psrset's SPU_LIST, chatr's segments (40-200 columns) -----


def _audited(sample: str, command: str) -> list[str]:
    """Every value the wrapped copies (40-200 columns) give that the plain text does not (``wrap_audit``)."""
    text = (SAMPLES / sample).read_text(encoding="utf-8")
    text = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("#:"))
    return [str(f) for f in audit([Text(sample, text, command)], range(40, 201), documents=False).findings]


@pytest.mark.parametrize(
    ("sample", "command"),
    [
        ("netstat_v.s2.txt", "netstat -v"),
        ("psrset.default.synthetic.txt", "psrset"),
        ("psrset.two-sets.synthetic.txt", "psrset"),
        ("chatr.disp+work-large.synthetic.txt", "chatr"),
        ("chatr.disp+work-default.synthetic.txt", "chatr"),
    ],
)
def test_wrapped_at_any_width_gives_no_other_value_nor_loses_a_row_unmarked(sample: str, command: str) -> None:
    """Was: netstat -v's "DMA Max Min (KB) ... 8" / "192" read as 8 for 8192 (40-42 columns); psrset's SPU_LIST
    "0 1 2 3" / "4 5 6 7" kept 4 of 8 processors; chatr's data segment cut inside "(largest possible)" lost without
    a mark, its header cut left every segment unread.  (HMC listings: test_parsers_wrap_audit.py.)"""
    assert _audited(sample, command) == []


def test_a_buffer_cell_cut_by_a_wrap_is_left_out_with_a_warning() -> None:
    result = parse_output(terminal_wrap((SAMPLES / "netstat_v.s2.txt").read_text(encoding="utf-8"), 40), "netstat -v")
    huge = result.data["adapters"]["ent0"].get("receive_buffers", {}).get("huge", {})
    assert "io_memory_dma_max_min_kb" not in huge
    assert any("huge.io_memory_dma_max_min_kb: the line is wrapped" in w.reason for w in result.warnings)


def test_spu_list_going_on_in_the_next_line_is_read_whole_or_left_out() -> None:
    text = "PSET                0\nSPU_LIST            0    1    2    3    \n4    5    6    7\nOWNID               0\n"
    assert parse_output(text, "psrset").data["psets"][0]["spus"] == [0, 1, 2, 3, 4, 5, 6, 7]
    cut = parse_output(text.replace("3    \n4", "3    1\n0"), "psrset")  # "... 3 1" / "0 5 6 7": 10 cut
    assert "spus" not in cut.data["psets"][0]
    assert any("wrapped inside a processor number" in w.reason for w in cut.warnings)


def test_a_driver_flag_cut_in_two_gives_no_flag_list() -> None:
    text = (SAMPLES / "netstat_v.s2.txt").read_text(encoding="utf-8")
    plain = parse_output(text, "netstat -v").data["adapters"]["ent0"]["general"]["driver_flags"]
    assert plain[:3] == ["Up", "Broadcast", "Running"]
    cut = parse_output(text.replace("Broadcast Running", "Broadcast Runn\ning"), "netstat -v")
    assert "driver_flags" not in cut.data["adapters"]["ent0"]["general"]
    assert any("Runn / ing" in w.reason for w in cut.warnings)


def test_an_hmc_row_a_terminal_broke_is_joined_again() -> None:
    """Was: the pieces of a row read as rows of their own ("emote_lpar_name=sapprd01"), 5 virtual adapters for 8;
    a row whose pieces are exactly as wide as the terminal is now joined again (nothing is lost between them)."""
    text = (SAMPLES / "lshwres_virtualio_fc.synthetic.txt").read_text(encoding="utf-8")
    text = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("#:"))
    plain = parse_output(text, "lshwres").data["rows"]
    for width in (47, 60, 68):
        assert parse_output(terminal_wrap(text, width), "lshwres").data["rows"] == plain


def test_an_hmc_line_not_opening_with_the_first_attribute_is_a_rest_not_a_row() -> None:
    text = 'lpar_name=vios1,lpar_id=1,"backing_devices=drc_\nname=U9009.42A-V1-C20/hdisk4"\nlpar_name=a,lpar_id=2\n'
    result = parse_output(text, "lshwres")
    assert [row["lpar_name"] for row in result.data["rows"]] == ["a"]
    assert any("not opening with lpar_name=" in w.reason for w in result.warnings)
