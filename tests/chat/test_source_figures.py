"""Figures the sources print (measured results, test setups) asked for the way outsiders ask: the words naming a
document ("the z13 SMT paper") do not stand in for the subject, a name the question shortens ("Banking Day
Posting") is the sources' own, and the HP slides' "large virtual pages" are large pages. Phrasings are this
file's own."""

from __future__ import annotations

import pytest


def sources(reply) -> set[str]:
    return {c.source_id for c in reply.citations}


@pytest.mark.parametrize(
    "question, source, figures",
    [
        # the document named with a term of the field: the subject is the disks, not SMT
        ("which disk subsystem held the database in the SMT paper?", "ibm-z13-smt-sap-redp5287", ["DS8870"]),
        ("z13 SMT paper - how many 3390 volumes did the db2 database use?", "ibm-z13-smt-sap-redp5287", ["834"]),
        # a name shortened from the source's own ("SAP Banking Services (SBS) Day Posting")
        ("how many dialog steps per cycle in Banking Day Posting?", "ibm-z13-smt-sap-redp5287", ["15"]),
        # "large virtual pages" in the HP slides
        ("rx6600 numbers: SAPS with 4K pages vs large pages?", "hp-hpux-sap-itanium-kod", ["8930", "10777"]),
        ("what were large pages worth for disp+work on HP-UX in SAPS?", "hp-hpux-sap-itanium-kod", ["10777"]),
        # the figures of the generation asked for, not another generation's row of the same table
        ("virtual memory cost of 64K pages for the sap kernel on a Power9?", "ibm-aix-ame64k-sap-2023", ["8.9 GB"]),
        # "flip-flopping": what the Redbook calls recommendations that swing and contradict each other
        ("our amepat runs flip-flop between 8.00 and 2.29 - why?", "ibm-powervm-virtualization-redbook", ["8.00"]),
        # a question naming a source: its everyday talk ("fyi", "mgmt") does not make it out of scope
        ("fyi mgmt asks: what workload did the z13 SMT study run?", "ibm-z13-smt-sap-redp5287", ["Day Posting"]),
    ],
)
def test_a_printed_figure_is_found(engine, question, source, figures):
    reply = engine.turn(question)
    assert reply.covered and source in sources(reply), reply.answer[:300]
    for figure in figures:
        assert figure in reply.answer, (figure, reply.answer[:400])


def test_the_document_word_still_counts_when_it_is_what_is_asked_about(engine):
    reply = engine.turn("what does the SMT paper say about the zIIPs?")
    assert reply.covered and "zIIP" in reply.answer


@pytest.mark.parametrize(
    "question",
    ["AIX Live Kernel Update on our AME lpars - supported?", "can Power Enterprise Pools move AME licences?"],
)
def test_a_feature_name_the_sources_never_use_is_still_not_covered(engine, question):
    reply = engine.turn(question)
    assert not reply.covered and not reply.citations, reply.answer[:300]


@pytest.mark.parametrize(
    "question, figures",
    [
        ("what memory gain does factor 1.5 give? and at 4.2?", ["50%", "320%"]),
        ("factor 1.8 -> how much memory gain? or at 2.6?", ["80%", "160%"]),
    ],
)
def test_a_second_value_asked_the_same_way_gets_its_own_figure(engine, question, figures):
    reply = engine.turn(question)
    for figure in figures:
        assert figure in reply.answer, (figure, reply.answer[:400])


def test_a_second_question_of_its_own_keeps_its_own_asking_clause():
    from advisor.chat.calc.asked import asked

    assert asked("memory gain at factor 2.5? and the cpu?") == "and the cpu?"
    assert asked("memory gain at factor 2.5? and at 3.2?") == "memory gain at factor 2.5? and at 3.2?"


@pytest.mark.parametrize(
    "question, figures",
    [
        ("how much memory does factor 4.35 save and what does it cost?", ["77%", "43%", "12%", "0.08s"]),
        ("memory saved at factor 4.7?", ["79%", "85%", "1253 SAPS", "1645 MB"]),
    ],
)
def test_a_factor_the_guide_ran_quotes_what_its_row_saved_and_cost(engine, question, figures):
    reply = engine.turn(question)
    for figure in figures:
        assert figure in reply.answer, (figure, reply.answer[:400])
