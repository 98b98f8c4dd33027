"""REDP-5287 Table 2: which runs a z13 SMT question compares, the users' gain in percent, and configuration
questions about the measured LPARs (answered from the passage, never with an SMT gain)."""

from __future__ import annotations

import pytest

from advisor.capabilities import BY_NAME, Context
from advisor.chat.calc import calculate
from advisor.knowledge.base import knowledge_base
from advisor.knowledge.retrieval import rank


def _calc(question: str):
    result = calculate(question, set())
    assert result is not None and result.calculations, question
    return result


@pytest.mark.parametrize(
    "question",
    [
        "zEC12 against a z13 with SMT off, 16 IFLs each: what's the throughput gain?",
        "core to core, how much more ITR does the z13 give over the zEC12?",
        "non-SMT z13 compared with zEC12 - how much faster for SAP?",
    ],
)
def test_the_z13_without_smt_against_the_zec12_is_the_core_to_core_gain(question):
    result = _calc(question)
    assert [c.name for c in result.calculations] == ["zvm_smt.core_to_core_over_zEC12"]
    text = result.out.text()
    assert "+7.4%" in text and "+8.9%" in text and "9% ITR gain (Figure 5)" in text
    assert "z13 with SMT over" not in text  # the SMT gain is not what was asked


def test_with_and_without_smt_against_the_zec12_gives_every_comparison():
    names = {c.name for c in _calc("z13 with and without SMT vs zEC12: how much more throughput?").calculations}
    assert names == {"zvm_smt.gain_over_z13", "zvm_smt.gain_over_zEC12", "zvm_smt.core_to_core_over_zEC12"}


def test_smt_against_the_z13_without_it_stays_the_smt_gain():
    result = _calc("z13: how much more throughput with SMT than without SMT?")
    assert [c.name for c in result.calculations] == ["zvm_smt.gain_over_z13"]


@pytest.mark.parametrize(
    "question, pct",
    [
        ("by what percentage did the user count go up once SMT was switched on for the z13?", "+27.5%"),
        ("z13 SMT vs zEC12: how many more users, in percent?", "+45.1%"),
    ],
)
def test_the_users_gain_is_stated_in_percent(question, pct):
    assert pct in _calc(question).out.text()


def test_the_capability_compares_the_runs_asked():
    ctx = Context()
    core = BY_NAME["calc_zvm_smt"].invoke({"baseline": "zEC12", "run": "z13"}, ctx)
    assert (core.etr_pct, core.itr_pct, core.users_pct) == (7.4, 8.9, 13.8)
    assert core.smt.run_id == "S41107B2" and core.paper_states and "9% ITR" in core.paper_states
    assert BY_NAME["calc_zvm_smt"].invoke({}, ctx).users_pct == 27.5


def test_the_same_run_twice_is_refused():
    with pytest.raises(Exception, match="two different runs"):
        BY_NAME["calc_zvm_smt"].invoke({"baseline": "z13", "run": "z13"}, Context())


@pytest.mark.parametrize(
    "question",
    [
        "in the z13 SMT benchmark, how much storage did the z/VM partition get?",
        "z13 SMT measurements - how many IFLs did the z/VM LPAR have?",
        "SMT test on z13: what z/VM level and APAR did they run?",
    ],
)
def test_a_question_about_the_measured_configuration_gets_no_smt_gain(question):
    assert calculate(question, set()) is None


def test_the_platform_name_is_no_topic_word():
    r = rank(knowledge_base(), "z13 SMT run: how much memory did the z/VM LPAR have?")
    assert r.topic_concepts == ["memory", "LPAR"]
    assert any(h.on_topic and h.passage.id == "z13-smt-hardware" for h in r.hits)


@pytest.mark.parametrize(
    "question",
    [
        "z13 SMT run: how much memory did the z/VM LPAR have?",
        "for the SMT measurements on the z13, the z/VM LPAR had how much memory?",
    ],
)
def test_the_measured_lpar_memory_is_answered_from_the_hardware_passage(engine, question):
    reply = engine.turn(question, None)
    assert "256 GB" in reply.answer
