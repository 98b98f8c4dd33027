"""`advisor check FILE...`: review documents and gate them.

Exit 0: nothing fails the gate; 1: a finding at or above `--fail-on` that is neither waived nor
baselined (or, with `--fail-on-not-assessed`, a rule that could reach the threshold lacks data);
2: a document, the waivers file, the baseline or an option is wrong (the message names it).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from pathlib import Path

import typer
from rich.console import Console

from advisor.cli.app import app
from advisor.cli.inputs import (
    FailOnOption,
    IgnoreOption,
    SelectOption,
    Threshold,
    WaiversOption,
    fail,
    load_policy,
    read_documents,
    report_input_error,
)
from advisor.gate import GateResult, judge
from advisor.render import github, html, json_out, junit, markdown, sarif, text
from advisor.review import default_advisor

__all__ = ["check", "Format", "Threshold", "report_input_error"]


class Format(StrEnum):
    text = "text"
    json = "json"
    sarif = "sarif"
    junit = "junit"
    markdown = "markdown"
    github = "github"
    html = "html"


def renderers(single: bool) -> dict[str, Callable[[GateResult], str]]:
    return {
        "text": text.render,
        "json": lambda r: json_out.render_gate(r, single) + "\n",
        "sarif": sarif.render,
        "junit": junit.render,
        "markdown": markdown.render,
        "github": github.render,
        "html": html.render,
    }


def parse_outputs(specs: list[str] | None) -> list[tuple[str, str]]:
    out = []
    for spec in specs or ():
        fmt, sep, path = spec.partition("=")
        if not sep or not path:
            fail(f"--output {spec!r}: expected FORMAT=PATH, e.g. sarif=advisor.sarif")
        if fmt not in Format.__members__:
            fail(f"--output {spec!r}: unknown format {fmt!r}; expected one of {', '.join(Format.__members__)}")
        out.append((fmt, path))
    return out


def write_output(path: str, content: str) -> None:
    if path == "-":
        typer.echo(content, nl=False)
        return
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_text(content, encoding="utf-8")
    except OSError as exc:
        fail(f"--output {path}: cannot write: {exc}")


@app.command()
def check(
    files: list[str] = typer.Argument(
        None, help="Documents (JSON or YAML), raw command outputs or collector bundles; '-' reads standard input."
    ),
    bundle: list[str] | None = typer.Option(
        None, "--bundle", help="A bundle written by collect/aix-collect.sh or vios-collect.sh; repeatable."
    ),
    format: Format = typer.Option(Format.text, "--format", "-f", help="Output format on standard output."),
    output: list[str] | None = typer.Option(
        None, "--output", help="Also write FORMAT=PATH (e.g. sarif=advisor.sarif); repeatable."
    ),
    fail_on: Threshold = FailOnOption,
    fail_on_not_assessed: bool = typer.Option(
        False, "--fail-on-not-assessed", help="Also fail when a rule that could reach the threshold lacks data."
    ),
    select: list[str] | None = SelectOption,
    ignore: list[str] | None = IgnoreOption,
    waivers: str | None = WaiversOption,
    baseline: str | None = typer.Option(
        None, "--baseline", help="Baseline from `advisor baseline create`: only new or worse findings fail."
    ),
) -> None:
    """Review configuration documents, print ranked, cited findings and gate on them."""
    files = [*(files or []), *(bundle or [])]
    if not files:
        fail("give at least one FILE or --bundle FILE")
    advisor = default_advisor()
    outputs = parse_outputs(output)
    policy = load_policy(
        advisor.rulebook,
        fail_on=fail_on,
        fail_on_not_assessed=fail_on_not_assessed,
        select=select,
        ignore=ignore,
        waivers=waivers,
        baseline=baseline,
    )
    docs, bad = read_documents(files)
    result = judge(
        [(d.source, d.model, advisor.review(d.model, provenance=d.provenance_text() or None)) for d in docs],
        policy,
        advisor.rulebook,
    )
    render = renderers(single=len(files) == 1)
    for fmt, path in outputs:
        write_output(path, render[fmt](result))
    if format is Format.text:
        text.render_gate(Console(highlight=False, soft_wrap=True), result)
    elif result.documents or format is not Format.json:
        typer.echo(render[format.value](result), nl=False)
    unused = result.unused_waivers
    if unused:  # one line: a pipeline that checks only changed documents leaves most waivers unused
        which = ", ".join(w.label() for w in unused[:3]) + (", ..." if len(unused) > 3 else "")
        typer.echo(
            f"note: {policy.waivers.file}: {len(unused)} waiver(s) matched nothing in this run: {which}", err=True
        )
    raise typer.Exit(2 if bad else result.exit_code)
