"""GET /v1/rules (the catalogue) and GET /v1/rules/{rule_id} (one rule in full)."""

from __future__ import annotations

import difflib
from typing import Annotated

from fastapi import APIRouter, Depends, Path

from advisor.review import Advisor
from advisor.rulebook.loader import CompiledRule
from api.deps import get_advisor
from api.models import EscalationOut, RuleDetail, RuleExample, RuleExamples, RuleSummary
from api.problems import ErrorItem, ProblemError

router = APIRouter(tags=["rules"])


def _summary(advisor: Advisor, cr: CompiledRule) -> dict:
    rule = cr.rule
    return {
        "id": rule.id,
        "title": rule.title,
        "severity": rule.severity,
        "kinds": list(rule.kinds),
        "domain": cr.domain,
        "citations": advisor.citations(rule.id),
    }


@router.get(
    "/rules",
    response_model=list[RuleSummary],
    operation_id="listRules",
    summary="The rule catalogue: id, title, severity, kinds, domain, citations",
)
def list_rules(advisor: Annotated[Advisor, Depends(get_advisor)]) -> list[RuleSummary]:
    return [RuleSummary(**_summary(advisor, cr)) for cr in sorted(advisor.rulebook.rules.values(), key=lambda r: r.id)]


@router.get(
    "/rules/{rule_id}",
    response_model=RuleDetail,
    operation_id="getRule",
    summary="One rule in full, citations resolved to titles and urls",
    responses={404: {}, 422: {}},
)
def get_rule(
    rule_id: Annotated[str, Path(min_length=1, max_length=64, examples=["AME-001"])],
    advisor: Annotated[Advisor, Depends(get_advisor)],
) -> RuleDetail:
    rules = advisor.rulebook.rules
    cr = rules.get(rule_id) or rules.get(rule_id.upper())
    if cr is None:
        close = difflib.get_close_matches(rule_id.upper(), list(rules), n=1, cutoff=0.6)
        raise ProblemError(
            "rule-not-found",
            f"No rule {rule_id!r}" + (f"; did you mean {close[0]}?" if close else "."),
            errors=[ErrorItem(path="path.rule_id", message="no such rule", suggestion=close[0] if close else None)],
        )
    rule = cr.rule
    return RuleDetail(
        **_summary(advisor, cr),
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
