"""PostgreSQL with real processes: two `advisor serve` on one database taking 400 concurrent reviews, and a
database crash and restart in the middle of a write burst (every acknowledged review present afterwards)."""

from __future__ import annotations

import asyncio
import time

import httpx
import psycopg

from advisor.store.postgres import PostgresStore
from tests.api.docs import document
from tests.api.server import running
from tests.api.test_server import reviewed_alone
from tests.support.store import OPERATOR

TIMEOUT = httpx.Timeout(60.0)


def prepared(postgres_server) -> tuple[str, str]:
    url = postgres_server.new_schema()
    store = PostgresStore(url)
    store.migrate()
    key = store.create_key(OPERATOR, "load", role="admin")[1]
    store.close()
    return url, key


def test_two_servers_on_one_postgres_take_400_concurrent_reviews(postgres_server, tmp_path):
    url, key = prepared(postgres_server)
    n = 400
    docs = [document(i) for i in range(n)]
    env = {"ADVISOR_DATABASE_URL": url, "ADVISOR_DB_POOL_SIZE": "8"}

    async def burst(urls: list[str]) -> list[httpx.Response]:
        limit = asyncio.Semaphore(32)
        clients = [
            httpx.AsyncClient(base_url=u, timeout=TIMEOUT, headers={"Authorization": f"Bearer {key}"}) for u in urls
        ]

        async def one(i: int) -> httpx.Response:
            async with limit:
                return await clients[i % 2].post("/v1/reviews", json=docs[i])

        try:
            return await asyncio.gather(*(one(i) for i in range(n)))
        finally:
            for c in clients:
                await c.aclose()

    with (
        running(tmp_path / "unused1.db", tmp_path / "a.log", env=env) as a,
        running(tmp_path / "unused2.db", tmp_path / "b.log", env=env) as b,
    ):
        responses = asyncio.run(burst([a.url, b.url]))
    assert [r.status_code for r in responses] == [201] * n
    expected: dict[str, dict] = {}
    for doc, r in zip(docs, responses, strict=True):
        body = r.json()
        got = {k: v for k, v in body.items() if k not in ("review_id", "created_at")}
        want = expected.setdefault(doc["name"], reviewed_alone(doc))
        assert got == want, doc["name"]
    store = PostgresStore(url)
    assert store.count_reviews(OPERATOR) == n == len({r.json()["review_id"] for r in responses})
    assert not (tmp_path / "unused1.db").exists()  # the SQLite file was never used
    store.close()


def test_a_database_restart_mid_burst_loses_no_acknowledged_review(postgres_server, tmp_path):
    url, key = prepared(postgres_server)
    # The crash recovery replays the WAL since the last checkpoint: without this one, after the whole API
    # suite has run on the shared server, that is all of it, and on a loaded machine the restart outlasted
    # pg_ctl's 60 s (then every later PostgreSQL test failed). The burst's own WAL is still replayed.
    with psycopg.connect(postgres_server.admin_url, autocommit=True) as admin:
        admin.execute("CHECKPOINT")
    env = {"ADVISOR_DATABASE_URL": url, "ADVISOR_DB_POOL_SIZE": "4"}
    acked: dict[str, bytes] = {}
    statuses: list[int] = []

    async def burst(base: str) -> None:
        async with httpx.AsyncClient(base_url=base, timeout=TIMEOUT, headers={"Authorization": f"Bearer {key}"}) as c:

            async def writer(w: int) -> None:
                for i in range(w * 1000, w * 1000 + 60):
                    r = await c.post("/v1/reviews", json=document(i))
                    statuses.append(r.status_code)
                    if r.status_code == 201:
                        acked[r.json()["review_id"]] = r.content
                    else:
                        assert r.status_code == 503 and r.headers["retry-after"], r.text
                        assert r.json()["type"] == "/problems/store-unavailable"
                        await asyncio.sleep(0.2)

            async def crash() -> None:
                while len(acked) < 30:
                    await asyncio.sleep(0.05)
                await asyncio.to_thread(postgres_server.stop, "immediate")  # a crash: recovery from its WAL
                # down until a writer has been told so (a 503), at most 20 s: a fixed second was too short on a
                # quiet machine, where every request of that second was answered before or after it
                deadline = time.monotonic() + 20
                while 503 not in statuses and time.monotonic() < deadline:
                    await asyncio.sleep(0.1)
                await asyncio.to_thread(postgres_server.start)

            await asyncio.gather(crash(), *(writer(w) for w in range(6)))

    with running(tmp_path / "unused.db", tmp_path / "serve.log", env=env) as server:
        asyncio.run(burst(server.url))
        assert 503 in statuses, "the restart was not noticed"
        with httpx.Client(base_url=server.url, timeout=TIMEOUT, headers={"Authorization": f"Bearer {key}"}) as c:
            deadline = time.monotonic() + 30  # recovered by itself, without restarting the API
            while c.get("/readyz").status_code != 200 and time.monotonic() < deadline:
                time.sleep(0.2)
            assert c.get("/readyz").status_code == 200
            missing = [rid for rid, body in acked.items() if c.get(f"/v1/reviews/{rid}").content != body]
            assert c.post("/v1/reviews", json=document(9999)).status_code == 201
    assert not missing, f"{len(missing)} of {len(acked)} acknowledged reviews lost"
    assert statuses.count(201) == len(acked) >= 30
