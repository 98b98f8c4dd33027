"""Calculator answers: the numbers are extracted from the question and the figures are right."""

from __future__ import annotations

import pytest

from advisor.chat.calc import _factors, calculate
from advisor.chat.numbers import normalise, sizes_gb


def _text(question: str, platforms=frozenset()) -> str:
    result = calculate(question, set(platforms))
    assert result is not None, question
    return result.out.text()


@pytest.mark.parametrize(
    "question, expected",
    [
        ("Using the simple rule of thumb, how much memory should each VIOS get on a 48-core server?", "= 6 GB"),
        (
            "Calculate VIOS memory for this adapter set: 2 LHEAs with 2 configured ports each, 4 non-LHEA 1 Gb "
            "Ethernet "
            "ports, 2 ports of 8 Gb Fibre Channel, 20 NPIV virtual FC adapters and 8 virtual Ethernet adapters.",
            "= 6560 MB",
        ),
        (
            "Our VIOS has four 8 Gb FC ports and two 10 Gb Ethernet ports, 12 virtual Ethernet adapters, and we "
            "plan 60 NPIV "
            "adapters of which only 20 are mapped today. How much memory does it need?",
            "= 12432 MB",
        ),
        ("how much memory does a VIOS need for four 10 Gb ports and 20 NPIV clients?", "= 5616 MB"),
        # "NxMG" in a VIOS sizing: N links at M Gb (1G and 10G are the Ethernet speeds the Redbook prices)
        ("need vios ram: 2 x 10g, 3x1g, 10 veth", "= 2258 MB"),
        ("vios memory with 4x8G FC and 2x10G", "= 3840 MB"),
        (
            "Size the VIOS memory for a 20-core machine with two 10 Gb ports, 30 NPIV adapters and 4 virtual Ethernet "
            "adapters.",
            "larger of the two: 6056 MB",
        ),
    ],
)
def test_vios_memory(question, expected):
    assert expected in _text(question)


def test_vios_memory_with_cores_and_adapters_says_the_combination_is_a_reading():
    """Redbook 3.5.2 never says how its two guidelines combine: the larger is said to be our reading, the sum beside."""
    result = calculate("vios memory on a 48 core frame with 2 x 10 Gb ports and 40 npiv adapters", set())
    assert result is not None
    figures = {c.name: c.result for c in result.calculations}
    # base 48 x 128 MB = 6144; complex I/O 768 + 2 x 512 + 40 x 140 = 7392; the larger 7392; both 13536
    assert figures == {"vios_memory.base": 6144, "vios_memory.complex_io": 7392, "vios_memory.required": 7392}
    assert any("does not say how its two guidelines combine" in a and "13536 MB" in a for a in result.assumptions)
    only_adapters = calculate("vios memory with 2 x 10 Gb ports and 40 npiv adapters", set())
    assert only_adapters is not None and not any("combine" in a for a in only_adapters.assumptions)


def test_vios_memory_asks_for_cores_when_missing():
    result = calculate("how much memory does a VIOS need for four 10 Gb ports and 20 NPIV clients?", set())
    assert [q.path for q in result.questions] == ["system_cores"]


@pytest.mark.parametrize(
    "question, expected",
    [
        ("What is the largest LFAREA I can ask for on a 16 GB z/OS system?", ["= 9.6 GB", "= 10.8 GB"]),
        ("On a 64 GB z/OS LPAR, how much can LFAREA=(1M=...,2G=...) reserve at most?", ["= 48 GB"]),
        ("What happens at IPL on a 16 GB system if IEASYSxx has LFAREA=(1M=(10%),2G=(12,10))?", ["IAR043I", "prompts"]),
        ("IPL stopped with IAR046I REASON: PERCENTAGE WITH NON-PERCENTAGE IN SAME KEYWORD", ["both be percentages"]),
        ("How large will the PLAREA be on a z/OS system with 16 GB online?", ["= 1.75 GB"]),
    ],
)
def test_z_calculators(question, expected):
    text = _text(question)
    for part in expected:
        assert part in text


def test_hpt_for_two_generations():
    text = _text(
        "Compute the hypervisor page table size for three AIX LPARs with 64 GB maximum memory each and one "
        "IBM i LPAR with 32 GB maximum, on POWER7+ and on POWER7.",
        {"power7", "power7+"},
    )
    assert "POWER7+: HPT = 192 GB / 128 (1.5 GB) + 32 GB / 64 (0.5 GB) = 2 GB" in text  # each share stated
    assert "POWER7: HPT = 224 GB / 64 = 3.5 GB" in text


@pytest.mark.parametrize(
    "question, expected",
    [
        (
            "With 6 GB of true memory and an expansion factor of 2.5, how much expanded memory does AIX see and "
            "what is the "
            "memory gain?",
            ["= 15 GB expanded", "150%"],
        ),
        (
            "We run 7 GB of true memory at factor 2.0 (14 GB expanded). How much true memory do we need at "
            "factor 2.8 to "
            "keep 14 GB expanded?",
            ["= 5 GB true memory"],
        ),
        (
            "Our LPAR has 12 GB true memory at factor 2.0 and shows an AME deficit. If we lower the factor to "
            "1.6, how much "
            "true memory keeps the same expanded memory?",
            ["= 15 GB true memory"],
        ),
        (
            "An SAP application server has 64 GB real memory and 16 GB paging space. With AME at factor 1.5, how "
            "much total "
            "virtual memory is available?",
            ["= 112 GB of virtual memory"],
        ),
        (  # sizes given in MB: the answer keeps the user's unit, GB beside it
            "8192MB true mem, AME 1.5, 2048MB paging space: when does aix start killing processes",
            ["= 14336 MB (14 GB) of virtual memory"],
        ),
        (
            "32768 MB true at factor 2.0, going to factor 1.6: how much true memory then?",
            ["= 40960 MB (40 GB) true memory"],
        ),
        ("want 24576 MB expanded at factor 1.5, true memory needed?", ["= 16384 MB (16 GB) true memory"]),
        (
            "Can I set an AME expansion factor of 1.255, or one of 12?",
            ["Factor 1.255: not valid", "Factor 12: not valid"],
        ),
    ],
)
def test_ame(question, expected):
    text = _text(question)
    for part in expected:
        assert part in text


@pytest.mark.parametrize(
    "question, expected",
    [
        ("How many SAP instances should I run on a 32-core Integrity server?", ["8 to 16 instances"]),
        (
            "Our HP-UX SAP server has 128 GB of RAM. How large should the buffer cache be at most and how much "
            "swap do I "
            "need?",
            ["= 3.84 GB", "= 256 GB"],
        ),
        (
            "The SAP instances bound to one cell use 20 GB of shared memory in total. How much CLM does that "
            "cell need?",
            ["20 GB"],
        ),
    ],
)
def test_hpux(question, expected):
    text = _text(question)
    for part in expected:
        assert part in text


def test_z13_smt_gain():
    text = _text("How much more SAP throughput did IBM measure on z13 with SMT compared with the same z13 without SMT?")
    assert "+28.4%" in text and "+29.1%" in text


def test_no_calculator_without_numbers():
    assert calculate("Should I enable SMT on the z13 IFLs that run SAP under z/VM?", set()) is None
    assert calculate("Which AME expansion factor range did IBM find suitable, and why not go to 4.0?", set()) is None


def test_number_helpers():
    assert normalise("four 10 Gb ports and twenty-four NPIV") == "4 10 Gb ports and 24 NPIV"
    assert sizes_gb("16 GB online, 512 MB, 1 TB, 1M= pages") == [16.0, 0.5, 1024.0]
    assert _factors("7 GB at factor 2.0 (14 GB expanded). How much at factor 2.8?") == [2.0, 2.8]


@pytest.mark.parametrize("question", ["vios mem: 2x16G, 2x10G?", "vios memory: 2x8G plus 1x10G"])
def test_vios_bare_g_speed_that_is_not_ethernet_is_asked(question):
    """'2x8G' without FC could be FC or Ethernet ports: asked back, never counted at one increment."""
    result = calculate(question, set())
    assert result is not None and result.questions
    assert "Complex I/O rule" not in result.out.text() and " MB (" not in result.out.text()


def test_without_ame_and_no_memory_size_there_is_nothing_to_compute_at_factor_one():
    """ "no AME" sets factor 1 for the real-memory-plus-paging limit; a page size ("64k pages") is no memory size."""
    result = calculate("cpu saving from 64k pages on power9 w/o AME?", set())
    assert result is None or not any(c.name.startswith("ame.") for c in result.calculations)
    limit = calculate("96 GB real + 24 GB paging, no AME, when does it go down?", set())
    assert limit is not None and "= 120 GB" in limit.out.text()
