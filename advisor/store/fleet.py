"""Fleet tables: each system's latest review, per tenant, kept in the same transaction as the review.

Why tables and not queries over `reviews`: the fleet routes must answer in milliseconds on
100,000 reviews of 10,000 systems, and reading each system's latest review JSON at request time
scans them all. So `record_review` runs inside the write transaction of `add_review` and keeps,
every row under the review's tenant (`tenant_id`: a tenant sees only its own estate):

* `fleet_systems`: one row per system name (the reviewed document's `name`) with its latest
  review's counts per severity, worst severity (0 = critical ... 5 = no finding), summed score,
  not-assessed count, first and last seen;
* `fleet_findings` / `fleet_missing`: that review's findings (rule, partition, severity, score)
  and not-assessed fields (field, rules it blocks);
* `fleet_rules` / `fleet_fields`: the same summed per rule and per missing field, updated by
  difference (old latest out, new latest in), so the summary reads a few thousand rows;
* `fleet_days`: reviews, systems reviewed and findings per severity per UTC day
  (`fleet_day_systems` remembers which systems a day has seen).

The summed tables are striped: a system adds its differences to the rows of its own stripe
(`stripe(target)`, one of STRIPES), and a read sums the stripes. Without stripes every review
locked the same rows (today's day row, the common rules and missing fields) until its commit,
and on PostgreSQL concurrent reviews queued behind each other's WAL flush (docs/performance.md);
with them two reviews wait for each other only when their systems share a stripe. A stripe's row
may go negative (a system moved in from another stripe's row, e.g. rows migrated into stripe 0):
only the sums mean anything.

"Latest" is the last review stored for the name in the tenant.
"""

from __future__ import annotations

import json
import zlib
from collections import Counter
from typing import Any

from advisor.store.base import StoreBase, Tx
from advisor.store.records import Principal

SEVERITIES = ("critical", "high", "medium", "low", "info")
NO_FINDING = len(SEVERITIES)

STRIPES = 32


def stripe(target: str) -> int:
    """The stripe a system adds its differences to: the same for every review of it (see the docstring)."""
    return zlib.crc32(target.encode("utf-8", "surrogatepass")) % STRIPES


# (name, columns, key, indexes): written once for both dialects; `{real}` is an 8-byte float in each
_TABLES: tuple[tuple[str, str, str | None, tuple[tuple[str, str], ...]], ...] = (
    (
        "fleet_systems",
        "target TEXT NOT NULL, kind TEXT NOT NULL, review_id TEXT NOT NULL, first_seen TEXT NOT NULL, "
        "last_seen TEXT NOT NULL, reviews INTEGER NOT NULL, "
        + ", ".join(f"{s} INTEGER NOT NULL" for s in SEVERITIES)
        + ", findings INTEGER NOT NULL, not_assessed INTEGER NOT NULL, worst INTEGER NOT NULL, score {real} NOT NULL",
        "target",
        # one index per sort order, in that order's directions, so a page is an index range, not a sort
        (
            ("kind", "kind, target"),
            ("risk", "worst, score DESC, target"),
            ("seen", "last_seen DESC, target"),
            ("findings", "findings DESC, target"),
        ),
    ),
    (
        "fleet_findings",
        "target TEXT NOT NULL, rule_id TEXT NOT NULL, unit TEXT NOT NULL, severity TEXT NOT NULL, "
        "score {real} NOT NULL",
        None,
        (("target", "target"), ("rule", "rule_id, target")),
    ),
    ("fleet_missing", "target TEXT NOT NULL, field TEXT NOT NULL, rules INTEGER NOT NULL", "target, field", ()),
    (
        "fleet_rules",
        "rule_id TEXT NOT NULL, stripe INTEGER NOT NULL, systems INTEGER NOT NULL, findings INTEGER NOT NULL, "
        "score {real} NOT NULL",
        "rule_id, stripe",
        (),
    ),
    (
        "fleet_fields",
        "field TEXT NOT NULL, stripe INTEGER NOT NULL, systems INTEGER NOT NULL, rules INTEGER NOT NULL",
        "field, stripe",
        (),
    ),
    (
        "fleet_days",
        "day TEXT NOT NULL, stripe INTEGER NOT NULL, reviews INTEGER NOT NULL, systems INTEGER NOT NULL, "
        + ", ".join(f"{s} INTEGER NOT NULL" for s in SEVERITIES),
        "day, stripe",
        (),
    ),
    ("fleet_day_systems", "day TEXT NOT NULL, target TEXT NOT NULL", "day, target", ()),
)
TABLE_NAMES = tuple(t[0] for t in _TABLES)


def create_statements(dialect: str, suffix: str = "") -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(CREATE TABLE statements, CREATE INDEX statements) of the fleet tables, every one led by `tenant_id`;
    `suffix` names the tables `fleet_x{suffix}` (a migration builds them beside the old ones)."""
    real = "REAL" if dialect == "sqlite" else "DOUBLE PRECISION"
    tables, indexes = [], []
    for name, columns, key, by in _TABLES:
        pk = f", CONSTRAINT {name}_key PRIMARY KEY (tenant_id, {key})" if key else ""
        tables.append(f"CREATE TABLE {name}{suffix} (tenant_id TEXT NOT NULL, {columns.format(real=real)}{pk})")
        for label, indexed in by:
            indexes.append(f"CREATE INDEX {name}_by_{label} ON {name}(tenant_id, {indexed})")
    return tuple(tables), tuple(indexes)


def worst(summary: dict[str, int]) -> int:
    return next((i for i, s in enumerate(SEVERITIES) if summary.get(s, 0)), NO_FINDING)


def _rule_totals(rows: list[tuple[str, float]]) -> dict[str, tuple[int, int, float]]:
    """Per rule: (1 system, findings, summed score) from one system's (rule_id, score) rows."""
    out: dict[str, tuple[int, int, float]] = {}
    for rule_id, score in rows:
        _, n, total = out.get(rule_id, (1, 0, 0.0))
        out[rule_id] = (1, n + 1, total + score)
    return out


def record_review(
    tx: Tx, *, tenant: str, review_id: str, target: str, kind: str, review: dict[str, Any], created_at: str
) -> None:
    """Make `review` the latest of `target` in `tenant`; call inside the transaction that inserts it."""
    summary = {s: int(review.get("summary", {}).get(s, 0)) for s in SEVERITIES}
    findings = [
        (f["rule_id"], str(f.get("target", target)), f["severity"], float(f["score"])) for f in review["findings"]
    ]
    blocked: Counter[str] = Counter()
    for gap in review.get("not_assessed", []):
        for field in set(gap.get("missing") or []):
            blocked[field] += 1
    # Lock order, the same in every review's transaction so concurrent ones cannot deadlock on PostgreSQL:
    # the system's row first (a second review of the same system waits here, then reads what the first
    # committed, so no delta is counted twice), then its stripe's rule and field rows in sorted order, then
    # its stripe's day row. Reviews of systems in other stripes lock none of these.
    counts = [summary[s] for s in SEVERITIES]
    row = (
        tenant,
        target,
        kind,
        review_id,
        created_at,
        created_at,
        1,
        *counts,
        len(findings),
        len(review.get("not_assessed", [])),
        worst(summary),
        sum(f[3] for f in findings),
    )
    tx.execute(
        "INSERT INTO fleet_systems VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (tenant_id, target) DO UPDATE "
        "SET kind = excluded.kind, review_id = excluded.review_id, last_seen = excluded.last_seen, "
        "reviews = fleet_systems.reviews + 1, critical = excluded.critical, high = excluded.high, "
        "medium = excluded.medium, low = excluded.low, info = excluded.info, findings = excluded.findings, "
        "not_assessed = excluded.not_assessed, worst = excluded.worst, score = excluded.score",
        row,
    )
    mine = (tenant, target)
    # the system's current findings and missing fields, in one round trip (rule/field, unit, severity, score/rules)
    held = tx.execute(
        "SELECT 'f', rule_id, unit, severity, score FROM fleet_findings WHERE tenant_id = ? AND target = ? "
        "UNION ALL SELECT 'm', field, '', '', rules FROM fleet_missing WHERE tenant_id = ? AND target = ?",
        mine * 2,
    ).fetchall()
    old = [(r, u, sev, float(x)) for kind_, r, u, sev, x in held if kind_ == "f"]
    old_fields = {r: int(x) for kind_, r, _, _, x in held if kind_ == "m"}
    before, after = _rule_totals([(r, s) for r, _, _, s in old]), _rule_totals([(r, s) for r, _, _, s in findings])
    part = stripe(target)
    deltas = []
    for rule_id in sorted(before.keys() | after.keys()):
        b, a = before.get(rule_id, (0, 0, 0.0)), after.get(rule_id, (0, 0, 0.0))
        if a != b:
            deltas.append((tenant, rule_id, part, a[0] - b[0], a[1] - b[1], a[2] - b[2]))
    # A stripe's row that sums to nothing is kept (deleting it would be one more statement in every review's
    # transaction); there are at most rules x STRIPES of them per tenant, and the reads skip them (HAVING).
    tx.executemany(
        "INSERT INTO fleet_rules VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (tenant_id, rule_id, stripe) "
        "DO UPDATE SET systems = fleet_rules.systems + excluded.systems, "
        "findings = fleet_rules.findings + excluded.findings, score = fleet_rules.score + excluded.score",
        deltas,
    )
    field_deltas = [
        (tenant, f, part, int(f in blocked) - int(f in old_fields), blocked.get(f, 0) - old_fields.get(f, 0))
        for f in sorted(blocked.keys() | old_fields.keys())
    ]
    field_deltas = [d for d in field_deltas if d[3] or d[4]]
    tx.executemany(
        "INSERT INTO fleet_fields VALUES (?, ?, ?, ?, ?) ON CONFLICT (tenant_id, field, stripe) DO UPDATE "
        "SET systems = fleet_fields.systems + excluded.systems, rules = fleet_fields.rules + excluded.rules",
        field_deltas,
    )
    if sorted(old) != sorted(findings):  # often the same: a system reviewed again, nothing changed
        tx.execute("DELETE FROM fleet_findings WHERE tenant_id = ? AND target = ?", mine)
        tx.executemany("INSERT INTO fleet_findings VALUES (?, ?, ?, ?, ?, ?)", [(*mine, *f) for f in findings])
    if dict(blocked) != old_fields:
        tx.execute("DELETE FROM fleet_missing WHERE tenant_id = ? AND target = ?", mine)
        tx.executemany("INSERT INTO fleet_missing VALUES (?, ?, ?, ?)", [(*mine, f, n) for f, n in blocked.items()])
    # The day counts the system once: whether it was seen that day is read inside the statement, not sent
    # back (on PostgreSQL that would be a round trip in every review). The system's row lock, taken above,
    # makes the read safe: another review of this system commits its day row before this one gets here.
    day = created_at[:10]
    tx.execute(
        "INSERT INTO fleet_days VALUES (?, ?, ?, 1, CASE WHEN EXISTS (SELECT 1 FROM fleet_day_systems "
        "WHERE tenant_id = ? AND day = ? AND target = ?) THEN 0 ELSE 1 END, ?, ?, ?, ?, ?) "
        "ON CONFLICT (tenant_id, day, stripe) DO UPDATE "
        "SET reviews = fleet_days.reviews + 1, systems = fleet_days.systems + excluded.systems, "
        + ", ".join(f"{s} = fleet_days.{s} + excluded.{s}" for s in SEVERITIES),
        (tenant, day, part, tenant, day, target, *counts),
    )
    tx.execute("INSERT INTO fleet_day_systems VALUES (?, ?, ?) ON CONFLICT DO NOTHING", (tenant, day, target))


def rebuild(tx: Tx, skip_tenant: str | None = None) -> int:
    """Fill the fleet tables from the stored reviews (all but `skip_tenant`'s), oldest first, with the write
    path itself; they must hold none of those tenants' rows yet. Returns the number of reviews replayed."""
    done, last = 0, 0
    while True:  # in pages, so a large store is never in memory at once
        rows = tx.execute(
            "SELECT seq, tenant_id, id, target, kind, review, created_at FROM reviews "
            "WHERE seq > ? AND tenant_id <> ? ORDER BY seq LIMIT 500",
            (last, skip_tenant if skip_tenant is not None else ""),
        ).fetchall()
        for seq, owner, review_id, target, kind, review_json, created_at in rows:
            review = json.loads(review_json)  # not orjson: derived figures may exceed 64 bits
            record_review(
                tx, tenant=owner, review_id=review_id, target=target, kind=kind, review=review, created_at=created_at
            )
            last = seq
        done += len(rows)
        if len(rows) < 500:
            return done


# --- reads ---

SYSTEM_COLUMNS = (
    "target, kind, review_id, first_seen, last_seen, reviews, critical, high, medium, low, info, findings, "
    "not_assessed, worst, score"
)
# Each sort ends on the system name, so the order is total and a page cursor is exact.
SORTS: dict[str, tuple[tuple[str, str], ...]] = {
    "risk": (("worst", "asc"), ("score", "desc"), ("target", "asc")),
    "name": (("target", "asc"),),
    "last_seen": (("last_seen", "desc"), ("target", "asc")),
    "findings": (("findings", "desc"), ("target", "asc")),
}


def after_clause(sort: str, values: list[Any]) -> tuple[str, list[Any]]:
    """Keyset condition: rows strictly after `values` in the `sort` order (mixed directions)."""
    keys = SORTS[sort]
    ors, args = [], []
    for i, (column, direction) in enumerate(keys):
        parts = [f"{c} = ?" for c, _ in keys[:i]] + [f"{column} {'>' if direction == 'asc' else '<'} ?"]
        ors.append("(" + " AND ".join(parts) + ")")
        args += [*values[:i], values[i]]
    return "(" + " OR ".join(ors) + ")", args


def prefix_range(prefix: str) -> tuple[str, str]:
    """Names starting with `prefix` are those in [prefix, prefix + U+10FFFF): an index range, no LIKE."""
    return prefix, prefix + "\U0010ffff"


class FleetQueries(StoreBase):
    """The fleet reads, over the store's `_read(work)` (see advisor/store/base.py); each one inside the
    principal's tenant (the operator, who has none, sees no fleet: systems are a tenant's)."""

    def fleet_systems(
        self,
        who: Principal,
        *,
        kind: str | None = None,
        worst_at_most: int | None = None,
        rule: str | None = None,
        prefix: str | None = None,
        sort: str = "risk",
        after: list[Any] | None = None,
        limit: int = 50,
    ) -> list[tuple]:
        where: list[str] = ["tenant_id = ?"]
        args: list[Any] = [who.tenant]
        if kind is not None:
            where.append("kind = ?")
            args.append(kind)
        if worst_at_most is not None:
            where.append("worst <= ?")
            args.append(worst_at_most)
        if rule is not None:
            where.append("target IN (SELECT target FROM fleet_findings WHERE tenant_id = ? AND rule_id = ?)")
            args += [who.tenant, rule]
        if prefix:
            low, high = prefix_range(prefix)
            where.append("target >= ? AND target < ?")
            args += [low, high]
        if after is not None:
            clause, more = after_clause(sort, after)
            where.append(clause)
            args += more
        sql = f"SELECT {SYSTEM_COLUMNS} FROM fleet_systems WHERE " + " AND ".join(where)
        sql += " ORDER BY " + ", ".join(f"{c} {d.upper()}" for c, d in SORTS[sort]) + " LIMIT ?"
        return self._read(lambda tx: tx.execute(sql, (*args, limit)).fetchall())

    def fleet_system(self, who: Principal, target: str) -> tuple | None:
        return self._read(
            lambda tx: tx.execute(
                f"SELECT {SYSTEM_COLUMNS} FROM fleet_systems WHERE tenant_id = ? AND target = ?", (who.tenant, target)
            ).fetchone()
        )

    def fleet_rule_systems(
        self, who: Principal, rule_id: str, *, after: str | None = None, limit: int = 50
    ) -> list[tuple]:
        """Systems whose latest review has `rule_id`, by name: (system columns..., findings of the rule, its score)."""
        cols = ", ".join(f"s.{c.strip()}" for c in SYSTEM_COLUMNS.split(","))
        sql = (
            f"SELECT {cols}, count(*), max(f.severity), sum(f.score) FROM fleet_findings f "
            "JOIN fleet_systems s ON s.tenant_id = f.tenant_id AND s.target = f.target "
            "WHERE f.tenant_id = ? AND f.rule_id = ?"
            + (" AND f.target > ?" if after is not None else "")
            + " GROUP BY s.tenant_id, s.target ORDER BY s.target LIMIT ?"
        )
        args = (who.tenant, rule_id, *((after,) if after is not None else ()), limit)
        return self._read(lambda tx: tx.execute(sql, args).fetchall())

    def fleet_rule_counts(self, who: Principal) -> dict[str, int]:
        """Rule id -> systems of the tenant whose latest review has it."""
        return dict(
            self._read(
                lambda tx: tx.execute(
                    "SELECT rule_id, sum(systems) FROM fleet_rules WHERE tenant_id = ? GROUP BY rule_id "
                    "HAVING sum(systems) > 0",
                    (who.tenant,),
                ).fetchall()
            )
        )

    def fleet_summary_rows(self, who: Principal, *, top: int = 10, days: int = 30) -> dict[str, list[tuple]]:
        """Everything the fleet summary needs, read on one snapshot (the striped rows summed)."""
        tenant = (who.tenant,)
        rules = (
            "SELECT rule_id, sum(systems), sum(findings), sum(score) FROM fleet_rules WHERE tenant_id = ? "
            "GROUP BY rule_id HAVING sum(systems) > 0 ORDER BY {order}, rule_id LIMIT ?"
        )

        def work(tx: Tx) -> dict[str, list[tuple]]:
            with_sev = ", ".join(f"sum(CASE WHEN {s} > 0 THEN 1 ELSE 0 END)" for s in SEVERITIES)
            where = "FROM fleet_systems WHERE tenant_id = ?"
            return {
                "worst": tx.execute(f"SELECT worst, count(*) {where} GROUP BY worst", tenant).fetchall(),
                "with": tx.execute(f"SELECT count(*), {with_sev}, sum(reviews) {where}", tenant).fetchall(),
                "rules_by_systems": tx.execute(rules.format(order="2 DESC"), (*tenant, top)).fetchall(),
                "rules_by_score": tx.execute(rules.format(order="4 DESC"), (*tenant, top)).fetchall(),
                "fields": tx.execute(
                    "SELECT field, sum(systems), sum(rules) FROM fleet_fields WHERE tenant_id = ? GROUP BY field "
                    "HAVING sum(systems) > 0 ORDER BY 2 DESC, 3 DESC, field LIMIT ?",
                    (*tenant, top),
                ).fetchall(),
                "days": tx.execute(
                    f"SELECT day, sum(reviews), sum(systems), {', '.join(f'sum({s})' for s in SEVERITIES)} "
                    "FROM fleet_days WHERE tenant_id = ? GROUP BY day ORDER BY day DESC LIMIT ?",
                    (*tenant, days),
                ).fetchall(),
            }

        return self._read(work)
