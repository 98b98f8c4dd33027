"""durable-rules and the reference evaluator must fire exactly the same rules on any fact.

Facts are generated per kind from the schema (every scalar field and every derived value may be
absent or present), with numbers drawn around the thresholds the rules actually use, so both
sides of every boundary are exercised.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from advisor.rulebook.condition import Lit, comparisons
from advisor.rulebook.loader import _field_types, load_rulebook

RULEBOOK = load_rulebook()


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
def test_durable_and_reference_fire_the_same_rules(kind, durable_advisor, reference_advisor):
    @settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(fact_strategy(kind))
    def check(fact):
        assert durable_advisor.evaluator.fired(kind, fact) == reference_advisor.evaluator.fired(kind, fact)

    check()
