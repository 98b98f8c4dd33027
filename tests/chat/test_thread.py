"""Follow-ups answered from the conversation's thread (KnowledgeBase.thread, retrieval `near`): the passages the
last answer came from and their sections come first when they answer the follow-up as well as any passage does.

Phrasings are this file's own (not an eval turn's); each is checked from the other side too: a new subject after
an answer is not pulled back into the thread, and a follow-up naming something the sources never name stays
refused."""

from __future__ import annotations

import pytest

from advisor.knowledge import knowledge_base


def chain(engine, *messages):
    state, replies = None, []
    for m in messages:
        r = engine.turn(m, state)
        state = r.state
        replies.append(r)
    return replies


@pytest.mark.parametrize(
    "first, follow, fact, source",
    [
        # the psets measurement, not another source's response times
        ("do psets help SAP on hp-ux?", "by how much did the DB request time drop?", "20.5", "hp-hpux-sap-itanium-kod"),
        (
            "psets worth it for SAP on itanium?",
            "and the response time, how much faster?",
            "23",
            "hp-hpux-sap-itanium-kod",
        ),
        # refused alone, answered by the passage the last answer quoted
        ("PTHREAD_FORCE_SCOPE_SYSTEM for livecache?", "any other variable?", "PERF_ENABLE", "hp-hpux-sap-itanium-kod"),
        (
            "env settings for liveCache threads on hp-ux?",
            "which other env variable?",
            "PERF_ENABLE",
            "hp-hpux-sap-itanium-kod",
        ),
        # a figure the last answer's section holds
        (
            "which AME factors are fine for productive SAP per the 2023 guide?",
            "what happened at 4.7?",
            "1645",
            "ibm-aix-ame64k-sap-2023",
        ),
        (
            "EC 6.4 with 64 VPs, does the workload get the cores at once?",
            "how long did unfolding take with EC 50?",
            "5 s",
            "ibm-powervm-virtualization-redbook",
        ),
    ],
)
def test_a_follow_up_is_answered_from_the_thread(engine, first, follow, fact, source):
    _, reply = chain(engine, first, follow)
    assert reply.covered and fact in reply.answer, reply.answer[:400]
    assert reply.citations[0].source_id == source


def test_the_same_words_alone_are_answered_elsewhere(engine):
    """Without the thread the response-time question is answered from another source: the thread decides."""
    alone = engine.turn("by how much did the DB request time drop?")
    assert not alone.citations or alone.citations[0].source_id != "hp-hpux-sap-itanium-kod"


def test_a_new_subject_after_an_answer_is_not_pulled_into_the_thread(engine):
    _, reply = chain(engine, "do psets help SAP on hp-ux?", "how much memory should a vios get for 32 cores?")
    assert "4096 MB" in reply.answer and reply.citations[0].source_id == "ibm-powervm-virtualization-redbook"


@pytest.mark.parametrize(
    "first, follow",
    [
        ("PTHREAD_FORCE_SCOPE_SYSTEM for livecache?", "and tomcat?"),
        ("do psets help SAP on hp-ux?", "and redis?"),
        ("which chatr options for disp+work large pages?", "and for nginx?"),
        ("what factors did IBM find acceptable for SAP with AME?", "and with kubernetes?"),
    ],
)
def test_a_follow_up_naming_what_the_sources_never_name_stays_refused(engine, first, follow):
    _, reply = chain(engine, first, follow)
    assert not reply.covered and not reply.citations and reply.verdict is None


def test_the_thread_is_the_last_answers_passages_and_their_sections():
    """Their sections, and the backup slides that say "More on" them (the deck's own elaboration)."""
    kb = knowledge_base()
    p = kb.by_id["hpux-psets-measurement"]
    thread = kb.thread([p.id, "no-such-passage"])
    assert p.id in thread
    sections = {p.section, "Backup slide two: More on reducing cache misses"}
    assert all(kb.by_id[x].source == p.source and kb.by_id[x].section in sections for x in thread)
    assert any(kb.by_id[x].section != p.section for x in thread)
    assert kb.thread([]) == frozenset()


def test_a_follow_up_with_a_term_of_its_own_is_not_answered_by_the_thread_alone():
    """ "and for the JVM heap?" after liveCache: the liveCache passage does not speak of the Java heap."""
    kb = knowledge_base()
    near = kb.thread(["hpux-livecache-threads"])
    r = kb.search("for the JVM heap (PTHREAD_FORCE_SCOPE_SYSTEM for livecache)", near=near)
    assert r.own_terms and not any(h.near and not set(r.own_terms) & set(h.matched) for h in r.hits)


@pytest.mark.parametrize(
    "first, follow, fact",
    [
        ("should the VIOS IP go on the SEA?", "downsides?", "HMC"),  # the passages say "drawback"
        ("which chatr options for disp+work large pages?", "any downside?", "memory"),
        (
            "which IARRCE field counts fixed large frames for pageable requests?",
            "and the HWM for 2G pages?",
            "RCE2GHWM",
        ),
        ("max NPIV clients per physical FC port?", "so 70 on one port is fine?", "64"),  # a judgement word, no topic
    ],
)
def test_how_admins_ask_for_the_other_side(engine, first, follow, fact):
    _, reply = chain(engine, first, follow)
    assert reply.covered and fact in reply.answer, reply.answer[:300]


@pytest.mark.parametrize(
    "question",
    ["downside of tomcat on aix?", "tomcat downside?", "what is the high water mark of tomcat?"],
)
def test_how_words_share_no_subject_with_an_unknown_product(engine, question):
    reply = engine.turn(question)
    assert not reply.covered and not reply.citations


def test_the_rule_in_focus_is_the_one_of_the_passage_ranked_first(engine):
    """After a thread answer the rule named beside it comes from the passage shown first, not from a passage of
    another platform further down: "the command to create one?" then gives the psets commands."""
    *_, reply = chain(
        engine,
        "do psets help SAP on hp-ux?",
        "by how much did the DB request time drop?",
        "the command to create one on cpus 2 and 3?",
    )
    assert "psrset -c" in reply.answer and reply.citations[0].source_id == "hp-hpux-sap-itanium-kod"
