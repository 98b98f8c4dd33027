"""`advisor serve --workers N` (N > 1, Linux): N uvicorn workers, each accepting on its own listening socket.

Why not uvicorn's own supervisor: its workers share one listening socket and whichever wakes first
accepts; a keep-alive connection then stays with that worker for good. Under the bench's 16
connections the split was 11+5, 12+4 and 14+2, and the worker with few connections idled while
they waited on a commit (476 reviews/s at 8+8 against 400/s at 14+2, docs/performance.md).
Here the supervisor binds one socket per worker with `SO_REUSEPORT`, and the kernel spreads new
connections over the sockets by a hash of the addresses, so each worker gets its share.

* Each worker slot's socket stays open in the supervisor for its whole life: a worker that dies
  is replaced on the same socket, so connections that arrive meanwhile wait in its backlog
  (answered once the replacement is up) instead of being refused, and the port is never free
  for another program to take.
* Before binding, a plain socket (no `SO_REUSEPORT`) is bound to the address: it fails while any
  other program listens there, so a second `advisor serve` on a busy port is refused instead of
  silently sharing the port's connections.
* Workers are spawned (a fresh interpreter each, as uvicorn does), run `uvicorn.Server` on their
  socket and report once their app is started. A worker that exits by itself before that is a
  start-up failure (every replacement would fail the same way): the supervisor stops and exits 1.
  A worker killed by a signal, or one that exits after it started, is logged and replaced.
* SIGINT or SIGTERM: each worker gets SIGTERM and finishes its requests in flight (uvicorn's
  graceful shutdown, `timeout_graceful_shutdown`), then the supervisor exits 0; a worker still
  there `STOP_GRACE_S` later is killed. SIGHUP replaces the workers one at a time, each new one
  serving before the old one stops (after a rule-file change, say).
* A worker whose supervisor disappears (killed with SIGKILL) shuts itself down gracefully, and exits
  at once if that has not ended `STOP_GRACE_S` after the graceful-shutdown timeout.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import socket
import sys
import threading
import time
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

import uvicorn

log = logging.getLogger("uvicorn.error")
_spawn = multiprocessing.get_context("spawn")
POLL_S = 0.2  # how often the supervisor looks at its signals and workers
STOP_GRACE_S = 5.0  # beyond the workers' own graceful-shutdown timeout, before they are killed
READY_TIMEOUT_S = 120.0  # a replacement started by SIGHUP must serve within this, else the old worker stays
ORPHAN_CHECK_S = 1.0


def balanced() -> bool:
    """Whether the kernel spreads connections over `SO_REUSEPORT` sockets (Linux); elsewhere uvicorn's supervisor."""
    return sys.platform.startswith("linux") and hasattr(socket, "SO_REUSEPORT")


def listening_sockets(host: str, port: int, count: int, backlog: int = 2048) -> list[socket.socket]:
    """`count` sockets listening on one address with SO_REUSEPORT; OSError when the address is taken."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family) as probe:  # without SO_REUSEPORT this fails while anyone listens there
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((host, port))
        port = probe.getsockname()[1]  # port 0: the one the kernel chose
    sockets: list[socket.socket] = []
    try:
        for _ in range(count):
            sock = socket.socket(family)
            sockets.append(sock)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            sock.bind((host, port))
            sock.listen(backlog)
    except OSError:
        for sock in sockets:
            sock.close()
        raise
    return sockets


class _WorkerServer(uvicorn.Server):
    """uvicorn's server, telling the supervisor once the app has started."""

    def __init__(self, config: uvicorn.Config, ready: Connection):
        super().__init__(config)
        self._ready = ready

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started:
            try:
                self._ready.send(True)
            except BrokenPipeError:  # the supervisor died while this worker was loading its app
                self.should_exit = True
            finally:
                self._ready.close()


def _leave_when_orphaned(server: uvicorn.Server, parent: int) -> None:
    """Shut down gracefully once the supervisor is gone; killed, as the supervisor would, if that hangs."""
    while os.getppid() == parent:
        time.sleep(ORPHAN_CHECK_S)
    log.warning("supervisor [%d] is gone; worker [%d] shutting down", parent, os.getpid())
    server.should_exit = True
    time.sleep((server.config.timeout_graceful_shutdown or 0) + STOP_GRACE_S)
    log.error("worker [%d] still running %.0f s after its supervisor left; exiting", os.getpid(), STOP_GRACE_S)
    os._exit(1)


def _worker_main(config: uvicorn.Config, sock: socket.socket, ready: Connection, parent: int) -> None:
    """A worker process: uvicorn on the slot's socket until SIGTERM (or its supervisor is gone)."""
    config.configure_logging()
    server = _WorkerServer(config, ready)
    threading.Thread(target=_leave_when_orphaned, args=(server, parent), daemon=True).start()
    server.run(sockets=[sock])


class _Slot:
    """One worker's place: its socket (kept for the supervisor's life) and the process serving on it."""

    def __init__(self, index: int, sock: socket.socket):
        self.index, self.sock = index, sock
        self.proc: BaseProcess | None = None
        self._ready_conn: Connection | None = None
        self.ready = False

    def start(self, config: uvicorn.Config) -> BaseProcess:
        receive, send = _spawn.Pipe(duplex=False)
        proc = _spawn.Process(
            target=_worker_main, args=(config, self.sock, send, os.getpid()), name=f"advisor-worker-{self.index}"
        )
        proc.start()
        send.close()
        self.proc, self._ready_conn, self.ready = proc, receive, False
        return proc

    def poll_ready(self) -> bool:
        if not self.ready and self._ready_conn is not None:
            try:
                if self._ready_conn.poll():
                    self.ready = bool(self._ready_conn.recv())
            except (EOFError, OSError):  # the worker ended before it started serving
                pass
        return self.ready


class Supervisor:
    """Runs `workers` worker processes on their own sockets until SIGINT/SIGTERM (see the module docstring)."""

    def __init__(self, config: uvicorn.Config, sockets: list[socket.socket]):
        self.config, self.slots = config, [_Slot(i, s) for i, s in enumerate(sockets)]
        self._signals: list[int] = []

    def run(self) -> int:
        """Serve until told to stop; the exit status (0, or 1 when a worker could not start)."""
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, lambda sig, _frame: self._signals.append(sig))
        host, port = self.slots[0].sock.getsockname()[:2]
        log.info(
            "supervisor [%d] on %s:%d: %d workers, one SO_REUSEPORT socket each (Press CTRL+C to quit)",
            os.getpid(),
            host,
            port,
            len(self.slots),
        )
        for slot in self.slots:
            slot.start(self.config)
        status = 0
        while status == 0:
            time.sleep(POLL_S)
            if self._take_signal(signal.SIGINT, signal.SIGTERM):
                break
            if self._take_signal(signal.SIGHUP):
                self._replace_all()
            status = self._keep_alive()
        self._stop_all()
        for slot in self.slots:
            slot.sock.close()
        return status

    def _take_signal(self, *wanted: int) -> bool:
        hit = any(sig in wanted for sig in self._signals)
        self._signals[:] = [sig for sig in self._signals if sig not in wanted]
        return hit

    def _keep_alive(self) -> int:
        for slot in self.slots:
            proc = slot.proc
            assert proc is not None
            slot.poll_ready()
            if proc.is_alive():
                continue
            proc.join()
            if not slot.ready and (proc.exitcode or 0) >= 0:  # it gave up by itself: so would a replacement
                log.error("worker [%s] exited with %s before it started serving; stopping", proc.pid, proc.exitcode)
                return 1
            new = slot.start(self.config)
            log.warning("worker [%s] exited with %s; worker [%s] replaces it", proc.pid, proc.exitcode, new.pid)
        return 0

    def _replace_all(self) -> None:
        """SIGHUP: a new worker per slot, serving beside the old one until it is up, then the old one stops."""
        for slot in self.slots:
            old, old_conn = slot.proc, slot._ready_conn
            new = slot.start(self.config)
            deadline = time.monotonic() + READY_TIMEOUT_S
            while not slot.poll_ready() and new.is_alive() and time.monotonic() < deadline:
                if any(sig in (signal.SIGINT, signal.SIGTERM) for sig in self._signals):
                    break
                time.sleep(POLL_S)
            if not slot.ready:  # keep the old one serving
                log.error("worker [%s] did not start serving; worker [%s] stays", new.pid, old and old.pid)
                self._terminate([new])
                slot.proc, slot._ready_conn, slot.ready = old, old_conn, True
                return
            if old is not None:
                self._terminate([old])
            log.info("worker [%s] replaced by [%s]", old and old.pid, new.pid)

    def _stop_all(self) -> None:
        self._terminate([slot.proc for slot in self.slots if slot.proc is not None])

    def _terminate(self, procs: list[BaseProcess]) -> None:
        for proc in procs:
            if proc.is_alive() and proc.pid is not None:
                os.kill(proc.pid, signal.SIGTERM)
        deadline = time.monotonic() + (self.config.timeout_graceful_shutdown or 0) + STOP_GRACE_S
        for proc in procs:
            proc.join(max(0.0, deadline - time.monotonic()))
            if proc.is_alive():
                log.warning("worker [%s] did not stop in time; killing it", proc.pid)
                proc.kill()
                proc.join()


def serve(config: uvicorn.Config, workers: int) -> int:
    """Bind the sockets and supervise `workers` workers; raises OSError when the address is taken."""
    sockets = listening_sockets(config.host, config.port, workers, config.backlog)
    return Supervisor(config, sockets).run()
