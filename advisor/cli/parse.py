"""`advisor parse OUTPUT_FILE...`: command outputs and bundles of one system to one configuration document.

The document goes to standard output (or ``-o FILE``); parser warnings, bundle problems and
conflicts between outputs go to standard error with the file and line they concern.
Exit 0: a document was written; 2: nothing could be parsed, or the input or the command is wrong.
"""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from advisor.cli.application import app, examples

if TYPE_CHECKING:
    from advisor.inputs import LoadedInput


class ParseFormat(StrEnum):
    json = "json"
    text = "text"


def _flatten(data: Any, prefix: str = "") -> list[tuple[str, Any]]:
    if isinstance(data, dict):
        return [kv for k, v in data.items() for kv in _flatten(v, f"{prefix}{k}.")]
    if isinstance(data, list) and data and all(isinstance(x, dict) for x in data):
        return [kv for i, v in enumerate(data) for kv in _flatten(v, f"{prefix}{i}.")]
    return [(prefix.rstrip("."), data)]


def document_of(loaded: LoadedInput) -> dict[str, Any]:
    """The validated document, with exactly the fields the outputs stated (explicit nulls kept)."""
    return loaded.model.model_dump(mode="json", exclude_unset=True)


def render(loaded: LoadedInput, fmt: ParseFormat) -> str:
    document = document_of(loaded)
    if fmt is ParseFormat.json:
        return json.dumps(document, indent=2) + "\n"
    return "".join(f"{path} = {json.dumps(value)}\n" for path, value in _flatten(document))


def report(loaded: LoadedInput, *, provenance: bool) -> None:
    """Warnings, conflicts and (asked for) the provenance map, on standard error."""
    for warning in loaded.warnings:
        typer.echo(f"warning: {warning}", err=True)
    for conflict in loaded.conflicts:
        typer.echo(f"conflict: {conflict}", err=True)
    if provenance:
        values = dict(_flatten(document_of(loaded)))
        for path, source in loaded.provenance.items():
            typer.echo(f"provenance: {path} = {json.dumps(values.get(path))} {source}", err=True)
        for entry in loaded.unmapped:
            typer.echo(f"unused: {entry}: not a field of a {loaded.model.kind} document", err=True)


@app.command(
    "parse",
    epilog=examples(
        "advisor parse lparstat_i.txt amepat.txt -o sapapp01.json --provenance",
        "advisor parse ieasys00.txt --kind zos-lpar --name SYSA",
        "ssh sapapp01 lparstat -i | advisor parse - --format text",
    ),
)
def parse(
    files: Annotated[
        list[str],
        typer.Argument(
            metavar="OUTPUT_FILE...",
            help="Command outputs (as pasted or redirected) or collector bundles of one system; '-' reads stdin.",
        ),
    ],
    output: Annotated[str | None, typer.Option("-o", "--output", help="Write the document to this file.")] = None,
    kind: Annotated[
        str | None,
        typer.Option("--kind", help="Document kind; default: decided from the outputs (vios when ioslevel is there)."),
    ] = None,
    name: Annotated[
        str | None, typer.Option("--name", help="System name, when no output states it (z/OS, lscpu).")
    ] = None,
    fmt: Annotated[
        ParseFormat, typer.Option("--format", help="json: the document; text: one field per line.")
    ] = ParseFormat.json,
    provenance: Annotated[
        bool,
        typer.Option("--provenance", help="Also print, on standard error, the output line every field was read from."),
    ] = False,
    redact: Annotated[
        bool,
        typer.Option("--redact", help="Replace host names, IP/MAC addresses, serials and WWPNs with stable stand-ins."),
    ] = False,
) -> None:
    """Turn command outputs (lparstat -i, amepat, vmo, ps -eZ, lsdev, kctune, D VIRTSTOR,LFAREA...) into a document."""
    from advisor.cli.inputs import check_kind, report_input_error
    from advisor.documents.errors import DocumentError
    from advisor.inputs import load_outputs
    from advisor.redact import Redactor

    check_kind(kind)
    try:
        loaded = load_outputs(files, kind=kind, name=name, redactor=Redactor() if redact else None)
    except DocumentError as err:
        report_input_error(err)
        raise typer.Exit(2) from None
    report(loaded, provenance=provenance)
    text = render(loaded, fmt)
    if output is None:
        typer.echo(text, nl=False)
        return
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as exc:
        typer.echo(f"error: cannot write {output}: {exc}", err=True)
        raise typer.Exit(2) from None
