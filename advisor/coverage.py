"""What a review could not judge, and why: the rules that cannot apply to this system, and the
others grouped by the data (and the command that shows it) that would let them be judged.

One module for every surface (the CLI's text and gate, the HTML report, the web console), so
"give `lparstat -i` to assess 12 rules" reads the same everywhere.

A rule *cannot apply* when the values the document does state already make its condition false,
whatever the missing ones turn out to be (three-valued logic: a comparison on a missing field is
unknown; `and` is false as soon as one part is false). AME rules on a partition that states AME
is off are the common case. Nothing is hidden on a guess: a partition that says nothing about
WPARs keeps its WPAR rules (grouped under `lswpar`), since no data is not the same as no WPARs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pydantic import BaseModel

from advisor import derive
from advisor.documents.meta import field_meta
from advisor.engine.reference import MISSING, lookup, operand_value
from advisor.findings import NotAssessed, Review
from advisor.review import build_fact, units_of
from advisor.rulebook.compiled import Rulebook
from advisor.rulebook.condition import And, Cmp, Exists, Node, Or

_CMP = {
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


@lru_cache(maxsize=4096)
def command_of(kind: str, path: str) -> str | None:
    """The command alone (`lparstat -i` of "lparstat -i: Online Memory"; the first of several);
    cached: a fleet run asks it for the same few hundred fields of every document."""
    command = field_meta(kind, path).command
    if not command:
        return None
    return re.split(r"[:;]", command, maxsplit=1)[0].strip() or None


def truth(node: Node, fact: dict[str, Any]) -> bool | None:
    """The condition on what the fact states: True, False, or None when a missing value decides."""
    if isinstance(node, Cmp):
        left = lookup(fact, node.path)
        right = operand_value(node.rhs, fact)
        if left is MISSING or right is MISSING:
            return None
        try:
            return bool(_CMP[node.op](left, right))
        except TypeError:  # the loader types every comparison; stay unknown rather than guess
            return None
    if isinstance(node, Exists):
        return (lookup(fact, node.path) is not MISSING) == node.present
    values = [truth(item, fact) for item in node.items]
    if isinstance(node, And):
        return False if False in values else None if None in values else True
    assert isinstance(node, Or)
    return True if True in values else None if None in values else False


@dataclass(frozen=True)
class Need:
    """Rules that one set of commands would let the advisor judge."""

    commands: tuple[str, ...]  # empty when no command is known for the fields (or a value is invalid)
    fields: tuple[str, ...]
    rules: tuple[NotAssessed, ...]

    @property
    def rule_ids(self) -> list[str]:
        return list(dict.fromkeys(n.rule_id for n in self.rules))

    def text(self) -> str:
        """`give lparstat -i (memory.mode, cpu.pool_cores) to assess 2 rules: LPAR-002, LPAR-009`."""
        n = len(self.rule_ids)
        what = " and ".join(f"`{c}`" for c in self.commands) if self.commands else "the fields"
        fields = f" ({', '.join(self.fields)})" if self.fields else ""
        if not self.fields:  # no field is missing: a value could not be computed
            reasons = sorted({n.reason for n in self.rules if n.reason})
            return f"{n} rule{'s' if n != 1 else ''} cannot be computed: {'; '.join(reasons)}: " + ", ".join(
                self.rule_ids
            )
        return f"give {what}{fields} to assess {n} rule{'s' if n != 1 else ''}: {', '.join(self.rule_ids)}"


@dataclass(frozen=True)
class Coverage:
    needs: tuple[Need, ...]  # most rules first
    cannot_apply: tuple[NotAssessed, ...]

    @property
    def not_assessed(self) -> int:
        return sum(len(n.rules) for n in self.needs)


def cannot_apply(
    doc: BaseModel, review: Review, rulebook: Rulebook, facts: dict[str, dict] | None = None
) -> list[NotAssessed]:
    """The review's not-assessed rules whose condition the stated values already make false; `facts`
    (unit path -> fact, `Advisor.evaluate_many`) when the caller has them, else built again."""
    by_unit: dict[str, list[NotAssessed]] = {}
    for item in review.not_assessed:
        by_unit.setdefault(item.path, []).append(item)
    out = []
    for unit in units_of(doc):
        items = by_unit.get(unit.path)
        if not items:
            continue
        fact = facts[unit.path] if facts else build_fact(unit, derive.compute(unit.kind, unit.model).values)
        out += [n for n in items if _compiled(rulebook.rules[n.rule_id].condition)(fact) is False]
    return out


COMPILE_AFTER = 3  # uses of one condition read by `truth` before it is compiled
_TRUTHS: dict[int, tuple[Node, int, Callable[[dict], bool | None] | None]] = {}


def _compiled(node: Node) -> Callable[[dict], bool | None]:
    """`truth` of one rule condition: read by `truth` for its first uses, then compiled once
    (compile_truth, tested equal to `truth`): compiling costs about as much as ten readings, which a
    one-document check never earns back and a fleet run earns many times over."""
    hit = _TRUTHS.get(id(node))
    if hit is None or hit[0] is not node:
        hit = (node, 0, None)
    _, uses, function = hit
    if function is None and uses >= COMPILE_AFTER:
        from advisor.engine.generated import compile_truth

        function = compile_truth(node)
    _TRUTHS[id(node)] = (node, uses + 1, function)
    return function or (lambda fact: truth(node, fact))


def group_needs(items: Iterable[NotAssessed], kind_of: dict[str, str]) -> list[Need]:
    """Group by the commands that show the missing fields; `kind_of` maps a unit path to its kind."""
    groups: dict[tuple[str, ...], tuple[dict[str, None], list[NotAssessed]]] = {}
    for item in items:
        kind = kind_of.get(item.path, "")
        commands = tuple(sorted({c for f in item.missing if (c := command_of(kind, f))}))
        key = commands if item.missing else ()
        fields, rules = groups.setdefault(key, ({}, []))
        fields.update(dict.fromkeys(item.missing))
        rules.append(item)
    needs = [Need(k, tuple(f), tuple(r)) for k, (f, r) in groups.items()]
    return sorted(needs, key=lambda n: (-len(n.rule_ids), not n.fields, n.commands))


def coverage(doc: BaseModel, review: Review, rulebook: Rulebook, hide: Iterable[NotAssessed] | None = None) -> Coverage:
    """`hide`: the rules that cannot apply, when the caller already has them (else computed here)."""
    hidden = list(hide) if hide is not None else cannot_apply(doc, review, rulebook)
    skip = {(n.rule_id, n.path) for n in hidden}
    kind_of = {u.path: u.kind for u in units_of(doc)}
    needs = group_needs((n for n in review.not_assessed if (n.rule_id, n.path) not in skip), kind_of)
    return Coverage(tuple(needs), tuple(hidden))
