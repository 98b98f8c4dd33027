"""Explain a rule against one system: why it fired, why it did not, or what data it lacks.

For each system of the document the rule checks (a managed system's partitions one by one):

* fired: the finding (message, evidence, fix) and each comparison of the condition that holds,
  with this system's value and what it was compared with;
* not fired: the comparisons that are false, with this system's value against the threshold,
  evaluated on the same fact the engine saw with the reference evaluator's `holds`;
* not assessed: the missing fields, each with the command that shows it, or the reason the
  inputs are unusable.

Every explanation carries the rule's rationale, fix and citations. Without a system, the rule
alone: what it checks, why, and the fix.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from advisor import derive
from advisor.capabilities.context import Context
from advisor.capabilities.errors import CapabilityError, ErrorItem
from advisor.capabilities.models import EXAMPLE_LPAR
from advisor.capabilities.review import SystemInput, system
from advisor.capabilities.rules import find_rule
from advisor.documents.meta import question_for
from advisor.engine.reference import MISSING, holds, lookup, operand_value
from advisor.findings import CitationOut, Finding, NotAssessed, RemediationOut, Review
from advisor.review import Unit, build_fact, units_of
from advisor.rulebook.condition import And, Cmp, Exists, Lit, Node, Or, render, render_operand
from advisor.rulebook.model import Severity
from advisor.rulebook.templates import placeholders


class ExplainRequest(SystemInput):
    """A rule id and, optionally, the system to explain it for (else the rule alone)."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [{"rule_id": "AME-001", "document": EXAMPLE_LPAR}]},
    )

    rule_id: str = Field(min_length=1, max_length=64, description="The rule to explain, e.g. AME-001.")
    target: str | None = Field(
        None, min_length=1, max_length=256, description="Only this system (a partition's name in a managed system)."
    )


class ConditionCheck(BaseModel):
    """One comparison of the rule's condition, evaluated on this system."""

    condition: str = Field(description="The comparison as the rulebook writes it, e.g. `ame.page_support == '4K'`.")
    path: str = Field(description="The field (or `derived.` value) it reads.")
    present: bool = Field(description="False when this system does not state the field.")
    value: Any = Field(None, description="This system's value (absent: null).")
    compared_with: Any = Field(None, description="What the value is compared with, computed for this system.")
    operand: str | None = Field(None, description="The expression `compared_with` comes from, when not a literal.")
    holds: bool


class MissingField(BaseModel):
    path: str
    question: str
    command: str | None = Field(None, description="The command whose output shows the value.")
    unit: str | None = None


class TargetExplanation(BaseModel):
    target: str = Field(description="The system's name.")
    path: str = Field(description="JSON path of the system inside the document.")
    kind: str
    status: Literal["fired", "not-fired", "not-assessed"]
    finding: Finding | None = Field(None, description="fired: the finding, as a review reports it.")
    conditions: list[ConditionCheck] = Field(
        default_factory=list, description="fired: the comparisons that hold; not-fired: the ones that are false."
    )
    not_assessed: NotAssessed | None = Field(None, description="not-assessed: what keeps the rule from being judged.")
    missing: list[MissingField] = Field(default_factory=list, description="not-assessed: each field, and its command.")


class ExplainResult(BaseModel):
    rule_id: str
    title: str
    severity: Severity = Field(description="The rule's base severity (a finding may be raised above it).")
    kinds: list[str]
    condition: str = Field(description="The rule's whole condition, normalised.")
    rationale: str
    recommendation: str | None = Field(
        None, description="The fix; null when it is worded from a system's values (see each finding)."
    )
    remediation: list[RemediationOut] = Field(default_factory=list)
    citations: list[CitationOut]
    system: str | None = Field(None, description="The system explained for (absent: the rule alone).")
    applies: bool = Field(True, description="False when the rule does not check this kind of system.")
    targets: list[TargetExplanation] = Field(default_factory=list)


def _json(value: Any) -> Any:
    return None if value is MISSING else value


def check(leaf: Node, fact: dict) -> ConditionCheck:
    """One comparison of a condition with this fact's values on both sides (an exists test has one side)."""
    assert isinstance(leaf, (Cmp, Exists))
    value = lookup(fact, leaf.path)
    rhs = leaf.rhs if isinstance(leaf, Cmp) else None
    return ConditionCheck(
        condition=render(leaf),
        path=leaf.path,
        present=value is not MISSING,
        value=_json(value),
        compared_with=None if rhs is None else _json(operand_value(rhs, fact)),
        operand=None if rhs is None or isinstance(rhs, Lit) else render_operand(rhs),
        holds=holds(leaf, fact),
    )


def leaves(node: Node, fact: dict, want: bool) -> list[Node]:
    """The comparisons that make `node` hold (want=True) or fail (want=False).

    Holding: every item of an And, the holding items of an Or. Failing: the failing items of an
    And, every item of an Or."""
    if holds(node, fact) != want:
        return []
    if isinstance(node, (Cmp, Exists)):
        return [node]
    every = isinstance(node, And) == want
    assert isinstance(node, (And, Or))
    return [leaf for item in node.items if every or holds(item, fact) == want for leaf in leaves(item, fact, want)]


def _unit_fact(unit: Unit) -> dict:
    return build_fact(unit, derive.compute(unit.kind, unit.model).values)


def _explain_unit(
    ctx: Context, rule_id: str, unit: Unit, finding: Finding | None, na: NotAssessed | None
) -> TargetExplanation:
    cr = ctx.advisor.rulebook.rules[rule_id]
    base = {"target": unit.target, "path": unit.path, "kind": unit.kind}
    if finding is not None:
        fact = _unit_fact(unit)
        return TargetExplanation(
            **base,
            status="fired",
            finding=finding,
            conditions=[check(leaf, fact) for leaf in leaves(cr.condition, fact, True)],
        )
    if na is not None:
        missing = []
        for path in na.missing:
            question, command, unit_name = question_for(unit.kind, path)
            missing.append(MissingField(path=path, question=question, command=command, unit=unit_name))
        return TargetExplanation(**base, status="not-assessed", not_assessed=na, missing=missing)
    fact = _unit_fact(unit)
    return TargetExplanation(
        **base, status="not-fired", conditions=[check(leaf, fact) for leaf in leaves(cr.condition, fact, False)]
    )


def explain_rule(ctx: Context, rule_id: str) -> ExplainResult:
    """The rule alone: what it checks, why, the fix (when not worded from a system's values), citations."""
    rule = ctx.advisor.rulebook.rules[rule_id].rule
    return ExplainResult(
        rule_id=rule.id,
        title=rule.title,
        severity=rule.severity,
        kinds=list(rule.kinds),
        condition=render(ctx.advisor.rulebook.rules[rule_id].condition),
        rationale=" ".join(rule.rationale.split()),
        recommendation=None if placeholders(rule.recommendation) else " ".join(rule.recommendation.split()),
        remediation=[
            RemediationOut(
                description=r.description,
                commands=list(r.commands),
                requires_reboot=r.requires_reboot,
                dynamic=r.dynamic,
            )
            for r in rule.remediation
            if not any(placeholders(t) for t in (r.description, *r.commands))
        ],
        citations=ctx.advisor.citations(rule.id),
    )


def explain_system(ctx: Context, rule_id: str, doc: Any, review: Review, target: str | None = None) -> ExplainResult:
    """`rule_id` for each system of the validated document `doc` it checks, given the document's review."""
    result = explain_rule(ctx, rule_id)
    result.system = doc.name
    units = [u for u in units_of(doc) if u.kind in result.kinds]
    if target is not None:
        units = [u for u in units if u.target == target]
        if not units:
            names = sorted({u.target for u in units_of(doc)})
            raise CapabilityError(
                "invalid-request",
                f"The request has 1 problem: $.target: no system {target!r} that {rule_id} checks",
                errors=[ErrorItem(path="$.target", message=f"not one of: {', '.join(names[:20])}")],
            )
    result.applies = bool(units)
    found = {(f.target, f.path): f for f in review.findings if f.rule_id == rule_id}
    lacking = {(n.target, n.path): n for n in review.not_assessed if n.rule_id == rule_id}
    result.targets = [
        _explain_unit(ctx, rule_id, u, found.get((u.target, u.path)), lacking.get((u.target, u.path))) for u in units
    ]
    return result


def explain(req: ExplainRequest, ctx: Context) -> ExplainResult:
    """Why `rule_id` fired, did not fire, or could not be judged for the system (or the rule alone)."""
    rule_id = find_rule(ctx, req.rule_id, "$.rule_id").id
    sub = system(req, ctx)
    if sub is None:
        return explain_rule(ctx, rule_id)
    review = ctx.advisor.review(sub.model, provenance=sub.loaded.provenance if sub.loaded else None)
    return explain_system(ctx, rule_id, sub.model, review, req.target)
