"""Command line: `advisor check|rules|schema|serve|calc|...`; one module per command group."""

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


EXIT_UNEXPECTED = 3  # 1 means findings and 2 bad input (README): a crash must be told apart from both


def main() -> None:
    """The console script: expected failures exit 2 with one line; anything else exits 3, never 1."""
    import os
    import sys

    from advisor.budget import BudgetExceeded

    try:
        app()
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
