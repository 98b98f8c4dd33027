"""Verdicts on Redbook 3.1-3.5 (LPAR sizing, AME on POWER7/7+, AMS/AMD, VIOS sizing) in words of our own.

Each statement is asked from both sides where the source settles both, and with numbers of the user's own that the
claim compares with the source's relation or figure; a question no claim settles gets no verdict. The phrasings
here are not eval turns: they check that a claim reads the statement, not one wording of it.
"""

from __future__ import annotations

import pytest

from advisor.chat import ChatEngine
from tests.support.claims import verdict_of


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # 3.5.1 / Table 3-9: the VIOS weighs more than every other LPAR; "like the others" says equal
        ("the vios has weight 128, same as the app lpars - acceptable?", "no"),
        ("VIOS weight equal to all client partitions, fine?", "no"),
        ("vio servers at the same uncapped weight as everyone else ok?", "no"),
        ("our VIO servers carry weight 128 like all the others, ok?", "no"),
        ("should the VIOS have a higher weight than the other LPARs?", "yes"),
        # 3.2.1: NX compresses, the LPAR still moves pages; one NX per chip, shared by its cores
        ("does the NX unit make AME free of LPAR CPU?", "no"),
        ("does hardware compression do everything so cmemd uses zero cpu?", "no"),
        ("P7+ hardware compression: does AME still burn some lpar cpu?", "yes"),
        ("does each POWER7+ core get its own NX unit?", "no"),
        ("is the nx accelerator shared by all cores of a chip?", "yes"),
        # 3.1: EC sum <= pool cores (a pool's number is no quantity), VPs <= pool cores
        ("summed EC of all partitions in SPP 1 is 18.5, pool has 16 cores, ok?", "no"),
        ("ECs add up to 14 in shared pool 2 which has 16 cores, ok?", "yes"),
        ("lpar with 24 virtual processors, shared pool is 20 cores, fine?", "no"),
        ("12 VPs on a box of 16 cores - acceptable?", "yes"),
        # 3.1 Table 3-1: EC is the average at the peak, not its maximum
        ("should we size the entitled capacity to the maximum seen at peak?", "no"),
        # 3.4: AMD needs firmware 740
        ("AMD on a P7 with firmware 760, ok?", "yes"),
        ("want AMD, system firmware is 720 - possible?", "no"),
        # 3.2.3: file cache is not compressed
        ("file server lpar with most memory in file cache, worth turning on AME?", "no"),
        ("AME on a db lpar with little file cache, good candidate?", None),
        # 3.1 Table 3-2: DLPAR memory and affinity; desired memory at activation
        ("will memory added with dlpar later hurt performance because of affinity?", "yes"),
        ("could adding RAM later with DLPAR impact performance?", "yes"),
        ("desired memory not all available at activation - does the lpar get as much as possible?", "yes"),
        ("if desired memory is not available does activation fail?", "no"),
        # 3.5.1: folding is off by default only on a VIOS installed from 2.1.0.13-FP23
        ("vios migrated from 2.1 years ago, is folding definitely off?", "no"),
        # 3.1 HPT: a needlessly high maximum memory costs hypervisor memory
        ("any drawbacks to a max memory of 2 TB on all lpars?", "yes"),
        # 3.1 Figures 3-3/3-4: low EC on many VPs delays the workload (unfolding)
        ("EC 1.5 on 32 VPs, batch slow to get cpu when it starts - related?", "yes"),
        # 3.2.7 / 3.2.8: the measured results, a stated figure against the table's
        ("was the batch run time impact under 10% in the AME test?", "yes"),
        ("in the oracle batch test did the run take more than 10 % longer with AME?", "no"),
        ("oracle batch at factor 3.0 took 134 minutes?", "yes"),
        ("batch test at factor 2.0: did it take 140 min?", "no"),
        ("did the batch test cut memory to a third?", "yes"),
        ("in the OLTP test did they shrink RAM?", "no"),
        ("oltp test at factor 1.6 reached 500 users?", "yes"),
        ("OLTP with AME 1.25 gave 400 users?", "no"),
        ("in the batch scenario were 24 VPs used?", None),
        # 3.5.3: an IVM-managed server has one VIOS only
        ("no HMC, just IVM: second vios possible?", "no"),
        ("should we run the VIOS as a redundant pair?", "yes"),
        # 3.5.4: third-party drivers may cost extra
        ("is EMC powerpath free for the vios?", "it depends"),
        # 3.2.6 vmstat -vc: the achieved factor against the target (a stated pair of figures)
        ("target factor 1.6, achieved 1.6 in vmstat -vc, fine?", "yes"),
        ("achieved expansion factor 1.2 vs target 2.0, problem?", "yes"),
        ("vmstat -vc: target 2.0, achieved 1.7 - ok?", "no"),
        ("current EC 4, set VPs to 8?", None),
        # 3.2.9: amepat on an LPAR far bigger than what its workload uses
        ("our 32G lpar has only 9 GB in use and amepat says 4.0, go with it?", "no"),
        # 3.2.5: the AME tunables only under IBM support's guidance
        ("can I change ame_maxfree_mem without involving IBM support?", "no"),
        ("change ame_min_ucpool_size with IBM support guidance - ok?", "yes"),
        # 3.2.3: AME memory cannot hold a RAM disk (the reader writes "RAM" as "memory")
        ("can I build a RAM disk out of AME expanded memory?", "no"),
        # 3.5.1 Table 3-9: VIOS EC at its average use, not its peak
        ("should the VIOS entitled capacity be sized to its peak?", "no"),
        # Tables 3-1/3-2: DLPAR stops at the profile minimum; 3.1: HPT from hypervisor memory
        ("can I dlpar memory out of an lpar past its min memory?", "no"),
        ("is the HPT taken from hypervisor memory?", "yes"),
    ],
)
def test_redbook_3_1_to_3_5_statements(engine: ChatEngine, question: str, expected: str | None) -> None:
    assert verdict_of(engine, question) == expected


@pytest.mark.parametrize(
    "question",
    ["is there a tool on the vios itself that recommends its sizing?", "which advisor tool sizes a running VIOS?"],
)
def test_asking_for_a_tool_is_no_request_for_a_figure(engine: ChatEngine, question: str) -> None:
    reply = engine.turn(question, None)
    assert reply.intent != "clarify" and not reply.needs_input
    assert "part" in reply.answer and "Performance Advisor" in reply.answer


def test_a_sizing_request_without_data_still_asks(engine: ChatEngine) -> None:
    assert engine.turn("how much memory for my vios?", None).intent == "clarify"


def test_a_wh_question_after_a_set_aside_subject_gets_no_verdict(engine: ChatEngine) -> None:
    # "besides AME, what else ...?" asks for a list, not yes or no; the NX passage answers it
    reply = engine.turn("besides AME what else does the P7+ NX unit do?", None)
    assert reply.verdict is None and "cryptograph" in reply.answer


def test_a_question_on_the_sources_own_test_is_not_asked_back(engine: ChatEngine) -> None:
    reply = engine.turn("redbook oracle batch test: how much memory did test 0 have without AME?", None)
    assert reply.intent != "clarify" and "120 GB" in reply.answer
    assert engine.turn("how much expanded memory at factor 2?", None).intent == "clarify"


@pytest.mark.parametrize(
    ("question", "expected"),
    [("set ame expansion factor 11 on the sandbox lpar?", "no"), ("use an AME factor of 2.45 on our test box?", "yes")],
)
def test_an_imperative_with_a_value_asks_whether_to(engine: ChatEngine, question: str, expected: str) -> None:
    reply = engine.turn(question, None)
    assert reply.verdict is not None and reply.verdict.answer == expected
