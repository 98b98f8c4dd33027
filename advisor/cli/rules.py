"""`advisor rules [ID]`: the rule catalogue, or one rule in full."""

from __future__ import annotations

import difflib
import json
from typing import Optional

import typer

from advisor.catalogue import detail, listing
from advisor.cli.app import app
from advisor.render import rule_page
from advisor.rulebook.loader import load_rulebook


@app.command()
def rules(
    rule_id: Optional[str] = typer.Argument(None, help="A rule id such as AME-001; omit for the catalogue."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
) -> None:
    """List the rule catalogue or show one rule: what it checks, why, example, fix, references."""
    rulebook = load_rulebook()
    if rule_id is None:
        items = listing(rulebook)
        if as_json:
            typer.echo(json.dumps(items, indent=2))
            return
        for item in items:
            typer.echo(f"{item['id']:<10} {item['severity']:<9} {','.join(item['kinds']):<16} {item['title']}")
        typer.echo(f"\n{len(items)} rules, rulebook {rulebook.version}")
        return
    cr = rulebook.rules.get(rule_id.upper())
    if cr is None:
        close = difflib.get_close_matches(rule_id.upper(), list(rulebook.rules), n=1)
        hint = f"; did you mean {close[0]}?" if close else ""
        typer.echo(f"error: no rule {rule_id}{hint}", err=True)
        raise typer.Exit(2)
    typer.echo(json.dumps(detail(cr), indent=2) if as_json else rule_page.render(cr))
