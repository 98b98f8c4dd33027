"""The kind of answer a question asks for decides what is shown (advisor/knowledge/topic.py `wanted`).

A question asking for a name the sources give ("which message ...", "which field ...", "which command ...") is
answered with that name, never with a question back for the user's data; a measured result ("response time
improvement?") shows the verdict's passage's figures too. Phrasings are this file's own."""

from __future__ import annotations

import pytest

from advisor.knowledge.topic import wanted


@pytest.mark.parametrize(
    "question, fact",
    [
        ("which msg says the LFAREA is over the system limit?", "IAR043I"),
        ("what message at IPL gives real storage and the LFAREA limits?", "IAR040I"),
        ("256 GB to 512 GB in the SHARE DB2 runs, response time gain?", "40"),
    ],
)
def test_a_name_or_a_figure_is_answered_not_asked_back(engine, question, fact):
    reply = engine.turn(question)
    assert reply.intent == "ask" and fact in reply.answer, reply.answer[:300]
    assert not reply.needs_input


@pytest.mark.parametrize("question", ["is an LFAREA of 40% ok?", "how big should the LFAREA be?"])
def test_a_judgement_still_asks_for_the_data_it_needs(engine, question):
    reply = engine.turn(question)
    assert reply.intent == "clarify" and reply.needs_input


@pytest.mark.parametrize(
    "question, kinds",
    [
        ("which field in IARRCE counts the 2G high-water mark?", {"name"}),
        ("what env variable does liveCache need?", {"name"}),
        ("which operator cmd shows the lfarea use?", {"name", "command"}),
        ("response time improvement at 1 TB?", {"figure"}),
        ("how much better was it", {"figure"}),
        ("what is LFAREA?", set()),
        ("which workload did they run?", set()),
    ],
)
def test_what_kind_of_answer_is_asked_for(question, kinds):
    assert set(wanted(question)) == kinds
