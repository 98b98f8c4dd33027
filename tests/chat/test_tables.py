"""The sources' measured tables as rows (knowledge/tables/*.yaml, advisor/knowledge/tables.py) and the chat's answers
from them (advisor/chat/tables.py): which table, rows and columns a question names, terse follow-ups on the table
before, and what must never take a table row (the user's own figures, two tables alike). Own phrasings."""

from __future__ import annotations

import pytest

from advisor.calculators import ame
from advisor.chat import ChatEngine
from advisor.knowledge import tables
from advisor.sources import load_sources


def _chat(engine: ChatEngine, *messages: str):
    state, replies = None, []
    for m in messages:
        reply = engine.turn(m, state)
        state = reply.state.model_dump(mode="json")
        replies.append(reply)
    return replies


def test_every_table_cites_a_known_source_and_its_rows_fill_its_columns():
    known = load_sources()
    loaded = tables.load_tables()
    assert len(loaded) >= 18
    for t in loaded:
        assert t.source in known, t.id
        keys = {c.key for c in t.columns}
        for r in t.rows:
            assert r.values, (t.id, r.label)
            assert set(r.values) <= keys, (t.id, r.label)
    table5 = tables.by_id("guide-table5")
    assert table5 is not None and len(table5.rows) == len(ame.TABLE5)  # the calculator's rows, not a copy


@pytest.mark.parametrize(
    ("text", "figures"),
    [
        ("in Table 5 at factor 2.44 on Power10 with 14 GB and 64K pages", {2.44}),
        ("AIX 7.3 TL1, VIOS 3.1 - what about 3.75?", {3.75}),
        ("90% busy, 4 cores", set()),
    ],
)
def test_bare_figures_are_row_keys_and_figures_with_units_or_names_are_not(text, figures):
    assert set(tables._numbers(text)) == figures


def test_two_row_keys_and_a_column_give_both_rows_of_that_column_only():
    asked = tables.resolve("ame4k against ame64k at f 2.8 - dialog RT?")
    assert asked is not None and asked.table.id == "guide-table4"
    said = tables.line(asked)
    assert "0.07s" in said and "0.18s" in said
    assert "7.26" not in said  # the compression ratio was not asked


def test_a_factor_with_decimals_and_results_words_pick_that_row_of_the_power10_sweep():
    asked = tables.resolve("what happened at 4.35 in their test?")
    assert asked is not None and asked.table.id == "guide-table5"
    assert [r.label for r in tables.picked(asked)] == ["factor 4.35"]
    assert "43%" in tables.line(asked) and "1970" in tables.line(asked)


def test_two_tables_that_fit_alike_give_no_table():
    assert tables.resolve("cpu with 64k pages?") is None  # Table 1 and Table 3 both have it


def test_a_question_about_the_users_own_figures_gets_no_test_row(engine):
    (reply,) = _chat(engine, "our lpar runs 12 GB true at factor 1.6 - expanded memory then?")
    assert "Measured in" not in reply.answer


def test_a_refused_question_a_table_answers_is_answered_from_the_table(engine):
    (reply,) = _chat(engine, "SBS benchmark: concurrent users in each of the three runs?")
    assert reply.covered and reply.intent == "ask"
    assert all(n in reply.answer for n in ("1968", "2240", "2856"))
    assert reply.citations[0].source_id == "ibm-z13-smt-sap-redp5287" and reply.citations[0].locator == "Table 2"


def test_terse_follow_ups_keep_the_rows_or_the_columns_they_do_not_name(engine):
    first, itr, smt = _chat(
        engine, "how many users did the z13 runs in the SBS benchmark carry?", "ITR?", "and with smt only?"
    )
    assert "2240" in first.answer
    assert "206.91" in itr.answer and "267.06" in itr.answer
    assert "267.06" in smt.answer and "206.91" not in smt.answer.split("\n")[0]


def test_a_follow_up_on_an_answer_that_cited_a_table_reads_that_table(engine):
    _, cpu = _chat(engine, "oracle batch test in the redbook with AME 3.0, how long did it take?", "avg cpu?")
    assert "17.5" in cpu.answer and cpu.citations[0].locator == "Table 3-7"


def test_a_verdict_keeps_its_place_ahead_of_the_figures(engine):
    (reply,) = _chat(engine, "AME64K left at factor 1.0 - extra cpu y/n?")
    assert reply.verdict is not None and reply.verdict.answer == "no"
    lines = reply.answer.split("\n")
    assert lines[0].startswith("No") and "28%" in lines[1] and "42%" in lines[1]


@pytest.mark.parametrize(
    ("question", "table", "figures", "absent"),
    [
        (
            "8023ad aggregation on default hash mode, share of outgoing packets on ent6?",
            "redbook-etherchannel",
            ["65%"],
            ["12%"],
        ),
        (
            "single netperf stream over the hypervisor network before tuning - bandwidth?",
            "redbook-netperf",
            ["202.7"],
            [],
        ),
        ("compression ratio amepat showed in the 4.7 sample report", "guide-amepat-reports", ["6.76"], ["8.15"]),
        ("after the WPAR consolidation, how much RAM did the final LPAR keep?", "redbook-wpar-outcome", ["4 GB"], []),
        ("z196 to zEC12 step on the 16-way java benchmark, improvement?", "share-java-16way", ["45%"], ["13%"]),
    ],
)
def test_each_source_table_answers_its_own_rows_and_columns(question, table, figures, absent):
    asked = tables.resolve(question)
    assert asked is not None and asked.table.id == table
    said = tables.line(asked)
    assert all(f in said for f in figures), said
    assert not any(f in said for f in absent), said


def test_a_table_of_another_product_line_than_the_one_named_is_not_quoted(engine):
    (reply,) = _chat(engine, "got any measured numbers on page-fixed buffer pools for Db2 on AIX with power9?")
    assert not any((c.ref or "").startswith("table:") for c in reply.citations)
