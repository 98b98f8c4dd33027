"""Multi-turn conversations: submit a document, review, ask why, try a what-if, read the diff.

Between turns the state goes through JSON, as the API will store it, so nothing live may hide
in it. Every advisor line must carry a citation marker.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from advisor.chat import ChatState

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MARKER = re.compile(r"\[(\d+)\]")


def load(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def grounded(reply) -> None:
    assert reply.citations, reply.answer
    for line in reply.answer.splitlines():
        marks = [int(m) for m in MARKER.findall(line)]
        assert marks and all(1 <= m <= len(reply.citations) for m in marks), line


class Session:
    """Plays a conversation the way the API will: state out as JSON, back in with the next message."""

    def __init__(self, engine):
        self.engine = engine
        self.state: dict | None = None

    def say(self, message: str, document: dict | None = None):
        reply = self.engine.turn(message, self.state, document=document)
        self.state = json.loads(json.dumps(reply.state.model_dump(mode="json")))
        return reply


def test_review_why_whatif_diff(engine):
    s = Session(engine)
    review = s.say("review this", document=load("aix-ame4k-64k.json"))
    assert review.intent == "review"
    grounded(review)
    assert review.findings[0].rule_id == "AME-001"
    assert review.answer.splitlines()[1].startswith("1. [high] AME-001")
    assert "why AME-001?" in review.follow_ups
    assert "set ame.page_support = 64K" in review.follow_ups  # checked to clear the top finding

    why = s.say("why AME-001?")
    assert why.intent == "explain"
    grounded(why)
    assert "fired for sapapp01" in why.answer
    assert 'ame.page_support = "4K"' in why.answer
    assert "vmo -r -y -o ame_mpsize_support=1" in why.answer and "sapcontrol" in why.answer
    assert {c.ref for c in why.citations} == {"rule:AME-001"}

    quiet = s.say("why didn't AME-002 fire?")
    grounded(quiet)
    assert "did not fire" in quiet.answer
    assert "ame.expansion_factor == 1.0 is false: this document has ame.expansion_factor = 2 against 1" in quiet.answer

    whatif = s.say("what if I set the expansion factor to 1.0")
    assert whatif.intent == "whatif"
    grounded(whatif)
    assert {f.rule_id for f in whatif.diff.introduced} >= {"AME-002"}
    assert "Introduced: AME-002" in whatif.answer
    assert "AME-001" in {f.rule_id for f in whatif.diff.kept}

    fix = s.say("set ame.page_support = 64K")
    grounded(fix)
    assert {"AME-001", "AME-002"} <= {f.rule_id for f in fix.diff.resolved}
    assert "Resolved: AME-001" in fix.answer
    assert ChatState.model_validate(s.state).document["ame"]["page_support"] == "64K"

    back = s.say("undo")
    assert back.intent == "review"
    assert ChatState.model_validate(s.state).document["ame"]["page_support"] == "4K"
    assert len(ChatState.model_validate(s.state).turns) == 12


def test_explain_by_position_and_bare_why(engine):
    s = Session(engine)
    review = s.say("", document=load("hpux-superdome.json"))
    second = review.findings[1].rule_id
    reply = s.say("explain the second finding")
    grounded(reply)
    assert reply.findings[0].rule_id == second
    bare = s.say("why?")
    assert bare.intent == "explain" and bare.findings[0].rule_id == second


def test_not_fired_shows_the_values_against_the_threshold(engine):
    s = Session(engine)
    doc = load("vios-undersized.json")
    s.say("review", document={**doc, "memory_gb": 8})
    reply = s.say("why didn't VIOS-001 fire?")
    grounded(reply)
    assert "derived.vios_memory_mb = 8192 against derived.vios_required_memory_mb = 6940" in reply.answer


def test_missing_data_is_asked_with_its_command(engine):
    doc = load("aix-ame4k-64k.json")
    del doc["ame"]["page_support"]
    reply = Session(engine).say("review", document=doc)
    grounded(reply)
    asked = {q.path: q for q in reply.questions}
    assert "ame.page_support" in asked
    assert asked["ame.page_support"].command == "vmo -o ame_mpsize_support"
    assert asked["ame.page_support"].rule_id in ("AME-001", "AME-002", "AME-003")
    assert "Not assessed for lack of data" in reply.answer


def test_questions_skip_rules_the_present_values_rule_out(engine):
    reply = Session(engine).say("review", document=load("managed-system.json"))
    assert not any(q.path.startswith("partitions[3].ame.") for q in reply.questions)  # sapdb01 has AME off


def test_answering_a_question_with_set_fills_the_document(engine):
    s = Session(engine)
    doc = load("aix-ame4k-64k.json")
    del doc["ame"]["page_support"]
    s.say("review", document=doc)
    reply = s.say("set ame.page_support = 4K")
    assert "AME-001" in {f.rule_id for f in reply.diff.introduced}


def test_whatif_phrases(engine):
    s = Session(engine)
    s.say("review", document=load("zvm-z13.json"))
    reply = s.say("enable SMT")
    grounded(reply)
    assert [f.rule_id for f in reply.diff.resolved] == ["ZVM-001"]
    s2 = Session(engine)
    s2.say("review", document=load("vios-undersized.json"))
    reply = s2.say("set memory to 8 GB")
    assert ChatState.model_validate(s2.state).document["memory_gb"] == 8
    assert [f.rule_id for f in reply.diff.resolved] == ["VIOS-001"]


def test_whatif_on_a_managed_system_needs_the_partition(engine):
    s = Session(engine)
    s.say("review", document=load("managed-system.json"))
    ambiguous = s.say("set memory to 16 GB")
    assert ambiguous.intent == "clarify" and ambiguous.needs_input  # a question back, naming them
    assert all(name in ambiguous.answer for name in ("vios1", "vios2", "sapapp01", "sapdb01"))
    reply = s.say("set memory to 16 GB on vios2")
    assert "VIOS-001" in {f.rule_id for f in reply.diff.resolved}


def test_unknown_field_is_an_error_with_a_suggestion(engine):
    s = Session(engine)
    s.say("review", document=load("aix-ame4k-64k.json"))
    reply = s.say("set ame.page_suport = 64K")
    assert reply.intent == "error" and "did you mean 'ame.page_support'" in reply.answer


def test_invalid_document_is_reported(engine):
    doc = load("aix-ame4k-64k.json")
    doc["ame"]["colour"] = "blue"
    reply = Session(engine).say("review", document=doc)
    assert reply.intent == "error" and "ame.colour" in reply.answer


def test_document_pasted_into_the_message(engine):
    doc = load("zvm-z13.json")
    reply = Session(engine).say("please check " + json.dumps(doc))
    assert reply.intent == "review" and reply.findings[0].rule_id == "ZVM-001"


def test_explain_without_document_uses_the_rulebook(engine):
    reply = Session(engine).say("why VIOS-001?")
    grounded(reply)
    assert reply.answer.startswith("VIOS-001 (high")
    assert any("review my vios document" in f for f in reply.follow_ups)


def test_conflict_answer_names_generation_and_newer_source(engine):
    reply = Session(engine).say(
        "The 2013 PowerVM Redbook says not to compress 64 KB pages, but IBM now recommends "
        "AME64K. Which advice applies to our POWER7+ server running AIX 7.1?"
    )
    grounded(reply)
    assert "the 2023 source is the newer one" in reply.answer
    assert "On POWER7/POWER7+" in reply.answer
    assert {c.source_id for c in reply.citations} >= {"ibm-powervm-virtualization-redbook", "ibm-aix-ame64k-sap-2023"}


def test_answers_quote_the_knowledge_base_verbatim(engine):
    """Composed only from passage text: every quoted sentence is a sentence of its cited passage (the verdict
    line that may open a yes/no answer is the claim's own paraphrase, cited, and is not a quote)."""
    from advisor.knowledge.text import sentences

    reply = Session(engine).say("Should I run our SAP instances in processor sets, and what does it buy me?")
    kb = engine.kb
    quoted = 0
    for line in reply.answer.splitlines():
        marks = [int(m) for m in MARKER.findall(line)]
        cite = reply.citations[marks[0] - 1]
        if len(marks) != 1 or not cite.ref.startswith("passage:"):
            continue
        if reply.verdict is not None and line.startswith(f"{reply.verdict.answer.capitalize()}: "):
            continue
        passage = kb.by_id[cite.ref.split(":", 1)[1]]
        body = line.rsplit(" [", 1)[0]
        if body.startswith(passage.title + ": "):
            body = body[len(passage.title) + 2 :]
        body = body.rsplit(" (Applies to:", 1)[0]
        own = sentences(passage.text)
        assert all(s in own for s in sentences(body)), line
        quoted += 1
    assert quoted >= 2


def test_out_of_scope_is_not_answered(engine):
    reply = Session(engine).say("How do I size the ZFS ARC on Solaris 11?")
    assert not reply.covered and reply.citations == []
    assert reply.answer.startswith("Not covered by the guidance I have")
    assert reply.follow_ups


def test_state_is_plain_json_and_not_mutated(engine):
    state = ChatState().model_dump(mode="json")
    before = copy.deepcopy(state)
    reply = engine.turn("review", state, document=load("zos-lfarea.json"))
    assert state == before
    json.dumps(reply.state.model_dump(mode="json"))
    assert reply.public().keys() >= {"session_id", "answer", "citations", "findings", "questions", "follow_ups"}
    assert "state" not in reply.public()


@pytest.mark.parametrize(
    "name",
    [
        "aix-clean.json",
        "hpux-superdome.json",
        "zos-lfarea.json",
        "zvm-z13.json",
        "managed-system.json",
        "vios-undersized.json",
    ],
)
def test_every_example_reviews_grounded(engine, name):
    reply = Session(engine).say("review", document=load(name))
    assert reply.intent == "review"
    grounded(reply)
