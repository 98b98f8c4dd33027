"""`advisor diff BEFORE AFTER`: the findings a planned change introduces, resolves, keeps and changes.

Exit 0: the change introduces or worsens nothing at or above `--fail-on` (waived ones aside);
1: it does; 2: a document or an option is wrong.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from advisor.cli.application import app, examples
from advisor.cli.inputs import (
    FailOnOpt,
    IgnoreOpt,
    SelectOpt,
    Threshold,
    WaiversOpt,
    build_policy,
    fail,
    load_advisor,
    read_one,
)


class DiffFormat(StrEnum):
    text = "text"
    json = "json"
    markdown = "markdown"


@app.command(
    epilog=examples(
        "advisor diff before.json after.json",
        "advisor diff before.json after.json --format markdown --fail-on medium",
    )
)
def diff(
    before: Annotated[str, typer.Argument(help="The document as it is now (JSON or YAML; '-' reads standard input).")],
    after: Annotated[str, typer.Argument(help="The document with the planned change.")],
    format: Annotated[DiffFormat, typer.Option("--format", "-f", help="Output format.")] = DiffFormat.text,
    fail_on: FailOnOpt = Threshold.high,
    select: SelectOpt = None,
    ignore: IgnoreOpt = None,
    waivers: WaiversOpt = None,
) -> None:
    """Review a planned change: what it introduces, worsens, resolves and keeps; gate on the first two."""
    from rich.console import Console

    from advisor.gate.change import judge_change
    from advisor.gate.errors import GateInputError
    from advisor.render import json_out, markdown, text

    advisor = load_advisor()
    try:
        policy = build_policy(advisor.rulebook, fail_on=fail_on, select=select, ignore=ignore, waivers=waivers)
    except GateInputError as err:
        fail(str(err))
    old, new = read_one(before), read_one(after)
    change = judge_change(before, advisor.review(old.model), after, advisor.review(new.model), policy)
    if format is DiffFormat.json:
        typer.echo(json_out.render_change(change))
    elif format is DiffFormat.markdown:
        typer.echo(markdown.render_change(change), nl=False)
    else:
        text.render_change(Console(highlight=False, soft_wrap=True), change)
    raise typer.Exit(change.exit_code)
