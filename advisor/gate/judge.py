"""From reviews to a gate result: selection, waivers, baseline and thresholds, in that order."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from advisor.coverage import cannot_apply, group_needs
from advisor.findings import Finding, NotAssessed, Review
from advisor.gate.identity import display_path
from advisor.gate.model import (
    FindingStatus,
    GateDocument,
    GateFinding,
    GateGap,
    GatePass,
    GateResult,
    InputError,
    Policy,
)
from advisor.gate.selection import Selection
from advisor.ranking import at_or_above
from advisor.review import units_of
from advisor.rulebook.compiled import Rulebook
from advisor.rulebook.model import SEVERITIES


def select_review(review: Review, selection: Selection) -> Review:
    """The review restricted to the selected rules, re-ranked and re-counted."""
    if not selection.select and not selection.ignore:
        return review
    findings = [
        f.model_copy(update={"rank": i})
        for i, f in enumerate((f for f in review.findings if f.rule_id in selection), 1)
    ]
    summary = {s: 0 for s in SEVERITIES}
    for f in findings:
        summary[f.severity] += 1
    return review.model_copy(
        update={
            "findings": findings,
            "summary": summary,
            "not_assessed": [n for n in review.not_assessed if n.rule_id in selection],
        }
    )


def highest_severity(rulebook: Rulebook, rule_id: str) -> str:
    """The most a rule can report: its base severity or its strongest escalation."""
    rule = rulebook.rules[rule_id].rule
    levels = [rule.severity, *(e.severity for e in rule.escalations)]
    return min(levels, key=SEVERITIES.index)


def _finding_status(f: Finding, file: str, policy: Policy) -> GateFinding:
    waiver = policy.waivers.find(f.rule_id, f.target)
    before = policy.baseline.severity_of(f.rule_id, f.target, file) if policy.baseline else None
    if waiver is not None:
        return GateFinding(f, file, "waived", waiver=waiver, baseline_severity=before)
    if before is not None and SEVERITIES.index(f.severity) >= SEVERITIES.index(before):
        return GateFinding(f, file, "baselined", baseline_severity=before)
    status: FindingStatus = "failing" if at_or_above(f.severity, policy.fail_on) else "below-threshold"
    return GateFinding(f, file, status, baseline_severity=before)


def _gap_status(n: NotAssessed, file: str, policy: Policy, rulebook: Rulebook, ruled_out: bool) -> GateGap:
    waiver = policy.waivers.find(n.rule_id, n.target)
    if waiver is not None:
        return GateGap(n, file, "waived", waiver=waiver)
    if ruled_out:
        return GateGap(n, file, "not-applicable")
    could_fail = policy.fail_on_not_assessed and at_or_above(highest_severity(rulebook, n.rule_id), policy.fail_on)
    return GateGap(n, file, "failing" if could_fail else "not-assessed")


def _passes(doc: Any, review: Review, rulebook: Rulebook, selection: Selection) -> tuple[GatePass, ...]:
    seen = {(f.rule_id, f.target, f.path) for f in review.findings}
    seen |= {(n.rule_id, n.target, n.path) for n in review.not_assessed}
    return tuple(
        GatePass(cr.id, cr.rule.title, cr.rule.severity, unit.target, unit.path)
        for unit in units_of(doc)
        for cr in rulebook.for_kind(unit.kind)
        if cr.id in selection and (cr.id, unit.target, unit.path) not in seen
    )


def judge_document(
    source: str, doc: Any, review: Review, policy: Policy, rulebook: Rulebook, facts: dict[str, dict] | None = None
) -> GateDocument:
    """`facts`: the review's facts per unit path (`Advisor.evaluate_many`), when the caller has them."""
    file = display_path(source)
    selected = select_review(review, policy.selection)
    ruled_out = {(n.rule_id, n.path) for n in cannot_apply(doc, selected, rulebook, facts)}
    gaps = tuple(
        _gap_status(n, file, policy, rulebook, (n.rule_id, n.path) in ruled_out) for n in selected.not_assessed
    )
    kind_of = {u.path: u.kind for u in units_of(doc)}
    return GateDocument(
        file=file,
        source=source,
        review=selected,
        findings=tuple(_finding_status(f, file, policy) for f in selected.findings),
        gaps=gaps,
        passes=_passes(doc, selected, rulebook, policy.selection),
        needs=tuple(group_needs((g.item for g in gaps if g.status in ("not-assessed", "failing")), kind_of)),
    )


def judge(
    reviewed: Iterable[tuple[str, Any, Review]],
    policy: Policy,
    rulebook: Rulebook,
    errors: Iterable[InputError] = (),
    single: bool = False,
) -> GateResult:
    """`reviewed` holds (file as given, document model, review) in command-line order; `errors` the
    inputs that could not be read (they fail the run with exit 2)."""
    documents = tuple(judge_document(src, doc, review, policy, rulebook) for src, doc, review in reviewed)
    used = {item.waiver.index for d in documents for item in d.items() if item.waiver is not None}
    unused = tuple(w for w in policy.waivers.entries if w.index not in used)
    return GateResult(
        documents=documents,
        policy=policy,
        rulebook=rulebook,
        unused_waivers=unused,
        errors=tuple(errors),
        single=single,
    )
