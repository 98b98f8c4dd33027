"""Intent recognition: patterns, checked against the messages admins actually type."""

from __future__ import annotations

import pytest

from advisor.chat.intents import recognise, rule_ids


@pytest.mark.parametrize(
    "message, has_doc, new_doc, name",
    [
        ("", True, True, "review"),
        ("review this", True, True, "review"),
        ("check", True, False, "review"),
        ("what's wrong with it?", True, False, "review"),
        ("why AME-001?", True, False, "explain"),
        ("why didn't VIOS-001 fire?", True, False, "explain"),
        ("explain the second finding", True, False, "explain"),
        ("why?", True, False, "explain"),
        ("AME-002", False, False, "explain"),
        ("what if I set the expansion factor to 2.5", True, False, "whatif"),
        ("enable SMT", True, False, "whatif"),
        ("set memory.desired_gb = 8", True, False, "whatif"),
        ("on vios1 raise the memory to 6 GB", True, True, "whatif"),  # the unit named before the verb
        ("for dbhost2, disable SMT", True, False, "whatif"),
        ("what's still kept?", True, False, "review"),  # the findings the changes did not resolve
        ("on vios1 what is the memory?", True, False, "ask"),
        ("undo", True, False, "undo"),
        ("what if I set the expansion factor to 2.5", False, False, "ask"),
        ("Can I use AME with 64K pages on POWER7?", True, False, "ask"),
        ("Why shouldn't I just set the maximum memory of every LPAR to 1 TB?", True, False, "ask"),
        ("How should I size entitled capacity for AME-001 cases?", False, False, "ask"),
    ],
)
def test_recognise(message, has_doc, new_doc, name):
    assert recognise(message, has_document=has_doc, new_document=new_doc).name == name


def test_explain_slots():
    i = recognise("why didn't VIOS-001 fire?", has_document=True, new_document=False)
    assert i.rule_ids == ["VIOS-001"] and i.negative
    assert recognise("explain the second finding", has_document=True, new_document=False).ordinal == 2
    assert recognise("tell me about the last finding", has_document=True, new_document=False).ordinal == -1


def test_explicit_set_is_captured():
    i = recognise("set ame.page_support = 64K", has_document=True, new_document=False)
    assert i.explicit_set == ("ame.page_support", "64K")


@pytest.mark.parametrize("text", ["set factor 4.5", "set tortoise 3", "set factor 2.8, desired_gb 5, deficit 0"])
def test_to_inside_a_word_is_no_set_to(text):
    """ "set factor 4.5" is no "set fac to r 4.5" (an error "unknown field 'fac'" in three outsider parts)."""
    assert recognise(text, has_document=True, new_document=False).explicit_set is None


def test_set_x_to_y_still_captured():
    i = recognise("set vpm_fold_policy to 4", has_document=True, new_document=False)
    assert i.explicit_set == ("vpm_fold_policy", "4")


def test_rule_ids_are_normalised():
    assert rule_ids("compare ame-001, VIOS 001 and HPUX-007a") == ["AME-001", "VIOS-001", "HPUX-007a"]


def test_review_without_a_document_asks_for_one(engine):
    reply = engine.turn("review")
    assert reply.intent == "error" and "no configuration document" in reply.answer


def test_unknown_rule_id_is_named_with_a_suggestion(engine):
    reply = engine.turn("why AME-099?")
    assert reply.intent == "error" and "did you mean AME-009" in reply.answer
