"""What an answer shows: the sentence of the kind asked for, and follow-ups about the last answer.

* A passage's sentences are ranked by the question's words; among those that match, the one that gives the
  kind of answer the question asks for (a figure for "how much", a command for "how do I", a reason for
  "why", a level for "which release") comes first (advisor/knowledge/topic.py `wanted` / `offers`).
* After an answer to a question (no document in the session), "why?", "what does that mean for batch?" and
  "so what should we do with those lpars?" are asked about that answer's subject, not about the rule that
  was named beside it.
"""

from __future__ import annotations

import pytest

from advisor.knowledge.topic import offers, wanted


@pytest.mark.parametrize(
    ("question", "kinds"),
    [
        ("how much memory did AME save at factor 2.0?", {"figure"}),
        ("do bigger page sizes cost memory on hp-ux? numbers?", {"figure"}),
        ("how do I hand a LUN from the global aix to a wpar?", {"command"}),
        ("how can I see the actual use of the LFAREA?", {"command"}),
        ("why does cell local memory matter for SAP?", {"reason"}),
        ("in which z/OS release did 1M large pages first show up?", {"level"}),
        ("when would a second pair of VIOS make sense?", {"condition"}),
        ("in which cases would a third pair of VIOS be justified?", {"condition"}),
        ("is AME transparent to SAP?", set()),
        ("checklist before the first AME64K test?", {"list"}),
    ],
)
def test_the_kind_of_answer_asked_for(question, kinds):
    assert wanted(question) == kinds


def test_which_sentences_give_which_kind():
    assert offers("It saved 64% of the memory at factor 2.8.", frozenset({"figure"}))
    assert not offers("AME compresses memory behind the scenes.", frozenset({"figure"}))
    assert offers("Export it with `chwpar -D devname=hdisk6 wpar1`.", frozenset({"command"}))
    assert offers("Large pages arrived in z/OS V1R9.", frozenset({"level"}))
    assert offers("It is held at 90% so that differences reflect the machine.", frozenset({"reason"}))
    assert not offers("Huge buffers reached Max Allocated.", frozenset({"reason", "command"}))
    assert offers("Larger machines may justify more pairs.", frozenset({"condition"}))
    assert not offers("Best practice is to run VIOS in redundant pairs.", frozenset({"condition"}))


@pytest.mark.parametrize(
    ("question", "fact"),
    [
        ("how do I hand a LUN from the global aix to a wpar?", "chwpar -D"),
        ("how would we give an hdisk of the global AIX to a system wpar?", "chwpar -D"),
        ("which command exports a disk to a WPAR?", "chwpar -D"),
        ("in which cases would a third pair of VIOS be justified?", "production"),
    ],
)
def test_the_sentence_with_the_command_is_shown(engine, question, fact):
    reply = engine.turn(question)
    assert reply.covered and fact in reply.answer, reply.answer[:400]


@pytest.mark.parametrize(
    ("first", "follow", "fact"),
    [
        ("at what CPU utilization were the z13 smt runs held?", "why?", "so that"),
        ("why does SMT help some workloads and not others?", "what does that mean for batch", "batch"),
        ("does the z13 SMT paper say SMT helps ITR?", "what does that mean for batch jobs?", "batch"),
        (
            "with AME4K on and factor left at 1.0, how much extra cpu did power10 burn in the sap test?",
            "so what should we do with those lpars?",
            "switch AME off",
        ),
    ],
)
def test_follow_ups_after_an_answer_ask_about_its_subject(engine, first, follow, fact):
    state = engine.turn(first).state
    reply = engine.turn(follow, state)
    assert reply.intent in ("ask", "calc") and reply.covered, reply.answer[:300]
    assert fact.lower() in reply.answer.lower(), reply.answer[:600]


def test_with_a_document_why_still_explains_the_finding(engine):
    import json
    from pathlib import Path

    doc = json.loads((Path(__file__).resolve().parents[2] / "examples" / "aix-ame4k-64k.json").read_text())
    state = engine.turn("review", document=doc).state
    reply = engine.turn("why?", state)
    assert reply.intent == "explain"


@pytest.mark.parametrize(
    ("first", "follow", "fact"),
    [
        ("does the z13 smt paper show gains for sap?", "at what cpu utilization?", "90"),
        ("is 1% of cycles in the TLB handler ok for SAP on Itanium?", "what does caliper report there?", "caliper"),
    ],
)
def test_a_follow_up_is_ranked_by_its_own_words_within_the_last_subject(engine, first, follow, fact):
    state = engine.turn(first).state
    reply = engine.turn(follow, state)
    assert reply.covered and fact in reply.answer, reply.answer[:300]


def test_own_words_never_bring_a_passage_of_another_subject():
    from advisor.knowledge import knowledge_base

    # "command to check it?" after SEA failover: the AME command passage answers "check" and "command" only
    r = knowledge_base().search("command to check it (how does the VIOS sea failover work)")
    assert all("SEA" in h.matched or "VIOS" in h.matched for h in r.hits[:3]), [h.passage.id for h in r.hits[:3]]


def test_sizes_compared_are_found_as_the_passages_write_them():
    from advisor.knowledge import knowledge_base
    from advisor.knowledge.retrieval import size_concepts

    kb = knowledge_base()
    labels = [c.label for c in size_concepts(kb, "what did going from 256G to 1TB real storage buy?")]
    assert labels == ["256 GB", "1024 GB"]
    assert size_concepts(kb, "how big on 256 GB online") == []  # one amount is an input, not a topic
    assert size_concepts(kb, "LFAREA=1M and 16M pages") == []  # page sizes are terms of their own


def test_a_measured_result_is_found_by_its_figures(engine):
    reply = engine.turn("what did doubling from 256G to 512G buy in the db2 large memory test")
    assert "256 GB to 512 GB" in reply.answer and "13%" in reply.answer.replace(" %", "%"), reply.answer[:300]


def test_a_continuation_with_a_pronoun_is_asked_on_the_last_subject(engine):
    state = engine.turn("give disp+work large pages with chatr on hp-ux?").state
    reply = engine.turn("and how much did that cut response time?", state)
    assert reply.citations and reply.citations[0].source_id == "hp-hpux-sap-itanium-kod"
    assert "1.42 s" in reply.answer, reply.answer[:400]


def test_numbers_for_another_platform_is_the_last_question_there(engine):
    state = engine.turn("how much CPU did 64K pages save without AME on power9?").state
    reply = engine.turn("figures for power10?", state)
    assert reply.intent == "ask" and "Power10" in reply.answer and "28%" in reply.answer, reply.answer[:300]
    assert "power10" in reply.state.subject.question.lower()


def test_a_follow_up_to_a_follow_up_still_knows_what_it_is(engine):
    state = engine.turn("what does the deficit column of lparstat -c tell me?").state
    state = engine.turn("can it be above 0?", state).state
    reply = engine.turn("and if it is, how do we fix it", state)
    assert reply.covered and "true memory" in reply.answer, reply.answer[:300]


def test_a_checklist_question_gets_the_passage_steps_in_order(engine):
    from advisor.knowledge.topic import is_list

    assert is_list("First, check A. Second, set B. Then reboot. Finally, verify C.")
    assert not is_list("AME compresses memory; the factor sets how much.")
    reply = engine.turn("what steps before our first AME64K factor test on the app lpar?")
    assert all(w in reply.answer for w in ("First", "Second", "Third", "Fourth")), reply.answer[:600]


def test_the_subject_of_it_survives_a_state_stored_without_its_turns(engine):
    """The API stores the state without its turns (they are rows): the subject a pronoun refers to is in the state."""
    import json

    def stored(reply):
        return json.loads(reply.state.model_dump_json(exclude={"turns"}))

    state = stored(engine.turn("what does the deficit column of lparstat -c tell me?"))
    state = stored(engine.turn("can it be above 0?", state))
    assert "deficit" in (state["subject"]["anchor"] or "")
    reply = engine.turn("and if it is, how do we fix it", state)
    assert reply.covered and "true memory" in reply.answer, reply.answer[:300]


def test_more_after_a_pronoun_follow_up_over_a_state_without_turns(engine):
    import json

    def stored(reply):
        return json.loads(reply.state.model_dump_json(exclude={"turns"}))

    state = stored(engine.turn("explain 2G pages on z/OS"))
    state = stored(engine.turn("can they be paged out?", state))
    reply = engine.turn("more", state)
    assert reply.covered and reply.citations[0].source_id == "ibm-zos-large-memory-share-2014", reply.answer[:200]
