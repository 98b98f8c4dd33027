"""The claim matcher's general mechanisms of session 8, each from both sides in words of our own (none is an eval turn):
a stated setup that breaks a rule (`breach`), a tag asking whether the stated setup is the problem ("matter?",
"related?"), the rule asked rather than the numbers ("must they match?"), a plan with one impossible part, claims that
hold only on levels the question does not give, "they" pointing back at the stated numbers, and a follow-up pointing
at what the last answer proposed.
"""

from __future__ import annotations

import pytest

from advisor.chat import ChatEngine
from advisor.chat.judge import claim_verdict
from advisor.chat.reader import read
from tests.support.claims import verdict_of


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a stated setup that breaks the rule, judged as described ...
        ("we zoned just one WWPN per virtual FC adapter, the active one. will partition mobility work?", "no"),
        ("LPM dies on the NPIV guests; storage zoned only the logged-in WWPN. could that be the cause?", "yes"),
        ("only the visible WWPN of each vfc is zoned. good enough for live partition mobility?", "no"),
        ("the shared storage pool is up and running; can I raise queue_depth on its LUNs online?", "no"),
        ("existing SSP: ok to set max_transfer on the pool disks now?", "no"),
        # ... and the rule itself asked, which the claim answers as written
        ("for LPM with NPIV do we need to zone both WWPNs?", "yes"),
        ("our ssp is already built. should queue_depth be set on the LUNs before the pool is created?", "yes"),
        # a tag asking whether what is stated matters or is the cause; the rule asked ("do they have to be the same?")
        ("client vfc max_xfer_size 0x200000 but vios fcs 0x100000. does that matter?", "yes"),
        ("num_cmd_elems 2048 on the client, 1024 on the vios - relevant?", "yes"),
        ("client 1024 vs vios 500 num_cmd_elems, do they have to be the same?", "yes"),
        ("EC 2 with 32 VPs and the lpar takes ages to get cores at 8am. coincidence?", "no"),
        # a plan with one part that is ruled out
        ("PowerVM Express on a POWER7: can we use AMS?", "no"),
        ("AMD with PowerVM Standard on P7 firmware 760 possible?", "no"),
        ("AMD on P7 firmware 760 possible?", "yes"),
        ("for the maintenance we suspend the clients and both VIO servers - is that possible?", "no"),
        # "they" points back at the stated numbers
        ("EC of all lpars in the pool adds up to 20, pool is 16 cores. is that fine given they're all uncapped?", "no"),
        ("EC of all lpars in the pool adds up to 12, pool is 16 cores. fine since they are uncapped?", "yes"),
        # statements the source settles (3.1, 3.2.3, 3.2.7, 3.6.3)
        ("lpar max mem 1 TB on a 128G partition to avoid a profile change ever. good plan?", "no"),
        ("is idle capacity sharing of a dedicated lpar switched on by default while it runs?", "no"),
        ("mostly file server cache on this lpar. would AME bring much?", "no"),
        ("oracle batch with AME at factor 3 - will it run dramatically slower?", "no"),
        ("fcs1 on vios2 carries 40 virtual FC clients. within limits?", "yes"),
        ("fcs1 on vios2 carries 90 virtual FC clients. within limits?", "no"),
        ("disks on the vios all show as MPIO Other FC SCSI Disk Drive. issue?", "yes"),
        # a setting's value read where it stands ("on our vio server is 0"); whether it has to change
        ("vpm_fold_policy on our vio server is 0 - leave it?", "no"),
        ("firmware of the 770 is 720. can we use AMD?", "no"),
        ("schedo on vios1 shows vpm_fold_policy=4, anything to fix?", "no"),
        ("vpm_fold_policy on vios2 shows 0. do I need to change anything?", "yes"),
        # weights of numbered VIO servers; Max Allocated against Max Buffers; VPs set to the average
        ("the vio1/vio2 weights are 255 and the lpars 200 - good?", "yes"),
        ("vios1 and vios2 weight 100, prod lpars 200. ok?", "no"),
        ("huge buffers: max allocated 128, max buffers 128. should i increase them?", "yes"),
        ("small buffers max allocated 300 of max buffers 2048. bump max_buf_small?", "no"),
        ("desired virtual processors set to the average physc of the day - right way?", "no"),
        # the physical WWPN zoned with the clients'; the NX unit's order; what AME cannot compress
        ("our SAN guy zoned the physical WWPN of fcs0 together with the client vWWPNs. any issue?", "yes"),
        ("nx unit: do lpars with bigger entitlement get served first?", "no"),
        ("is NX access first come first served?", "yes"),
        ("with NX on P7+, is it still the partition's own cores that move pages between the pools?", "yes"),
        ("lots of 16MB pages in this lpar - will AME give us the full benefit?", "no"),
        ("app holds gzip archives in memory. good candidate for AME?", "no"),
        ("AME is part of PowerVM Enterprise, isn't it?", "no"),
        ("turning AME on for the first time, possible with no reactivation of the lpar?", "no"),
    ],
)
def test_verdicts(engine: ChatEngine, question: str, expected: str) -> None:
    assert verdict_of(engine, question) == expected


def test_breach_needs_the_rule_broken(engine: ChatEngine) -> None:
    """Naming the subject without the breach gives the breach claim no say."""
    got = claim_verdict(engine.kb.claims, read("we zoned both WWPNs of every vfc adapter. will LPM work?"))
    assert got is None or got.claim.id != "npiv-lpm-one-wwpn-zoned"


def test_follow_up_points_at_what_the_answer_proposed(engine: ChatEngine) -> None:
    """ "that mount" is the namefs mount the answer put forward, which the question before did not name."""
    first = engine.turn("need a global fs inside a wpar, nfs or something else?")
    then = engine.turn("will that mount come back after the global reboots?", first.state)
    assert then.verdict is not None and then.verdict.answer == "no"
    assert "namefs" in then.answer


def test_the_title_lends_no_figures(engine: ChatEngine) -> None:
    """A follow-up asking for figures gets no verdict from numbers in the last answer's title."""
    first = engine.turn("explain the ame safety net idea")
    then = engine.turn("the numbers in their example?", first.state)
    assert then.verdict is None


@pytest.mark.parametrize(("second", "expected"), [("and on 2.2.3.0?", "yes"), ("and 2.2.1.0?", "no")])
def test_a_bare_level_after_a_vios_level_is_a_vios_level(engine: ChatEngine, second: str, expected: str) -> None:
    first = engine.turn("shared storage pool on VIOS 2.2.1.1 - supported?")
    then = engine.turn(second, first.state)
    assert then.verdict is not None and then.verdict.answer == expected
