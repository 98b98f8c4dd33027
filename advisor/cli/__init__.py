"""Command line: `advisor check|rules|schema|serve|calc|...`; one module per command group.

Each command module registers its commands on `advisor.cli.application.app` when imported. `COMMANDS`
says which module holds which command, so `advisor CMD` imports only CMD's module (a pipeline's
`advisor check` does not pay for `ask`, `serve` or `keys`); `app` (the whole application, for
help listings, did-you-mean, completion and tests) imports them all.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import typer

__all__ = ["COMMANDS", "app", "main", "only_invoked", "start_up_done", "whole_app"]

# command or group name -> module under advisor.cli, in the order `advisor --help` lists them
# (commands, then groups); tests/cli/test_startup_imports.py holds it equal to what registers.
COMMANDS = {
    "ask": "ask",
    "check": "check",
    "diff": "diff",
    "mcp": "mcp",
    "parse": "parse",
    "rules": "rules",
    "schema": "schema",
    "serve": "serve",
    "baseline": "baseline",
    "calc": "calc",
    "db": "db",
    "docs": "docs",
    "keys": "keys",
}


def _name(info: typer.models.CommandInfo) -> str:
    import typer

    return info.name or typer.main.get_command_name(getattr(info.callback, "__name__", ""))


def whole_app() -> typer.Typer:
    """The application with every command, listed in COMMANDS' order whichever module loaded first."""
    from advisor.cli.application import app

    for module in dict.fromkeys(COMMANDS.values()):
        import_module(f"advisor.cli.{module}")
    order = list(COMMANDS)
    app.registered_commands.sort(key=lambda c: order.index(_name(c)))
    app.registered_groups.sort(key=lambda g: order.index(g.name or ""))
    return app


def __getattr__(name: str) -> typer.Typer:
    if name == "app":
        return whole_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def only_invoked(argv: list[str]) -> typer.Typer:
    """The application with only the command being run, and only its module imported: typer builds
    every registered command's options (type hints, parameters) on each call, and the modules of
    the others are imports a pipeline's `advisor check` does not need. Anything else (no command,
    an option first, an unknown name, shell completion) gets the whole application, so help
    listings, did-you-mean and completion are unchanged."""
    import copy
    import os

    if len(argv) < 2 or argv[1] not in COMMANDS or any(k.endswith("_COMPLETE") for k in os.environ):
        return whole_app()
    from advisor.cli.application import app

    name = argv[1]
    import_module(f"advisor.cli.{COMMANDS[name]}")
    lean = copy.copy(app)
    lean.registered_commands = [c for c in app.registered_commands if _name(c) == name]
    lean.registered_groups = [g for g in app.registered_groups if g.name == name]
    return lean


EXIT_UNEXPECTED = 3  # 1 means findings and 2 bad input (README): a crash must be told apart from both

_collector_held = False  # set by main() for `check`: the collector is off until start-up is over


def start_up_done() -> None:
    """Called by `check` once the rulebook and the engine are loaded, before any document is read.
    Start-up (imports, the rulebook) allocates much and frees almost nothing, so main() keeps the
    collector off through it (~2.5 % of a one-document check's instructions); from here, what is
    loaded leaves the collector and young collections come 14x less often (~8 %; -18 % over 2,000
    documents, docs/performance.md). A no-op unless main() held the collector: a test process that
    runs `check` in-process keeps its own settings."""
    global _collector_held
    if _collector_held:
        import gc

        _collector_held = False
        gc.freeze()
        gc.set_threshold(10_000, 20, 20)
        gc.enable()


def main() -> None:
    """The console script: expected failures exit 2 with one line; anything else exits 3, never 1."""
    import os
    import sys

    from advisor.budget import BudgetExceeded

    global _collector_held
    if sys.argv[1:2] == ["check"]:
        import gc

        gc.disable()
        _collector_held = True
        # Pydantic looks for plugins (observability hooks) in every installed package's metadata
        # on the first model; a gate has none to feed (~1.5 % of a check). Set the variable, even
        # empty, to decide otherwise.
        os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
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
