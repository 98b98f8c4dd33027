"""Explaining a rule against the session's document: why it fired, why not, or what data it lacks.

For a rule that fired: its message, rationale, the evidence this document gave it and the fix.
For one that did not: each comparison of its normalised condition is evaluated against the
same fact the engine saw, with the reference evaluator's `holds`, and the false ones are shown
with this document's value against the threshold. For one that could not be assessed: the
missing fields and the command that shows each. Every line cites the rule.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from advisor import derive
from advisor.chat.fields import question_for
from advisor.chat.numbers import fmt
from advisor.chat.reply import Composer, Question, from_out
from advisor.engine.reference import MISSING, holds, lookup, operand_value
from advisor.findings import Finding, NotAssessed, Review
from advisor.review import Unit, build_fact, units_of
from advisor.rulebook.condition import And, Cmp, Exists, Lit, Node, Or, render, render_operand
from advisor.rulebook.templates import placeholders

MAX_UNITS = 3


def _show(value: Any) -> str:
    if isinstance(value, BaseModel):
        value = value.model_dump(exclude_none=True)
    if isinstance(value, (list, tuple)):
        items = [v.model_dump(exclude_none=True) if isinstance(v, BaseModel) else v for v in value]
        names = [str(v.get("name")) if isinstance(v, dict) and "name" in v else _show(v) for v in items]
        return f"[{', '.join(names[:8])}{', ...' if len(names) > 8 else ''}]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in list(value.items())[:8]) + "}"
    if value is MISSING:
        return "absent"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return fmt(value, 3)
    return f'"{value}"' if isinstance(value, str) else str(value)


def false_leaves(node: Node, fact: dict) -> list[Node]:
    """The comparisons that make `node` false (for an And: its false items, for an Or: all of them)."""
    if holds(node, fact):
        return []
    if isinstance(node, (Cmp, Exists)):
        return [node]
    items = node.items
    if isinstance(node, And):
        return [leaf for item in items if not holds(item, fact) for leaf in false_leaves(item, fact)]
    assert isinstance(node, Or)
    return [leaf for item in items for leaf in false_leaves(item, fact)]


def describe_leaf(leaf: Node, fact: dict) -> str:
    if isinstance(leaf, Exists):
        return f"{render(leaf)} is false: {leaf.path} is {_show(lookup(fact, leaf.path))}"
    assert isinstance(leaf, Cmp)
    left = lookup(fact, leaf.path)
    right = operand_value(leaf.rhs, fact)
    if isinstance(leaf.rhs, Lit):
        threshold = _show(right)
    else:
        threshold = f"{render_operand(leaf.rhs)} = {_show(right)}"
    return f"{render(leaf)} is false: this document has {leaf.path} = {_show(left)} against {threshold}"


def _rule_cites(advisor, rule_id: str, n: int = 2):
    return [from_out(c, f"rule:{rule_id}") for c in advisor.citations(rule_id)[:n]]


def explain_fired(advisor, f: Finding, out: Composer) -> None:
    cites = _rule_cites(advisor, f.rule_id)
    out.say(f"{f.rule_id} ({f.severity}) fired for {f.target}: {f.message}", *cites)
    out.say(f"Why it matters: {f.rationale}", *cites)
    if f.evidence:
        ev = ", ".join(f"{k} = {_show(v)}" for k, v in f.evidence.items())
        out.say(f"Evidence from this document: {ev}.", *cites)
    if f.escalation:
        out.say(f"Severity raised to {f.severity}: {f.escalation}", *cites)
    out.say(f"Fix: {f.recommendation}", *cites)
    for r in f.remediation:
        if r.commands:
            reboot = " (needs a reboot)" if r.requires_reboot else (" (dynamic)" if r.dynamic else "")
            out.say(f"{r.description}{reboot}: " + "; ".join(f"`{c}`" for c in r.commands), *cites)


def explain_not_assessed(advisor, n: NotAssessed, kind: str, out: Composer, questions: list[Question]) -> None:
    cites = _rule_cites(advisor, n.rule_id, 1)
    what = f"missing {', '.join(n.missing)}" if n.missing else (n.reason or "inputs unusable")
    out.say(f"{n.rule_id} ({n.title}) could not be assessed for {n.target}: {what}.", *cites)
    if n.reason and n.missing:
        out.say(f"Also: {n.reason}.", *cites)
    for path in n.missing:
        text, command, unit = question_for(kind, path)
        questions.append(
            Question(
                path=path,
                question=text,
                command=command,
                unit=unit,
                rule_id=n.rule_id,
                target=n.target,
                severity=n.severity,
            )
        )


def explain_quiet(advisor, cr, unit: Unit, out: Composer) -> None:
    """The rule was assessed and did not fire: which comparisons were false, with the values."""
    cites = _rule_cites(advisor, cr.id, 1)
    derived = derive.compute(unit.kind, unit.model)
    fact = build_fact(unit, derived.values)
    out.say(
        f"{cr.id} ({cr.rule.title}) did not fire for {unit.target}: its condition {render(cr.condition)} "
        "does not hold.",
        *cites,
    )
    leaves = false_leaves(cr.condition, fact)
    for leaf in leaves[:6]:
        out.say(describe_leaf(leaf, fact) + ".", *cites)


def explain_rule_alone(advisor, rule_id: str, out: Composer) -> None:
    """No document: what the rule checks, why, and the fix, from the rulebook."""
    cr = advisor.rulebook.rules[rule_id]
    r = cr.rule
    cites = _rule_cites(advisor, rule_id)
    out.say(
        f"{r.id} ({r.severity}, for {', '.join(r.kinds)}): {r.title}. It fires when {render(cr.condition)}.", *cites
    )
    out.say(f"Why: {' '.join(r.rationale.split())}", *cites)
    if not placeholders(r.recommendation):
        out.say(f"Fix: {' '.join(r.recommendation.split())}", *cites)


def explain_with_document(advisor, rule_id: str, doc, review: Review, out: Composer, questions: list[Question]) -> bool:
    """Explain `rule_id` for every unit of the document it applies to; False if it applies to none."""
    cr = advisor.rulebook.rules[rule_id]
    units = [u for u in units_of(doc) if u.kind in cr.rule.kinds]
    if not units:
        out.say(
            f"{rule_id} checks {', '.join(cr.rule.kinds)} documents; {doc.name} is a {doc.kind}, so it is not "
            "checked here.",
            *_rule_cites(advisor, rule_id, 1),
        )
        return False
    for unit in units[:MAX_UNITS]:
        finding = next(
            (f for f in review.findings if f.rule_id == rule_id and f.target == unit.target and f.path == unit.path),
            None,
        )
        missing = next(
            (
                n
                for n in review.not_assessed
                if n.rule_id == rule_id and n.target == unit.target and n.path == unit.path
            ),
            None,
        )
        if finding:
            explain_fired(advisor, finding, out)
        elif missing:
            explain_not_assessed(advisor, missing, unit.kind, out, questions)
        else:
            explain_quiet(advisor, cr, unit, out)
    return True
