"""A question for another system than the one a source's guidance is for is not covered, however close its words:
LFAREA is z/OS's, not z/VM's, Linux on Z's or AIX's, and machines no source names ("z16", "power11") still belong
to their product line. Own phrasings (s11-oos probes), not the eval's."""

from __future__ import annotations

import json

import pytest

from advisor.knowledge.retrieval import other_system


def _turns(engine, *messages):
    state = None
    replies = []
    for message in messages:
        reply = engine.turn(message, state)
        state = json.loads(reply.state.model_dump_json())
        replies.append(reply)
    return replies


@pytest.mark.parametrize(
    "question",
    ["what is the max LFAREA on AIX?", "max LFAREA for linux on z?", "how big can the LFAREA get on z/VM 7.2"],
)
def test_a_zos_parameter_asked_for_another_system_is_not_covered(engine, question):
    (reply,) = _turns(engine, question)
    assert reply.intent == "out-of-scope"
    assert not reply.citations


@pytest.mark.parametrize("follow_up", ["and for zVM?", "and on linux on z?", "same for AIX?"])
def test_the_same_question_for_another_system_is_not_covered(engine, follow_up):
    first, second = _turns(engine, "whats the biggest LFAREA i can code on z/OS?", follow_up)
    assert first.intent == "clarify"  # the online storage asked back, with the limit's citation
    assert first.citations
    assert second.intent == "out-of-scope"
    assert not second.citations


def test_the_system_the_guidance_is_for_is_still_answered(engine):
    (reply,) = _turns(engine, "LFAREA on a z/OS lpar with 64 GB online storage, max?")
    assert reply.intent != "out-of-scope"
    assert any(c.source_id == "ibm-zos-large-memory-share-2014" for c in reply.citations)


def test_smt_guests_under_zvm_stay_covered(engine):
    (reply,) = _turns(engine, "SMT for the linux guests under z/VM on z13, how much more throughput?")
    assert any(c.source_id == "ibm-z13-smt-sap-redp5287" for c in reply.citations)


def test_other_system():
    assert other_system({"zvm"}, {"zos"})
    assert other_system({"linux-on-z", "z13"}, {"zos", "zec12"})
    assert not other_system({"zos"}, {"zos", "zvm"})
    assert not other_system({"z13"}, {"zos"})  # a machine, not a system: the passage may speak of it
    assert not other_system({"aix"}, {"zos"})  # another product line: the families decide that


def test_a_machine_no_source_names_is_of_its_product_line(engine):
    syn = engine.kb.synonyms
    assert syn.family("z16") == "z"
    assert syn.family("power11") == "power"
    assert syn.family("zos") == "z"


@pytest.mark.parametrize("follow_up", ["ok and the same for our zVM lpar?", "what about linux on z guests?"])
def test_a_follow_up_asked_with_its_context_keeps_its_own_system(engine, follow_up):
    first, second = _turns(engine, "LFAREA for z/OS 2.2 with 96G online storage, how big max?", follow_up)
    assert first.calculations
    assert second.intent == "out-of-scope"
    assert not second.calculations


def test_an_hpe_x86_superdome_is_no_hp_ux_server(engine):
    (reply,) = _turns(engine, "Superdome X running SLES for SAP - cell local memory settings?")
    assert reply.intent == "out-of-scope"
    (reply,) = _turns(engine, "superdome with 4 cells for SAP, how much cell local memory?")
    assert any(c.source_id == "hp-hpux-sap-itanium-kod" for c in reply.citations)
