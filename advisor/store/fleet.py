"""Fleet tables: each system's latest review, kept in the same transaction as the review.

Why tables and not queries over `reviews`: the fleet routes must answer in milliseconds on
100,000 reviews of 10,000 systems, and reading each system's latest review JSON at request time
scans them all. So `record_review` runs inside the write transaction of `add_review` and keeps:

* `fleet_systems`: one row per system name (the reviewed document's `name`) with its latest
  review's counts per severity, worst severity (0 = critical ... 5 = no finding), summed score,
  not-assessed count, first and last seen;
* `fleet_findings` / `fleet_missing`: that review's findings (rule, partition, severity, score)
  and not-assessed fields (field, rules it blocks);
* `fleet_rules` / `fleet_fields`: the same summed per rule and per missing field, updated by
  difference (old latest out, new latest in), so the summary reads a few hundred rows;
* `fleet_days`: reviews, systems reviewed and findings per severity per UTC day.

"Latest" is the last review stored for the name. Reviews stored before these tables existed are
filled in by the migration (SQLITE_BACKFILL), with the same numbers (tests/fleet/test_store.py).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from advisor.store.base import StoreBase, Tx

SEVERITIES = ("critical", "high", "medium", "low", "info")
NO_FINDING = len(SEVERITIES)

TABLES = (
    """CREATE TABLE fleet_systems (
    target       TEXT PRIMARY KEY,
    kind         TEXT NOT NULL,
    review_id    TEXT NOT NULL,
    first_seen   TEXT NOT NULL,
    last_seen    TEXT NOT NULL,
    reviews      INTEGER NOT NULL,
    critical     INTEGER NOT NULL,
    high         INTEGER NOT NULL,
    medium       INTEGER NOT NULL,
    low          INTEGER NOT NULL,
    info         INTEGER NOT NULL,
    findings     INTEGER NOT NULL,
    not_assessed INTEGER NOT NULL,
    worst        INTEGER NOT NULL,
    score        REAL NOT NULL
)""",
    "CREATE INDEX fleet_systems_by_kind ON fleet_systems(kind, target)",
    # one index per sort order, in that order's directions, so a page is an index range, not a sort
    "CREATE INDEX fleet_systems_by_risk ON fleet_systems(worst, score DESC, target)",
    "CREATE INDEX fleet_systems_by_seen ON fleet_systems(last_seen DESC, target)",
    "CREATE INDEX fleet_systems_by_findings ON fleet_systems(findings DESC, target)",
    """CREATE TABLE fleet_findings (
    target   TEXT NOT NULL,
    rule_id  TEXT NOT NULL,
    unit     TEXT NOT NULL,
    severity TEXT NOT NULL,
    score    REAL NOT NULL
)""",
    "CREATE INDEX fleet_findings_by_target ON fleet_findings(target)",
    "CREATE INDEX fleet_findings_by_rule ON fleet_findings(rule_id, target)",
    """CREATE TABLE fleet_missing (
    target TEXT NOT NULL,
    field  TEXT NOT NULL,
    rules  INTEGER NOT NULL,
    PRIMARY KEY (target, field)
)""",
    """CREATE TABLE fleet_rules (
    rule_id  TEXT PRIMARY KEY,
    systems  INTEGER NOT NULL,
    findings INTEGER NOT NULL,
    score    REAL NOT NULL
)""",
    """CREATE TABLE fleet_fields (
    field   TEXT PRIMARY KEY,
    systems INTEGER NOT NULL,
    rules   INTEGER NOT NULL
)""",
    """CREATE TABLE fleet_days (
    day      TEXT PRIMARY KEY,
    reviews  INTEGER NOT NULL,
    systems  INTEGER NOT NULL,
    critical INTEGER NOT NULL,
    high     INTEGER NOT NULL,
    medium   INTEGER NOT NULL,
    low      INTEGER NOT NULL,
    info     INTEGER NOT NULL
)""",
    """CREATE TABLE fleet_day_systems (
    day    TEXT NOT NULL,
    target TEXT NOT NULL,
    PRIMARY KEY (day, target)
)""",
)

# PostgreSQL: the same tables with 8-byte floats (its REAL is 4 bytes); it starts with them, no backfill.
POSTGRES_TABLES = tuple(t.replace(" REAL ", " DOUBLE PRECISION ") for t in TABLES)

_LATEST = "reviews r WHERE r.seq = (SELECT max(seq) FROM reviews WHERE target = r.target)"
_SEV = ", ".join(f"coalesce(json_extract(r.review, '$.summary.{s}'), 0)" for s in SEVERITIES)
# Reviews stored before the fleet tables existed (SQLite only: a PostgreSQL store starts with them).
SQLITE_BACKFILL = (
    f"""INSERT INTO fleet_systems SELECT r.target, r.kind, r.id,
        (SELECT min(created_at) FROM reviews WHERE target = r.target), r.created_at,
        (SELECT count(*) FROM reviews WHERE target = r.target), {_SEV},
        json_array_length(r.review, '$.findings'), json_array_length(r.review, '$.not_assessed'), 0,
        (SELECT total(json_extract(value, '$.score')) FROM json_each(r.review, '$.findings'))
        FROM {_LATEST}""",
    "UPDATE fleet_systems SET worst = CASE WHEN critical > 0 THEN 0 WHEN high > 0 THEN 1 WHEN medium > 0 THEN 2 "
    "WHEN low > 0 THEN 3 WHEN info > 0 THEN 4 ELSE 5 END",
    f"""INSERT INTO fleet_findings SELECT r.target, json_extract(f.value, '$.rule_id'),
        json_extract(f.value, '$.target'), json_extract(f.value, '$.severity'), json_extract(f.value, '$.score')
        FROM {_LATEST.replace("reviews r WHERE", "reviews r, json_each(r.review, '$.findings') f WHERE")}""",
    f"""INSERT INTO fleet_missing SELECT r.target, m.value, count(DISTINCT json_extract(n.value, '$.rule_id'))
        FROM {
        _LATEST.replace(
            "reviews r WHERE",
            "reviews r, json_each(r.review, '$.not_assessed') n, json_each(n.value, '$.missing') m WHERE",
        )
    } GROUP BY r.target, m.value""",
    "INSERT INTO fleet_rules SELECT rule_id, count(DISTINCT target), count(*), total(score) FROM fleet_findings "
    "GROUP BY rule_id",
    "INSERT INTO fleet_fields SELECT field, count(*), sum(rules) FROM fleet_missing GROUP BY field",
    f"""INSERT INTO fleet_days SELECT substr(r.created_at, 1, 10), count(*), count(DISTINCT r.target),
        {", ".join(f"total(coalesce(json_extract(r.review, '$.summary.{s}'), 0))" for s in SEVERITIES)}
        FROM reviews r GROUP BY 1""",
    "INSERT INTO fleet_day_systems SELECT DISTINCT substr(created_at, 1, 10), target FROM reviews",
)


def worst(summary: dict[str, int]) -> int:
    return next((i for i, s in enumerate(SEVERITIES) if summary.get(s, 0)), NO_FINDING)


def _rule_totals(rows: list[tuple[str, float]]) -> dict[str, tuple[int, int, float]]:
    """Per rule: (1 system, findings, summed score) from one system's (rule_id, score) rows."""
    out: dict[str, tuple[int, int, float]] = {}
    for rule_id, score in rows:
        _, n, total = out.get(rule_id, (1, 0, 0.0))
        out[rule_id] = (1, n + 1, total + score)
    return out


def record_review(tx: Tx, *, review_id: str, target: str, kind: str, review: dict[str, Any], created_at: str) -> None:
    """Make `review` the latest of `target`; call inside the transaction that inserts it."""
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
    # committed, so no delta is counted twice), then the shared rule and field rows in sorted order, then
    # the day's rows.
    counts = [summary[s] for s in SEVERITIES]
    row = (
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
        "INSERT INTO fleet_systems VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (target) DO UPDATE "
        "SET kind = excluded.kind, review_id = excluded.review_id, last_seen = excluded.last_seen, "
        "reviews = fleet_systems.reviews + 1, critical = excluded.critical, high = excluded.high, "
        "medium = excluded.medium, low = excluded.low, info = excluded.info, findings = excluded.findings, "
        "not_assessed = excluded.not_assessed, worst = excluded.worst, score = excluded.score",
        row,
    )
    old = tx.execute("SELECT rule_id, score FROM fleet_findings WHERE target = ?", (target,)).fetchall()
    old_fields = dict(tx.execute("SELECT field, rules FROM fleet_missing WHERE target = ?", (target,)).fetchall())
    before, after = _rule_totals([(r, s) for r, s in old]), _rule_totals([(r, s) for r, _, _, s in findings])
    deltas = []
    for rule_id in sorted(before.keys() | after.keys()):
        b, a = before.get(rule_id, (0, 0, 0.0)), after.get(rule_id, (0, 0, 0.0))
        deltas.append((rule_id, a[0] - b[0], a[1] - b[1], a[2] - b[2]))
    tx.executemany(
        "INSERT INTO fleet_rules (rule_id, systems, findings, score) VALUES (?, ?, ?, ?) ON CONFLICT (rule_id) "
        "DO UPDATE SET systems = fleet_rules.systems + excluded.systems, "
        "findings = fleet_rules.findings + excluded.findings, score = fleet_rules.score + excluded.score",
        deltas,
    )
    field_deltas = [
        (f, int(f in blocked) - int(f in old_fields), blocked.get(f, 0) - old_fields.get(f, 0))
        for f in sorted(blocked.keys() | old_fields.keys())
    ]
    tx.executemany(
        "INSERT INTO fleet_fields (field, systems, rules) VALUES (?, ?, ?) ON CONFLICT (field) "
        "DO UPDATE SET systems = fleet_fields.systems + excluded.systems, rules = fleet_fields.rules + excluded.rules",
        field_deltas,
    )
    # only the rows this transaction holds already: another review's rows are left to it
    tx.executemany("DELETE FROM fleet_rules WHERE rule_id = ? AND systems <= 0", [(d[0],) for d in deltas])
    tx.executemany("DELETE FROM fleet_fields WHERE field = ? AND systems <= 0", [(d[0],) for d in field_deltas])
    tx.execute("DELETE FROM fleet_findings WHERE target = ?", (target,))
    tx.executemany("INSERT INTO fleet_findings VALUES (?, ?, ?, ?, ?)", [(target, *f) for f in findings])
    tx.execute("DELETE FROM fleet_missing WHERE target = ?", (target,))
    tx.executemany("INSERT INTO fleet_missing VALUES (?, ?, ?)", [(target, f, n) for f, n in blocked.items()])
    day = created_at[:10]
    new_system = tx.execute(
        "INSERT INTO fleet_day_systems VALUES (?, ?) ON CONFLICT DO NOTHING", (day, target)
    ).rowcount
    tx.execute(
        "INSERT INTO fleet_days VALUES (?, 1, ?, ?, ?, ?, ?, ?) ON CONFLICT (day) DO UPDATE SET "
        "reviews = fleet_days.reviews + 1, systems = fleet_days.systems + excluded.systems, "
        + ", ".join(f"{s} = fleet_days.{s} + excluded.{s}" for s in SEVERITIES),
        (day, 1 if new_system == 1 else 0, *counts),
    )


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
    """The fleet reads, over the store's `_read(work)` (see advisor/store/base.py)."""

    def fleet_systems(
        self,
        *,
        kind: str | None = None,
        worst_at_most: int | None = None,
        rule: str | None = None,
        prefix: str | None = None,
        sort: str = "risk",
        after: list[Any] | None = None,
        limit: int = 50,
    ) -> list[tuple]:
        where: list[str] = []
        args: list[Any] = []
        if kind is not None:
            where.append("kind = ?")
            args.append(kind)
        if worst_at_most is not None:
            where.append("worst <= ?")
            args.append(worst_at_most)
        if rule is not None:
            where.append("target IN (SELECT target FROM fleet_findings WHERE rule_id = ?)")
            args.append(rule)
        if prefix:
            low, high = prefix_range(prefix)
            where.append("target >= ? AND target < ?")
            args += [low, high]
        if after is not None:
            clause, more = after_clause(sort, after)
            where.append(clause)
            args += more
        sql = f"SELECT {SYSTEM_COLUMNS} FROM fleet_systems"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY " + ", ".join(f"{c} {d.upper()}" for c, d in SORTS[sort]) + " LIMIT ?"
        return self._read(lambda tx: tx.execute(sql, (*args, limit)).fetchall())

    def fleet_system(self, target: str) -> tuple | None:
        return self._read(
            lambda tx: tx.execute(f"SELECT {SYSTEM_COLUMNS} FROM fleet_systems WHERE target = ?", (target,)).fetchone()
        )

    def fleet_rule_systems(self, rule_id: str, *, after: str | None = None, limit: int = 50) -> list[tuple]:
        """Systems whose latest review has `rule_id`, by name: (system columns..., findings of the rule, its score)."""
        cols = ", ".join(f"s.{c.strip()}" for c in SYSTEM_COLUMNS.split(","))
        sql = (
            f"SELECT {cols}, count(*), max(f.severity), sum(f.score) FROM fleet_findings f "
            "JOIN fleet_systems s ON s.target = f.target WHERE f.rule_id = ?"
            + (" AND f.target > ?" if after is not None else "")
            + " GROUP BY f.target ORDER BY f.target LIMIT ?"
        )
        args = (rule_id, after, limit) if after is not None else (rule_id, limit)
        return self._read(lambda tx: tx.execute(sql, args).fetchall())

    def fleet_rule_counts(self) -> dict[str, int]:
        """Rule id -> systems whose latest review has it."""
        return dict(self._read(lambda tx: tx.execute("SELECT rule_id, systems FROM fleet_rules").fetchall()))

    def fleet_summary_rows(self, *, top: int = 10, days: int = 30) -> dict[str, list[tuple]]:
        """Everything the fleet summary needs, read on one snapshot."""

        def work(tx: Tx) -> dict[str, list[tuple]]:
            with_sev = ", ".join(f"sum(CASE WHEN {s} > 0 THEN 1 ELSE 0 END)" for s in SEVERITIES)
            return {
                "worst": tx.execute("SELECT worst, count(*) FROM fleet_systems GROUP BY worst").fetchall(),
                "with": tx.execute(f"SELECT count(*), {with_sev}, sum(reviews) FROM fleet_systems").fetchall(),
                "rules_by_systems": tx.execute(
                    "SELECT rule_id, systems, findings, score FROM fleet_rules ORDER BY systems DESC, rule_id LIMIT ?",
                    (top,),
                ).fetchall(),
                "rules_by_score": tx.execute(
                    "SELECT rule_id, systems, findings, score FROM fleet_rules ORDER BY score DESC, rule_id LIMIT ?",
                    (top,),
                ).fetchall(),
                "fields": tx.execute(
                    "SELECT field, systems, rules FROM fleet_fields ORDER BY systems DESC, rules DESC, field LIMIT ?",
                    (top,),
                ).fetchall(),
                "days": tx.execute(
                    f"SELECT day, reviews, systems, {', '.join(SEVERITIES)} FROM fleet_days ORDER BY day DESC LIMIT ?",
                    (days,),
                ).fetchall(),
            }

        return self._read(work)
