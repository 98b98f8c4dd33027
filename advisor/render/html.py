"""A self-contained HTML report of `advisor check`: one file that opens from an email attachment or
a CI artefact and prints well.

Self-contained means: the stylesheet is inline, the charts are inline SVG (advisor/render/svg.py),
there is no script and nothing is fetched (citation URLs are printed as text, so a printout keeps
them). Every value comes from the same GateResult the JSON output renders, so the numbers agree
(tests/cli/test_check_html.py compares them). Text from documents is escaped by Jinja.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime
from functools import cache
from importlib.resources import files
from typing import Any

import jinja2

from advisor.gate.model import COUNTED, GateDocument, GateResult
from advisor.rating import RATINGS, rating
from advisor.render.parts import citation, reboot, verdict
from advisor.render.svg import bar_chart
from advisor.rulebook.compiled import Rulebook
from advisor.rulebook.model import SEVERITIES

TEMPLATES = "advisor.render"


def jinja_environment(*packages: str) -> jinja2.Environment:
    """Templates from each package's `templates/` folder, first match wins; autoescaping on, undefined
    names are errors. The web console adds its own package before this one (for the chart macros)."""
    return jinja2.Environment(
        loader=jinja2.ChoiceLoader([jinja2.PackageLoader(p, "templates") for p in (*packages, TEMPLATES)]),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


@cache
def environment() -> jinja2.Environment:
    env = jinja_environment()
    env.globals.update(citation=citation, reboot=reboot)
    return env


def _systems(doc: GateDocument, rulebook: Rulebook) -> list[dict[str, Any]]:
    """One row per system of a document (a managed system lists its partitions and the frame).

    A partition with no finding has no kind in the review: it is the kind every rule assessed or
    passed on it applies to (the intersection of their kinds)."""
    kinds: dict[str, set[str]] = {doc.review.target: {doc.review.kind}}
    summary: dict[str, dict[str, int]] = defaultdict(lambda: dict.fromkeys(SEVERITIES, 0))
    gaps: dict[str, int] = defaultdict(int)
    for f in doc.review.findings:
        kinds[f.target] = {f.kind}
        summary[f.target][f.severity] += 1
    for target, rule_id in [(n.target, n.rule_id) for n in doc.review.not_assessed] + [
        (p.target, p.rule_id) for p in doc.passes
    ]:
        rule_kinds: set[str] = set(rulebook.rules[rule_id].rule.kinds) if rule_id in rulebook.rules else set()
        kinds[target] = kinds[target] & rule_kinds if target in kinds else rule_kinds
    for n in doc.review.not_assessed:
        gaps[n.target] += 1
    return [
        {
            "target": t,
            "kind": " / ".join(sorted(k)) or "unknown",
            "file": doc.file,
            "summary": summary[t],
            "rating": rating(summary[t]),
            "not_assessed": gaps[t],
        }
        for t, k in kinds.items()
    ]


def _gap_groups(result: GateResult) -> list[dict[str, Any]]:
    """Not-assessed rules grouped by the missing field (or the reason) that would let them be assessed,
    the field that unblocks most rules first."""
    groups: dict[str, tuple[set[str], set[str], list[int]]] = {}
    for gap in result.gaps:
        for data in gap.item.missing or [gap.item.reason or "unknown"]:
            rules, targets, count = groups.setdefault(data, (set(), set(), [0]))
            rules.add(gap.rule_id)
            targets.add(gap.target)
            count[0] += 1
    rows = [
        {"data": data, "rules": sorted(r), "targets": sorted(t), "count": n[0]} for data, (r, t, n) in groups.items()
    ]
    return sorted(rows, key=lambda g: (-len(g["rules"]), g["data"]))


def context(result: GateResult) -> dict[str, Any]:
    documents: list[dict[str, Any]] = [
        {
            "file": d.file,
            "target": d.review.target,
            "summary": {s: d.review.summary.get(s, 0) for s in SEVERITIES},
            "counts": d.counts(),
            "failed": d.failed,
            "findings": sorted(d.findings, key=lambda i: i.finding.rank),
        }
        for d in result.documents
    ]
    systems = [s for d in result.documents for s in _systems(d, result.rulebook)]
    totals = {s: sum(d.review.summary.get(s, 0) for d in result.documents) for s in SEVERITIES}
    totals["findings"] = sum(len(d.review.findings) for d in result.documents)
    totals["not_assessed"] = sum(len(d.review.not_assessed) for d in result.documents)
    names = [d.review.target for d in result.documents]
    title = names[0] if len(names) == 1 else f"{len(names)} documents"
    return {
        "title": title,
        "rulebook": result.rulebook_version,
        "generated": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "verdict": verdict(result),
        "failed": result.failed,
        "errors": result.errors,  # file and JSON path of each input that could not be checked
        "fail_on": result.policy.fail_on,
        "fail_on_not_assessed": result.policy.fail_on_not_assessed,
        "severities": SEVERITIES,
        "statuses": COUNTED,
        "totals": totals,
        "systems": systems,
        "documents": documents,
        "gaps": _gap_groups(result),
        "severity_chart": bar_chart("Findings by severity", [(s.capitalize(), totals[s], s) for s in SEVERITIES]),
        "rating_chart": bar_chart(
            "Systems by rating", [(r, sum(s["rating"] == r for s in systems), r) for r in RATINGS]
        ),
        "css": files(TEMPLATES).joinpath("templates/report.css").read_text(encoding="utf-8"),
    }


def render(result: GateResult) -> str:
    return environment().get_template("report.html.j2").render(context(result))
