"""A real deadlock between two write transactions on PostgreSQL: the victim is run again whole, so
both writes succeed exactly once instead of one answering 503."""

from __future__ import annotations

import threading

from advisor.store.base import Tx
from advisor.store.postgres import PostgresStore


def test_a_deadlock_victim_is_run_again_whole(postgres_server):
    store = PostgresStore(postgres_server.new_schema())
    store.migrate()
    rows = [("t", "A", 0, 0, 0, 0.0), ("t", "B", 0, 0, 0, 0.0)]
    store._write(lambda tx: tx.executemany("INSERT INTO fleet_rules VALUES (?, ?, ?, ?, ?, ?)", rows))
    both_hold_one = threading.Barrier(2, timeout=30)
    runs = {"AB": 0, "BA": 0}
    errors: list[BaseException] = []

    def opposite_order(first: str, second: str) -> None:
        def work(tx: Tx) -> None:
            runs[first + second] += 1
            held = tx.execute(
                "UPDATE fleet_rules SET systems = systems + 1 WHERE tenant_id = 't' AND rule_id = ? AND stripe = 0",
                (first,),
            ).rowcount  # read: a write runs in pipeline mode, and this waits until the row is locked
            assert held == 1
            if runs[first + second] == 1:  # the first run waits until the other holds its first row
                both_hold_one.wait()
            tx.execute(
                "UPDATE fleet_rules SET findings = findings + 1 WHERE tenant_id = 't' AND rule_id = ? AND stripe = 0",
                (second,),
            )

        try:
            store._write(work)
        except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
            errors.append(exc)

    threads = [threading.Thread(target=opposite_order, args=pair) for pair in (("A", "B"), ("B", "A"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    try:
        assert errors == []
        assert store.retried == 1  # PostgreSQL broke the deadlock by failing exactly one of the two
        assert sorted(runs.values()) == [1, 2]
        got = store._read(
            lambda tx: tx.execute("SELECT rule_id, systems, findings FROM fleet_rules ORDER BY 1").fetchall()
        )
        assert got == [("A", 1, 1), ("B", 1, 1)]  # the rolled-back first run left nothing behind
    finally:
        store.close()
