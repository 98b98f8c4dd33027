"""The reader for admin language: platforms, OS levels, quantities with units and multipliers, terms.

Each case is written the way admins type; the reader must read every quantity, and one it
cannot read for sure must come back as a question, never as a guess.
"""

from __future__ import annotations

import time

import pytest

from advisor.chat.reader import aix_at_least, expand, parse_number, read
from advisor.chat.reader.shorthand import SHORTHAND


@pytest.mark.parametrize(
    "text, names",
    [
        ("we're on P9", ["POWER9"]),
        ("Power10 LPAR", ["POWER10"]),
        ("pwr8 and POWER7+", ["POWER8", "POWER7+"]),
        ("P7+ frame", ["POWER7+"]),
        ("P11 box", ["POWER11"]),
        ("z13 and zEC12", ["z13", "zEC12"]),
        ("an EC12", ["zEC12"]),
        ("z14, z15 and z16", ["z14", "z15", "z16"]),
        ("rx6600 and a Superdome 2", ["rx6600", "Superdome"]),
        ("Itanium 2 cells", ["Itanium"]),
        ("SMT on Z?", ["IBM Z"]),
    ],
)
def test_platform_aliases(text, names):
    assert [p.name for p in read(text).platforms] == names


def test_platform_families_and_unknown_generations():
    r = read("P9, z13 and rx8640")
    assert [p.family for p in r.platforms] == ["power", "z", "hpux"]
    assert read("P11").platforms[0].known is False  # a generation no source covers: read, but flagged
    assert read("POWER9").platforms[0].known is True


@pytest.mark.parametrize(
    "text, labels",
    [
        ("AIX 7.2 TL5", ["AIX 7.2 TL5"]),
        ("7.2 TL5 SP3", ["AIX 7.2 TL5 SP3"]),
        ("oslevel -s says 7200-05-02-2114", ["AIX 7.2 TL5 SP2"]),
        ("HP-UX 11i v3", ["HP-UX 11iv3"]),
        ("on 11.31", ["HP-UX 11iv3"]),
        ("11.23 box", ["HP-UX 11iv2"]),
        ("z/VM 7.2", ["z/VM 7.2"]),
        ("z/OS V2R1", ["z/OS 2.1"]),
        ("with AIX 7.3?", ["AIX 7.3"]),
        ("bump zvm version 7.1", ["z/VM 7.1"]),  # the level's word between the name and the figures
        ("z/OS release 2.2 then", ["z/OS 2.2"]),
    ],
)
def test_os_levels(text, labels):
    assert [o.label for o in read(text).os_levels] == labels


def test_aix_level_comparison():
    level = read("AIX 7.2 TL5").os_levels[0]
    assert aix_at_least(level, "7.2", 1) is True
    assert aix_at_least(read("AIX 7.1 TL5").os_levels[0], "7.2", 1) is False
    assert aix_at_least(read("AIX 7.2").os_levels[0], "7.2", 1) is None  # the TL decides and is not given


def _q(text):
    return [(q.kind, q.value, q.count, q.medium, q.noun) for q in read(text).quantities]


def test_ports_with_multipliers_and_speeds():
    assert _q("64 core box w/ 2 x 10Gb ports, 4 x 8Gb FC ports and 60 NPIV clients") == [
        ("cores", 64.0, None, None, "cores"),
        ("speed", 10.0, 2, None, "ports"),
        ("speed", 8.0, 4, "fc", "ports"),
        ("count", 60.0, 60, None, "npiv"),
    ]
    assert _q("4x8G FC") == [("speed", 8.0, 4, "fc", "ports")]
    assert _q("four 10 Gb ports") == [("speed", 10.0, 4, None, "ports")]
    assert _q("2 dual-port 10GbE adapters") == [("speed", 10.0, 4, "ethernet", "ports")]
    assert _q("2 ports of 8 Gb Fibre Channel") == [("speed", 8.0, 2, "fc", "ports")]


def test_ports_without_a_speed_are_kept_not_dropped():
    assert _q("4 FC ports") == [("speed", 0.0, 4, "fc", "ports")]


@pytest.mark.parametrize(
    "text, gib",
    [
        ("256GB", 256.0),
        ("48 gigs", 48.0),
        ("12,288 MB", 12.0),
        ("1 TB", 1024.0),
        ("1,5 TB", 1536.0),
        ("512 MiB", 0.5),
        ("16g", 16.0),
    ],
)
def test_sizes(text, gib):
    sizes = read(text).of_kind("size")
    assert len(sizes) == 1 and sizes[0].value == pytest.approx(gib)


def test_counts_percent_and_saps():
    assert _q("20000 SAPS") == [("saps", 20000.0, None, None, "saps")]
    assert _q("20,000 SAPS") == [("saps", 20000.0, None, None, "saps")]
    assert _q("20k SAPS") == [("saps", 20000.0, None, None, "saps")]
    assert _q("10 %") == [("percent", 10.0, None, None, "percent")]
    assert _q("a 48-core server") == [("cores", 48.0, None, None, "cores")]
    assert _q("8 virtual Ethernet adapters")[0][4] == "veth"


def test_an_ambiguous_number_becomes_a_question():
    r = read("12.288 MB")
    assert r.problems and "12,288" in r.problems[0].question
    assert r.quantities[0].ambiguous
    assert not read("factor 3.74").problems  # no unit: a decimal, plainly
    assert parse_number("12.288", sized=False) == (12.288, None)
    value, question = parse_number("1.234.567", sized=True)
    assert value == 1234567 and question is None


def test_every_number_is_kept():
    """A number that is none of the known kinds still comes back, as a bare number, never dropped."""
    r = read("amepat says 3.74 for lpar 7, 12 x 2")
    assert [(q.kind, q.value, q.count) for q in r.quantities] == [
        ("number", 3.74, None),
        ("number", 7.0, None),
        ("number", 2.0, 12),  # "12 x 2": the multiplier rides on the number it multiplies
    ]


def test_shorthand_and_terms():
    assert expand("shld i take it w/ 4 FC? whats the diff") == "should i take it with 4 FC? what is the difference"
    assert expand("vio mem") == "VIOS memory"
    assert "shared memory" in expand("SAP shm")
    assert set(SHORTHAND) >= {"shld", "w/", "mem", "shm", "diff"}
    r = read("amepat and vmo -o ame_mpsize_support, D VIRTSTOR,LFAREA")
    assert r.terms == ["amepat", "vmo", "ame_mpsize_support", "D VIRTSTOR", "LFAREA"]
    assert read("why didn't ame 001 fire, and VIOS-001?").rule_ids == ["AME-001", "VIOS-001"]


@pytest.mark.parametrize(
    "text, yes_no",
    [
        ("are 2 GB pages pageable?", True),
        ("can I turn SMT on for a zEC12?", True),
        ("amepat says 3.74, shld i just take it?", True),
        ("is it ok to run 100% ILM", True),
        ("what is the LFAREA limit?", False),
        ("how much memory does a VIOS need?", False),
    ],
)
def test_yes_no(text, yes_no):
    assert read(text).yes_no is yes_no


def test_reader_is_linear_on_hostile_input():
    """Long runs of digits, separators and units read in well under a second (no backtracking blow-up)."""
    for attack in ("1," * 20000, "9" * 40000 + "x", "1 x " * 10000, "P" * 30000 + "9", "7.2 TL" * 5000):
        t0 = time.perf_counter()
        read(attack)
        assert time.perf_counter() - t0 < 2.0, attack[:20]


def test_ports_of_an_adapter_and_a_count_before_gbe_are_kept():
    r = read("vios memory for 2 port 16Gb FC and 4 10GbE on a 48-core E980")
    got = [(q.kind, q.value, q.count, q.medium) for q in r.quantities]
    assert got == [("speed", 16.0, 2, "fc"), ("speed", 10.0, 4, "ethernet"), ("cores", 48.0, None, None)]


def test_a_decimal_before_a_letter_is_read_whole():
    r = read("2.5x on 32G")
    assert [(q.kind, q.value) for q in r.quantities] == [("number", 2.5), ("size", 32.0)]


def test_a_count_without_what_it_counts_is_kept_and_quad_ports_multiply():
    assert [(q.kind, q.count, q.medium) for q in read("3 quad-port FC HBAs").quantities] == [("speed", 12, "fc")]
    assert [(q.kind, q.value) for q in read("we have 2 x").quantities] == [("number", 2.0)]


def test_a_word_between_a_count_and_its_ports_keeps_the_count():
    """ "4 active 8Gb FC ports" was read as one 8 Gb port and "4 active ports" dropped: a silent wrong sizing."""
    assert _q("4 active 8Gb FC ports") == [("speed", 8.0, 4, "fc", "ports")]
    assert _q("6 cabled 10 Gb ports") == [("speed", 10.0, 6, None, "ports")]
    assert [(q.kind, q.count, q.noun) for q in read("4 active ports apiece").quantities] == [("speed", 4, "ports")]


def test_active_ports_reach_the_vios_sizing(engine):
    reply = engine.turn("vios memory: 3 x 10Gb ethernet ports and 4 active 8Gb FC ports")
    assert "4352 MB" in reply.answer  # 768 + 3 x 512 + 4 x 512 (Redbook 3.5.2)
    reply = engine.turn("vios memory for 2 LHEAs with 4 active ports apiece")
    assert "2608 MB" in reply.answer  # 768 + 2 x 512 + 8 x 102


@pytest.mark.parametrize(
    "text, values",
    [
        ("raise it to 6 on that one", [6.0]),  # "one" pointing at a thing is no count
        ("which one is worse, the other one?", []),
        ("one vios enough?", [1.0]),
        ("add one more FC port", [1.0]),
    ],
)
def test_one_is_a_count_unless_it_points_at_a_thing(text, values):
    assert [q.value for q in read(text).quantities] == values


@pytest.mark.parametrize(
    ("text", "spelt"),
    [
        ("rückgängig bitte", "rückgängig bitte"),  # the "r" of "rückgängig" is no "are"
        ("für die vios", "für die vios"),
        ("Größe der LFAREA?", "Größe der LFAREA?"),
        ("r u sure", "are you sure"),
        ("cmd?", "command?"),
    ],
)
def test_shorthand_spells_out_whole_ascii_words_only(text, spelt):
    assert expand(text) == spelt


def test_a_number_longer_than_a_float_reads_is_asked_about_not_rounded():
    value, question = parse_number("9" * 400, sized=False)
    assert value is None and question and "exactly" in question
    assert parse_number("123456789012345", sized=False) == (123456789012345.0, None)  # 15 digits still read
    assert any(q.ambiguous for q in read("true memory " + "9" * 40 + " GB, factor 2").quantities)
