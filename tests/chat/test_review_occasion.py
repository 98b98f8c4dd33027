"""A review asked ahead of a change ("check it before the P8 -> P10 move") reviews the document as it is, and a
finding whose severity was raised says why (the escalation's measured figures)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _p8() -> dict:
    doc = json.loads((EXAMPLES / "aix-ame4k-64k.json").read_text(encoding="utf-8"))
    doc["processor"] = "POWER8"
    doc["ame"]["expansion_factor"] = 1.0
    doc["workload"]["app_page_size"] = "4K"
    return doc


@pytest.mark.parametrize(
    "text",
    [
        "review sapapp01 ahead of the P8 -> P10 migration",
        "please check sapapp01 before our move P8 -> P10",
        "audit sapapp01 prior to the upgrade => POWER10",
    ],
)
def test_a_review_before_a_move_reviews_the_document_as_it_is(engine, text):
    state = engine.turn("here it is", document=_p8()).state
    reply = engine.turn(text, state)
    assert reply.intent == "review", reply.answer[:300]
    assert "POWER10" not in reply.answer and "[high] AME-002" in reply.answer
    assert "Severity raised to high" in reply.answer and "71% -> 77%" in reply.answer


def test_a_move_asked_as_a_change_is_still_a_what_if(engine):
    state = engine.turn("here it is", document=_p8()).state
    reply = engine.turn("check it again after the P8 -> P10 move", state)
    assert reply.intent == "whatif" and "POWER10" in reply.answer, reply.answer[:300]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("do we need to enable SMT on ZVMSAP?", "yes"),  # the rule fires because it is off; its fix switches it on
        ("is it recommended to have smt switched on here?", "yes"),
        ("is SMT configured right on ZVMSAP?", "no"),  # "is it ok?": the firing rule says no
    ],
)
def test_asked_what_to_do_a_firing_rule_whose_fix_switches_it_on_answers_yes(engine, text, verdict):
    doc = json.loads((EXAMPLES / "zvm-z13.json").read_text(encoding="utf-8"))
    state = engine.turn("here it is", document=doc).state
    reply = engine.turn(text, state)
    assert reply.verdict is not None and reply.verdict.answer == verdict, reply.answer[:300]
    assert "ZVM-001" in reply.answer


def test_a_review_asked_with_a_question_of_a_figure_states_the_figures(engine):
    doc = json.loads((EXAMPLES / "vios-undersized.json").read_text(encoding="utf-8"))
    state = engine.turn("here it is", document=doc).state
    asked = engine.turn("review the vios memory, does it pass?", state).answer
    assert "VIOS memory the guideline asks for, now:" in asked, asked[:400]
    assert "No change from the document as given" not in asked  # no what-if was made: nothing to say of changes
    plain = engine.turn("review the vios memory", state).answer
    assert "VIOS memory the guideline asks for, now:" not in plain  # a plain review stays the findings
