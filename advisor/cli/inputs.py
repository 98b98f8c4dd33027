"""What `check`, `diff` and `baseline` share: reading documents and the gate options, exit 2 on bad input."""

from __future__ import annotations

import datetime as dt
from enum import StrEnum
from typing import NoReturn

import typer

from advisor.documents.errors import DocumentError
from advisor.gate.baseline import load_baseline
from advisor.gate.errors import GateInputError
from advisor.gate.model import Policy
from advisor.gate.selection import Selection
from advisor.gate.waivers import DEFAULT_FILE, load_waivers
from advisor.inputs import LoadedInput, load_input
from advisor.redact import Redactor
from advisor.rulebook.loader import Rulebook

EXPIRY_WARNING_DAYS = 14


class Threshold(StrEnum):
    critical = "critical"
    high = "high"
    medium = "medium"
    low = "low"
    info = "info"


SELECT_HELP = "Only these rules: id or id prefix (AME, VIOS-00); repeatable or comma-separated."
IGNORE_HELP = "Skip these rules: id or id prefix; repeatable or comma-separated."
WAIVERS_HELP = f"Waivers file (YAML); default {DEFAULT_FILE} in the working directory when present."

SelectOption = typer.Option(None, "--select", help=SELECT_HELP)
IgnoreOption = typer.Option(None, "--ignore", help=IGNORE_HELP)
WaiversOption = typer.Option(None, "--waivers", help=WAIVERS_HELP)
FailOnOption = typer.Option(Threshold.high, "--fail-on", help="Exit 1 when a finding is at or above this severity.")


def fail(message: str) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def report_input_error(err: DocumentError) -> None:
    for issue in err.issues:
        hint = f" (did you mean '{issue.suggestion}'?)" if issue.suggestion else ""
        typer.echo(f"error: {err.source}: {issue.path}: {issue.message}{hint}", err=True)


def _load(path: str, redactor: Redactor | None = None) -> LoadedInput:
    """A document, a raw command output or a bundle; parser warnings and conflicts go to stderr."""
    loaded = load_input(path, redactor=redactor)
    for warning in loaded.warnings:
        typer.echo(f"warning: {warning}", err=True)
    for conflict in loaded.conflicts:
        typer.echo(f"warning: {loaded.source}: {conflict}", err=True)
    return loaded


def read_documents(files: list[str], redactor: Redactor | None = None) -> tuple[list[LoadedInput], bool]:
    """Every readable input, and whether any was wrong (reported on stderr)."""
    docs, bad = [], False
    for path in files:
        try:
            docs.append(_load(path, redactor))
        except DocumentError as err:
            report_input_error(err)
            bad = True
    return docs, bad


def read_one(path: str) -> LoadedInput:
    try:
        return _load(path)
    except DocumentError as err:
        report_input_error(err)
        raise typer.Exit(2) from None


def load_policy(
    rulebook: Rulebook,
    *,
    fail_on: Threshold = Threshold.high,
    fail_on_not_assessed: bool = False,
    select: list[str] | None = None,
    ignore: list[str] | None = None,
    waivers: str | None = None,
    baseline: str | None = None,
) -> Policy:
    """The gate's policy from the command line; any problem is exit 2 naming the file and entry."""
    today = dt.date.today()
    try:
        selection = Selection.parse(select, ignore, rulebook.rules)
        loaded = load_waivers(waivers, rulebook.rules, today)
        base = load_baseline(baseline) if baseline else None
    except GateInputError as err:
        fail(str(err))
    for w in loaded.expiring(today, EXPIRY_WARNING_DAYS):
        typer.echo(
            f"warning: {loaded.file}: {w.label()} expires on {w.expires.isoformat()} (owner {w.owner})", err=True
        )
    if base is not None and base.rulebook != rulebook.version:
        typer.echo(
            f"note: {baseline} was made with rulebook {base.rulebook}, this is {rulebook.version}; "
            f"findings still match on rule id, target and file",
            err=True,
        )
    return Policy(
        fail_on=fail_on.value,
        fail_on_not_assessed=fail_on_not_assessed,
        selection=selection,
        waivers=loaded,
        baseline=base,
        baseline_file=baseline,
    )
