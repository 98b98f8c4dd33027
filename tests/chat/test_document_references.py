"""Conversations about an attached document: a finding named by severity, system or topic (advisor/chat/selector.py),
what-ifs in German, Spanish and French (advisor/chat/changewords.py), behind a bot's label, after an undo in the
same message, and "apply it" (the fix of the finding the conversation is on)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from advisor.chat import changewords, selector
from advisor.documents.io import validate_document

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

VIOS = {
    "kind": "vios",
    "name": "viost9",
    "environment": "production",
    "processor": "POWER9",
    "system_cores": 48,
    "cpu": {"mode": "shared", "entitled_capacity": 1.0, "virtual_processors": 2, "sharing": "uncapped", "weight": 150},
    "memory_gb": 16,
    "vpm_fold_policy": 2,
    "adapters": {
        "lhea": 0,
        "lhea_ports": 0,
        "eth_1g_ports": 0,
        "eth_10g_ports": 2,
        "fc_8g_ports": 2,
        "npiv_vfc_adapters": 8,
        "virtual_eth_adapters": 4,
    },
}


def example(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def chat(engine, document: dict, *messages: str):
    state, replies = None, []
    for i, message in enumerate(messages):
        reply = engine.turn(message, state, document=document if i == 0 else None)
        state = json.loads(reply.state.model_dump_json())
        replies.append(reply)
    return replies


def shown(reply) -> list[tuple[str, str]]:
    return [(f.rule_id, f.target) for f in reply.findings]


@pytest.mark.parametrize(
    ("document", "message", "rule", "target"),
    [
        ("zos-lfarea.json", "SYSA - what is the critical one about?", "ZOS-001", "SYSA"),
        ("managed-system.json", "tell me about the vios2 processor thing", "VIOS-002", "vios2"),
        ("managed-system.json", "vios2 memory finding, details pls", "VIOS-001", "vios2"),
        ("managed-system.json", "why does the frame have that low HPT finding", "LPAR-008", "p9-frame1"),
        ("hpux-superdome.json", "sd64 is high on cell local memory - why", "HPUX-004", "sd64"),
        ("zvm-z13.json", "how come ZVMSAP is medium", "ZVM-001", "ZVMSAP"),
    ],
)
def test_a_finding_named_by_severity_system_or_topic_is_explained(engine, document, message, rule, target):
    (reply,) = chat(engine, example(document), message)
    assert reply.intent == "explain"
    assert (rule, target) in shown(reply)
    assert reply.answer.startswith(rule)
    assert reply.citations


def test_the_system_named_narrows_the_explanation_to_it(engine):
    (reply,) = chat(engine, example("managed-system.json"), "for p9-frame1: the vios2 folding finding, explain")
    assert shown(reply) == [("VIOS-002", "vios2")]
    assert "vios1" not in reply.answer  # vios1 folds nothing: only vios2 was asked about


def test_the_remaining_one_is_not_the_one_just_explained(engine):
    first, other = chat(
        engine,
        example("managed-system.json"),
        "explain the AME factor 1.0 finding on sapapp01",
        "and the other medium one on sapapp01?",
    )
    assert shown(first) == [("AME-002", "sapapp01")]
    assert shown(other) == [("AME-003", "sapapp01")]


def test_no_finding_is_picked_without_a_cue_or_for_a_severity_nobody_has(engine):
    doc = example("zos-lfarea.json")
    findings = engine.advisor.review(validate_document(doc, "d")).findings
    assert selector.select(engine.kb, "explain the low one", findings, document_name="SYSA") == []
    assert selector.select(engine.kb, "why are 2G pages not pageable?", findings, document_name="SYSA") == []
    assert selector.select(engine.kb, "the critical one", findings, document_name="SYSA")[0].rule_id == "ZOS-001"


def test_a_question_to_the_sources_stays_one_in_a_document_session(engine):
    (reply,) = chat(engine, example("aix-ame4k-64k.json"), "why does AME cost more CPU with 4K pages than with 64K?")
    assert reply.intent != "explain"


@pytest.mark.parametrize(
    ("said", "english"),
    [
        ("Was wäre, wenn wir AME ausschalten?", "what if we AME disable?"),
        ("¿Y si desactivamos SMT?", "what if disable SMT?"),
        ("et si on passe le facteur à 3 ?", "what if we set the factor to 3 ?"),
        ("e se attiviamo SMT?", "what if enable SMT?"),
        ("what if we disable AME?", "what if we disable AME?"),
        ("si el vios tuviera 8 GB de memoria", "what if the vios 8 GB of memory"),
    ],
)
def test_a_foreign_what_if_is_put_in_english_words(said, english):
    assert changewords.english(said) == english


def test_the_bridge_leaves_a_message_without_a_what_if_lead_in_alone():
    for text in ("AME auf 4K ist schlecht?", "la memoria del vios", "sizing en GB"):
        assert changewords.english(text) == text


@pytest.mark.parametrize(
    "message", ["Was wäre, wenn wir SMT einschalten?", "y si encendemos SMT?", "et si on activait le SMT"]
)
def test_a_foreign_what_if_changes_the_document(engine, message):
    (reply,) = chat(engine, example("zvm-z13.json"), message)
    assert reply.intent == "whatif"
    assert reply.state.document["smt_enabled"] is True
    assert "Resolved: ZVM-001" in reply.answer


def test_a_bot_label_before_a_change_does_not_hide_it(engine):
    (reply,) = chat(engine, example("zvm-z13.json"), "gitlab-runner: switch smt on")
    assert reply.intent == "whatif"
    assert reply.state.document["smt_enabled"] is True


def test_undo_and_a_new_change_in_one_message(engine):
    doc = example("aix-clean.json")
    _, reply = chat(engine, doc, "what if the expansion factor were 3.2", "revert that, then try the app on 4K pages")
    assert reply.intent == "whatif"
    assert reply.answer.startswith("Undone first: ame.expansion_factor: 3.2 -> 2.0.")
    assert reply.state.document["ame"]["expansion_factor"] == 2.0
    assert reply.state.document["workload"]["app_page_size"] == "4K"
    assert len(reply.state.previous_documents) == 1  # the undone change is gone from the undo stack


def test_undo_with_a_change_and_nothing_to_undo_makes_the_change(engine):
    _, reply = chat(engine, example("aix-clean.json"), "review", "undo. what if the expansion factor were 3.2")
    assert reply.intent == "whatif"
    assert reply.state.document["ame"]["expansion_factor"] == 3.2
    assert "Undone first" not in reply.answer


def test_apply_it_makes_the_fix_of_the_finding_explained(engine):
    explained, applied = chat(engine, VIOS, "explain the folding finding on viost9", "ok apply it")
    assert shown(explained) == [("VIOS-002", "viost9")]
    assert applied.intent == "whatif"
    assert applied.state.document["vpm_fold_policy"] == 4
    assert "Resolved: VIOS-002" in applied.answer


def test_apply_it_without_a_finding_changes_nothing(engine):
    _, reply = chat(engine, example("aix-clean.json"), "review", "apply it")
    assert reply.intent != "whatif"
    assert reply.state.document == example("aix-clean.json")


def test_a_figure_asked_of_the_document_is_computed_from_its_inputs(engine):
    (vios,) = chat(engine, VIOS, "how much memory should viost9 have?")
    # 48 cores: 6144 MB; 768 + 2 x 512 + 2 x 512 + 8 x 140 + 4 x 16 = 4000 MB; the larger, and the sum beside it
    assert vios.intent == "calc"
    assert "6144 MB" in vios.answer and "4000 MB" in vios.answer
    assert any("10144 MB" in a for a in vios.assumptions)
    (hpux,) = chat(engine, example("hpux-superdome.json"), "how many SAP instances should this box run?")
    assert "32 cores -> 8 to 16 instances" in hpux.answer


def test_figures_the_user_gives_win_over_the_document(engine):
    _, reply = chat(engine, VIOS, "review", "how much memory would a vios on a 16 core box need?")
    assert "16 cores x 128 MB = 2048 MB" in reply.answer


def test_a_what_if_states_the_limit_beside_the_request_and_the_vios_sum(engine):
    (lfarea,) = chat(engine, example("zos-lfarea.json"), "what if LFAREA=(1M=(10%),2G=(2))")
    assert "LFAREA limit: 9.6 GB (unchanged)." in lfarea.answer
    # 10 % of (16 - 4) GB + 2 x 2 GB, beside the limit it is held against
    assert "LFAREA request: 25.2 -> 5.2 GB, within the 9.6 GB LFAREA limit." in lfarea.answer
    _, vios = chat(engine, example("vios-undersized.json"), "review", "add 4 npiv adapters")
    assert (
        "6940 -> 7500 MB (Redbook 3.5.2 does not say how its two guidelines combine; added together: 11036 -> 11596 MB)"
        in vios.answer
    )


def test_a_value_once_uncomputable_is_shown_with_its_unit_first(engine):
    doc = {
        "kind": "zos-lpar",
        "name": "ZT1",
        "machine": "z13",
        "zos_version": "2.2",
        "online_storage_gb": 64,
        "lfarea": "LFAREA=(1M=(95%))",
    }
    _, reply = chat(engine, doc, "review", "what if LFAREA=(1M=(40%))")
    assert "LFAREA request: 24 GB (not computable before), within the 48 GB LFAREA limit." in reply.answer


def test_an_os_level_change_is_said_as_a_level(engine):
    _, reply = chat(engine, example("aix-ame4k-64k.json"), "review", "what if it went to AIX 7.3 TL2")
    assert "(AIX 7.2 TL4 SP5 -> 7.3 TL2)" in reply.answer


def test_a_partition_named_as_the_model_of_a_change_is_not_its_target(engine):
    _, reply = chat(engine, example("managed-system.json"), "review", "give vios2 the same 8 GB as vios1")
    assert reply.intent == "whatif"
    assert "Resolved: VIOS-001 (high) on vios2" in reply.answer
    _, both = chat(engine, example("managed-system.json"), "review", "what if the vios had 16 GB")
    assert both.intent == "clarify"  # vios1 or vios2: asked, never guessed


def test_tags_and_a_label_before_a_what_if(engine):
    _, tagged = chat(engine, example("aix-clean.json"), "review", "[CAB] [chg-77] what-if: ame factor 2.5")
    assert tagged.intent == "whatif"
    assert tagged.state.document["ame"]["expansion_factor"] == 2.5


def test_it_after_an_explanation_is_the_number_field_of_the_finding(engine):
    doc = example("aix-clean.json") | {"ame": {"enabled": True, "page_support": "64K", "expansion_factor": 3.6}}
    explained, changed = chat(engine, doc, "explain the expansion factor finding", "bring it down to 2.4")
    assert shown(explained)[0][0] == "AME-007"
    assert changed.intent == "whatif" and changed.state.document["ame"]["expansion_factor"] == 2.4


def test_the_partition_the_conversation_is_on_takes_a_change_both_vios_have(engine):
    doc = example("managed-system.json")
    _, changed = chat(engine, doc, "vios2 folding finding - why?", "set vpm_fold_policy to 4 then")
    assert changed.intent == "whatif"
    assert [p["vpm_fold_policy"] for p in changed.state.document["partitions"][:2]] == [4, 4]  # vios1 had 4
    assert "Resolved: VIOS-002 (medium) on vios2" in changed.answer
    _, asked = chat(engine, doc, "review", "set vpm_fold_policy to 2")
    assert asked.intent == "clarify"  # no partition in focus: asked, never guessed


def test_fix_named_in_words_and_a_suggested_value_applied(engine):
    _, folded = chat(engine, example("managed-system.json"), "review", "pls fix the folding on vios2")
    assert folded.intent == "whatif" and "Resolved: VIOS-002" in folded.answer
    _, asked = chat(engine, example("managed-system.json"), "review", "fix for the folding on vios2?")
    assert asked.intent != "whatif"  # what the fix is, asked
    _, lfarea = chat(engine, example("zos-lfarea.json"), "explain the critical one", "ok apply that")
    assert lfarea.state.document["lfarea"] == "LFAREA=(1M=(10%),2G=(4))"  # the statement the derivations suggest
    assert "Resolved: ZOS-001" in lfarea.answer


def test_instances_named_first_and_ports_by_speed_alone(engine):
    _, bound = chat(engine, example("hpux-superdome.json"), "review", "what if D01 goes to locality domain 2")
    assert bound.state.document["sap"]["instances"][1]["locality_domain"] == 2
    _, clm = chat(engine, example("hpux-superdome.json"), "review", "what if CLM in cell 0 were 20%")
    assert clm.state.document["clm_pct"] == 20  # "CLM in cell 0" names no instance
    _, ports = chat(engine, example("vios-undersized.json"), "review", "what if we pull out both 1G ports")
    assert ports.state.document["adapters"]["eth_1g_ports"] == 0
    assert "6940 -> 6736 MB" in ports.answer


def test_a_frame_what_if_gives_the_partition_figures(engine):
    _, reply = chat(engine, example("managed-system.json"), "review", "what if vios2 had 12 npiv adapters")
    assert "vios2: VIOS memory the guideline asks for: 6940 -> 5820 MB" in reply.answer


def test_a_judgement_is_that_of_the_rule_its_words_name_with_its_figures(engine):
    doc = {
        "kind": "zos-lpar",
        "name": "SYSQ",
        "machine": "z13",
        "zos_version": "2.2",
        "online_storage_gb": 128,
        "lfarea": "LFAREA=(1M=(50%),2G=(8))",
    }
    (reply,) = chat(engine, doc, "is SYSQ's LFAREA under the limit?")
    # 0.5 x 124 + 8 x 2 = 78 GB against 0.8 x 124 = 99.2 GB
    assert reply.verdict is not None and reply.verdict.answer == "yes"
    assert "derived.lfarea_limit_gb = 99.2" in reply.answer and "derived.lfarea_requested_gb = 78" in reply.answer
