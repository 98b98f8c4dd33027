"""Real store faults on a running API (issue 12, defects 2-5): a file-size limit (the disk is full), a
read-only filesystem, a corrupted page, a descriptor limit. Every failure answers 503 store-unavailable
with Retry-After (never 500); reads that need no write keep working; /readyz says when the store cannot
write; and the API recovers by itself when the fault goes away. No exception is simulated."""

from __future__ import annotations

import os
import resource
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from advisor.store import SQLiteStore
from api.app import create_app
from api.examples import EXAMPLE_DOCUMENT
from api.settings import Settings
from tests.api.server import running
from tests.support.store import OPERATOR


def new_key(db: Path) -> str:
    store = SQLiteStore(db)
    store.migrate()
    key = store.create_key(OPERATOR, "faults", role="admin")[1]
    store.close()
    return key


def doc(i: int) -> dict:
    return {**EXAMPLE_DOCUMENT, "name": f"lpar{i}"}


def assert_unavailable(response: httpx.Response) -> None:
    assert response.status_code == 503, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    assert response.headers["retry-after"] == "5"
    assert response.json()["type"] == "/problems/store-unavailable" and "Traceback" not in response.text


def test_full_disk_keeps_reads_working_and_recovers(tmp_path):
    """RLIMIT_FSIZE on the server: past the limit every write fails with EFBIG, as on a full disk."""
    db = tmp_path / "full.db"
    key = new_key(db)
    limit = 1_500_000
    with running(db, tmp_path / "serve.log", limits={resource.RLIMIT_FSIZE: limit}) as server:
        with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {key}"}, timeout=60) as c:
            statuses = []
            for i in range(400):  # reviews of ~40 KB until the file cannot grow
                r = c.post("/v1/reviews", json=doc(i))
                assert r.status_code in (201, 503), r.text
                statuses.append(r.status_code)
                if r.status_code == 503:
                    assert_unavailable(r)
                    break
            assert statuses[-1] == 503, "the file-size limit was never reached"
            # reads keep working: authentication writes nothing (defect 4)
            assert c.get("/v1/reviews", params={"limit": 5}).status_code == 200
            assert c.get("/v1/rules").status_code == 200
            assert c.post("/v1/calculators/plarea", json={"lfarea_gb": 64}).status_code in (200, 422)
            ready = c.get("/readyz")
            assert ready.status_code == 503 and "cannot write" in ready.json()["detail"]
            resource.prlimit(server.proc.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY,) * 2)
            assert c.post("/v1/reviews", json=doc(1000)).status_code == 201  # recovered without a restart
            assert c.get("/readyz").status_code == 200


def _without_root_override() -> list[str]:
    """As root, file modes do not stop writes: run the server without CAP_DAC_OVERRIDE so they do."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("needs setpriv (util-linux) to run the server without root's file-permission override")
    return ["setpriv", "--bounding-set", "-dac_override,-dac_read_search", "--"]


def test_read_only_episode_then_recovery(tmp_path):
    """chmod 444 while serving: connections opened during the episode (here by a burst of reads, more at
    once than the pool holds) are read-only. Before the fix they stayed cached and writes kept failing
    after chmod 644 until a restart (defect 3). Descriptors opened before the episode may still write,
    as on any Unix file, so during it a write may succeed; it never fails with a 500."""
    db = tmp_path / "ro.db"
    key = new_key(db)
    files = [db, db.with_name("ro.db-wal"), db.with_name("ro.db-shm")]
    with running(db, tmp_path / "serve.log", wrap=_without_root_override()) as server:
        headers = {"Authorization": f"Bearer {key}"}

        def read(_: int) -> int:
            with httpx.Client(base_url=server.url, headers=headers, timeout=60) as c:
                return c.get("/v1/reviews").status_code

        with httpx.Client(base_url=server.url, headers=headers, timeout=60) as c:
            assert c.post("/v1/reviews", json=doc(0)).status_code == 201
            db.chmod(0o444)
            try:
                statuses: list[int] = []
                for burst in range(6):  # until a write takes one of the connections the reads opened
                    with ThreadPoolExecutor(40) as pool:
                        assert set(pool.map(read, range(60))) == {200}  # reads go on
                    for i in range(3):
                        r = c.post("/v1/reviews", json=doc(burst * 10 + i + 1))
                        if r.status_code != 201:
                            assert_unavailable(r)
                        statuses.append(r.status_code)
                    if 503 in statuses:
                        break
                assert 503 in statuses, "no write met a read-only connection"
            finally:
                for f in files:
                    if f.exists():
                        f.chmod(0o600)
            # writable again: every write succeeds at once, no restart
            assert [c.post("/v1/reviews", json=doc(i)).status_code for i in range(10)] == [201] * 10
            assert c.get("/readyz").status_code == 200


def test_a_corrupt_page_answers_503_not_500(tmp_path):
    db = tmp_path / "corrupt.db"
    app = create_app(Settings(db_path=db))
    key = app.state.store.create_key(OPERATOR, "k", role="admin")[1]
    client = TestClient(app, raise_server_exceptions=False)
    client.headers["Authorization"] = f"Bearer {key}"
    ids = [client.post("/v1/reviews", json=doc(i)).json()["review_id"] for i in range(30)]
    app.state.store.close()
    con_check = SQLiteStore(db)
    sql_checkpoint(con_check)
    page = 4096
    size = db.stat().st_size
    with db.open("r+b") as f:  # garbage over the pages of the second half of the file: review rows
        for offset in range(size // 2 - size // 2 % page, size, page * 3):
            f.seek(offset + 100)
            f.write(os.urandom(600))
    again = create_app(Settings(db_path=db))
    client = TestClient(again, raise_server_exceptions=False)
    client.headers["Authorization"] = f"Bearer {key}"
    statuses = []
    for rid in ids:
        r = client.get(f"/v1/reviews/{rid}")
        statuses.append(r.status_code)
        if r.status_code != 200:
            assert_unavailable(r)
    listing = client.get("/v1/reviews", params={"limit": 100})
    statuses.append(listing.status_code)
    if listing.status_code != 200:
        assert_unavailable(listing)
    assert 503 in statuses and 500 not in statuses
    again.state.store.close()


def sql_checkpoint(store: SQLiteStore) -> None:
    """Move the WAL into the database file, so the corruption hits the pages that are read."""
    store._write(lambda tx: None)
    with store._connection() as con:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()


def test_a_descriptor_limit_under_bursts_does_not_stick(tmp_path):
    """Bursts past the descriptor limit may be refused (503), but once they pass every request works:
    connections are pooled and bounded, not one per thread left open (defect 2)."""
    db = tmp_path / "fd.db"
    key = new_key(db)
    with running(db, tmp_path / "serve.log", limits={resource.RLIMIT_NOFILE: 96}) as server:
        headers = {"Authorization": f"Bearer {key}"}

        def one(i: int) -> int:
            with httpx.Client(base_url=server.url, headers=headers, timeout=60) as c:
                try:
                    r = c.post("/v1/reviews", json=doc(i)) if i % 2 else c.get("/v1/reviews")
                except httpx.HTTPError:
                    return 0  # the connection itself refused past the limit: not the store's doing
                if r.status_code not in (200, 201):
                    assert_unavailable(r)
                return r.status_code

        for burst in range(2):
            with ThreadPoolExecutor(48) as pool:
                statuses = list(pool.map(one, range(burst * 100, burst * 100 + 64)))
            assert 500 not in statuses
        with httpx.Client(base_url=server.url, headers=headers, timeout=60) as c:
            after = [c.post("/v1/reviews", json=doc(i)).status_code for i in range(20)]
            after += [c.get("/v1/reviews").status_code for _ in range(20)]
        assert after == [201] * 20 + [200] * 20
