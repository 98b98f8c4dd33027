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
