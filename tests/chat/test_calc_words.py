"""Calculators in prose and what-if in words (issue 14 items 2, 5, 6): what is asked, roles, fields by words.

Each test is checked from both sides: the phrasing that must compute (or change the document) and the
one that must not (another quantity asked, a page size that is no memory, a field two phrases fit).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from advisor.capabilities.whatif import ChangeError
from advisor.chat.calc import calculate
from advisor.chat.calc.asked import asked
from advisor.chat.calc.power import hpt_groups
from advisor.chat.reader import read
from advisor.chat.wording import word_changes
from tests.chat import calc_probes

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _doc(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def _results(question: str, platforms=frozenset()) -> dict[str, object]:
    result = calculate(question, set(platforms))
    assert result is not None, question
    return {c.name: c.result for c in result.calculations}


def test_asked_is_the_clause_that_asks():
    assert asked("32 GB real, 8 GB paging, AME 1.8 - total virtual memory before an outage?").startswith("total")
    assert asked("true mem 12 GB, expansion 1.5 -> expanded?").strip() == "expanded?"
    assert "how much CPU" in asked("32 GB true memory, factor 2 - how much CPU will compression cost?")


@pytest.mark.parametrize(
    "question, name, value",
    [
        ("32 GB real, 8 GB paging, AME 1.8 - total virtual memory before an outage?", "ame.virtual_memory_limit", 65.6),
        (
            "8G paging space + 20G physical at ame 1.5: when does aix start killing processes",
            "ame.virtual_memory_limit",
            38,
        ),
        ("true mem 12 GB, expansion 1.5 -> expanded?", "ame.expanded_memory", 18),
        ("need 40 GB expanded with a factor of 2.5 - true memory?", "ame.true_memory", 16),
        ("at factor 3, what real memory gives 45G expanded", "ame.true_memory", 15),
        ("16 GB true, want 40 GB expanded - which factor?", "ame.factor", 2.5),
    ],
)
def test_ame_reads_each_amount_by_its_role_in_any_order(question, name, value):
    assert _results(question)[name] == pytest.approx(value)


@pytest.mark.parametrize(
    "question",
    [
        "ame 2.0, 24 GB physical - how much virtual memory before processes get killed?",  # paging not given
        "32 GB true memory, factor 2 - how much CPU will compression cost?",  # CPU: not computed here
        "vios memory for 32 cores - how much CPU will it use?",
        "sap instances for 16 cores, what response time will users see?",
    ],
)
def test_a_quantity_the_calculator_does_not_compute_gets_no_figure(question):
    assert calculate(question, set()) is None


def test_the_limit_without_paging_space_is_asked_back_and_resumed(engine):
    first = engine.turn("AME at 1.6 on a 30 GB lpar: how much virtual memory until AIX kills processes?")
    assert first.intent == "clarify" and first.needs_input and not first.calculations
    second = engine.turn("4 GB of paging", first.state)
    assert [c.result for c in second.calculations] == [pytest.approx(52.0)]  # 1.6 x 30 + 4


@pytest.mark.parametrize(
    "question, processor, hpt_gb",
    [
        ("hpt on a power6: 4 aix lpars, max mem 128 GB each", "POWER6", 8.0),
        ("P7+ frame, 8 linux lpars each max 48 GB: hypervisor page table size?", "POWER7+", 3.0),
        ("4 AMS lpars with 64 GB max each on power7+, HPT?", "POWER7+", 4.0),
        ("page table on POWER9 for 10 aix partitions at 64 GB desired and 256 GB max", "POWER9", 20.0),
        ("HPT for 5 linux lpars, 640 GB max in total, on a power8", "POWER8", 5.0),
    ],
)
def test_hpt_pairs_each_group_with_its_maximum(question, processor, hpt_gb):
    results = _results(question, read(question).platforms and {p.tag for p in read(question).platforms})
    assert results[f"hpt.size.{processor}"] == pytest.approx(hpt_gb)


def test_hpt_does_not_guess_between_two_unnamed_sizes():
    parts, _ = hpt_groups("4 lpars with 64 GB and 128 GB, hpt?")
    assert parts == []


def test_power_models_are_read_as_their_generation():
    assert [p.name for p in read("and for a 128 core E980?").platforms] == ["POWER9"]
    assert [p.name for p in read("an E1080 with 240 cores").platforms] == ["POWER10"]
    assert [p.name for p in read("Power S824 box").platforms] == ["POWER8"]


def test_a_model_name_in_a_follow_up_varies_the_last_sizing(engine):
    first = engine.turn("how much memory for the vios on 32 cores")
    second = engine.turn("and a 160 core E1080?", first.state)
    assert [c.result for c in second.calculations] == [20480]


def test_saps_given_after_a_question_for_cores_resume_the_sizing(engine):
    first = engine.turn("number of SAP instances for our HP-UX box?")
    assert first.needs_input
    second = engine.turn("the sizing came out at 33000 SAPS", first.state)
    assert [c.result for c in second.calculations] == ["14 to 22"]


# ------------------------------------------------------------------ what-if: fields by their words


def _changes(doc: dict, text: str) -> dict[str, object]:
    return {c.path: c.value for c in word_changes(doc, text, read(text))}


def test_page_sizes_go_to_their_fields_never_to_memory():
    doc = _doc("hpux-superdome.json")
    assert _changes(doc, "what if disp+work ran 16M text and 64M data pages") == {
        "large_pages.text": "16M",
        "large_pages.data": "64M",
    }
    assert _changes(_doc("zos-lfarea.json"), "what if 1M were 20%") == {"lfarea": "LFAREA=(1M=(20%),2G=(12,10))"}


@pytest.mark.parametrize(
    "doc, text, path, value",
    [
        ("hpux-superdome.json", "and cut swap to 96 GB", "swap_gb", 96),
        ("hpux-superdome.json", "raise buffer cache to 8 percent", "buffer_cache_max_pct", 8),
        ("hpux-superdome.json", "what if there were 8 cells", "cells", 8),
        ("zos-lfarea.json", "what if we add 32 GB of storage", "online_storage_gb", 48),
        ("zos-lfarea.json", "what if we ask for 4 2G pages instead of 12", "lfarea", "LFAREA=(1M=(10%),2G=(4))"),
        ("zvm-z13.json", "and back out VM65586", "zvm.apars", []),
        ("zvm-z13.json", "what if we had 32 ifls", "engine_count", 32),
        ("aix-ame4k-64k.json", "switch to dedicated cpus", "cpu.mode", "dedicated"),
        ("aix-ame4k-64k.json", "what if we turned dedup on", "memory.deduplication", True),
        ("vios-undersized.json", "lower the weight to 128", "cpu.weight", 128),
        ("managed-system.json", "what if sapdb01 had 8 GB of paging space", "partitions[3].memory.paging_space_gb", 8),
        ("managed-system.json", "what if the shared pool had 16 cores", "shared_pool_cores", 16),
        ("aix-ame4k-64k.json", "double the entitlement", "cpu.entitled_capacity", 2),
        ("aix-ame4k-64k.json", "switch it to capped", "cpu.sharing", "capped"),
        ("aix-ame4k-64k.json", "what if it were a java workload", "workload.type", "sap-java"),
        ("vios-undersized.json", "remove 2 of the 8Gb FC ports", "adapters.fc_8g_ports", 2),
        ("vios-undersized.json", "what if vpm_fold_policy were 1", "vpm_fold_policy", 1),
        ("zos-lfarea.json", "what if online storage doubled", "online_storage_gb", 32),
        ("zos-lfarea.json", "what if we had flash express", "flash_express", True),
        ("zvm-z13.json", "switch the engines to ziips", "engines", "ziip"),
        ("zvm-z13.json", "cut to 8 IFLs", "engine_count", 8),
    ],
)
def test_a_value_goes_to_the_field_its_words_name(doc, text, path, value):
    changes = _changes(_doc(doc), text)
    assert changes.get(path) == value
    assert len(changes) == 1, changes  # one value, one field: never also the memory or the frame's cores


def test_an_apar_is_added_to_the_fixes(engine):
    doc = {
        "kind": "zvm-lpar",
        "name": "Z",
        "machine": "z13",
        "engines": "ifl",
        "engine_count": 8,
        "zvm": {"version": "6.3", "apars": []},
        "smt_enabled": True,
        "workload": {"type": "sap-app-server", "profile": "oltp"},
    }
    reply = engine.turn("apply VM65586", None, doc)
    assert reply.intent == "whatif" and "Resolved: ZVM-003" in reply.answer
    undone = engine.turn("undo", reply.state)
    assert "Undone: zvm.apars" in undone.answer


@pytest.mark.parametrize(
    "doc, text",
    [
        ("managed-system.json", "what if vios1 had 2 GB"),  # never cpu.smt = 2 (an enumeration's digit)
        ("aix-ame4k-64k.json", "what if the ame page support were 64K"),  # never 64 KB of large pages
        ("hpux-superdome.json", "what if we had 4 sap instances"),  # instances are a list: no field of that noun
    ],
)
def test_a_number_never_lands_in_a_field_it_does_not_name(doc, text):
    changes = _changes(_doc(doc), text)
    assert not any(p.endswith(("smt", "large_page_gb", "saps")) for p in changes), changes


def test_a_field_two_phrases_fit_equally_is_not_guessed():
    assert "ame.expansion_factor" not in {
        p for p in _changes(_doc("aix-ame4k-64k.json"), "what if the factor were 2.5") if p.startswith("amepat")
    }


# ------------------------------------------------------------------ the probe set of this lane


@pytest.mark.parametrize("split", ["tune", "held"])
def test_probe_set_bars(engine, split, capsys):
    from tests.chat.eval import runner

    results = calc_probes.play(engine, split)
    scores = runner.scores(results)
    with capsys.disabled():
        print(f"\ncalc probes {split}: {scores}")
    assert scores["wrong_numbers"] == 0
    assert scores["oos_answered_with_citations"] == 0
    assert scores["fully_answered_pct"] >= PROBE_FLOOR[split], [r.say for r in results if r.failures]


PROBE_FLOOR = {"tune": 95.0, "held": 90.0}  # held: run once at the end, 94.1 % (notes/s4-chatcalc.md)


# ------------------------------------------------------------------ every field a rule reads, by its words

KIND_EXAMPLES = {
    "aix-lpar": "aix-ame4k-64k.json",
    "vios": "vios-undersized.json",
    "hpux-server": "hpux-superdome.json",
    "zos-lpar": "zos-lfarea.json",
    "zvm-lpar": "zvm-z13.json",
}


def _fields_rules_read(advisor, kind: str) -> list[str]:
    out: set[str] = set()
    for cr in advisor.rulebook.rules.values():
        if kind in cr.rule.kinds:
            out |= {f for f in (*cr.rule.requires, *cr.rule.optional) if not f.startswith("derived.")}
    return sorted(out)


def _phrase(path: str, ft, current) -> str | None:
    words = " ".join(re.sub(r"_(?:gb|mb|kb|pct)$", "", path).replace(".", " ").replace("_", " ").split())
    if ft.type == "number":
        unit = " GB" if path.endswith("_gb") else " %" if path.endswith("_pct") else ""
        return f"what if the {words} were 3{unit}"
    if ft.type == "enum":  # a value other than the document's own (the same value is no change)
        return f"what if the {words} were {next(c for c in reversed(ft.choices) if c != current)}"
    if ft.type == "bool":
        return f"turn on {words}"
    return None  # lists (disks, adapters, instances) and free strings: `set <path> = <value>`


@pytest.mark.parametrize("kind", sorted(KIND_EXAMPLES))
def test_every_scalar_field_a_rule_reads_is_reachable_by_its_words(engine, kind):
    from advisor.capabilities.whatif import get_at
    from advisor.chat.changes import field_types, parse_changes

    doc = _doc(KIND_EXAMPLES[kind])
    types = field_types(kind)
    missed = []
    for path in _fields_rules_read(engine.advisor, kind):
        phrase = _phrase(path, types[path], get_at(doc, path)) if path in types else None
        if phrase is None:
            continue
        changes = word_changes(doc, phrase, read(phrase)) or parse_changes(doc, phrase)
        if path not in {c.path for c in changes}:
            missed.append((path, phrase, [c.path for c in changes]))
    assert missed == []


@pytest.mark.parametrize(
    "question, name, value",
    [
        (
            "amepat shows 512 MB deficit at factor 2.5 on 8 GB true - what factor are we really getting?",
            "ame.achieved_factor",
            2.4375,
        ),
        ("memory gain at factor 3.2?", "ame.memory_gain_pct", 220),
        ("ame: 10 GB true @ 2.0 -> expanded?", "ame.expanded_memory", 20),
        ("ticket: vios1 on p9 frame (72 cores) - how much RAM should it have?", "vios_memory.base", 9216),
        ("pageable large frame area size, 256G real", "plarea.size", 28),
    ],
)
def test_more_shapes_of_the_same_calculators(question, name, value):
    assert _results(question)[name] == pytest.approx(value)


def test_a_factor_asked_for_from_what_cannot_give_it_gets_no_figure():
    assert calculate("true 8 GB, factor 2 - what factor should amepat recommend?", set()) is None


@pytest.mark.parametrize(
    "turns, name, value",
    [
        (["true memory 20 GB, factor 1.5: expanded?", "what about 40 GB true"], "ame.expanded_memory", 60),
        (["hpt on power7 for 3 lpars, max 100 GB each", "and 6 lpars?"], "hpt.size.POWER7", 9.375),
    ],
)
def test_a_follow_up_replaces_the_amount_of_the_same_role(engine, turns, name, value):
    reply = engine.turn(turns[0])
    reply = engine.turn(turns[1], reply.state)
    assert {c.name: c.result for c in reply.calculations}[name] == pytest.approx(value)


@pytest.mark.parametrize(
    "question, name, value",
    [
        ("IARV64 GETSTOR with UNITS=12,UNITSIZE=1M - how big is the memory object?", "getstor.size", 12),  # MB
        ("request=getstor, units=3, unitsize=2G: storage?", "getstor.size", 6),
        ("min CLM for kernel and private data on a 192 GB rx8640?", "clm.kernel_floor", 19.2),
        ("power6 box, 4 linux lpars, max memory 32, 32, 64 and 128 GB - HPT?", "hpt.size.POWER6", 4.0),
        ("vios w/ 2 LHEAs (4 ports configured in total) - mem?", "vios_memory.complex_io", 2200),  # 768 + 1024 + 408
        ("max bufer cahce for a 100 GB hp-ux server", "hpux.buffer_cache_max", 3),
    ],
)
def test_calculators_outsiders_reach(question, name, value):
    platforms = {p.tag for p in read(question).platforms}
    assert _results(question, platforms)[name] == pytest.approx(value)


def test_sizes_that_do_not_match_the_partition_count_are_not_guessed():
    parts, _ = hpt_groups("3 lpars with max mem 64 and 128 GB")
    assert parts == []


def test_will_it_work_asks_for_the_online_storage(engine):
    first = engine.turn("would LFAREA=30G work?")  # 30 GB whatever is online; it fits from (30 + 2) / 0.8 = 40 GB on
    assert first.needs_input and first.verdict is not None and first.verdict.answer == "it depends"
    assert [(c.name, c.result) for c in first.calculations] == [("lfarea.requested", 30), ("lfarea.min_online", 40)]
    second = engine.turn("32 GB online", first.state)
    assert second.verdict is not None and second.verdict.answer == "no"  # old form: 0.8 x 32 - 2 = 23.6 GB
    assert [c.result for c in second.calculations] == [pytest.approx(23.6)]


@pytest.mark.parametrize(
    "question",
    [
        "we plan AME factor 3.9 on the 16 GB prod app server to cut RAM. wise?",
        "amepat suggests factor 6 with 2 GB for our 12 GB lpar. can we rely on that?",
    ],
)
def test_a_judgement_question_gets_no_figure_of_another_kind(engine, question):
    assert not engine.turn(question).calculations


def test_a_judgement_a_requirement_settles_keeps_its_figure(engine):
    reply = engine.turn("vios on a 48 core frame with 6 GB - ok?")
    assert reply.verdict is not None and reply.calculations


def test_a_reply_that_says_its_role_is_never_given_the_asked_one(engine):
    first = engine.turn("how much virtual memory before aix kills processes with AME 2.0?")
    assert first.needs_input
    second = engine.turn("true memory 16 GB", first.state)  # the paging space was asked: this is not it
    assert not second.calculations and second.needs_input
    third = engine.turn("paging 4 GB", second.state)
    assert [c.result for c in third.calculations] == [pytest.approx(36.0)]  # 2 x 16 + 4


def test_hpt_without_partitions_asks_and_resumes(engine):
    first = engine.turn("how big is the hpt?")
    assert first.needs_input and not first.calculations
    second = engine.turn("power8, 4 aix lpars with 128 GB max", first.state)
    assert {c.name: c.result for c in second.calculations}["hpt.size.POWER8"] == pytest.approx(4.0)


def test_terabytes_reach_the_hpux_calculators():
    assert _results("swap for 1.5 TB superdome")["hpux.swap_min"] == pytest.approx(3072)


def test_the_memory_to_set_is_asked_not_the_factor_validity():
    results = _results("expansion factor 1.8 and we want to see 36GB in lparstat -i. what do I set desired memory to?")
    assert results == {"ame.true_memory": pytest.approx(20.0)}  # 36 / 1.8; no "factor 1.8 is valid" answer


@pytest.mark.parametrize(
    "first, follow_up, key, expected",
    [
        # a count before "frame" is a machine, not a page frame size: the follow-up's count replaces it
        ("vios mem for a 64 core frame?", "and for 128 cores?", "cores", 128),
        ("vios sizing for a 32-core frame", "and 48 core frame?", "cores", 48),
        # "add" sums into the count of the same thing, also while the core count is still asked for
        ("vios: 4x8G FC, 2x10GbE, 16 npiv - mem?", "what if I add 20 NPIV clients?", "npiv", 36),
        ("vios: 6 x 8Gb FC ports, 40 NPIV clients - memory", "and if we add 2 npiv clients", "npiv", 42),
        # "N more lpars, K vfc each": N x K more of what is counted "each", the lpars themselves count nothing
        (
            "vios for 24 cores, 4 x 8Gb FC ports, 20 npiv adapters: memory?",
            "plus 3 more lpars with 2 vfc each",
            "npiv",
            26,
        ),
        (
            "vios for 24 cores, 4 x 8Gb FC ports, 20 npiv adapters: memory?",
            "and 5 more partitions, one npiv apiece?",
            "npiv",
            25,
        ),
    ],
)
def test_a_follow_up_changes_the_sizing_it_follows(engine, first, follow_up, key, expected):
    one = engine.turn(first)
    two = engine.turn(follow_up, one.state)
    text = two.answer.splitlines()[0] if key == "cores" else two.answer
    assert (f"{expected} cores x" if key == "cores" else f"{expected} x 140 MB") in text


def test_an_addition_is_never_taken_for_the_core_count_asked_for(engine):
    one = engine.turn("vios: 4x8G FC, 2x10GbE, 16 npiv - mem?")
    assert one.needs_input  # the core count
    two = engine.turn("and add 4 more npiv", one.state)
    assert "4 cores x" not in two.answer


@pytest.mark.parametrize(
    ("first", "follow_up", "expected"),
    [
        # a count without "add"/"more" is the new count of that thing, never an addition to it
        ("vios: 2 x 10GbE, 6 x 8Gb FC ports, 30 npiv adapters - memory?", "what if we only cable 3 of the fc ports", 3),
        ("vios: 2 x 10GbE, 6 x 8Gb FC ports, 30 npiv adapters - memory?", "just 2 fc ports then", 2),
        ("vios with 12 x 8Gb FC ports, 24 cores, memory?", "and if we connect 5 of our fc ports?", 5),
        ("vios with 5 x 8Gb FC ports, memory?", "we'll cable 1 of them", 1),
    ],
)
def test_a_follow_up_count_replaces_the_count_of_the_same_thing(engine, first, follow_up, expected):
    one = engine.turn(first)
    two = engine.turn(follow_up, one.state)
    assert f"+ {expected} x 512 MB (8 Gb FC port)" in two.answer


def test_of_them_with_two_counted_things_is_asked_not_guessed(engine):
    one = engine.turn("vios: 4 x 8Gb FC ports, 20 npiv adapters - memory?")
    two = engine.turn("only connect 2 of them", one.state)
    assert two.intent != "calc" and "512 MB" not in two.answer


@pytest.mark.parametrize(
    ("question", "limit"),
    [
        # the demand that takes the partition down is the AME safety net: expanded memory plus paging space
        ("lpar has 20 GB real, 4 GB paging space, expansion factor 2.0 - when does it run out of memory?", "44 GB"),
        ("AME factor 1.5 on 40 GB true with 8 GB of paging: how much demand before the instance falls over", "68 GB"),
        ("24 GB true mem, 3 GB paging, ame 2.5 - at which load does the lpar go down", "63 GB"),
    ],
)
def test_a_go_down_question_with_paging_gets_the_safety_net(engine, question, limit):
    reply = engine.turn(question)
    assert reply.intent == "calc"
    assert f"= {limit} of virtual memory" in reply.answer


@pytest.mark.parametrize(
    ("question", "follow_up", "limit"),
    [
        # "and without AME?": the same sizes with the factor taken out: real memory plus paging space
        (
            "lpar has 20 GB real, 4 GB paging space, expansion factor 2.0 - when does it run out of memory?",
            "and with AME off?",
            "24 GB",
        ),
        ("24 GB true mem, 3 GB paging, ame 2.5 - at which load does the lpar go down", "what about w/o AME", "27 GB"),
    ],
)
def test_without_ame_after_a_safety_net_drops_the_factor(engine, question, follow_up, limit):
    one = engine.turn(question)
    two = engine.turn(follow_up, one.state)
    assert two.intent == "calc"
    assert f"= {limit} of virtual memory" in two.answer, two.answer[:300]


@pytest.mark.parametrize(
    ("question", "limit"),
    [
        # "nn%", "xx%", "N%", "<n>%": the form written with a placeholder, never a value that is invalid
        ("LFAREA=xx% on 40 GB online, max?", "30 GB"),
        ("largest LFAREA=N% on a 96 GB z/OS image", "74.8 GB"),
        ("LFAREA=nnn% with 20 GB online - the most we can ask for?", "14 GB"),
        ("LFAREA=(1M=(<n>%)) with 72 GB online - how big can it go?", "54.4 GB"),
    ],
)
def test_an_lfarea_placeholder_reads_as_the_form(engine, question, limit):
    reply = engine.turn(question)
    assert "not valid" not in reply.answer
    assert f"= {limit} on" in reply.answer


def test_an_lfarea_with_letters_that_are_no_placeholder_stays_invalid(engine):
    assert "is not valid" in engine.turn("LFAREA=abc on 64 GB online?").answer


@pytest.mark.parametrize(
    "question",
    [
        # a definition asked: the sources' passage, never the calculator's comparisons
        "what does ITR mean in the z13 SMT paper",
        "z13 smt report - what does ETR stand for?",
        "meaning of ITR in that z13 SMT redpaper",
    ],
)
def test_a_meaning_question_gets_no_calculation(engine, question):
    reply = engine.turn(question)
    assert reply.intent != "calc" and not reply.calculations
    assert reply.citations and reply.citations[0].source_id == "ibm-z13-smt-sap-redp5287"


def test_a_figure_question_on_the_same_report_still_computes(engine):
    assert engine.turn("how much more ITR with SMT on z13?").intent == "calc"


@pytest.mark.parametrize(
    "question",
    [
        # a procedure whose subject the sources speak of elsewhere but no passage covers: not covered, no citations
        "what are the steps to flash new system firmware through the hmc",
        "how to upgrade firmware on the managed system without an outage",
        "procedure for a concurrent microcode update on a POWER9 frame",
    ],
)
def test_a_procedure_the_sources_do_not_cover_is_out_of_scope(engine, question):
    reply = engine.turn(question)
    assert not reply.covered and not reply.citations


@pytest.mark.parametrize("question", ["steps to set up NPIV on the VIOS", "how do I enable AME?"])
def test_a_procedure_the_sources_cover_is_answered(engine, question):
    reply = engine.turn(question)
    assert reply.covered and reply.citations


@pytest.mark.parametrize(
    ("question", "beyond"),
    [
        # above the AME64K guide's 2.0-2.8 for productive SAP use (Table 5 conclusion): the range said with the figure
        ("true memory for 60 GB expanded on our SAP ABAP lpar at factor 3.2?", True),
        ("sap app server should see 140 GB; ame 4.0 - how much physical memory?", True),
        # inside the range, or no SAP said: the figure alone
        ("true memory for 60 GB expanded on our SAP ABAP lpar at factor 2.5?", False),
        ("true memory for 60 GB expanded at factor 3.2?", False),
    ],
)
def test_a_factor_beyond_the_sap_range_says_the_range(engine, question, beyond):
    reply = engine.turn(question)
    assert reply.intent == "calc"
    assert ("2.0 to 2.8 the 2023 guide found" in reply.answer) is beyond, reply.answer[:400]


@pytest.mark.parametrize(
    "question",
    [
        # CPU asked at a factor the question gives: the guide's measurements, never the memory gain at that factor
        "what cpu overhead does ame4k add at expansion factor 1.0 on a power9?",
        "cpu penalty of AME64K at factor 1.0, p10?",
    ],
)
def test_cpu_asked_at_a_given_factor_is_not_a_memory_figure(engine, question):
    reply = engine.turn(question)
    assert reply.intent != "calc"
    assert "Memory gain at factor" not in reply.answer
    assert "ibm-aix-ame64k-sap-2023" in {c.source_id for c in reply.citations}, reply.answer[:300]


@pytest.mark.parametrize(
    "question",
    [
        # whether to take amepat's advice: the guide's "verify with the real workload", never a computed memory figure
        "amepat suggests factor 2.6 on 10 GB true memory - should we just go with it?",
        "our amepat report says 8 GB at factor 3.1. ok to simply use that?",
    ],
)
def test_taking_amepat_advice_is_a_judgement_not_a_sizing(engine, question):
    reply = engine.turn(question)
    assert reply.intent != "calc"
    assert "verif" in reply.answer and "expanded memory:" not in reply.answer, reply.answer[:300]


def test_an_amepat_figure_asked_for_is_still_computed(engine):
    reply = engine.turn("amepat proposes factor 2.6 on 10 GB true memory: how much expanded memory is that?")
    assert reply.intent == "calc" and "26 GB" in reply.answer, reply.answer[:300]


def test_a_question_of_its_own_that_names_no_ame_is_not_the_last_sizing_without_ame(engine):
    first = engine.turn("factor 2.8, 42 GB expanded today: what true memory?", None)
    reply = engine.turn("so how much real memory do we save vs running without AME", first.state)
    assert "at factor 1:" not in reply.answer, reply.answer[:300]


@pytest.mark.parametrize(
    "text",
    [
        "what if we split D01 into two 4-core instances",
        "split instance D01 in 2 instances of 4 cores",
        "and splitting d01 into two instances",  # cores not said: the instance's 8 shared out
    ],
)
def test_splitting_a_named_instance_changes_that_instance_never_the_server(text):
    doc = _doc("hpux-superdome.json")
    changes = _changes(doc, text)
    assert "cores" not in changes  # the server keeps its 32 cores
    laid = changes["sap.instances"]
    assert [(i["name"], i["cores"]) for i in laid] == [("D00", 8), ("D01", 4), ("D03", 4), ("D02", 16)]
    assert [i["work_processes"] for i in laid] == [36, 18, 18, 60]
    assert laid[0]["pset"] == 1 and laid[2]["pset"] is None  # D00 keeps its binding; the new part is unbound


def test_a_split_that_cannot_be_made_for_sure_is_refused_never_guessed():
    doc = _doc("hpux-superdome.json")
    with pytest.raises(ChangeError, match="cores"):
        word_changes(doc, "split D02 into three instances", read("split D02 into three instances"))  # 16 / 3
    with pytest.raises(ChangeError, match="server has 32"):
        word_changes(doc, "split D02 into four 8-core instances", read("split D02 into four 8-core instances"))


def test_spelled_counts_lay_the_instances_out_anew():
    laid = _changes(_doc("hpux-superdome.json"), "what if we ran four 8-core instances")["sap.instances"]
    assert [(i["name"], i["cores"]) for i in laid] == [("D00", 8), ("D01", 8), ("D02", 8), ("D03", 8)]
