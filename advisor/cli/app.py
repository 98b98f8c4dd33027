"""The typer application every command module registers on."""

import typer

app = typer.Typer(
    name="advisor",
    help="Platform Advisor: ranked, cited tuning findings for Power, HP-UX, z/OS and z/VM systems.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
