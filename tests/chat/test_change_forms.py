"""Every way people state a change of the session's document (advisor/chat/whatif.py, engine.py): an arrow, "simulate",
"X wants ..., impact?", "same vios but in a bigger frame", "amepat shows ..., re-check"; only a real change counts."""

from __future__ import annotations

from tests.chat.test_document_references import chat, example


def test_an_arrow_on_a_new_document_is_a_what_if(engine):
    (reply,) = chat(engine, example("aix-clean.json"), "sapapp02 => expansion factor 2.5")
    assert reply.intent == "whatif"
    assert "Expanded memory: 14 -> 17.5 GB" in reply.answer


def test_a_change_someone_wants_with_its_impact_asked_is_a_what_if(engine):
    (reply,) = chat(engine, example("vios-undersized.json"), "the storage guys want 16 more NPIV adapters, impact?")
    assert reply.intent == "whatif"
    assert "6940 -> 9180 MB" in reply.answer  # 16 x 140 MB more


def test_simulate_and_same_but_are_changes(engine):
    (sim,) = chat(engine, example("aix-clean.json"), "simulate: true memory 3 GB, factor 4.7")
    assert sim.intent == "whatif" and "14 -> 14.1 GB" in sim.answer
    (frame,) = chat(engine, example("vios-undersized.json"), "same vios but in a 96 core box. memory target?")
    assert frame.intent == "whatif" and "system_cores 32 -> 96" in frame.answer


def test_a_cue_without_a_real_change_is_no_what_if(engine):
    (reply,) = chat(engine, example("vios-undersized.json"), "we have 4 GB on it, what is the impact of that?")
    assert reply.intent != "whatif"


def test_undo_said_other_ways_takes_the_last_change_back_with_its_figures(engine):
    for said in ("ok revert", "never mind", "roll it back pls", "nvm, undo that", "put it back"):
        _, undone = chat(engine, example("aix-clean.json"), "what if factor 2.5", said)
        assert "Undone: ame.expansion_factor: 2.5 -> 2.0" in undone.answer, said
        assert "Expanded memory: 17.5 -> 14 GB" in undone.answer, said  # the figures the undo moves


def test_undo_both_takes_back_two_what_ifs_and_states_the_values(engine):
    *_, undone = chat(
        engine, example("aix-clean.json"), "what if factor 4.7", "and true memory 3 GB", "undo both. values now?"
    )
    assert "Expanded memory, now: 14 GB" in undone.answer
    assert "Desired memory of the partition (memory.desired_gb): 7 GB" in undone.answer
    assert "Review of" not in undone.answer  # the values asked, not the review


def test_undo_of_one_named_change_keeps_the_others(engine):
    *_, undone = chat(
        engine,
        example("vios-undersized.json"),
        "what if we add 10 more NPIV adapters",
        "and give it 8 GB",
        "undo the npiv change only",
    )
    assert "adapters.npiv_vfc_adapters: 30 -> 20" in undone.answer
    assert "memory_gb" not in undone.answer.split("\n")[0]  # the memory stays at 8 GB
    assert "Resolved: VIOS-001" in undone.answer  # 8192 MB against 6940 MB


def test_values_now_name_each_field_with_its_unit_and_meaning(engine):
    _, values = chat(
        engine, example("hpux-superdome.json"), "what if 10% CLM and numa_policy 1", "what are the values now?"
    )
    assert "Share of memory configured as cell local memory (clm_pct): 0% -> 10%" in values.answer
    assert "Kernel tunable numa_policy (numa_policy): 0 -> 1" in values.answer
    assert "Physical memory (memory_gb): 128 GB" in values.answer
    _, zvm = chat(engine, example("zvm-z13.json"), "turn smt on", "whats the values now")
    assert "Engines in the partition (engine_count): 16" in zvm.answer and zvm.citations  # a kind with no figures


def test_it_and_instead_of_point_at_the_last_change(engine):
    _, it = chat(engine, example("aix-clean.json"), "what if factor 3.5", "set it to 2.6 instead")
    assert it.intent == "whatif" and "ame.expansion_factor 3.5 -> 2.6" in it.answer
    _, more = chat(engine, example("vios-undersized.json"), "add 4 npiv adapters", "make it 10 instead of 4")
    assert "adapters.npiv_vfc_adapters 24 -> 30" in more.answer  # 10 added instead of 4, not 10 in all


def test_a_change_asked_about_yes_or_no_gets_the_verdict_of_its_findings(engine):
    (no,) = chat(engine, example("aix-clean.json"), "dev team wants factor 3.5 on sapapp02, fine?")
    assert no.verdict is not None and no.verdict.answer == "no"  # AME-007: above the 2.0-2.8 range
    (yes,) = chat(engine, example("aix-ame4k-64k.json"), "lets say we flip it to AME64K, is that ok?")
    assert yes.verdict is not None and yes.verdict.answer == "yes"
    assert "ame_mpsize_support=1`, which needs a reboot" in yes.answer
    (problem,) = chat(engine, example("aix-clean.json"), "what if the factor went to 2.4, any problem?")
    assert problem.verdict is not None and problem.verdict.answer == "no"
    (like,) = chat(engine, example("aix-clean.json"), "set the factor to 1.0, a problem like with AME4K?")
    assert like.verdict is None  # compared with a concern of the user's own: no verdict of the review's


def test_a_resolved_or_introduced_finding_says_what_the_source_measured_and_the_fix(engine):
    (smt,) = chat(engine, example("zvm-z13.json"), "assume smt gets switched on")
    assert "Measured in REDP-5287" in smt.answer and "+28%" in smt.answer
    (fold,) = chat(engine, example("vios-undersized.json"), "what if vpm_fold_policy came back as 3")
    assert "Its fix: `schedo -p -o vpm_fold_policy=4`" in fold.answer
    # a rationale that gives a table's figures without the word "measured" (AME-002: Table 1 against Table 2)
    (one,) = chat(engine, example("aix-ame4k-64k.json"), "what if the factor were 1.0")
    assert "Introduced: AME-002" in one.answer and "from 46% to 48% on POWER9 (Table 2)" in one.answer


def test_a_list_of_fixes_emptied_or_given_back_in_words(engine):
    (empty,) = chat(engine, example("zvm-z13.json"), "enable smt but assume the apar list is empty")
    assert "zvm.apars" in empty.answer and "Introduced: ZVM-003" in empty.answer
    _, back = chat(engine, example("zvm-z13.json"), "what if smt on and no VM65586", "put VM65586 back in")
    assert "Resolved: ZVM-003" in back.answer


def test_instances_bound_each_with_their_places_or_dropped(engine):
    said = "bind D01 via mpsched to ld 1 in pset 2 and D02 to ld 2, pset 3"
    (bound,) = chat(engine, example("hpux-superdome.json"), said)
    assert "sap.instances[2].pset (not set) -> 3" in bound.answer and "segregation" not in bound.answer
    assert "Resolved: HPUX-003" in bound.answer  # every instance in a processor set
    (dropped,) = chat(engine, example("hpux-superdome.json"), "put D01 in locality domain 1 with pset 2, drop D02")
    assert "-> D00 (locality domain 0, pset 1), D01 (locality domain 1, pset 2):" in dropped.answer
    assert "database_on_server" not in dropped.answer


def test_the_same_on_another_size_is_a_change_and_figures_stand_in_gb(engine):
    _, smaller = chat(engine, example("zos-lfarea.json"), "what if 2G=(4)", "and the same on a 12 GB lpar?")
    assert smaller.intent == "whatif" and "LFAREA limit: 9.6 -> 6.4 GB" in smaller.answer
    (frame,) = chat(engine, example("vios-undersized.json"), "same vios but in a 128 core frame, new target?")
    assert "6940 -> 16384 MB (16 GB)" in frame.answer  # 2 GB per 16 cores
    (level,) = chat(engine, example("aix-clean.json"), "what if we go to AIX 7.3 TL2")
    assert "Expanded memory: 14 GB (unchanged)" in level.answer  # nothing moved: the main figure as it stands


def test_a_thing_no_longer_used_is_set_to_none(engine):
    (none,) = chat(engine, example("managed-system.json"), "what if vios1 stopped using its 10g ports (no 10g ports)")
    assert "eth_10g_ports 2 -> 0" in none.answer


def test_a_bare_number_beside_a_named_change_goes_on_the_last_changed_field(engine):
    _, both = chat(engine, example("aix-clean.json"), "try factor 4.7", "ok instead 2.8 with true memory 5 GB")
    assert "memory.desired_gb 7 GB -> 5 GB, ame.expansion_factor 4.7 -> 2.8" in both.answer
    assert "Expanded memory: 32.9 -> 14 GB" in both.answer


def test_a_part_of_the_lfarea_statement_that_goes_to_a_new_value(engine):
    doc = {**example("zos-lfarea.json"), "online_storage_gb": 1024, "lfarea": "LFAREA=(1M=(40%),2G=(8))"}
    (reply,) = chat(engine, doc, "what if 1M goes to 80%")
    assert "LFAREA request: 424 -> 832 GB, 16 GB over the 816 GB LFAREA limit" in reply.answer
    (quiet,) = chat(engine, doc, "is the LFAREA within the limit?")
    assert "derived.lfarea_limit_gb = 816 GB" in quiet.answer  # the figures with their units


def test_parts_of_the_lfarea_statement_dropped_or_added_in_words(engine):
    _, dropped = chat(engine, example("zos-lfarea.json"), "what if we append NOPROMPT to the statement", "and drop 2G")
    assert '"LFAREA=(1M=(10%),2G=(12,10),NOPROMPT)" -> "LFAREA=(1M=(10%),NOPROMPT)"' in dropped.answer
    assert "Resolved: ZOS-001" in dropped.answer and "lfarea_usage" not in dropped.answer


def test_it_is_said_where_it_stands_and_measurements_keep_their_sentence(engine):
    _, both = chat(engine, example("hpux-superdome.json"), "set clm_pct to 10", "ok make it 20% and numa_policy=1")
    assert "clm_pct 10% -> 20%, numa_policy 0 -> 1" in both.answer
    (clm,) = chat(engine, example("hpux-superdome.json"), "set clm_pct to 10")
    assert 'CLM vs. ILM"): 100% ILM gave 1.15 s response' in clm.answer  # "vs." ends no sentence


def test_a_question_about_what_the_last_change_means_is_no_change(engine):
    _, asked = chat(
        engine, example("zos-lfarea.json"), "what if we add NOPROMPT to it", "so DB2 would get no large frames then?"
    )
    assert asked.intent != "whatif" and "cannot take that value" not in asked.answer


def test_a_plus_count_adds_and_a_fit_question_is_judged_on_the_changed_figures(engine):
    doc = {**example("vios-undersized.json"), "memory_gb": 8}
    (fits,) = chat(engine, doc, "INC0042: storage wants +8 NPIV adapters. does the memory still fit?")
    assert "adapters.npiv_vfc_adapters 20 -> 28" in fits.answer  # added, not set to 8
    assert fits.verdict is not None and fits.verdict.answer == "yes"  # 8192 MB against 6940 + 8 x 140 = 8060 MB
    (short,) = chat(engine, doc, "INC0043: storage wants +12 NPIV adapters. does the memory still fit?")
    assert short.verdict is not None and short.verdict.answer == "no"  # 8192 MB against 6940 + 12 x 140 = 8620 MB
    assert "8620 MB" in short.verdict.because


def test_instead_of_the_amount_taken_away_and_values_with_a_please(engine):
    _, three = chat(
        engine, example("vios-undersized.json"), "what if vios1 lost 2 of its FC ports", "make it 3 instead of 2"
    )
    assert "adapters.fc_8g_ports 2 -> 1" in three.answer  # 3 taken away instead of 2 (4 -> 1), not 3 ports
    _, values = chat(engine, example("aix-clean.json"), "what if factor 2.2", "values now pls")
    assert "Changed from the document as given" in values.answer
    (result,) = chat(engine, example("hpux-superdome.json"), "D00 stays, bind D01 to LD 2 / pset 3. result?")
    assert result.intent == "whatif"


def test_a_kept_finding_restated_names_the_command_of_its_fix_from_the_field_description(engine):
    (bound,) = chat(engine, example("hpux-superdome.json"), "bind D01 and D02 to locality domains 1 and 2")
    assert "Still HPUX-006 on sd64" in bound.answer  # D02 is larger than a cell
    assert "Its fix: `mpsched -l 1 -P PACKED startsap r3 D02`" in bound.answer  # "bound ... with mpsched"


def test_a_question_relayed_for_someone_is_no_change_they_want(engine):
    (relayed,) = chat(
        engine, example("aix-clean.json"), "the business wants to know if 14 GB of expanded memory is enough"
    )
    assert relayed.intent != "whatif" and "7 GB -> 14 GB" not in relayed.answer
