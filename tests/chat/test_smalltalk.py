"""Greetings, thanks and "what can you do?" get a short help answer, never a refusal or a citation."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("message", ["hi", "Hello there!", "hey team", "what can you do?", "help", "who are you"])
def test_a_greeting_or_a_request_for_help_gets_help(engine, message):
    reply = engine.turn(message)
    assert reply.intent == "help" and reply.covered
    assert reply.citations == [] and reply.claims == [] and reply.verdict is None
    assert "review" in reply.answer and "AIX" in reply.answer
    assert reply.follow_ups and all("(" not in f for f in reply.follow_ups)  # each understood as written


@pytest.mark.parametrize("message", ["thanks!", "thank you very much", "ok thx"])
def test_thanks_is_acknowledged(engine, message):
    reply = engine.turn(message)
    assert reply.intent == "help" and reply.answer.startswith("You're welcome.")


@pytest.mark.parametrize(
    "message",
    ["hi, how do I size Oracle RAC on x86?", "hello, is Kubernetes on Power supported?", "help me tune Windows Server"],
)
def test_a_greeting_around_an_out_of_scope_question_is_still_refused(engine, message):
    reply = engine.turn(message)
    assert reply.intent == "out-of-scope" and not reply.covered and reply.citations == []


def test_a_greeting_before_a_real_question_answers_the_question(engine):
    reply = engine.turn("hi, what is active memory expansion?")
    assert reply.intent != "help" and reply.covered and reply.citations


def test_the_suggested_follow_ups_are_understood(engine):
    for message in engine.turn("hi").follow_ups:
        assert engine.turn(message).intent not in ("help", "out-of-scope"), message
