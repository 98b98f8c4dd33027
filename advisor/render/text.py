"""Reviews for people: ranked, one block per finding with its fix and citation; the gate's verdict last."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from advisor.findings import Finding, Review
from advisor.gate.model import GateDocument, GateResult
from advisor.render.parts import baseline_note, citation, missing, reboot, verdict, waiver_note
from advisor.render.plain import Printer, escape
from advisor.rulebook.model import SEVERITIES

if TYPE_CHECKING:  # `advisor diff` only: its review diff models stay out of `advisor check`
    from advisor.gate.change import ChangeResult

SEVERITY_STYLE = {"critical": "bold white on red", "high": "bold red", "medium": "yellow", "low": "cyan", "info": "dim"}


def _finding(console: Printer, f: Finding, mark: str = "") -> None:
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


def _header(console: Printer, review: Review, prefix: str = "", not_assessed: int | None = None) -> None:
    counts = ", ".join(f"{n} {s}" for s, n in review.summary.items() if n) or "no findings"
    gaps = len(review.not_assessed) if not_assessed is None else not_assessed
    console.print(
        f"{prefix}[bold]{escape(review.target)}[/] ({review.kind}): {counts}; "
        f"{gaps} not assessed  [dim]rulebook {review.rulebook.version}[/]"
    )


def render_review(console: Printer, review: Review, show_not_assessed: bool = True) -> None:
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


def _needs(console: Printer, doc: GateDocument) -> None:
    """Not-assessed rules grouped by the commands that would assess them (advisor.coverage)."""
    gaps = doc.open_gaps()
    ruled_out = len(doc.with_gap_status("not-applicable"))
    if not gaps:
        return
    hidden = f", {ruled_out} more cannot apply to this system" if ruled_out else ""
    console.print(f"  [bold]Not assessed[/] ({len(gaps)} rule checks lack data{hidden}):")
    failing = {(g.rule_id, g.item.path) for g in gaps if g.status == "failing"}
    for need in doc.needs:
        targets = {n.target for n in need.rules}
        on = f" on {len(targets)} systems" if len(targets) > 1 else ""
        fails = sorted({n.rule_id for n in need.rules if (n.rule_id, n.path) in failing})
        mark = f"  [bold red]fails the gate: {', '.join(fails)}[/]" if fails else ""
        console.print(f"     {escape(need.text())}{on}{mark}")


def render_document(console: Printer, doc: GateDocument, quiet: bool = False) -> None:
    if quiet:  # a gate's log: one line per failure, nothing else
        for item in doc.with_status("failing"):
            f = item.finding
            console.print(
                f"{escape(doc.file)}: [{SEVERITY_STYLE[f.severity]}]{f.severity.upper()}[/] {f.rule_id} "
                f"{escape(f'[{f.target}]')} {escape(f.title)}"
            )
        for gap in doc.with_gap_status("failing"):
            where = f"{escape(doc.file)}: NOT ASSESSED {gap.rule_id} {escape(f'[{gap.target}]')}"
            console.print(f"{where} needs {escape(missing(gap))}")
        return
    _header(console, doc.review, f"[dim]{escape(doc.file)}:[/] ", len(doc.open_gaps()))
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
    for gap in doc.with_gap_status("waived"):
        n = gap.item
        console.print(f"     {n.rule_id} {escape(f'[{n.target}]')} not assessed, [dim]{escape(waiver_note(gap))}[/]")
    _needs(console, doc)
    console.print()


def fleet_summary(console: Printer, result: GateResult) -> None:
    """After several documents: one row per document (severities of live findings, gaps, verdict)
    and the rules that fire on the most systems."""
    from rich import box  # here: one document (a pipeline's usual call) has no fleet table
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Fleet summary", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    for name in ("document", "system", *SEVERITIES, "not assessed", "gate"):
        table.add_column(name, justify="left" if name in ("document", "system", "gate") else "right", no_wrap=True)
    for doc in result.documents:
        live = doc.with_status("failing", "below-threshold")
        sevs = [str(sum(i.finding.severity == s for i in live) or "") for s in SEVERITIES]
        gate = "[bold red]FAILED[/]" if doc.failed else "ok"  # "passed" is only ever the verdict
        table.add_row(escape(doc.file), escape(doc.review.target), *sevs, str(len(doc.open_gaps())), gate)
    for file in result.error_files():
        table.add_row(escape(file), "", *[""] * len(SEVERITIES), "", "[bold red]input error[/]")
    names = [(d.file, d.review.target) for d in result.documents] + [(f, "") for f in result.error_files()]
    width = max(len(f) for f, _ in names) + max(len(t) for _, t in names) + 80  # the counts and gate columns
    if console.is_terminal:
        console.print(table)
    else:  # a log or a file: as wide as the names, never cut to 80 columns
        buffer = io.StringIO()
        Console(file=buffer, width=max(width, console.width), color_system=None, highlight=False).print(table)
        console.out(buffer.getvalue(), end="")
    systems: dict[str, set[str]] = {}
    for item in result.findings:
        if item.status in ("failing", "below-threshold"):
            systems.setdefault(item.rule_id, set()).add(f"{item.file}:{item.target}")
    top = sorted(systems.items(), key=lambda kv: (-len(kv[1]), kv[0]))[:5]
    if top:
        console.print(
            "Top rules: " + ", ".join(f"{rid} ({len(s)} system{'s' if len(s) > 1 else ''})" for rid, s in top)
        )


def render_gate(console: Printer, result: GateResult, quiet: bool = False) -> None:
    for doc in result.documents:
        render_document(console, doc, quiet)
    for err in result.errors:
        console.print(f"[bold red]input error:[/] {escape(str(err))}")
    if len(result.documents) + len(result.error_files()) > 1 and not quiet:
        fleet_summary(console, result)
    style = "bold red" if result.failed else "bold green"
    console.print(f"[{style}]{escape(verdict(result))}[/]")


def render(result: GateResult) -> str:
    """Plain text (no colour) for `--output text=FILE`."""
    from rich.console import Console

    buffer = io.StringIO()
    render_gate(Console(file=buffer, highlight=False, soft_wrap=True, color_system=None, width=200), result)
    return buffer.getvalue()


def render_change(console: Printer, change: ChangeResult) -> None:
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
