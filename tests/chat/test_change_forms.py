"""Every way people state a change of the session's document (advisor/chat/whatif.py, engine.py): an arrow, "simulate",
"X wants ..., impact?", "same vios but in a bigger frame", "amepat shows ..., re-check"; only a real change counts."""

from __future__ import annotations

from tests.chat.test_document_references import chat, example


def test_an_arrow_on_a_new_document_is_a_what_if(engine):
    (reply,) = chat(engine, example("aix-clean.json"), "sapapp02 => expansion factor 2.5")
    assert reply.intent == "whatif"
    assert "Expanded memory: 14 -> 17.5 GB" in reply.answer


def test_a_change_someone_wants_with_its_impact_asked_is_a_what_if(engine):
    (reply,) = chat(engine, example("vios-undersized.json"), "the storage guys want 16 more NPIV adapters, impact?")
    assert reply.intent == "whatif"
    assert "6940 -> 9180 MB" in reply.answer  # 16 x 140 MB more


def test_simulate_and_same_but_are_changes(engine):
    (sim,) = chat(engine, example("aix-clean.json"), "simulate: true memory 3 GB, factor 4.7")
    assert sim.intent == "whatif" and "14 -> 14.1 GB" in sim.answer
    (frame,) = chat(engine, example("vios-undersized.json"), "same vios but in a 96 core box. memory target?")
    assert frame.intent == "whatif" and "system_cores 32 -> 96" in frame.answer


def test_a_cue_without_a_real_change_is_no_what_if(engine):
    (reply,) = chat(engine, example("vios-undersized.json"), "we have 4 GB on it, what is the impact of that?")
    assert reply.intent != "whatif"
