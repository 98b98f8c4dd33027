"""Names of systems are context, not topics: a host or device instance ("sapci04", "hdisk9") and the session
document's own name ("SYSB", "PRD1") never make a question look like one about an unknown product; and "is AME ok
here?" on a document judges every rule of the topic that fires. Own phrasings, not the eval's."""

from __future__ import annotations

import pytest

from advisor.chat.engine import ChatEngine, without_document_name
from advisor.knowledge.vocabulary import is_term


@pytest.fixture(scope="module")
def engine() -> ChatEngine:
    return ChatEngine()


def _known(word: str) -> bool:
    return False


@pytest.mark.parametrize("word", ["sapci04", "erpdb7", "hdisk19", "bwprd12", "SYSD", "sys2"])
def test_an_instance_name_is_no_term(word):
    assert not is_term(word, _known)


@pytest.mark.parametrize("word", ["ioscan", "zHyperLink", "mirrorvg", "hcheck_interval", "sysplex"])
def test_a_term_stays_a_term(word):
    assert is_term(word, _known)


def test_the_document_is_named_by_its_kind():
    doc = {"kind": "zos-lpar", "name": "SYSB"}
    assert without_document_name("can SYSB IPL with that LFAREA?", doc) == "can this system IPL with that LFAREA?"
    assert without_document_name("is the lpar sysb's LFAREA ok?", doc) == "is this system LFAREA ok?"
    assert without_document_name("is SYSBX fine?", doc) == "is SYSBX fine?"  # another word
    assert without_document_name("is it fine?", None) == "is it fine?"


@pytest.mark.parametrize(
    "question",
    [
        "how much expanded memory does AIX get on sapci04?",
        "is queue_depth on hdisk19 of bwprd12 too low for a vscsi disk?",
        "which display command tells me the LFAREA usage on SYSD?",  # a z/OS system name by convention
    ],
)
def test_a_question_naming_a_host_is_answered(engine, question):
    assert engine.turn(question).covered


ZOS = {
    "kind": "zos-lpar",
    "name": "SYSB",
    "machine": "z13",
    "zos_version": "2.1",
    "online_storage_gb": 32,
    "lfarea": "LFAREA=(1M=(85%))",
}


def test_a_question_naming_the_document_judges_it(engine):
    reply = engine.turn("will SYSB come up with this LFAREA?", None, ZOS)
    assert reply.verdict is not None and reply.verdict.answer == "no"
    assert "ZOS-" in reply.answer


AIX = {
    "kind": "aix-lpar",
    "name": "bwapp02",
    "environment": "production",
    "processor": "POWER8",
    "os": {"version": "7.1", "tl": 5, "sp": 3},
    "cpu": {
        "mode": "shared",
        "entitled_capacity": 1.0,
        "virtual_processors": 2,
        "sharing": "uncapped",
        "weight": 128,
        "smt": 8,
    },
    "memory": {"desired_gb": 16, "max_gb": 32, "paging_space_gb": 4},
    "ame": {"enabled": True, "page_support": "64K", "expansion_factor": 1.5, "deficit_mb": 0},
    "workload": {"type": "sap-abap", "app_page_size": "64K"},
}


@pytest.mark.parametrize("question", ["is AME ok here?", "Jira BW-91 bot: attached. AME fine on bwapp02?"])
def test_a_broad_topic_is_judged_by_every_rule_of_it_that_fires(engine, question):
    reply = engine.turn(question, None, AIX)
    assert reply.verdict is not None and reply.verdict.answer == "no", reply.answer
    assert "AME-004" in reply.answer


@pytest.mark.parametrize("follow", ["downside?", "any downsides?"])
def test_a_downside_follow_up_stays_on_the_thread(engine, follow):
    first = engine.turn("does running the SAP kernel on 64K pages pay off on Power10 when AME is off?")
    reply = engine.turn(follow, first.state)
    assert reply.covered and any(c.source_id == "ibm-aix-ame64k-sap-2023" for c in reply.citations), reply.answer
    assert "virtual memory" in reply.answer


@pytest.mark.parametrize("follow", ["and if we forgot?", "what if they never set it?", "but if someone skips that?"])
def test_a_hypothetical_in_everyday_words_continues_the_subject(engine, follow):
    first = engine.turn("shared storage pool LUNs: when must queue_depth and max_transfer be set?")
    reply = engine.turn(follow, first.state)
    assert reply.covered and "queue_depth" in reply.answer, reply.answer


@pytest.mark.parametrize("follow", ["and if we use tomcat?", "what if we run redis there?"])
def test_a_hypothetical_naming_another_thing_stays_refused(engine, follow):
    first = engine.turn("shared storage pool LUNs: when must queue_depth and max_transfer be set?")
    assert not engine.turn(follow, first.state).covered


def _follow(engine: ChatEngine, first: str, follow: str):
    import json

    reply = engine.turn(first)
    return engine.turn(follow, json.loads(reply.state.model_dump_json()))


@pytest.mark.parametrize(
    "follow",
    [
        "fine, and guest relocation to another member with SMT on, any gotcha?",
        "ok and live guest relocation between SSI members with SMT, any issue?",
    ],
)
def test_a_follow_up_whose_new_subject_is_a_rare_word_is_not_covered(engine, follow):
    reply = _follow(engine, "does SMT help SAP app servers on z13 IFLs under z/VM?", follow)
    assert not reply.covered and not reply.citations, reply.answer[:300]


def test_a_follow_up_on_the_same_subject_stays_answered(engine):
    reply = _follow(
        engine, "does SMT help SAP app servers on z13 IFLs under z/VM?", "ok and with SMT on, how much more ITR?"
    )
    assert reply.covered and reply.citations, reply.answer[:300]


def test_a_rare_word_of_the_phrasing_is_no_new_subject(engine):
    reply = _follow(
        engine,
        "how much extra cpu does ame4k cost at factor 1.0 on power9?",
        "so we keep ame4k enabled at 1.0 for good as a precaution, ok?",
    )
    assert reply.covered and reply.citations, reply.answer[:300]
