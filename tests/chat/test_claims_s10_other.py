"""Verdicts for HP-UX, z/OS and z13 questions and judgments of the user's own figures (session 10, lane claims-other).

The calculator's judgment of a statement the user writes (an LFAREA value) outranks a claim or a verdict entry that
only shares its topic; a syntax error asked about as an IPL outcome prompts whatever NOPROMPT says; 2 GB pages on a
stated machine and z/OS release are judged from both (zEC12 or later; z/OS 2.1, or 1.13 with the RSM Enablement
Offering), with "it depends" on what the question leaves out; an SAP instance stated as spread over cells breaks the
keep-it-local rule. Phrasings written for these tests.
"""

from __future__ import annotations

import pytest

from advisor.chat import ChatEngine


def _verdict(engine: ChatEngine, text: str) -> tuple[str | None, str]:
    reply = engine.turn(text, None)
    return (reply.verdict.answer if reply.verdict else None), reply.answer


@pytest.mark.parametrize(
    ("question", "reason"),
    [
        ("LFAREA=(2G=(10%,4))?", "PERCENTAGE WITH NON-PERCENTAGE"),
        ("LFAREA=(1M=(100,200))", "MINIMUM VALUE GREATER THAN TARGET"),
        ("the guy before me put LFAREA=8192 in IEASYS02, is that right?", "MISSING MULTIPLIER"),
        ("we coded LFAREA=2048 last week. valid?", "MISSING MULTIPLIER"),
    ],
)
def test_the_users_lfarea_statement_is_judged_not_the_topic(engine, question, reason):
    answer, text = _verdict(engine, question)
    if question.endswith("?"):
        assert answer == "no"
    assert reason in text
    assert not text.startswith("Yes")  # never the default-LFAREA or percentage claim's "yes"


def test_a_syntax_error_still_prompts_with_noprompt(engine):
    reply = engine.turn("LFAREA=(1M=(25%,300),NOPROMPT) - will IPL stop and prompt anyway?", None)
    assert reply.verdict is not None and reply.verdict.answer == "yes"
    assert "syntax errors always prompt" in reply.answer


def test_a_prompt_in_the_scene_is_not_the_question(engine):
    reply = engine.turn("IPL prompted after we set LFAREA=4096 in IEASYSxx. isnt that 4096 MB?", None)
    assert reply.verdict is not None and reply.verdict.answer == "no"


@pytest.mark.parametrize(
    ("question", "expected", "said"),
    [
        ("can we use 2G= in LFAREA on the z196?", "no", "zEC12"),
        ("2GB pages on a z10 - supported?", "no", "zEC12"),
        ("z/OS 2.2 here, can DB2 use 2 GB frames?", "it depends", "zEC12"),
        ("2G large frames on zEC12 with z/OS 1.13?", "it depends", "RSM Enablement Offering"),
        ("our z13 runs z/OS 2.1, 2G pages possible for the buffer pools?", "yes", "2G="),
        ("z/OS 1.12 on a zEC12, can we get 2G pages?", "no", "1.12"),
    ],
)
def test_2g_pages_judged_from_the_machine_and_release(engine, question, expected, said):
    answer, text = _verdict(engine, question)
    assert answer == expected
    assert said in text


def test_2g_paging_questions_stay_with_their_claims(engine):
    answer, text = _verdict(engine, "can a 2G page be paged out on a z13?")
    assert answer == "no"
    assert "fixed" in text


@pytest.mark.parametrize(
    "question",
    [
        "D01 has 12 cores spread over 2 cells. ok?",
        "our central instance DVEBMGS00 runs across two cells, is that fine?",
        "On peut mettre les work process update sur une autre cellule que les dialog ?",
    ],
)
def test_spread_over_cells_is_a_no(engine, question):
    answer, _ = _verdict(engine, question)
    assert answer == "no"


def test_a_box_with_four_cells_is_no_spread_instance(engine):
    answer, _ = _verdict(engine, "superdome with 4 cells, all memory interleaved. acceptable for SAP?")
    assert answer == "no"


_HPUX_11IV2 = {
    "kind": "hpux-server",
    "name": "rx86b",
    "os_version": "11iv2",
    "cells": 2,
    "cores": 16,
    "memory_gb": 64,
    "clm_pct": 10,
    "numa_policy": 0,
    "sap": {"shared_memory_gb": 8, "instances": [{"name": "D10", "cores": 4, "work_processes": 20}]},
}


def _on(engine: ChatEngine, document: dict, text: str):
    """The question asked after the document was attached (its review)."""
    first = engine.turn("review this", None, document=document)
    return engine.turn(text, first.state)


def test_a_change_on_the_document_is_judged_at_the_documents_release(engine):
    """numa_policy is an 11i v3 tunable: on an 11i v2 box "can I just set it?" is no, whatever rule fires there."""
    reply = _on(engine, _HPUX_11IV2, "can we simply set numa_policy=1 on rx86b?")
    assert reply.verdict is not None and reply.verdict.answer == "no"
    assert "11iv3" in reply.answer


def test_a_level_the_question_states_wins_over_the_documents(engine):
    reply = _on(engine, _HPUX_11IV2, "on 11i v3, is kctune numa_policy=1 possible?")
    assert reply.verdict is not None and reply.verdict.answer == "yes"


_ZOS = {
    "kind": "zos-lpar",
    "name": "PRDX",
    "machine": "z13",
    "zos_version": "2.1",
    "online_storage_gb": 128,
    "lfarea": "LFAREA=(1M=(40%))",
}


def test_a_rule_that_needs_fields_the_question_does_not_name_leaves_the_verdict_to_the_assessed_ones(engine):
    reply = _on(engine, _ZOS, "is the LFAREA on PRDX ok?")
    assert reply.verdict is not None and reply.verdict.answer == "yes"
    assert "ZOS-001" in reply.answer


def test_a_rule_whose_missing_fields_the_question_names_still_depends(engine):
    reply = _on(engine, _ZOS, "is the LFAREA on PRDX ok for the DB2 buffer pools?")
    assert reply.verdict is not None and reply.verdict.answer == "it depends"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("z/OS 1.13 fresh install - pageable 1M frames there by default?", "no"),
        ("liveCache on hpux 11.23: do we need any patches?", "yes"),
        ("we never code LFAREA - do we still get 1M fixed frames?", "no"),
        ("WAS on z/OS: worth putting the java heap on 1M pageable pages?", "yes"),
        ("can SEGMENTS and UNITS be coded together on one IARV64 GETSTOR?", "no"),
        ("our disp+work runs on 4K/4K pages on the rx6600. should we change that?", "yes"),
        ("disp+work with small pages on hp-ux, fine?", "no"),
    ],
)
def test_claims_of_the_census(engine, question, expected):
    answer, _ = _verdict(engine, question)
    assert answer == expected


def test_the_aix_kernel_default_is_not_the_hpux_answer(engine):
    answer, text = _verdict(engine, "disp+work on rx8640 11.31 with default 4K pages - should we change?")
    assert answer == "yes"
    assert "chatr" in text


def test_a_pageable_1m_follow_up_after_2g_paging(engine):
    first = engine.turn("can z/OS page a 2G page out to auxiliary storage?", None)
    assert first.verdict is not None and first.verdict.answer == "no"
    second = engine.turn("and a pageable 1M one?", first.state)
    assert second.verdict is not None and second.verdict.answer == "yes"


def test_creating_clm_online_is_a_no(engine):
    first = engine.turn("how do we start D03 in locality domain 2?", None)
    second = engine.turn("and creating the cell local memory, online?", first.state)
    assert second.verdict is not None and second.verdict.answer == "no"
    assert "reboot" in second.answer


def test_smt_for_linux_run_natively_is_a_no(engine):
    answer, text = _verdict(engine, "z13 paper: can SMT be used by SAP app servers run natively in an LPAR, no zVM?")
    assert answer == "no"
    assert "native" in text


def test_the_plarea_is_not_configurable(engine):
    first = engine.turn("PLAREA size on a 128 GB lpar?", None)
    second = engine.turn("is it configurable in IEASYSxx?", first.state)
    assert second.verdict is not None and second.verdict.answer == "no"
    assert "automatically" in second.answer


def test_a_follow_up_with_its_own_scene_borrows_no_earlier_claim(engine):
    first = engine.turn("is numa_policy available on 11i v3?", None)
    assert first.verdict is not None and first.verdict.answer == "yes"
    second = engine.turn("D05 has 12 cores and no pset. ok like that?", first.state)
    assert second.verdict is None or "numa_policy" not in second.verdict.because


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("LFAREA=(1M=(25%),PROMPT,NOPROMPT) valid?", "no"),  # the statement's own PROMPT is no question about IPL
        ("LFAREA=50G with 64G online?", "no"),  # a bare statement on the user's storage is judged: 49.2 GB limit
        ("LFAREA=30G, 64G online storage?", "yes"),
        ("do 2G frames need Flash Express?", "no"),
    ],
)
def test_statements_and_2g_flash(engine, question, expected):
    answer, _ = _verdict(engine, question)
    assert answer == expected


_ZVM = {
    "kind": "zvm-lpar",
    "name": "ZVMAPP",
    "machine": "z13",
    "engines": "ifl",
    "engine_count": 8,
    "zvm": {"version": "6.3", "apars": ["VM65586"]},
    "smt_enabled": False,
    "workload": {"type": "sap-app-server", "profile": "oltp"},
}


def test_a_proposed_change_that_clears_the_finding_is_a_yes(engine):
    """ZVM-001 fires because SMT is off: "can we turn it on?" is answered by what the change does, not by the rule
    firing on the document as it stands (which read as a "no")."""
    reply = _on(engine, _ZVM, "could we simply turn SMT on for ZVMAPP?")
    assert reply.verdict is not None and reply.verdict.answer == "yes"
    assert "ZVM-001" in reply.answer


def test_2g_pages_judged_on_the_documents_machine(engine):
    reply = _on(engine, {**_ZOS, "machine": "z196", "zos_version": "1.13"}, "can PRDX use 2G pages at all?")
    assert reply.verdict is not None and reply.verdict.answer == "no"
    assert "z196" in reply.answer
    reply = _on(engine, _ZOS, "can PRDX use 2G pages at all?")
    assert reply.verdict is not None and reply.verdict.answer == "yes"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("z/VM 6.3, APAR VM65586 not installed yet. SMT fine?", "no"),
        ("SMT on z/VM 6.3 without the APAR - possible?", "no"),
        ("z13, z/VM 6.3 plus VM65586: can we use SMT?", "yes"),
    ],
)
def test_smt_without_the_apar(engine, question, expected):
    answer, _ = _verdict(engine, question)
    assert answer == expected


def test_the_ten_percent_floor_does_not_answer_for_the_shared_memory(engine):
    """10 % CLM is the floor for kernel and process-private data; whether the SAP shm fits needs its size."""
    answer, _ = _verdict(engine, "we run 10 % CLM. is it also enough for the SAP shared memory?")
    assert answer != "yes"
    answer, _ = _verdict(engine, "is 10% CLM enough on our 4 cell superdome?")
    assert answer == "yes"
