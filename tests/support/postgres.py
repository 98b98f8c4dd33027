"""A real PostgreSQL server for the tests: initdb + pg_ctl from the system's PostgreSQL package.

`make test` installs Debian's `postgresql` package when no `initdb` is found. The server runs
on 127.0.0.1 on a free port, with its data in a temporary directory, for the whole test
session; each test gets a schema of its own (`search_path` in the URL), which is created in
a moment, so the tests stay independent without a database per test. PostgreSQL refuses to
run as root: as root, the server runs as the `postgres` user the package creates.
"""

from __future__ import annotations

import glob
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

import psycopg


def find_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PostgresServer:
    """One PostgreSQL cluster in a temporary directory; `stop`/`start` restart it on the same data and port."""

    def __init__(self, settings: dict[str, str] | None = None) -> None:
        """`settings`: postgresql.conf lines beyond the test defaults (the bench passes the deployment's)."""
        initdb, self.pg_ctl = find_bin("initdb"), find_bin("pg_ctl")
        if initdb is None or self.pg_ctl is None:
            raise RuntimeError("no initdb/pg_ctl: `make test` installs Debian's postgresql package")
        self.root = Path(tempfile.mkdtemp(prefix="advisor-pg-"))
        self.data, self.log = self.root / "data", self.root / "server.log"
        self.port = _free_port()
        self._user = None
        if os.geteuid() == 0:
            self._user = pwd.getpwnam("postgres")
            os.chown(self.root, self._user.pw_uid, self._user.pw_gid)
        self._run([initdb, "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"])
        (self.data / "postgresql.auto.conf").write_text(
            f"listen_addresses = '127.0.0.1'\nport = {self.port}\nunix_socket_directories = '{self.root}'\n"
            "max_connections = 200\nshared_buffers = 32MB\nlog_min_messages = warning\n"
            + "".join(f"{name} = '{value}'\n" for name, value in (settings or {}).items())
        )
        if self._user:
            os.chown(self.data / "postgresql.auto.conf", self._user.pw_uid, self._user.pw_gid)
        self.start()

    def _run(self, cmd: list[str]) -> None:
        if self._user:
            cmd = ["setpriv", f"--reuid={self._user.pw_uid}", f"--regid={self._user.pw_gid}", "--clear-groups", *cmd]
        subprocess.run(cmd, check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        assert self.pg_ctl
        self._run([self.pg_ctl, "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60", "start"])

    def stop(self, mode: str = "fast") -> None:
        """`fast` is a clean shutdown; `immediate` is a crash (recovery from the WAL at the next start)."""
        assert self.pg_ctl
        self._run([self.pg_ctl, "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop"])

    @property
    def admin_url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def new_schema(self) -> str:
        """A fresh, empty schema and a URL whose connections use it (an isolated database for one test)."""
        name = f"t_{secrets.token_hex(6)}"
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {name}")
        return f"{self.admin_url}?options={quote(f'-csearch_path={name}')}"

    def pids(self) -> list[int]:
        """The server's processes: the postmaster and its children (backends, WAL writer, checkpointer...)."""
        try:
            postmaster = int((self.data / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return []
        out = [postmaster]
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            if parent == postmaster:
                out.append(int(entry.name))
        return out

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                psycopg.connect(self.admin_url, connect_timeout=2).close()
                return
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def destroy(self) -> None:
        try:
            self.stop("immediate")
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.root, ignore_errors=True)
