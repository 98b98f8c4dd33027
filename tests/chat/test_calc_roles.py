"""Figures from the user's own numbers read by their role (issue 14): which factor is moved to, which memory is the
true one, which processor figure is the average at peak, which count a follow-up replaces, which partitions'
OS changed. Each mechanism is checked on phrasings of its own and on one that must not compute (or must ask).
"""

from __future__ import annotations

import json

import pytest

from advisor.chat.calc import calculate
from advisor.chat.reader.wrappers import unwrap


def _chat(engine, *messages: str):
    state = None
    reply = None
    for message in messages:
        reply = engine.turn(message, state)
        state = json.loads(reply.state.model_dump_json())
    assert reply is not None
    return reply


def _results(reply) -> dict[str, object]:
    return {c.name: c.result for c in reply.calculations}


@pytest.mark.parametrize(
    ("first", "follow_up", "gb"),
    [
        # 3 x 128 / 128 + 64 / 64 = 4 GB; all AIX: 448 / 128
        (
            "POWER7+ box: 3 AIX LPARs at max 128 GB each and one IBM i with max 64 GB. HPT?",
            "and if they were all AIX?",
            3.5,
        ),
        (
            "POWER7+ box: 3 AIX LPARs at max 128 GB each and one IBM i with max 64 GB. HPT?",
            "what if the ibm i one ran aix",
            3.5,
        ),
        (
            "hpt size on a power7+ box w/ 6 aix lpars, max memory 64G each?",
            "and if those six were IBM i partitions?",
            6.0,
        ),
        ("P7+ frame, AIX lpars with max mem 256, 128, 64 and 64 GB. HPT size?", "and if the box were a POWER7?", 8.0),
    ],
)
def test_an_hpt_follow_up_changes_the_os_or_processor_never_repeats_the_figure(engine, first, follow_up, gb):
    before = _results(_chat(engine, first))
    after = _results(_chat(engine, first, follow_up))
    assert list(after.values()) == [gb], (follow_up, after)
    assert after != before


@pytest.mark.parametrize("follow_up", ["and if some were linux?", "and if two of them were linux?"])
def test_an_os_change_of_part_of_the_partitions_is_asked(engine, follow_up):
    reply = _chat(engine, "POWER7+: 2 AIX lpars at 64 GB max and 2 IBM i lpars at 32 GB max, hpt?", follow_up)
    assert not reply.calculations and reply.needs_input  # which partitions: not guessed


def test_a_list_of_sizes_counts_the_partitions_itself():
    result = calculate("power6 570, lpars max 48, 48 and 96 GB. hpt?", {"power6"})
    assert result is not None and [c.result for c in result.calculations] == [3.0]  # 192 / 64
    assert calculate("3 lpars with max 48 and 96 GB, hpt?", {"power6"}) is None  # 2 sizes for 3 partitions


@pytest.mark.parametrize(
    ("question", "true_gb"),
    [
        ("going from ame 1.4 to 2.1, keeping expanded at 42 GB. new true memory?", 20.0),
        ("ame 1.25 -> 2.0 with expanded mem staying 40G: how much true?", 20.0),
        ("need 50 GB expanded, factor 2.5 -> how much true?", 20.0),
    ],
)
def test_the_true_memory_is_taken_at_the_factor_moved_to(engine, question, true_gb):
    assert _results(_chat(engine, question)).get("ame.true_memory") == true_gb


def test_desired_and_target_are_the_true_and_expanded_memory(engine):
    reply = _chat(engine, "lparstat -i: 16 GB desired, 36 GB target expanded. which factor?")
    assert _results(reply) == {"ame.factor": 2.25}


def test_a_factor_without_the_expanded_memory_is_asked_and_resumed(engine):
    asked = _chat(engine, "what expansion factor if we give the lpar 8 GB true?")
    assert asked.intent == "clarify" and not asked.calculations
    assert _results(_chat(engine, "what expansion factor if we give the lpar 8 GB true?", "20 GB")) == {
        "ame.factor": 2.5
    }


@pytest.mark.parametrize(
    ("question", "ec", "vps"),
    [
        ("nmon: lpar averages 4.2 cores during the peak window, max 7. EC / VP?", 4.2, 7),
        ("peak avg 12 processors, spikes up to 17.5 - how to set entitlement and virtual procs", 12.0, 18),
    ],
)
def test_entitlement_and_virtual_processors_from_the_peak(engine, question, ec, vps):
    assert _results(_chat(engine, question)) == {"lpar.entitled_capacity": ec, "lpar.virtual_processors": vps}


def test_processor_figures_without_their_statistic_compute_nothing():
    assert calculate("lpar with 6 cores and 12 VPs, EC?", set()) is None
    assert calculate("average 12 cores, max 8 cores: EC and VPs?", set()) is None  # max below average


def test_a_count_said_instead_replaces_the_one_before(engine):
    reply = _chat(engine, "vios: 24 cores, 2 x 10GbE, 6 x 8Gb FC, 60 npiv", "we'll only use 30 npiv clients")
    assert _results(reply)["vios_memory.complex_io"] == 768 + 2 * 512 + 6 * 512 + 30 * 140


def test_ticket_fields_are_no_inputs(engine):
    reply = _chat(engine, "INC0001 | Priority: 2 | vios memory for 2 x 10GbE, 4 x 8Gb FC and 30 npiv?")
    assert _results(reply) == {"vios_memory.complex_io": 768 + 2 * 512 + 4 * 512 + 30 * 140}


def test_fc_ports_without_a_speed_are_asked_with_the_figure_at_the_one_fc_increment(engine):
    reply = _chat(engine, "vios memory for 6 FC ports and 10 npiv?")
    assert reply.intent == "clarify" and reply.needs_input and "Assumed" in reply.answer
    assert _results(reply) == {"vios_memory.complex_io": 768 + 6 * 512 + 10 * 140}


def test_clm_at_least_is_the_kernel_share(engine):
    assert _results(_chat(engine, "at least how much CLM on a 384 GB npar?")) == {"clm.kernel_floor": 38.4}


def test_getstor_keywords_alone_are_the_request(engine):
    assert _results(_chat(engine, "UNITS=300 UNITSIZE=2G - how big?")) == {"getstor.size": 600.0}
    assert "12 MB" in _chat(engine, "UNITS=12,UNITSIZE=1M size?").answer


def test_a_short_note_about_a_quoted_request_asks_that_request():
    text = unwrap("> From: ops\n> vios memory for 2 x 10GbE and 40 npiv please\nwhat do i tell them?").text
    assert "40 npiv" in text and "what do i tell them" in text
    assert unwrap("> old stuff here\nhow much memory does a vios need for 32 cores?").text.startswith("how much")


def test_paging_slowdown_starts_at_the_expanded_memory(engine):
    # AME64K guide, "Using AME as a safety net": slowdown near factor x true memory, outage near it plus paging space
    alone = _chat(engine, "ame 2.5 on 24 GB true memory: when does it start paging heavily?")
    assert _results(alone) == {"ame.paging_starts": 60.0} and alone.verdict is None
    follow = _chat(engine, "32 GB true, 4 GB paging, AME 1.5: at what demand does sap go down?", "and the slowdown?")
    assert _results(follow) == {"ame.paging_starts": 48.0} and "52 GB" in follow.answer


def test_an_action_put_as_a_question_gets_the_validity_verdict(engine):
    reply = _chat(engine, "set the expansion factor to 10.5 on prod?")
    assert reply.verdict is not None and reply.verdict.answer == "no"
    assert _chat(engine, "set the expansion factor to what for 40 GB expanded on 16 GB?").verdict is None


def test_buffers_named_after_max_allocated():
    result = calculate("Max Allocated for Medium buffers = 140, Min Buffers = 128. new min?", set())
    assert result is not None and [c.result for c in result.calculations] == [256]


def test_an_old_form_placeholder_follow_up_in_the_new_form(engine):
    reply = _chat(engine, "72 GB online, LFAREA=xx% form: biggest we can ask?", "and in the 1M= syntax?")
    assert "54.4 GB" in reply.answer  # 0.8 x (72 - 4)


def test_instances_asked_then_sized_by_saps(engine):
    reply = _chat(engine, "instances for the hp-ux sap box?", "sizing says 12000 SAPS")
    assert _results(reply) == {"sap_instances.for_saps": "5 to 8"}  # ceil(12000/2500), floor(12000/1500)
    assert _results(_chat(engine, "20 core superdome for sap, instances?")) == {"sap_instances.for_cores": "5 to 10"}


def test_a_figure_of_the_attached_document(engine):
    doc = {
        "kind": "zos-lpar",
        "name": "T1",
        "zos_version": "2.3",
        "online_storage_gb": 84,
        "lfarea": "LFAREA=(1M=(25%))",
    }
    reply = engine.turn("how much 1M memory does this reserve?", None, document=doc)
    assert reply.intent == "calc" and "20 GB" in reply.answer  # 0.25 x (84 - 4)
    state = json.loads(reply.state.model_dump_json())
    after = engine.turn("what if we had 100 GB online", state)
    assert after.intent == "whatif" and "LFAREA request: 20 -> 24 GB" in after.answer  # 0.25 x 96


def test_how_much_it_needs_after_a_judgement_of_the_document(engine):
    doc = json.loads((__import__("pathlib").Path(__file__).parents[2] / "examples/vios-undersized.json").read_text())
    first = engine.turn("is the memory of this vios enough?", None, document=doc)
    reply = engine.turn("how much does it need?", json.loads(first.state.model_dump_json()))
    assert reply.intent == "explain" and "6940 MB" in reply.answer


def test_key_value_inputs_count_their_key_not_the_next_word():
    from advisor.chat.reader import read

    reading = read("vios: cores=24 fc8g=2 eth10g=2 npiv=16 veth=4, memory?")
    said = {(q.kind, q.medium or q.noun, q.count or q.value) for q in reading.quantities}
    assert said == {
        ("cores", "cores", 24.0),
        ("speed", "fc", 2),
        ("speed", "ethernet", 2),
        ("count", "npiv", 16),
        ("count", "veth", 4),
    }
    assert "48 fc" not in read("cores=48 fc8g=4").text  # 48 cores, never 48 FC ports


def test_peak_alone_is_the_highest_use_and_at_peak_the_window():
    result = calculate("avg at peak 2.5 physc, peak 4.1: EC + VPs?", set())
    assert result is not None and [c.result for c in result.calculations] == [2.5, 5]


def test_ame_from_to_and_true_asked_as_a_noun(engine):
    reply = _chat(engine, "ame from 1.5 to 3.0 on 12 GB true, same expanded - new true?")
    assert _results(reply) == {"ame.true_memory_for_factor": 6.0} and reply.verdict is None


def test_a_role_word_after_a_size_that_names_the_next_size():
    from advisor.chat.calc.power import ame_sizes

    assert ame_sizes("factor 2 true 20 GB paging 4 GB")[0] == {"true": 20.0, "paging": 4.0}
    assert ame_sizes("20 GB true 4 GB paging, factor 2")[0] == {"true": 20.0, "paging": 4.0}


def test_buffer_cache_tunables_are_the_buffer_cache(engine):
    reply = _chat(engine, "dbc_max_pct at 8% on a 100 GB box for sap - ok?")
    assert reply.verdict is not None and reply.verdict.answer == "no" and "3 GB" in reply.answer


def test_a_server_model_follow_up_replaces_the_model(engine):
    from advisor.chat.dialogue import _model_swapped
    from advisor.chat.reader import read

    assert (
        _model_swapped("AME feature code for a Power 750?", read("and for the 795"))
        == "AME feature code for a Power 795?"
    )
    assert _model_swapped("750 GB and a Power 750?", read("and 12")) is None


def test_the_part_named_by_its_os_changes(engine):
    reply = _chat(engine, "hpt: power7+, 2 aix lpars 128G max, 1 ibm i 64G max", "what if the aix ones were ibm i too?")
    assert _results(reply) == {"hpt.size.POWER7+": 5.0}  # 320 / 64


@pytest.mark.parametrize(
    ("first", "follow_up"),
    [
        ("vios memory for 32 cores, 4 x 8Gb FC, 40 npiv", "and how much CPU?"),
        ("ame 2.0, 24 GB true, 8 GB paging: limit?", "and the CPU cost?"),
        ("our lpar averages 9 cores at peak and hits 14 max. EC and VPs?", "and the weight?"),
    ],
)
def test_a_follow_up_asking_another_quantity_gets_no_figure_of_the_last(engine, first, follow_up):
    assert not _chat(engine, first, follow_up).calculations


def test_a_follow_up_asking_another_figure_of_the_same_inputs(engine):
    assert _results(_chat(engine, "ame 2.0, 24 GB true, 8 GB paging: limit?", "and the slowdown?")) == {
        "ame.paging_starts": 48.0
    }


def test_a_clm_share_said_after_the_word():
    result = calculate("clm 10% of 512G?", set())
    assert result is not None and [c.result for c in result.calculations] == [51.2]


@pytest.mark.parametrize(
    ("question", "reply", "figure"),
    [
        ("swap sizing for SAP on hp-ux?", "box has 96 GB", "192 GB"),
        ("max buffer cache for our sap on hp-ux?", "it has 200 GB", "6 GB"),
        ("what is the biggest LFAREA we can code?", "D M=STOR says 104G online", "80 GB"),  # 0.8 x (104 - 4)
        ("how much expanded memory will AIX see on that lpar?", "16 GB true, factor 1.5", "24 GB"),
    ],
)
def test_the_missing_input_is_asked_then_resumed(engine, question, reply, figure):
    asked_back = _chat(engine, question)
    assert asked_back.intent == "clarify" and asked_back.needs_input and not asked_back.calculations
    assert figure in _chat(engine, question, reply).answer


@pytest.mark.parametrize(
    ("messages", "gb"),
    [
        # what SAP needs is what AIX shows it: the expanded memory; true = expanded / factor
        (("how much physical memory with AME when the application needs 36 GB, expansion factor 1.5?",), 24.0),
        (
            ("true memory needed with AME for our new BW app server?", "the workload needs 30 GB, factor 2.5 planned"),
            12.0,
        ),
        # a decimal moved to after the factor is named is the new factor: 12 x 1.5 / 2.4
        (("12 GB true at factor 1.5 today, we'd like to move to 2.4 with the same expanded size. true memory?",), 7.5),
        (("running 8 GB real memory, ame factor 2.0; switching to 2.5 keeping what AIX sees, how much real?",), 6.4),
    ],
)
def test_ame_true_memory_from_what_sap_needs_or_a_factor_moved_to(engine, messages, gb):
    results = _results(_chat(engine, *messages))
    assert gb in results.values(), (messages, results)


def test_a_version_moved_to_is_no_expansion_factor(engine):
    results = _results(_chat(engine, "AME factor 1.5 on 16 GB true memory, then we go to AIX 7.3: expanded memory?"))
    assert list(results.values()) == [24.0], results


@pytest.mark.parametrize(
    ("message", "gb"),
    [
        ("how much CLM on a 4-cell 96 GB rx8640?", 9.6),
        ("how big should cell local memory be on our superdome with 512 GB?", 51.2),
    ],
)
def test_clm_asked_without_shared_memory_gives_the_kernel_floor(engine, message, gb):
    reply = _chat(engine, message)
    assert list(_results(reply).values()) == [gb]
    assert "shared memory comes on top" in reply.answer


@pytest.mark.parametrize(
    ("message", "gb"),
    [
        ("hypervisor page table for AIX partitions totalling 1 TB max memory on a Power 770+?", 8.0),
        ("HPT size: AIX lpars with 512 GB max memory in total on our 795 frame", 8.0),
    ],
)
def test_a_power7_server_named_by_its_model_number_sets_the_hpt_ratio(engine, message, gb):
    reply = _chat(engine, message)
    assert gb in _results(reply).values(), _results(reply)
    assert "count or measure" not in reply.answer  # the model number is no input to place


def test_a_bare_number_that_is_no_model_stays_a_number():
    from advisor.chat.reader import read

    reading = read("780 users on 4 cores")
    assert not reading.platforms and reading.quantities[0].value == 780


def test_one_standing_for_a_thing_is_no_count_and_a_bare_reply_resumes(engine):
    from advisor.chat.numbers import normalise

    assert normalise("could you give me one?") == "could you give me one?"
    assert normalise("add one.") == "add 1."
    reply = _chat(engine, "I need a VIOS memory number for planning, can you give me one?", "80")
    assert 10240 in _results(reply).values(), reply.answer  # 80 / 16 x 2 GB, in MB
    assert "count or measure" not in reply.answer


def test_french_octet_units_are_sizes_and_english_go_to_are_not():
    from advisor.chat.reader import read

    sizes = [(q.kind, q.value) for q in read("serveur avec 128 Go de RAM et 1 To de disque, swap 512 Mo").quantities]
    assert sizes == [("size", 128.0), ("size", 1024.0), ("size", 0.5)]
    assert [q.kind for q in read("we go from 2 to 4").quantities if q.kind == "size"] == []


def test_an_lfarea_limit_asked_in_french_is_computed(engine):
    reply = _chat(engine, "quelle est la limite LFAREA nouvelle syntaxe 1M= avec 64 Go de stockage en ligne ?")
    assert 48.0 in _results(reply).values(), reply.answer  # 0.8 x (64 - 4)
