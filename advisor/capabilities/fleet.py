"""The fleet: every reviewed system with its latest review, one system's history, where a rule fires
now, and the estate at a glance. Defined once; `/v1/systems`, `/v1/rules/{id}/systems`,
`/v1/fleet/summary` and the web console's pages are thin adapters over these functions.

A system is a reviewed document's `name` (a managed system's partitions are in its review). The
store keeps each system's latest review in its fleet tables (advisor/store/fleet.py), in the same
transaction as the review, so these reads never open review JSON except for the one system shown.
"""

from __future__ import annotations

import base64
import binascii
from typing import Any, Literal

import orjson
from pydantic import BaseModel, Field

from advisor.diff import ReviewDiff, diff_reviews
from advisor.findings import Finding, NotAssessed, Review
from advisor.rating import RATINGS, Rating, rating
from advisor.rulebook.loader import Rulebook
from advisor.store import DEFAULT_TENANT, Principal
from advisor.store.fleet import SEVERITIES, SORTS, SYSTEM_COLUMNS

# the fleet tables hold the default tenant's reviews (advisor/store/reviews.py): read them as one of its readers
FLEET = Principal(DEFAULT_TENANT, "reader", "fleet")

Sort = Literal["risk", "name", "last_seen", "findings"]
MAX_PAGE = 200
HISTORY = 100


class FleetError(ValueError):
    """A fleet request that cannot be answered: `problem` names the problem type (api/problems.py)."""

    def __init__(self, problem: str, detail: str, path: str | None = None):
        super().__init__(detail)
        self.problem, self.detail, self.path = problem, detail, path


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


class SystemsQuery(BaseModel):
    kind: str | None = None
    severity: str | None = Field(None, description="Systems with a finding at this severity or above.")
    rule: str | None = None
    prefix: str | None = None
    sort: Sort = "risk"
    cursor: str | None = None
    limit: int = Field(50, ge=1, le=MAX_PAGE)


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


# --- cursors ---


def encode_cursor(values: list[Any]) -> str:
    return base64.urlsafe_b64encode(orjson.dumps(values)).decode().rstrip("=")


def decode_cursor(cursor: str, sort: str) -> list[Any]:
    try:
        values = orjson.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    except (binascii.Error, ValueError) as exc:
        raise FleetError("invalid-parameters", "The cursor is not one this API returned.", "cursor") from exc
    if not isinstance(values, list) or len(values) != len(SORTS[sort]):
        raise FleetError("invalid-parameters", f"The cursor does not belong to sort={sort}.", "cursor")
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


def list_systems(store: Any, q: SystemsQuery, rulebook: Rulebook) -> SystemsPage:
    if q.severity is not None and q.severity not in SEVERITIES:
        raise FleetError("invalid-parameters", f"severity must be one of {', '.join(SEVERITIES)}.", "severity")
    if q.rule is not None and q.rule not in rulebook.rules:
        raise FleetError("rule-not-found", f"No rule {q.rule}.", "rule")
    after = decode_cursor(q.cursor, q.sort) if q.cursor else None
    rows = store.fleet_systems(
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


def _review(store: Any, review_id: str) -> Review | None:
    stored = store.get_review(FLEET, review_id)
    return Review.model_validate_json(stored.review_json) if stored else None


def system_detail(store: Any, name: str, before: str | None = None, after: str | None = None) -> SystemDetail:
    """The system, its latest findings, its history and the diff of two of its reviews (default: the
    last two). Both ids must be reviews of this system."""
    row = store.fleet_system(name)
    if row is None:
        raise FleetError("system-not-found", f"No reviewed system named {name!r}.")
    system = system_out(row)
    history = [
        HistoryItem(review_id=r.id, created_at=r.created_at, summary=r.summary or {}, findings=r.findings or 0)
        for r in store.list_reviews(FLEET, target=name, limit=HISTORY)
    ]
    latest = _review(store, system.review_id)
    if latest is None:  # the fleet row and the review are written in one transaction
        raise FleetError("system-not-found", f"The latest review of {name!r} is missing.")
    if (before is None) != (after is None):
        raise FleetError(
            "invalid-parameters", "Give both `from` and `to`, or neither.", "from" if before is None else "to"
        )
    diff = None
    if before is None and len(history) >= 2:
        before, after = history[1].review_id, history[0].review_id
    if before is not None and after is not None:
        sides = []
        for rid, param in ((before, "from"), (after, "to")):
            stored = store.get_review(FLEET, rid)
            if stored is None or stored.target != name:
                raise FleetError("review-not-found", f"No review {rid} of {name!r}.", param)
            sides.append(Review.model_validate_json(stored.review_json))
        diff = DiffOut(before=before, after=after, diff=diff_reviews(sides[0], sides[1]))
    return SystemDetail(
        system=system, findings=latest.findings, not_assessed=latest.not_assessed, history=history, diff=diff
    )


def rule_systems(
    store: Any, rulebook: Rulebook, rule_id: str, cursor: str | None = None, limit: int = 50
) -> RuleSystemsPage:
    compiled = rulebook.rules.get(rule_id)
    if compiled is None:
        raise FleetError("rule-not-found", f"No rule {rule_id}.")
    after = decode_cursor(cursor, "name")[0] if cursor else None
    rows = store.fleet_rule_systems(rule_id, after=after, limit=limit + 1)
    more = len(rows) > limit
    rows = rows[:limit]
    items = []
    for row in rows:
        s = system_out(row[: len(_COLUMNS)])
        n, _, score = row[len(_COLUMNS) :]
        items.append(
            RuleSystem(name=s.name, kind=s.kind, rating=s.rating, last_seen=s.last_seen, findings=n, score=score)
        )
    return RuleSystemsPage(
        rule_id=rule_id,
        title=compiled.rule.title,
        severity=compiled.rule.severity,
        items=items,
        next_cursor=encode_cursor([rows[-1][0]]) if more else None,
    )


def fleet_summary(store: Any, rulebook: Rulebook) -> FleetSummary:
    rows = store.fleet_summary_rows()
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
