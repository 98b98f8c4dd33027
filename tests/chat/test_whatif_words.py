"""What-if in words on the session's document: each phrasing changes the field it names, with the value it says,
on the first turn as on later ones; words that could mean two fields are asked back, never guessed."""

from __future__ import annotations

import json

import pytest

from tests.chat.eval.runner import EXAMPLES


def _doc(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "document, message, change",
    [
        ("hpux-superdome.json", "use 16M text / 64M data pages for disp+work", 'large_pages.text "4K" -> "16M"'),
        ("hpux-superdome.json", "use 16M text / 64M data pages for disp+work", 'large_pages.data "4K" -> "64M"'),
        ("hpux-superdome.json", "chatr +pi 16M +pd 64M", 'large_pages.data "4K" -> "64M"'),
        ("hpux-superdome.json", "what if data pages were 64M and text pages 16M", 'large_pages.text "4K" -> "16M"'),
        (
            "zos-lfarea.json",
            "what if the statement were LFAREA=(1M=(10%),2G=(2))",
            'lfarea "LFAREA=(1M=(10%),2G=(12,10))" -> "LFAREA=(1M=(10%),2G=(2))"',
        ),
        ("vios-undersized.json", "vios1 memory to 12 GB", "memory_gb 4 GB -> 12 GB"),
        ("vios-undersized.json", "64 cores instead of 32", "system_cores 32 -> 64"),
        ("aix-ame4k-64k.json", "4 virtual processors instead of 2", "cpu.virtual_processors 2 -> 4"),
        ("aix-ame4k-64k.json", "what if it had 3 virtual cpus", "cpu.virtual_processors 2 -> 3"),
        ("aix-ame4k-64k.json", "give it 4 more gigs of memory", "memory.desired_gb 7 GB -> 11 GB"),
        ("aix-ame4k-64k.json", "cut memory by 1 GB", "memory.desired_gb 7 GB -> 6 GB"),
        ("aix-ame4k-64k.json", "what if smt were off", "cpu.smt 8 -> 1"),
        ("zvm-z13.json", "32 ifls instead of 16", "engine_count 16 -> 32"),
        # terse, on the first turn
        ("zvm-z13.json", "smt on", "smt_enabled false -> true"),
        ("zos-lfarea.json", "2G to 4", 'lfarea "LFAREA=(1M=(10%),2G=(12,10))" -> "LFAREA=(1M=(10%),2G=(4))"'),
        ("aix-ame4k-64k.json", "smt off", "cpu.smt 8 -> 1"),
        # two values in one clause, each after (or before) its own field's word: the word between them is not shared
        ("hpux-superdome.json", "give it text 64K data 16M", 'large_pages.text "4K" -> "64K"'),
        # a count of ports with no speed: the document's one FC field; the count itself, not one added
        ("vios-undersized.json", "try 6 FC ports rather than 4", "adapters.fc_8g_ports 4 -> 6"),
        ("vios-undersized.json", "what if it had 28 NPIV adapters", "adapters.npiv_vfc_adapters 20 -> 28"),
        # "this one" points at the partition: no factor of 1
        ("aix-clean.json", "suppose we push the factor to 3.3 on this one", "ame.expansion_factor 2.0 -> 3.3"),
        ("hpux-superdome.json", "give it text 64K data 16M", 'large_pages.data "4K" -> "16M"'),
        ("hpux-superdome.json", "try 64K text 16M data", 'large_pages.text "4K" -> "64K"'),
        ("hpux-superdome.json", "try 64K text 16M data", 'large_pages.data "4K" -> "16M"'),
    ],
)
def test_a_change_in_words_reaches_its_field(engine, document, message, change):
    reply = engine.turn(message, None, document=_doc(document))
    assert reply.intent == "whatif" and change in reply.answer, reply.answer


def test_the_amount_before_an_arrow_is_no_value_for_the_last_field(engine):
    first = engine.turn("what if 6 FC ports", None, document=_doc("vios-undersized.json"))
    second = engine.turn("and the 1G ports 2 -> 6?", first.state)
    assert "adapters.eth_1g_ports 2 -> 6" in second.answer, second.answer[:300]
    assert "fc_8g_ports 6 -> 2" not in second.answer  # the 2 is what the 1G ports had


def test_a_follow_up_change_in_words_accumulates(engine):
    first = engine.turn("suppose we configure 20% cell local memory", None, document=_doc("hpux-superdome.json"))
    second = engine.turn("and use 16M text / 64M data pages for disp+work", first.state)
    assert second.intent == "whatif" and 'large_pages.text "4K" -> "16M"' in second.answer
    assert "clm_pct: 0% -> 20%" in second.answer  # the changes so far


@pytest.mark.parametrize(
    "message, fields",
    [
        ("make it dedicated", ["cpu.mode", "memory.mode"]),
        ("what if the mode were dedicated", ["cpu.mode", "memory.mode"]),
    ],
)
def test_words_that_fit_two_fields_are_asked_back(engine, message, fields):
    reply = engine.turn(message, None, document=_doc("aix-ame4k-64k.json"))
    assert reply.intent == "clarify" and reply.needs_input and "Which setting do you mean" in reply.answer
    assert all(f in reply.answer for f in fields)
    assert reply.state.document == _doc("aix-ame4k-64k.json")  # nothing changed


def test_a_page_size_with_no_field_of_its_own_changes_nothing(engine):
    reply = engine.turn("use 64M pages for disp+work", None, document=_doc("hpux-superdome.json"))
    assert "adding_work_processes" not in reply.answer and "large_pages" not in reply.answer.split("\n")[0]


@pytest.mark.parametrize(
    "document, message, changes",
    [
        ("aix-ame4k-64k.json", "bump ame to 3.0", ["ame.expansion_factor 2.0 -> 3.0"]),
        (
            "managed-system.json",
            "what if sapdb01 had AME at 1.5",  # "at" named amepat.at_peak before: a wrong change
            ["partitions[3].ame.expansion_factor (not set) -> 1.5", "partitions[3].ame.enabled false -> true"],
        ),
    ],
)
def test_ame_at_a_factor(engine, document, message, changes):
    reply = engine.turn(message, None, document=_doc(document))
    assert all(c in reply.answer for c in changes) and "at_peak" not in reply.answer


def test_a_share_is_no_amount_of_mb(engine):
    reply = engine.turn("1M to 20%", None, document=_doc("zos-lfarea.json"))
    assert "LFAREA=(1M=(20%),2G=(12,10))" in reply.answer and "allocated_1m_mb" not in reply.answer


_ZOS = {
    "kind": "zos-lpar",
    "name": "SYSR",
    "machine": "z13",
    "zos_version": "2.1",
    "online_storage_gb": 104,
    "lfarea": "LFAREA=(1M=(20000,40000))",
}


@pytest.mark.parametrize(
    "message",
    [
        "flip it around: LFAREA=(1M=(40000,20000))",
        "what if LFAREA=(1M=(40000,20000))?",
        "LFAREA=(1M=(40000,20000)) then",
    ],
)
def test_a_statement_written_whole_on_a_document_is_a_change_of_that_setting(engine, message):
    first = engine.turn("review SYSR", document=dict(_ZOS))
    reply = engine.turn(message, json.loads(first.state.model_dump_json()))
    assert reply.intent == "whatif", reply.answer[:300]
    assert '-> "LFAREA=(1M=(40000,20000))"' in reply.answer
    assert "80 GB" in reply.answer  # the new form's limit: 0.8 x (104 - 4)
    assert "40000.2" not in reply.answer and "allocated_1m" not in reply.answer  # the statement's figures stay in it
