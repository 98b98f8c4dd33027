"""Soak: normal and hostile traffic at once against `advisor serve --workers 2` on 127.0.0.1.

A calm phase (normal clients only) gives the baseline; then the same normal clients run beside a
hostile one sending issue 12's attacks (regex bombs in outputs, bundles and chat messages, deep
JSON, oversized bodies, keys in URLs) in a loop. Bounded in time, loopback only, stops by itself.
Figures: worker deaths (a worker process replaced), acknowledged reviews lost (every 201 read
back afterwards), hostile requests answered 5xx or dropped, and the p99 of the normal reviews,
calm vs under attack.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from bench import generator
from bench.api import HOST, create_key, start_server
from bench.stats import Summary
from tests.reliability.test_hostile_server import ATTACKS

NORMAL_CLIENTS = 3


def _hostile_requests() -> list[tuple[str, str, dict[str, str], bytes]]:
    """(method, path, headers, body) of every attack, each sent as is."""
    out = [("POST", route, {"Content-Type": "application/json"}, json.dumps(body).encode()) for route, body in ATTACKS]
    deep = "[" * 5000 + "]" * 5000
    out += [
        ("POST", "/v1/reviews", {"Content-Type": "application/json"}, deep.encode()),
        ("POST", "/v1/chat", {"Content-Type": "application/json"}, json.dumps({"message": deep}).encode()),
        (
            "POST",
            "/v1/reviews",
            {"Content-Type": "application/json"},
            b'{"kind": "aix-lpar", "name": "' + b"x" * 3_000_000,
        ),
        ("GET", "/v1/rules?api_key=pa_stolen.key", {}, b""),
        (
            "POST",
            "/v1/reviews",
            {"Content-Type": "application/json"},
            json.dumps(generator.managed_system(2000, 1)).encode(),
        ),
    ]
    return out


def _normal(url: str, key: str, docs: list[bytes], stop: threading.Event, out: dict[str, list]) -> None:
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=60) as client:
        i = 0
        while not stop.is_set():
            started = time.perf_counter()
            try:
                r = client.post(
                    "/v1/reviews", content=docs[i % len(docs)], headers={"Content-Type": "application/json"}
                )
            except httpx.HTTPError:
                out["errors"].append("dropped")
            else:
                out["latency_ms"].append((time.perf_counter() - started) * 1000)
                if r.status_code == 201:
                    out["acknowledged"].append(r.json()["review_id"])
                else:
                    out["errors"].append(str(r.status_code))
            i += 1


def _hostile(url: str, key: str, stop: threading.Event, out: dict[str, list]) -> None:
    attacks = _hostile_requests()
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=120) as client:
        i = 0
        while not stop.is_set():
            method, path, headers, body = attacks[i % len(attacks)]
            try:
                r = client.request(method, path, content=body or None, headers=headers)
                out["hostile"].append(r.status_code)
            except httpx.HTTPError:
                out["hostile"].append(0)
            i += 1


def _phase(url: str, key: str, docs: list[bytes], seconds: float, hostile: bool) -> dict[str, list]:
    out: dict[str, list] = {"latency_ms": [], "acknowledged": [], "errors": [], "hostile": []}
    stop = threading.Event()
    threads = [threading.Thread(target=_normal, args=(url, key, docs, stop, out)) for _ in range(NORMAL_CLIENTS)]
    if hostile:
        threads.append(threading.Thread(target=_hostile, args=(url, key, stop, out)))
    for t in threads:
        t.start()
    time.sleep(seconds)
    stop.set()
    for t in threads:
        t.join(timeout=180)
    return out


def run(quick: bool = False) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    seconds = 30.0 if quick else 240.0
    workdir = Path(tempfile.mkdtemp(prefix="advisor-soak-"))
    try:
        db = workdir / "soak.db"
        key = create_key(db)
        server = start_server(2, db, workdir)
        url = f"http://{HOST}:{server.port}"
        try:
            docs = [json.dumps(g.document).encode() for g in generator.generate(200, seed=17)]
            before = set(server.pids())
            calm = _phase(url, key, docs, seconds / 4, hostile=False)
            attacked = _phase(url, key, docs, seconds, hostile=True)
            after = set(server.pids())
            acknowledged = calm["acknowledged"] + attacked["acknowledged"]
            lost = 0
            with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=60) as client:
                for review_id in acknowledged:
                    if client.get(f"/v1/reviews/{review_id}").status_code != 200:
                        lost += 1
        finally:
            server.stop()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    deaths = len(after - before)  # a worker replaced by uvicorn shows as a new process
    bad_hostile = sum(1 for s in attacked["hostile"] if s == 0 or s >= 500)
    calm_lat, attacked_lat = Summary.of(calm["latency_ms"], "ms"), Summary.of(attacked["latency_ms"], "ms")
    held = deaths == 0 and lost == 0 and bad_hostile == 0 and not attacked["errors"]
    rows = [
        {
            "section": "soak",
            "name": f"normal reviews under hostile traffic, {seconds:.0f} s, 2 workers: p99",
            "subject": {"median": attacked_lat.p99, "p99": attacked_lat.p99, "unit": "ms", "n": attacked_lat.n},
            "baseline": {"median": calm_lat.p99, "p99": calm_lat.p99, "unit": "ms", "n": calm_lat.n},
            "subject_label": "under attack",
            "baseline_label": "calm",
            "target": "0 worker deaths, 0 reviews lost, no 5xx",
            "verdict": "yes" if held else "NO",
            "note": f"{deaths} worker deaths; {lost} of {len(acknowledged):,} acknowledged reviews lost; "
            f"{len(attacked['hostile']):,} hostile requests, {bad_hostile} answered 5xx or dropped; "
            f"normal errors {len(attacked['errors'])}; median {attacked_lat.median:.0f} vs {calm_lat.median:.0f} ms",
        }
    ]
    extra = {
        "soak": {
            "seconds": seconds,
            "deaths": deaths,
            "lost": lost,
            "acknowledged": len(acknowledged),
            "hostile_statuses": sorted(set(attacked["hostile"])),
            "normal_errors": attacked["errors"][:20],
        }
    }
    return rows, extra
