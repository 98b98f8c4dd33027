"""In-scope questions that talk around their topic (session 11, f11b-scope). Own phrasings, not the eval's.

* Words that say where an answer comes from or call the machine by a generic name ("as per the 10G guidance", "our
  box") count for no share of what the best passage must cover: they are talk, never the topic.
* The one who a purpose clause says the answer is for ("so the ops desk can ...", "so that our SOC could ...") is no
  subject of the question, however rare a word it is.
* What kind of person does or asks something ("the jr admin wants to ...", "sr admin put ...") names no kind of thing
  asked about: it puts no question out of scope (a kind of container no passage names still does: "machine pool").
* "LDs" (mixed case) stands for locality domains; "ld" in lower case (the linker) does not.
* German "Zahlen", "Werte" (figures, values) and "zertifiziert(e)" (certified) are read, and mark German.
* "entc" (lparstat's %entc) is read as entitled capacity.
* Guard: a rare word that is the question's subject ("the tomcat thread pool") stays out of scope beside one.
"""

from __future__ import annotations

import pytest

from advisor.chat.ask import purpose_agents
from advisor.knowledge.retrieval import TALK_WORDS
from advisor.knowledge.topic import modifiers


def _covered(engine, message: str):
    reply = engine.turn(message, None)
    return reply.intent != "out-of-scope" and bool(reply.citations), reply


def test_talk_words_are_not_topics():
    assert {"guidance", "box"} <= TALK_WORDS


@pytest.mark.parametrize(
    "question",
    [
        "as per the 10G guidance, how many 10GbE ports on a 24-core box?",
        "what does the guidance say about 10GbE ports per processor on our box?",
    ],
)
def test_talk_around_a_question_does_not_put_it_out_of_scope(engine, question):
    covered, reply = _covered(engine, question)
    assert covered, reply.answer[:300]
    assert any("powervm-virtualization" in c.source_id for c in reply.citations)


@pytest.mark.parametrize(
    ("question", "agents"),
    [
        ("which command shows it so the NOC can watch it?", {"noc"}),
        ("where do i see the EF so that our SOC team could alert on it", {"soc"}),
        ("why is it so slow", set()),
    ],
)
def test_purpose_agents(question, agents):
    assert purpose_agents(question) == agents


def test_a_purpose_clause_agent_does_not_put_a_tool_question_out_of_scope(engine):
    covered, reply = _covered(engine, "what tool displays the AME target and actual factor so the NOC can follow it?")
    assert covered, reply.answer[:300]
    assert "topas" in reply.answer.lower()


@pytest.mark.parametrize(
    "question",
    [
        "which tool shows the tomcat thread pool live so the NOC can watch it?",
        "how do I size the tomcat heap so the app can scale",
    ],
)
def test_a_rare_subject_stays_out_of_scope_beside_a_purpose_clause(engine, question):
    covered, reply = _covered(engine, question)
    assert not covered, reply.answer[:300]


def test_the_kind_of_a_person_is_no_modifier():
    assert modifiers([["jr", "admin", "wants"], ["lock", "structure"]]) == ["admin", "lock"]


@pytest.mark.parametrize(
    "question",
    [
        "our jr admin wants to add more dialog work processes because response times are bad on hp-ux. ok?",
        "sr admin put LDR_CNTRL=DATAPSIZE=64K@TEXTFSIZE=64K in the profile from the guide. fine?",
    ],
)
def test_who_asks_does_not_put_a_question_out_of_scope(engine, question):
    covered, reply = _covered(engine, question)
    assert covered, reply.answer[:300]


def test_a_kind_of_container_beside_a_person_stays_out_of_scope(engine):
    covered, reply = _covered(engine, "our jr admin wants to size the machine pool on the P10, how much?")
    assert not covered, reply.answer[:300]


def test_lds_written_for_locality_domains_are_read_as_them(engine):
    covered, reply = _covered(engine, "which command shows the LDs of an rx8640 with the cpus in each?")
    assert covered, reply.answer[:300]
    assert "locality domain" in reply.answer.lower()


def test_the_linker_ld_in_lower_case_is_no_locality_domain(engine):
    covered, reply = _covered(engine, "ld fails with an error linking the kernel, why?")
    assert not covered, reply.answer[:300]


def test_german_figures_and_certified_are_read(engine):
    covered, reply = _covered(engine, "Sind die Zahlen der z13 SMT Studie zertifizierte Benchmarks?")
    assert covered, reply.answer[:300]
    assert reply.answer.startswith("No")


def test_entc_of_lparstat_is_read_as_entitled_capacity(engine):
    covered, reply = _covered(engine, "the vios is at 160% entc most of the day. what should change?")
    assert covered, reply.answer[:300]
    assert "entitle" in reply.answer.lower() or "EC" in reply.answer
