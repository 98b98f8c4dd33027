"""Session 10's census of yes/no verdicts on the 2023 AME64K guide and the Redbook chapter 3 by question class: the
verdict the source gives under the condition the question states, "it depends" where the source names a condition
the question leaves out. Phrasings of our own (none is an eval turn)."""

from __future__ import annotations

import pytest

from advisor.chat import ChatEngine
from tests.chat.test_issue14 import Session


def _verdict(engine: ChatEngine, *said: str) -> str | None:
    s = Session(engine)
    reply = None
    for text in said:
        reply = s.say(text)
    assert reply is not None
    return reply.verdict.answer if reply.verdict else None


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # of the user's own systems, the half of the condition left out decides; of a generation, the half met does
        ("can we turn on AME64K on our POWER8 app servers?", "it depends"),
        ("AME64K on my Power10 lpars, supported?", "it depends"),
        ("is AME64K supported on POWER8?", "yes"),
        ("AME64K on our POWER7+ lpars?", "no"),
    ],
)
def test_ame64k_support_of_own_systems_depends_on_the_half_not_stated(
    engine: ChatEngine, question: str, expected: str
) -> None:
    assert _verdict(engine, question) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # "..., or is it already the default?" offers the other half; the first half is asked
        ("Power10 and AIX 7.3: must I set ame_mpsize_support, or is it the default already?", "no"),
        ("POWER9 with AIX 7.2 TL5: do I need vmo for AME64K or is it on by default?", "yes"),
        ("is AME64K the default on Power10 with AIX 7.3, or do I have to set it?", "yes"),
    ],
)
def test_an_alternative_after_or_is_it_does_not_set_the_question(
    engine: ChatEngine, question: str, expected: str
) -> None:
    assert _verdict(engine, question) == expected


def test_an_elliptic_follow_up_asks_the_earlier_predicate_of_its_new_subject(engine: ChatEngine) -> None:
    """ "and then changing the factor from 2.2 to 2.6?" after a reboot question asks about a reboot, not the range."""
    assert _verdict(engine, "first time we enable AME on an lpar, does it need a restart?") == "yes"
    assert (
        _verdict(
            engine,
            "first time we enable AME on an lpar, does it need a restart?",
            "and then moving the factor from 2.2 to 2.6?",
        )
        == "no"
    )
    # with no earlier question to carry, the fragment still judges the figure
    assert _verdict(engine, "is factor 2.4 ok for a productive abap app server?", "and 2.6?") == "yes"


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        # the goal named after the modal ("to save RAM") is not what is asked; the modal's claim speaks
        (("should we enable AME on the portal's Java lpar to free some memory?",), "no"),
        (("is AME a good idea for our abap app servers to save memory?",), "yes"),
        # "compression" names a thing, it does not ask whether something compresses
        (("should we enable AME on the Java AS lpar?", "and on the Db2 lpar, data compression on all tables?"), "no"),
        # "a good AME candidate": a word between "good" and "candidate"
        (("is the Db2 database lpar a good AME candidate?",), "no"),
        # a question naming Power words is not answered by a claim of the z13 tests ("same box", "DB", "app servers")
        (("would AME suit the Db2 lpar as well? it sits on the same box as the app servers",), "no"),
        # AME64K advised for SAP as far as the stated processor and AIX level allow it
        (("P8 with AIX 7.1 TL4 and the SAP kernel on 64K pages. is AME64K advisable?",), "no"),
        (("P9, AIX 7.2 TL4, SAP app servers: should we go for AME64K?",), "yes"),
    ],
)
def test_verdicts_of_the_question_asked(engine: ChatEngine, said: tuple[str, ...], expected: str) -> None:
    assert _verdict(engine, *said) == expected


def test_a_claim_of_another_product_line_is_set_aside_when_the_question_names_ours(engine: ChatEngine) -> None:
    from advisor.chat.judge import claim_verdict
    from advisor.chat.reader import read

    claims = engine.kb.claims
    assert {"power", "z", "hpux"} <= set(claims.lines)
    got = claim_verdict(claims, read("was the DB on the same box as the app servers in the z13 tests?"))
    assert got is not None and got.claim.line == "z"
    got = claim_verdict(claims, read("AIX lpar: was the DB on the same box as the app servers in the z13 tests?"))
    assert got is None or got.claim.line != "z" or "z13" in got.because


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # the Redbook's claims asked the ways admins ask them, from both sides
        ("can migration traffic of LPM run through the shared ethernet adapter?", "it depends"),
        ("3 VLANs on the SEA pair, ha_mode=auto today. switch to sharing?", "yes"),
        ("just a single VLAN on our SEAs. should we enable load sharing?", "no"),
        ("which is better for us, SEA failover or sharing?", "it depends"),
        ("SSP already built. could we still modify max_transfer on its disks later?", "it depends"),
        ("SSP already built. can we raise queue_depth on the pool disks online?", "no"),
        ("all V7000 luns show up as 'MPIO Other FC SCSI Disk Drive' on the vios. expected?", "no"),
        ("etherchannel under the SEA uses mode=standard and hash_mode=default. fine?", "no"),
        ("LPAR to LPAR copies over the hypervisor LAN crawl at 150 MB/s with mtu 1500. can that be tuned?", "yes"),
        ("we set queue_depth 32 on the vios only, the clients kept 3. good?", "no"),
        ("can I give fcs3 to an AIX 5.3 versioned WPAR with chwpar?", "no"),
        ("5 NPIV clients mapped right now, 40 later. should the vios memory be sized only for the current ones?", "no"),
    ],
)
def test_redbook_claims_by_question_class(engine: ChatEngine, question: str, expected: str) -> None:
    assert _verdict(engine, question) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("our ABAP kernel has no LDR_CNTRL line at all. should we put 64K pages in the profile?", "yes"),
        ("should the SAP kernel run without LDR_CNTRL 64K pages?", None),
        ("pasted the guide's LDR_CNTRL line with TEXTFSIZE=64K into the profile. good to go?", "no"),
        ("P9, AIX 7.2 TL4, AME4K at factor 2.5 and slow dialog steps. would moving to AME64K help?", "yes"),
        ("P7+ with AIX 7.1: would switching from AME4K to AME64K help?", "no"),
        ("amepat ran at night when nothing was running and proposes 3.3. should we follow it?", "no"),
        ("I recorded amepat without -M on our AME64K lpar. can I use its recommendation?", "no"),
    ],
)
def test_guide_claims_by_question_class(engine: ChatEngine, question: str, expected: str | None) -> None:
    assert _verdict(engine, question) == expected


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        # a partition not said to be inactive is one that runs: its idle sharing is off by default
        (("our dedicated lpar sits idle at night. will it hand its idle cycles to the pool by default?",), "no"),
        (("idle capacity of a dedicated lpar that is shut down: shared by default?",), "yes"),
        # vmstat -vc writes the number before "target" and "achieved"
        (("vmstat -vc: 2.5 target memory expansion factor, 2.5 achieved memory expansion factor. all good?",), "yes"),
        (("vmstat -vc says 3.0 target memory expansion factor and 2.2 achieved memory expansion factor. ok?",), "no"),
        # the entitlement of an LPAR is its average use at the peak
        (("lpar runs with entitled capacity 1.0, average physc at peak 4.5. fine?",), "no"),
        # "vios1/vios2" names the VIOS
        (("CAB asks: give the DB lpar weight 255, same as vios1 and vios2. in line with best practice?",), "no"),
        # dotted numbers next to a processor are levels: the follow-up is asked, not asked back
        (("AME64K on POWER7, possible?", "and on P9 running 7.2 TL0?"), "no"),
        (("AME64K on POWER7, possible?", "and on P9 with AIX 7.2 TL3?"), "yes"),
    ],
)
def test_stated_figures_and_levels(engine: ChatEngine, said: tuple[str, ...], expected: str) -> None:
    assert _verdict(engine, *said) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("with AME4K, is disp+work made to use 4K pages even when its profile asks for 64K?", "yes"),
        ("namefs mounts in our wpars: will they be there after a reboot of the global?", "no"),
        ("on a POWER7+ is the HPT sized at 1/128 of max memory for all partitions?", "no"),
        ("POWER7 750: HPT = max memory / 64 for every LPAR?", "yes"),
        # a scene stating that the subject is missing is no "without" condition on the question
        ("the lpar is not running in AME mode yet. can we switch AME on from inside AIX with vmo?", "no"),
        ("AME is on already. can we change the factor without a reboot?", "yes"),
    ],
)
def test_first_probe_batch_classes(engine: ChatEngine, question: str, expected: str) -> None:
    assert _verdict(engine, question) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # "for free" asks the cost, not whether AME frees memory
        ("does AME come for free with a new power box?", "no"),
        ("does AME free physical memory for other lpars?", "yes"),
        # the physical port's WWPN is not "the other one" of a virtual adapter's pair
        ("zoning for npiv: does the vios port WWPN have to go into the zone as well?", "no"),
        ("lpm with npiv: do we have to zone the second WWPN too?", "yes"),
        # a second VIOS pair asked with "need"
        ("prod and test share one E980. is a second VIOS pair needed?", "it depends"),
        # NIB on one virtual switch, and an fcs adapter in a WPAR
        ("plain NIB on a single vswitch, vlan tagging possible?", "no"),
        ("fcs1 is exported to the wpar. can the wpar still be relocated with wpar mobility?", "no"),
    ],
)
def test_second_probe_batch_classes(engine: ChatEngine, question: str, expected: str) -> None:
    assert _verdict(engine, question) == expected


def test_the_64k_advice_states_the_measured_cpu(engine: ChatEngine) -> None:
    """ "should I put 64K pages?" is answered with the figures the advice rests on (Table 1)."""
    reply = Session(engine).say("ABAP kernel on POWER9 runs with default pages, no LDR_CNTRL set. 64K pages advisable?")
    assert reply.verdict is not None and reply.verdict.answer == "yes"
    assert "42%" in reply.answer and "46%" in reply.answer


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # "with default pages" names what the kernel uses; "is 4K the default?" asks the default
        ("our SAP kernel runs with default pages today. should we configure 64K pages?", "yes"),
        ("is 4K the default page size of the SAP kernel on AIX?", "yes"),
    ],
)
def test_default_as_a_kind_is_not_the_default_asked(engine: ChatEngine, question: str, expected: str) -> None:
    assert _verdict(engine, question) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a "y/n" or "or not" tag only says that yes or no is asked; the predicate before it still counts
        ("vios weight 128, same as the client lpars. acceptable y/n?", "no"),
        ("vios weight 200, clients 128. fine or not?", "yes"),
        ("AME turned on for the first time on an lpar: reboot required y/n", "yes"),
    ],
)
def test_a_yes_no_tag_does_not_hide_the_predicate(engine: ChatEngine, question: str, expected: str) -> None:
    assert _verdict(engine, question) == expected
