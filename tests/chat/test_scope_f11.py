"""Out of scope however many words it shares with a passage (session 11, f11-scope). Own phrasings, not the eval's.

* A term no source uses in the asking clause of a follow-up is what is asked about, even when the question it
  continues waits for a calculator's input ("and how would zOSMF work it out?" after "LFAREA max for z/OS?").
* A procedure's action ("upgrade" of "steps to upgrade the HMC ...") the best passage never speaks of, nor of every
  term of the field named: that passage shares the things acted on or the conditions, not what is to be done.
* A platform the sources name only in passing (IBM i) is answered only by a best passage that names it, not by one
  further down that merely mentions it.
* A move between product lines asked on the platform moved to, whose best passage is of the one moved from.
"""

from __future__ import annotations

import json

import pytest


def _turns(engine, *messages):
    state = None
    replies = []
    for message in messages:
        reply = engine.turn(message, state)
        state = json.loads(reply.state.model_dump_json())
        replies.append(reply)
    return replies


def _refused(reply) -> bool:
    return reply.intent == "out-of-scope" and not reply.citations


@pytest.mark.parametrize(
    ("first", "follow_up"),
    [
        ("what's the VIOS memory guideline?", "what does PowerVC give it by default?"),
        ("LFAREA max for z/OS?", "and how does zOSMF compute it?"),
    ],
)
def test_an_unknown_term_asked_about_beside_a_question_back_is_not_covered(engine, first, follow_up):
    asked, follow = _turns(engine, first, follow_up)
    assert asked.intent == "clarify" and asked.citations  # the input asked back, with the rule's citation
    assert _refused(follow), follow.answer[:300]


def test_an_unknown_word_outside_the_asking_clause_keeps_the_question_back(engine):
    (reply,) = _turns(engine, "sysprog question: is LFAREA=(1M=(40%),2G=(16)) ok?")
    assert reply.intent == "clarify" and reply.citations


@pytest.mark.parametrize(
    "question",
    [
        "steps to upgrade the HMC from V9 to V10 without losing the partition profiles?",
        "how can we upgrade our HMC from V8 without losing any partition profiles?",
    ],
)
def test_a_procedure_whose_action_the_best_passage_never_names_is_not_covered(engine, question):
    (reply,) = _turns(engine, question)
    assert _refused(reply), reply.answer[:300]


@pytest.mark.parametrize(
    ("question", "fact"),
    [
        ("seastat gives nothing on ent6, says accounting is disabled. how to fix?", "accounting"),
        ("how to monitor sap dispatcher queues on hp-ux", "dispatcher"),
    ],
)
def test_a_procedure_on_the_terms_its_passage_speaks_of_stays_covered(engine, question, fact):
    (reply,) = _turns(engine, question)
    assert reply.covered and reply.citations and fact in reply.answer.lower(), reply.answer[:300]


@pytest.mark.parametrize(
    "question",
    [
        "we run IBM i too. how big should its memory pools be on POWER9?",
        "how should I size the QBASPOOL for IBM i on power9?",
    ],
)
def test_ibm_i_asked_about_is_answered_only_by_a_best_passage_that_names_it(engine, question):
    (reply,) = _turns(engine, question)
    assert _refused(reply), reply.answer[:300]


def test_ibm_i_where_the_sources_speak_of_it_stays_covered(engine):
    (reply,) = _turns(engine, "HPT ratio for IBM i partitions?")
    assert reply.covered and "64" in reply.answer


@pytest.mark.parametrize(
    "question",
    [
        "we migrate our hpux sap to power8: how many instances per core?",
        "how many SAPS will our HP-UX systems need on POWER9 after the migration?",
    ],
)
def test_a_move_asked_on_the_target_answered_from_the_origin_is_not_covered(engine, question):
    (reply,) = _turns(engine, question)
    assert _refused(reply), reply.answer[:300]


@pytest.mark.parametrize(
    "question",
    [
        "moving from HP-UX onto Power10 - what's the VIOS memory rule for a 32 core box?",
        "migrating from POWER7 to POWER8, HPT ratio?",
    ],
)
def test_a_move_answered_on_the_target_stays_covered(engine, question):
    (reply,) = _turns(engine, question)
    assert reply.covered and reply.citations
