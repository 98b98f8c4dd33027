"""`advisor serve --workers 2`'s own supervisor (api/supervisor.py), with real processes on 127.0.0.1.

One listening socket per worker (the kernel spreads connections); a worker killed with SIGKILL
replaced on its socket with no request lost; SIGHUP replacing every worker; SIGTERM to the
supervisor alone stopping everything gracefully and freeing the port; a supervisor killed
outright leaving no workers behind; a busy port refused with exit 2.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from api import supervisor
from tests.api.server import Server, free_port

pytestmark = pytest.mark.skipif(not supervisor.balanced(), reason="SO_REUSEPORT balancing is Linux's")
ROOT = Path(__file__).resolve().parents[2]


def listeners(port: int) -> int:
    """Sockets in LISTEN state on 127.0.0.1:`port` (/proc/net/tcp)."""
    want = f"0100007F:{port:04X}"
    lines = Path("/proc/net/tcp").read_text().splitlines()[1:]
    return sum(1 for line in lines if line.split()[1] == want and line.split()[3] == "0A")


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def workers(server: Server) -> set[int]:
    """The supervisor's worker processes (not multiprocessing's resource tracker, its other child)."""
    return {pid for pid in server.workers_pids() if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()}


def wait_for(condition, timeout: float = 60.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return False


def fresh_gets(url: str, n: int) -> list[int]:
    """`n` requests, each on a new connection (so they hash over both sockets)."""
    return [httpx.get(f"{url}/readyz", timeout=60).status_code for _ in range(n)]


def test_one_socket_per_worker_a_killed_worker_replaced_and_sigterm_stops_all(tmp_path):
    server = Server(tmp_path / "s.db", tmp_path / "serve.log", workers=2).start()
    try:
        assert wait_for(lambda: len(workers(server)) == 2)
        first = workers(server)
        assert listeners(server.port) == 2  # uvicorn's supervisor has one, shared by the workers

        victim = min(first)
        os.kill(victim, signal.SIGKILL)
        assert wait_for(lambda: len(workers(server) - first) == 1), server.log.read_text()
        # the dead worker's socket stayed open: connections hashed to it wait for the replacement
        assert fresh_gets(server.url, 20) == [200] * 20
        assert listeners(server.port) == 2
        now = workers(server)
        assert victim not in now and len(now) == 2
        assert "replaces it" in server.log.read_text()

        assert server.proc is not None
        os.kill(server.proc.pid, signal.SIGHUP)  # replace both, one at a time, each new one serving first
        assert wait_for(lambda: len(workers(server) & now) == 0 and len(workers(server)) == 2), server.log.read_text()
        assert fresh_gets(server.url, 10) == [200] * 10
        now = workers(server)

        assert server.proc is not None
        os.kill(server.proc.pid, signal.SIGTERM)  # the supervisor alone, as a service manager does
        assert server.proc.wait(timeout=60) == 0
        assert wait_for(lambda: not any(alive(p) for p in now), 30)
        with socket.socket() as s:  # the port is free again
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(("127.0.0.1", server.port))
    finally:
        server.stop()


def test_workers_leave_when_the_supervisor_is_killed(tmp_path):
    server = Server(tmp_path / "s.db", tmp_path / "serve.log", workers=2).start()
    try:
        assert wait_for(lambda: len(workers(server)) == 2)
        pids = workers(server)
        assert server.proc is not None
        os.kill(server.proc.pid, signal.SIGKILL)
        server.proc.wait(timeout=30)
        # a worker still loading the app notices once its server starts: generous on a loaded machine
        assert wait_for(lambda: not any(alive(p) for p in pids), 120), "orphaned workers kept running"
    finally:
        server.stop()


def test_a_busy_port_is_refused_with_exit_2(tmp_path):
    port = free_port()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", port))
        taken.listen()
        r = subprocess.run(
            [sys.executable, "-m", "advisor.cli.main", "serve", "--port", str(port), "--workers", "2"],
            env={**os.environ, "ADVISOR_DB": str(tmp_path / "s.db")},
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert r.returncode == 2, r.stderr
    assert f"error: cannot listen on 127.0.0.1:{port}" in r.stderr
