"""The rulebook compiled to one plain Python function per document kind.

This is the engine benchmark's yardstick: the same normalised conditions as straight-line
code, each field looked up once per fact and each rule's base condition decided once for all
of its escalations. It is checked against the reference evaluator (the correctness oracle) in
the differential test, so a faster yardstick cannot quietly mean something else.

Semantics follow `advisor.engine.reference` exactly: a comparison whose field (or any field
its right side reads) is absent is false, also after negation; `exists`/`missing` test
presence only; arithmetic is `+ - *` (division by a literal was compiled to a product).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any

from advisor.rulebook.compiled import CompiledRule, Rulebook
from advisor.rulebook.condition import And, Arith, Cmp, Exists, Lit, Node, Operand, Or, Ref, node_paths

MISSING: Any = object()


class _Source:
    """Builds the source of one kind's function: a local per field path, then the rules."""

    def __init__(self) -> None:
        self.locals: dict[str, str] = {}
        self.consts: dict[str, Any] = {}

    def var(self, path: str) -> str:
        if path not in self.locals:
            self.locals[path] = f"v{len(self.locals)}"
        return self.locals[path]

    def const(self, value: Any) -> str:
        if type(value) in (int, float, str, bool):
            return repr(value)  # round-trips exactly, and a constant is cheaper than a global
        name = f"c{len(self.consts)}"
        self.consts[name] = value
        return name

    def operand(self, op: Operand, guards: list[str]) -> str:
        if isinstance(op, Lit):
            return self.const(op.value)
        if isinstance(op, Ref):
            name = self.var(op.path)
            guards.append(f"{name} is not M")
            return name
        assert isinstance(op, Arith)
        return f"({self.operand(op.left, guards)} {op.op} {self.operand(op.right, guards)})"

    def condition(self, node: Node) -> str:
        if isinstance(node, Cmp):
            left = self.var(node.path)
            guards = [f"{left} is not M"]
            right = self.operand(node.rhs, guards)
            return "(" + " and ".join([*dict.fromkeys(guards), f"{left} {node.op} {right}"]) + ")"
        if isinstance(node, Exists):
            return f"({self.var(node.path)} {'is not' if node.present else 'is'} M)"
        joiner = " and " if isinstance(node, And) else " or "
        assert isinstance(node, (And, Or))
        return "(" + joiner.join(self.condition(i) for i in node.items) + ")"

    def lookups(self) -> list[str]:
        """One local per path, read through nested dicts; a non-dict on the way means absent."""
        lines = []
        parents: dict[str, str] = {}
        for path, name in self.locals.items():
            *heads, last = path.split(".")
            holder = "fact"
            for depth in range(len(heads)):
                prefix = ".".join(heads[: depth + 1])
                if prefix not in parents:
                    parents[prefix] = f"d{len(parents)}"
                    get = f"{holder}.get({heads[depth]!r})"
                    lines.append(f"    {parents[prefix]} = {get} if {holder}.__class__ is dict else None")
                holder = parents[prefix]
            lines.append(f"    {name} = {holder}.get({last!r}, M) if {holder}.__class__ is dict else M")
        return lines


def compile_kind(rules: list[CompiledRule]) -> tuple[str, Callable[[dict], set[str]]]:
    """Source and function deciding every unit of `rules` (see `CompiledRule.units`)."""
    src = _Source()
    body: list[str] = []
    for rule in rules:
        body.append(f"    if {src.condition(rule.condition)}:")
        body.append(f"        out.append({rule.id!r})")
        for i, (cond, _) in enumerate(rule.escalations, 1):
            body.append(f"        if {src.condition(cond)}:")
            body.append(f"            out.append('{rule.id}#{i}')")
    for rule in rules:  # every path a rule reads has a local, also those only `exists` reads
        for path in node_paths(rule.condition):
            src.var(path)
    lines = ["def fired(fact):", "    out = []", *src.lookups(), *body, "    return set(out)"]
    source = "\n".join(lines) + "\n"
    namespace: dict[str, Any] = {"M": MISSING, **src.consts}
    exec(compile(source, "<generated rulebook>", "exec"), namespace)  # noqa: S102 - our own generated code
    return source, namespace["fired"]


def _cmp3(holds: Callable[[Any, Any], Any], left: Any, right: Any) -> bool | None:
    if left is MISSING or right is MISSING:
        return None
    try:
        return bool(holds(left, right))
    except TypeError:  # the loader types every comparison; stay unknown rather than guess
        return None


def _arith3(op: Callable[[Any, Any], Any], left: Any, right: Any) -> Any:
    return MISSING if left is MISSING or right is MISSING else op(left, right)


def _and3(*values: bool | None) -> bool | None:
    return False if False in values else None if None in values else True


def _or3(*values: bool | None) -> bool | None:
    return True if True in values else None if None in values else False


class _Truth(_Source):
    """Three-valued source (True, False, or None when a missing value decides), the semantics of
    `advisor.coverage.truth`, which is its oracle in the tests."""

    _OPS = {"==": "eq", "!=": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}
    _ARITH = {"+": "add", "-": "sub", "*": "mul"}

    def value(self, op: Operand) -> str:
        if isinstance(op, Lit):
            return self.const(op.value)
        if isinstance(op, Ref):
            return self.var(op.path)
        assert isinstance(op, Arith)
        return f"A(operator.{self._ARITH[op.op]}, {self.value(op.left)}, {self.value(op.right)})"

    def truth(self, node: Node) -> str:
        if isinstance(node, Cmp):
            return f"C(operator.{self._OPS[node.op]}, {self.var(node.path)}, {self.value(node.rhs)})"
        if isinstance(node, Exists):
            return f"(({self.var(node.path)} is not M) == {node.present!r})"
        assert isinstance(node, (And, Or))
        return f"{'N' if isinstance(node, And) else 'O'}({', '.join(self.truth(i) for i in node.items)})"


def compile_truth(node: Node) -> Callable[[dict], bool | None]:
    """`node` on what a fact states, as one plain function (each field looked up once)."""
    src = _Truth()
    expr = src.truth(node)
    source = "\n".join(["def truth(fact):", *src.lookups(), f"    return {expr}"]) + "\n"
    namespace: dict[str, Any] = {
        "M": MISSING,
        "C": _cmp3,
        "A": _arith3,
        "N": _and3,
        "O": _or3,
        "operator": operator,
        **src.consts,
    }
    exec(compile(source, "<generated truth>", "exec"), namespace)  # noqa: S102 - our own generated code
    return namespace["truth"]


class GeneratedEvaluator:
    """`fired(kind, fact)` through one generated function per kind, built once at load."""

    def __init__(self, rulebook: Rulebook):
        self._functions = {kind: compile_kind(rulebook.for_kind(kind))[1] for kind in rulebook.kinds}

    def fired(self, kind: str, fact: dict) -> set[str]:
        function = self._functions.get(kind)
        return function(fact) if function else set()

    def fired_many(self, facts: Sequence[tuple[str, dict]]) -> list[set[str]]:
        return [self.fired(kind, fact) for kind, fact in facts]
