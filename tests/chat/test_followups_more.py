"""Follow-ups and what-if wording found weak after issue 14: lead-ins ("ok so ..."), a new amount
after a what-if ("and 128 GB?"), amounts given as a whole ("give it 12 GB"), calculators in the
admin's units ("64 gigs"), "how do I check" questions, and a command named with its option."""

from __future__ import annotations

import time

import pytest

from advisor.chat import dialogue
from tests.chat.test_issue14 import Session, sources


@pytest.mark.parametrize("lead_in", ["ok so how do i fix that", "thanks. and the fix?", "cool, how do we fix it"])
def test_a_lead_in_does_not_hide_the_fix_question(engine, lead_in):
    s = Session(engine)
    s.say("What does ZOS-002 check?")
    r = s.say(lead_in)
    assert r.intent == "explain" and "Fix for ZOS-002" in r.answer
    assert "ibm-zos-large-memory-share-2014" in sources(r)


def test_a_bare_amount_after_a_what_if_varies_that_what_if(engine):
    s = Session(engine, "zos-lfarea.json")
    first = s.say("what if we had 64 GB online")
    assert first.intent == "whatif" and "online_storage_gb 16 GB -> 64 GB" in first.answer
    again = s.say("and 128 GB?")
    assert again.intent == "whatif" and "online_storage_gb 64 GB -> 128 GB" in again.answer
    assert "online_storage_gb: 16 GB -> 128 GB" in again.answer  # changes so far, against the document as given
    undone = s.say("undo")
    assert "online_storage_gb: 128 GB -> 64 GB" in undone.answer


def test_and_add_continues_a_what_if_chain(engine):
    s = Session(engine, "aix-ame4k-64k.json")
    s.say("what if we set the factor to 2.8")
    r = s.say("and add 2 GB")
    assert r.intent == "whatif" and "memory.desired_gb 7 GB -> 9 GB" in r.answer


@pytest.mark.parametrize(
    ("document", "message", "expected"),
    [
        ("vios-undersized.json", "make it 12 GB", "memory_gb 4 GB -> 12 GB"),
        ("vios-undersized.json", "give it 8 GB", "memory_gb 4 GB -> 8 GB"),
        ("aix-clean.json", "resize it to 5 GB", "memory.desired_gb 7 GB -> 5 GB"),
        ("aix-clean.json", "what if the factor were 3.5", "ame.expansion_factor 2.0 -> 3.5"),
        ("hpux-superdome.json", "suppose we configure 25% cell local memory", "clm_pct 0% -> 25%"),
        ("hpux-superdome.json", "what if swap was 300 GB", "swap_gb (not set) -> 300"),
    ],
)
def test_what_if_in_words_reads_the_amount_as_a_whole(engine, document, message, expected):
    r = Session(engine, document).say(message)
    assert r.intent == "whatif", r.answer[:200]
    assert expected in r.answer


def test_a_larger_vios_resolves_the_memory_finding(engine):
    r = Session(engine, "vios-undersized.json").say("make it 12 GB")
    assert "Resolved: VIOS-001" in r.answer
    assert "Resolved" not in Session(engine, "vios-undersized.json").say("make it 6 GB").answer


@pytest.mark.parametrize(
    ("message", "number"),
    [
        ("plarea with 64 gigs of online storage?", "7 GB"),
        ("lfarea limit with 1,5 TB online", "1226.8 GB"),  # 0.8 x 1536 - 2
        ("sap instances for 30000 SAPS", "12 to 20"),
    ],
)
def test_calculators_read_the_admins_units_and_phrasing(engine, message, number):
    r = Session(engine).say(message)
    assert r.intent == "calc" and number in r.answer, r.answer[:300]


def test_an_ambiguous_size_is_still_a_question_back(engine):
    r = Session(engine).say("plarea for 12.288 GB online")
    assert r.intent == "clarify" and r.needs_input and not r.calculations


def test_how_to_check_gets_the_method_not_a_question_back(engine):
    r = Session(engine).say("how can we verify the LFAREA size on a running system?")
    assert r.intent != "clarify" and "D VIRTSTOR,LFAREA" in r.answer
    asked = Session(engine).say("is our LFAREA big enough?")  # a judgement still needs the storage
    assert asked.intent == "clarify" and asked.needs_input


def test_a_command_with_its_option_is_covered(engine):
    r = Session(engine).say("what is the -M option of amepat for?")
    assert r.covered and "ibm-aix-ame64k-sap-2023" in sources(r)
    assert "-M" in r.answer


def test_dialogue_patterns_stay_linear_on_hostile_text():
    """The follow-up patterns run on every message (RE2 through advisor.linre)."""
    for tail in (" " * 20000 + "\x00", "ok " * 7000, "and " * 5000 + "x"):
        t0 = time.process_time()
        for pattern in (dialogue._MORE, dialogue._LEAD_IN, dialogue._FIX, dialogue._ELLIPSIS):
            pattern.match("more" + tail)
            pattern.match(tail)
        assert time.process_time() - t0 < 0.5


def test_a_page_size_is_never_taken_for_the_online_storage(engine):
    """'1M fixed frames' once became 0 GB of online storage and an LFAREA limit of 0 GB."""
    r = Session(engine).say("do I need to code LFAREA to get 1M fixed frames?")
    assert not r.calculations and "0 GB on 0 GB" not in r.answer
    assert r.verdict is not None and r.verdict.answer == "yes"
    limit = Session(engine).say("lfarea for 2G pages on a 64 GB lpar?")
    assert "0.8 x (64 - 4) GB = 48 GB" in limit.answer


def test_a_calculation_does_not_borrow_a_verdict_for_another_part_of_the_message(engine):
    r = Session(engine).say(
        "VIOS with four 8 Gb FC ports, 2 x 10Gb ports and 60 NPIV adapters, 20 mapped: "
        "memory, and do unmapped ones count?"
    )
    assert r.intent == "calc" and r.verdict is None
    assert "12240 MB" in r.answer


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        ("can we turn AME on without rebooting?", "no"),
        ("do I need to reboot to change the expansion factor?", "no"),
        ("is ame 64k the default on a p9?", "no"),
        ("amepat dxm is 0, fine?", "yes"),
        ("lparstat shows dxm 512, fine?", "no"),
        ("can I attach 80 client lpars to one npiv port?", "no"),
        ("do both WWPNs need zoning for LPM?", "yes"),
        ("is a single VIOS ok for production?", "no"),
        ("is folding disabled by default on a VIOS upgraded from 1.5?", "it depends"),
        ("is NOPROMPT the default?", "no"),
        ("can pageable 1M pages be in reconfigurable storage?", "yes"),
        ("does SMT work for Linux in a native LPAR?", "no"),
    ],
)
def test_verdicts_follow_the_sources_and_the_phrasing(engine, question, verdict):
    r = Session(engine).say(question)
    assert r.verdict is not None and r.verdict.answer == verdict, r.answer[:200]
    assert r.verdict.citations and r.citations


@pytest.mark.parametrize(
    "question",
    ["does the z13 smt study run the database on z/OS?", "is the sky blue?", "does load sharing drop packets?"],
)
def test_no_verdict_where_no_entry_settles_the_question(engine, question):
    assert Session(engine).say(question).verdict is None


@pytest.mark.parametrize(
    ("word", "term"),
    [("lfraea", "LFAREA"), ("amepta", "amepat"), ("expnasion", "expansion"), ("Itanuim", "Itanium"), ("default", None)],
)
def test_one_typo_from_a_field_term_reads_as_the_term(word, term):
    from advisor.chat.reader.shorthand import key_term

    assert key_term(word) == term


def test_a_misspelt_calculator_topic_still_computes(engine):
    r = Session(engine).say("lfraea max for 80gb")
    assert r.intent == "calc" and "60.8 GB" in r.answer and "62 GB" in r.answer


@pytest.mark.parametrize(
    "question",
    ["oracle on hp-ux async io settings", "jvm heap sizing for websphere on aix", "kubernetes on z/vm"],
)
def test_product_and_platform_words_alone_do_not_make_an_answer(engine, question):
    r = Session(engine).say(question)
    assert not r.covered and not r.citations


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        ("is ame64k ok on power9 with aix 7.2 tl4", "yes"),
        ("is ame64k ok on power9 with aix 7.2 tl0", "no"),
        ("can we use AME64K on P7+?", "no"),
        ("is AME64K ok on P9 with AIX 7.2?", "it depends"),
        ("can i enable ame64k on POWER8 with AIX 7.1 TL5?", "no"),
    ],
)
def test_ame64k_verdict_is_computed_from_processor_and_level(engine, question, verdict):
    r = Session(engine).say(question)
    assert r.verdict is not None and r.verdict.answer == verdict, r.answer[:200]


def test_an_aix_level_follow_up_is_judged_on_its_technology_level(engine):
    s = Session(engine)
    assert s.say("is ame64k ok on power9 with aix 7.2 tl4").verdict.answer == "yes"
    r = s.say("what about aix 7.2 tl0?")
    assert r.verdict is not None and r.verdict.answer == "no" and "TL0" in r.answer


def test_hpt_without_the_os_assumes_aix_and_says_so(engine):
    r = Session(engine).say("whats hpt size for 8 lpars 32gb max each on p8")
    assert r.intent == "calc" and "256 GB / 128 = 2 GB" in r.answer
    assert r.assumptions and r.needs_input and r.calculations[0].result == 2.0


def test_after_a_review_a_platform_follow_up_is_a_what_if(engine):
    s = Session(engine, "zvm-z13.json")
    s.say("review")
    r = s.say("what about a zEC12")
    assert r.intent == "whatif" and 'machine "z13" -> "zEC12"' in r.answer


def test_binding_an_instance_in_words(engine):
    s = Session(engine, "hpux-superdome.json")
    r = s.say("what if we bind D01 to locality domain 1")
    assert r.intent == "whatif" and "sap.instances[1].locality_domain (not set) -> 1" in r.answer
    wrong = s.say("bind D09 to cell 0")
    assert wrong.intent == "clarify" and wrong.needs_input and "D00, D01, D02" in wrong.answer


@pytest.mark.parametrize("message", ["what should I change?", "how do we resolve it", "next steps?"])
def test_asking_what_to_change_gets_the_fix(engine, message):
    s = Session(engine, "aix-ame4k-64k.json")
    s.say("is my ame setup ok?")
    r = s.say(message)
    assert "Fix for AME-001" in r.answer


def test_a_reply_with_cores_and_adapters_keeps_every_adapter(engine):
    """'32 cores, 4 x 8Gb FC, 2 x 10Gb' after a question back once kept only the cores."""
    s = Session(engine)
    assert s.say("is our vios memory ok?").intent == "clarify"
    r = s.say("32 cores, 4 x 8Gb FC, 2 x 10Gb")
    assert "3840 MB" in r.answer and "4096 MB" in r.answer


def test_clm_asks_for_memory_and_shared_memory_then_computes(engine):
    s = Session(engine)
    asked = s.say("how much CLM do we need?")
    assert asked.intent == "clarify" and asked.needs_input
    r = s.say("128 GB box, 24 GB shared memory")
    assert "36.8 GB" in r.answer
    assert "configured" not in r.answer  # no CLM was given: nothing is said about a configured 0 %


def test_hpux_swap_asks_for_memory_and_judges_given_figures(engine):
    assert Session(engine).say("is our swap enough on the hp-ux box?").intent == "clarify"
    r = Session(engine).say("is 200 GB swap enough for 128 GB of RAM on hp-ux?")
    assert r.verdict is not None and r.verdict.answer == "no" and "256 GB" in r.answer


def test_true_memory_without_a_factor_asks_for_it(engine):
    s = Session(engine)
    assert s.say("how much true memory do we need for 40 GB expanded?").intent == "clarify"
    assert "40 / 2.5 = 16 GB true memory" in s.say("2.5").answer


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        ("after upgrading VIOS from 2.1 to 2.2 the vpm_fold_policy is 0, is that a problem", "yes"),
        ("is running AME4K with 64K apps a problem?", "yes"),
        ("is a non-zero dxm a problem?", "yes"),
        ("is a dxm of zero ok?", "yes"),
    ],
)
def test_is_that_a_problem_is_answered_the_right_way_round(engine, question, verdict):
    r = Session(engine).say(question)
    assert r.verdict is not None and r.verdict.answer == verdict, r.answer[:200]


def test_a_z_os_question_gets_no_verdict_from_an_aix_passage(engine):
    """'frames' once matched the AME pattern, and the Db2/AME 'no' answered a z/OS buffer pool question."""
    r = Session(engine).say("our DB2 for z/OS buffer pools are not page fixed, does it matter with 1M frames?")
    assert r.verdict is None and "ibm-zos-large-memory-share-2014" in sources(r)


def test_a_long_ticket_with_terms_of_the_field_is_answered(engine):
    r = Session(engine).say(
        "Ticket #4471 from the SAP basis team: after moving our PRD app servers to the new P10 frame the AME CPU "
        "went up a lot, topas shows EF 3.5/2.9. What should we look at?"
    )
    assert r.covered and "ibm-aix-ame64k-sap-2023" in sources(r)
    assert Session(engine).say("what is the price of an ifl").covered is False


def test_lhea_ports_given_with_the_lhea_are_counted(engine):
    r = Session(engine).say("VIOS memory for 1 LHEA with 2 ports and 3 x 8Gb FC ports")
    assert "1 x 512 MB (LHEA) + 2 x 102 MB (LHEA port)" in r.answer and "3020 MB" in r.answer


@pytest.mark.parametrize(
    "question", ["oracle 12c sga_max_size on an aix 7.1 lpar", "serviceguard quorum server on hp-ux 11.31"]
)
def test_unknown_tunables_and_products_named_only_in_passing_are_not_covered(engine, question):
    r = Session(engine).say(question)
    assert not r.covered and not r.citations


def test_a_bare_number_replaces_the_one_amount_of_the_last_question(engine):
    s = Session(engine)
    s.say("how many sap instances for 32 cores")
    assert "48 cores -> 12 to 24 instances" in s.say("and for 48?").answer
    z = Session(engine)
    z.say("plarea for 64 GB online")
    assert "0.125 x 112 GB = 14 GB" in z.say("and 128?").answer


def test_a_pronoun_follow_up_is_asked_about_the_last_subject(engine):
    s = Session(engine)
    s.say("what is AME")
    r = s.say("how do I switch it on?")
    assert r.covered and "HMC" in r.answer


def test_a_subordinate_clause_before_the_question_keeps_it_yes_no(engine):
    r = Session(engine).say("once AME is enabled can the true memory be changed without a reboot?")
    assert r.verdict is not None and r.verdict.answer == "yes"
    g = Session(engine).say("lparstat -c shows dxm 0 every interval, good?")
    assert g.verdict is not None and g.verdict.answer == "yes"


def test_hpux_memory_given_as_with_n_gb(engine):
    r = Session(engine).say("buffer cache size for an hpux box with 96 GB")
    assert "3% of 96 GB = 2.88 GB" in r.answer
