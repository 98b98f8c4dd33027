"""The fleet tables kept review by review equal what the stored reviews alone give, per tenant: after the
migration from the site-wide tables (migration 5), after a rebuild, and whatever the stripes hold."""

from __future__ import annotations

import json
from typing import Any

from advisor.documents.io import validate_document
from advisor.store import Principal, open_store
from advisor.store import fleet as tables
from advisor.store.migrations import MIGRATIONS, SCHEMA_TABLE, latest_version
from advisor.store.records import utc_now
from tests.support.examples import example

A, B = Principal("default", "reader", "a"), Principal("team-b", "reader", "b")


def view(store, who: Principal) -> dict[str, Any]:
    """Everything the fleet reads show one tenant, striped sums added up."""

    def norm(rows):
        return sorted(tuple(round(v, 6) if isinstance(v, float) else v for v in row) for row in rows)

    summary = store.fleet_summary_rows(who, top=1000, days=1000)
    return {
        "systems": norm(store.fleet_systems(who, sort="name", limit=1000)),
        "summary": {k: norm(v) for k, v in summary.items()},
        "rules": store.fleet_rule_counts(who),
        "rule_systems": {r: norm(store.fleet_rule_systems(who, r, limit=1000)) for r in store.fleet_rule_counts(who)},
    }


def test_rebuild_equals_incremental_per_tenant(app, fleet):
    store = app.state.store
    who = Principal("default", "reader", "t")
    kept = view(store, who)
    assert len(kept["systems"]) == 5 and kept["rules"] and kept["summary"]["fields"]

    def again(tx) -> None:
        for table in tables.TABLE_NAMES:
            tx.execute(f"DELETE FROM {table}")
        assert tables.rebuild(tx) == 6

    store._write(again)
    assert view(store, who) == kept
    assert view(store, Principal("elsewhere", "reader", "t"))["systems"] == []


def test_stripes_sum_to_the_same_whatever_row_holds_them(app, client, fleet):
    """Rows migrated into stripe 0 and a system's differences in its own stripe: only the sums count."""
    store = app.state.store
    who = Principal("default", "reader", "t")
    kept = view(store, who)

    def fold(tx) -> None:  # move every striped row's values into stripe 0, as migration 5 leaves them
        for table, key, cols in (
            ("fleet_rules", "rule_id", ("systems", "findings", "score")),
            ("fleet_fields", "field", ("systems", "rules")),
            ("fleet_days", "day", ("reviews", "systems", *tables.SEVERITIES)),
        ):
            sums = ", ".join(f"sum({c})" for c in cols)
            rows = tx.execute(f"SELECT tenant_id, {key}, {sums} FROM {table} GROUP BY tenant_id, {key}").fetchall()
            tx.execute(f"DELETE FROM {table}")
            marks = ", ".join("?" * (len(cols) + 3))
            tx.executemany(f"INSERT INTO {table} VALUES ({marks})", [(t, k, 0, *v) for t, k, *v in rows])

    store._write(fold)
    assert view(store, who) == kept
    # a system moving out of rule AME-001 subtracts in its own stripe (a negative row) and the sums stay right
    doc = example("aix-ame4k-64k.json")
    doc["ame"]["page_support"] = "64K"
    assert client.post("/v1/reviews", json=example("aix-ame4k-64k.json")).status_code == 201
    assert client.post("/v1/reviews", json=doc).status_code == 201
    after = view(store, who)
    assert after["rules"] == kept["rules"]
    assert after["summary"]["rules_by_systems"] == kept["summary"]["rules_by_systems"]


def _v4_store(path):
    """A SQLite store at schema version 4, as the previous release left it."""
    store = open_store(path)

    def work(tx) -> None:
        tx.execute(SCHEMA_TABLE)
        for migration in MIGRATIONS[:4]:
            for statement in migration.sqlite:
                tx.execute(statement)
            tx.execute("INSERT INTO schema_version VALUES (?, ?, ?)", (migration.version, migration.name, utc_now()))

    store._write(work)
    return store


def _reviews(advisor) -> list[tuple[str, dict]]:
    """(tenant, review) pairs over two tenants, with a system of the same name in both."""
    docs = [example(n) for n in ("aix-ame4k-64k.json", "aix-clean.json", "vios-undersized.json", "zos-lfarea.json")]
    fixed = example("aix-ame4k-64k.json")
    fixed["ame"]["page_support"] = "64K"
    out = [("default", d) for d in (*docs, fixed)] + [("team-b", d) for d in (docs[0], docs[2], docs[0])]
    return [(t, advisor.review(validate_document(d)).model_dump(mode="json")) for t, d in out]


def test_migration_5_gives_each_tenant_its_estate(tmp_path, durable_advisor):
    """A version-4 SQLite store (site-wide tables: the default tenant's reviews only) migrated to 5 shows each
    tenant what a store that had per-tenant tables all along shows, including the reviews of other tenants
    that the old tables left out."""
    reviews = _reviews(durable_advisor)
    old = _v4_store(tmp_path / "old.db")
    fresh = open_store(tmp_path / "fresh.db")
    fresh.migrate()

    def insert(tx, n: int, tenant: str, review: dict, with_tables: bool) -> None:
        at = f"2026-11-{20 + n % 3:02d}T10:00:{n:02d}.000Z"
        rid = f"rv_{n:020x}"
        tx.execute(
            "INSERT INTO reviews (id, target, kind, document, review, rulebook_version, created_at, tenant_id) "
            "VALUES (?, ?, ?, '{}', ?, 'v', ?, ?)",
            (rid, review["target"], review["kind"], json.dumps(review), at, tenant),
        )
        if with_tables:
            tables.record_review(
                tx,
                tenant=tenant,
                review_id=rid,
                target=review["target"],
                kind=review["kind"],
                review=review,
                created_at=at,
            )

    # version 4 kept the default tenant's reviews in the site-wide tables: rebuild those the way migration 3 did
    for n, (tenant, review) in enumerate(reviews):
        if tenant == "default":
            old._write(lambda tx, n=n, t=tenant, r=review: insert(tx, n, t, r, False))
    v3 = next(m for m in MIGRATIONS if m.version == 3).sqlite
    v3_fill = [s for s in v3 if s.lstrip().startswith(("INSERT", "UPDATE"))]
    assert len(v3_fill) == 8
    old._write(lambda tx: [tx.execute(s) for s in v3_fill])
    for n, (tenant, review) in enumerate(reviews):
        if tenant != "default":
            old._write(lambda tx, n=n, t=tenant, r=review: insert(tx, n, t, r, False))
        fresh._write(lambda tx, n=n, t=tenant, r=review: insert(tx, n, t, r, True))
    assert old.migrate() == latest_version() >= 5  # 5 and every later step
    for who in (A, B):
        assert view(old, who) == view(fresh, who), who.tenant
    assert [r[0] for r in old.fleet_systems(B, sort="name")] == ["sapapp01", "vios1"]
    old.close()
    fresh.close()
