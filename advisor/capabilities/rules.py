"""The rule catalogue as capabilities: list the rules, get one in full, and the source list they cite."""

from __future__ import annotations

import difflib
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from advisor.capabilities.context import Context
from advisor.capabilities.errors import CapabilityError, ErrorItem
from advisor.capabilities.models import Strict
from advisor.catalogue import summary_of
from advisor.findings import CitationOut
from advisor.rulebook.compiled import CompiledRule
from advisor.rulebook.model import Confidence, Remediation, Severity
from advisor.sources import Source, load_sources


class RuleSummary(BaseModel):
    id: str
    title: str
    severity: Severity
    kinds: list[str]
    applies: str = Field(
        description="Which systems the rule speaks about (processor generations, OS and firmware levels, "
        "workload), so a reader sees why it did or did not apply to a system."
    )
    domain: str
    citations: list[CitationOut]


class EscalationOut(BaseModel):
    condition: str
    severity: Severity
    reason: str


class RuleExample(BaseModel):
    note: str
    severity: Severity | None = None
    document: dict[str, Any]


class RuleExamples(BaseModel):
    fire: list[RuleExample]
    pass_: list[RuleExample] = Field(alias="pass", serialization_alias="pass")

    model_config = ConfigDict(populate_by_name=True)


class RuleDetail(RuleSummary):
    """The rule in full: what it checks, why, and what to do; citations resolved to titles and urls."""

    file: str
    condition: str = Field(description="The `when` expression over document fields and derived values.")
    escalations: list[EscalationOut]
    requires: list[str] = Field(description="Paths that must be present, else the rule is not assessed.")
    optional: list[str]
    message: str = Field(description="Template; {path} placeholders are filled from the document.")
    rationale: str
    recommendation: str
    remediation: list[Remediation]
    impact: int
    confidence: Confidence
    tags: list[str]
    examples: RuleExamples


class RulesRequest(Strict):
    """Which rules to list; every filter is optional."""

    kind: str | None = Field(None, max_length=64, description="Only rules for this document kind, e.g. aix-lpar.")
    domain: str | None = Field(None, max_length=64, description="Only rules of this domain (ame, lpar, stor, ...).")


class RuleRequest(Strict):
    rule_id: str = Field(min_length=1, max_length=64, description="A rule id, e.g. AME-001 (case-insensitive).")


class SourcesRequest(Strict):
    """No parameters: the whole source list."""


class RuleList(BaseModel):
    rules: list[RuleSummary]


class SourceList(BaseModel):
    sources: list[Source]


def _summary(ctx: Context, cr: CompiledRule) -> dict[str, Any]:
    return summary_of(cr, ctx.advisor.citations(cr.id))  # the catalogue's one definition


def list_rules(req: RulesRequest, ctx: Context) -> RuleList:
    """The catalogue, in id order: id, title, severity, kinds, domain and citations of each rule."""
    rules = sorted(ctx.advisor.rulebook.rules.values(), key=lambda r: r.id)
    return RuleList(
        rules=[
            RuleSummary(**_summary(ctx, cr))
            for cr in rules
            if (req.kind is None or req.kind in cr.rule.kinds) and (req.domain is None or req.domain == cr.domain)
        ]
    )


def find_rule(ctx: Context, rule_id: str, path: str) -> CompiledRule:
    """The rule named `rule_id` (any case), or a `rule-not-found` error with the closest id."""
    rules = ctx.advisor.rulebook.rules
    cr = rules.get(rule_id) or rules.get(rule_id.upper())
    if cr is None:
        close = difflib.get_close_matches(rule_id.upper(), list(rules), n=1, cutoff=0.6)
        raise CapabilityError(
            "rule-not-found",
            f"No rule {rule_id!r}" + (f"; did you mean {close[0]}?" if close else "."),
            errors=[ErrorItem(path=path, message="no such rule", suggestion=close[0] if close else None)],
        )
    return cr


def get_rule(req: RuleRequest, ctx: Context, path: str = "$.rule_id") -> RuleDetail:
    """One rule in full: condition, requirements, message, rationale, fix, examples, citations."""
    cr = find_rule(ctx, req.rule_id, path)
    rule = cr.rule
    return RuleDetail(
        **_summary(ctx, cr),
        file=cr.file,
        condition=rule.when,
        escalations=[EscalationOut(condition=e.when, severity=e.severity, reason=e.reason) for e in rule.escalations],
        requires=list(rule.requires),
        optional=list(rule.optional),
        message=rule.message,
        rationale=rule.rationale,
        recommendation=rule.recommendation,
        remediation=list(rule.remediation),
        impact=rule.impact,
        confidence=rule.confidence,
        tags=list(rule.tags),
        examples=RuleExamples(
            fire=[RuleExample(note=e.note, severity=e.severity, document=e.document) for e in rule.examples.fire],
            pass_=[RuleExample(note=e.note, severity=e.severity, document=e.document) for e in rule.examples.pass_],
        ),
    )


def list_sources(req: SourcesRequest, ctx: Context) -> SourceList:
    """The source documents every citation's `source_id` points into."""
    return SourceList(sources=list(load_sources().values()))
