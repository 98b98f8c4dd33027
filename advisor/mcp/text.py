"""The short text beside each tool result's structured content: what an assistant shows or reads first.

The structured content is the whole answer (findings, conditions, figures, citations); this is a
few lines for clients that only pass text to the model, each claim with its source id and section.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel

from advisor.capabilities.explain import ExplainResult
from advisor.capabilities.fleet import FleetSummary, RuleSystemsPage, SystemDetail, SystemOut, SystemsPage
from advisor.capabilities.outputs import ParseOut
from advisor.capabilities.review import ReviewResult
from advisor.capabilities.rules import RuleDetail, RuleList, SourceList
from advisor.capabilities.search import SearchResult
from advisor.capabilities.whatif import WhatIfResult
from advisor.findings import CitationOut, Finding

MAX_LINES = 12


def _cite(citations: list[Any]) -> str:
    """`[source_id, section]` of the first citation (CitationOut of rules, Cite of calculators)."""
    if not citations:
        return ""
    c = citations[0]
    source = c.source_id if isinstance(c, CitationOut) else getattr(c, "source", "")
    return f" [{source}, {c.section}]"


def _finding(f: Finding) -> str:
    return f"{f.rule_id} ({f.severity}) on {f.target}: {f.message}{_cite(f.citations)}"


def _review(r: ReviewResult) -> list[str]:
    counts = ", ".join(f"{n} {s}" for s, n in r.summary.items() if n)
    lines = [f"{r.target} ({r.kind}): {len(r.findings)} findings" + (f" ({counts})" if counts else "") + "."]
    lines += [f"{f.rank}. {_finding(f)}" for f in r.findings[: MAX_LINES - 2]]
    if r.not_assessed:
        lines.append(f"{len(r.not_assessed)} rules not assessed for missing data (see not_assessed).")
    if r.review_id:
        lines.append(f"Stored as {r.review_id}.")
    return lines


def _explain(r: ExplainResult) -> list[str]:
    lines = [f"{r.rule_id} ({r.severity}): {r.title}{_cite(r.citations)}. Fires when {r.condition}."]
    if r.system is not None and not r.applies:
        lines.append(f"It does not check {r.system}: it is for {', '.join(r.kinds)} documents.")
    for t in r.targets[:4]:
        if t.status == "not-assessed":
            lines.append(f"{t.target}: not assessed, missing " + ", ".join(m.path for m in t.missing) + ".")
            continue
        verb = "fired" if t.status == "fired" else "did not fire"
        shown = "; ".join(f"{c.condition}: {c.path} = {c.value if c.present else 'absent'}" for c in t.conditions[:4])
        lines.append(f"{t.target}: {verb} ({'holds' if t.status == 'fired' else 'false'}: {shown}).")
    if r.recommendation:
        lines.append(f"Fix: {r.recommendation}")
    return lines


def _whatif(r: WhatIfResult) -> list[str]:
    lines = ["Changes: " + "; ".join(f"{c.path} {c.before!r} -> {c.after!r}" for c in r.changes) + "."]
    lines += [f"Resolves {_finding(f)}" for f in r.resolved]
    lines += [f"Introduces {_finding(f)}" for f in r.introduced]
    lines += [f"Changes {c.rule_id} on {c.target}: {c.before.severity} -> {c.after.severity}" for c in r.changed]
    if r.kept:
        lines.append("Keeps " + ", ".join(f.rule_id for f in r.kept) + ".")
    if not (r.resolved or r.introduced or r.changed):
        lines.append("No finding changes; rules checked: " + ", ".join(x.rule_id for x in r.rules_read) + ".")
    return lines[:MAX_LINES]


def _search(r: SearchResult) -> list[str]:
    if not r.passages:
        return [f"No passage of the guidance matches {r.query!r}."]
    return [f"{p.title} [{p.source_id}, {p.section}] (score {p.score:g}): {p.text[:200]}" for p in r.passages]


def _system(s: SystemOut) -> str:
    counts = ", ".join(f"{n} {sev}" for sev, n in s.summary.items() if n) or "no findings"
    return f"{s.name} ({s.kind}, {s.rating}): {counts}; score {s.score:g}; last seen {s.last_seen}"


def _fleet(r: BaseModel) -> list[str]:
    """The fleet tools' answers: systems with their rating and counts, the summary's headline figures."""
    if isinstance(r, SystemsPage):
        lines = [f"{len(r.items)} systems" + (" (more: pass next_cursor)." if r.next_cursor else ".")]
        return lines + [_system(s) for s in r.items[: MAX_LINES - 1]]
    if isinstance(r, SystemDetail):
        lines = [_system(r.system) + f"; {r.system.reviews} reviews."]
        lines += [f"{f.rank}. {_finding(f)}" for f in r.findings[: MAX_LINES - 2]]
        if r.diff is not None:
            d = r.diff.diff
            lines.append(f"Since {r.diff.before}: {len(d.introduced)} introduced, {len(d.resolved)} resolved.")
        return lines
    if isinstance(r, RuleSystemsPage):
        head = f"{r.rule_id} ({r.severity}): {r.title}; fires now on {len(r.items)} systems"
        return [head + (" (more: pass next_cursor)." if r.next_cursor else ".")] + [
            f"{s.name} ({s.kind}, {s.rating}): {s.findings} findings, score {s.score:g}" for s in r.items[:10]
        ]
    assert isinstance(r, FleetSummary)
    ratings = ", ".join(f"{n} {k}" for k, n in r.ratings.items())
    lines = [f"{r.systems} systems ({ratings}), {r.reviews} reviews, {r.clean} without findings."]
    lines += [f"{c.rule_id} ({c.severity}) on {c.systems} systems: {c.title}" for c in r.top_rules_by_systems[:5]]
    lines += [f"Most often missing: {m.field} ({m.systems} systems)" for m in r.missing[:3]]
    return lines


def _value(v: Any) -> str:
    return json.dumps(v) if isinstance(v, bool) or v is None else str(v)


def _scalars(result: BaseModel) -> list[str]:
    """A calculator's figures: its top-level numbers, flags and short strings, then each nested block's."""
    data = result.model_dump(mode="json")

    def figures(block: dict[str, Any]) -> str:
        return "; ".join(
            f"{k} = {_value(v)}"
            for k, v in block.items()
            if isinstance(v, (int, float, bool)) or (isinstance(v, str) and len(v) < 80)
        )

    lines = [
        f"{k}: {figures(v)}" for k, v in data.items() if isinstance(v, dict) and k not in ("inputs", "breakdown_mb")
    ]
    top = figures(data)
    if top:
        lines.insert(0, top)
    cited = [data] + [v for v in data.values() if isinstance(v, dict)]
    first = next((c["citations"][0] for c in cited if c.get("citations")), None)
    cite = f" [{first.get('source') or first.get('source_id')}, {first['section']}]" if first else ""
    return [lines[0] + cite if lines else cite.strip()] + lines[1:]


def render(result: BaseModel) -> str:
    if isinstance(result, ReviewResult):
        lines = _review(result)
    elif isinstance(result, ExplainResult):
        lines = _explain(result)
    elif isinstance(result, WhatIfResult):
        lines = _whatif(result)
    elif isinstance(result, SearchResult):
        lines = _search(result)
    elif isinstance(result, RuleList):
        lines = [f"{len(result.rules)} rules."] + [f"{r.id} ({r.severity}): {r.title}" for r in result.rules[:40]]
    elif isinstance(result, RuleDetail):
        lines = [f"{result.id} ({result.severity}): {result.title}{_cite(result.citations)}. When: {result.condition}"]
    elif isinstance(result, SourceList):
        lines = [f"{s.id}: {s.title} ({s.publisher}, {s.date})" for s in result.sources]
    elif isinstance(result, (SystemsPage, SystemDetail, RuleSystemsPage, FleetSummary)):
        lines = _fleet(result)
    elif isinstance(result, ParseOut):
        doc = result.document
        lines = [
            f"{doc.get('kind')} document for {doc.get('name')}: {len(result.provenance)} values read, "
            f"{len(result.warnings)} warnings, {len(result.conflicts)} conflicts."
        ]
    else:
        lines = _scalars(result)
    return "\n".join(lines)
