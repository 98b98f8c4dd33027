"""What `check`, `diff` and `baseline` share: the advisor, reading documents and the gate options.

Bad input is exit 2 with the file and JSON path named, never a traceback: a document
(DocumentError), a gate file or option (GateInputError) or the rulebook itself (RulebookError,
every problem listed).
"""

from __future__ import annotations

import datetime as dt
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn, overload

import typer

from advisor.gate.waivers import DEFAULT_FILE

if TYPE_CHECKING:
    from advisor.documents.errors import DocumentError
    from advisor.gate.model import InputError, Policy
    from advisor.inputs import LoadedInput
    from advisor.redact import Redactor
    from advisor.review import Advisor
    from advisor.rulebook.compiled import Rulebook, RulebookError

EXPIRY_WARNING_DAYS = 14


class Threshold(StrEnum):
    critical = "critical"
    high = "high"
    medium = "medium"
    low = "low"
    info = "info"


SelectOpt = Annotated[
    list[str] | None,
    typer.Option("--select", help="Only these rules: id or id prefix (AME, VIOS-00); repeatable or comma-separated."),
]
IgnoreOpt = Annotated[
    list[str] | None, typer.Option("--ignore", help="Skip these rules: id or id prefix; repeatable or comma-separated.")
]
WaiversOpt = Annotated[
    str | None,
    typer.Option(
        "--waivers", help=f"Waivers file (YAML); default {DEFAULT_FILE} in the working directory when present."
    ),
]
FailOnOpt = Annotated[Threshold, typer.Option("--fail-on", help="Exit 1 when a finding is at or above this severity.")]


def fail(message: str) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def report_input_error(err: DocumentError) -> None:
    for issue in err.issues:
        typer.echo(f"error: {err.source}: {issue}", err=True)


def report_rulebook_error(err: RulebookError) -> None:
    """Every problem on its own line, so a rule author fixes them all in one pass."""
    from advisor.datadirs import rules_dir

    n = len(err.problems)
    typer.echo(f"error: rulebook {rules_dir()} cannot load: {n} problem{'s' if n != 1 else ''}", err=True)
    for problem in err.problems:
        typer.echo(f"error: {problem}", err=True)


def load_advisor() -> Advisor:
    """The process-wide advisor; a broken rule file is exit 2 listing every problem."""
    from advisor.review import default_advisor
    from advisor.rulebook.compiled import RulebookError

    try:
        return default_advisor()
    except RulebookError as err:
        report_rulebook_error(err)
        raise typer.Exit(2) from None


def load_input_quietly(
    path: str, kind: str | None = None, name: str | None = None, redactor: Redactor | None = None
) -> tuple[LoadedInput, list[str]]:
    """A document, a raw command output or a bundle, and the warning lines for standard error."""
    from advisor.inputs import load_input

    loaded = load_input(path, kind=kind, name=name, redactor=redactor)
    messages = [f"warning: {w}" for w in loaded.warnings]
    messages += [f"warning: {loaded.source}: {c}" for c in loaded.conflicts]
    return loaded, messages


def _load(path: str, kind: str | None = None, name: str | None = None, redactor: Redactor | None = None) -> LoadedInput:
    """`load_input_quietly`, its warnings (parser warnings and conflicts) printed on standard error."""
    loaded, messages = load_input_quietly(path, kind, name, redactor)
    for message in messages:
        typer.echo(message, err=True)
    return loaded


def input_errors(err: DocumentError, position: int) -> list[InputError]:
    from advisor.gate.identity import display_path
    from advisor.gate.model import InputError

    return [
        InputError(display_path(err.source), i.message, i.path, i.suggestion, source=err.source, position=position)
        for i in err.issues
    ]


def read_documents(
    files: list[str], kind: str | None = None, name: str | None = None, redactor: Redactor | None = None
) -> tuple[list[LoadedInput], list[InputError]]:
    """Every readable input, and the problems of the others (also reported on stderr).
    `kind` and `name` apply to raw command outputs that do not state them."""
    from advisor.cli.progress import steps
    from advisor.documents.errors import DocumentError

    docs: list[LoadedInput] = []
    errors: list[InputError] = []
    for position, path in steps(enumerate(files), "reading", len(files)):
        try:
            docs.append(_load(path, kind, name, redactor))
        except DocumentError as err:
            report_input_error(err)
            errors += input_errors(err, position)
    return docs, errors


INPUT_SUFFIXES = (".json", ".yaml", ".yml", ".bundle", ".txt", ".out")


def expand_dirs(paths: list[str]) -> list[str]:
    """A directory stands for the inputs under it (INPUT_SUFFIXES, hidden ones skipped), sorted."""
    out: list[str] = []
    for path in paths:
        p = Path(path)
        if path == "-" or not p.is_dir():
            out.append(path)
            continue
        found = sorted(
            str(f)
            for f in p.rglob("*")
            if f.is_file()
            and f.suffix.lower() in INPUT_SUFFIXES
            and not any(part.startswith(".") for part in f.relative_to(p).parts)
        )
        if not found:
            fail(f"{path}: a directory with no inputs ({', '.join('*' + s for s in INPUT_SUFFIXES)})")
        out += found
    return out


@overload
def check_kind(kind: str, option: str = ...) -> str: ...
@overload
def check_kind(kind: None, option: str = ...) -> None: ...
def check_kind(kind: str | None, option: str = "--kind") -> str | None:
    """`kind` if it is a document kind; else exit 2 with the closest one."""
    import difflib

    from advisor.documents import KINDS

    if kind is not None and kind not in KINDS:
        close = difflib.get_close_matches(kind, KINDS, n=1, cutoff=0.5)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        fail(f"{option} {kind!r}: unknown kind{hint}; expected one of {', '.join(KINDS)}")
    return kind


def read_one(path: str) -> LoadedInput:
    from advisor.documents.errors import DocumentError

    try:
        return _load(path)
    except DocumentError as err:
        report_input_error(err)
        raise typer.Exit(2) from None


def build_policy(
    rulebook: Rulebook,
    *,
    fail_on: Threshold = Threshold.high,
    fail_on_not_assessed: bool = False,
    select: list[str] | None = None,
    ignore: list[str] | None = None,
    waivers: str | None = None,
    baseline: str | None = None,
) -> Policy:
    """The gate's policy from the command line; raises GateInputError naming the file and entry."""
    from advisor.gate.model import Policy
    from advisor.gate.selection import Selection
    from advisor.gate.waivers import load_waivers

    today = dt.date.today()
    selection = Selection.parse(select, ignore, rulebook.rules)
    loaded = load_waivers(waivers, rulebook.rules, today)
    base = None
    if baseline:
        from advisor.gate.baseline import load_baseline

        base = load_baseline(baseline)
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
