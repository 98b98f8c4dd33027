"""Raw SQL against a store in tests, through its own transaction hook (either implementation)."""

from __future__ import annotations

from typing import Any

from advisor.store import DEFAULT_TENANT, Principal, Store


def sql(store: Store, statement: str, *args: Any) -> list[Any]:
    """Run one statement in a write transaction of `store` and return its rows (none for writes)."""

    def work(tx: Any) -> list[Any]:
        cur = tx.execute(statement, args)
        return list(cur.fetchall()) if cur.description else []

    return store._write(work)


OPERATOR = Principal.operator("test")  # the command line: every tenant
MEMBER = Principal(DEFAULT_TENANT, "admin", "test")  # acts in the default tenant, with no key
