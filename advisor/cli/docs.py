"""`advisor docs rules --out docs/rules`: the rule pages, generated from the rulebook."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from advisor.cli.application import app, examples

docs_app = typer.Typer(help="Generated documentation.", no_args_is_help=True)
app.add_typer(docs_app, name="docs")


def write_rule_pages(out: Path) -> tuple[int, int]:
    """Write every page; remove pages of rules that no longer exist. Returns (written, removed)."""
    from advisor.cli.inputs import load_advisor
    from advisor.render.rule_page import PAGE_NAME, pages

    content = pages(load_advisor().rulebook)
    out.mkdir(parents=True, exist_ok=True)
    stale = [p for p in out.iterdir() if PAGE_NAME.match(p.name) and p.name not in content]
    for p in stale:
        p.unlink()
    for name, text in content.items():
        (out / name).write_text(text, encoding="utf-8")
    return len(content), len(stale)


@docs_app.command("rules", epilog=examples("advisor docs rules --out docs/rules"))
def rules_pages(
    out: Annotated[Path, typer.Option("--out", help="Directory for <ID>.md and README.md.")] = Path("docs/rules"),
) -> None:
    """One Markdown page per rule plus an index (README.md)."""
    written, removed = write_rule_pages(out)
    typer.echo(f"{out}: {written} page(s) written, {removed} stale page(s) removed", err=True)
