"""`advisor serve --create-key` (make run, the Docker image): the first start prints a key once,
with the address actually served; the key works; a second start prints none."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.api.server import free_port

ROOT = Path(__file__).parents[2]


def start(db: Path, log: Path, port: int) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "advisor.cli.main", "serve", "--port", str(port), "--create-key"]
    cmd += ["--no-access-log", "--log-level", "warning"]
    env = {**os.environ, "ADVISOR_DB": str(db)}
    return subprocess.Popen(cmd, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT, start_new_session=True)


def wait_ready(url: str, proc: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert proc.poll() is None, "the server exited"
        try:
            if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.2)
    raise AssertionError("not ready in 60 s")


def stop(proc: subprocess.Popen) -> None:
    os.killpg(proc.pid, signal.SIGTERM)
    proc.wait(timeout=30)


def test_first_start_prints_one_working_key_for_the_real_port(tmp_path):
    db, port = tmp_path / "a.db", free_port()
    url = f"http://127.0.0.1:{port}"
    proc = start(db, tmp_path / "1.log", port)
    try:
        wait_ready(url, proc)
        log = (tmp_path / "1.log").read_text()
        (key,) = re.findall(r"^\s+(pa_\S+)$", log, re.M)
        assert f"{url}/v1/rules" in log and ":8000" not in log
        assert httpx.get(f"{url}/v1/rules", headers={"Authorization": f"Bearer {key}"}).status_code == 200
    finally:
        stop(proc)
    proc = start(db, tmp_path / "2.log", port)
    try:
        wait_ready(url, proc)
        again = (tmp_path / "2.log").read_text()
        assert "pa_" not in again and "the bootstrap admin key was made before" in again
    finally:
        stop(proc)
