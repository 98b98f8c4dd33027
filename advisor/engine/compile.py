"""Normalised conditions -> durable-rules JSON rulesets."""

from __future__ import annotations

from typing import Any

from advisor.rulebook.condition import And, Arith, Cmp, Exists, Lit, Node, Operand, Or, Ref, operand_paths

_OPS = {"!=": "$neq", "<": "$lt", "<=": "$lte", ">": "$gt", ">=": "$gte", "==": "$eq"}
_ARITH = {"+": "$add", "-": "$sub", "*": "$mul"}


def _operand(op: Operand) -> Any:
    if isinstance(op, Lit):
        return op.value
    if isinstance(op, Ref):
        return {"$m": op.path}
    assert isinstance(op, Arith)
    return {_ARITH[op.op]: {"$l": _operand(op.left), "$r": _operand(op.right)}}


def condition_json(node: Node) -> dict[str, Any]:
    if isinstance(node, Cmp):
        if node.op == "==" and isinstance(node.rhs, Lit):
            cmp: dict[str, Any] = {node.path: node.rhs.value}
        else:
            cmp = {_OPS[node.op]: {node.path: _operand(node.rhs)}}
        refs = operand_paths(node.rhs)
        if not refs:
            return cmp
        # A `$m` reference to an absent property compares as if it held: guard every reference.
        return {"$and": [*({"$ex": {p: 1}} for p in dict.fromkeys(refs)), cmp]}
    if isinstance(node, Exists):
        return {("$ex" if node.present else "$nex"): {node.path: 1}}
    key = "$and" if isinstance(node, And) else "$or"
    assert isinstance(node, (And, Or))
    return {key: [condition_json(i) for i in node.items]}


def ruleset_json(kind: str, units: list[tuple[str, Node]]) -> dict[str, Any]:
    """One durable ruleset; every rule also matches `kind`, which keeps the session's own
    state fact (it carries no kind) from matching `missing(...)`-only conditions."""
    return {key: {"all": [{"m": {"$and": [{"kind": kind}, condition_json(node)]}}]} for key, node in units}
