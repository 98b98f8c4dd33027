"""One message, several asks (advisor/chat/compose.py, whatif.undo_then, wording.py): an undo said first, the changes,
and the question asked of the changed document, each answered in one reply."""

from __future__ import annotations

from advisor.chat.compose import asking, split
from tests.chat.test_document_references import chat, example


def _verdict(reply) -> str | None:
    return reply.verdict.answer if reply.verdict is not None else None


def test_an_undo_then_a_change_then_a_fit_question(engine):
    _, reply = chat(
        engine, example("vios-undersized.json"), "what if 30 npiv", "roll back, and give it 8 GB - fits now?"
    )
    assert reply.intent == "whatif"
    assert "Undone first: adapters.npiv_vfc_adapters: 30 -> 20." in reply.answer
    assert "4096 -> 8192 MB (8 GB), which meets the 6940 MB" in reply.answer  # on the undone document, not 8340 MB
    assert _verdict(reply) == "yes"


def test_an_undo_that_names_fields_puts_back_only_those(engine):
    _, reply = chat(
        engine,
        example("vios-undersized.json"),
        "add 6 npiv and 2 FC ports",
        "go back to the original FC ports and set memory to 10 GB. enough?",
    )
    assert "Undone first: adapters.fc_8g_ports: 6 -> 4." in reply.answer
    assert "which meets the 7780 MB" in reply.answer  # 6940 + 6 x 140: the NPIV adapters added stay
    assert _verdict(reply) == "yes"


def test_an_undo_in_german_then_a_change(engine):
    _, reply = chat(engine, example("zos-lfarea.json"), "what if online storage is 20G", "rückgängig, dann 2G auf (4)")
    assert "Undone first: online_storage_gb: 20 GB -> 16 GB." in reply.answer
    assert "LFAREA=(1M=(10%),2G=(4))" in reply.answer
    assert _verdict(reply) == "yes"  # no question: 9.2 GB within the 9.6 GB limit


def test_whether_a_finding_still_stands_after_the_change(engine):
    kept, gone = chat(
        engine,
        example("zvm-z13.json"),
        "bump IFLs to 20 with smt still off - is ZVM-001 still there?",
        "enable smt. still flagged?",
    )
    assert kept.intent == "whatif" and "engine_count 16 -> 20" in kept.answer  # "001" of the rule id is no value
    assert _verdict(kept) == "yes"
    assert _verdict(gone) == "no"


def test_a_finding_named_by_its_words_asked_gone(engine):
    (reply,) = chat(engine, example("zvm-z13.json"), "switch SMT on; does the SMT finding disappear?")
    assert "Resolved: ZVM-001" in reply.answer and _verdict(reply) == "yes"
    (rule,) = chat(engine, example("hpux-superdome.json"), "clm_pct to 12. does HPUX-004 go away?")
    assert rule.intent == "whatif" and _verdict(rule) == "yes"  # the rule in the question, not explained


def test_a_change_that_asks_nothing_gets_the_fit_of_the_figure_it_moves(engine):
    fits, smaller = chat(engine, example("zos-lfarea.json"), "what if 2G goes to (2)?", "and if online storage is 12G")
    assert _verdict(fits) == "yes" and "25.2 -> 5.2 GB, within the 9.6 GB" in fits.answer
    assert _verdict(smaller) == "yes" and "within the 6.4 GB" in smaller.answer
    (over,) = chat(engine, example("zos-lfarea.json"), "what if online storage is 20G")
    assert _verdict(over) == "no"  # 25.6 GB asked for against a 12.8 GB limit


def test_a_figure_asked_with_the_change_gets_no_fit_verdict(engine):
    (reply,) = chat(engine, example("vios-undersized.json"), "what if 40 npiv, how much does it need then?")
    assert reply.intent == "whatif" and "9740 MB" in reply.answer
    assert reply.verdict is None


def test_ok_is_no_while_the_changed_fields_finding_stands(engine):
    (reply,) = chat(engine, example("vios-undersized.json"), "give it 5 GB, ok?")
    assert _verdict(reply) == "no"  # 5120 MB is still short of 6940 MB: VIOS-001 stays
    assert "leaves VIOS-001 standing" in reply.verdict.because


def test_each_adapter_clause_adds_or_takes_by_its_own_verb(engine):
    (reply,) = chat(engine, example("vios-undersized.json"), "we'll pull 1 of the 4 FC ports and add 5 npiv")
    assert reply.intent == "whatif"
    assert "adapters.fc_8g_ports 4 -> 3, adapters.npiv_vfc_adapters 20 -> 25" in reply.answer


def test_two_values_in_one_clause_go_each_to_the_field_beside_it(engine):
    (reply,) = chat(engine, example("aix-clean.json"), "would 9 GB true memory at factor 1.2 cover the peak? try it")
    assert reply.intent == "whatif"
    assert "ame.expansion_factor 2.0 -> 1.2, memory.desired_gb 7 GB -> 9 GB" in reply.answer
    assert "virtual_memory_gb" not in reply.answer.split("\n")[0]  # the peak is what it is held against
    assert _verdict(reply) == "yes"  # 10.8 GB against the 10.2 GB peak


def test_an_instance_layout_in_words(engine):
    (reply,) = chat(
        engine, example("hpux-superdome.json"), "what if we went to 10 instances of 3 cores each in their own pset"
    )
    assert reply.intent == "whatif"
    assert "D09 (pset 10)" in reply.answer and "cores 32 ->" not in reply.answer  # the instances' cores, not the box's
    assert "Resolved: HPUX-003" in reply.answer and "Resolved: HPUX-007" in reply.answer


def test_scratch_all_of_that_starts_over(engine):
    *_, reply = chat(engine, example("vios-undersized.json"), "what if 30 npiv", "memory 12 GB", "scratch all of that")
    assert "Back to the document as given" in reply.answer and "Introduced: VIOS-001" in reply.answer


def test_the_clauses_of_a_message():
    assert asking("storage wants +8 NPIV. does it still fit?") == "does it still fit?"
    assert asking("double the IFLs to 32, smt still off → still a finding?") == "still a finding?"
    assert split("clm to 15% + numa_policy=1. does HPUX-004 go away?") == (
        "clm to 15% + numa_policy=1",
        "does HPUX-004 go away?",
    )
    assert split("what if 1M goes to 80%?") == ("", "")


def test_an_instance_bound_with_an_arrow(engine):
    (reply,) = chat(engine, example("hpux-superdome.json"), "pretend D01 => ld 3, D02 => ld 2")
    assert reply.intent == "whatif"
    assert "sap.instances[1].locality_domain (not set) -> 3" in reply.answer


def test_a_technology_level_said_alone_is_one_of_the_aix_version(engine):
    (reply,) = chat(engine, example("aix-clean.json"), "patch it up to tl 2 sp 1")
    assert reply.intent == "whatif" and "os.tl 1 -> 2" in reply.answer


def test_with_a_value_instead_after_a_question_is_another_change(engine):
    *_, reply = chat(
        engine,
        example("aix-ame4k-64k.json"),
        "suppose factor 1.2, room for the peak?",
        "what is AME anyway",
        "and with 3 GB paging instead?",
    )
    assert reply.intent == "whatif" and "memory.paging_space_gb 0.5 GB -> 3 GB" in reply.answer
    assert _verdict(reply) == "yes"  # 8.4 + 3 = 11.4 GB against the 10.2 GB peak


def test_the_figure_in_a_question_about_the_change_is_no_change(engine):
    (reply,) = chat(
        engine, example("vios-undersized.json"), "retire 1 of the 2 10G ports and 5 fewer npiv. does 4G hold then?"
    )
    first = reply.answer.split("\n")[0]
    assert "adapters.eth_10g_ports 2 -> 1" in first and "adapters.npiv_vfc_adapters 20 -> 15" in first
    assert "memory_gb" not in first  # the 4G is asked about, not added
    assert _verdict(reply) == "no"  # 5728 MB needed, 4096 MB given


def test_a_finding_asked_to_show_up(engine):
    doc = {**example("zvm-z13.json"), "smt_enabled": True}
    (reply,) = chat(engine, doc, "switch smt off, 10 IFLs, does ZVM-001 show up?")
    assert reply.intent == "whatif" and "Introduced: ZVM-001" in reply.answer
    assert _verdict(reply) == "yes"


def test_w_slash_instead_is_the_change_itself(engine):
    _, reply = chat(engine, example("aix-clean.json"), "what if factor 2.5", "and w/ factor 1.4 instead?")
    assert _verdict(reply) == "no"  # 9.8 GB against the 10.2 GB peak


def test_an_undo_with_a_question_undoes_the_last_step_not_the_field_asked_about(engine):
    *_, reply = chat(
        engine,
        example("aix-clean.json"),
        "true mem 6 GB and factor 2.2",
        "and factor 1.5",
        "revert that one. memory still enough?",
    )
    assert "Undone: ame.expansion_factor: 1.5 -> 2.2." in reply.answer
    assert _verdict(reply) == "yes"  # 13.2 GB against the 10.2 GB peak


def test_an_undo_with_a_change_that_is_none_is_the_undo_alone(engine):
    *_, reply = chat(
        engine,
        example("hpux-superdome.json"),
        "set clm_pct 15 and numa_policy=1",
        "go back to the original clm and keep numa 1. what comes back?",
    )
    assert "Undone: clm_pct: 15% -> 0%." in reply.answer and "Introduced: HPUX-004" in reply.answer


def test_whether_the_check_passes_after_the_change(engine):
    short, enough, failing = chat(
        engine,
        example("vios-undersized.json"),
        "raise memory_gb to 5 - passing yet?",
        "now try 8 GB. does the memory check pass?",
        "still failing?",
    )
    assert short.intent == "whatif" and _verdict(short) == "no"  # 5120 MB against 6940 MB: VIOS-001 stands
    assert "VIOS-001" in short.verdict.because
    assert _verdict(enough) == "yes" and "Resolved by the change: VIOS-001" in enough.verdict.because
    assert _verdict(failing) in (None, "no")  # asked of the document as it is after the 8 GB


def test_resolved_or_blocked_asked_of_the_change(engine):
    (resolved,) = chat(engine, example("zvm-z13.json"), "switch smt on - resolved?")
    assert _verdict(resolved) == "yes"
    (blocked,) = chat(engine, example("vios-undersized.json"), "memory_gb 6. still blocked?")
    assert _verdict(blocked) == "yes"  # 6144 MB is still short of 6940 MB


def test_the_findings_of_a_named_partition_asked_gone(engine):
    (reply,) = chat(
        engine,
        example("managed-system.json"),
        "vios2 vpm_fold_policy to 4 and vios2 memory to 8 GB. are the vios2 findings all cleared?",
    )
    assert reply.intent == "whatif"
    assert _verdict(reply) == "yes"  # only vios2's findings, not sapapp01's AME one


def test_a_bare_enough_asks_about_the_figure_the_change_moves(engine):
    (reply,) = chat(
        engine, example("hpux-superdome.json"), "what if we went to 10 instances of 3 cores each. enough now?"
    )
    assert _verdict(reply) == "yes"  # 10 instances on 32 cores: at least 8, whatever the CLM still lacks
    (more,) = chat(engine, example("vios-undersized.json"), "and triple the npiv adapters?")
    assert more.intent == "whatif" and _verdict(more) == "no"  # a change asked as a question: its fit


def test_a_zvm_release_said_as_it_moves(engine):
    document = {**example("zvm-z13.json"), "zvm": {"version": "6.2", "apars": []}}
    (reply,) = chat(engine, document, "suppose z/VM went to 6.3 - still flagged?")
    assert reply.intent == "whatif" and 'zvm.version "6.2" -> "6.3"' in reply.answer
    (level,) = chat(engine, document, "zVM level upgraded to 7.1")
    assert 'zvm.version "6.2" -> "7.1"' in level.answer


def test_a_finding_asked_about_after_a_what_if_with_no_change(engine):
    _, kept = chat(
        engine,
        example("aix-ame4k-64k.json"),
        "what if the expansion factor were 1.0?",
        "so does the 64K/4K page finding remain after that?",
    )
    assert kept.intent == "review" and "Kept: AME-001" in kept.answer and _verdict(kept) == "yes"
    assert "LPAR-008" not in kept.answer  # "page" alone names the page-table finding; the other names more
    _, gone = chat(engine, example("zvm-z13.json"), "enable smt", "is the SMT finding gone now?")
    assert "Resolved: ZVM-001" in gone.answer and _verdict(gone) == "yes"
    _, listed = chat(engine, example("zvm-z13.json"), "enable smt", "what is still open?")
    assert "Resolved: ZVM-001" not in listed.answer  # a list asked for, not whether one finding stands


def test_set_on_a_group_of_fields_reads_each_field_with_its_value(engine):
    (reply,) = chat(engine, example("hpux-superdome.json"), "set large_pages to data 64M text 16M")
    assert reply.intent == "whatif"
    assert 'large_pages.text "4K" -> "16M"' in reply.answer and 'large_pages.data "4K" -> "64M"' in reply.answer
    (plain,) = chat(engine, example("hpux-superdome.json"), "set large_pages to 16M")
    assert plain.intent == "error" and "did you mean 'large_pages." in plain.answer  # no field in the value


def test_instances_given_their_places_in_words(engine):
    (gets,) = chat(engine, example("hpux-superdome.json"), "suppose D02 gets LD 2 plus pset 3")
    assert "sap.instances[2].locality_domain (not set) -> 2" in gets.answer
    assert "sap.instances[2].pset (not set) -> 3" in gets.answer
    (give,) = chat(engine, example("hpux-superdome.json"), "what if we give D01 locality_domain=1 and processor_set 2")
    assert "sap.instances[1].locality_domain (not set) -> 1" in give.answer
    assert "sap.instances[1].pset (not set) -> 2" in give.answer


def test_a_bare_question_the_other_way_round_about_the_figure_moved(engine):
    (short,) = chat(engine, example("vios-undersized.json"), "give it 6 GB. still short?")
    assert _verdict(short) == "yes"  # 6144 MB against 6940 MB
    (over,) = chat(engine, example("vios-undersized.json"), "give it 8 GB. still short?")
    assert _verdict(over) == "no"


def test_turn_it_on_applies_the_fix_of_the_finding_explained(engine):
    _, reply = chat(engine, example("zvm-z13.json"), "is SMT configured right on this one?", "ok, switch it on then")
    assert reply.intent == "whatif" and "smt_enabled false -> true" in reply.answer
    assert "Resolved: ZVM-001" in reply.answer


def test_make_it_with_a_value_is_a_change_not_the_fix_applied(engine):
    _, reply = chat(engine, example("aix-clean.json"), "what if it moved to POWER7", "make it a POWER8 instead")
    assert 'processor "POWER7" -> "POWER8"' in reply.answer and "ame.page_support" not in reply.answer
