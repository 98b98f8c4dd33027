"""Normalised conditions -> durable-rules JSON rulesets over flat, short property names.

The C core parses every property of a fact, probes its alpha network once per property for each
node it visits and echoes the whole fact text back in every action result, so a fact costs what
its text and its property count cost (docs/performance.md). A ruleset therefore reads one flat
object: each field path its rules read gets a short name of its own (`flat_names`), and the
engine sends each fact as exactly those names (advisor.engine.durable).
"""

from __future__ import annotations

import itertools
import string
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from advisor.rulebook.condition import And, Arith, Cmp, Exists, Lit, Node, Operand, Or, Ref, operand_paths

_OPS = {"!=": "$neq", "<": "$lt", "<=": "$lte", ">": "$gt", ">=": "$gte", "==": "$eq"}
_ARITH = {"+": "$add", "-": "$sub", "*": "$mul"}
MARKER = "k"  # every fact the engine sends holds {"k": 1}; the session's own state fact does not
END = "end"  # the property of the fact that closes every batch (advisor.engine.durable)
RESERVED = frozenset({"id", "sid", MARKER, END, "m"})  # the core's ids, our markers, the fact alias


def _names() -> Iterator[str]:
    for size in itertools.count(1):
        for letters in itertools.product(string.ascii_letters, repeat=size):
            name = "".join(letters)
            if name not in RESERVED:
                yield name


def flat_names(paths: Iterable[str]) -> dict[str, str]:
    """A short property name per field path, in order of first appearance."""
    return dict(zip(dict.fromkeys(paths), _names(), strict=False))


def _operand(op: Operand, names: Mapping[str, str]) -> Any:
    if isinstance(op, Lit):
        return op.value
    if isinstance(op, Ref):
        return {"$m": names[op.path]}
    assert isinstance(op, Arith)
    return {_ARITH[op.op]: {"$l": _operand(op.left, names), "$r": _operand(op.right, names)}}


def condition_json(node: Node, names: Mapping[str, str]) -> dict[str, Any]:
    if isinstance(node, Cmp):
        path = names[node.path]
        if node.op == "==" and isinstance(node.rhs, Lit):
            cmp: dict[str, Any] = {path: node.rhs.value}
        else:
            cmp = {_OPS[node.op]: {path: _operand(node.rhs, names)}}
        refs = operand_paths(node.rhs)
        if not refs:
            return cmp
        # A `$m` reference to an absent property compares as if it held: guard every reference.
        return {"$and": [*({"$ex": {names[p]: 1}} for p in dict.fromkeys(refs)), cmp]}
    if isinstance(node, Exists):
        return {("$ex" if node.present else "$nex"): {names[node.path]: 1}}
    key = "$and" if isinstance(node, And) else "$or"
    assert isinstance(node, (And, Or))
    return {key: [condition_json(i, names) for i in node.items]}


def ruleset_json(units: list[tuple[str, Node]], names: Mapping[str, str], cap: int) -> dict[str, Any]:
    """One durable ruleset. Every rule also tests the marker, which keeps the session's own state
    fact from matching `missing(...)`-only conditions; `cap` lets one action carry every fact of a
    session that the rule matched (up to `cap`), instead of one action per fact."""
    return {
        key: {"all": [{"m": {"$and": [{MARKER: 1}, condition_json(node, names)]}}], "cap": cap} for key, node in units
    }
