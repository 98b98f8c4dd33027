"""`advisor rules [ID]`: the rule catalogue, or one rule in full."""

from __future__ import annotations

import difflib
import json
from typing import Annotated

import typer

from advisor import linre
from advisor.cli.application import app, examples


@app.command(epilog=examples("advisor rules", "advisor rules AME-001", "advisor rules --json | jq '.[].id'"))
def rules(
    rule_id: Annotated[str | None, typer.Argument(help="A rule id such as AME-001; omit for the catalogue.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
) -> None:
    """List the rule catalogue or show one rule: what it checks, why, example, fix, references."""
    from advisor.catalogue import detail, listing
    from advisor.cli.inputs import load_advisor
    from advisor.render import rule_page

    rulebook = load_advisor().rulebook
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
        hint = f"; did you mean {close}?" if (close := _closest(rule_id, list(rulebook.rules))) else ""
        typer.echo(f"error: no rule {rule_id}{hint}", err=True)
        raise typer.Exit(2)
    typer.echo(json.dumps(detail(cr), indent=2) if as_json else rule_page.render(cr))


def _closest(text: str, ids: list[str]) -> str | None:
    """`ame1` or `vios-01` mean AME-001 / VIOS-001; otherwise the nearest spelling."""
    m = linre.fullmatch(r"([A-Za-z]+)-?(\d{1,3})([a-z]?)", text.strip())
    if m:
        canonical = f"{m.group(1).upper()}-{int(m.group(2)):03d}{m.group(3)}"
        if canonical in ids:
            return canonical
    close = difflib.get_close_matches(text.upper(), ids, n=1)
    return close[0] if close else None
