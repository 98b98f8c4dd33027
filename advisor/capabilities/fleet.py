"""The fleet: every reviewed system with its latest review, one system's history, where a rule fires
now, and the estate at a glance. Defined once, as capabilities (`list_systems`, `get_system`,
`list_rule_systems`, `fleet_summary` in advisor.capabilities.CAPABILITIES); `/v1/systems`,
`/v1/rules/{id}/systems`, `/v1/fleet/summary`, the MCP tools and the web console's pages are thin
adapters over these functions.

A system is a reviewed document's `name` (a managed system's partitions are in its review), within
the caller's tenant: `ctx.fleet` carries the store and the principal, and every read is scoped to
its tenant, so another tenant's system or review answers exactly like one that does not exist. The
store keeps each system's latest review in its fleet tables (advisor/store/fleet.py), in the same
transaction as the review, so these reads never open review JSON except for the one system shown.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from typing import Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field

from advisor.capabilities.errors import CapabilityError, ErrorItem
from advisor.capabilities.models import JsonInt, Strict
from advisor.diff import ReviewDiff, diff_reviews
from advisor.findings import Finding, NotAssessed, Review
from advisor.rating import RATINGS, Rating, rating
from advisor.rulebook.model import Severity
from advisor.store.fleet import SEVERITIES, SORTS, SYSTEM_COLUMNS
from advisor.store.records import Principal

Sort = Literal["risk", "name", "last_seen", "findings"]
MAX_PAGE = 200
HISTORY = 100
REVIEW_ID = r"^rv_[0-9a-f]{20}$"


@dataclass(frozen=True)
class FleetView:
    """What the fleet capabilities read: the store, as `who` (its tenant's estate only)."""

    store: Any
    who: Principal


def _view(ctx: Any) -> FleetView:
    if ctx.fleet is None:
        raise CapabilityError(
            "not-found",
            "This surface has no store, so no fleet: ask the HTTP API or its MCP endpoint (advisor serve).",
        )
    view: FleetView = ctx.fleet
    return view


def _bad(name: str, detail: str, path: str | None = None) -> CapabilityError:
    """A fleet error; `path` names the request field at fault (`$.cursor`)."""
    return CapabilityError(name, detail, errors=[ErrorItem(path=f"$.{path}", message=detail)] if path else None)


class SystemOut(BaseModel):
    name: str
    kind: str
    rating: Rating
    review_id: str = Field(description="Its latest review.")
    first_seen: str
    last_seen: str
    reviews: int
    summary: dict[str, int] = Field(description="Findings of the latest review per severity.")
    findings: int
    not_assessed: int
    score: float = Field(description="Sum of the latest findings' scores: the risk the system carries.")


class SystemsPage(BaseModel):
    items: list[SystemOut]
    next_cursor: str | None = Field(None, description="Pass as `cursor` for the next page; null on the last.")


class SystemsQuery(Strict):
    """Which systems of the caller's tenant, in which order, from where."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [{"severity": "high", "sort": "risk", "limit": 20}, {"prefix": "sapapp"}]},
    )
    kind: str | None = Field(None, max_length=32, description="Document kind, e.g. `aix-lpar`.")
    severity: Severity | None = Field(None, description="Systems with a finding at this severity or above.")
    rule: str | None = Field(None, max_length=32, description="Only systems where this rule fires now, e.g. AME-001.")
    prefix: str | None = Field(None, max_length=256, description="Only names starting with this.")
    sort: Sort = Field(
        "risk",
        description="`risk` (highest severity, then summed score), `name`, `last_seen` (newest first), "
        "`findings` (most first).",
    )
    cursor: str | None = Field(None, max_length=1024, description="`next_cursor` of the previous page.")
    limit: JsonInt = Field(50, ge=1, le=MAX_PAGE)


class SystemRequest(Strict):
    """One system of the caller's tenant by name; `from`/`to` pick the two reviews to diff."""

    model_config = ConfigDict(
        extra="forbid", strict=True, populate_by_name=True, json_schema_extra={"examples": [{"name": "sapapp01"}]}
    )
    name: str = Field(min_length=1, max_length=256, description="The reviewed document's `name`.")
    before: str | None = Field(
        None, alias="from", pattern=REVIEW_ID, description="Older review of the diff (with `to`)."
    )
    after: str | None = Field(
        None, alias="to", pattern=REVIEW_ID, description="Newer review of the diff (default: last two)."
    )


class RuleSystemsRequest(Strict):
    """The systems of the caller's tenant where a rule fires now."""

    model_config = ConfigDict(extra="forbid", strict=True, json_schema_extra={"examples": [{"rule_id": "AME-001"}]})
    rule_id: str = Field(max_length=32, description="A rule id, e.g. AME-001.")
    cursor: str | None = Field(None, max_length=1024, description="`next_cursor` of the previous page.")
    limit: JsonInt = Field(50, ge=1, le=MAX_PAGE)


class FleetSummaryRequest(Strict):
    """No arguments: the caller's tenant's whole estate."""

    model_config = ConfigDict(extra="forbid", strict=True, json_schema_extra={"examples": [{}]})


class HistoryItem(BaseModel):
    review_id: str
    created_at: str
    summary: dict[str, int]
    findings: int


class DiffOut(BaseModel):
    before: str = Field(description="Review id of the older side.")
    after: str
    diff: ReviewDiff


class SystemDetail(BaseModel):
    system: SystemOut
    findings: list[Finding] = Field(description="The latest review's findings, ranked.")
    not_assessed: list[NotAssessed]
    history: list[HistoryItem] = Field(description=f"Its reviews, newest first (the last {HISTORY}).")
    diff: DiffOut | None = Field(None, description="Between the two reviews asked for, else the last two.")


class RuleSystem(BaseModel):
    name: str
    kind: str
    rating: Rating
    last_seen: str
    findings: int = Field(description="Findings of this rule in the system's latest review (partitions count).")
    score: float


class RuleSystemsPage(BaseModel):
    rule_id: str
    title: str
    severity: str
    items: list[RuleSystem]
    next_cursor: str | None = None


class SeverityCount(BaseModel):
    severity: str
    systems: int = Field(description="Systems with at least one finding of this severity.")
    worst: int = Field(description="Systems whose highest severity this is.")


class RuleCount(BaseModel):
    rule_id: str
    title: str
    severity: str
    systems: int
    findings: int
    score: float


class FieldCount(BaseModel):
    field: str
    systems: int = Field(description="Systems whose latest review lacks it.")
    rules: int = Field(description="Rule assessments it would unblock across them.")


class DayCount(BaseModel):
    day: str
    reviews: int
    systems: int
    summary: dict[str, int]


class FleetSummary(BaseModel):
    systems: int
    reviews: int
    ratings: dict[str, int]
    severities: list[SeverityCount]
    clean: int = Field(description="Systems whose latest review has no finding.")
    top_rules_by_systems: list[RuleCount]
    top_rules_by_score: list[RuleCount]
    missing: list[FieldCount] = Field(description="Data most often missing: what to collect next.")
    trend: list[DayCount] = Field(description="Per UTC day, oldest first (the last 30 days with reviews).")


# --- examples (the REST routes' and the tools' example answers) ---

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
EXAMPLES: dict[str, dict[str, Any]] = {
    "list_systems": {"items": [_SYSTEM], "next_cursor": "WzEsMTIxLjUsInNhcGFwcDAxIl0"},
    "get_system": {
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
    },
    "list_rule_systems": {
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
    },
    "fleet_summary": {
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
    },
}


# --- cursors ---


def encode_cursor(values: list[Any]) -> str:
    return base64.urlsafe_b64encode(orjson.dumps(values)).decode().rstrip("=")


def decode_cursor(cursor: str, sort: str) -> list[Any]:
    try:
        values = orjson.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    except (binascii.Error, ValueError) as exc:
        raise _bad("invalid-parameters", "The cursor is not one this API returned.", "cursor") from exc
    if not isinstance(values, list) or len(values) != len(SORTS[sort]):
        raise _bad("invalid-parameters", f"The cursor does not belong to sort={sort}.", "cursor")
    return values


# --- rows to models ---

_COLUMNS = [c.strip() for c in SYSTEM_COLUMNS.split(",")]


def system_out(row: tuple) -> SystemOut:
    d = dict(zip(_COLUMNS, row, strict=False))
    summary = {s: d[s] for s in SEVERITIES}
    return SystemOut(
        name=d["target"],
        kind=d["kind"],
        rating=rating(summary),
        review_id=d["review_id"],
        first_seen=d["first_seen"],
        last_seen=d["last_seen"],
        reviews=d["reviews"],
        summary=summary,
        findings=d["findings"],
        not_assessed=d["not_assessed"],
        score=round(d["score"], 1),
    )


def _sort_values(row: tuple, sort: str) -> list[Any]:
    d = dict(zip(_COLUMNS, row, strict=False))
    return [d[c] for c, _ in SORTS[sort]]


# --- capabilities ---


def list_systems(q: SystemsQuery, ctx: Any) -> SystemsPage:
    if q.rule is not None and q.rule not in ctx.advisor.rulebook.rules:
        raise _bad("rule-not-found", f"No rule {q.rule}.", "rule")
    after = decode_cursor(q.cursor, q.sort) if q.cursor else None
    view = _view(ctx)
    rows = view.store.fleet_systems(
        view.who,
        kind=q.kind,
        worst_at_most=SEVERITIES.index(q.severity) if q.severity else None,
        rule=q.rule,
        prefix=q.prefix,
        sort=q.sort,
        after=after,
        limit=q.limit + 1,
    )
    more = len(rows) > q.limit
    rows = rows[: q.limit]
    return SystemsPage(
        items=[system_out(r) for r in rows],
        next_cursor=encode_cursor(_sort_values(rows[-1], q.sort)) if more else None,
    )


def _no_system(name: str) -> CapabilityError:
    """The same answer for a name never reviewed and one another tenant reviewed."""
    return _bad("system-not-found", f"No reviewed system named {name!r}.")


def system_detail(req: SystemRequest, ctx: Any) -> SystemDetail:
    """The system, its latest findings, its history and the diff of two of its reviews (default: the
    last two). Both ids must be reviews of this system in the caller's tenant."""
    view, name, before, after = _view(ctx), req.name, req.before, req.after
    row = view.store.fleet_system(view.who, name)
    if row is None:
        raise _no_system(name)
    system = system_out(row)
    history = [
        HistoryItem(review_id=r.id, created_at=r.created_at, summary=r.summary or {}, findings=r.findings or 0)
        for r in view.store.list_reviews(view.who, target=name, limit=HISTORY)
    ]
    latest = view.store.get_review(view.who, system.review_id)
    if latest is None:  # the fleet row and the review are written in one transaction
        raise _no_system(name)
    if (before is None) != (after is None):
        missing = "from" if before is None else "to"
        raise _bad("invalid-parameters", "Give both `from` and `to`, or neither.", missing)
    diff = None
    if before is None and len(history) >= 2:
        before, after = history[1].review_id, history[0].review_id
    if before is not None and after is not None:
        sides = []
        for rid, param in ((before, "from"), (after, "to")):
            stored = view.store.get_review(view.who, rid)
            if stored is None or stored.target != name:
                raise _bad("review-not-found", f"No review {rid} of {name!r}.", param)
            sides.append(Review.model_validate_json(stored.review_json))
        diff = DiffOut(before=before, after=after, diff=diff_reviews(sides[0], sides[1]))
    review = Review.model_validate_json(latest.review_json)
    return SystemDetail(
        system=system, findings=review.findings, not_assessed=review.not_assessed, history=history, diff=diff
    )


def rule_systems(req: RuleSystemsRequest, ctx: Any) -> RuleSystemsPage:
    compiled = ctx.advisor.rulebook.rules.get(req.rule_id)
    if compiled is None:
        raise _bad("rule-not-found", f"No rule {req.rule_id}.", "rule_id")
    after = decode_cursor(req.cursor, "name")[0] if req.cursor else None
    view = _view(ctx)
    rows = view.store.fleet_rule_systems(view.who, req.rule_id, after=after, limit=req.limit + 1)
    more = len(rows) > req.limit
    rows = rows[: req.limit]
    items = []
    for row in rows:
        s = system_out(row[: len(_COLUMNS)])
        n, _, score = row[len(_COLUMNS) :]
        items.append(
            RuleSystem(name=s.name, kind=s.kind, rating=s.rating, last_seen=s.last_seen, findings=n, score=score)
        )
    return RuleSystemsPage(
        rule_id=req.rule_id,
        title=compiled.rule.title,
        severity=compiled.rule.severity,
        items=items,
        next_cursor=encode_cursor([rows[-1][0]]) if more else None,
    )


def fleet_summary(req: FleetSummaryRequest, ctx: Any) -> FleetSummary:
    view = _view(ctx)
    rulebook = ctx.advisor.rulebook
    rows = view.store.fleet_summary_rows(view.who)
    worst = dict(rows["worst"])
    (total, *with_sev, reviews), *_ = rows["with"]
    total = total or 0

    def rule_count(r: tuple) -> RuleCount:
        compiled = rulebook.rules.get(r[0])
        return RuleCount(
            rule_id=r[0],
            title=compiled.rule.title if compiled else r[0],
            severity=compiled.rule.severity if compiled else "info",
            systems=r[1],
            findings=r[2],
            score=round(r[3], 1),
        )

    ratings = dict.fromkeys(RATINGS, 0)
    for w, n in worst.items():
        ratings[rating({SEVERITIES[w]: 1} if w < len(SEVERITIES) else {})] += n
    return FleetSummary(
        systems=total,
        reviews=reviews or 0,
        ratings=ratings,
        severities=[
            SeverityCount(severity=s, systems=with_sev[i] or 0, worst=worst.get(i, 0)) for i, s in enumerate(SEVERITIES)
        ],
        clean=worst.get(len(SEVERITIES), 0),
        top_rules_by_systems=[rule_count(r) for r in rows["rules_by_systems"]],
        top_rules_by_score=[rule_count(r) for r in rows["rules_by_score"]],
        missing=[FieldCount(field=f, systems=s, rules=n) for f, s, n in rows["fields"]],
        trend=[
            DayCount(day=d, reviews=n, systems=s, summary=dict(zip(SEVERITIES, counts, strict=True)))
            for d, n, s, *counts in reversed(rows["days"])
        ],
    )
