"""`advisor check FILE...`: review documents and gate them.

Exit 0: nothing fails the gate; 1: a finding at or above `--fail-on` that is neither waived nor
baselined (or, with `--fail-on-not-assessed`, a rule that could reach the threshold lacks data);
2: a document, the waivers file, the baseline or an option is wrong (the message names it, and
every report written says so: an input error is never a pass).
"""

# No `from __future__ import annotations`: typer reads the command's signature with get_type_hints
# on every call, and string annotations would be evaluated again each time (~3 % of a check).
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from advisor.cli import start_up_done
from advisor.cli.application import app, examples
from advisor.cli.inputs import (
    FailOnOpt,
    IgnoreOpt,
    SelectOpt,
    Threshold,
    WaiversOpt,
    build_policy,
    check_kind,
    expand_dirs,
    fail,
    load_advisor,
    read_documents,
)
from advisor.cli.progress import steps
from advisor.render import FORMATS, Format, renderer

if TYPE_CHECKING:
    from advisor.gate.model import Policy
    from advisor.gate.waivers import Waiver

__all__ = ["check", "Format", "Threshold"]


def parse_outputs(specs: list[str] | None) -> list[tuple[str, str]]:
    out = []
    for spec in specs or ():
        fmt, sep, path = spec.partition("=")
        if not sep or not path:
            fail(f"--output {spec!r}: expected FORMAT=PATH, e.g. sarif=advisor.sarif")
        if fmt not in FORMATS:
            fail(f"--output {spec!r}: unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
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


@app.command(
    epilog=examples(
        "advisor check examples/aix-ame4k-64k.json",
        "advisor check configs/ --quiet --fail-on medium",
        "advisor check sapapp01.json --format sarif --output junit=advisor.xml --output markdown=summary.md",
        "advisor check ieasys00.txt --kind zos-lpar --name SYSA",
        "advisor check --bundle sapapp01.bundle --baseline .advisor-baseline.json",
    )
)
def check(
    files: Annotated[
        list[str] | None,
        typer.Argument(
            help="Documents (JSON or YAML), raw command outputs or collector bundles; '-' reads standard input."
        ),
    ] = None,
    bundle: Annotated[
        list[str] | None,
        typer.Option("--bundle", help="A bundle written by collect/aix-collect.sh or vios-collect.sh; repeatable."),
    ] = None,
    format: Annotated[Format, typer.Option("--format", "-f", help="Output format on standard output.")] = Format.text,
    output: Annotated[
        list[str] | None,
        typer.Option("--output", help="Also write FORMAT=PATH (e.g. sarif=advisor.sarif); repeatable."),
    ] = None,
    fail_on: FailOnOpt = Threshold.high,
    fail_on_not_assessed: Annotated[
        bool,
        typer.Option("--fail-on-not-assessed", help="Also fail when a rule that could reach the threshold lacks data."),
    ] = False,
    select: SelectOpt = None,
    ignore: IgnoreOpt = None,
    waivers: WaiversOpt = None,
    baseline: Annotated[
        str | None,
        typer.Option("--baseline", help="Baseline from `advisor baseline create`: only new or worse findings fail."),
    ] = None,
    kind: Annotated[
        str | None,
        typer.Option("--kind", help="Document kind of raw command outputs that do not show it (e.g. zos-lpar)."),
    ] = None,
    name: Annotated[
        str | None, typer.Option("--name", help="System name of raw command outputs that do not state it.")
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Text: print only what fails the gate and the verdict.")
    ] = False,
    redact: Annotated[
        bool, typer.Option("--redact", help="Replace host names, IP/MAC addresses, serials and WWPNs with stand-ins.")
    ] = False,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            min=1,
            help="Processes reviewing at once (default: the usable cores); output keeps the input order. "
            "With --format json and no --output, reviews are written as they finish and memory stays flat.",
        ),
    ] = None,
) -> None:
    """Review configuration documents, print ranked, cited findings and gate on them.

    A FILE may be a directory: every *.json, *.yaml, *.yml, *.bundle, *.txt and *.out under it.
    """
    from advisor.gate import GateInputError, InputError, Policy
    from advisor.gate.judge import judge

    files = expand_dirs([*(files or []), *(bundle or [])])
    if not files:
        fail("give at least one FILE or --bundle FILE")
    check_kind(kind)
    outputs = parse_outputs(output)
    advisor = load_advisor()
    start_up_done()
    try:
        policy = build_policy(
            advisor.rulebook,
            fail_on=fail_on,
            fail_on_not_assessed=fail_on_not_assessed,
            select=select,
            ignore=ignore,
            waivers=waivers,
            baseline=baseline,
        )
    except GateInputError as err:  # nothing is judged, and every report says why
        typer.echo(f"error: {err}", err=True)
        failed = InputError(err.file, err.message, err.entry)
        result = judge([], Policy(fail_on=fail_on.value), advisor.rulebook, [failed], single=len(files) == 1)
    else:
        # Standard input is read once, by this process; one redaction mapping spans every input. One
        # input is read here too: the process pool's modules are not worth importing for it.
        if len(files) == 1:
            n_jobs = 1
        else:
            from advisor.cli import jobs as pool

            n_jobs = 1 if redact or "-" in files else (jobs or pool.default_jobs())
            if format == "json" and not outputs and not redact:
                code, unused = pool.stream_json(files, advisor, kind, name, policy, n_jobs)
                _note_unused(policy, unused)
                raise typer.Exit(code)
        if n_jobs > 1:
            reviewed, errors = pool.review_inputs(files, advisor, kind, name, n_jobs)
        else:
            redactor = None
            if redact:
                from advisor.redact import Redactor

                redactor = Redactor()
            docs, errors = read_documents(files, kind=kind, name=name, redactor=redactor)
            reviews = advisor.review_many([(d.model, d.provenance_text() or None) for d in docs])
            reviewed = [(d.source, d.model, next(reviews)) for d in steps(docs, "reviewing", len(docs))]
        result = judge(reviewed, policy, advisor.rulebook, errors, single=len(files) == 1)
    for fmt, path in outputs:
        write_output(path, renderer(fmt)(result))
    if format == "text":
        from advisor.render.plain import Plain, Printer, colourless
        from advisor.render.text import render_gate

        console: Printer = Plain()  # a pipe or a file: rich's own output, without importing rich for it
        if not colourless():
            from rich.console import Console

            console = Console(highlight=False, soft_wrap=True)
        render_gate(console, result, quiet=quiet)
    else:
        typer.echo(renderer(format.value)(result), nl=False)
    _note_unused(result.policy, result.unused_waivers)
    raise typer.Exit(result.exit_code)


def _note_unused(policy: "Policy", unused: "Sequence[Waiver]") -> None:
    """One line: a pipeline that checks only changed documents leaves most waivers unused."""
    if unused:
        which = ", ".join(w.label() for w in unused[:3]) + (", ..." if len(unused) > 3 else "")
        typer.echo(
            f"note: {policy.waivers.file}: {len(unused)} waiver(s) matched nothing in this run: {which}", err=True
        )
