"""Calculator inputs said in prose (issue 14): sizes in lists, "N x size", a size said of every partition with their
count elsewhere, an OS said of all of them; a figure that depends on something unsaid is asked back, never computed
both ways. Each reading is checked on phrasings of its own and on one that must not compute (or must ask).
"""

from __future__ import annotations

import json

import pytest

from advisor.chat.calc import calculate


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
    ("question", "platforms", "gb"),
    [
        ("power7 frame, partition max memory: 48, 48, 96 and 64 GB. HPT?", {"power7"}, 4.0),  # 256 / 64
        ("HPT on a POWER7+: lpars max mem 300G, 200G and 12G, all linux", {"power7+"}, 4.0),  # 512 / 128
        ("what HPT on power6 for lpars whose maximum memory is 32GB x 8?", {"power6"}, 4.0),  # 256 / 64
        ("HPT for 12 x 32 GB lpars on a POWER7", {"power7"}, 6.0),  # 384 / 64
        ("each lpar got max memory 512 GB and there are 4 lpars, power7 box. HPT?", {"power7"}, 32.0),  # 2048 / 64
        ("POWER8 box, lpars max memory sum is 2048 GB, each of them is linux. HPT?", {"power8"}, 16.0),  # / 128
    ],
)
def test_hpt_sizes_said_in_prose_count_their_partitions(question, platforms, gb):
    result = calculate(question, platforms)
    assert result is not None and [c.result for c in result.calculations] == [gb], question


@pytest.mark.parametrize(
    "question",
    [
        "power7, 3 lpars, max memory 32GB x 10. hpt?",  # two counts for one group
        "each lpar has 64 GB max and we have 4 aix and 2 linux lpars on power7. hpt?",  # which count: not guessed
    ],
)
def test_hpt_counts_that_disagree_are_not_guessed(question):
    result = calculate(question, {"power7"})
    assert result is None or not result.calculations


def test_hpt_without_the_processor_is_asked_back_then_resumed(engine):
    reply = _chat(engine, "our lpars' max memory adds up to 1536 GB, how large is the hypervisor page table?")
    assert not reply.calculations and reply.needs_input and reply.intent == "clarify"
    reply = _chat(
        engine, "our lpars' max memory adds up to 1536 GB, how large is the hypervisor page table?", "POWER7, AIX"
    )
    assert _results(reply) == {"hpt.size.POWER7": 24.0}  # 1536 / 64


def test_hpt_of_ibm_i_partitions_needs_no_processor():
    result = calculate("HPT for 4 IBM i lpars, 128 GB max each?", set())
    assert result is not None and [c.result for c in result.calculations] == [8.0]  # 512 / 64 on any processor


def test_hardware_page_table_without_sizes_is_asked_back(engine):
    reply = _chat(engine, "what will our hardware page table cost us?")
    assert reply.intent == "clarify" and reply.needs_input and not reply.calculations


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        ("LFAREA=(1M=(50%),2G=(4)) on 40 GB online - acceptable?", "yes"),  # 0.5 x 36 + 8 = 26 <= 0.8 x 36 = 28.8
        ("please verify LFAREA=(2G=(30)) with 64G online", "no"),  # 60 GB > 48 GB
        ("[CHG-1182] check: LFAREA=(1M=(20%)) for 100 GB online", "yes"),  # 19.2 GB <= 76.8 GB
    ],
)
def test_a_check_of_an_lfarea_statement_gets_the_calculators_verdict(question, verdict):
    result = calculate(question, set())
    assert result is not None and result.verdict is not None and result.verdict[0] == verdict, question


def test_an_lfarea_figure_asked_gets_no_verdict():
    result = calculate("LFAREA=(1M=(20%)) for 100 GB online: how big is the 1M area?", set())
    assert result is not None and result.verdict is None


@pytest.mark.parametrize(
    ("question", "gb", "verdict"),
    [
        ("dbc_max_pct = 15 on a 64 GB rx2660, fine for SAP?", 1.92, "no"),
        ("we set dbc_max_pct to 2 on a 128 GB box, hp-ux. ok?", 3.84, "yes"),
    ],
)
def test_dbc_max_pct_is_a_percentage_of_memory(question, gb, verdict):
    result = calculate(question, set())
    assert result is not None and result.verdict is not None and result.verdict[0] == verdict
    assert [c.result for c in result.calculations] == [gb]


def test_swap_is_the_hp_guidance_unless_another_platform_is_named():
    result = calculate("server has 80 GB of RAM and 120 GB swap, sufficient for SAP?", set())
    assert result is not None and result.verdict is not None and result.verdict[0] == "no"
    assert [c.result for c in result.calculations] == [160.0]
    assert calculate("AIX lpar with 80 GB RAM and 120 GB swap, sufficient?", set()) is None  # no AIX swap figure


@pytest.mark.parametrize(
    ("question", "mb"),
    [
        ("Desired Memory : 6144 MB\nTarget Memory Expansion Factor : 2.00\nexpanded memory?", 12288.0),
        ("lparstat -i\nTarget Memory Expansion Factor : 1.25\nDesired Memory : 16384 MB\nwhat will AIX see?", 20480.0),
    ],
)
def test_pasted_lines_keep_each_value_with_its_own_label(question, mb):
    result = calculate(question, set())
    assert result is not None and [c.result * 1024 for c in result.calculations] == [mb]


def test_ame64k_names_the_ame_topic():
    result = calculate("AME64K at 2.5, the apps must see 50 GB: how much real memory?", set())
    assert result is not None and [c.result for c in result.calculations] == [20.0]


def test_a_question_about_a_quoted_statement_reads_the_statement(engine):
    reply = _chat(engine, "> we will code LFAREA=(1M=(70%)) on SYSC\nSYSC has 40G online - is that within limits?")
    assert reply.verdict is not None and reply.verdict.answer == "yes"  # 0.7 x 36 = 25.2 GB within 28.8 GB


@pytest.mark.parametrize(
    ("question", "ec", "vps"),
    [
        ("between 9:00 and 17:30 the lpar averages 4.2 physc and tops out at 7.5. EC and VPs?", 4.2, 8),
        ("nmon, peak 07:00-19:00: avg physc 3, max seen 5 cores - what EC/VP?", 3.0, 5),
        ("busiest window 8am-6pm, average there 2.5 cores, highest 4: entitled capacity and virtual procs?", 2.5, 4),
    ],
)
def test_clock_times_name_the_peak_window_never_a_figure(question, ec, vps):
    result = calculate(question, set())
    assert result is not None, question
    assert {c.name: c.result for c in result.calculations} == {
        "lpar.entitled_capacity": ec,
        "lpar.virtual_processors": vps,
    }
    assert not any("00" in a or "30" in a for a in result.assumptions), result.assumptions


@pytest.mark.parametrize(
    ("follow_up", "npiv"),
    [("and if we reduce npiv to 10 adapters?", 10), ("what if we bring the virtual fc down to 6 adapters", 6)],
)
def test_a_count_of_adapters_counts_the_thing_named_before_it(engine, follow_up, npiv):
    first = "vios: 32 cores, 4 x 8Gb FC ports, 30 npiv adapters - memory?"
    reply = _chat(engine, first, follow_up)
    complex_io = next(c for c in reply.calculations if c.name == "vios_memory.complex_io")
    assert complex_io.result == 768 + 4 * 512 + npiv * 140


def test_a_count_of_adapters_with_two_things_before_it_is_not_placed(engine):
    first = "vios: 32 cores, 4 x 8Gb FC ports, 30 npiv adapters - memory?"
    reply = _chat(engine, first, "and fc and npiv to 4 adapters?")
    assert reply.needs_input  # which of the two the 4 adapters are is asked, never one of them guessed
    assert not any(c.result == 768 + 4 * 512 + 4 * 140 for c in reply.calculations)


def test_the_increments_are_stated_when_asked_what_adapters_add():
    result = calculate("2 x 10GbE and 10 npiv adapters - what do they add to the vios memory?", set())
    assert result is not None
    assert "add 2424 MB" in " ".join(result.out.lines)  # 2 x 512 + 10 x 140


def test_a_quoted_question_ends_at_its_closing_quote(engine):
    reply = _chat(engine, 'bot: user asks "64 GB hp-ux server, buffer cache at 8%. ok?" Reply for the user please.')
    assert reply.verdict is not None and reply.verdict.answer == "no"
    assert any(c.result == 1.92 for c in reply.calculations)


def test_an_instance_count_asked_in_the_singular_asks_for_the_cores(engine):
    reply = _chat(engine, "how many instance of SAP should run on our rx8640?")
    assert reply.intent == "clarify" and reply.needs_input
    reply = _chat(engine, "how many instance of SAP should run on our rx8640?", "it has 16 cores")
    assert any(c.result for c in reply.calculations)


def test_a_factor_change_without_figures_is_asked_back_then_resumed(engine):
    first = "we want to bump the AME factor but AIX must keep seeing the same memory. what real memory then?"
    reply = _chat(engine, first)
    assert reply.intent == "clarify" and reply.needs_input and not reply.calculations
    reply = _chat(engine, first, "AIX sees 40 GB, new factor 2.5")
    assert [c.result for c in reply.calculations] == [16.0]


def test_the_factor_named_in_the_message_is_the_one_asked():
    result = calculate("AME factor: 16 GB real -> 36 GB expanded?", set())
    assert result is not None and [c.result for c in result.calculations] == [2.25]


def test_ec_and_vps_for_the_users_lpar_are_asked_back_then_resumed(engine):
    first = "which EC and how many virtual processors for our payroll lpar?"
    reply = _chat(engine, first)
    assert reply.intent == "clarify" and reply.needs_input and not reply.calculations
    reply = _chat(engine, first, "peak hours average 1.6 physc, peaks at 2.2")
    assert _results(reply) == {"lpar.entitled_capacity": 1.6, "lpar.virtual_processors": 3}


def test_what_ec_and_vp_mean_is_no_question_back(engine):
    reply = _chat(engine, "what is the difference between entitled capacity and virtual processors on our lpars?")
    assert reply.intent != "clarify"


def test_clm_per_the_ten_percent_rule_is_the_floor():
    result = calculate("CLM by the 10% guideline on a 384 GB superdome?", set())
    assert result is not None and [c.result for c in result.calculations] == [38.4]


def test_a_bare_role_word_asks_for_that_amount():
    result = calculate("AME: 30 GB true at factor 1.2 today, moving to factor 1.8, same expanded. real?", set())
    assert result is not None and [c.result for c in result.calculations] == [20.0]  # 36 / 1.8


def test_memory_visible_to_the_applications_is_the_expanded_memory():
    result = calculate("apps must have 63 GB visible, AME factor 2.1: real memory to assign?", set())
    assert result is not None and [c.result for c in result.calculations] == [30.0]


def test_an_hour_span_with_its_unit_is_no_figure():
    result = calculate("8-18h window: avg physc 2.2, max 3.9 - EC and VPs?", set())
    assert result is not None
    assert {c.name: c.result for c in result.calculations} == {
        "lpar.entitled_capacity": 2.2,
        "lpar.virtual_processors": 4,
    }


def test_a_bare_number_after_a_word_of_assent_replaces_the_last_questions_number(engine):
    reply = _chat(engine, "can I set the AME expansion factor to 11?", "ok and 2.345?")
    assert reply.verdict is not None and reply.verdict.answer == "no"  # finer than 0.01


@pytest.mark.parametrize(
    ("first", "follow_up", "expected"),
    [
        ("HPT on POWER7 for 4 lpars with max 64 GB each?", "and with max 128 GB each?", 8.0),  # 512 / 64
        ("vios memory for a frame with cores 48?", "and with cores 96?", 12288),
    ],
)
def test_a_number_said_after_the_same_name_replaces_that_one(engine, first, follow_up, expected):
    reply = _chat(engine, first, follow_up)
    assert expected in [c.result for c in reply.calculations], (follow_up, reply.answer[:200])


@pytest.mark.parametrize(
    "question",
    ["LFAREA=(1M=(40%),2G=(2)) in IEASYS02 - would the system IPL?", "does it IPL fine with LFAREA=(1M=(15%))?"],
)
def test_whether_an_lfarea_ipls_asks_for_the_online_storage(engine, question):
    reply = _chat(engine, question)
    assert reply.intent == "clarify" and reply.needs_input and not reply.calculations


@pytest.mark.parametrize(
    ("question", "role", "gb"),
    [
        # lparstat -i lines run together: the next line's "Target ... Factor" label is not this amount's role
        ("Desired Memory : 12288 MB Target Memory Expansion Factor : 1.50 what does AIX see?", "true", 12.0),
        ("Desired Memory : 8192 MB\nTarget Memory Expansion Factor : 2.00\nexpanded size?", "true", 8.0),
        # a role said before what the amount must be
        ("expanded memory must be 24 GB and we want factor 2.0", "expanded", 24.0),
        ("the expanded memory needs to be 30 GB at factor 1.5, how much true memory?", "expanded", 30.0),
        ("27 GB target, factor 1.5: true memory?", "expanded", 27.0),
    ],
)
def test_ame_amounts_keep_their_own_role(question, role, gb):
    from advisor.chat.calc.power import ame_sizes

    assert ame_sizes(question)[0] == {role: gb}


@pytest.mark.parametrize(
    ("question", "limit"),
    [
        ("LFAREA=(1M=(50%),2G=(50%)) on 200G online - ok??", "156.8 GB"),  # new form: 0.8 x (200 - 4)
        ("LFAREA=95% with 64 GB online, valid?", "49.2 GB"),  # old form: 0.8 x 64 - 2
    ],
)
def test_an_invalid_lfarea_with_online_storage_states_the_limit(engine, question, limit):
    reply = engine.turn(question, None)
    assert reply.verdict is not None and reply.verdict.answer == "no"
    assert limit in reply.answer


def test_the_paper_s_own_smt_figures_are_quoted_beside_table_2s(engine):
    answer = engine.turn("z13 SMT vs zEC12, how much more ITR for SAP app servers?", None).answer
    assert "+40.6%" in answer and "up to 40% more ITR (Figure 5)" in answer
