"""Session 11 (s11-verdicts): yes/no questions by class, the user's figures judged against the sources' thresholds,
each from both sides in words of our own (none is an eval turn)."""

from __future__ import annotations

import pytest

from advisor.chat import ChatEngine
from tests.support.claims import verdict_of


@pytest.fixture(scope="module")
def engine() -> ChatEngine:
    return ChatEngine()


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a list of entitlements is summed before it is compared with the pool (Redbook 3.1)
        ("24 core shared pool, 3 lpars with EC 10, 8 and 9 - fine?", "no"),
        ("24 core shared pool, 3 lpars with EC 10, 8 and 4 - fine?", "yes"),
        ("pool has 16 cores; lpar ECs 4 + 4 + 4 + 6. ok?", "no"),
        ("pool has 16 cores; lpar ECs 4 + 4 + 4 + 2. ok?", "yes"),
        # "over the pool?" asks whether it is over
        ("40 core pool, lpars EC 12 + 12 + 10. over the pool?", "no"),
        ("40 core pool, lpars EC 12 + 12 + 20. over the pool?", "yes"),
        # a count written after its name
        ("VPs=20 on a 16 core shared pool, acceptable?", "no"),
        ("VPs: 12 on a 16 core shared pool, acceptable?", "yes"),
    ],
)
def test_stated_figures(engine, question, expected):
    assert verdict_of(engine, question) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # the stated setup decides: a mismatch the question states breaks "must match"
        ("client num_cmd_elems 2048, vios fcs 1024. fine?", "no"),
        ("num_cmd_elems 1024 on the client and 1024 on the VIOS, ok?", "yes"),
        ("max_xfer_size on the vFC client isn't the same as on the VIOS - acceptable?", "no"),
        # "100 percent" is "100 %": no idle CPU, so no more work processes
        ("CPU pegged at 100 percent, add more dialog WPs?", "no"),
        # a change that takes effect at once asks whether it is dynamic
        ("after setting ame_mpsize_support=1, does it take effect immediately?", "no"),
        ("once AME is on, does a new expansion factor take effect right away?", "yes"),
        # switching AME to 64K pages is the page-size mode
        ("switching AME to 64K pages: reboot needed?", "yes"),
    ],
)
def test_stated_conditions(engine, question, expected):
    assert verdict_of(engine, question) == expected


@pytest.mark.parametrize(
    ("first", "then", "expected"),
    [
        # "attr" names an attribute as "attribute" does: no mtu_bypass, so ifconfig's largesend is what is asked about
        ("our adapter has no mtu_bypass attr. how to get largesend?", "will it survive reboot?", "no"),
        # a bare predicate after an answer that proposed something asks about what it proposed
        ("wpars mount /data from the global over nfs - better way?", "persistent across reboots?", "no"),
        ("command to move AME to 64K pages?", "dynamic?", "no"),
    ],
)
def test_bare_predicate_follow_ups(engine, first, then, expected):
    reply = engine.turn(first, None)
    got = engine.turn(then, reply.state)
    assert got.verdict is not None and got.verdict.answer == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # an AIX release written without "AIX" after a Power processor is the AIX level
        ("power10 with 7.3 - is AME64K enabled by default there?", "yes"),
        ("P9 / 7.2 TL5: AME64K on by default?", "no"),
        # "share idle ..." names the dedicated LPAR's idle sharing
        ("do dedicated lpars share idle processors while active by default?", "no"),
        ("dedicated lpar, share idle procs while powered off - default?", "yes"),
        # a plan the sources say cannot be done is not ok, whatever is recommended of fewer of its subjects
        ("firmware update tonight: we will suspend all lpars and both vios first. ok?", "no"),
        ("suspend the 3 client LPARs, the vios stay up. ok?", "yes"),
        # a capped LPAR that wants more than its entitlement should be uncapped
        ("capped lpar sits at its EC all day long. make it uncapped?", "yes"),
        ("capped lpar hits its EC at every peak - keep it capped rather than uncapped?", "no"),
        # an amepat command line written without -M on an AME64K LPAR
        ("amepat -R /tmp/rec 30 on our AME64K partition, good?", "no"),
        ("amepat -M -R /tmp/rec 30 on our AME64K partition, fine?", "yes"),
    ],
)
def test_question_classes(engine, question, expected):
    assert verdict_of(engine, question) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [("can we set AME to 11.5?", "no"), ("can we set AME to 2.5?", "yes")],
)
def test_factor_after_to(engine, question, expected):
    """ "set AME to 12.0": the number after "AME to" is the expansion factor, judged by the calculator's range."""
    reply = engine.turn(question, None)
    assert reply.verdict is not None and reply.verdict.answer == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a figure that must be zero (amepat's deficit, the virtual Ethernet receive failures), asked either way round
        ("amepat report says Deficit Memory Size (MB) 900 - action needed?", "yes"),
        ("amepat report: Deficit Memory Size 0. do we need to change anything?", "no"),
        ("amepat deficit memory size 300 MB, is our factor ok?", "no"),
        ("netstat -v: Hypervisor Receive Failures 120. issue?", "yes"),
        ("netstat -v: Hypervisor Receive Failures 0, all good?", "yes"),
        # signal 33 is how AIX kills processes when virtual memory runs out
        ("work process got signal 33 on AIX - memory related?", "yes"),
        # placement stated: shadow processes anywhere, both VIOS doing one disk's I/O, ports per "proc"
        ("db shadow processes scattered across cells, fine?", "no"),
        ("one vscsi lun through two vios: do both perform I/O for it?", "no"),
        ("6 x 10GbE ports on an 8-proc server ok?", "no"),
    ],
)
def test_figures_and_placements(engine, question, expected):
    assert verdict_of(engine, question) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # an arrow ends the statement before the question
        ("response times up, dispatcher queue long => more dialog WPs?", "it depends"),
        # the SMT gain was measured on one workload
        ("does every workload gain 40% from SMT on a z13?", "no"),
        # an AIX release after a Power processor, in the AME64K judgement too
        ("power8 / 7.1 - AME64K usable?", "no"),
        ("POWER9 w/ 7.2 TL5: AME64K usable?", "yes"),
        # "are we over?" asks whether it is over
        ("16 core pool; EC 4, 4, 4 and 3. are we over?", "no"),
        ("16 core pool; EC 6, 4, 4 and 3. are we over?", "yes"),
        # "quicker" asks whether it improves; an "online change" whether it is dynamic
        ("is namefs quicker than nfs for wpar file access?", "yes"),
        ("AME4K -> AME64K as an online change?", "no"),
        ("expansion factor 1.4 to 1.8 as a live change?", "yes"),
        # numbered VIOS names are VIOS
        ("we'll suspend vios1 and vios2 along with the clients tonight. fine?", "no"),
    ],
)
def test_batch2_mechanisms(engine, question, expected):
    assert verdict_of(engine, question) == expected
