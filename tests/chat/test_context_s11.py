"""Terse follow-ups that ask one facet of the last answer, and reviews scoped by what the message names (session 11).

* A follow-up asked with its context that wants a kind of answer a passage gives outright (a measured figure "by how
  much?", a message id "msg?", a command "cmd?", a level "min aix lvl?") is answered by the passage of the last answer's
  thread that gives it, the one the last answer led with (its verdict's) first (retrieval `_continue`, topic.facets).
* Such a follow-up that wants a reason, a name or a command is answered by passages, never by the question back its
  context's calculator would put ("why tho" after "how many instances per core").
* Shorthand is spelt out before a fragment is judged ("msg", "resp", "RT", "lvl", "tho").
* "y/n" at the end asks for yes or no; "X ok?" with a document judges that part, and names every rule of it that fires.
* "pls look at vios2 only", "VIOS side only": the named systems, or the kind of system named, lead the review.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from advisor.chat.reader import read
from advisor.knowledge.topic import facets, gives

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _doc(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("question", "kinds"),
    [
        ("by how much?", {"figure"}),
        ("msg if i go over?", {"name"}),
        ("message id?", {"name"}),
        ("min aix level?", {"figure", "level"}),  # "min" asks for a minimum too
        ("cmd?", {"command"}),
        ("why tho", set()),
    ],
)
def test_the_facet_a_terse_follow_up_asks_for(question, kinds):
    assert facets(read(question).text) == kinds


def test_a_figure_facet_is_a_measured_amount_not_any_digit():
    assert gives("response time fell from 1.702 to 1.382 s (23.15%)", frozenset({"figure"}))
    assert not gives("CPUs 2 and 3 form pset 1", frozenset({"figure"}))


@pytest.mark.parametrize(
    ("first", "follow", "fact"),
    [
        ("do processor sets help SAP performance on Itanium boxes?", "how much?", "23"),
        ("is it worth running sap instances in psets on hp-ux", "by how much", "1.382"),
    ],
)
def test_a_figure_asked_after_a_verdict_comes_from_the_verdicts_passage(engine, first, follow, fact):
    state = engine.turn(first).state
    reply = engine.turn(follow, state)
    assert reply.covered and fact in reply.answer, reply.answer[:600]


@pytest.mark.parametrize(
    ("first", "follow", "fact"),
    [
        ("roughly how many SAP instances per core on a superdome?", "why tho", "dispatcher"),
        ("hp-ux: instances per core for sap?", "reason?", "dispatcher"),
    ],
)
def test_a_reason_after_a_question_back_is_answered_not_asked_back_again(engine, first, follow, fact):
    state = engine.turn(first).state
    reply = engine.turn(follow, state)
    assert reply.intent != "clarify" and reply.covered, reply.answer[:300]
    assert fact in reply.answer.lower(), reply.answer[:600]


def test_shorthand_is_spelt_out_for_a_fragment(engine):
    state = engine.turn("which page size hints for disp+work on hp-ux?").state
    reply = engine.turn("resp time at 4k?", state)
    assert reply.covered and "3.82" in reply.answer, reply.answer[:600]


@pytest.mark.parametrize("text", ["lfarea ok y/n", "enough instances here y/n", "within limit yes/no?"])
def test_a_yes_no_tag_asks_for_yes_or_no(text):
    assert read(text).yes_no


def test_a_part_judged_with_the_document_says_yes_or_no(engine):
    reply = engine.turn("smt setting fine?", document=_doc("zvm-z13.json"))
    assert reply.verdict is not None and reply.verdict.answer == "no", reply.answer[:300]
    assert "ZVM-001" in reply.answer


def test_every_rule_of_the_topic_that_fires_is_named_with_its_figure(engine):
    reply = engine.turn("CLM configured ok here?", document=_doc("hpux-superdome.json"))
    assert reply.verdict is not None and reply.verdict.answer == "no"
    assert "HPUX-004" in reply.answer and "HPUX-005" in reply.answer and "32.8 GB" in reply.answer


@pytest.mark.parametrize("text", ["have a look at vios2 only pls", "review, just the VIOS side"])
def test_a_review_scoped_to_a_system_or_kind_leads_with_it(engine, text):
    reply = engine.turn(text, document=_doc("managed-system.json"))
    assert reply.intent == "review"
    lines = reply.answer.splitlines()
    assert lines[1].startswith("On vios2, as asked: 2 findings"), reply.answer[:400]
    assert "VIOS-001" in lines[2] and "VIOS-002" in lines[3]
    assert "vpm_fold_policy" in reply.answer


def test_a_review_that_names_nothing_narrower_is_the_whole_review(engine):
    reply = engine.turn("review pls", document=_doc("managed-system.json"))
    assert "as asked" not in reply.answer
    assert reply.answer.splitlines()[1].startswith("1. [critical] AME-012")


@pytest.mark.parametrize(
    ("first", "terse", "fact"),
    [
        ("kann ich SAP shared memory komplett in CLM legen? 11.31", "befehl?", "kctune"),
        ("wie viele SAP Instanzen pro Core auf HP-UX?", "warum?", "dispatcher"),
    ],
)
def test_a_terse_follow_up_is_read_in_the_conversations_language(engine, first, terse, fact):
    state = engine.turn(first).state
    reply = engine.turn(terse, state)
    assert reply.covered and fact in reply.answer, reply.answer[:400]


def test_a_word_the_language_tables_do_not_carry_keeps_a_terse_message_as_written():
    from advisor.chat.reader.bridge import in_conversation

    assert in_conversation("rückgängig bitte", ["Was wäre, wenn wir SMT einschalten?"]).text == "rückgängig bitte"
    assert in_conversation("befehl?", ["Was wäre, wenn wir SMT einschalten?"]).text == "command?"
    assert in_conversation("befehl?", ["what if we enable SMT?"]).text == "befehl?"


@pytest.mark.parametrize(
    ("question", "fact"),
    [
        ("how were the guests configured in the z13 runs", "8 GB"),
        ("what did the 4.7 run look like", "1645"),
    ],
)
def test_a_question_about_a_part_of_one_source_is_answered(engine, question, fact):
    reply = engine.turn(question)
    assert reply.covered and fact in reply.answer, reply.answer[:400]


def test_a_plain_amount_names_no_part_of_a_source(engine):
    assert not engine.turn("is 4 GB ok?").covered


def test_which_message_after_a_what_if_is_the_message_it_named(engine):
    state = engine.turn("review", document=_doc("zos-lfarea.json")).state
    state = engine.turn("what if we add NOPROMPT to the lfarea", state).state
    reply = engine.turn("which message would tell us?", state)
    assert reply.covered and "IAR048I" in reply.answer.split("\n")[0] + reply.answer.split("\n")[1], reply.answer[:500]


def test_a_command_asked_of_the_last_answer_is_not_refused_for_its_context_words(engine):
    state = engine.turn("seastat shows nothing for ent5").state
    reply = engine.turn("cmd?", state)
    assert reply.covered and "accounting" in reply.answer.split("\n")[0], reply.answer[:300]


@pytest.mark.parametrize(
    ("document", "first", "then", "rule", "answer"),
    [
        ("vios-undersized.json", "is folding configured right on it?", "and memory?", "VIOS-001", "no"),
        ("hpux-superdome.json", "numa policy fine y/n", "what about the large pages?", "HPUX-001", "no"),
        ("zvm-z13.json", "smt ok?", "and the z/VM level?", "ZVM-003", "yes"),
    ],
)
def test_another_part_after_a_judged_part_is_judged_the_same_way(engine, document, first, then, rule, answer):
    state = engine.turn(first, document=_doc(document)).state
    reply = engine.turn(then, state)
    assert reply.verdict is not None and reply.verdict.answer == answer, reply.answer[:300]
    assert rule in reply.answer.split("\n")[0]


def test_a_judgement_word_inside_a_term_stays_the_topic(engine):
    reply = engine.turn("large pages set right?", document=_doc("hpux-superdome.json"))
    assert reply.verdict is not None and reply.verdict.answer == "no" and "HPUX-001" in reply.answer


def test_fits_asks_for_yes_or_no():
    assert read("16 GB online, LFAREA=(2G=(8)) fits?").yes_no
