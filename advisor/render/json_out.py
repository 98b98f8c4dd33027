"""Reviews as JSON (contract section 2); several files give an array in input order.

`advisor check` adds, without changing a contract field, the gate's view: each finding and
not-assessed entry gets `gate_status`, and each review a `gate` object with the document file,
the threshold, the counts and its own `waived` and `baselined` sections.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import orjson

from advisor.findings import Review
from advisor.gate.change import ChangeResult
from advisor.gate.model import GateDocument, GateGap, GateResult


def dumps(data: Any) -> str:
    return orjson.dumps(data, option=orjson.OPT_INDENT_2).decode()


def dumps_array(items: Iterable[Any]) -> str:
    """`dumps(list(items))`, byte for byte, one element at a time.

    With thousands of documents, holding every review's dict until one big `dumps` made the
    garbage collector walk them all again and again (docs/performance.md); rendered elements are
    bytes, which it does not walk. orjson escapes newlines inside strings, so each newline of an
    element's text is structure and indenting it by two spaces nests it in the array."""
    parts = [orjson.dumps(item, option=orjson.OPT_INDENT_2).replace(b"\n", b"\n  ") for item in items]
    if not parts:
        return "[]"
    return (b"[\n  " + b",\n  ".join(parts) + b"\n]").decode()


def render(reviews: list[Review], single: bool) -> str:
    if single:
        return dumps(reviews[0].model_dump(mode="json"))
    return dumps_array(r.model_dump(mode="json") for r in reviews)


def document(doc: GateDocument, result: GateResult) -> dict[str, Any]:
    data = doc.review.model_dump(mode="json")
    for out, item in zip(data["findings"], doc.findings, strict=False):
        out["gate_status"] = item.status
    for out, gap in zip(data["not_assessed"], doc.gaps, strict=False):
        out["gate_status"] = gap.status
    data["gate"] = {
        "file": doc.file,
        "fail_on": result.policy.fail_on,
        "fail_on_not_assessed": result.policy.fail_on_not_assessed,
        "passed": not doc.failed,
        "counts": doc.counts(),
        "waived": [
            {
                "rule_id": i.rule_id,
                "target": i.target,
                "not_assessed": isinstance(i, GateGap),
                "fingerprint": i.fingerprint,
                "waiver": i.waiver.as_dict(),
            }
            for i in doc.waived()
        ],
        "baselined": [
            {
                "rule_id": i.finding.rule_id,
                "target": i.finding.target,
                "severity": i.finding.severity,
                "baseline_severity": i.baseline_severity,
                "fingerprint": i.fingerprint,
            }
            for i in doc.with_status("baselined")
        ],
    }
    return data


def render_gate(result: GateResult, single: bool) -> str:
    """`single`: one file was given, so the output is one review object, not an array."""
    if single and result.documents:
        return dumps(document(result.documents[0], result))
    return dumps_array(document(d, result) for d in result.documents)


def render_change(change: ChangeResult) -> str:
    """Contract section 3: {"introduced", "resolved", "kept", "changed"} plus the summary and the verdict."""
    data = change.diff.model_dump(mode="json")
    data["gate"] = {
        "before": change.before_file,
        "after": change.after_file,
        "fail_on": change.policy.fail_on,
        "passed": not change.failed,
        "failing": [{"rule_id": f.rule_id, "target": f.target, "severity": f.severity} for f in change.failing],
        "waived": [
            {"rule_id": f.rule_id, "target": f.target, "severity": f.severity, "waiver": w.as_dict()}
            for f, w in change.waived
        ],
    }
    return dumps(data)
