"""`advisor keys create|list|revoke|ensure-default`: API keys for `advisor serve`.

A key is printed once, when it is created, and only its SHA-256 hash is stored (see
advisor/store/ for why a fast hash suffices). `ensure-default` and `advisor serve --create-key` (make run, Docker)
create a key only when no active key exists, so the key is never printed twice.
"""

from __future__ import annotations

import getpass
import json
from pathlib import Path
from typing import Annotated

import typer

from advisor.cli.app import app

keys_app = typer.Typer(help="API keys for the HTTP API: create, list, revoke.", no_args_is_help=True)
app.add_typer(keys_app, name="keys")

_DB = typer.Option(
    "--db", help="SQLite file (env ADVISOR_DB; default: in the user's data directory).", show_default=False
)


def _store(db: Path | None):
    from advisor.store import open_store

    store = open_store(db)
    store.migrate()
    return store


def _actor() -> str:
    try:
        return f"cli:{getpass.getuser()}"
    except Exception:  # noqa: BLE001 - no user name in some containers
        return "cli"


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


def _usage(key: str, url: str = "http://127.0.0.1:8000") -> str:
    return (
        f"Use it as:  curl -H 'Authorization: Bearer {key}' {url}/v1/rules\n"
        "It is shown only this once: store it now (only its hash is kept)."
    )


def ensure_first_key(store, url: str) -> None:
    """Create and print a key named 'default' when no active key exists (`make run`, the Docker image)."""
    if store.has_active_key():
        typer.echo(
            "an API key already exists (`advisor keys list`); it is not shown again. "
            "Create another with `advisor keys create NAME`.",
            err=True,
        )
        return
    record, key = store.create_key("default", actor=_actor())
    typer.echo(f"created the first API key, {record.id} (default):\n\n    {key}\n\n{_usage(key, url)}")


@keys_app.command("create")
def create(
    name: Annotated[str, typer.Argument(help="Who or what uses the key, e.g. 'ci-pipeline'.")],
    db: Annotated[Path | None, _DB] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print {id, name, key, created_at}.")] = False,
) -> None:
    """Create a key and print it once (the key alone on stdout; the rest on stderr)."""
    from advisor.store import StoreError

    try:
        record, key = _store(db).create_key(name, actor=_actor())
    except StoreError as exc:
        raise _fail(str(exc)) from None
    if as_json:
        typer.echo(json.dumps({"id": record.id, "name": record.name, "key": key, "created_at": record.created_at}))
        return
    typer.echo(f"created key {record.id} ({record.name})", err=True)
    typer.echo(key)
    typer.echo(_usage(key), err=True)


@keys_app.command("list")
def list_keys(
    db: Annotated[Path | None, _DB] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON array.")] = False,
) -> None:
    """Every key (never the key itself): id, name, created, last used, revoked."""
    from advisor.store import default_db_path

    path = db or default_db_path()
    keys = _store(path).list_keys() if path.exists() else []  # listing never creates the database
    if as_json:
        typer.echo(json.dumps([k.__dict__ for k in keys], indent=2))
        return
    if not keys:
        where = "" if path.exists() else f" (no database at {path})"
        typer.echo(f"no keys{where}: create one with `advisor keys create NAME`")
        return
    rows = [("ID", "NAME", "CREATED", "LAST USED", "STATUS")] + [
        (k.id, k.name, k.created_at, k.last_used_at or "never", f"revoked {k.revoked_at}" if k.revoked_at else "active")
        for k in keys
    ]
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    for row in rows:
        typer.echo("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=False)).rstrip())


@keys_app.command("revoke")
def revoke(
    id_or_name: Annotated[str, typer.Argument(metavar="ID|NAME", help="A key id, or the name of an active key.")],
    db: Annotated[Path | None, _DB] = None,
) -> None:
    """Revoke a key: every request with it gets 401 from then on, in every worker."""
    from advisor.store import StoreError

    try:
        key = _store(db).revoke_key(id_or_name, actor=_actor())
    except StoreError as exc:
        raise _fail(str(exc)) from None
    typer.echo(f"revoked key {key.id} ({key.name}) at {key.revoked_at}")


@keys_app.command("ensure-default")
def ensure_default(db: Annotated[Path | None, _DB] = None) -> None:
    """Create a key named 'default' if no active key exists, and print it; otherwise print nothing secret."""
    ensure_first_key(_store(db), "http://127.0.0.1:8000")
