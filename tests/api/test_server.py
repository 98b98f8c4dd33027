"""`advisor serve` for real: several workers under a burst of concurrent reviews, and kill -9 mid-burst.

Both start the server as a subprocess on 127.0.0.1 with a free port, talk to it with
httpx.AsyncClient (bounded concurrency, timeouts), and stop it by its process group.
"""

from __future__ import annotations

import asyncio
import json
import signal
import sqlite3
import time

import httpx

from advisor.documents.io import validate_document
from advisor.review import default_advisor
from advisor.store import SQLiteStore as Store
from tests.api.docs import document
from tests.api.server import running
from tests.support.store import OPERATOR

CONCURRENCY = 32
TIMEOUT = httpx.Timeout(60.0)


def new_key(db) -> str:
    store = Store(db)
    store.migrate()
    key = store.create_key(OPERATOR, "load", role="admin")[1]
    store.close()
    return key


def reviewed_alone(doc: dict) -> dict:
    """The same document reviewed in this process, on its own: what every response must equal."""
    return json.loads(default_advisor().review(validate_document(doc)).model_dump_json())


def test_concurrent_reviews_on_two_workers_match_sequential_ones(tmp_path):
    n = 320
    db = tmp_path / "load.db"
    key = new_key(db)
    docs = [document(i) for i in range(n)]

    async def burst(url: str) -> list[httpx.Response]:
        limit = asyncio.Semaphore(CONCURRENCY)
        async with httpx.AsyncClient(
            base_url=url,
            timeout=TIMEOUT,
            headers={"Authorization": f"Bearer {key}"},
            limits=httpx.Limits(max_connections=CONCURRENCY),
        ) as client:

            async def one(doc):
                async with limit:
                    return await client.post("/v1/reviews", json=doc)

            return await asyncio.gather(*(one(d) for d in docs))

    with running(db, tmp_path / "serve.log", workers=2) as server:
        started = time.monotonic()
        responses = asyncio.run(burst(server.url))
        elapsed = time.monotonic() - started
        # revoked while the server runs: refused at once, by every worker (no per-process key cache)
        store = Store(db)
        store.revoke_key(OPERATOR, "load")
        store.close()
        after = asyncio.run(_get_many(server.url, key, 8))
        assert [r.status_code for r in after] == [401] * 8
        assert all(r.headers["www-authenticate"].startswith("Bearer") for r in after)

    statuses = [r.status_code for r in responses]
    assert statuses == [201] * n, {s: statuses.count(s) for s in set(statuses)}
    for doc, response in zip(docs, responses, strict=False):
        body = response.json()
        got = {k: v for k, v in body.items() if k not in ("review_id", "created_at")}
        assert got == reviewed_alone(doc), doc["name"]  # same findings, ranks, severities; no cross-talk
    ids = {r.json()["review_id"] for r in responses}
    assert len(ids) == n
    store = Store(db)
    assert store.count_reviews(OPERATOR) == n and store.integrity_check() == "ok"
    store.close()
    print(f"{n} concurrent reviews in {elapsed:.2f}s")


async def _get_many(url: str, key: str, n: int) -> list[httpx.Response]:
    # a fresh connection per request, so the requests spread over the workers
    async def one():
        async with httpx.AsyncClient(base_url=url, timeout=TIMEOUT, headers={"Authorization": f"Bearer {key}"}) as c:
            return await c.get("/v1/rules")

    return await asyncio.gather(*(one() for _ in range(n)))


def test_acknowledged_reviews_survive_kill_9_mid_burst(tmp_path):
    n, kill_after = 2000, 100
    db = tmp_path / "crash.db"
    key = new_key(db)
    acked: dict[str, dict] = {}  # review_id -> the 201 body

    async def burst(server) -> int:
        killed = asyncio.Event()
        failures = 0
        limit = asyncio.Semaphore(16)
        async with httpx.AsyncClient(
            base_url=server.url, timeout=httpx.Timeout(30.0), headers={"Authorization": f"Bearer {key}"}
        ) as client:

            async def one(i: int):
                nonlocal failures
                if killed.is_set():
                    return
                async with limit:
                    if killed.is_set():
                        return
                    try:
                        r = await client.post("/v1/reviews", json=document(i))
                    except httpx.HTTPError:
                        failures += 1
                        return
                if r.status_code == 201:
                    acked[r.json()["review_id"]] = r.json()
                    if len(acked) >= kill_after and not killed.is_set():
                        killed.set()
                        server.kill(signal.SIGKILL)  # the whole group, while other requests are in flight

            await asyncio.gather(*(one(i) for i in range(n)))
        return failures

    with running(db, tmp_path / "serve.log", workers=2) as server:
        failures = asyncio.run(burst(server))
        assert server.proc.returncode == -signal.SIGKILL
    assert len(acked) >= kill_after
    assert len(acked) < n, "the burst finished before the kill: nothing was in flight"

    con = sqlite3.connect(db)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    con.close()
    with running(db, tmp_path / "serve2.log", workers=1) as server:
        with httpx.Client(base_url=server.url, timeout=TIMEOUT, headers={"Authorization": f"Bearer {key}"}) as c:
            missing = [rid for rid, body in acked.items() if c.get(f"/v1/reviews/{rid}").json() != body]
            assert c.get("/v1/reviews", params={"limit": 1}).status_code == 200
    assert not missing, f"{len(missing)} acknowledged reviews lost"
    store = Store(db)
    assert store.integrity_check() == "ok" and store.count_reviews(OPERATOR) >= len(acked)
    store.close()
    print(f"killed after {len(acked)} acknowledged reviews ({failures} requests cut off); all present after restart")
