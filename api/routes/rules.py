"""GET /v1/rules (the catalogue) and GET /v1/rules/{rule_id} (one rule in full): advisor.capabilities.rules."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path

from advisor.capabilities.context import Context
from advisor.capabilities.rules import RuleDetail, RuleRequest, RulesRequest, RuleSummary, get_rule, list_rules
from api.context import get_context

router = APIRouter(tags=["rules"])


@router.get(
    "/rules",
    response_model=list[RuleSummary],
    operation_id="listRules",
    summary="The rule catalogue: id, title, severity, kinds, domain, citations",
)
def rules_list(ctx: Annotated[Context, Depends(get_context)]) -> list[RuleSummary]:
    return list_rules(RulesRequest(), ctx).rules


@router.get(
    "/rules/{rule_id}",
    response_model=RuleDetail,
    operation_id="getRule",
    summary="One rule in full, citations resolved to titles and urls",
    responses={404: {}, 422: {}},
)
def rule_detail(
    rule_id: Annotated[str, Path(min_length=1, max_length=64, examples=["AME-001"])],
    ctx: Annotated[Context, Depends(get_context)],
) -> RuleDetail:
    return get_rule(RuleRequest(rule_id=rule_id), ctx, path="path.rule_id")
