"""API figures: reviews per second and latency over loopback, one vs two uvicorn workers, and
the server's memory over a long run.

The server is what a user starts: `advisor serve --workers N` on a fresh SQLite file (the
default settings: synchronous=FULL, so every 201 is on disk), with an API key from
`advisor keys create`. When `advisor serve` is missing (advisor/cli/serve.py not there), the
same app factory as `advisor serve` (`api.app:serve_app`) is served by `uvicorn --factory` and the
results say so.

Per worker count:
* throughput: closed loop, `concurrency` keep-alive connections, fixed request count and time limit;
* latency: open loop at a fixed offered rate (300/s, the target), latency from the scheduled time;
* chat turns per second the same way when the OpenAPI document lists /v1/chat.
Memory: two workers, `reviews` requests (100 000 in the full run), USS of every server process
sampled once a second against the number of reviews served; the slope after warm-up is the figure.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench import generator, loadgen
from bench.stats import Summary

ROOT = Path(__file__).parents[1]
HOST = "127.0.0.1"
TARGET_RATE = 300.0
TARGET_P99_MS = 100.0
TARGET_SUSTAINED = 600.0  # reviews/s on two workers (issue 17)


DEPLOY_COMPOSE = ROOT / "examples" / "deploy" / "compose.yaml"


def deployment_settings() -> dict[str, str]:
    """The PostgreSQL settings the deployment example runs with (the `-c name=value` pairs of compose.yaml's
    database command), so the bench measures the server a site would run."""
    import yaml

    command = yaml.safe_load(DEPLOY_COMPOSE.read_text())["services"]["db"].get("command") or []
    return dict(arg.split("=", 1) for flag, arg in zip(command, command[1:], strict=False) if flag == "-c")


def postgres_measure(quick: bool, workdir: Path) -> dict[str, Any]:
    """The same measurement on PostgreSQL: `advisor serve --workers 2` (two processes) on a local server
    started from the system's initdb/pg_ctl, as the test suite does (tests/support/postgres.py), with the
    deployment example's settings; the server's CPU is measured beside the API's."""
    settings = deployment_settings()
    try:
        from tests.support.postgres import PostgresServer

        server = PostgresServer(settings)
    except Exception as exc:  # noqa: BLE001 - no PostgreSQL here: say so in the table
        return {"skipped": f"no PostgreSQL server could be started: {exc}"[:300]}
    try:
        return {**measure(2, quick, workdir, server.new_schema(), db_pids=server.pids), "settings": settings}
    finally:
        server.destroy()


def _bin(name: str) -> str | None:
    exe = Path(sys.executable).with_name(name)
    return str(exe) if exe.exists() else None


def serve_available() -> bool:
    return (ROOT / "advisor" / "cli" / "serve.py").exists()


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def create_key(db: Path, database_url: str | None = None) -> str:
    cmd = [
        _bin("advisor") or sys.executable,
        *([] if _bin("advisor") else ["-m", "advisor.cli.main"]),
        "keys",
        "create",
        "bench",
        "--db",
        str(db),
        "--json",
    ]
    env = {**os.environ, **({"ADVISOR_DATABASE_URL": database_url} if database_url else {})}
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, check=True, env=env)
    return json.loads(out.stdout.strip().splitlines()[-1])["key"]


@dataclass
class Server:
    proc: subprocess.Popen
    port: int
    workers: int
    how: str
    log: Path

    def pids(self) -> list[int]:
        """The server process and all its descendants (uvicorn's supervisor and workers)."""
        children: dict[int, list[int]] = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    stat = (entry / "stat").read_text()
                    ppid = int(stat.rsplit(")", 1)[1].split()[1])
                except (OSError, ValueError, IndexError):
                    continue
                children.setdefault(ppid, []).append(int(entry.name))
        out, todo = [], [self.proc.pid]
        while todo:
            pid = todo.pop()
            out.append(pid)
            todo += children.get(pid, [])
        return out

    def stop(self) -> None:
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)  # our own process group (start_new_session)
            except ProcessLookupError:
                pass
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return ""


def cpu_by_pid(pids: list[int]) -> dict[int, float]:
    """User + system CPU seconds each process has used so far (/proc/<pid>/stat utime, stime)."""
    tick = os.sysconf("SC_CLK_TCK")
    out: dict[int, float] = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            out[pid] = (int(fields[11]) + int(fields[12])) / tick
        except (OSError, ValueError, IndexError):
            pass
    return out


def cpu_seconds(pids: list[int]) -> float:
    return sum(cpu_by_pid(pids).values())


def machine_cpu() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine so far, from /proc/stat."""
    fields = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    tick = os.sysconf("SC_CLK_TCK")
    return (sum(fields[:8]) - idle) / tick, sum(fields[:8]) / tick


class Usage:
    """Where the machine's CPU went during a phase: the server, this load generator, everything else."""

    def __init__(self, pids: list[int]):
        self.pids = pids
        self.server0, self.client0, (self.busy0, self.total0) = cpu_seconds(pids), time.process_time(), machine_cpu()

    def done(self, requests: int) -> dict[str, float]:
        server, client = cpu_seconds(self.pids) - self.server0, time.process_time() - self.client0
        busy, total = machine_cpu()
        busy, total = busy - self.busy0, total - self.total0
        cores = os.cpu_count() or 1
        return {
            "server_cpu_ms_per_request": server * 1000 / max(1, requests),
            "machine_busy_pct": 100 * busy / total if total else float("nan"),
            "server_pct_of_machine": 100 * server / total if total else float("nan"),
            "client_pct_of_machine": 100 * client / total if total else float("nan"),
            "others_pct_of_machine": 100 * (busy - server - client) / total if total else float("nan"),
            "cores": cores,
        }


class DbUsage:
    """CPU of the database server's processes over a phase, per request. Backends come and go with the
    pools, so the processes are listed again at the end and a new one counts from zero."""

    def __init__(self, pids: Callable[[], list[int]] | None):
        self.pids = pids
        self.start = cpu_by_pid(pids()) if pids else {}

    def done(self, requests: int) -> dict[str, float]:
        if self.pids is None:
            return {}
        used = sum(cpu - self.start.get(pid, 0.0) for pid, cpu in cpu_by_pid(self.pids()).items())
        return {"db_cpu_ms_per_request": used * 1000 / max(1, requests)}


def uss_kib(pid: int) -> int | None:
    """Memory the process alone holds: its unique set size (private pages, from smaps_rollup), so
    pages shared with the other workers or the page cache do not count; VmRSS where the kernel
    has no smaps_rollup."""
    try:
        private = [
            int(line.split()[1])
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()
            if line.startswith(("Private_Clean:", "Private_Dirty:"))
        ]
        if private:
            return sum(private)
    except OSError:
        pass
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def connections_per_process(pids: list[int], port: int) -> dict[int, int]:
    """Established TCP connections to `port` that each process holds (its socket fds matched against
    /proc/net/tcp and tcp6). A keep-alive connection stays with the worker that accepted it, so an
    uneven split leaves a worker short of work: with uvicorn's one shared listening socket the 16
    connections fell 11+5 to 14+2; `advisor serve` now gives each worker its own SO_REUSEPORT
    socket and the kernel spreads them by a hash of the addresses (api/supervisor.py)."""
    inodes: dict[str, int] = {}
    for name in ("tcp", "tcp6"):
        try:
            lines = Path(f"/proc/net/{name}").read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == "01":  # local port, ESTABLISHED
                inodes[fields[9]] = 0
    out: dict[int, int] = {}
    for pid in pids:
        try:
            links = [os.readlink(f) for f in Path(f"/proc/{pid}/fd").iterdir()]
        except OSError:
            continue
        count = sum(1 for link in links if link.startswith("socket:[") and link[8:-1] in inodes)
        if count:
            out[pid] = count
    return out


def start_server(workers: int, db: Path, logdir: Path, database_url: str | None = None) -> Server:
    port = free_port()
    env = {**os.environ, "ADVISOR_DB": str(db), **({"ADVISOR_DATABASE_URL": database_url} if database_url else {})}
    if serve_available() and _bin("advisor"):
        cmd = [
            _bin("advisor"),
            "serve",
            "--host",
            HOST,
            "--port",
            str(port),
            "--workers",
            str(workers),
            "--db",
            str(db),
            "--no-access-log",
            "--log-level",
            "warning",
        ]
        how = f"advisor serve --workers {workers}"
    else:
        cmd = [
            sys.executable,
            "-m",
            "uvicorn",
            "api.app:serve_app",
            "--factory",
            "--host",
            HOST,
            "--port",
            str(port),
            "--workers",
            str(workers),
            "--no-access-log",
            "--log-level",
            "warning",
        ]
        how = f"uvicorn api.app:serve_app --factory --workers {workers} (advisor serve not available)"
    logs = ROOT / "bench" / "results" / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    log = logs / f"server-{time.strftime('%Y%m%d-%H%M%S')}-{workers}w-{port}.log"
    proc = subprocess.Popen(
        cmd, cwd=ROOT, env=env, stdout=open(log, "wb"), stderr=subprocess.STDOUT, start_new_session=True
    )
    server = Server(proc, port, workers, how, log)
    deadline = time.time() + 120
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited {proc.returncode}: {log.read_text()[-3000:]}")
        try:
            status, _ = asyncio.run(_get(port, "/readyz"))
            if status == 200 and (workers == 1 or len(worker_pids(server.pids())) >= workers):
                return server
        except OSError:
            pass
        time.sleep(0.3)
    server.stop()
    raise RuntimeError(f"server not ready after 120 s: {log.read_text()[-3000:]}")


def worker_pids(pids: list[int]) -> list[int]:
    """The worker processes among a server's: spawned by multiprocessing (`spawn_main`), not its resource tracker."""
    return [pid for pid in pids if "spawn_main" in cmdline(pid)]


async def _get(port: int, path: str, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    conn = loadgen.Connection(HOST, port)
    try:
        return await conn.send(loadgen.request_bytes(HOST, port, "GET", path, None, headers or {}))
    finally:
        await conn.close()


def review_requests(port: int, key: str, n_docs: int = 400, seed: int = 13) -> list[bytes]:
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
    docs = [g.document for g in generator.generate(n_docs, seed)]
    return [loadgen.request_bytes(HOST, port, "POST", "/v1/reviews", json.dumps(d).encode(), headers) for d in docs]


def review_check(status: int, body: bytes) -> str | None:
    return None if b'"review_id"' in body[:200] or b'"review_id"' in body else f"201 without review_id: {body[:200]!r}"


def has_chat(openapi: dict) -> bool:
    return "post" in openapi.get("paths", {}).get("/v1/chat", {})


async def chat_conversations(
    port: int, key: str, total_turns: int, concurrency: int, time_limit_s: float, seed: int = 23
) -> loadgen.Result:
    """Closed loop of conversations, 4 turns each: review a document, the first follow-up the
    advisor offers, a what-if on the AME page size, undo. Every turn is one request."""
    docs = [g.document for g in generator.generate(200, seed) if g.document["kind"] == "aix-lpar"]
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
    result = loadgen.Result()
    t0 = time.perf_counter()
    deadline = t0 + time_limit_s
    turns = iter(range(total_turns))

    def request(body: dict) -> bytes:
        return loadgen.request_bytes(HOST, port, "POST", "/v1/chat", json.dumps(body).encode(), headers)

    async def send(conn: loadgen.Connection, body: dict) -> dict | None:
        result.sent += 1
        start = time.perf_counter_ns()
        try:
            status, raw = await conn.send(request(body))
        except Exception as exc:  # noqa: BLE001
            result.errors.append(f"{type(exc).__name__}: {exc}"[:300])
            await conn.close()
            return None
        result.latencies_ms.append((time.perf_counter_ns() - start) / 1e6)
        result.statuses[status] = result.statuses.get(status, 0) + 1
        if status != 200:
            result.errors.append(f"HTTP {status} on {body.get('message')!r}: {raw[:300]!r}")
            return None
        reply = json.loads(raw)
        if not reply.get("session_id") or not reply.get("answer"):
            result.errors.append(f"200 without session_id/answer: {raw[:300]!r}")
            return None
        result.good += 1
        return reply

    async def worker(w: int) -> None:
        conn = loadgen.Connection(HOST, port)
        i = w
        try:
            while True:
                doc = docs[i % len(docs)]
                i += concurrency
                session = None
                for step in range(4):
                    if next(turns, None) is None or time.perf_counter() > deadline:
                        return
                    if step == 0:
                        body = {"message": "review", "document": doc}
                    elif step == 1:
                        body = {
                            "message": next(
                                (
                                    f
                                    for f in session.get("follow_ups") or ()
                                    if f.lower().startswith(("why", "explain"))
                                ),
                                "why AME-001?",
                            )
                        }
                    elif step == 2:
                        body = {"message": "what if I set ame.page_support = 64K"}
                    else:
                        body = {"message": "undo"}
                    if session is not None:
                        body["session_id"] = session["session_id"]
                    reply = await send(conn, body)
                    if reply is None:
                        break
                    session = {**(session or {}), **reply}
        finally:
            await conn.close()

    await asyncio.gather(*(worker(w) for w in range(concurrency)))
    result.wall_s = time.perf_counter() - t0
    return result


def chat_requests(port: int, key: str, openapi: dict) -> list[bytes] | None:
    """Bodies for /v1/chat from the OpenAPI examples, or None when there is no chat route."""
    paths = openapi.get("paths", {})
    path = next((p for p in paths if p.rstrip("/") in ("/v1/chat", "/v1/chat/turns", "/v1/chat/messages")), None)
    if path is None or "post" not in paths[path]:
        return None
    op = paths[path]["post"]
    content = op.get("requestBody", {}).get("content", {}).get("application/json", {})
    examples = [e.get("value") for e in (content.get("examples") or {}).values() if isinstance(e, dict)]
    if not examples and "example" in content:
        examples = [content["example"]]
    if not examples:
        examples = [
            {"message": q}
            for q in ("What is AME64K?", "How much memory does a VIOS need?", "Should SMT be on for SAP on z/VM?")
        ]
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
    return [loadgen.request_bytes(HOST, port, "POST", path, json.dumps(e).encode(), headers) for e in examples if e]


def _lat(result: loadgen.Result) -> dict:
    return Summary.of(result.latencies_ms, unit="ms").to_dict()


def _result_dict(result: loadgen.Result, server: Server | None = None) -> dict:
    log_tail = None
    if server is not None and result.failed:
        try:
            log_tail = server.log.read_text(errors="replace")[-4000:]
        except OSError:
            pass
    return {
        "server_log": str(server.log) if server else None,
        "server_log_tail": log_tail,
        "ok": result.ok,
        "failed": result.failed,
        "sent": result.sent,
        "wall_s": result.wall_s,
        "rate_per_s": result.rate,
        "statuses": result.statuses,
        "timed_out": result.timed_out,
        "errors": result.errors[:10],
        "latency_ms": _lat(result),
    }


def measure(
    workers: int,
    quick: bool,
    workdir: Path,
    database_url: str | None = None,
    *,
    closed_only: bool = False,
    run: int = 0,
    db_pids: Callable[[], list[int]] | None = None,
) -> dict[str, Any]:
    """One server on a fresh database: the closed loop, then (unless `closed_only`) the open loop and chat.
    `db_pids` lists a database server's processes, whose CPU is then reported beside the server's."""
    db = workdir / f"bench-{workers}w-{run}.db"
    key = create_key(db, database_url)
    server = start_server(workers, db, workdir, database_url)
    try:
        reqs = review_requests(server.port, key)
        total = 2000 if quick else 10_000
        asyncio.run(loadgen.closed(HOST, server.port, reqs, 300, 8, 60, check=review_check))  # warm-up
        pids = server.pids()
        load = os.getloadavg()[0]
        usage, db_usage = Usage(pids), DbUsage(db_pids)
        spread: dict[int, int] = {}

        def look() -> None:  # once the 16 connections are open
            time.sleep(2.0)
            spread.update(connections_per_process(pids, server.port))

        threading.Thread(target=look, daemon=True).start()
        closed = asyncio.run(loadgen.closed(HOST, server.port, reqs, total, 16, 180, check=review_check))
        closed_usage = {**usage.done(closed.ok), **db_usage.done(closed.ok)}
        closed_result = {
            **_result_dict(closed, server),
            **closed_usage,
            "loadavg_before": round(load, 2),
            "connections_per_worker": sorted(spread.values(), reverse=True),
        }
        if closed_only:
            return {"how": server.how, "closed": closed_result}
        load = os.getloadavg()[0]
        usage, db_usage = Usage(pids), DbUsage(db_pids)
        open_n = 1500 if quick else 9000
        opened = asyncio.run(
            loadgen.open_loop(
                HOST, server.port, reqs, open_n, TARGET_RATE, open_n / TARGET_RATE + 30, check=review_check
            )
        )
        open_usage = {**usage.done(opened.ok), **db_usage.done(opened.ok)}
        out: dict[str, Any] = {
            "how": server.how,
            "closed": closed_result,
            "open": {**_result_dict(opened, server), **open_usage, "loadavg_before": round(load, 2)},
            "open_rate": TARGET_RATE,
        }
        status, body = asyncio.run(_get(server.port, "/openapi.json"))
        if status == 200 and has_chat(json.loads(body)):
            asyncio.run(chat_conversations(server.port, key, 40, 4, 60))  # warm-up
            usage = Usage(pids)
            res = asyncio.run(chat_conversations(server.port, key, 400 if quick else 2000, 8, 180))
            out["chat"] = {**_result_dict(res, server), **usage.done(res.ok)}
        out["uss_kib"] = {pid: uss_kib(pid) for pid in server.pids()}
        return out
    finally:
        server.stop()


def memory(quick: bool, workdir: Path, reviews: int | None = None, workers: int = 2) -> dict[str, Any]:
    reviews = reviews or (5000 if quick else 100_000)
    db = workdir / "bench-memory.db"
    key = create_key(db)
    server = start_server(workers, db, workdir)
    samples: list[dict[str, Any]] = []
    done = {"n": 0}
    stop = threading.Event()
    t0 = time.perf_counter()

    def sampler() -> None:
        while not stop.is_set():
            pids = server.pids()
            samples.append(
                {"t": time.perf_counter() - t0, "done": done["n"], "uss_kib": {pid: uss_kib(pid) for pid in pids}}
            )
            stop.wait(1.0)

    thread = threading.Thread(target=sampler, daemon=True)
    try:
        reqs = review_requests(server.port, key, n_docs=400, seed=17)
        # the workers are multiprocessing children (spawn_main); the rest is the supervisor (and its resource tracker)
        spawned = worker_pids(server.pids())
        roles = {pid: ("worker" if pid in spawned or workers == 1 else "supervisor") for pid in server.pids()}
        thread.start()
        result = asyncio.run(
            loadgen.closed(
                HOST,
                server.port,
                reqs,
                reviews,
                16,
                max(600, reviews / 50),
                check=review_check,
                on_progress=lambda n: done.__setitem__("n", n),
            )
        )
        stop.set()
        thread.join()
        samples.append(
            {"t": time.perf_counter() - t0, "done": done["n"], "uss_kib": {pid: uss_kib(pid) for pid in server.pids()}}
        )
    finally:
        stop.set()
        server.stop()
    db_bytes = sum(p.stat().st_size for p in workdir.glob("bench-memory.db*"))
    return {
        "how": server.how,
        "reviews": reviews,
        "result": _result_dict(result, server),
        "samples": samples,
        "db_bytes": db_bytes,
        "roles": roles,
        **slopes(samples),
    }


def _fit(xs: list[float], ys: list[float]) -> float:
    n = len(xs)
    if n < 2:
        return float("nan")
    mx, my = sum(xs) / n, sum(ys) / n
    var = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=False)) / var if var else float("nan")


def slopes(samples: list[dict[str, Any]]) -> dict[str, Any]:
    """Peak USS per process and the USS slope (KiB per 1000 reviews) after the first 20 % of the run."""
    if not samples:
        return {}
    last = samples[-1]["done"] or 1
    pids = sorted({int(p) for s in samples for p in s["uss_kib"]})
    per_pid = {}
    for pid in pids:
        pts = [(s["done"], s["uss_kib"].get(pid)) for s in samples if s["uss_kib"].get(pid)]
        late = [(x, y) for x, y in pts if x >= 0.2 * last]
        if not pts:
            continue
        per_pid[pid] = {
            "peak_kib": max(y for _, y in pts),
            "first_kib": pts[0][1],
            "last_kib": pts[-1][1],
            "slope_kib_per_1k": _fit([x / 1000 for x, _ in late], [y for _, y in late]) if len(late) > 2 else None,
            "late_growth_kib": (late[-1][1] - late[0][1]) if late else None,
        }
    totals = [(s["done"], sum(v for v in s["uss_kib"].values() if v)) for s in samples]
    late = [(x, y) for x, y in totals if x >= 0.2 * last]
    return {
        "per_process": per_pid,
        "peak_total_kib": max(y for _, y in totals),
        "slope_total_kib_per_1k": _fit([x / 1000 for x, _ in late], [y for _, y in late]) if len(late) > 2 else None,
    }


def _median_run(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The run with the median rate (the middle one of three)."""
    return sorted(runs, key=lambda c: c["rate_per_s"])[len(runs) // 2]


def _runs(n: int) -> str:
    return f"median of {n} runs each, order rotated" if n > 1 else "1 run each"


def _spread(runs: list[dict[str, Any]]) -> str:
    """Each run's rate, CPU per review, load average before it and (several workers) how the 16
    connections fell on the workers, in the order they ran."""
    return ", ".join(
        f"{c['rate_per_s']:.0f}/s ({c['server_cpu_ms_per_request']:.2f} ms, load {c['loadavg_before']}"
        + (
            f", connections {'+'.join(map(str, c['connections_per_worker']))}"
            if len(c["connections_per_worker"]) > 1
            else ""
        )
        + ")"
        for c in runs
    )


def run(quick: bool = False, with_memory: bool = True, memory_reviews: int | None = None) -> tuple[list[dict], dict]:
    workdir = Path(tempfile.mkdtemp(prefix="advisor-api-bench-"))
    rows: list[dict] = []
    extra: dict[str, Any] = {}
    try:
        # The closed loop runs `repeats` times per worker count, each on a fresh server and port, the
        # order rotated between runs so that neither side always runs first (warmer disk, other load);
        # the first run of each also measures the open loop and chat.
        repeats = 1 if quick else 3
        closed_runs: dict[int, list[dict[str, Any]]] = {1: [], 2: []}
        full: dict[int, dict[str, Any]] = {}
        for r in range(repeats):
            for workers in (1, 2) if r % 2 == 0 else (2, 1):
                result = measure(workers, quick, workdir, closed_only=r > 0, run=r)
                full.setdefault(workers, result)
                closed_runs[workers].append(result["closed"])
        one, two = full[1], full[2]
        extra["api"] = {"one_worker": one, "two_workers": two, "closed_runs": closed_runs}
        pg = postgres_measure(quick, workdir)
        extra["api"]["postgres_two_processes"] = pg
        how = two["how"]
        o1, o2 = one["open"], two["open"]
        c1, c2 = _median_run(closed_runs[1]), _median_run(closed_runs[2])
        failed = {w: sum(c["failed"] for c in runs) for w, runs in closed_runs.items()}
        rows.append(
            {
                "section": "api",
                "name": "POST /v1/reviews: reviews/s (closed loop, 16 connections)",
                "subject": {"median": c2["rate_per_s"], "unit": "/s", "n": len(closed_runs[2])},
                "baseline": {"median": c1["rate_per_s"], "unit": "/s", "n": len(closed_runs[1])},
                "subject_label": "2 workers",
                "baseline_label": "1 worker",
                "target": f">= {TARGET_SUSTAINED:.0f} /s (2 workers)",
                "cpu": f"{c2['server_cpu_ms_per_request']:.2f} / {c1['server_cpu_ms_per_request']:.2f} ms per review "
                f"(2 cores: {2000 / c2['server_cpu_ms_per_request']:.0f} /s); "
                f"ratio 2w/1w {c2['rate_per_s'] / max(c1['rate_per_s'], 1e-9):.2f}",
                "verdict": "yes" if c2["rate_per_s"] >= TARGET_SUSTAINED and failed[2] == 0 else "NO",
                "note": f"{_runs(len(closed_runs[2]))}: 2w {_spread(closed_runs[2])}, "
                f"1w {_spread(closed_runs[1])}; errors 2w {failed[2]} / 1w {failed[1]}; "
                f"CPU of the machine during the median 2w run: server {c2['server_pct_of_machine']:.0f} %, "
                f"load generator {c2['client_pct_of_machine']:.0f} %, other processes "
                f"{c2['others_pct_of_machine']:.0f} %, idle {100 - c2['machine_busy_pct']:.0f} %; {how}",
            }
        )
        rows.append(
            {
                "section": "api",
                "name": "POST /v1/reviews latency at saturation (closed loop)",
                "subject": c2["latency_ms"],
                "baseline": c1["latency_ms"],
                "subject_label": "2 workers",
                "baseline_label": "1 worker",
                "note": "16 requests in flight: queueing included; the run with the median rate",
            }
        )
        ok = o2["latency_ms"]["p99"] <= TARGET_P99_MS and o2["failed"] == 0 and o2["rate_per_s"] >= 0.97 * TARGET_RATE
        rows.append(
            {
                "section": "api",
                "name": f"POST /v1/reviews latency at {TARGET_RATE:.0f}/s offered (open loop)",
                "subject": o2["latency_ms"],
                "baseline": o1["latency_ms"],
                "subject_label": "2 workers",
                "baseline_label": "1 worker",
                "target": "p99 <= 100 ms, 0 errors",
                "verdict": "yes" if ok else "NO",
                "note": f"achieved 2w {o2['rate_per_s']:.0f}/s, 1w {o1['rate_per_s']:.0f}/s; errors 2w {o2['failed']} "
                f"/ 1w {o1['failed']}; server CPU 2w {o2['server_cpu_ms_per_request']:.2f} ms per review; load average "
                f"before 2w {o2['loadavg_before']}, 1w {o1['loadavg_before']}; SQLite synchronous=FULL, group commit, "
                "the WAL flushed after the write lock",
            }
        )
        if "open" in pg:
            op, pc = pg["open"], pg["closed"]
            ok = (
                op["latency_ms"]["p99"] <= TARGET_P99_MS
                and op["failed"] == 0
                and op["rate_per_s"] >= 0.97 * TARGET_RATE
            )
            rows.append(
                {
                    "section": "api",
                    "name": f"POST /v1/reviews latency at {TARGET_RATE:.0f}/s offered, PostgreSQL (open loop)",
                    "subject": op["latency_ms"],
                    "baseline": o2["latency_ms"],
                    "subject_label": "PostgreSQL, 2 processes",
                    "baseline_label": "SQLite, 2 workers",
                    "target": "p99 <= 100 ms, 0 errors",
                    "verdict": "yes" if ok else "NO",
                    "cpu": f"{pc['server_cpu_ms_per_request']:.2f} ms API + {pc['db_cpu_ms_per_request']:.2f} ms "
                    "PostgreSQL per review (closed loop)",
                    "note": f"achieved {op['rate_per_s']:.0f}/s, errors {op['failed']}; closed loop "
                    f"{pc['rate_per_s']:.0f} reviews/s (load average before {pc['loadavg_before']}, open loop "
                    f"{op['loadavg_before']}); a local server started by the bench with the settings of "
                    f"examples/deploy/compose.yaml: {', '.join(f'{k}={v}' for k, v in pg['settings'].items())}",
                }
            )
        else:
            rows.append({"section": "api", "name": "PostgreSQL store", "verdict": "NO", "note": pg.get("skipped", "")})
        if "chat" in two and "chat" in one:
            ch1, ch2 = one["chat"], two["chat"]
            rows.append(
                {
                    "section": "api",
                    "name": "POST /v1/chat: turns/s (closed loop, 8 conversations)",
                    "subject": {"median": ch2["rate_per_s"], "unit": "/s", "n": ch2["ok"]},
                    "baseline": {"median": ch1["rate_per_s"], "unit": "/s", "n": ch1["ok"]},
                    "subject_label": "2 workers",
                    "baseline_label": "1 worker",
                    "cpu": f"{ch2['server_cpu_ms_per_request']:.2f} / {ch1['server_cpu_ms_per_request']:.2f} ms a turn",
                    "note": f"review, follow-up, what-if, undo; errors 2w {ch2['failed']} / 1w {ch1['failed']}",
                }
            )
            rows.append(
                {
                    "section": "api",
                    "name": "POST /v1/chat latency per turn (closed loop)",
                    "subject": ch2["latency_ms"],
                    "baseline": ch1["latency_ms"],
                    "subject_label": "2 workers",
                    "baseline_label": "1 worker",
                    "note": "8 conversations in flight: queueing included",
                }
            )
        else:
            extra["api"]["chat"] = "no /v1/chat route in the OpenAPI document"
        if with_memory:
            mem = memory(quick, workdir, memory_reviews)
            extra["memory"] = mem
            workers = {pid: v for pid, v in mem["per_process"].items() if mem["roles"].get(pid) == "worker"} or mem[
                "per_process"
            ]
            # Growth is the question: a falling slope (the kernel reclaiming pages) is not a leak.
            slope = max((max(v["slope_kib_per_1k"] or 0, 0.0) for v in workers.values()), default=float("nan"))
            peak = max((v["peak_kib"] for v in workers.values()), default=float("nan"))
            flat = slope <= 10.0  # at most 1 MiB per 100 000 reviews per process
            rows.append(
                {
                    "section": "memory",
                    "name": f"server memory (USS) over {mem['result']['ok']:,} reviews (2 workers)",
                    "subject": {"median": peak / 1024, "unit": "MiB"},
                    "baseline": {"median": None, "unit": "MiB"},
                    "target": "no growth (<= 10 KiB/1k reviews)",
                    "verdict": "yes" if flat and mem["result"]["failed"] == 0 else "NO",
                    "note": f"peak USS per worker; steepest worker growth {slope:.2f} KiB/1000 reviews after warm-up; "
                    f"{mem['result']['rate_per_s']:.0f} reviews/s sustained, {mem['result']['failed']} errors",
                }
            )
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return rows, extra
