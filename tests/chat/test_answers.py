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
        ("is AME transparent to SAP?", set()),
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


@pytest.mark.parametrize(
    ("question", "fact"),
    [
        ("how do I hand a LUN from the global aix to a wpar?", "chwpar -D"),
        ("how would we give an hdisk of the global AIX to a system wpar?", "chwpar -D"),
        ("which command exports a disk to a WPAR?", "chwpar -D"),
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
