"""The plain evaluator: the same normalised conditions as Python comparisons.

It is the oracle of the differential test and the baseline of the engine benchmark.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

from advisor.rulebook.compiled import Rulebook
from advisor.rulebook.condition import And, Cmp, Exists, Lit, Node, Operand, Or, Ref

MISSING = object()
_CMP = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}
_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul}


def lookup(fact: dict, path: str) -> Any:
    cur: Any = fact
    for part in path.split("."):
        if not isinstance(cur, dict) or part not in cur:
            return MISSING
        cur = cur[part]
    return cur


def operand_value(op: Operand, fact: dict) -> Any:
    if isinstance(op, Lit):
        return op.value
    if isinstance(op, Ref):
        return lookup(fact, op.path)
    left, right = operand_value(op.left, fact), operand_value(op.right, fact)
    if left is MISSING or right is MISSING:
        return MISSING
    return _ARITH[op.op](left, right)


def holds(node: Node, fact: dict) -> bool:
    if isinstance(node, Cmp):
        left = lookup(fact, node.path)
        if left is MISSING:
            return False
        right = operand_value(node.rhs, fact)
        return right is not MISSING and bool(_CMP[node.op](left, right))
    if isinstance(node, Exists):
        return (lookup(fact, node.path) is not MISSING) == node.present
    if isinstance(node, And):
        return all(holds(i, fact) for i in node.items)
    assert isinstance(node, Or)
    return any(holds(i, fact) for i in node.items)


class ReferenceEvaluator:
    def __init__(self, rulebook: Rulebook):
        self._units = {kind: [u for r in rulebook.for_kind(kind) for u in r.units()] for kind in rulebook.kinds}

    def fired(self, kind: str, fact: dict) -> set[str]:
        return {key for key, node in self._units.get(kind, ()) if holds(node, fact)}

    def fired_many(self, facts: Sequence[tuple[str, dict]]) -> list[set[str]]:
        return [self.fired(kind, fact) for kind, fact in facts]
