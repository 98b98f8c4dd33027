"""Yes/no verdicts on statements of the 2023 AME64K guide and the HP-UX KOD webcast, asked in admins' words.

Each statement is asked from both sides (and, where it applies, with numbers that fall inside and outside the
source's relation), in phrasings written for this test, not taken from an eval part. Also covered: the mechanisms
these needed, each general: a statement followed by its question asks in the question ("CPU pegged. should we add
WPs?"), the last sentence of a statement may be an imperative ("... no headroom. add work processes?"), a closing
sentence that points back at the stated numbers ("is this the recommended layout?") asks about them, and a
comparison may be a range ("one instance per 2 to 4 cores").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from advisor.chat import ChatEngine
from advisor.chat.judge import asked_part
from advisor.knowledge.claims import load_claims
from advisor.knowledge.passages import KnowledgeError
from tests.support.claims import verdict_of


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # amepat's recommendation is verified with the real workload before production (appendix)
        ("amepat proposes 3.3, can we put that straight into prod?", "no"),
        ("shall we blindly follow the amepat recommendation of 4.1?", "no"),
        ("do we have to test the factor amepat suggests before using it?", "yes"),
        ("can i use amepats proposed factor without verifying it first?", "no"),
        # AME4K forces 4K pages; AME64K keeps them (AME4K and SAP / AME64K and SAP)
        ("ame_mpsize_support is 0 and LDR_CNTRL asks for 64K: do we get the benefit of 64K pages?", "no"),
        ("under AME64K, are the sap kernel's 64K pages actually kept at 64K?", "yes"),
        ("under AME4K do the 64K pages of disp+work really stay 64K?", "no"),
        ("we keep AME4K at factor 1.0 on a power8, harmless?", "no"),
        # the real memory saved goes to other partitions (Cost savings)
        ("does AME free real memory for other partitions on the server?", "yes"),
        # TEXTFSIZE is a misprint of TEXTPSIZE
        ("is TEXTFSIZE=64K right in the LDR_CNTRL line?", "no"),
        ("LDR_CNTRL=DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K, is that correct?", "yes"),
        # Table 1: 64K pages lower CPU without AME; Table 4: AME4K hurt SAPS and response time at 2.8
        ("no AME on the box: will 64k pages for the SAP kernel help?", "yes"),
        ("at factor 2.8 did response times get worse with AME4K in the benchmark?", "yes"),
        # topas EF[T/A]: the actual factor should reach the target
        ("topas shows EF[T/A] 3.0/2.4, should I worry?", "yes"),
        ("topas shows EF[T/A] 3.0/2.4. is that a problem?", "yes"),
        ("EF[T/A] 2.0/2.0 in topas, is that ok?", "yes"),
        ("target factor 2.5, actual factor 2.5, fine?", "yes"),
        # lparstat -c's message when AME is off (Initial Test Setup)
        ("lparstat -c says the system is not running in AME memory mode - so AME is disabled?", "yes"),
        ("lparstat -c says system is not running in AME memory mode. does that mean AME is active?", "no"),
        # ST06 shows AME metrics inside SAP
        ("can our basis admins see the AME deficit from SAP GUI without shell access?", "yes"),
        # HP: work processes only with idle CPU and memory headroom; more smaller instances
        ("CPU pegged at 98% and dialog response is slow. should we add more WPs?", "no"),
        ("users complain and response is slow. CPUs at 100%. add 10 dialog work processes?", "no"),
        ("configure lots of work processes just in case?", "no"),
        ("a single large SAP instance for the whole 16-core server, good idea?", "no"),
        ("we run 6 SAP instances on 16 cores, is that in line with HP?", "yes"),
        ("3 instances on 32 cores. is this how HP recommends it?", "no"),
        ("20 instances on 16 cores, fine?", "no"),
        # all-interleaved memory: move to CLM, never to ILM
        ("our superdome runs 100% interleaved memory, should we change that?", "yes"),
        ("should we change the rx8640 to 100% interleaved memory?", "no"),
        # SAP ABAP app servers benefit; not a Java stack; factor 1.0 saves nothing; 4.7 waited on the compression unit
        ("is AME a good idea for our NetWeaver ABAP app servers?", "yes"),
        ("is AME a good idea for our SAP Java app servers?", "no"),
        ("does AME64K at factor 1.0 free any memory?", "no"),
        ("at factor 4.7 was there CPU wait for the compression unit?", "yes"),
        # buffer cache tunable as a bare percentage; the pthread patches are 11i v2 patches
        ("dbc_max_pct = 2 on the SAP server, ok?", "yes"),
        ("dbc_max_pct set to 10, acceptable?", "no"),
        ("is PHCO_36323 required on 11i v3?", "no"),
        ("is PHCO_36323 required on 11i v2?", "yes"),
    ],
)
def test_statements_of_the_two_sources(engine: ChatEngine, question: str, expected: str | None) -> None:
    assert verdict_of(engine, question) == expected, question


def test_a_statement_and_its_question_keep_their_sentence_end() -> None:
    # the predicate is read in the question; "bad" in the statement does not turn it round
    assert asked_part("response is bad and CPUs are pegged. should we add WPs?") == (
        "response is bad and CPUs are pegged. should we add WPs?"
    )
    assert asked_part("what should we change, and does it need a reboot?") == "and does it need a reboot?"


def test_a_range_comparison_is_loaded_and_checked(tmp_path: Path) -> None:
    good = tmp_path / "claims.yaml"
    good.write_text(
        "predicates: {recommend: {same: ['ok']}}\n"
        "claims:\n"
        "  - {id: x, about: ['instances?', 'cores?'], says: recommend, holds: 'yes', because: b, passage: p,"
        " figure_only: true, compare: [{left: '(\\d+) instances', right: '(\\d+) cores', relation: between,"
        " factor: 0.25, upto: 0.5, label: l}]}\n",
        encoding="utf-8",
    )
    claims = load_claims({"p"}, good)
    inside = claims.verdict("4 instances on 12 cores ok?")
    below = claims.verdict("2 instances on 12 cores ok?")
    above = claims.verdict("7 instances on 12 cores ok?")
    assert (inside and inside.answer, below and below.answer, above and above.answer) == ("yes", "no", "no")
    bad = tmp_path / "bad.yaml"
    bad.write_text(good.read_text(encoding="utf-8").replace(", upto: 0.5", ""), encoding="utf-8")
    with pytest.raises(KnowledgeError):
        load_claims({"p"}, bad)


def test_switching_a_named_partition_to_ame64k_asks_for_its_levels_first(engine: ChatEngine) -> None:
    # AME64K needs POWER8+ and AIX 7.2 TL1+: unknown levels are asked for, never guessed; the reply resumes it
    first = engine.turn("can we move our ECC app lpar over to AME64K?")
    assert first.needs_input and first.verdict is not None and first.verdict.answer == "it depends"
    yes = engine.turn("power9, aix 7.2 tl5", first.state)
    assert yes.verdict is not None and yes.verdict.answer == "yes", yes.answer[:200]
    first = engine.turn("can we migrate the SAP dialog instance partition to AME64K?")
    no = engine.turn("POWER7+ with AIX 7.1", first.state)
    assert no.verdict is not None and no.verdict.answer == "no", no.answer[:200]
    # asked why, not whether: the reason from the guide, no question about our levels
    why = engine.turn("why keep AME64K at factor 1.0 at all?")
    assert not why.needs_input and "amepat" in why.answer
