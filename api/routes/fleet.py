"""The fleet over REST: GET /v1/systems, /v1/systems/{name}, /v1/rules/{id}/systems, /v1/fleet/summary.

Thin adapters over advisor.capabilities.fleet (the MCP tools and the web console's pages call the
same functions), each in the caller's tenant: another tenant's system answers like an unknown one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query
from pydantic import BaseModel

from advisor.capabilities.context import Context
from advisor.capabilities.errors import CapabilityError
from advisor.capabilities.fleet import (
    EXAMPLES,
    MAX_PAGE,
    REVIEW_ID,
    FleetSummary,
    FleetSummaryRequest,
    RuleSystemsPage,
    RuleSystemsRequest,
    Sort,
    SystemDetail,
    SystemRequest,
    SystemsPage,
    SystemsQuery,
    fleet_summary,
    list_systems,
    rule_systems,
    system_detail,
)
from advisor.rulebook.model import Severity
from api.context import get_context

router = APIRouter(tags=["fleet"])
Ctx = Annotated[Context, Depends(get_context)]


def _example(name: str) -> dict[int | str, dict[str, Any]]:
    return {200: {"content": {"application/json": {"example": EXAMPLES[name]}}}, 404: {}, 422: {}}


def _answer(run: Callable[[Any, Context], BaseModel], request: Any, ctx: Context, in_path: tuple[str, ...] = ()) -> Any:
    """The capability's answer; its errors name the parameter as REST does (`query.cursor`, `path.rule_id`)."""
    try:
        return run(request, ctx)
    except CapabilityError as exc:
        for item in exc.errors or []:
            name = item.path.removeprefix("$.")
            item.path = f"{'path' if name in in_path else 'query'}.{name}"
        raise


@router.get(
    "/systems",
    response_model=SystemsPage,
    operation_id="listSystems",
    summary="Every reviewed system of your tenant with its latest review: filter, sort, page by cursor",
    responses=_example("list_systems"),
)
def get_systems(
    ctx: Ctx,
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
    return _answer(list_systems, q, ctx)


@router.get(
    "/systems/{name:path}",
    response_model=SystemDetail,
    operation_id="getSystem",
    summary="One system of your tenant: latest findings, review history, and the diff of two of its reviews",
    responses=_example("get_system"),
)
def get_system(
    name: Annotated[str, Path(min_length=1, max_length=256)],
    ctx: Ctx,
    before: Annotated[
        str | None, Query(alias="from", pattern=REVIEW_ID, description="Older review of the diff (with `to`).")
    ] = None,
    after: Annotated[
        str | None, Query(alias="to", pattern=REVIEW_ID, description="Newer review of the diff (default: last two).")
    ] = None,
) -> SystemDetail:
    return _answer(system_detail, SystemRequest(name=name, before=before, after=after), ctx, ("name",))


@router.get(
    "/rules/{rule_id}/systems",
    response_model=RuleSystemsPage,
    operation_id="listRuleSystems",
    summary="The systems of your tenant where a rule fires now (in their latest review), by name",
    responses=_example("list_rule_systems"),
)
def get_rule_systems(
    rule_id: Annotated[str, Path(max_length=32)],
    ctx: Ctx,
    cursor: Annotated[str | None, Query(max_length=1024)] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = 50,
) -> RuleSystemsPage:
    req = RuleSystemsRequest(rule_id=rule_id, cursor=cursor, limit=limit)
    return _answer(rule_systems, req, ctx, ("rule_id",))


@router.get(
    "/fleet/summary",
    response_model=FleetSummary,
    operation_id="fleetSummary",
    summary="Your tenant's estate at a glance: systems by rating and severity, top rules, missing data, trend by day",
    responses=_example("fleet_summary"),
)
def get_fleet_summary(ctx: Ctx) -> FleetSummary:
    return _answer(fleet_summary, FleetSummaryRequest(), ctx)
