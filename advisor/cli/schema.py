"""`advisor schema [KIND]`: the JSON Schema of the documents, for editors and pipelines."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from advisor.cli.application import app, examples


@app.command(epilog=examples("advisor schema aix-lpar > aix-lpar.schema.json", "advisor schema | jq '.title'"))
def schema(
    kind: Annotated[
        str | None, typer.Argument(help="A document kind (aix-lpar, vios, ...); omit for all kinds.")
    ] = None,
) -> None:
    """Print the JSON Schema of a document kind (every field with its unit and the command that shows it)."""
    from advisor.cli.inputs import check_kind
    from advisor.documents import DOCUMENT_ADAPTER, KIND_MODELS

    if kind is None:
        data = DOCUMENT_ADAPTER.json_schema()
        data["title"] = "Platform Advisor configuration document"
    else:
        data = KIND_MODELS[check_kind(kind, "kind")].model_json_schema()
    data["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    typer.echo(json.dumps(data, indent=2))
