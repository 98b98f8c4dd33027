"""Follow-ups as people outside the team type them: fragments of the last question, numbers that
must land in the right place (or be asked about), questions about the session's document, and a
change named without a verb. The safe answer for what cannot be placed is a question back."""

from __future__ import annotations

from tests.chat.test_issue14 import Session, sources

REDBOOK = "ibm-powervm-virtualization-redbook"


def test_a_fragment_is_asked_with_the_question_it_continues(engine):
    s = Session(engine)
    s.say("whats the max expansion factor i can set for ame")
    r = s.say("and the minimum?")
    assert r.covered and REDBOOK in sources(r) and "1.0" in r.answer


def test_a_one_word_follow_up_refused_alone_is_read_in_context(engine):
    s = Session(engine)
    s.say("should vios be dedicated or shared processors")
    r = s.say("uncapped?")
    assert r.covered and REDBOOK in sources(r) and "uncapped" in r.answer


def test_an_unknown_product_after_an_in_scope_question_stays_not_covered(engine):
    s = Session(engine)
    s.say("whats the max expansion factor i can set for ame")
    for message in ("what about exadata?", "and weblogic?", "how about kubernetes"):
        r = s.say(message)
        assert not r.covered and not r.citations, message


def test_a_new_factor_replaces_the_factor_not_the_memory(engine):
    s = Session(engine)
    first = s.say(
        "amepat recommends 2.5 for our ecc app server, lpar is 32gb true mem. how much expanded mem will sap see?"
    )
    assert [c.result for c in first.calculations] == [80.0]
    r = s.say("and at 3.0?")
    assert [c.result for c in r.calculations] == [96.0] and "80 GB" not in r.answer


def test_a_number_with_no_place_in_the_last_question_is_asked_about_not_answered(engine):
    s = Session(engine)
    s.say("LFAREA=(1M=20%,2G=4) on a 64G lpar - valid?")
    r = s.say("and with 12?")
    assert r.intent == "clarify" and r.needs_input and not r.citations and not r.calculations


def test_more_adapters_after_a_sizing_are_added_to_it(engine):
    s = Session(engine)
    s.say("how much memory does my vios need? 24 cores, 4x 8gb fc, 2x 10g eth")
    r = s.say("what if i add 40 npiv clients?")
    assert {c.name: c.result for c in r.calculations}["vios_memory.required"] == 9440
    s = Session(engine)
    s.say("vios mem?")
    s.say("32 cores")
    r = s.say("4 FC ports and 2 x 10Gb eth")
    results = {c.name: c.result for c in r.calculations}
    assert results["vios_memory.complex_io"] == 3840 and results["vios_memory.required"] == 4096


def test_short_questions_about_the_sessions_document_are_judged_on_it(engine):
    s = Session(engine, "vios-undersized.json")
    s.say("check my vios")
    enough = s.say("is 4 GB enough?")
    assert enough.verdict is not None and enough.verdict.answer == "no" and "VIOS-001" in enough.answer
    need = s.say("how much does it need?")
    assert "6940 MB" in need.answer


def test_whats_left_after_a_what_if_is_the_review_of_the_changed_document(engine):
    s = Session(engine, "hpux-superdome.json")
    s.say("review")
    s.say("set clm to 20%")
    r = s.say("what's left?")
    assert r.intent == "review" and "HPUX-004" not in r.answer and "HPUX-001" in r.answer


def test_why_after_a_what_if_that_resolved_everything_explains_what_it_resolved(engine):
    s = Session(engine, "zvm-z13.json")
    s.say("anything wrong?")
    s.say("turn smt on")
    r = s.say("why?")
    assert r.intent == "explain" and "ZVM-001" in r.answer


def test_a_change_named_without_a_verb_is_a_what_if(engine):
    s = Session(engine, "managed-system.json")
    s.say("review the frame")
    r = s.say("vios2 memory to 12 GB")
    assert r.intent == "whatif" and "VIOS-001" in {f.rule_id for f in r.diff.resolved}
    r = Session(engine, "aix-ame4k-64k.json").say("ok set ame to 64k")
    assert r.intent == "whatif" and "AME-001" in {f.rule_id for f in r.diff.resolved}


def test_is_my_topic_ok_answers_no_when_any_rule_of_the_topic_fires(engine):
    r = Session(engine, "aix-ame4k-64k.json").say("is my ame config ok?")
    assert r.verdict is not None and r.verdict.answer == "no" and "AME-001" in r.answer


def test_products_next_to_the_sources_topics_are_not_covered(engine):
    for q in (
        "how big should the SGA be for oracle on an aix lpar with ame?",
        "IMS buffer pools with 1M large pages on z/OS?",
        "websphere liberty on linux on z with smt - gain?",
        "sap ase on aix - ame ok?",
    ):
        r = Session(engine).say(q)
        assert not r.covered and not r.citations, q


def test_an_lfarea_statement_is_judged_and_its_page_sizes_are_not_the_storage(engine):
    s = Session(engine)
    asked = s.say("will LFAREA=(1M=(60%),2G=(6)) fit on our lpar?")
    assert asked.intent == "clarify" and asked.needs_input  # 1M and 2G are page sizes, not the online storage
    r = s.say("24 GB")
    assert r.verdict is not None and r.verdict.answer == "no"
    assert "LFAREA=(1M=(60%),2G=(6))" in r.answer and [c.result for c in r.calculations] == [16.0]
    for bad in ("LFAREA=(1M=(90%)) - valid?", "LFAREA=(1M=(10,20)) ok?"):
        r = Session(engine).say(bad)
        assert r.verdict is not None and r.verdict.answer == "no" and "IAR046I" in r.answer, bad
    fits = Session(engine).say("LFAREA=(1M=20%,2G=4) on a 64G lpar - valid?")
    assert fits.verdict is not None and fits.verdict.answer == "yes"


def test_the_shared_memory_is_the_size_in_its_own_clause(engine):
    s = Session(engine)
    s.say("how much CLM do i need on our superdome")
    r = s.say("192 GB total, SAP shm is 30 GB")
    assert [c.result for c in r.calculations] == [49.2]


def test_hpux_swap_and_buffer_cache_from_the_size_of_the_box(engine):
    assert "2 x 256 GB = 512 GB" in Session(engine).say("swap for a 256GB superdome running sap").answer
    assert "1.92 GB" in Session(engine).say("buffer cache cap for a 64 GB hpux box w/ sap").answer
    s = Session(engine)
    s.say("swap recommendation for sap on hp-ux?")
    assert "768 GB" in s.say("we have 384 GB").answer


def test_virtual_ethernet_adapters_written_short_are_counted(engine):
    r = Session(engine).say("VIOS RAM: 1 LHEA with 4 ports, 8 x 1Gb ethernet ports, 12 virtual eth adapters")
    assert [c.result for c in r.calculations] == [2696]


def test_a_verdict_about_something_else_does_not_answer_a_reboot_or_cost_question(engine):
    r = Session(engine).say("schedo -p -o vpm_fold_policy=4 on the vio server, will that need a reboot?")
    assert r.verdict is None or r.verdict.answer == "no"
    r = Session(engine).say("if we switch on AME64K but keep the factor at 1.0 for a while, do we pay extra cpu?")
    assert r.verdict is None or r.verdict.answer == "no"


def test_adapters_counted_per_card_and_the_storage_named_as_the_systems(engine):
    r = Session(engine).say(
        "what's the VIOS memory for a 32-core server plus 2 dual-port 10GbE adapters and 3 quad-port 8Gb FC HBAs?"
    )
    assert {c.name: c.result for c in r.calculations}["vios_memory.required"] == 8960
    r = Session(engine).say("what lfarea for 40 gb of 1m pages on a 256 gb system")
    assert {c.name: c.result for c in r.calculations}["lfarea.limit_new_form"] == 201.6
    assert "30000 SAPS -> 12 to 20" in Session(engine).say("how many sap instances for 30k SAPS").answer


def test_page_sizes_named_in_a_list_are_never_the_online_storage(engine):
    r = Session(engine).say("what's the LFAREA syntax for 1M and 2G pages together")
    assert not r.calculations and "0 GB on 0 GB" not in r.answer and r.covered


def test_is_this_ok_on_a_fresh_document_is_the_reviews_verdict(engine):
    r = Session(engine, "zos-lfarea.json").say("is this ok")
    assert r.verdict is not None and r.verdict.answer == "no" and "ZOS-001" in r.answer


def test_what_ifs_in_words_vary_and_accumulate(engine):
    s = Session(engine, "aix-ame4k-64k.json")
    off = s.say("what if we turn ame off")
    assert off.intent == "whatif" and "AME-001" in {f.rule_id for f in off.diff.resolved}
    s.say("undo")
    s.say("raise the expansion factor to 3")
    r = s.say("what about 2.2?")
    assert r.intent == "whatif" and "ame.expansion_factor 3 -> 2.2" in r.answer
    z = Session(engine, "zos-lfarea.json")
    z.say("set lfarea to LFAREA=(1M=(5%),2G=(2))")
    assert "online_storage_gb 16 GB -> 64 GB" in z.say("and with 64 GB online?").answer


def test_a_verdict_is_not_turned_round_by_a_question_it_was_not_written_for(engine):
    cases = {
        "is a reboot needed to change the factor?": "no",
        "can I skip the reboot when enabling AME?": "no",
        "does smt double throughput on z13?": "no",
        "does PROMPT let the operator fix LFAREA at IPL?": "yes",
    }
    for question, want in cases.items():
        r = Session(engine).say(question)
        assert r.verdict is not None and r.verdict.answer == want, question
    r = Session(engine).say("can the vios run without folding disabled?")
    assert r.verdict is None or r.verdict.answer == "no"


def test_a_calculation_quotes_only_its_own_sources_and_reads_admin_sizes(engine):
    r = Session(engine).say("16 GB true memory, factor 1.5 and 2 GB paging space: virtual memory limit?")
    assert [c.result for c in r.calculations] == [26.0] and "hp-hpux-sap-itanium-kod" not in sources(r)
    r = Session(engine).say("our lpar has 16G true mem and ame factor 1.7 - how much do apps see?")
    assert [c.result for c in r.calculations] == [27.2]
    r = Session(engine).say("buffer cache at 5% on a 64GB hp-ux box - ok?")
    assert r.verdict is not None and r.verdict.answer == "no"


def test_a_long_follow_up_with_a_pronoun_and_levels_is_asked_in_context(engine):
    s = Session(engine)
    s.say("whats AME64K")
    r = s.say("is it supported on P9 with AIX 7.2 TL3?")
    assert r.verdict is not None and r.verdict.answer == "yes"
    r = s.say("would it work for our tomcat servers on P9 with AIX 7.2?")
    assert not r.covered and not r.citations


def test_a_new_amount_replaces_the_amount_said_with_the_same_words(engine):
    s = Session(engine)
    s.say("how much CLM do i need on our superdome")
    s.say("we have 256 GB and 48 GB of SAP shared memory")
    r = s.say("and with 64 GB shm?")
    assert [c.result for c in r.calculations] == [89.6]


def test_shared_memory_in_words_is_never_the_servers_memory(engine):
    r = Session(engine, "hpux-superdome.json").say("set sap shared memory to 40 GB")
    assert (
        r.intent == "whatif" and "sap.shared_memory_gb 20 GB -> 40 GB" in r.answer and "memory_gb 128" not in r.answer
    )
    r = Session(engine, "zvm-z13.json").say("make it 32 IFLs")
    assert r.intent == "whatif" and "engine_count 16 -> 32" in r.answer


def test_adapters_added_to_and_taken_from_a_vios_document(engine):
    s = Session(engine, "vios-undersized.json")
    assert "adapters.npiv_vfc_adapters 20 -> 28" in s.say("add 8 npiv adapters").answer
    assert "adapters.eth_10g_ports 2 -> 6" in s.say("what if it had 4 more 10GbE ports").answer
    assert "adapters.fc_8g_ports 4 -> 2" in s.say("remove 2 x 8Gb FC ports").answer
    unknown = s.say("add 2 16Gb FC ports")  # no such field: said, not guessed
    assert unknown.intent == "clarify" and unknown.needs_input and "8 Gb FC" in unknown.answer


def test_what_changed_lists_the_what_ifs_against_the_document_as_given(engine):
    s = Session(engine, "aix-ame4k-64k.json")
    s.say("review")
    assert s.say("what changed?").answer.startswith("No changes yet")
    s.say("switch to AME64K")
    s.say("add 2 GB")
    r = s.say("what have we changed so far?")
    assert "memory.desired_gb: 7 GB -> 9 GB" in r.answer and 'ame.page_support: "4K" -> "64K"' in r.answer


def test_judgements_on_the_document_chain_and_need_no_my(engine):
    s = Session(engine, "hpux-superdome.json")
    s.say("is my clm ok?")
    swap = s.say("and the swap?")
    assert swap.verdict is not None and swap.verdict.answer == "it depends" and "HPUX-012" in swap.answer
    psets = s.say("are the psets ok?")
    assert psets.verdict is not None and psets.verdict.answer == "no" and "HPUX-003" in psets.answer
