"""`advisor serve` as a real subprocess on 127.0.0.1, for the tests that need processes and sockets."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

READY_TIMEOUT = 60.0  # generous: the test machine may be shared; normally ready in about a second


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(
        self,
        db: Path,
        log: Path,
        workers: int = 1,
        *,
        access_log: bool = False,
        env: dict[str, str] | None = None,
        limits: dict[int, int] | None = None,
        wrap: list[str] | None = None,
    ):
        """`env` adds variables (ADVISOR_DATABASE_URL...); `limits` sets soft resource limits
        (resource.RLIMIT_*) in the server process; `wrap` prefixes the command (e.g. `unshare -m`)."""
        self.db, self.log, self.workers = db, log, workers
        self.access_log, self.env = access_log, env or {}
        self.limits, self.wrap = limits or {}, wrap or []
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> Server:
        env = {**os.environ, "ADVISOR_DB": str(self.db), **self.env}
        cmd = [
            *self.wrap,
            sys.executable,
            "-m",
            "advisor.cli.main",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--workers",
            str(self.workers),
            "--access-log" if self.access_log else "--no-access-log",
            "--log-level",
            "info" if self.access_log else "warning",  # uvicorn writes access lines at info
        ]
        # its own session: the uvicorn supervisor and its workers form one process group we can signal
        self.proc = subprocess.Popen(
            cmd,
            env=env,
            stdout=self.log.open("ab"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
            cwd=Path(__file__).resolve().parents[2],
            preexec_fn=self._limit if self.limits else None,
        )
        deadline = time.monotonic() + READY_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"advisor serve exited with {self.proc.returncode}:\n{self.log.read_text()}")
            try:
                if httpx.get(f"{self.url}/readyz", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.kill()
        raise RuntimeError(f"advisor serve not ready after {READY_TIMEOUT}s:\n{self.log.read_text()}")

    def _limit(self) -> None:
        import resource

        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # past RLIMIT_FSIZE a write fails (EFBIG) instead
        for which, soft in self.limits.items():
            resource.setrlimit(which, (soft, resource.getrlimit(which)[1]))

    def workers_pids(self) -> set[int]:
        """The supervisor's child processes (the uvicorn workers), from /proc."""
        assert self.proc is not None
        children = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children")
        return {int(p) for p in children.read_text().split()} if children.exists() else set()

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """Signal the whole group (supervisor and workers) and reap the supervisor."""
        if self.proc is None or self.proc.poll() is not None:
            return
        try:
            os.killpg(self.proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        self.kill(signal.SIGTERM)
        if self.proc is not None:  # workers left behind by a kill -9 of the group cannot exist; check anyway
            try:
                os.killpg(self.proc.pid, 0)
            except ProcessLookupError:
                return
            os.killpg(self.proc.pid, signal.SIGKILL)


@contextmanager
def running(db: Path, log: Path, workers: int = 1, **options) -> Iterator[Server]:
    server = Server(db, log, workers, **options).start()
    try:
        yield server
    finally:
        server.stop()
