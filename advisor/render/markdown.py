"""Markdown for merge-request comments and job summaries: verdict, summary table, findings by
severity with fix and citation, then the waived, baselined and not-assessed sections.

`render_change` does the same for `advisor diff` (a planned change: introduced, worsened, resolved).
"""

from __future__ import annotations

from advisor.coverage import Need
from advisor.findings import Finding
from advisor.gate.change import ChangeResult
from advisor.gate.model import GateDocument, GateFinding, GateResult, InputError
from advisor.render.parts import citation, reboot, verdict
from advisor.rulebook.model import SEVERITIES

MAX_CHARS = 60_000


def md(text: object) -> str:
    """Inline text: no HTML, no accidental emphasis at line starts."""
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def cell(text: object) -> str:
    return md(text).replace("|", "\\|").replace("\n", " ")


def table(header: list[str], rows: list[list[object]]) -> list[str]:
    return (
        ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        + ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
        + [""]
    )


def finding_block(f: Finding, where: str, note: str = "") -> list[str]:
    lines = [f"- **{f.rule_id}** {md(f.title)} — `{md(f.target)}` in `{md(where)}`{note}", "", f"  {md(f.message)}", ""]
    if f.escalation:
        lines += [f"  Severity raised: {md(f.escalation)}", ""]
    lines += [f"  **Fix:** {md(f.recommendation)}", ""]
    for step in f.remediation:
        lines.append(f"  - {md(step.description)} _({reboot(step)})_")
        lines += [f"    - `{c}`" for c in step.commands]
    if f.remediation:
        lines.append("")
    for c in f.citations:
        link = f" — <{c.url}>" if c.url else ""
        lines.append(f"  > Source: {md(citation(c))}{link}")
    return lines + [""]


def _by_severity(items: list[GateFinding], heading: str) -> list[str]:
    lines = []
    for sev in SEVERITIES:
        group = [i for i in items if i.finding.severity == sev]
        if not group:
            continue
        lines += [f"{heading} {sev.capitalize()} ({len(group)})", ""]
        for item in group:
            note = " · **fails the gate**" if item.status == "failing" else ""
            if item.baseline_severity:
                note += f" · worse than its baseline ({item.baseline_severity})"
            lines += finding_block(item.finding, item.file, note)
    return lines


def render(result: GateResult) -> str:
    c = result.counts()
    icon = ":x:" if result.failed else ":white_check_mark:"
    lines = [f"## {icon} Platform Advisor: {md(verdict(result))}", "", f"Rulebook `{result.rulebook_version}`.", ""]
    rows = []
    for doc in result.documents:
        live = doc.with_status("failing", "below-threshold")
        counts = doc.counts()
        rows.append(
            [f"`{doc.file}`", doc.review.target]
            + [sum(i.finding.severity == s for i in live) for s in SEVERITIES]
            + [
                counts["waived"],
                counts["baselined"],
                len(doc.open_gaps()),
                "failed" if doc.failed else "passed",
            ]
        )
    lines += table(
        ["Document", "System", *(s.capitalize() for s in SEVERITIES), "Waived", "Baselined", "Not assessed", "Gate"],
        rows,
    )
    if result.errors:
        lines += [f"### :x: Input errors ({len(result.errors)})", "", "These inputs could not be checked:", ""]
        lines += [_error_line(e) for e in result.errors]
        lines.append("")
    failing = [i for i in result.findings if i.status == "failing"]
    below = [i for i in result.findings if i.status == "below-threshold"]
    if failing:
        lines += [f"### Failing the gate ({len(failing)})", ""] + _by_severity(failing, "####")
    if below:
        lines += (
            [
                "<details>",
                f"<summary>{len(below)} finding(s) below the threshold ({result.policy.fail_on})</summary>",
                "",
            ]
            + _by_severity(below, "####")
            + ["</details>", ""]
        )
    waived = [i for d in result.documents for i in d.waived()]
    if waived:
        lines += [f"### Waived ({len(waived)})", ""]
        lines += table(
            ["Rule", "System", "Document", "Reason", "Owner", "Expires"],
            [
                [i.rule_id, i.target, i.file, i.waiver.reason, i.waiver.owner, i.waiver.expires.isoformat()]
                for i in waived
            ],
        )
    baselined = [i for i in result.findings if i.status == "baselined"]
    if baselined:
        lines += [f"### Baselined ({len(baselined)})", ""]
        lines += table(
            ["Rule", "System", "Document", "Severity", "Baseline"],
            [[i.rule_id, i.target, i.file, i.finding.severity, i.baseline_severity] for i in baselined],
        )
    gaps = [g for d in result.documents for g in d.open_gaps()]
    if gaps:
        lines += [
            f"### Not assessed ({len(gaps)})",
            "",
            "<details>",
            "<summary>Add this data to the documents to have the rules checked.</summary>",
            "",
        ]
        lines += table(
            ["Document", "Give", "Fields", "Rules", "Gate"],
            [
                [
                    doc.file,
                    " and ".join(need.commands) or "—",
                    ", ".join(need.fields) or "; ".join(sorted({n.reason or "" for n in need.rules})),
                    ", ".join(need.rule_ids),
                    "fails" if _fails(doc, need) else "—",
                ]
                for doc in result.documents
                for need in doc.needs
            ],
        )
        lines += ["</details>", ""]
    if not result.errors and c["failing"] == 0 and not below and not waived and not baselined and not gaps:
        lines += ["No findings.", ""]
    return fit("\n".join(lines))


def _fails(doc: GateDocument, need: Need) -> bool:
    items = {(n.rule_id, n.path) for n in need.rules}
    return any(g.status == "failing" and (g.rule_id, g.item.path) in items for g in doc.gaps)


def _error_line(e: InputError) -> str:
    where = f"`{md(e.file)}`" + (f" at `{md(e.path)}`" if e.path else "")
    return f"- {where}: {md(e.message)}" + (f" (did you mean `{md(e.suggestion)}`?)" if e.suggestion else "")


def fit(text: str, limit: int = MAX_CHARS) -> str:
    """Comments have a size limit (GitHub: 65,536 characters): cut at a line, say where the rest is."""
    text = text.rstrip() + "\n"
    if len(text) <= limit:
        return text
    note = "\n\n_… cut to fit a comment: the full report is in the job's artifacts (SARIF, JUnit, text)._\n"
    cut = text.rfind("\n", 0, limit - len(note))
    return text[:cut] + note


def render_change(change: ChangeResult) -> str:
    d = change.diff
    icon = ":x:" if change.failed else ":white_check_mark:"
    lines = [
        f"## {icon} Platform Advisor: change `{md(change.before_file)}` → `{md(change.after_file)}`",
        "",
        f"{change.verdict()}",
        "",
    ]
    lines += table(
        ["Introduced", "Worsened", "Improved", "Resolved", "Kept"],
        [[d.summary.introduced, d.summary.worsened, d.summary.improved, d.summary.resolved, d.summary.kept]],
    )
    failing = {(f.rule_id, f.target) for f in change.failing}
    if d.introduced:
        lines += [f"### Introduced ({len(d.introduced)})", ""]
        for f in d.introduced:
            note = " · **fails the gate**" if (f.rule_id, f.target) in failing else ""
            lines += finding_block(f, change.after_file, f" · {f.severity}{note}")
    if d.changed:
        lines += [f"### Severity changed ({len(d.changed)})", ""]
        for c in d.changed:
            note = " · **fails the gate**" if (c.rule_id, c.target) in failing else ""
            lines += finding_block(
                c.after, change.after_file, f" · {c.direction}: {c.before.severity} → {c.after.severity}{note}"
            )
    if d.resolved:
        lines += [f"### Resolved ({len(d.resolved)})", ""]
        lines += table(
            ["Rule", "System", "Severity", "Title"], [[f.rule_id, f.target, f.severity, f.title] for f in d.resolved]
        )
    if change.waived:
        lines += [f"### Waived ({len(change.waived)})", ""]
        lines += table(
            ["Rule", "System", "Reason", "Owner", "Expires"],
            [[f.rule_id, f.target, w.reason, w.owner, w.expires.isoformat()] for f, w in change.waived],
        )
    if d.kept:
        lines += [f"<details><summary>{len(d.kept)} finding(s) kept</summary>", ""]
        lines += table(
            ["Rule", "System", "Severity", "Title"], [[f.rule_id, f.target, f.severity, f.title] for f in d.kept]
        )
        lines += ["</details>", ""]
    return fit("\n".join(lines))
