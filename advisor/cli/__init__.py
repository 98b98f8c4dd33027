"""Command line: `advisor check|rules|schema|serve|calc|...`; one module per command group."""

from advisor.cli import ask as _ask  # noqa: F401
from advisor.cli import baseline as _baseline  # noqa: F401
from advisor.cli import calc as _calc  # noqa: F401  (each import registers its commands)
from advisor.cli import check as _check  # noqa: F401
from advisor.cli import db as _db  # noqa: F401
from advisor.cli import diff as _diff  # noqa: F401
from advisor.cli import docs as _docs  # noqa: F401
from advisor.cli import keys as _keys  # noqa: F401
from advisor.cli import parse as _parse  # noqa: F401
from advisor.cli import rules as _rules  # noqa: F401
from advisor.cli import schema as _schema  # noqa: F401
from advisor.cli import serve as _serve  # noqa: F401
from advisor.cli.app import app

__all__ = ["app", "main"]


def main() -> None:
    app()
