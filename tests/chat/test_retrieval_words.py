"""How a question is typed does not decide whether it is covered (advisor/knowledge/retrieval.py, synonyms.py,
topic.py, advisor/chat/ask.py). Every phrasing is this test's own; each case has its other side: the same form
about something the sources do not cover stays refused.
"""

from __future__ import annotations

import pytest

from advisor.knowledge.retrieval import shouted


@pytest.mark.parametrize(
    ("question", "source"),
    [
        # typed in capitals throughout: no word of it is an unknown command or product for being in capitals
        ("HOW MUCH MEMORY SHOULD THE VIOS GET ON A 64 CORE BOX?", "ibm-powervm-virtualization-redbook"),
        ("WHICH MESSAGE DO I GET WHEN LFAREA IS TOO BIG?", "ibm-zos-large-memory-share-2014"),
        # a heading in capitals the ticket starts with
        ("URGENT REVIEW: how much did SMT add on the z13 in the SAP banking test?", "ibm-z13-smt-sap-redp5287"),
        # the plural of an acronym the sources use ("WPs": work processes)
        ("HP-UX: how many dialog WPs per SAP instance?", "hp-hpux-sap-itanium-kod"),
        # an adjective of size before the thing ("huge", "fat") does not name a kind of it
        ("do fat SAP instances across cells hurt on an rx8640?", "hp-hpux-sap-itanium-kod"),
        # "how do I set ...": the verb is the action, what it sets is the subject
        ("how do I set up the large page hints on disp+work on Itanium?", "hp-hpux-sap-itanium-kod"),
    ],
)
def test_the_form_of_an_in_scope_question_does_not_refuse_it(engine, question, source):
    reply = engine.turn(question)
    assert reply.covered, reply.answer
    assert source in {c.source_id for c in reply.citations}


@pytest.mark.parametrize(
    "question",
    [
        "HOW DO I SIZE THE ORACLE RAC INTERCONNECT ON AIX?",
        "URGENT REVIEW: which Kubernetes requests for SAP pods?",
        "how do I use CP SET SHARE for the linux guests?",  # z/VM's CP command, not general purpose CPs
        "how do I set the Tomcat heap on AIX?",
    ],
)
def test_the_same_forms_about_what_the_sources_do_not_cover_stay_refused(engine, question):
    reply = engine.turn(question)
    assert not reply.covered
    assert not reply.citations


def test_shouted_is_the_whole_message_not_an_acronym():
    assert shouted("PROD LPAR HAS AME ON. OK?")
    assert not shouted("is AME on the PROD LPAR ok?")
    assert not shouted("OK?")  # too few letters to tell


def test_a_told_setting_and_an_os_level_are_no_factor_question():
    from advisor.chat.calc import calculate

    told = calculate("AME at factor 1.4 on erp07, AIX 7.3 TL1, profile set to 64K pages. why is cpu higher?", set())
    assert told is None or not any("7.3" in str(c.inputs) for c in told.calculations)
    assert told is None or told.verdict is None  # nothing asked about the factor's validity
    asked = calculate("can I set an AME expansion factor of 1.255 on AIX 7.3?", set())
    assert asked is not None and asked.verdict is not None and asked.verdict[0] == "no"


def test_which_options_of_a_command_are_shown_with_the_command(engine):
    reply = engine.turn("Itanium box with SAP: which chatr flags should disp+work get against TLB misses?")
    assert "chatr +pi 16M +pd 64M" in reply.answer


def test_the_figures_of_the_platform_asked_come_first(engine):
    reply = engine.turn("64K vs 4K pages for SAP with AME off - figures for Power9 please")
    assert "42" in reply.answer and "46" in reply.answer
