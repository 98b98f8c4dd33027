"""`advisor keys create|list|revoke|ensure-default`: API keys for `advisor serve`.

A key is printed once, when it is created, and only its SHA-256 hash is stored (see
advisor/store/keys.py for why a fast hash suffices). The command line acts as the site
operator: it manages the keys of every tenant, and `--tenant` on create makes a tenant on
first use. `ensure-default` and `advisor serve --create-key` (make run, Docker) create the
bootstrap admin key once per site (the store remembers it did), so the key is never printed twice.
"""

from __future__ import annotations

import getpass
import json
from pathlib import Path
from typing import Annotated

import typer

from advisor.cli.application import app

keys_app = typer.Typer(help="API keys for the HTTP API: create, list, revoke.", no_args_is_help=True)
app.add_typer(keys_app, name="keys")

_DB = typer.Option(
    "--db", help="SQLite file (env ADVISOR_DB; default: in the user's data directory).", show_default=False
)


def _store(db: Path | None):
    from advisor.store import open_store, url_from_env

    store = open_store(db, url=url_from_env())
    store.migrate()
    return store


def _operator():
    from advisor.store import Principal

    try:
        return Principal.operator(getpass.getuser())
    except Exception:  # noqa: BLE001 - no user name in some containers
        return Principal.operator()


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


def _usage(key: str, url: str = "http://127.0.0.1:8000") -> str:
    return (
        f"Use it as:  curl -H 'Authorization: Bearer {key}' {url}/v1/rules\n"
        "It is shown only this once: store it now (only its hash is kept)."
    )


def ensure_first_key(store, url: str) -> None:
    """Create and print the site's bootstrap admin key once (`make run`, the Docker image)."""
    made = store.bootstrap_admin(_operator())
    if made is None:
        typer.echo(
            "the bootstrap admin key was made before (`advisor keys list`); it is not shown again. "
            "Create another with `advisor keys create NAME --role admin`.",
            err=True,
        )
        return
    record, key = made
    made_for = f"{record.id} (admin of tenant {record.tenant})"
    typer.echo(f"created the bootstrap admin key, {made_for}:\n\n    {key}\n\n{_usage(key, url)}")


@keys_app.command("create")
def create(
    name: Annotated[str, typer.Argument(help="Who or what uses the key, e.g. 'ci-pipeline'.")],
    tenant: Annotated[
        str, typer.Option(help="The team the key belongs to (made on first use); it sees only its own data.")
    ] = "default",
    role: Annotated[
        str, typer.Option(help="admin (manages the tenant's keys), submitter (reviews, chat, parse) or reader.")
    ] = "submitter",
    db: Annotated[Path | None, _DB] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print {id, name, tenant, role, key, created_at}.")] = False,
) -> None:
    """Create a key and print it once (the key alone on stdout; the rest on stderr)."""
    from advisor.store import StoreError

    try:
        record, key = _store(db).create_key(_operator(), name, tenant=tenant, role=role)
    except StoreError as exc:
        raise _fail(str(exc)) from None
    if as_json:
        fields = {"id": record.id, "name": record.name, "tenant": record.tenant, "role": record.role}
        typer.echo(json.dumps({**fields, "key": key, "created_at": record.created_at}))
        return
    typer.echo(f"created key {record.id} ({record.name}, {record.role} in tenant {record.tenant})", err=True)
    typer.echo(key)
    typer.echo(_usage(key), err=True)


@keys_app.command("list")
def list_keys(
    db: Annotated[Path | None, _DB] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON array.")] = False,
) -> None:
    """Every key of every tenant (never the key itself): id, name, tenant, role, created, last used, revoked."""
    from advisor.store import default_db_path, url_from_env

    path = db or default_db_path()
    exists = bool(url_from_env()) or path.exists()
    keys = _store(db).list_keys(_operator()) if exists else []  # listing never creates the database
    if as_json:
        typer.echo(json.dumps([k.__dict__ for k in keys], indent=2))
        return
    if not keys:
        where = "" if exists else f" (no database at {path})"
        typer.echo(f"no keys{where}: create one with `advisor keys create NAME`")
        return
    rows = [("ID", "NAME", "TENANT", "ROLE", "CREATED", "LAST USED", "STATUS")] + [
        (
            k.id,
            k.name,
            k.tenant,
            k.role,
            k.created_at,
            k.last_used_at or "never",
            f"revoked {k.revoked_at}" if k.revoked_at else "active",
        )
        for k in keys
    ]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
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
        key = _store(db).revoke_key(_operator(), id_or_name)
    except StoreError as exc:
        raise _fail(str(exc)) from None
    typer.echo(f"revoked key {key.id} ({key.name}) at {key.revoked_at}")


@keys_app.command("ensure-default")
def ensure_default(db: Annotated[Path | None, _DB] = None) -> None:
    """Create the site's bootstrap admin key once and print it; afterwards print nothing secret."""
    ensure_first_key(_store(db), "http://127.0.0.1:8000")
