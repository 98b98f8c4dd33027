"""SARIF 2.1.0 for code scanning (GitHub, GitLab, Azure DevOps).

* severity -> `level` (critical/high: error, medium: warning, low/info: note) and
  `properties.security-severity` (critical 9.5, high 8.0, medium 5.5, low 3.0, info 1.0);
* `tool.driver.rules`: every rule a result or notification refers to, with its help (the rule
  page in Markdown), citation links and default level;
* each result points at the document file (relative to the working directory) and the line of
  its first evidence field, with that field's JSON path as a logical location;
* waived findings carry an external suppression with the waiver's justification; with a baseline,
  `baselineState` says new, unchanged or updated (worse);
* `partialFingerprints` hash (rule id, target, file), stable across runs;
* an input that could not be read is an error notification (file and JSON path) and the
  invocation's `executionSuccessful` is false: code scanning must not show a clean run;
* not-assessed rules are tool notifications; those that fail the gate (`--fail-on-not-assessed`)
  are also results of kind `open` (the tool could not decide; SARIF then wants level `none`).
"""

from __future__ import annotations

import json
from typing import Any

from advisor import __version__, linre
from advisor.catalogue import resolved_citations
from advisor.findings import Finding
from advisor.gate.identity import STDIN
from advisor.gate.model import GateFinding, GateGap, GateResult, InputError
from advisor.render import rule_page
from advisor.render.locate import finding_path, gap_path, line_of, segments
from advisor.render.parts import citation, evidence, missing, reboot
from advisor.rulebook.compiled import CompiledRule

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
LEVEL = {"critical": "error", "high": "error", "medium": "warning", "low": "note", "info": "note"}
SECURITY_SEVERITY = {"critical": "9.5", "high": "8.0", "medium": "5.5", "low": "3.0", "info": "1.0"}
PRECISION = {"high": "very-high", "medium": "high", "low": "medium"}
FINGERPRINT_KEY = "advisorFinding/v1"


def level_for(severity: str) -> str:
    return LEVEL[severity]


def _pascal(title: str) -> str:
    return "".join(w[:1].upper() + w[1:] for w in linre.findall(r"[A-Za-z0-9]+", title))


def help_text(cr: CompiledRule) -> str:
    r = cr.rule
    lines = [" ".join(r.recommendation.split())]
    for step in r.remediation:
        lines.append(f"- {' '.join(step.description.split())} ({reboot(step)})")
        lines += [f"    {c}" for c in step.commands]
    lines += [
        f'Source: {c["source_id"]}: "{c["section"]}"'
        + (f", {c['locator']}" if c["locator"] else "")
        + (f" <{c['url']}>" if c["url"] else "")
        for c in resolved_citations(cr)
    ]
    return "\n".join(lines)


def rule_descriptor(cr: CompiledRule) -> dict[str, Any]:
    r = cr.rule
    cites = resolved_citations(cr)
    url = next((c["url"] for c in cites if c["url"]), None)
    out: dict[str, Any] = {
        "id": r.id,
        "name": _pascal(r.title),
        "shortDescription": {"text": r.title},
        "fullDescription": {"text": " ".join(r.rationale.split())},
        "help": {"text": help_text(cr), "markdown": rule_page.render(cr)},
        "defaultConfiguration": {"level": level_for(r.severity)},
        "properties": {
            "tags": list(dict.fromkeys(["platform-advisor", cr.domain.lower(), *r.kinds, *r.tags])),
            "security-severity": SECURITY_SEVERITY[r.severity],
            "precision": PRECISION[r.confidence],
            "problem.severity": "error" if level_for(r.severity) == "error" else "warning",
            "severity": r.severity,
            "requires_reboot": any(s.requires_reboot for s in r.remediation),
            "references": [
                {
                    "source_id": c["source_id"],
                    "title": c["title"],
                    "section": c["section"],
                    "locator": c["locator"],
                    "url": c["url"],
                }
                for c in cites
            ],
        },
    }
    if url:
        out["helpUri"] = url
    return out


def _location(source: str, file: str, path: str) -> dict[str, Any]:
    uri = "stdin" if source == STDIN else file
    name = next((s for s in reversed(segments(path)) if isinstance(s, str)), "$")
    return {
        "physicalLocation": {"artifactLocation": {"uri": uri}, "region": {"startLine": line_of(source, path)}},
        "logicalLocations": [{"name": str(name), "fullyQualifiedName": path, "kind": "property"}],
    }


def _message(f: Finding) -> str:
    cites = "; ".join(citation(c) for c in f.citations)
    return f"{f.target}: {f.message} Fix: {f.recommendation} Source: {cites}"


def _result(item: GateFinding, source: str, index: dict[str, int], with_baseline: bool) -> dict[str, Any]:
    f = item.finding
    out: dict[str, Any] = {
        "ruleId": f.rule_id,
        "ruleIndex": index[f.rule_id],
        "level": level_for(f.severity),
        "message": {"text": _message(f)},
        "locations": [_location(source, item.file, finding_path(f))],
        "partialFingerprints": {FINGERPRINT_KEY: item.fingerprint},
        "rank": f.score,
        "properties": {
            "target": f.target,
            "severity": f.severity,
            "security-severity": SECURITY_SEVERITY[f.severity],
            "score": f.score,
            "gate_status": item.status,
            "evidence": evidence(f),
            "requires_reboot": any(s.requires_reboot for s in f.remediation),
        },
    }
    if item.waiver is not None:
        w = item.waiver
        out["suppressions"] = [
            {
                "kind": "external",
                "status": "accepted",
                "justification": f"{w.reason} (owner {w.owner}, expires {w.expires.isoformat()})",
                "properties": w.as_dict(),
            }
        ]
    if with_baseline:
        if item.new:
            out["baselineState"] = "new"
        else:
            out["baselineState"] = "unchanged" if item.baseline_severity == f.severity else "updated"
    return out


def _gap_result(gap: GateGap, source: str, index: dict[str, int]) -> dict[str, Any]:
    n = gap.item
    return {
        "ruleId": n.rule_id,
        "ruleIndex": index[n.rule_id],
        "kind": "open",
        "level": "none",
        "message": {"text": f"{n.target}: {n.title}: not assessed, the document lacks {missing(gap)}"},
        "locations": [_location(source, gap.file, gap_path(n))],
        "partialFingerprints": {FINGERPRINT_KEY: gap.fingerprint},
        "properties": {"target": n.target, "gate_status": gap.status, "missing": n.missing},
    }


def _notification(gap: GateGap, source: str, index: dict[str, int]) -> dict[str, Any]:
    n = gap.item
    return {
        "level": "note",
        "message": {"text": f"{gap.file}: {n.target}: {n.rule_id} not assessed: needs {missing(gap)}"},
        "associatedRule": {"id": n.rule_id, "index": index[n.rule_id]},
        "locations": [_location(source, gap.file, gap_path(n))],
        "properties": {"gate_status": gap.status},
    }


def _input_error(err: InputError) -> dict[str, Any]:
    out: dict[str, Any] = {
        "level": "error",
        "descriptor": {"id": "input-error"},
        "message": {"text": f"input error: {err}"},
        "properties": {"file": err.file, "path": err.path, "suggestion": err.suggestion},
    }
    if err.source:
        out["locations"] = [_location(err.source, err.file, err.path or "$")]
    return out


def to_sarif(result: GateResult) -> dict[str, Any]:
    ids = sorted({i.rule_id for d in result.documents for i in d.items() if i.status != "not-applicable"})
    index = {rid: i for i, rid in enumerate(ids)}
    with_baseline = result.policy.baseline is not None
    results, notes = [], []
    for doc in result.documents:
        results += [_result(item, doc.source, index, with_baseline) for item in doc.findings]
        results += [_gap_result(gap, doc.source, index) for gap in doc.gaps if gap.status == "failing"]
        notes += [_notification(gap, doc.source, index) for gap in doc.gaps if gap.status != "not-applicable"]
    notes = [_input_error(err) for err in result.errors] + notes
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "Platform Advisor",
                        "version": result.rulebook_version,
                        "semanticVersion": __version__,
                        "rules": [rule_descriptor(result.rulebook.rules[rid]) for rid in ids],
                    }
                },
                "invocations": [
                    {
                        "executionSuccessful": not result.errors,
                        "toolExecutionNotifications": notes,
                        "properties": {
                            "fail_on": result.policy.fail_on,
                            "gate_failed": result.failed,
                            "input_errors": len(result.errors),
                            "counts": result.counts(),
                        },
                    }
                ],
                "results": results,
                "columnKind": "unicodeCodePoints",
                "properties": {"rulebook": result.rulebook_version},
            }
        ],
    }


def render(result: GateResult) -> str:
    return json.dumps(to_sarif(result), indent=2) + "\n"
