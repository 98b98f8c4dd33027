"""Pieces every output format words the same way: citations, reboot notes, gate wording."""

from __future__ import annotations

import json
from typing import Any

from pydantic_core import to_jsonable_python

from advisor.findings import CitationOut, Finding, RemediationOut
from advisor.gate.model import GateFinding, GateGap, GateResult


def citation(c: CitationOut) -> str:
    where = f'"{c.section}"' + (f", {c.locator}" if c.locator else "")
    return f"{c.source_id}: {where}"


def evidence(f: Finding) -> dict[str, Any]:
    """The evidence as JSON values: a field may hold a model (an HP-UX SAP instance), which no
    format may print as a Python repr or fail to serialise."""
    return to_jsonable_python(f.evidence)


def evidence_lines(f: Finding) -> list[str]:
    return [f"Evidence: {k} = {json.dumps(v, ensure_ascii=False)}" for k, v in evidence(f).items()]


def reboot(step: RemediationOut) -> str:
    return "reboot needed" if step.requires_reboot else ("dynamic" if step.dynamic else "no reboot")


def waiver_note(item: GateFinding | GateGap) -> str:
    w = item.waiver
    return f"waived until {w.expires.isoformat()} by {w.owner}: {w.reason}" if w else ""


def baseline_note(item: GateFinding) -> str:
    if item.baseline_severity is None:
        return ""
    if item.baseline_severity == item.finding.severity:
        return f"in the baseline as {item.baseline_severity}"
    return f"in the baseline as {item.baseline_severity}, now {item.finding.severity}"


def missing(gap: GateGap) -> str:
    return ", ".join(gap.item.missing) if gap.item.missing else (gap.item.reason or "")


def verdict(result: GateResult) -> str:
    """One line: the gate's decision and every count, e.g. for a summary or a job log."""
    c = result.counts()
    policy = result.policy
    head = "FAILED" if result.failed else "passed"
    scope = f"fail-on {policy.fail_on}" + (", not-assessed fails" if policy.fail_on_not_assessed else "")
    errors = ""
    if result.errors:  # an input that could not be read is never a pass, whatever the rest says
        errors = f"{len(result.errors)} input error(s) in {', '.join(result.error_files())}, "
    return (
        f"gate {head} ({scope}): {errors}{c['failing']} failing, {c['below-threshold']} below threshold, "
        f"{c['waived']} waived, {c['baselined']} baselined, {c['not-assessed']} not assessed"
        + (f", {c['not-applicable']} not applicable" if c["not-applicable"] else "")
    )
