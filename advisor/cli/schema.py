"""`advisor schema [KIND]`: the JSON Schema of the documents, for editors and pipelines."""

from __future__ import annotations

import json

import typer

from advisor.cli.app import app
from advisor.documents import DOCUMENT_ADAPTER, KIND_MODELS


@app.command()
def schema(
    kind: str | None = typer.Argument(None, help=f"One of: {', '.join(KIND_MODELS)}; omit for all kinds."),
) -> None:
    """Print the JSON Schema of a document kind (every field with its unit and the command that shows it)."""
    if kind is None:
        data = DOCUMENT_ADAPTER.json_schema()
        data["title"] = "Platform Advisor configuration document"
    elif kind in KIND_MODELS:
        data = KIND_MODELS[kind].model_json_schema()
    else:
        typer.echo(f"error: unknown kind {kind!r}; expected one of {', '.join(KIND_MODELS)}", err=True)
        raise typer.Exit(2)
    data["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    typer.echo(json.dumps(data, indent=2))
