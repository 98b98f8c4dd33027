"""The condition language: parsing, normalisation and the errors an admin sees."""

import pytest

from advisor.rulebook.condition import (
    And,
    Arith,
    Cmp,
    ConditionError,
    Exists,
    Lit,
    Or,
    Ref,
    node_paths,
    parse_condition,
    render,
)


def test_bare_path_means_true_and_and_chains():
    node = parse_condition('ame.enabled and ame.page_support == "4K"')
    assert node == And((Cmp("ame.enabled", "==", Lit(True)), Cmp("ame.page_support", "==", Lit("4K"))))


def test_not_is_pushed_into_comparisons():
    node = parse_condition("not (cells > 1 and clm_pct < 10)")
    assert node == Or((Cmp("cells", "<=", Lit(1)), Cmp("clm_pct", ">=", Lit(10))))
    assert parse_condition("not exists(ame.deficit_mb)") == Exists("ame.deficit_mb", False)


def test_in_lists_and_chained_comparisons():
    assert parse_condition('workload.type in ["db2", "sap-java"]') == Or(
        (Cmp("workload.type", "==", Lit("db2")), Cmp("workload.type", "==", Lit("sap-java")))
    )
    assert parse_condition('workload.type not in ["db2"]') == Cmp("workload.type", "!=", Lit("db2"))
    assert parse_condition("1.0 <= ame.expansion_factor <= 10.0") == And(
        (Cmp("ame.expansion_factor", ">=", Lit(1.0)), Cmp("ame.expansion_factor", "<=", Lit(10.0)))
    )


def test_literal_on_the_left_is_flipped():
    assert parse_condition("2.8 < ame.expansion_factor") == Cmp("ame.expansion_factor", ">", Lit(2.8))


def test_arithmetic_on_the_right_and_division_becomes_multiplication():
    node = parse_condition("cpu.entitled_capacity < workload.peak.physc_avg / 2")
    assert node == Cmp("cpu.entitled_capacity", "<", Arith("*", Ref("workload.peak.physc_avg"), Lit(0.5)))
    assert node_paths(node) == ["cpu.entitled_capacity", "workload.peak.physc_avg"]


@pytest.mark.parametrize(
    "text,fragment",
    [
        ("cpu.entitled_capacity < cpu.virtual_processors / cpu.weight", "divide only by a non-zero number"),
        ("x < y / 0", "divide only by a non-zero number"),
        ("x * 2 > 3", "left side of a comparison must be a field path"),
        ("x ==", "syntax error"),
        ("f(x)", "unsupported expression"),
        ("x in [y]", "literals only"),
        ("x < [1]", "expected a literal"),
    ],
)
def test_errors_name_the_problem(text, fragment):
    with pytest.raises(ConditionError, match=fragment.replace("(", r"\(")):
        parse_condition(text)


def test_render_round_trips_through_the_parser():
    text = 'ame.enabled and (ame.expansion_factor > 2.8 or ame.page_support != "64K") and missing(ame.deficit_mb)'
    node = parse_condition(text)
    assert parse_condition(render(node)) == node
