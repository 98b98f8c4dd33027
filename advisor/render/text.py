"""Reviews for people: ranked, one block per finding with its fix and citation; the gate's verdict last."""

from __future__ import annotations

import io

from rich.console import Console
from rich.markup import escape

from advisor.findings import Finding, Review
from advisor.gate.change import ChangeResult
from advisor.gate.model import GateDocument, GateResult
from advisor.render.parts import baseline_note, citation, missing, reboot, verdict, waiver_note

SEVERITY_STYLE = {"critical": "bold white on red", "high": "bold red", "medium": "yellow", "low": "cyan", "info": "dim"}


def _finding(console: Console, f: Finding, mark: str = "") -> None:
    sev = f"[{SEVERITY_STYLE[f.severity]}]{f.severity.upper():<8}[/]"
    where = f"[dim](score {f.score:g}, {escape(f.target)})[/]"
    console.print(f"{f.rank:>3}. {sev} [bold]{f.rule_id}[/] {escape(f.title)}  {where}{mark}")
    console.print(f"     {escape(f.message)}")
    if f.escalation:
        console.print(f"     [dim]severity raised: {escape(f.escalation)}[/]")
    console.print(f"     [bold]Fix:[/] {escape(f.recommendation)}")
    for step in f.remediation:
        console.print(f"       - {escape(step.description)} [dim]({reboot(step)})[/]")
        for cmd in step.commands:
            console.print(f"           [green]$ {escape(cmd)}[/]")
    for c in f.citations:
        console.print(f"     [dim]Source: {escape(citation(c))}[/]")


def _header(console: Console, review: Review, prefix: str = "") -> None:
    counts = ", ".join(f"{n} {s}" for s, n in review.summary.items() if n) or "no findings"
    console.print(
        f"{prefix}[bold]{escape(review.target)}[/] ({review.kind}): {counts}; "
        f"{len(review.not_assessed)} not assessed  [dim]rulebook {review.rulebook.version}[/]"
    )


def render_review(console: Console, review: Review, show_not_assessed: bool = True) -> None:
    _header(console, review)
    for finding in review.findings:
        _finding(console, finding)
    if show_not_assessed and review.not_assessed:
        console.print("  [bold]Not assessed[/] (data missing):")
        for n in review.not_assessed:
            why = ", ".join(n.missing) if n.missing else (n.reason or "")
            target = f" [{n.target}]" if n.target != review.target else ""
            console.print(f"     {n.rule_id}{escape(target)} {escape(n.title)} [dim]needs: {escape(why)}[/]")
    console.print()


def render_document(console: Console, doc: GateDocument) -> None:
    _header(console, doc.review, prefix=f"[dim]{escape(doc.file)}:[/] ")
    for item in doc.with_status("failing", "below-threshold"):
        _finding(console, item.finding, "  [bold red]fails the gate[/]" if item.status == "failing" else "")
    for title, status, note in (("Waived", "waived", waiver_note), ("Baselined", "baselined", baseline_note)):
        items = doc.with_status(status)
        if items:
            console.print(f"  [bold]{title}[/] (do not fail the gate):")
        for item in items:
            f = item.finding
            console.print(
                f"     {f.severity.upper():<8} {f.rule_id} {escape(f'[{f.target}]')} {escape(f.title)} "
                f"[dim]{escape(note(item))}[/]"
            )
    if doc.gaps:
        console.print("  [bold]Not assessed[/] (data missing):")
    for gap in doc.gaps:
        n = gap.item
        mark = {"failing": "  [bold red]fails the gate[/]", "waived": f"  [dim]{escape(waiver_note(gap))}[/]"}.get(
            gap.status, ""
        )
        console.print(
            f"     {n.rule_id} {escape(f'[{n.target}]')} {escape(n.title)} [dim]needs: {escape(missing(gap))}[/]{mark}"
        )
    console.print()


def render_gate(console: Console, result: GateResult) -> None:
    for doc in result.documents:
        render_document(console, doc)
    for err in result.errors:
        console.print(f"[bold red]input error:[/] {escape(str(err))}")
    style = "bold red" if result.failed else "bold green"
    console.print(f"[{style}]{escape(verdict(result))}[/]")


def render(result: GateResult) -> str:
    """Plain text (no colour) for `--output text=FILE`."""
    buffer = io.StringIO()
    render_gate(Console(file=buffer, highlight=False, soft_wrap=True, color_system=None, width=200), result)
    return buffer.getvalue()


def render_change(console: Console, change: ChangeResult) -> None:
    """`advisor diff`: what the change introduces, worsens, improves, resolves and keeps."""
    d = change.diff
    failing = {(f.rule_id, f.target) for f in change.failing}
    console.print(f"[bold]{escape(change.before_file)}[/] -> [bold]{escape(change.after_file)}[/]")

    def mark(f: Finding) -> str:
        return "  [bold red]fails the change[/]" if (f.rule_id, f.target) in failing else ""

    if d.introduced:
        console.print(f"[bold]Introduced[/] ({len(d.introduced)}):")
        for f in d.introduced:
            _finding(console, f, mark(f))
    if d.changed:
        console.print(f"[bold]Severity changed[/] ({len(d.changed)}):")
        for c in d.changed:
            _finding(
                console, c.after, f"  [dim]{c.direction}: {c.before.severity} -> {c.after.severity}[/]{mark(c.after)}"
            )
    for title, items in (("Resolved", d.resolved), ("Kept", d.kept)):
        if items:
            console.print(f"[bold]{title}[/] ({len(items)}):")
        for f in items:
            console.print(f"     {f.severity.upper():<8} {f.rule_id} {escape(f'[{f.target}]')} {escape(f.title)}")
    for f, w in change.waived:
        console.print(
            f"[bold]Waived[/]: {f.rule_id} {escape(f'[{f.target}]')} "
            f"[dim]waived until {w.expires.isoformat()} by {escape(w.owner)}: {escape(w.reason)}[/]"
        )
    console.print()
    style = "bold red" if change.failed else "bold green"
    console.print(f"[{style}]{escape(change.verdict())}[/]")
