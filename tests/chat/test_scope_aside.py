"""A product the sources never cover, named only in a statement around an ask they answer, is context: "our
backup product's LPAR pushes data to another LPAR ... which network tunables?" is the Redbook's hypervisor LAN
section. Named in the asking clause or in a heading that announces the topic, it stays what the question is about,
and the question is not covered. Own phrasings, not the eval's."""

from __future__ import annotations

import pytest

from advisor.chat.engine import ChatEngine
from advisor.knowledge.topic import stated

REDBOOK = "ibm-powervm-virtualization-redbook"


@pytest.fixture(scope="module")
def engine() -> ChatEngine:
    return ChatEngine()


def test_a_statement_has_a_verb_a_heading_has_none():
    assert "arcserve" in stated("our Arcserve LPAR copies images to another LPAR nightly. which MTU for that VLAN?")
    assert "bacula" in stated("we run Bacula on two LPARs. what tunables for the partition VLAN?")
    assert "veritas" in stated("the Veritas team asks: how many VIOS pairs?")
    assert not stated("Arcserve on AIX LPARs - which buffer sizes?")  # a heading: the product is the topic
    assert not stated("Bacula tuning for AIX: MTU?")
    assert not stated("how do I tune Bacula on AIX?")  # the asking clause itself


@pytest.mark.parametrize(
    "question, fact",
    [
        (
            "our Arcserve media LPAR streams images to a second LPAR on the same p780 through the hypervisor and "
            "the rate is bad. which AIX network tunables count?",
            "65390",
        ),
        ("we run TSM on a separate LPAR. on the VIOS, how do I check if processor folding is still on?", "vpm_fold"),
        ("Bacula jobs go between 2 LPARs over an internal VLAN, 180 MB/s. what tunables?", "mtu"),
    ],
)
def test_a_product_in_a_statement_around_the_ask_is_context(engine, question, fact):
    reply = engine.turn(question, None)
    assert reply.covered, reply.answer
    assert REDBOOK in {c.source_id for c in reply.citations}
    assert fact in reply.answer.lower()


@pytest.mark.parametrize(
    "question",
    [
        "Arcserve client tuning on AIX LPARs - which buffer sizes?",  # a heading names the product
        "PowerHA on our SAP LPARs - how do I speed up takeover of the SEA?",
        "how much memory does the TSM server LPAR need?",  # in the asking clause
        "Bacula runs on the LPAR, what does that error BKP042 mean?",  # the asking clause points back at it
        "OpenShift nodes on Power10 LPARs - how many virtual processors per node?",
    ],
)
def test_a_product_the_question_is_about_stays_not_covered(engine, question):
    reply = engine.turn(question, None)
    assert not reply.covered, reply.answer
    assert not reply.citations


def test_a_backup_product_between_lpars_is_the_hypervisor_lan_question(engine):
    """TSM is no longer a foreign name: named as what the question asks about it is an acronym no source uses
    (test_acronyms), named as the traffic's owner it is context."""
    question = "TSM lpar pulls backups from the app lpar over a partition-only vlan, slow. which settings?"
    reply = engine.turn(question, None)
    assert reply.covered and REDBOOK in {c.source_id for c in reply.citations}
    assert not engine.turn("TSM server sizing on AIX: how much memory for the TSM database?", None).covered


def test_who_wants_something_is_context_and_what_they_want_is_the_topic(engine):
    from advisor.knowledge.topic import topic_words

    assert topic_words("the Bacula team wants the VIOS IP on the SEA. any impact from that?")[:2] == ["vios", "ip"]
    reply = engine.turn("the Bacula team wants the VIOS IP on the SEA. any impact from that?", None)
    assert reply.covered and REDBOOK in {c.source_id for c in reply.citations}


def test_suspending_is_the_suspend_concept(engine):
    assert "suspend" in {c.label for c in engine.kb.synonyms.concepts("suspending a large lpar")}
