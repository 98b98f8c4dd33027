"""Reviews for people: ranked, one block per finding with its fix and citation."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from advisor.findings import Finding, Review

SEVERITY_STYLE = {"critical": "bold white on red", "high": "bold red", "medium": "yellow", "low": "cyan", "info": "dim"}


def _citation(c) -> str:
    where = f'"{c.section}"' + (f", {c.locator}" if c.locator else "")
    return f"{c.source_id}: {where}"


def _finding(console: Console, f: Finding) -> None:
    sev = f"[{SEVERITY_STYLE[f.severity]}]{f.severity.upper():<8}[/]"
    console.print(f"{f.rank:>3}. {sev} [bold]{f.rule_id}[/] {escape(f.title)}  [dim](score {f.score:g}, {escape(f.target)})[/]")
    console.print(f"     {escape(f.message)}")
    if f.escalation:
        console.print(f"     [dim]severity raised: {escape(f.escalation)}[/]")
    console.print(f"     [bold]Fix:[/] {escape(f.recommendation)}")
    for step in f.remediation:
        reboot = "reboot needed" if step.requires_reboot else ("dynamic" if step.dynamic else "no reboot")
        console.print(f"       - {escape(step.description)} [dim]({reboot})[/]")
        for cmd in step.commands:
            console.print(f"           [green]$ {escape(cmd)}[/]")
    for c in f.citations:
        console.print(f"     [dim]Source: {escape(_citation(c))}[/]")


def render_review(console: Console, review: Review, show_not_assessed: bool = True) -> None:
    counts = ", ".join(f"{n} {s}" for s, n in review.summary.items() if n) or "no findings"
    console.print(f"[bold]{escape(review.target)}[/] ({review.kind}): {counts}; "
                  f"{len(review.not_assessed)} not assessed  [dim]rulebook {review.rulebook.version}[/]")
    for finding in review.findings:
        _finding(console, finding)
    if show_not_assessed and review.not_assessed:
        console.print("  [bold]Not assessed[/] (data missing):")
        for n in review.not_assessed:
            why = ", ".join(n.missing) if n.missing else (n.reason or "")
            target = f" [{n.target}]" if n.target != review.target else ""
            console.print(f"     {n.rule_id}{escape(target)} {escape(n.title)} [dim]needs: {escape(why)}[/]")
    console.print()
