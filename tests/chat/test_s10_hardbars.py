"""Hard-bar misses of heldout23-25's clean run, fixed as mechanisms (session 10): a z13 SMT gain asked with no
baseline gives the paper's headline gains over the zEC12 too; a port speed given back keeps the ports' count (not
the speed's digits); a bare new-form LFAREA statement after an LFAREA question is computed on that system; a
platform the sources name only in passing (IBM i) is not covered by a passage that does not name it."""

from __future__ import annotations

import pytest

from advisor.chat import dialogue
from tests.chat.test_issue14 import Session, sources


@pytest.mark.parametrize(
    "question", ["how much does SMT give on a z13 for the SAP app servers?", "z13 SMT uplift for SAP dialog work?"]
)
def test_an_smt_gain_without_a_baseline_gives_the_papers_gains_over_the_zec12(engine, question):
    r = Session(engine).say(question)
    assert "z13 with SMT over z13 without SMT" in r.answer  # Table 2's own SMT gain
    assert "z13 with SMT over zEC12" in r.answer and "up to 40% more ITR" in r.answer and "38% higher ETR" in r.answer


def test_smt_against_the_z13_without_it_stays_that_comparison_alone(engine):
    r = Session(engine).say("z13 with SMT vs without SMT, how much more ETR?")
    assert "z13 with SMT over z13 without SMT" in r.answer and "over zEC12" not in r.answer


@pytest.mark.parametrize(
    ("first", "reply", "figure"),
    [
        ("vios memory for 2x16G FC ports and 10 npiv?", "count them as 8G", "768 MB + 2 x 512 MB"),
        ("vios memory for 6 x 32Gb FC ports + 12 npiv adapters", "treat as 8 Gb fc", "768 MB + 6 x 512 MB"),
        ("vios memory: 16Gb FC ports x4, 12 npiv", "8G", "768 MB + 4 x 512 MB"),
    ],
)
def test_a_speed_given_back_keeps_the_ports_count(engine, first, reply, figure):
    s = Session(engine)
    s.say(first)
    r = s.say(reply)
    assert figure in r.answer and "(8 Gb FC port)" in r.answer


def test_a_bare_new_form_statement_after_an_lfarea_question_is_computed_on_that_system(engine):
    s = Session(engine)
    s.say("largest LFAREA we can set on the prod lpar in the new syntax? 512 GB online")
    r = s.say("ok and 1M=(25%) is how many GB?")
    assert "LFAREA=(1M=(25%)) on 512 GB online storage" in r.answer and "the request is 127 GB" in r.answer
    assert not r.answer.startswith(("Yes", "No"))  # a size asked, no yes/no


def test_a_form_named_without_a_value_still_asks_for_that_form():
    assert (
        dialogue._statement_replaced(
            "LFAREA limit on 64 GB online?",
            "and the 1M= form?",
            "and the 1M= form?",
            dialogue.read("and the 1M= form?"),
        )
        is None
    )


@pytest.mark.parametrize(
    "question", ["IBM i memory pool tuning for SAP on Power10?", "how do I size the IBM i subsystems for our ERP?"]
)
def test_ibm_i_beyond_the_passages_that_name_it_is_not_covered(engine, question):
    r = Session(engine).say(question)
    assert r.intent == "out-of-scope" and not r.citations


@pytest.mark.parametrize(
    ("question", "source"),
    [
        ("which HPT ratio applies to IBM i partitions on POWER7+?", "ibm-powervm-virtualization-redbook"),
        ("can vscsi give non-520 disks to an IBM i lpar?", "ibm-powervm-virtualization-redbook"),
        ("IBM I/O tuning for AME on AIX?", "ibm-powervm-virtualization-redbook"),
    ],
)
def test_ibm_i_where_the_sources_name_it_and_io_stay_covered(engine, question, source):
    r = Session(engine).say(question)
    assert r.intent != "out-of-scope" and source in sources(r)


@pytest.mark.parametrize(
    ("first", "terse", "fact"),
    [
        ("seastat has no data for ent5", "cmd?", "accounting=enabled"),
        ("how do i see large frame use on z/OS?", "msg id?", "IAR019I"),
    ],
)
def test_a_terse_follow_up_in_shorthand_resolves_against_the_conversation(engine, first, terse, fact):
    s = Session(engine)
    s.say(first)
    r = s.say(terse)
    assert r.intent != "out-of-scope" and fact in r.answer
