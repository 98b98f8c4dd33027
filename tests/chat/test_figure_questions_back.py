"""Figure questions about the user's own systems whose answer depends on data the user did not give: the machine
behind an SMT gain, the processor generation behind AME4K's cost at factor 1.0, a VIOS's own processor use. They
are asked back (advisor/chat/clarify.py) and the reply resumes them; the same figure asked about a source's own test,
or with the deciding data given, is answered at once. Phrasings are this file's own."""

from __future__ import annotations

import json

import pytest


def chat(engine, *messages: str):
    state = None
    replies = []
    for message in messages:
        reply = engine.turn(message, state)
        state = json.loads(reply.state.model_dump_json())
        replies.append(reply)
    return replies


def sources(reply) -> set[str]:
    return {c.source_id for c in reply.citations}


@pytest.mark.parametrize(
    "question",
    [
        "what throughput gain can we expect from SMT on our SAP application servers",
        "is SMT worth turning on for our z/VM sap guests?",
        "SMT on our IFLs for the SAP app tier - how much will we get?",
    ],
)
def test_an_smt_gain_for_our_systems_asks_for_the_machine(engine, question):
    reply = engine.turn(question)
    assert reply.intent == "clarify" and reply.needs_input, reply.answer[:300]
    assert "z13" in reply.answer and "ibm-z13-smt-sap-redp5287" in sources(reply)
    assert reply.verdict is None or reply.verdict.answer == "it depends"  # never yes/no before the machine is known


def test_the_machine_given_resumes_with_the_measured_gain(engine):
    _, z13 = chat(engine, "how much SMT gain do we plan for our sap app servers?", "z13, 24 IFLs, z/VM 6.3 + VM65586")
    assert z13.intent != "clarify" and "28%" in z13.answer and "ibm-z13-smt-sap-redp5287" in sources(z13)
    _, old = chat(
        engine, "should we turn on SMT for our SAP app servers on the mainframe?", "it's a zEC12 with z/VM 6.3"
    )
    assert old.verdict is not None and old.verdict.answer == "no", old.answer[:300]


@pytest.mark.parametrize(
    "question",
    [
        "z13 SMT gain for SAP app servers in IBM's test?",  # the source's own case
        "our z13 IFLs run SAP app servers under z/VM 6.3, how much does SMT give?",  # the machine is named
        "would our cpu-bound batch on IFLs see the same SMT gain?",  # the workload kind decides, from the paper
        "SMT8 on our POWER9 SAP app servers, worth it?",  # another product line's SMT
    ],
)
def test_an_smt_question_with_its_machine_or_about_the_study_is_not_asked_back(engine, question):
    reply = engine.turn(question)
    assert not reply.needs_input, reply.answer[:300]


def test_ame4k_left_at_one_asks_for_the_processor_and_resumes(engine):
    asked, p9 = chat(engine, "our app lpars still run AME4K at factor 1.0 - what's the CPU overhead?", "POWER9")
    assert asked.intent == "clarify" and asked.needs_input and "ibm-aix-ame64k-sap-2023" in sources(asked)
    assert "46%" in p9.answer and "48%" in p9.answer, p9.answer[:300]
    direct = engine.turn("what does AME4K at factor 1.0 cost in CPU on our Power8 lpars?")
    assert not direct.needs_input and "77%" in direct.answer


@pytest.mark.parametrize(
    "question",
    ["what EC should our vio servers get?", "how many VPs and how much entitlement do i give the two VIOS?"],
)
def test_vios_processor_sizing_asks_for_its_use_and_resumes(engine, question):
    asked, sized = chat(engine, question, "average 0.9 cores, peak 2.2")
    assert asked.intent == "clarify" and asked.needs_input, asked.answer[:300]
    assert "0.9" in sized.answer and "ibm-powervm-virtualization-redbook" in sources(sized), sized.answer[:300]


@pytest.mark.parametrize(
    "question",
    [
        "how much memory for our VIOS?",
        "what weight should our VIOS have?",
        "what does entitled capacity mean on a vios?",
    ],
)
def test_other_vios_questions_are_not_asked_for_processor_use(engine, question):
    reply = engine.turn(question)
    assert "processor use" not in reply.answer, reply.answer[:300]


@pytest.mark.parametrize(
    "question, ec, vps",
    [
        ("EC and VPs for our lpar? it uses 2.5 on average and 5.6 at peak", "= 2.5;", "= 6 "),
        ("EC and VPs? 7 at peak and 3 on average", "= 3;", "= 7"),
        ("averages 4 cores at peak and hits 9 max: EC and VPs?", "= 4;", "= 9"),  # "at peak" names the window here
    ],
)
def test_a_statistic_word_after_a_figure_is_that_figures(engine, question, ec, vps):
    reply = engine.turn(question)
    assert ec in reply.answer and vps in reply.answer, reply.answer[:300]
