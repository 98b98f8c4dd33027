"""Yes/no verdicts on the AME guide, the HP webcast, the SHARE deck and REDP-5287: the general causes of missing or
opposite verdicts, each asked from both sides in phrasings written for this test (not taken from an eval part).

Causes covered: a level at the end of a sentence ("aix 7.1 TL1.") lost its TL; a stated level below what the subject
needs at all settles any question about it; a closing judgement ("enough per the slides?", "is AME reaching its
target?") asks about the numbers stated; a number glued to a name ("S/4HANA") is no figure; "without X" governs
nothing past a clause mark; a dominant predicate worded only in the scene does not make the question about it; "can I
stop X?" or "ok to quit X?" of something needed; a bare "more X?" asks whether to add them; "can I ... AME?" with a
verb of its own before the subject ("stop monitoring") does not ask whether AME is available; a comparison asked next
to a calculator ("in line with HP?") keeps its verdict.
"""

from __future__ import annotations

import json

import pytest

from advisor.chat import ChatEngine
from advisor.chat.reader import read
from tests.support.claims import verdict_of


@pytest.fixture(scope="module")
def engine() -> ChatEngine:
    return ChatEngine()


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # the TL of a level that ends its sentence is kept (NX accelerator: AIX 7.1 TL2 or later)
        ("P7+ box, aix 7.1 TL1. will ame use the hardware compression accelerator?", "no"),
        ("P7+ box, aix 7.1 TL2. will ame use the hardware compression accelerator?", "yes"),
        # a level below what the subject needs at all (numa_policy exists on 11i v3 only)
        ("HP-UX 11.23 here. will kctune numa_policy=1 put SAP shared memory into CLM?", "no"),
        # a closing judgement asks about the stated figure (swap at least 2x memory)
        ("swap is 1.5x RAM on the hpux SAP server. enough according to the KOD slides?", "no"),
        ("swap is 2.5x RAM on the hpux SAP server. enough according to the KOD slides?", "yes"),
        # the "4" of S/4HANA is no expansion factor (2.0 to 2.8 for production)
        ("factor 2.2 on the S/4 app servers. inside the range the guide calls good for prod?", "yes"),
        ("factor 3.2 on the S/4 app servers. inside the range the guide calls good for prod?", "no"),
        ("we run AME64K at 2.5 on our app servers. within what IBM validated?", "yes"),
        # "its target" points back at the stated target and actual factors
        ("topas EF[T/A] shows 3.0/2.6 on sapapp2. is AME reaching its target?", "no"),
        ("topas EF[T/A] shows 2.5/2.5 on sapapp2. is AME reaching its target?", "yes"),
        # keep monitoring after the factor is found (Further Recommendations)
        ("found a good factor, can I stop monitoring AME now?", "no"),
        ("should we keep monitoring AME after choosing the factor?", "yes"),
        ("the factor has been stable for a year. ok to quit watching AME altogether?", "no"),
        ("do we still need to watch AME after tuning?", "yes"),
        # "0 idle cpu" sets the scene; the question is whether to add work processes
        ("queues are long but the server has 0 idle cpu left. add more dialog WPs?", "no"),
        ("users complain and the box has zero idle cpu. should we add more dialog WPs?", "no"),
        ("the app server shows 0 idle cpu at month end. more dialog work processes?", "no"),
        # amepat needs -M with AME64K, asked in other words
        ("running amepat on an ame64k lpar, any special flag?", "yes"),
        ("amepat on an AME64K partition - does it model the 64K page usage without any extra option?", "no"),
        # AME is a separately purchased feature
        ("does AME come at no extra charge on Power10?", "no"),
        # the first activation needs a reboot, a factor change does not
        ("AME never enabled on this lpar so far. can I switch it on in the HMC while the lpar stays up?", "no"),
        ("AME is already on. can I change the factor while the lpar stays up?", "yes"),
        # AME4K at factor 1.0 costs CPU, AME64K at 1.0 does not ("any cost?" asks about a cost)
        ("P9 app lpar, AME4K on but factor left at 1.0 for safety. any cost?", "yes"),
        ("AME64K on at factor 1.0 to collect data. any cost?", "no"),
        # amepat's own modelling adds CPU
        ("amepat reports 35% cpu where we measured 31% before. is amepat itself burning cpu?", "yes"),
        # without Flash a paged-out pageable 1M page comes back as 4K pages
        ("no flash on this box. pageable 1M pages get paged out as 1M to DASD?", "no"),
        ("zEC12 without Flash Express: do paged-out pageable 1M pages keep their large attribute?", "no"),
        # "AME to 64K pages" is AME64K (POWER8 and AIX 7.2 TL1 or later)
        ("our POWER7+ box runs AIX 7.1. could AME be moved to 64K pages?", "no"),
        ("P9 with AIX 7.2 TL5, can we switch AME to 64K pages?", "yes"),
        # "worth <doing>", "ok like this?", "give us the 40 %"
        ("is it worth enabling 64K pages for SAP without AME?", "yes"),
        ("superdome, every cell 100% interleaved memory for SAP. fine as is?", "no"),
        ("our z13 guests mostly run compute-heavy batch. will SMT give us the 40%?", "it depends"),
        # an adjective before a noun after a size names a kind ("1M fixed large frames"), it asks nothing
        ("are 1M fixed large frames and 2G frames reconfigurable?", "no"),
        ("are 2G frames fixed?", "yes"),
        # the study's DB server on z/OS with zIIPs, where SMT was not used
        ("in the SMT paper, did the DB2 server run on z/OS with zIIPs?", "yes"),
        ("did they use smt on the zIIPs of the db server?", "no"),
        # AME statements asked in other words
        ("vmo shows ame_mpsize_support=0 here. does that mean AME4K?", "yes"),
        ("does lparstat -c show anything when AME is off?", "no"),
        ("at expansion factor 2.0 we need only half the true memory, correct?", "yes"),
        ("will raising the AME factor on the live LPAR interrupt the SAP users?", "no"),
        ("amepat -N: does it switch off the modelling?", "yes"),
        # a subject that opens with "=" ("= 0") is matched after a space as well
        ("HP-UX SAP profile: abap/initrc_degree = 0 recommended?", "yes"),
        ("abap/initrc_degree = 2 ok?", "no"),
        # TEXTFSIZE is a misprint; "AME" of "the AME guide" names a document
        ("the IBM AME guide uses TEXTFSIZE in LDR_CNTRL. is that a real AIX keyword?", "no"),
    ],
)
def test_claim_verdicts(engine: ChatEngine, question: str, expected: str) -> None:
    assert verdict_of(engine, question) == expected


def test_without_does_not_reach_past_a_clause() -> None:
    """ "... without AME - will SAP use more virtual memory?" asked whether AME is available (answered "no")."""
    engine = ChatEngine()
    question = "LDR_CNTRL 64K for the SAP kernel without AME - will SAP use more virtual memory?"
    assert verdict_of(engine, question) != "no"
    assert verdict_of(engine, "can SAP use AME without a reboot the first time?") == "no"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("1 SAP instance per 3 cores on the integrity box - in line with what HP says?", "yes"),
        ("1 SAP instance per 8 cores on the integrity box - in line with what HP says?", "no"),
        ("z13 without SMT vs zEC12, same 16 IFLs: more than 10% ETR?", "no"),
        ("z13 without SMT vs zEC12, same 16 IFLs: more than 5% ETR?", "yes"),
        ("z13 with SMT vs zEC12: roughly 38% more ETR?", "yes"),
        ("z13 with SMT vs zEC12: roughly 60% more ETR?", "no"),
    ],
)
def test_comparison_beside_a_calculation_keeps_its_verdict(engine: ChatEngine, question: str, expected: str) -> None:
    reply = engine.turn(question, None)
    assert reply.verdict is not None and reply.verdict.answer == expected


def test_repeated_question_marks_read_as_one() -> None:
    assert read("AME4K with LDR_CNTRL 64K, any issue??").text.endswith("any issue?")
    assert read("really?!").text == "really?"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a choice between two gets "it depends" from a claim that says so, and no yes or no
        ("SAP app servers to DB2 on z/OS, hipersockets or OSA?", "it depends"),
        ("2013 redbook vs 2023 AME guide on compressing 64k pages - which one is right?", "it depends"),
        ("hipersockets or OSA for network-heavy batch?", None),
    ],
)
def test_choice_between_two(engine: ChatEngine, question: str, expected: str | None) -> None:
    assert verdict_of(engine, question) == expected


def test_invalid_lfarea_asked_whether_accepted(engine: ChatEngine) -> None:
    reply = engine.turn("LFAREA=4096 without M or G - accepted?", None)
    assert reply.verdict is not None and reply.verdict.answer == "no"
    reply = engine.turn("LFAREA=4096M accepted?", None)
    assert reply.verdict is not None and reply.verdict.answer == "yes"


def test_follow_up_of_an_imperative_question() -> None:
    """ "and the db2 lpar?" after "turn on AME for the Java LPARs too?" asks whether to turn it on there as well."""
    engine = ChatEngine()
    first = engine.turn("switch AME on for the SAP Java stack lpars as well?", None)
    assert first.verdict is not None and first.verdict.answer == "no"
    reply = engine.turn("and the db2 lpar?", json.loads(first.state.model_dump_json()))
    assert reply.verdict is not None and reply.verdict.answer == "no"
