"""The fleet tables kept review by review equal what the migration computes from the reviews alone,
so a database upgraded with reviews in it shows the same fleet as one that had the tables all along."""

from __future__ import annotations

from advisor.store import fleet as fleet_tables

TABLES = (
    "fleet_systems",
    "fleet_findings",
    "fleet_missing",
    "fleet_rules",
    "fleet_fields",
    "fleet_days",
    "fleet_day_systems",
)


def dump(con) -> dict[str, list[tuple]]:
    def norm(v):
        return round(v, 6) if isinstance(v, float) else v

    return {t: sorted(tuple(norm(v) for v in row) for row in con.execute(f"SELECT * FROM {t}")) for t in TABLES}


def test_backfill_equals_incremental(app, fleet):
    store = app.state.store
    kept = store._read(dump)
    assert len(kept["fleet_systems"]) == 5 and kept["fleet_findings"] and kept["fleet_missing"]

    def rebuild(tx) -> None:
        for t in TABLES:
            tx.execute(f"DROP TABLE {t}")
        for statement in fleet_tables.TABLES + fleet_tables.SQLITE_BACKFILL:
            tx.execute(statement)

    store._write(rebuild)
    assert store._read(dump) == kept
