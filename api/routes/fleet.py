"""The fleet over REST: GET /v1/systems, /v1/systems/{name}, /v1/rules/{id}/systems, /v1/fleet/summary.

Thin adapters over advisor.capabilities.fleet (the web console's pages call the same functions).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query

from advisor.capabilities.fleet import (
    MAX_PAGE,
    FleetError,
    FleetSummary,
    RuleSystemsPage,
    Sort,
    SystemDetail,
    SystemsPage,
    SystemsQuery,
    fleet_summary,
    list_systems,
    rule_systems,
    system_detail,
)
from advisor.review import Advisor
from advisor.rulebook.model import Severity
from advisor.store import DEFAULT_TENANT
from api.auth import Reader
from api.deps import get_advisor, get_store
from api.problems import ErrorItem, ProblemError


def _default_tenant(who: Reader) -> None:
    """The fleet tables are site-wide, filled with the default tenant's reviews only: other tenants' keys
    get a 403 here rather than a view of another team's systems."""
    if who.tenant != DEFAULT_TENANT:
        raise ProblemError("forbidden", "The fleet view covers the default tenant only; this key is of another.")


router = APIRouter(dependencies=[Depends(_default_tenant)])
REVIEW_ID = r"^rv_[0-9a-f]{20}$"
_SUMMARY = {"critical": 0, "high": 1, "medium": 1, "low": 0, "info": 0}
_SYSTEM = {
    "name": "sapapp01",
    "kind": "aix-lpar",
    "rating": "red",
    "review_id": "rv_4f1c2a9b7e3d5c6a8b90",
    "first_seen": "2025-02-01T08:00:00.000Z",
    "last_seen": "2025-03-01T09:30:00.000Z",
    "reviews": 4,
    "summary": _SUMMARY,
    "findings": 2,
    "not_assessed": 19,
    "score": 121.5,
}


def _example(value: Any) -> dict[int | str, dict[str, Any]]:
    return {200: {"content": {"application/json": {"example": value}}}, 404: {}, 422: {}}


def problem(exc: FleetError) -> ProblemError:
    errors = [ErrorItem(path=f"query.{exc.path}", message=exc.detail)] if exc.path else None
    return ProblemError(exc.problem, exc.detail, errors=errors)


@router.get(
    "/systems",
    tags=["fleet"],
    response_model=SystemsPage,
    operation_id="listSystems",
    summary="Every reviewed system with its latest review: filter, sort, page by cursor",
    responses=_example({"items": [_SYSTEM], "next_cursor": "WzEsMTIxLjUsInNhcGFwcDAxIl0"}),
)
def get_systems(
    store: Annotated[Any, Depends(get_store)],
    advisor: Annotated[Advisor, Depends(get_advisor)],
    kind: Annotated[str | None, Query(max_length=32, description="Document kind, e.g. `aix-lpar`.")] = None,
    severity: Annotated[
        Severity | None, Query(description="Only systems with a finding at this severity or above, e.g. `high`.")
    ] = None,
    rule: Annotated[str | None, Query(max_length=32, description="Only systems where this rule fires now.")] = None,
    prefix: Annotated[str | None, Query(max_length=256, description="Only names starting with this.")] = None,
    sort: Annotated[
        Sort,
        Query(
            description="`risk` (highest severity, then summed score), `name`, `last_seen` (newest first), "
            "`findings` (most first).",
        ),
    ] = "risk",
    cursor: Annotated[str | None, Query(max_length=1024, description="`next_cursor` of the previous page.")] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = 50,
) -> SystemsPage:
    q = SystemsQuery(kind=kind, severity=severity, rule=rule, prefix=prefix, sort=sort, cursor=cursor, limit=limit)
    try:
        return list_systems(store, q, advisor.rulebook)
    except FleetError as exc:
        raise problem(exc) from None


@router.get(
    "/systems/{name:path}",
    tags=["fleet"],
    response_model=SystemDetail,
    operation_id="getSystem",
    summary="One system: latest findings, review history, and the diff of two of its reviews",
    responses=_example(
        {
            "system": _SYSTEM,
            "findings": [],
            "not_assessed": [],
            "history": [
                {
                    "review_id": "rv_4f1c2a9b7e3d5c6a8b90",
                    "created_at": "2025-03-01T09:30:00.000Z",
                    "summary": _SUMMARY,
                    "findings": 2,
                }
            ],
            "diff": None,
        }
    ),
)
def get_system(
    name: Annotated[str, Path(min_length=1, max_length=256)],
    store: Annotated[Any, Depends(get_store)],
    before: Annotated[
        str | None, Query(alias="from", pattern=REVIEW_ID, description="Older review of the diff (with `to`).")
    ] = None,
    after: Annotated[
        str | None, Query(alias="to", pattern=REVIEW_ID, description="Newer review of the diff (default: last two).")
    ] = None,
) -> SystemDetail:
    try:
        return system_detail(store, name, before, after)
    except FleetError as exc:
        raise problem(exc) from None


@router.get(
    "/rules/{rule_id}/systems",
    tags=["fleet"],
    response_model=RuleSystemsPage,
    operation_id="listRuleSystems",
    summary="The systems where a rule fires now (in their latest review), by name",
    responses=_example(
        {
            "rule_id": "AME-001",
            "title": "AME4K forces 64K application pages down to 4K pages",
            "severity": "high",
            "items": [
                {
                    "name": "sapapp01",
                    "kind": "aix-lpar",
                    "rating": "red",
                    "last_seen": "2025-03-01T09:30:00.000Z",
                    "findings": 1,
                    "score": 76.0,
                }
            ],
            "next_cursor": None,
        }
    ),
)
def get_rule_systems(
    rule_id: Annotated[str, Path(max_length=32)],
    store: Annotated[Any, Depends(get_store)],
    advisor: Annotated[Advisor, Depends(get_advisor)],
    cursor: Annotated[str | None, Query(max_length=1024)] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = 50,
) -> RuleSystemsPage:
    try:
        return rule_systems(store, advisor.rulebook, rule_id, cursor, limit)
    except FleetError as exc:
        raise problem(exc) from None


@router.get(
    "/fleet/summary",
    tags=["fleet"],
    response_model=FleetSummary,
    operation_id="fleetSummary",
    summary="The estate at a glance: systems by rating and severity, top rules, missing data, trend by day",
    responses=_example(
        {
            "systems": 300,
            "reviews": 2400,
            "ratings": {"red": 41, "amber": 97, "green": 162},
            "severities": [{"severity": "high", "systems": 38, "worst": 35}],
            "clean": 120,
            "top_rules_by_systems": [
                {
                    "rule_id": "AME-001",
                    "title": "AME4K forces 64K application pages down to 4K pages",
                    "severity": "high",
                    "systems": 31,
                    "findings": 31,
                    "score": 2356.0,
                }
            ],
            "top_rules_by_score": [],
            "missing": [{"field": "ame.deficit_mb", "systems": 212, "rules": 212}],
            "trend": [{"day": "2025-03-01", "reviews": 310, "systems": 290, "summary": _SUMMARY}],
        }
    ),
)
def get_fleet_summary(
    store: Annotated[Any, Depends(get_store)], advisor: Annotated[Advisor, Depends(get_advisor)]
) -> FleetSummary:
    return fleet_summary(store, advisor.rulebook)
