"""Calculator follow-ups that lean on the conversation, and verdicts only where a yes or a no is asked.

"swap minimum for the same box?" takes the inputs of the system the last calculation was about (or of the
attached document) for another calculator; "and if we go to factor 3.0?" replaces the one factor said before.
A calculator's yes/no verdict answers a yes/no clause ("valid?", "is it under the limit?"), never a question
for a figure ("size?"). Figures by hand from the sources' formulas.
"""

from __future__ import annotations

import json

import pytest


def _chain(engine, *messages: str, document: dict | None = None):
    state, reply = None, None
    for i, message in enumerate(messages):
        reply = engine.turn(message, state, document=document if i == 0 else None)
        state = json.loads(reply.state.model_dump_json())
    return reply


@pytest.mark.parametrize(
    ("first", "follow", "figure"),
    [
        ("buffer cache for 96 GB hp-ux?", "and the swap floor on that box?", "192 GB"),  # 2 x 96
        ("hp-ux 200 GB memory: swap minimum?", "buffer cache cap on the same server?", "6 GB"),  # 3 % x 200
        ("LFAREA=(1M=(30%)) on 44 GB online, size?", "max new form limit there?", "32 GB"),  # 0.8 x 40
        ("plarea for 64 GB online storage?", "and the lfarea max for the same lpar, new form?", "48 GB"),  # 0.8 x 60
    ],
)
def test_a_question_about_the_same_system_takes_its_inputs(engine, first, follow, figure):
    reply = _chain(engine, first, follow)
    assert figure in reply.answer, reply.answer[:300]


def test_a_question_about_the_document_now_takes_its_values(engine):
    doc = {"kind": "zos-lpar", "name": "T1", "machine": "zEC12", "zos_version": "2.1", "online_storage_gb": 64}
    doc["lfarea"] = "LFAREA=(1M=(85%))"
    reply = _chain(engine, "set lfarea = LFAREA=(1M=(25%))", "how many GB of 1M frames is that now?", document=doc)
    assert "15 GB" in reply.answer, reply.answer[:300]  # 0.25 x (64 - 4)


@pytest.mark.parametrize(
    ("first", "follow", "figure"),
    [
        ("true 20 GB at factor 1.5, expanded?", "what if we push it to factor 2.2?", "44 GB"),
        (
            "need 48 GB expanded at factor 2, how much true memory?",
            "and if we go to factor 3.0, same expanded?",
            "16 GB",
        ),
        ("true 20 GB at factor 1.5, expanded?", "and @ 2.5 instead", "50 GB"),
    ],
)
def test_a_new_factor_replaces_the_one_said(engine, first, follow, figure):
    reply = _chain(engine, first, follow)
    assert figure in reply.answer, reply.answer[:300]


@pytest.mark.parametrize(
    ("message", "verdict"),
    [
        ("LFAREA=(1M=(30%)) on 44 GB online, size?", None),
        ("LFAREA=(1M=(20,30)) valid?", "no"),
        ("LFAREA=(2G=(8)) on a lpar with 48G online - how much is that and is it under the limit?", "yes"),
        ("old form LFAREA=40%, 50 GB online: how many GB is that", None),
    ],
)
def test_a_calculator_verdict_only_answers_a_yes_no_clause(engine, message, verdict):
    reply = engine.turn(message)
    assert (reply.verdict.answer if reply.verdict else None) == verdict, reply.answer[:300]


@pytest.mark.parametrize(
    ("first", "reply", "figure"),
    [
        ("how much true memory for factor 3?", "45 GB expanded", "15 GB"),  # 45 / 3
        ("true memory to configure at factor 2.5?", "we want 50 GB expanded", "20 GB"),
        ("factor 2.4, what does aix see", "true memory is 10 GB", "24 GB"),
        ("HPT for our frame?", "POWER7, the lpars max mem adds to 384 GB", "6 GB"),  # 384 / 64
        ("what will the hpt be on this box", "power8, 4 aix lpars at 64 GB max", "2 GB"),  # 256 / 128
        ("is our AME safety net big enough?", "24 GB true, 4 GB paging, factor 1.5, peak demand 45 GB", "40 GB"),
    ],
)
def test_a_calculation_missing_its_inputs_asks_then_resumes(engine, first, reply, figure):
    asked = engine.turn(first)
    assert asked.needs_input and not asked.calculations, asked.answer[:300]
    resumed = engine.turn(reply, json.loads(asked.state.model_dump_json()))
    assert figure in resumed.answer, resumed.answer[:300]


@pytest.mark.parametrize(
    ("message", "verdict", "figure"),
    [
        ("hp-ux 200 GB ram, buffer cache currently 9 GB - too much?", "yes", "6 GB"),  # 3 % x 200 = 6 < 9
        ("superdome 512 GB memory, 12 GB of buffer cache: too big?", "no", "15.36 GB"),
        ("the frame has 64 cores and vios1 has 6 GB, not sure if that is enough for the vios", "no", "8192 MB"),
        ("AME factor 2, 20 GB true, 6 GB paging, peak of 40 GB - enough?", "yes", "46 GB"),  # 40 + 6
        ("AME factor 1.5, 20 GB true, 2 GB paging, worst case demand 40 GB: is the safety net enough?", "no", "32 GB"),
        ("no AME, 64 GB real and 16 GB paging - virtual memory limit?", None, "80 GB"),
    ],
)
def test_verdicts_read_the_figure_said_against_the_computed_one(engine, message, verdict, figure):
    reply = engine.turn(message)
    assert (reply.verdict.answer if reply.verdict else None) == verdict, reply.answer[:300]
    assert figure in reply.answer, reply.answer[:300]


def test_an_lfarea_too_much_question_is_asked_then_answered_no_when_it_fits(engine):
    asked = engine.turn("old form LFAREA=45% on our lpar, too much?")
    assert asked.needs_input, asked.answer[:300]
    reply = engine.turn("80 GB online", json.loads(asked.state.model_dump_json()))
    assert reply.verdict is not None and reply.verdict.answer == "no", reply.answer[:300]
    assert "34 GB" in reply.answer  # 0.45 x 80 - 2


def test_one_percent_style_on_every_path(engine):
    """Calculators, claims and quoted passages print a percentage one way ("3%"), as docs/chat.md says."""
    for message in ("buffer cache for 128 GB hp-ux?", "is 10% buffer cache ok for sap on hp-ux?", "what is CLM?"):
        reply = engine.turn(message)
        assert "%" in reply.answer, (message, reply.answer[:200])
        assert " %" not in reply.answer and "\u00a0%" not in reply.answer, (message, reply.answer[:300])
        assert all(" %" not in c.text for c in reply.claims)
        assert reply.verdict is None or " %" not in reply.verdict.because


@pytest.mark.parametrize(
    ("first", "follow", "figure"),
    [
        ("without AME: 64 GB real, 8 GB paging, virtual memory limit?", "what about with ame at factor 2?", "136 GB"),
        ("LFAREA=(1M=(20%)) on 44 GB online, size?", "and 40%?", "16 GB"),  # 0.4 x 40
        ("LFAREA=(1M=(40%,20%)) on 54 GB online, target and minimum?", "and the 80% ceiling?", "40 GB"),  # 0.8 x 50
    ],
)
def test_a_follow_up_changes_or_asks_what_it_names(engine, first, follow, figure):
    reply = _chain(engine, first, follow)
    assert figure in reply.answer, reply.answer[:300]


@pytest.mark.parametrize(
    ("first", "follow", "figures"),
    [
        # old form on 40 GB: 0.25 x 40 - 2 = 8 GB; 85% is over 80%, the largest is 0.8 x 40 - 2 = 30 GB
        ("LFAREA=25% old style, 40G online, what do I end up with?", "and LFAREA=85%?", ["30 GB"]),
        ("LFAREA=25% old style, 40G online, what do I end up with?", "what about LFAREA=50%?", ["18 GB"]),
        # new form on 84 GB: 0.3 x 80 = 24 GB
        ("LFAREA=(1M=(10%)) on 84 GB online, size?", "and LFAREA=(1M=(30%))?", ["24 GB"]),
    ],
)
def test_a_new_statement_replaces_the_one_said_on_the_same_system(engine, first, follow, figures):
    reply = _chain(engine, first, follow)
    for figure in figures:
        assert figure in reply.answer, reply.answer[:300]


def test_a_new_statement_with_its_own_storage_computes_alone(engine):
    reply = _chain(engine, "LFAREA=25% old style, 40G online, what do I end up with?", "and LFAREA=50% on 100G?")
    assert "48 GB" in reply.answer and "40 GB online" not in reply.answer, reply.answer[:300]  # 0.5 x 100 - 2
