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
