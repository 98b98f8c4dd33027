"""Follow-ups written the way outsiders chain them: fragments that name nothing of their own, a switch
to another product line, counts of the same thing, "more" until nothing is left, a bot resending the
document on every turn."""

from __future__ import annotations

import json
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def chat(engine, *messages: str, document: dict | None = None, resend: bool = False):
    state = None
    replies = []
    for i, message in enumerate(messages):
        reply = engine.turn(message, state, document=document if (resend or i == 0) else None)
        state = json.loads(reply.state.model_dump_json())
        replies.append(reply)
    return replies


def sources(reply) -> set[str]:
    return {c.source_id for c in reply.citations}


def test_a_fragment_naming_nothing_asks_about_the_last_subject(engine):
    # "and the max?" alone matches the virtual Ethernet "Max Buffers"; after LFAREA it is LFAREA's limit
    replies = chat(engine, "explain LFAREA", "syntax?", "and the max?", "what happens if it's too big")
    for reply in replies[1:]:
        assert reply.covered and sources(reply) == {"ibm-zos-large-memory-share-2014"}, reply.answer[:200]
    assert "target" in replies[1].answer.lower()


def test_another_product_line_is_asked_as_such(engine):
    hpux, aix, zos = chat(engine, "how much swap for SAP on hp-ux with 96 GB?", "and on aix?", "what about z/OS?")
    assert "192 GB" in hpux.answer
    assert aix.covered and "ibm-aix-ame64k-sap-2023" in sources(aix) and "192 GB" not in aix.answer
    assert not zos.covered and not zos.citations  # the HP-UX guideline is not an answer for z/OS


def test_a_count_of_the_same_thing_replaces_it(engine):
    _, more_vlans = chat(
        engine, "two vios, one vlan. which sea config does the redbook prefer?", "and if we have 4 vlans?"
    )
    assert "sharing" in more_vlans.answer.lower()


def test_more_until_nothing_is_left_says_so(engine):
    replies = chat(engine, "queue_depth default for client vscsi disks?", "too low?", *["more"] * 6)
    assert all(r.answer.strip() for r in replies)
    assert any(r.answer.startswith("That is all my sources say") and not r.citations for r in replies[2:])


def test_a_bot_resending_the_document_keeps_the_what_ifs(engine):
    doc = json.loads((EXAMPLES / "hpux-superdome.json").read_text(encoding="utf-8"))
    replies = chat(
        engine, "review", "set sap shared memory to 40 GB", "what changed?", "undo", document=doc, resend=True
    )
    assert replies[1].intent == "whatif"
    assert "sap.shared_memory_gb" in replies[2].answer
    assert replies[3].intent != "error"
