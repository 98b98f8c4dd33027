"""A small bounded HTTP/1.1 load generator on asyncio streams (keep-alive, loopback only).

Bounded twice: a fixed number of requests and a time limit, whichever comes first. Two modes:

* closed loop (`closed`): `concurrency` connections, each sends its next request when the last
  answer arrived; measures the most the server sustains.
* open loop (`open_loop`): requests are *scheduled* at a constant rate whatever the server
  does, and latency is counted from the scheduled time, so a slow server shows up as queueing
  delay instead of silently lowering the offered rate (no coordinated omission).

The client parses only status line, headers and the body length (Content-Length or chunked),
so it costs little CPU next to the server on the same two cores.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

LOOPBACK = ("127.0.0.1", "::1", "localhost")


@dataclass
class Result:
    latencies_ms: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    sent: int = 0
    wall_s: float = 0.0
    timed_out: bool = False
    completed_at: list[tuple[float, int]] = field(default_factory=list)  # (seconds since start, done)

    good: int = 0  # expected status and the check passed

    @property
    def ok(self) -> int:
        return self.good

    @property
    def failed(self) -> int:
        return len(self.errors)  # one entry per failed request: exception, unexpected status or failed check

    @property
    def rate(self) -> float:
        return self.ok / self.wall_s if self.wall_s else 0.0


def request_bytes(host: str, port: int, method: str, path: str, body: bytes | None, headers: dict[str, str]) -> bytes:
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}:{port}"]
    lines += [f"{k}: {v}" for k, v in headers.items()]
    if body is not None:
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + (body or b"")


class Connection:
    def __init__(self, host: str, port: int):
        if host not in LOOPBACK:
            raise ValueError("the load generator only targets loopback")
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def _open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            try:
                await self.writer.wait_closed()
            except Exception:  # noqa: BLE001
                pass
        self.reader = self.writer = None

    async def send(self, raw: bytes) -> tuple[int, bytes]:
        for attempt in (0, 1):  # a keep-alive connection the server closed meanwhile is reopened once
            if self.writer is None:
                await self._open()
            try:
                assert self.writer is not None and self.reader is not None
                self.writer.write(raw)
                await self.writer.drain()
                head = await self.reader.readuntil(b"\r\n\r\n")
                break
            except (ConnectionError, asyncio.IncompleteReadError) as exc:
                await self.close()
                if attempt:
                    raise ConnectionError(f"connection lost: {exc}") from None
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        status = int(status_line.split(" ", 2)[1])
        headers = {}
        for line in header_lines:
            if ":" in line:
                k, v = line.split(":", 1)
                headers[k.strip().lower()] = v.strip()
        if "content-length" in headers:
            body = await self.reader.readexactly(int(headers["content-length"]))
        elif headers.get("transfer-encoding", "").lower() == "chunked":
            parts = []
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
                chunk = await self.reader.readexactly(size + 2)
                if size == 0:
                    break
                parts.append(chunk[:-2])
            body = b"".join(parts)
        else:
            body = b""
        if headers.get("connection", "").lower() == "close":
            await self.close()
        return status, body


Check = Callable[[int, bytes], str | None]  # returns an error text, or None when the answer is right


async def _one(
    conn: Connection, raw: bytes, result: Result, start_ns: int, t0: float, check: Check | None, expect: Sequence[int]
) -> None:
    try:
        status, body = await conn.send(raw)
    except Exception as exc:  # noqa: BLE001 - every failure is counted, none stops the run
        result.errors.append(f"{type(exc).__name__}: {exc}"[:300])
        await conn.close()
        return
    result.latencies_ms.append((time.perf_counter_ns() - start_ns) / 1e6)
    result.statuses[status] = result.statuses.get(status, 0) + 1
    if status not in expect:
        result.errors.append(f"HTTP {status}: {body[:300]!r}")
    elif check is not None and (problem := check(status, body)):
        result.errors.append(problem)
    else:
        result.good += 1
    done = len(result.latencies_ms)
    if done % 200 == 0:
        result.completed_at.append((time.perf_counter() - t0, done))


async def closed(
    host: str,
    port: int,
    requests: Sequence[bytes],
    total: int,
    concurrency: int,
    time_limit_s: float,
    check: Check | None = None,
    expect: Sequence[int] = (200, 201),
    on_progress: Callable[[int], None] | None = None,
) -> Result:
    result = Result()
    t0 = time.perf_counter()
    deadline = t0 + time_limit_s
    counter = iter(range(total))

    async def worker() -> None:
        conn = Connection(host, port)
        try:
            for i in counter:
                if time.perf_counter() > deadline:
                    result.timed_out = True
                    return
                result.sent += 1
                await _one(conn, requests[i % len(requests)], result, time.perf_counter_ns(), t0, check, expect)
                if on_progress is not None:
                    on_progress(len(result.latencies_ms))
        finally:
            await conn.close()

    await asyncio.gather(*(worker() for _ in range(concurrency)))
    result.wall_s = time.perf_counter() - t0
    return result


async def open_loop(
    host: str,
    port: int,
    requests: Sequence[bytes],
    total: int,
    rate: float,
    time_limit_s: float,
    max_connections: int = 128,
    check: Check | None = None,
    expect: Sequence[int] = (200, 201),
) -> Result:
    """Send request i at t0 + i / rate; latency is counted from that scheduled time."""
    result = Result()
    queue: asyncio.Queue = asyncio.Queue()
    t0 = time.perf_counter()
    t0_ns = time.perf_counter_ns()
    deadline = t0 + time_limit_s

    async def dispatcher() -> None:
        for i in range(total):
            when = i / rate
            delay = t0 + when - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            if time.perf_counter() > deadline:
                result.timed_out = True
                break
            queue.put_nowait((i, t0_ns + int(when * 1e9)))
        for _ in range(max_connections):
            queue.put_nowait(None)

    async def worker() -> None:
        conn = Connection(host, port)
        try:
            while (item := await queue.get()) is not None:
                i, scheduled_ns = item
                if time.perf_counter() > deadline:
                    result.timed_out = True
                    continue
                result.sent += 1
                await _one(conn, requests[i % len(requests)], result, scheduled_ns, t0, check, expect)
        finally:
            await conn.close()

    await asyncio.gather(dispatcher(), *(worker() for _ in range(max_connections)))
    result.wall_s = time.perf_counter() - t0
    return result
