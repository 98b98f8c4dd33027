"""`advisor check FILE...`: review documents; exit 0 clean, 1 findings at/above the threshold, 2 bad input."""

from __future__ import annotations

from enum import Enum
from typing import List

import typer
from rich.console import Console

from advisor.cli.app import app
from advisor.documents.errors import DocumentError
from advisor.documents.io import read_document
from advisor.ranking import at_or_above
from advisor.render import json_out, text
from advisor.review import default_advisor


class Format(str, Enum):
    text = "text"
    json = "json"


class Threshold(str, Enum):
    critical = "critical"
    high = "high"
    medium = "medium"
    low = "low"
    info = "info"


def report_input_error(err: DocumentError) -> None:
    for issue in err.issues:
        hint = f" (did you mean '{issue.suggestion}'?)" if issue.suggestion else ""
        typer.echo(f"error: {err.source}: {issue.path}: {issue.message}{hint}", err=True)


@app.command()
def check(
    files: List[str] = typer.Argument(..., help="Document files (JSON or YAML); '-' reads standard input."),
    format: Format = typer.Option(Format.text, "--format", "-f", help="Output format."),
    fail_on: Threshold = typer.Option(Threshold.high, "--fail-on", help="Exit 1 when a finding is at or above this severity."),
) -> None:
    """Review configuration documents and print ranked, cited findings."""
    advisor = default_advisor()
    reviews, bad = [], False
    for path in files:
        try:
            _, doc = read_document(path)
        except DocumentError as err:
            report_input_error(err)
            bad = True
            continue
        reviews.append(advisor.review(doc))
    if format is Format.json:
        if reviews:
            typer.echo(json_out.render(reviews, single=len(files) == 1))
    else:
        console = Console(highlight=False, soft_wrap=True)
        for review in reviews:
            text.render_review(console, review)
    if bad:
        raise typer.Exit(2)
    failing = any(at_or_above(f.severity, fail_on.value) for r in reviews for f in r.findings)
    raise typer.Exit(1 if failing else 0)


