"""Command line: `advisor check|rules|schema|serve|calc|...`; one module per command group."""

from advisor.cli.app import app
from advisor.cli import calc as _calc  # noqa: F401  (registers commands)

__all__ = ["app", "main"]


def main() -> None:
    app()
