"""Command line: `advisor check|rules|schema|serve|calc|...`; one module per command group."""

import typer

from advisor.cli import ask as _ask  # noqa: F401
from advisor.cli import baseline as _baseline  # noqa: F401
from advisor.cli import calc as _calc  # noqa: F401  (each import registers its commands)
from advisor.cli import check as _check  # noqa: F401
from advisor.cli import db as _db  # noqa: F401
from advisor.cli import diff as _diff  # noqa: F401
from advisor.cli import docs as _docs  # noqa: F401
from advisor.cli import keys as _keys  # noqa: F401
from advisor.cli import mcp as _mcp  # noqa: F401
from advisor.cli import parse as _parse  # noqa: F401
from advisor.cli import rules as _rules  # noqa: F401
from advisor.cli import schema as _schema  # noqa: F401
from advisor.cli import serve as _serve  # noqa: F401
from advisor.cli.app import app

__all__ = ["app", "main"]


def only_invoked(argv: list[str]) -> typer.Typer:
    """The application with only the command being run: typer builds every registered command's
    options (type hints, parameters) on each call, ~20 ms a pipeline's `advisor check` does not
    need. Anything else (no command, an option first, an unknown name, shell completion) gets the
    whole application, so help listings, did-you-mean and completion are unchanged."""
    import copy
    import os

    if len(argv) < 2 or argv[1].startswith("-") or any(k.endswith("_COMPLETE") for k in os.environ):
        return app
    name = argv[1]
    commands = [
        c
        for c in app.registered_commands
        if (c.name or typer.main.get_command_name(getattr(c.callback, "__name__", ""))) == name
    ]
    groups = [g for g in app.registered_groups if g.name == name]
    if len(commands) + len(groups) != 1:
        return app
    lean = copy.copy(app)
    lean.registered_commands, lean.registered_groups = commands, groups
    return lean


EXIT_UNEXPECTED = 3  # 1 means findings and 2 bad input (README): a crash must be told apart from both


def main() -> None:
    """The console script: expected failures exit 2 with one line; anything else exits 3, never 1."""
    import os
    import sys

    from advisor.budget import BudgetExceeded

    if sys.argv[1:2] == ["check"]:
        import gc

        # A check allocates much and frees little (modules, the rulebook, then every review until
        # the report): what is loaded so far leaves the collector and young collections come 14x
        # less often; ~8 % of a one-document check's CPU. Here, not in the command: a test process
        # that runs `check` in-process keeps its own collector settings.
        gc.freeze()
        gc.set_threshold(10_000, 20, 20)
    try:
        only_invoked(sys.argv)()
    except BudgetExceeded as exc:
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as exc:  # noqa: BLE001 - the last line of defence; ADVISOR_DEBUG=1 shows the traceback
        if os.environ.get("ADVISOR_DEBUG"):
            raise
        print(
            f"error: unexpected {type(exc).__name__}: {str(exc)[:300]} (a bug in the advisor: run again with "
            "ADVISOR_DEBUG=1 for the traceback and report it)",
            file=sys.stderr,
        )
        sys.exit(EXIT_UNEXPECTED)
