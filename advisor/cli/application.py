"""The typer application every command module registers on.

Command modules import only typer and small enums at the top and everything else inside the
command, so `advisor --help` (and shell completion) loads no document models, rulebook or engine.
"""

from typing import Annotated

import typer

from advisor import __version__


def examples(*lines: str) -> str:
    """The `Examples:` block at the end of a command's --help (one line per paragraph, as typer wants)."""
    return "Examples:\n\n" + "\n\n".join(f"  $ {line}" for line in lines)


def _version(value: bool) -> None:
    if not value:
        return
    from advisor.rulebook.version import rulebook_version

    typer.echo(f"advisor {__version__} (rulebook {rulebook_version()})")
    raise typer.Exit()


app = typer.Typer(
    name="advisor",
    help="Platform Advisor: ranked, cited tuning findings for Power, HP-UX, z/OS and z/VM systems.",
    epilog=examples(
        "advisor check examples/aix-ame4k-64k.json",
        "advisor check configs/ --format sarif --output junit=advisor.xml",
        "advisor calc vios-memory --cores 32",
        "advisor --install-completion",
    ),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain click help: typer's rich help imports ~0.2 s of modules on every --help
)


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and the rulebook version, then exit."
        ),
    ] = False,
) -> None:
    """Platform Advisor: ranked, cited tuning findings for Power, HP-UX, z/OS and z/VM systems."""
