"""Session 9's census of the Redbook chapter 3 and the 2023 AME64K guide: the claim matcher's general mechanisms and
the claims added, each from both sides in words of our own (none is an eval turn)."""

from __future__ import annotations

import pytest

from advisor.chat import ChatEngine
from tests.support.claims import verdict_of


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a ratio's numerator and the server model after a processor generation are no figure of the claim
        ("POWER7+ box with only Linux and AIX partitions: is the HPT sized at 1:128 of max memory?", "yes"),
        ("Power 750 (POWER7): is the HPT 1/128 of max memory?", "no"),
        ("P7 780 - HPT = max mem / 64?", "yes"),
        # asked of the usual case, the rule answers before the claim that it depends
        ("is one pair of VIO servers usually enough, even on a 795?", "yes"),
        ("is one pair of VIO servers enough on our 795?", "it depends"),
        # claims that disagree: the one whose subject the question sentence itself names speaks
        ("should the vios be capped or uncapped? ours are uncapped, fine?", "yes"),
        ("vio servers: capped or uncapped? we made them capped, good?", "no"),
        # a term's other phrasings (predicates.yaml `terms`) and the ", or?" tag
        ("the 4K flavour of AME with 64K LDR_CNTRL pages in the SAP profile - recommended?", "no"),
        ("AME in 4k mode while the SAP kernel asks for 64K pages. that is ok, or?", "no"),
        # "only some ports" asks per port
        ("on brocade, npiv only for selected ports possible?", "yes"),
        ("cisco fabric: can we enable NPIV only on the two ports of the VIOS?", "no"),
        # a statement that the CPUs do no work, tagged "right?"
        ("so the P7+ partition's processors don't do anything for AME any more, right?", "no"),
        # an LPAR above its entitlement should be uncapped
        ("the batch lpar keeps running above its entitlement at peak, leave it capped?", "no"),
        # compressing 64K pages on POWER7 (the 2013 Redbook), by default and as advice
        ("AIX 6.1 on POWER7 - should we turn on AME compression of 64K pages?", "no"),
        ("does AME on P7 with AIX 7.1 compress 64KB pages by default?", "no"),
        # a fragment naming all three subjects of a statement asks whether it holds, whatever its verb
        ("ame factor of 1.0 = nothing compressed?", "yes"),
        ("IBM i lpars on a POWER7+: HPT divided by 128?", "no"),
        # a claim naming more of the question refines an obstacle about the same thing
        ("migrated our vios from an old level, might processor folding still be active?", "yes"),
        ("is processor folding supported on a vio server?", "no"),
        # "does it need changing?" asks whether the stated value must change
        ("vios2 has vpm_fold_policy = 4. does that need changing?", "no"),
        ("vios1 has vpm_fold_policy = 1. does that need changing?", "yes"),
        # "needs no X" asks the reverse of "needs X"
        ("network interface backup needs no special setup on the client lpars, correct?", "no"),
        # "eat a lot of CPU" asks the cost; "consume more than its VPs" does not
        ("10 gig SEAs on the vio server - do they burn a lot of cpu?", "yes"),
        ("uncapped partition: can it ever consume more than its VPs?", "no"),
        # census claims: per LPAR, the factor's ends, amepat, the hot set, IVM, SSP, NPIV, network
        ("is AME switched on per partition?", "yes"),
        ("does AME have to run on every lpar of the server?", "no"),
        ("can we hand the memory AME saves on one lpar to another lpar?", "yes"),
        ("is amepat there on AIX 6.1 TL2?", "no"),
        ("amepat recording mode preferable to foreground runs?", "yes"),
        ("amepat keeps flip-flopping between 8.0 and 1.5 - should we shrink the lpar first?", "yes"),
        ("are compressed 16M pages possible?", "no"),
        ("our hot data is small and most memory is rarely touched. good for AME?", "yes"),
        ("IVM managed box - can we run two VIO servers?", "no"),
        ("does SSP include snapshots?", "yes"),
        ("with virtual FC, is the SDDPCM driver installed on the client lpar?", "yes"),
        ("SEA with the VIOS IP on it: if the SEA fails, is the VIOS unreachable?", "yes"),
        ("bump the huge buffers now, before max allocated ever reaches max buffers?", "no"),
        ("is LACP 8023ad the suggested mode for the aggregation under the SEA?", "yes"),
        ("one 10GbE port for every core of the box, ok?", "no"),
        ("mtu_bypass attribute on AIX 7.1 SP0?", "no"),
        # "lower overhead than" asks the reverse of "more overhead than"
        ("does AME64K have lower CPU overhead than AME4K?", "yes"),
        ("is AME4K lighter on CPU, i.e. less overhead than AME64K?", "no"),
        # "off" of the subject's own words ("powered off") does not flip a default
        ("idle capacity of a dedicated lpar that is powered off: shared by default?", "yes"),
        ("idle sharing for a running dedicated partition: on out of the box?", "no"),
        # "side effect?" and "bug?" ask whether something is wrong
        ("any side effects if we run AME4K with SAP configured for 64K pages?", "yes"),
        ("lparstat -c dxm stays 0 all week. a bug?", "no"),
        ("any side effect of giving the lpar a huge maximum memory?", "yes"),
        # the setting itself asked on Power10 with AIX 7.3 and elsewhere
        ("Power10 with AIX 7.3: do I have to set ame_mpsize_support by hand?", "no"),
        ("POWER9, AIX 7.2 TL5: must I change ame_mpsize_support myself for AME64K?", "yes"),
        ("fresh VIOS 3.1 install: do I need to disable processor folding myself?", "no"),
        # census claims of the guide and 3.9-3.10
        ("can we get rid of an AME deficit without a reboot?", "yes"),
        ("does topas show the target and actual expansion factor?", "yes"),
        ("AME4K: does it force all applications onto 4K pages?", "yes"),
        ("was dedicated more efficient than shared processors in the redbook test?", "no"),
        ("can chwpar -u run a script when the wpar starts?", "yes"),
        # a stated level judged against the source's minimum, to the service pack
        ("Active Memory Deduplication on AIX 7.1 TL1 SP0 - possible?", "no"),
        ("Active Memory Deduplication on AIX 7.1 TL1 SP3 - possible?", "yes"),
        ("can we suspend a client lpar with VIOS 2.2.0.10?", "no"),
        ("can we suspend a client lpar with VIOS 2.2.1.4?", "yes"),
        # a four-part level in a question about a VIOS is the VIOS's level
        ("our vio server was installed from 2.1.0.10. is folding already off by default?", "no"),
        ("our vio server was installed from 2.2.3.1. is folding already off by default?", "yes"),
        # a stated level below the minimum settles a plan even when another stated figure is met
        ("dedup on POWER7 with firmware 760 and AIX 6.1 TL6 - supported?", "no"),
        ("dedup on POWER7 with firmware 760 and AIX 6.1 TL8 - supported?", "yes"),
        # "set anything" asks whether the AME64K setting is needed
        ("Power10, AIX 7.3 TL1: anything to configure to get AME64K?", "no"),
        # leaving AME64K at 1.0 to gather amepat data is no blind take-over of amepat's factor
        ("fine to leave AME64K at factor 1.0 for a week just to gather amepat data?", "yes"),
        # the number before "a valid factor" is the factor
        ("is 11.5 a valid AME expansion factor?", "no"),
        ("is 3.25 an allowed expansion factor?", "yes"),
        # a zero most of the time and a deficit at the peak is not fine
        ("dxm is 0 all day but jumps to 800 at the nightly batch. ok?", "no"),
        # a failure at a level below the minimum is expected
        ("amepat -O proc=P7+ fails with a usage error on AIX 6.1 TL6. is that expected?", "yes"),
        # census after the second probe batch
        ("does the NX unit serve only AME compression?", "no"),
        ("is the P7+ coprocessor used for JFS2 encryption as well?", "yes"),
        ("with two vio servers, can we update them 1 at a time without a client outage?", "yes"),
        ("virtual scsi disks for an IBM i partition from storage without 520 byte sectors - possible?", "yes"),
        ("queue_depth raised on the vio server only, the clients kept the default. relevant?", "yes"),
        ("plain SEA failover: is the standby VIOS bridging any traffic as long as the primary is fine?", "no"),
        ("lpar answers ssh while the HMC still shows resuming. ok to start SAP?", "no"),
        ("should namefs be mounted ahead of the /wpars filesystems?", "no"),
        ("AME factor 3.8 for the productive SAP app servers - safe?", "no"),
        ("is 2 GB per 16 cores a reasonable starting point for vios memory?", "yes"),
        ("can we adjust ame_maxfree_mem on our own?", "no"),
    ],
)
def test_verdicts(engine: ChatEngine, question: str, expected: str) -> None:
    assert verdict_of(engine, question) == expected


def test_io_in_capitals_is_no_unknown_product(engine: ChatEngine) -> None:
    """ "IO" written in capitals is I/O, not a thing the sources do not cover."""
    reply = engine.turn("vscsi with two VIO servers: is one LUN's IO load balanced across both?")
    assert reply.intent != "out-of-scope"
    assert reply.verdict is not None and reply.verdict.answer == "no"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("weight 128 for vios and 200 for clients ok?", "no"),
        ("weight 255 for both vios and 128 for the lpars, fine?", "yes"),
        ("uncapped weight 200 for the 2 VIO servers, 128 for everything else. good?", "yes"),
    ],
)
def test_a_weight_written_before_for_the_vios_is_the_vios_weight(
    engine: ChatEngine, question: str, expected: str
) -> None:
    assert verdict_of(engine, question) == expected


def test_a_sum_of_entitlements_is_not_one_uncapped_lpar(engine: ChatEngine) -> None:
    """The outright "an uncapped LPAR may exceed its entitlement" does not answer a question about their sum."""
    reply = engine.turn("all our lpars are uncapped. may the total of their entitlement be more than the pool's cores?")
    assert reply.verdict is None or reply.verdict.answer == "no"


@pytest.mark.parametrize(
    ("said", "read_as"),
    [("the hw compression accelerator", "hardware"), ("hw do I check it", "how"), ("hw much memory", "how")],
)
def test_hw_is_hardware_unless_it_asks_how(said: str, read_as: str) -> None:
    from advisor.chat.reader import read

    assert read(said).text.split()[0 if said.startswith("hw") else 1] == read_as
