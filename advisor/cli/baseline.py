"""`advisor baseline create FILE... -o FILE`: record today's findings so that a gate fails only on new ones."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from advisor.cli.application import app, examples
from advisor.cli.inputs import IgnoreOpt, SelectOpt, fail, load_advisor, read_documents

baseline_app = typer.Typer(
    help="Baselines: accept today's findings so the gate fails only on new or worse ones.", no_args_is_help=True
)
app.add_typer(baseline_app, name="baseline")


@baseline_app.command(
    "create",
    epilog=examples(
        "advisor baseline create configs/ -o .advisor-baseline.json",
        "advisor check configs/ --baseline .advisor-baseline.json",
    ),
)
def create(
    files: Annotated[list[str], typer.Argument(help="Document files (JSON or YAML); '-' reads standard input.")],
    out: Annotated[str, typer.Option("--output", "-o", help="Baseline file to write; '-' prints it.")] = "-",
    select: SelectOpt = None,
    ignore: IgnoreOpt = None,
) -> None:
    """Record every finding's (rule id, target, file) fingerprint, severity and the rulebook version."""
    from advisor.cli.inputs import expand_dirs
    from advisor.gate.baseline import build_baseline, dump_baseline
    from advisor.gate.errors import GateInputError
    from advisor.gate.identity import display_path
    from advisor.gate.judge import select_review
    from advisor.gate.selection import Selection

    advisor = load_advisor()
    try:
        selection = Selection.parse(select, ignore, advisor.rulebook.rules)
    except GateInputError as err:
        fail(str(err))
    docs, bad = read_documents(expand_dirs(files))
    if bad:
        raise typer.Exit(2)  # a baseline missing a document would let all its findings through later
    reviews = advisor.review_many([(d.model, None) for d in docs])  # engine sessions shared by documents
    findings = [
        (display_path(d.source), f)
        for d, review in zip(docs, reviews, strict=True)
        for f in select_review(review, selection).findings
    ]
    content = dump_baseline(build_baseline(findings, advisor.rulebook.version))
    if out == "-":
        typer.echo(content, nl=False)
        return
    try:
        Path(out).parent.mkdir(parents=True, exist_ok=True)
        Path(out).write_text(content, encoding="utf-8")
    except OSError as exc:
        fail(f"{out}: cannot write: {exc}")
    typer.echo(
        f"{out}: {len(findings)} finding(s) from {len(docs)} document(s), rulebook {advisor.rulebook.version}", err=True
    )
