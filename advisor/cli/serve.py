"""`advisor serve`: the HTTP API under uvicorn, on the SQLite store or PostgreSQL (ADVISOR_DATABASE_URL).

The options become environment variables before uvicorn starts, and uvicorn always loads the
app through the factory import string `api.app:serve_app` (`create_app` with the start-up heap
frozen out of the garbage collector): with `--workers N` each worker is
a separate process that builds its own app (its own engine, behind its own lock) from the same
settings, which is how the API scales (the engine is serialised within a process). On Linux the
workers are supervised by api/supervisor.py, each on its own SO_REUSEPORT socket so the kernel
spreads the connections evenly; elsewhere by uvicorn's own supervisor on one shared socket.
The store is migrated and the rulebook loaded once here first, so a bad database path or a
broken rule fails the start with exit code 2 before any worker starts.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer

from advisor.cli.application import app, examples
from advisor.cli.inputs import report_rulebook_error
from advisor.cli.keys import ensure_first_key

FACTORY = "api.app:serve_app"


@app.command(
    "serve",
    epilog=examples(
        "advisor serve --create-key",
        "advisor serve --host 0.0.0.0 --port 9000 --workers 2",
        "ADVISOR_DB=/data/advisor.db advisor serve",
    ),
)
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on; 0.0.0.0 for every interface.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port.", min=0, max=65535)] = 8000,
    workers: Annotated[
        int, typer.Option(help="Worker processes (the engine runs one review at a time per process).", min=1, max=64)
    ] = 1,
    db: Annotated[
        Path | None,
        typer.Option(help="SQLite file (env ADVISOR_DB; default: in the user's data directory).", show_default=False),
    ] = None,
    max_body_bytes: Annotated[int | None, typer.Option(help="Largest request body (default 1 MiB).", min=1)] = None,
    max_partitions: Annotated[
        int | None, typer.Option(help="Most partitions in one document (default 1000).", min=1)
    ] = None,
    max_depth: Annotated[int | None, typer.Option(help="Deepest JSON nesting (default 32).", min=2)] = None,
    access_log: Annotated[bool, typer.Option(help="Log every request.")] = True,
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "info",
    create_key: Annotated[
        bool,
        typer.Option(
            "--create-key",
            help="When no active API key exists, create one named 'default' and print it once (make run, Docker).",
        ),
    ] = False,
) -> None:
    """Serve the HTTP API (/v1, OpenAPI at /docs); needs an API key: `advisor keys create NAME`."""
    import uvicorn

    from advisor.rulebook.loader import RulebookError, load_rulebook
    from advisor.store import StoreError
    from api import supervisor
    from api.settings import Settings

    try:  # once here, so a broken rulebook stops the start instead of every worker dying in turn
        load_rulebook()
    except RulebookError as exc:
        report_rulebook_error(exc)
        raise typer.Exit(2) from None

    settings = Settings.from_env(
        db_path=db, max_body_bytes=max_body_bytes, max_partitions=max_partitions, max_depth=max_depth
    )
    os.environ.update(settings.to_env())  # inherited by the worker processes
    store = settings.open_store()
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}"
    try:
        version = store.migrate()
        if create_key:
            ensure_first_key(store, url)
        has_key = store.has_active_key()
    except (StoreError, OSError) as exc:
        typer.echo(f"error: store {store.describe()}: {exc}", err=True)
        raise typer.Exit(2) from None
    finally:
        store.close()
    typer.echo(f"store {store.describe()} (schema version {version}); API on {url}/v1, docs at {url}/docs", err=True)
    if not has_key:
        typer.echo(
            "no active API key: create one with `advisor keys create NAME` (or start with --create-key)", err=True
        )
    options: dict[str, Any] = {
        "factory": True,
        "host": host,
        "port": port,
        "access_log": access_log,
        "log_level": log_level,
        "timeout_graceful_shutdown": 10,
    }
    if workers == 1 or not supervisor.balanced():
        uvicorn.run(FACTORY, workers=workers, **options)
        return
    try:
        status = supervisor.serve(uvicorn.Config(FACTORY, **options), workers)
    except OSError as exc:
        typer.echo(f"error: cannot listen on {host}:{port}: {exc.strerror or exc}", err=True)
        raise typer.Exit(2) from None
    raise typer.Exit(status)
