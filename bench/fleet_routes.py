"""Fleet routes on a large store: GET /v1/systems (filters, sorts, pages), /v1/systems/{name},
/v1/rules/{id}/systems and /v1/fleet/summary against 100,000 reviews of 10,000 systems (10,000 of
1,000 with --quick), over loopback from a real `advisor serve`.

The store is built with the production write path for the fleet tables
(advisor.store.fleet.record_review, the function `add_review` calls in its transaction), in
batches of 2,000 reviews per transaction and synchronous=OFF to build quickly, in the default
tenant (the key's; the fleet tables are per tenant); the reviews are real
reviews of generated documents (bench.generator), renamed, spread over 30 days. Each route is
asked sequentially (one request in flight: the latency of the route, not of a queue).

Baseline: GET /v1/reviews?limit=50, the existing keyset-paged read of the same store: what any
authenticated read of this server costs, so the fleet routes' figures show what their queries add.
Target: median <= 50 ms for every fleet route.
"""

from __future__ import annotations

import asyncio
import random
import secrets
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson

from bench import generator
from bench.api import _get, create_key, start_server
from bench.stats import Summary

TARGET_MS = 50.0
BATCH = 2000


def build(db: Path, systems: int, reviews: int, seed: int = 5) -> dict[str, Any]:
    from advisor.documents.io import validate_document
    from advisor.review import default_advisor
    from advisor.store import DEFAULT_TENANT, SQLiteStore, fleet

    advisor = default_advisor()
    pool = []
    for g in generator.generate(200, seed, validate=True):
        review = advisor.review(validate_document(g.document)).model_dump(mode="json")
        pool.append(review)
    store = SQLiteStore(db, synchronous="OFF")
    store.migrate()
    rng = random.Random(seed)
    start = time.time() - 30 * 86400
    t0 = time.perf_counter()

    def batch(tx: Any, first: int) -> None:
        for i in range(first, min(first + BATCH, reviews)):
            name = f"sys{i % systems:05d}"
            template = pool[rng.randrange(len(pool))]
            review = dict(template, target=name)
            review["findings"] = [dict(f, target=name) if f["path"] == "$" else f for f in template["findings"]]
            review["not_assessed"] = [dict(n, target=name) if n["path"] == "$" else n for n in template["not_assessed"]]
            at = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(start + 30 * 86400 * i / reviews))
            review_id = f"rv_{secrets.token_hex(10)}"
            body = orjson.dumps({"review_id": review_id, "created_at": at, **review}).decode()
            tx.execute(
                "INSERT INTO reviews (id, target, kind, document, review, rulebook_version, created_at) "
                "VALUES (?, ?, ?, '{}', ?, ?, ?)",
                (review_id, name, review["kind"], body, review["rulebook"]["version"], at),
            )
            fleet.record_review(
                tx,
                tenant=DEFAULT_TENANT,
                review_id=review_id,
                target=name,
                kind=review["kind"],
                review=review,
                created_at=at,
            )

    for first in range(0, reviews, BATCH):
        store._write(lambda tx, first=first: batch(tx, first))
    built_s = time.perf_counter() - t0
    size = db.stat().st_size
    store.close()
    return {"systems": systems, "reviews": reviews, "build_s": round(built_s, 1), "db_mib": round(size / 2**20, 1)}


def timed(port: int, path: str, key: str, n: int) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {key}"}

    async def go() -> list[float]:
        out = []
        for _ in range(n):
            t = time.perf_counter()
            status, body = await _get(port, path, headers)
            out.append((time.perf_counter() - t) * 1000)
            if status != 200:
                raise RuntimeError(f"GET {path}: {status} {body[:300]!r}")
        return out

    return Summary.of(asyncio.run(go()), unit="ms").to_dict()


def run(quick: bool = False) -> tuple[list[dict], dict]:
    systems, reviews, n = (1000, 10_000, 40) if quick else (10_000, 100_000, 200)
    workdir = Path(tempfile.mkdtemp(prefix="advisor-fleet-bench-"))
    try:
        db = workdir / "fleet.db"
        info = build(db, systems, reviews)
        key = create_key(db)
        server = start_server(1, db, workdir)
        try:
            port = server.port
            timed(port, "/v1/fleet/summary", key, 5)  # warm the page cache and the worker
            baseline = timed(port, "/v1/reviews?limit=50", key, n)
            routes = {
                "GET /v1/systems (risk order, 50)": "/v1/systems",
                "GET /v1/systems?kind=aix-lpar&severity=high": "/v1/systems?kind=aix-lpar&severity=high",
                "GET /v1/systems?rule=AME-001&sort=name": "/v1/systems?rule=AME-001&sort=name",
                "GET /v1/systems?prefix=sys01&sort=last_seen": "/v1/systems?prefix=sys01&sort=last_seen",
                "GET /v1/systems/{name} (history + diff)": f"/v1/systems/sys{systems * 42 // 100:05d}",
                "GET /v1/rules/AME-001/systems": "/v1/rules/AME-001/systems",
                "GET /v1/fleet/summary": "/v1/fleet/summary",
            }
            figures = {name: timed(port, path, key, n) for name, path in routes.items()}
        finally:
            server.stop()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    rows = [
        {
            "section": "fleetapi",
            "name": name,
            "subject": fig,
            "baseline": baseline,
            "subject_label": "fleet route",
            "baseline_label": "GET /v1/reviews?limit=50",
            "target": f"median <= {TARGET_MS:.0f} ms",
            "verdict": "yes" if fig["median"] <= TARGET_MS else "NO",
            "note": f"{info['reviews']:,} reviews of {info['systems']:,} systems ({info['db_mib']} MiB, built in "
            f"{info['build_s']} s); {n} sequential requests, 1 worker",
        }
        for name, fig in figures.items()
    ]
    return rows, {"fleetapi": {"store": info, "baseline": baseline, "routes": figures}}
