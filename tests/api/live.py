"""An app served by uvicorn on 127.0.0.1 in a thread of the test process: real sockets, no subprocess start-up.

For the sync client (httpx has no in-memory transport for an ASGI app in sync code) and for
`advisor ask --server`. The subprocess server of tests/api/server.py is for worker processes.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from tests.api.server import free_port

START_TIMEOUT = 30.0


@contextmanager
def serve_in_thread(app) -> Iterator[str]:
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=free_port(), log_level="warning", access_log=False, lifespan="off")
    )
    thread = threading.Thread(target=server.run, name="uvicorn-test", daemon=True)
    thread.start()
    deadline = time.monotonic() + START_TIMEOUT
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{server.config.port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
