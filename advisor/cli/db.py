"""`advisor db migrate|check|export|import`: the store's schema, health, backups and moves.

The store is the one `advisor serve` uses: PostgreSQL when `ADVISOR_DATABASE_URL` is set,
else the SQLite file (`--db`, `ADVISOR_DB`). `export` writes JSON Lines (advisor/store/
transfer.py) and `import` reads them into a new, empty store named by `--to` (a
postgresql:// URL or a file), so a site moves from SQLite to PostgreSQL and back without
losing a review, key, chat session or audit entry.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from advisor.cli.application import app

db_app = typer.Typer(help="The store: migrate, check, export, import.", no_args_is_help=True)
app.add_typer(db_app, name="db")

_DB = typer.Option("--db", help="SQLite file (env ADVISOR_DB); ignored when ADVISOR_DATABASE_URL is set.")


def _open(db: Path | None, target: str | None = None):
    from advisor.store import open_store, url_from_env

    if target is not None:
        is_url = target.startswith(("postgresql://", "postgres://"))
        return open_store(None if is_url else Path(target), url=target if is_url else None)
    return open_store(db, url=url_from_env())


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


@db_app.command("migrate")
def migrate(db: Annotated[Path | None, _DB] = None) -> None:
    """Bring the schema to this advisor's version (what `advisor serve` also does at start)."""
    from advisor.store import StoreError

    store = _open(db)
    try:
        version = store.migrate()
    except StoreError as exc:
        raise _fail(f"{store.describe()}: {exc}") from None
    finally:
        store.close()
    typer.echo(f"{store.describe()}: schema version {version}")


@db_app.command("check")
def check(db: Annotated[Path | None, _DB] = None) -> None:
    """Schema version against this advisor's, integrity, and rows per table; exit 2 when not fit to serve."""
    from advisor.store import StoreError, latest_version

    store = _open(db)
    try:
        version = store.schema_version()
        integrity = store.integrity_check()
        counts = store.table_counts()
    except StoreError as exc:
        raise _fail(f"{store.describe()}: {exc}") from None
    finally:
        store.close()
    typer.echo(f"{store.describe()}: schema version {version} (this advisor: {latest_version()})")
    typer.echo(f"integrity: {integrity}")
    for table, n in counts.items():
        typer.echo(f"  {table:14} {n}")
    if version != latest_version() or integrity != "ok":
        raise typer.Exit(2)


@db_app.command("export")
def export(
    db: Annotated[Path | None, _DB] = None,
    output: Annotated[str, typer.Option("-o", "--output", help="File to write; '-' for standard output.")] = "-",
) -> None:
    """Every row of the store as JSON Lines (a backup, or the first half of a move)."""
    from advisor.store import StoreError

    store = _open(db)
    out = sys.stdout if output == "-" else open(output, "w", encoding="utf-8")  # noqa: SIM115
    n = 0
    try:
        for line in store.export_lines():
            out.write(line + "\n")
            n += 1
    except StoreError as exc:
        raise _fail(f"{store.describe()}: {exc}") from None
    finally:
        store.close()
        if out is not sys.stdout:
            out.close()
    typer.echo(f"exported {n - 1} rows from {store.describe()}", err=True)


@db_app.command("import")
def import_(
    source: Annotated[str, typer.Argument(help="A file written by `advisor db export`; '-' for standard input.")],
    to: Annotated[
        str | None,
        typer.Option("--to", help="Target store: a postgresql:// URL or a SQLite file (default: the configured one)."),
    ] = None,
    db: Annotated[Path | None, _DB] = None,
) -> None:
    """Load an export into a new, empty store (migrated first), in one transaction."""
    from advisor.store import StoreError

    store = _open(db, to)
    try:
        store.migrate()
        with sys.stdin if source == "-" else open(source, encoding="utf-8") as lines:
            counts = store.import_lines(lines)
    except OSError as exc:
        raise _fail(f"{source}: {exc.strerror or exc}") from None
    except StoreError as exc:
        raise _fail(f"{store.describe()}: {exc}") from None
    finally:
        store.close()
    typer.echo(
        f"imported into {store.describe()}: " + ", ".join(f"{n} {t}" for t, n in counts.items()) or "nothing", err=True
    )
