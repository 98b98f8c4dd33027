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
