"""The chat's calculators are adapters over advisor/capabilities/calculators.py: the figure a message gets is the
figure the capability (and so REST, MCP and the CLI) gives for the inputs read from it, with its formula."""

from __future__ import annotations

import pytest

from advisor.capabilities import BY_NAME, Context
from advisor.chat.calc import calculate
from advisor.chat.reader import read

CTX = Context()


def _calc(question: str):
    result = calculate(question, set())
    assert result is not None and result.calculations, question
    return result


@pytest.mark.parametrize(
    "question, tool, args, field, name",
    [
        # virtual Ethernet buffers (Redbook 3.8 item 7): the next multiple of the pool's step above Max Allocated
        (
            "entstat -d on the client shows Small buffers Max Allocated 700 with min buffers 512 - new min?",
            "calc_veth_buffers",
            {"pool": "small", "min_buffers": 512, "max_allocated": 700},
            "new_min_buffers",
            "veth_buffers.min_buffers",
        ),
        (
            "large buffers: max allocated hit 40, what do I bump min_buf_large to",
            "calc_veth_buffers",
            {"pool": "large", "max_allocated": 40},
            "new_min_buffers",
            "veth_buffers.min_buffers",
        ),
        (
            "how big is IARV64 REQUEST=GETSTOR,UNITS=7,UNITSIZE=2G,PAGEFRAMESIZE=2G,TYPE=FIXED?",
            "calc_getstor",
            {"units": 7, "unitsize": "2G"},
            "size_gb",
            "getstor.size",
        ),
        (
            "memory saved with AME at an expansion factor of 3.5?",
            "calc_ame_factor",
            {"expansion_factor": 3.5},
            "memory_savings_pct",
            "ame.memory_savings_pct",
        ),
        (
            "what memory gain does factor 1.7 give?",
            "calc_ame_factor",
            {"expansion_factor": 1.7},
            "memory_gain_pct",
            "ame.memory_gain_pct",
        ),
        (
            "lpar with 24 GB true memory, want AIX to see 60 GB: which expansion factor?",
            "calc_ame_factor",
            {"true_memory_gb": 24, "expanded_memory_gb": 60},
            "expansion_factor",
            "ame.factor",
        ),
        (
            "hp-ux rx8640 with 96 GB of memory: minimum swap for SAP?",
            "calc_hpux_kernel",
            {"memory_gb": 96},
            "swap_min_gb",
            "hpux.swap_min",
        ),
    ],
)
def test_the_chat_figure_is_the_capability_figure(question, tool, args, field, name):
    result = _calc(question)
    expected = BY_NAME[tool].invoke(args, CTX)
    calc = next(c for c in result.calculations if c.name == name)
    assert calc.result == pytest.approx(
        round(getattr(expected, field), 1) if field.endswith("_pct") else getattr(expected, field)
    )
    formulas = getattr(expected, "formulas", None) or [getattr(expected, "formula", None)]
    formulas = list(formulas.values()) if isinstance(formulas, dict) else formulas
    assert calc.formula in formulas
    assert {(c.source_id, c.section) for c in calc.citations} == {(c.source, c.section) for c in expected.citations}


def test_a_buffer_pool_without_max_allocated_gets_no_figure():
    assert calculate("medium buffers min buffers 128 - what should it be?", set()) is None


def test_two_pools_in_one_message_are_not_guessed():
    assert calculate("tiny buffers and small buffers: max allocated 600, new min buffers?", set()) is None


def test_saved_at_a_factor_the_guide_ran_quotes_its_measured_row():
    text = _calc("how much memory does AME save at factor 4.35").out.text()
    assert "77%" in text and "3.25 GB true memory" in text


def test_z13_smt_over_zec12_states_the_papers_rounded_figure():
    text = _calc("z13 SMT vs zEC12: how much more throughput for SAP app servers?").out.text()
    assert "+37.8%" in text and "+38%" in text


@pytest.mark.parametrize(
    "question",
    [
        "vios memory: 2 LHEAs with 4 ports",
        "how much mem for a vios with 3 LHEA having 2 ports",
        "vios w/ 2 LHEAs (4 ports configured) - mem?",
        "VIOS sizing for 32 cores, two lheas with 6 ports, 8 virtual ethernet",
    ],
)
def test_lhea_ports_said_neither_per_lhea_nor_in_total_are_asked_never_counted(question):
    result = calculate(question, set())
    assert result is not None and not result.calculations
    assert [q.path for q in result.questions] == ["vios.lhea_ports"]


@pytest.mark.parametrize(
    "question, ports",
    [
        ("vios memory for 2 LHEA with 4 active ports apiece", 8),
        ("vios memory for 2 LHEAs with 4 ports altogether", 4),
        ("vios memory: 3 LHEAs, 2 ports per LHEA", 6),
        ("vios memory for two LHEAs with a total of 6 ports", 6),
        ("VIOS memory for 1 LHEA with 4 ports", 4),
    ],
)
def test_lhea_ports_said_per_lhea_or_in_total_are_counted(question, ports):
    calc = next(c for c in _calc(question).calculations if c.name == "vios_memory.complex_io")
    assert calc.inputs["lhea_ports"] == ports


def test_every_quantity_the_calculation_did_not_use_is_named_back():
    result = _calc("expanded memory at factor 2.5 on 10 GB true memory, 20% headroom, 4 cores")
    assert any("'20%'" in a for a in result.assumptions) and any("'4 cores'" in a for a in result.assumptions)
    used = _calc("HPT on POWER9 for 6 AIX lpars at 128 GB max")
    assert not any("not an input" in a for a in used.assumptions)


@pytest.mark.parametrize(
    "question, expanded",
    [
        ("expanded memory at factor 2.5 on 10 GB true memory, 20% headroom, 4 cores", 25),
        ("factor 2 for 6 lpars of 8 GB true - expanded?", 16),  # 6 is a count of partitions, never a second factor
    ],
)
def test_a_count_after_the_factor_is_never_a_factor(question, expanded):
    calcs = {c.name: c.result for c in _calc(question).calculations}
    assert calcs == {"ame.expanded_memory": expanded}


@pytest.mark.parametrize(
    "question, true",
    [
        ("lpar has 24 GB true at 1.5. moving to factor 2.0, AIX must see the same memory: new true memory?", 18),
        ("factor 2.4 instead of 1.2 on 20 GB true, same expanded memory - true memory?", 10),
        ("new factor 3.0, currently 2.0, 12 GB true - true memory?", 8),
    ],
)
def test_the_factor_moved_to_is_the_one_said_as_new(question, true):
    calcs = {c.name: c.result for c in _calc(question).calculations}
    assert calcs["ame.true_memory_for_factor"] == pytest.approx(true)


@pytest.mark.parametrize(
    "question, name, value",
    [
        ("clm at 25% on a 256 GB rx8640: GB?", "clm.configured", 64),
        ("hpt on p8: 4 aix lpars of 64 GB max and 2 more at 128 GB max", "hpt.size.POWER8", 4),  # 512 / 128
        ("HPT for max memory adding up to 300 GB on p9 linux", "hpt.size.POWER9", 2.344),
        ("HPT on POWER9, total max memory of all linux lpars 2 TB", "hpt.size.POWER9", 16),
        ("3% buffer cache of 128 gigs?", "hpux.buffer_cache_max", 3.84),
        ("so 20 GB true at 1.8 gives?", "ame.expanded_memory", 36),
        ("quad area on a 48G lpar", "plarea.quad", 6),
    ],
)
def test_shapes_of_admin_prose(question, name, value):
    platforms = {p.tag for p in read(question).platforms}
    result = calculate(question, platforms)
    assert result is not None, question
    assert {c.name: c.result for c in result.calculations}[name] == pytest.approx(value, abs=1e-3)


@pytest.mark.parametrize(
    "question",
    [
        "HPT on P8: AIX and IBM i lpars sum of max memory 512 GB",  # one total, two divisors
        "hpt for 3 lpars at 32 GB max on p8, 2 of them with AMS",  # AMS said of partitions not placed
        "HPT on P9: linux guests with 128 GB max",  # how many is not said
    ],
)
def test_hpt_not_guessed(question):
    platforms = {p.tag for p in read(question).platforms}
    assert calculate(question, platforms) is None


def test_a_buffer_cache_share_is_judged_without_the_memory():
    result = calculate("buffer cache at 8% of RAM on the superdome, fine for SAP?", set())
    assert result is not None and result.verdict is not None and result.verdict[0] == "no"
    assert not result.calculations


@pytest.mark.parametrize(
    "first, follow_up, expected",
    [
        ("old form LFAREA=25% on 36 GB, size?", "and the same with the new 1M= syntax?", "LFAREA=(1M=(25%))"),
        ("LFAREA=(1M=(25%)) on 64 GB online, fits?", "and with the old xx% form?", "LFAREA=25%"),
        ("largest LFAREA=xx% on 80 GB online?", "and in the new form?", "0.8 x (80 - 4) GB = 60.8 GB"),
    ],
)
def test_an_lfarea_follow_up_in_the_other_form(engine, first, follow_up, expected):
    second = engine.turn(follow_up, engine.turn(first).state)
    assert expected in second.answer and second.calculations


def test_the_grid_of_factors_is_no_factor():
    result = calculate("can the ame factor be set in steps of 0.01, e.g. 2.37?", set())
    assert result is not None and result.verdict is not None and result.verdict[0] == "yes"


@pytest.mark.parametrize(
    "question, verdict",
    [
        ("buffer cache at 2% of RAM on an rx8640, ok?", "yes"),
        ("buffer cache at 12% on our superdome - too big?", "yes"),  # yes, too big
        ("buffer cache 2% on a 64 GB hpux box, too big?", "no"),
        ("buffer cache at 5% on a 64GB hp-ux box - ok?", "no"),
    ],
)
def test_the_buffer_cache_verdict_answers_the_question_as_put(question, verdict):
    result = calculate(question, set())
    assert result is not None and result.verdict is not None and result.verdict[0] == verdict


@pytest.mark.parametrize(
    "text, count, speed",
    [("2 x 10gbe", 2, 10.0), ("2x10GBE ports", 2, 10.0), ("two 10gbe ports", 2, 10.0), ("4 x 16gbps fc", 4, 16.0)],
)
def test_a_link_speed_in_any_case_keeps_its_count(text, count, speed):
    # "2 x 10gbe" was read as 10 Ethernet ports of no stated speed: the count 2 lost, a wrong VIOS figure
    (q,) = [q for q in read(text).quantities if q.kind == "speed"]
    assert (q.count, q.value) == (count, speed)


def test_a_vios_listed_with_its_inputs_is_sized():
    calcs = {c.name: c.result for c in _calc("vios: 2 lhea, 3 ports each, 2 x 10gbe, 32 npiv, 24 cores").calculations}
    assert calcs["vios_memory.complex_io"] == 768 + 2 * 512 + 6 * 102 + 2 * 512 + 32 * 140


@pytest.mark.parametrize(
    "question, name, value",
    [
        ("lfarea 30 pct old form 64 GB online", "lfarea.limit", 49.2),  # LFAREA=30%: 17.2 GB asked
        ("LFAREA with 25% in the new syntax on 100G online, size?", "lfarea.limit", 76.8),
        ("medium buf: max alloc 200, min 128", "veth_buffers.min_buffers", 256),
        ("sap instances, 45k saps", "sap_instances.for_saps", "18 to 30"),
    ],
)
def test_shorthand_of_admins(question, name, value):
    calcs = {c.name: c.result for c in _calc(question).calculations}
    assert calcs[name] == value


def test_a_calculators_inputs_given_after_its_topic_are_computed(engine):
    first = engine.turn("what is the HPT?")
    second = engine.turn("4 linux lpars, 32 GB max each, POWER9", first.state)
    assert [(c.name, c.result) for c in second.calculations] == [("hpt.size.POWER9", 1.0)]


def test_and_at_another_factor_replaces_the_factor(engine):
    first = engine.turn("how much true memory for 30 GB expanded at factor 2?")
    second = engine.turn("and at 3?", first.state)
    assert [(c.name, c.result) for c in second.calculations] == [("ame.true_memory", 10.0)]


@pytest.mark.parametrize(
    "question, name, value",
    [
        ("z/OS lpar 512 GB online, plarea?", "plarea.size", 56),  # "lpar 512" was read as rule LPAR-512
        ("vios 100 npiv adapters and 48 cores, memory?", "vios_memory.required", 768 + 100 * 140),
        ("swap 256 GB on our 192 GB rx box, enough?", "hpux.swap_min", 384),
        ("how much memory does amepat's 3.74 save?", "ame.memory_savings_pct", 73.3),
    ],
)
def test_more_prose_of_admins(engine, question, name, value):
    reply = engine.turn(question)
    assert {c.name: c.result for c in reply.calculations}[name] == value


def test_rule_ids_need_their_hyphen_or_leading_zero():
    from advisor.chat.intents import rule_ids

    assert rule_ids("why did ame 001 fire, and VIOS001, and NET-123?") == ["AME-001", "VIOS-001", "NET-123"]
    assert rule_ids("lpar 512 GB and vios 100 npiv adapters") == []
