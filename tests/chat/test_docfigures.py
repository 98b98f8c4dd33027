"""Derived figures of the session's document (advisor/chat/docfigures.py): stated before -> after in a what-if beside
the need or limit they are held against, and asked about against the document as the what-ifs left it; an undo with
nothing to undo; a what-if set up by the sentence before it; a bare amount put on the field the last what-if
changed."""

from __future__ import annotations

from advisor.chat import docfigures
from advisor.documents.io import validate_document
from tests.chat.test_document_references import chat, example


def test_a_clm_what_if_states_the_gb_against_what_sap_shared_memory_needs(engine):
    (reply,) = chat(engine, example("hpux-superdome.json"), "what if the cell local memory were 25%")
    # 25 % of 128 GB; needed: 20 GB SAP shared memory + 10 % of 128 GB
    assert "Cell local memory (CLM): 0 -> 32 GB, 0.8 GB short of the 32.8 GB CLM needed" in reply.answer
    assert all(c.locator for c in reply.citations)  # every cited line has a locator (the section when none finer)


def test_a_vios_memory_what_if_states_the_memory_beside_the_guideline(engine):
    (reply,) = chat(engine, example("vios-undersized.json"), "give vios1 6 gigs of memory")
    assert "VIOS memory: 4096 -> 6144 MB (6 GB), 796 MB short of the 6940 MB" in reply.answer


def test_a_new_factor_says_the_true_memory_that_keeps_the_expanded_memory(engine):
    (reply,) = chat(engine, example("aix-clean.json"), "we are planning to move it to factor 3.5")
    assert reply.intent == "whatif"
    assert "Keeping the 14 GB of expanded memory at factor 3.5 takes 4 GB of true memory" in reply.answer


def test_a_figure_asked_after_a_change_is_that_of_the_changed_document(engine):
    _, now = chat(engine, example("aix-clean.json"), "what if factor 2.4", "and the expanded mem after that?")
    assert now.intent == "ask"
    assert "16.8 GB (as given: 14 GB)" in now.answer  # 7 GB x 2.4, was 7 GB x 2.0


def test_an_addition_after_a_figure_of_the_changed_document_is_another_change(engine):
    *_, added = chat(
        engine, example("aix-clean.json"), "wat if factor 2.5", "how much expanded mem now?", "and if i add 3gb on top"
    )
    assert added.intent == "whatif", added.answer[:300]
    assert added.verdict is not None and added.verdict.answer == "yes"  # the moved figure's fit: 25 GB >= 10.2 GB
    assert "7 GB -> 10 GB" in added.answer  # the document's true memory, not a question about the last figure


def test_fits_now_is_judged_against_the_limit_of_the_changed_document(engine):
    _, fits = chat(engine, example("zos-lfarea.json"), "what if LFAREA=(1M=(10%),2G=(3))", "does it fit now?")
    assert fits.verdict is not None and fits.verdict.answer == "yes"
    assert "7.2 GB (as given: 25.2 GB)" in fits.answer and "within the 9.6 GB LFAREA limit" in fits.answer
    _, short = chat(engine, example("vios-undersized.json"), "memory 5 GB", "still short?")
    assert short.verdict is not None and short.verdict.answer == "yes"  # 5120 MB against 6940 MB


def test_a_question_before_any_change_or_about_how_it_works_is_not_taken(engine):
    (before,) = chat(engine, example("aix-clean.json"), "how much expanded memory do we have now?")
    assert "as given" not in before.answer
    _, how = chat(engine, example("aix-clean.json"), "what if factor 2.4", "how does expanded memory work?")
    assert "(as given:" not in how.answer


def test_asked_names_the_figures_of_the_kind_only():
    model = validate_document(example("zos-lfarea.json"), "document")
    assert docfigures.asked("expanded memory?", model, model) is None
    found = docfigures.asked("how much does the statement ask for?", model, model)
    assert found is not None and "25.2 GB" in found.out.text()


def test_undo_after_a_what_if_that_changed_nothing_is_no_error(engine):
    _, undo = chat(engine, example("aix-clean.json"), "what if smt 8", "undo")
    assert undo.intent == "undo" and undo.citations
    assert undo.answer.startswith("Nothing to undo: no what-if has changed the document")


def test_a_what_if_set_up_by_the_sentence_before_it(engine):
    said = "Our DR box is a POWER8 with AIX 7.1 TL5. What if this lpar ran there unchanged?"
    reply, undo = chat(engine, example("aix-clean.json"), said, "undo")
    assert reply.intent == "whatif" and '"POWER10" -> "POWER8"' in reply.answer
    assert undo.state.document["processor"] == "POWER10"


def test_a_bare_amount_goes_on_the_field_the_last_what_if_changed(engine):
    replies = chat(engine, example("hpux-superdome.json"), "CLM 15% pls", "how many GB is that?", "and at 30%?")
    assert replies[0].intent == "whatif" and replies[0].state.document["clm_pct"] == 15
    assert "19.2 GB" in replies[1].answer  # 15 % of 128 GB
    assert replies[2].state.document["clm_pct"] == 30 and "38.4 GB" in replies[2].answer


def test_a_kept_finding_whose_message_the_change_moves_is_restated(engine):
    doc = {**example("aix-clean.json"), "processor": "POWER7", "os": {"version": "7.1", "tl": 4, "sp": 3}}
    (reply,) = chat(engine, doc, "what if we moved it to a POWER9 box")
    assert "Still AME-004 on sapapp02, now:" in reply.answer and "on POWER9 with AIX 7.1 TL4" in reply.answer


def test_a_resolved_finding_says_the_command_that_makes_the_change(engine):
    (reply,) = chat(engine, example("vios-undersized.json") | {"vpm_fold_policy": 2}, "fold policy 4 pls")
    assert "(the change is made with `schedo -p -o vpm_fold_policy=4`)" in reply.answer


def test_instances_bound_in_pairs_as_said(engine):
    (reply,) = chat(engine, example("hpux-superdome.json"), "what if we bind D01 and D02 to locality domains 2 and 3")
    instances = reply.state.document["sap"]["instances"]
    assert [i["locality_domain"] for i in instances] == [0, 2, 3]


def test_it_after_a_review_with_one_finding_is_the_field_that_finding_shows(engine):
    doc = {"kind": "zos-lpar", "name": "ZX", "machine": "z13", "zos_version": "2.2", "online_storage_gb": 64}
    _, reply = chat(engine, doc | {"lfarea": "LFAREA=85%"}, "valid?", "make it 40%")
    assert reply.intent == "whatif" and "LFAREA=85%" in reply.answer
    assert "LFAREA limit: 49.2 GB" in reply.answer  # 0.8 x 64 - 2 GB, the old form


def test_fits_now_after_start_over_is_judged_on_the_document_as_given(engine):
    *_, fits = chat(engine, example("aix-clean.json"), "what if factor 1.3", "start over", "and now, enough?")
    assert fits.verdict is not None and fits.verdict.answer == "yes", fits.answer[:300]
    assert "Expanded memory, now: 14 GB" in fits.answer  # 7 GB x 2.0 again, against the 10.2 GB peak
    _, plain = chat(engine, example("aix-clean.json"), "review", "enough now?")  # never changed: no figures "now"
    assert "Expanded memory, now" not in plain.answer


def test_expanded_memory_is_held_against_the_workloads_peak(engine):
    _, fits = chat(engine, example("aix-clean.json"), "what if factor 1.3", "fits now?")
    assert "Expanded memory: 14 -> 9.1 GB, 1.1 GB short of the 10.2 GB peak virtual memory" in fits.state.turns[1].text
    assert fits.verdict is not None and fits.verdict.answer == "no"  # 7 GB x 1.3 = 9.1 GB against 10.2 GB


def test_two_terse_changes_in_one_message_and_a_stated_fact_is_not_one(engine):
    (both,) = chat(engine, example("aix-clean.json"), "factor 2.5 and 10 GB desired memory")
    assert both.intent == "whatif" and "Expanded memory: 14 -> 25 GB" in both.answer  # 10 GB x 2.5
    (told,) = chat(engine, example("vios-undersized.json"), "we have 4 GB")
    assert told.intent != "whatif"


def test_a_frame_figure_asked_after_a_partition_change(engine):
    _, ec = chat(engine, example("managed-system.json"), "what if sapdb01 had 6.0 entitled capacity", "sum of EC now?")
    assert "9 processing units (as given: 7 processing units)" in ec.answer


def test_a_figure_named_with_its_own_number_and_a_follow_up_naming_another(engine):
    replies = chat(
        engine, example("aix-clean.json"), "what if factor 3", "true memory at 2.8 now?", "and the true mem?"
    )
    assert replies[1].intent == "ask" and replies[1].state.document["workload"]["peak"]["virtual_memory_gb"] == 10.2
    assert "7.5 GB (as given: 5 GB)" in replies[1].answer  # 21 GB / 2.8, was 14 GB / 2.8
    assert "True memory, now: 7 GB" in replies[2].answer


def test_a_bare_amount_of_another_unit_is_not_put_on_the_last_field(engine):
    _, reply = chat(engine, example("aix-clean.json"), "what if factor 3", "and 128 GB?")
    assert reply.state.document["ame"]["expansion_factor"] == 3


def test_a_ticket_label_with_a_number_is_no_rule_id_and_more_ways_to_say_what_if(engine):
    (labelled,) = chat(engine, example("hpux-superdome.json"), "Jira HPUX-318: set numa_policy to 1")
    assert labelled.intent == "whatif" and labelled.state.document["numa_policy"] == 1
    (dash,) = chat(engine, example("aix-clean.json"), "DR is a POWER9 w/ AIX 7.2 TL5 - what happens if it runs there?")
    assert dash.intent == "whatif" and dash.state.document["processor"] == "POWER9"
    (later,) = chat(engine, example("vios-undersized.json"), "we get 10 more npiv clients next month, what if?")
    assert later.state.document["adapters"]["npiv_vfc_adapters"] == 30
    (please,) = chat(engine, example("aix-clean.json"), "please make factor 2.2, true memory 9 GB")
    assert please.intent == "whatif" and "Expanded memory: 14 -> 19.8 GB" in please.answer


def test_a_figure_restated_or_the_documents_own_number_is_still_a_question_about_it(engine):
    _, under = chat(engine, example("zos-lfarea.json"), "what if 2G=(4) instead of (12,10)", "under the 9.6?")
    assert under.verdict is not None and under.verdict.answer == "yes"  # 1.2 + 8 GB within 9.6 GB
    _, ok = chat(engine, example("vios-undersized.json"), "add 20 npiv adapters", "still ok with 4 gb?")
    assert ok.verdict is not None and ok.verdict.answer == "no"  # 4096 MB against 9740 MB


def test_instances_are_held_between_the_fewest_and_most_for_the_cores(engine):
    doc = example("hpux-superdome.json")
    _, few = chat(engine, doc, "what if sap gets only 16 cores", "enough instances now?")
    assert few.verdict is not None and few.verdict.answer == "no"  # 3 instances, 16 cores: 4 to 8
    assert "1 short of the 4 fewest SAP instances" in few.answer


def test_the_factor_asked_is_the_factor_and_a_recommendation_is_not_a_figure(engine):
    _, factor = chat(engine, example("aix-clean.json"), "what if factor 2.5", "expansion factor now?")
    assert "Expansion factor, now: 2.5 (as given: 2)" in factor.answer and "Expanded memory" not in factor.answer
    _, advice = chat(engine, example("aix-clean.json"), "what if factor 2.5", "what does the guide recommend now?")
    assert "(as given:" not in advice.answer


def test_a_bare_fine_is_about_the_finding_and_a_size_word_about_the_figures(engine):
    _, fine = chat(engine, example("vios-undersized.json"), "what if fold policy 2", "is it fine now?")
    assert "(as given:" not in fine.answer and "VIOS memory, now" not in fine.answer
    _, enough = chat(engine, example("vios-undersized.json"), "what if fold policy 2", "enough now?")
    assert enough.verdict is not None and enough.verdict.answer == "no" and "VIOS memory, now: 4096 MB" in enough.answer


def test_nothing_changes_says_what_holds_the_rule_off(engine):
    doc = example("hpux-superdome.json") | {"os_version": "11iv2"}
    (reply,) = chat(engine, doc, "what if numa_policy were 1")
    assert 'HPUX-005 stays quiet on sd64 whatever the change: os_version == "11iv3" is false' in reply.answer


def test_values_now_lists_the_changes_and_every_figure_as_it_stands(engine):
    _, values = chat(engine, example("hpux-superdome.json"), "set CLM to 10%", "ok, what are the values now?")
    assert values.intent == "ask" and values.verdict is None, values.answer[:300]
    assert "(clm_pct): 0% -> 10%" in values.answer  # with its unit and what the field holds
    assert "12.8 GB (as given: 0 GB)" in values.answer  # 10% of the 128 GB box
    assert "32.8 GB" in values.answer  # what the CLM should hold: SAP shared memory + 10% of memory


def test_values_before_any_change_are_those_as_given(engine):
    _, values = chat(engine, example("vios-undersized.json"), "review it", "show me the figures")
    assert "No change from the document as given" in values.answer, values.answer[:300]
    assert "4096 MB" in values.answer and "6940 MB" in values.answer
