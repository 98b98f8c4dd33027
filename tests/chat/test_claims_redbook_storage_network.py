"""Verdicts and answers on Redbook 3.6 to 3.10 (vSCSI, SSP, NPIV, SEA and the hypervisor LAN, the 10 Gbit stack, WPARs,
suspend and resume) in words of our own, and the general mechanisms that lane added: two stated settings that must
match, counts spread over ports, the question sentence against the scene before it, device instances and hex values,
levels that are no quantities, netstat counters beside a calculation. None of these phrasings is an eval turn.
"""

from __future__ import annotations

import pytest

from advisor.chat import ChatEngine
from advisor.chat.reader import read
from tests.support.claims import verdict_of


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # 3.6.1 vSCSI: tunables on both sides; internal disk; the client's default queue depth
        ("is it enough to tune queue_depth on the VIO server side only for vscsi disks?", "no"),
        ("we changed max_transfer just on the VIOS, clients untouched, sufficient?", "no"),
        ("queue_depth on my vscsi disks is still the default 3, leave it at that?", "no"),
        # 3.6.3 NPIV: adapter speeds, vendor disk, WWPN pairs and zones, LPM
        ("npiv with 4Gb fc adapters possible?", "no"),
        ("with NPIV will AIX show the native 2145 disk type?", "yes"),
        ("we only zoned the first wwpn, is that sufficient for lpm?", "no"),
        ("can both WWPNs of a vfc adapter be in one zone?", "yes"),
        ("do the two wwpns of one virtual fc need to be zoned together in the same zone?", "no"),
        ("does lpm with npiv lpars need any extra zoning work?", "yes"),
        ("25 partitions on one fc port with npiv, ok?", "yes"),
        # 3.7 SEA and the hypervisor LAN
        ("SEA load sharing - any special configuration on the client side?", "no"),
        ("should LPM go over a different adapter than the SEA?", "yes"),
        ("can I change max_buf_small while ent0 is online?", "no"),
        ("is it possible to enable dcbflush_local without bringing en0 down?", "no"),
        # 3.8 adapter density; 3.9 versioned WPARs
        ("one 10G port per two cores already, can I still put in a 1 gig adapter?", "no"),
        ("is it fine to give an AIX 5.3 versioned WPAR an NPIV adapter?", "no"),
        ("does SSP offer snapshots?", "yes"),
        # second pass: POWER5, mixed LUN sizes, several VLANs, WPAR hosting AIX 5.3, CIO only in the WPAR, suspend time
        ("on POWER5 was virtual SCSI the only method to share disk through a VIOS?", "yes"),
        ("ssp built from a mix of LUN sizes, good idea?", "no"),
        ("two VLANs on plain SEA failover without load sharing - the recommended way?", "no"),
        ("single VLAN, is SEA failover the preferred method?", "yes"),
        ("could a wpar on AIX 7.1 run AIX 5.2?", "yes"),
        ("is DIO possible for a wpar mount without turning it on in the global aix?", "yes"),
        ("does a larger lpar take longer to resume?", "yes"),
        # third pass: wrong or missing verdicts found by a batch of our own
        ("is the physical fc port wwpn required in the npiv zone?", "no"),
        ("should I ping the router virtual IP for the SEA netaddr?", "no"),
        ("vscsi cdrom on an adapter with disks tuned to 1MB max_transfer, problem?", "yes"),
        ("is the SEA failover control channel needed for NIB?", "no"),
        ("is ISNO enabled by default?", "yes"),
        ("are namefs mounts mounted before the /wpars file systems at boot?", "no"),
        ("does the wpar start script have to exist before chwpar -u?", "yes"),
        ("apart from LRO does the 10gbit config apply to 1 gbit too?", "yes"),
    ],
)
def test_statements_of_the_sections_asked_in_other_words(engine: ChatEngine, question: str, expected: str) -> None:
    assert verdict_of(engine, question) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # two settings that must match (client against VIOS), in decimal or hex, either way round
        ("npiv client has num_cmd_elems 2048 but the vio server fcs only 1024 - issue?", "yes"),
        ("num_cmd_elems is 512 on the vios and 512 on the client lpar, fine?", "yes"),
        ("client max_xfer_size=0x200000 while vios1 has 0x100000. acceptable?", "no"),
        ("vios hdisk queue_depth 32, client vscsi disk queue_depth 3. ok?", "no"),
        # a level between the device and its value is no setting ("VIOS 3.1")
        ("AIX client num_cmd_elems 512 and VIOS 3.1 num_cmd_elems 512, good?", "yes"),
        # counts spread over ports: evenly, and each within the 64-client limit
        ("30 npiv lpars on fcs0, 4 on fcs2. is that a good spread?", "no"),
        ("fcs0 has 21 clients and fcs1 has 19, ok?", "yes"),
        ("66 clients on fcs0 and 64 on fcs1 via npiv, fine?", "no"),
    ],
)
def test_settings_that_must_match_and_counts_spread_evenly(engine: ChatEngine, question: str, expected: str) -> None:
    assert verdict_of(engine, question) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # the sentences before the question set the scene: "shows up" / "logged in" there is no predicate asked
        ("We only see one WWPN logged in on the switch. Should the other one be zoned too?", "yes"),
        ("The fabric shows just one wwpn for the vfc adapter. Do we have to zone the second WWPN as well?", "yes"),
        # a short tag after the statement still asks about the statement as a whole
        ("thinking about AME factor 4.7 for a prod S/4 app server to save RAM. safe?", "no"),
        # "both" read as "2" by the reader is still both
        ("classic SEA failover: does traffic go through both vios at once?", "no"),
        ("may both wwpns of a vfc adapter share one zone?", "yes"),
    ],
)
def test_the_question_sentence_asks_the_scene_before_it_does_not(
    engine: ChatEngine, question: str, expected: str
) -> None:
    assert verdict_of(engine, question) == expected


def test_a_device_instance_or_hex_value_is_no_unknown_term(engine: ChatEngine) -> None:
    """ "hdisk2", "0x100000": the sources name the device type and the attribute, the question its own instance and
    value; neither makes the question one about something the sources never discuss."""
    for question in (
        "hdisk2 is a vscsi disk on the client with queue_depth 3. leave it?",
        "client max_xfer_size=0x100000 and vios1 max_xfer_size=0x100000, fine?",
    ):
        reply = engine.turn(question)
        assert reply.covered and reply.verdict is not None, question
        assert reply.intent == "ask", question  # "max_xfer_size" asks no VIOS memory size: no question back


def test_a_dotted_level_is_no_number_to_ask_about(engine: ChatEngine) -> None:
    """ "vios 2.2.6", "2.2.1.3": a level, never "I cannot read the number"; "1.234.567" stays a thousands number."""
    assert not read("npiv on 4gb fc cards, doable? (vios 2.2.6)").problems
    assert not read("is SSP supported on VIOS 2.2.1.1?").problems
    assert read("vios memory for 1.234.567 MB").of_kind("size")
    reply = engine.turn("npiv on our old 4 gig fc cards, doable? (vios 2.2.6.10)")
    assert reply.intent == "ask" and reply.verdict is not None and reply.verdict.answer == "no"


def test_a_netstat_counter_beside_the_buffer_figures_is_no_unplaced_number(engine: ChatEngine) -> None:
    reply = engine.turn("huge pool: Max Allocated 64, Max Buffers 64, Hypervisor Receive Failures 912. what to change?")
    assert reply.intent == "calc" and "max_buf_huge=128" in reply.answer
    # a bare number that counts nothing named is still asked about
    asked = engine.turn("huge pool: Max Allocated 64, Max Buffers 64 and 912. what to change?")
    assert asked.needs_input


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a VIOS level's digits are no count of VIOS ("2.2.0.10" is no "2 VIOS"); the level itself still decides
        ("ssp on vios 2.2.0.10?", "no"),
        ("SSP supported on vios 2.2.3.4?", "yes"),
        ("we run 2 VIOS, good practice?", "yes"),
        # "suspend with VIOS 2.2" names the level, "suspend the VIOS" the partition
        ("LPAR suspend with VIOS 2.2.1.4 possible?", "yes"),
        ("LPAR suspend with VIOS 2.1.3 possible?", "no"),
        ("can we suspend both VIOS before the power cycle?", "no"),
    ],
)
def test_a_vios_level_is_no_count_and_no_suspended_vios(engine: ChatEngine, question: str, expected: str) -> None:
    assert verdict_of(engine, question) == expected


def test_a_subject_that_opens_with_a_mark_matches_as_typed() -> None:
    """ "-o cio", "/wpars", "-R": a subject alternative opening with a mark matched nowhere behind a space before
    (the word boundary every alternative opened with needs a letter before it)."""
    from advisor.knowledge.claims import _subject

    subject = _subject("amepat|-R\\b|/wpars|AME")
    for text in ("amepat -R 10", "mounted under /wpars/aix71wp", "the AME factor"):
        assert subject.search(text), text
    assert not subject.search("amepatch") and not subject.search("-Rx")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # every number stated against a limit must keep it, not only the first
        ("NIB with vios1 at 48% and vios2 at 55% busy, ok?", "no"),
        ("NIB, vios1 40% and vios2 45% busy. fine?", "yes"),
        # clients per port, with or without an article before the port
        ("is 30 clients per npiv port too many?", "no"),
        ("our vios runs 70 npiv clients per fc port. Too much?", "yes"),
    ],
)
def test_every_stated_number_is_held_against_the_limit(engine: ChatEngine, question: str, expected: str) -> None:
    assert verdict_of(engine, question) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # every port's count is held to the others, not only the first two
        ("fcs0 has 20 clients, fcs1 has 20, fcs2 has 2. balanced?", "no"),
        ("20 npiv clients on fcs0, 20 on fcs1 and 60 on fcs2 - ok?", "no"),
        ("npiv: 12 on fcs0, 12 on fcs1 and 11 on fcs2, good?", "yes"),
    ],
)
def test_every_port_count_is_held_to_the_others(engine: ChatEngine, question: str, expected: str) -> None:
    assert verdict_of(engine, question) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("vscsi client disk has queue_depth 3. should we raise it?", "yes"),
        ("should I increase queue_depth on my vscsi client disks?", "yes"),
        ("queue depth still at the default 3 on the vscsi client disks, should we bump it up?", "yes"),
        ("vscsi client disk has queue_depth 3. leave it?", "no"),
        ("is the default queue_depth of 3 ok for vscsi disks?", "no"),
        ("should we lower queue_depth on the vscsi disk?", None),
    ],
)
def test_raising_the_default_queue_depth_is_yes_keeping_it_is_no(
    engine: ChatEngine, question: str, expected: str | None
) -> None:
    """Both sides of one statement (3.6.x: a vSCSI disk's default queue_depth of 3 is too low in most cases): asked
    as "keep it?" the answer is no, asked as "raise it?" yes, never the keep-claim's no for a raise."""
    assert verdict_of(engine, question) == expected
