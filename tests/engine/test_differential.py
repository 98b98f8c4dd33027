"""durable-rules, the generated evaluator and the reference evaluator must fire exactly the same
rules on any fact (the reference is the oracle; the generated one is the benchmark's yardstick).

Facts are generated per kind from the schema (every scalar field and every derived value may be
absent or present), with numbers drawn around the thresholds the rules actually use, so both
sides of every boundary are exercised.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from advisor.engine.generated import GeneratedEvaluator
from advisor.rulebook.condition import Lit, comparisons
from advisor.rulebook.loader import _field_types, load_rulebook

RULEBOOK = load_rulebook()
GENERATED = GeneratedEvaluator(RULEBOOK)


def _constants(kind: str) -> dict[str, set]:
    out: dict[str, set] = {}
    for cr in RULEBOOK.for_kind(kind):
        for cond in [cr.condition, *(c for c, _ in cr.escalations)]:
            for cmp in comparisons(cond):
                if (
                    isinstance(cmp.rhs, Lit)
                    and isinstance(cmp.rhs.value, (int, float))
                    and not isinstance(cmp.rhs.value, bool)
                ):
                    out.setdefault(cmp.path, set()).add(cmp.rhs.value)
    return out


def _number(consts: set) -> st.SearchStrategy:
    near = sorted({v + d for c in consts for d in (-1, -0.01, 0, 0.01, 1) for v in (c,)} | {0, 1})
    return st.one_of(
        st.sampled_from(near), st.integers(0, 300), st.floats(0, 1e5, allow_nan=False, allow_infinity=False)
    )


def fact_strategy(kind: str) -> st.SearchStrategy:
    consts = _constants(kind)
    leaves = {}
    for path, ft in _field_types(kind).items():
        if ft.type == "number":
            leaves[path] = _number(consts.get(path, set()))
        elif ft.type == "enum":
            leaves[path] = st.sampled_from(ft.choices)
        elif ft.type == "bool":
            leaves[path] = st.booleans()
        elif ft.type == "string":
            leaves[path] = st.sampled_from(["7.2", "6.3", "x", "LFAREA=(1M=(10%))"])

    @st.composite
    def build(draw):
        fact: dict = {"kind": kind, "name": "gen"}
        for path, strategy in leaves.items():
            if path in ("kind", "name") or not draw(st.booleans()):
                continue
            node = fact
            *parents, last = path.split(".")
            for part in parents:
                node = node.setdefault(part, {})
            node[last] = draw(strategy)
        return fact

    return build()


@pytest.mark.parametrize("kind", RULEBOOK.kinds)
def test_durable_generated_and_reference_fire_the_same_rules(kind, durable_advisor, reference_advisor):
    @settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(fact_strategy(kind))
    def check(fact):
        expected = reference_advisor.evaluator.fired(kind, fact)
        assert durable_advisor.evaluator.fired(kind, fact) == expected
        assert GENERATED.fired(kind, fact) == expected

    check()


def test_generated_source_reads_each_field_once_and_each_base_condition_once():
    """The yardstick must be the fast honest form: one lookup per path, escalations nested in
    their rule's base condition instead of re-deciding it (what made the reference slow)."""
    from advisor.engine.generated import compile_kind

    source, _ = compile_kind(RULEBOOK.for_kind("aix-lpar"))
    lookups = [line.split(" = ")[0].strip() for line in source.splitlines() if ".get(" in line]
    assert len(lookups) == len(set(lookups))
    escalating = [cr for cr in RULEBOOK.for_kind("aix-lpar") if cr.escalations]
    assert escalating, "the rulebook has escalations to nest"
    for cr in escalating:
        assert source.count(f"out.append({cr.id!r})") == 1
        assert "        if " in source.split(f"out.append({cr.id!r})")[1].split("out.append")[0]


@pytest.mark.parametrize("kind", RULEBOOK.kinds)
def test_compiled_truth_is_the_three_valued_truth(kind):
    """The gate's `cannot apply` runs each condition compiled (`compile_truth`); `coverage.truth` is
    its oracle, on facts where any field may be missing."""
    from advisor.coverage import truth
    from advisor.engine.generated import compile_truth

    conditions = [c for cr in RULEBOOK.for_kind(kind) for c in (cr.condition, *(e for e, _ in cr.escalations))]
    compiled = [compile_truth(c) for c in conditions]
    seen: set = set()

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(fact_strategy(kind))
    def check(fact):
        for condition, fast in zip(conditions, compiled, strict=True):
            expected = truth(condition, fact)
            assert fast(fact) is expected
            seen.add(expected)

    check()
    assert seen == {True, False, None}  # all three answers were exercised
