"""Reviews as JSON (the format of `POST /v1/reviews`, docs/api.md); several files give an array in input order.

`advisor check` adds, without changing a contract field, the gate's view: each finding and
not-assessed entry gets `gate_status`, and each review a `gate` object with the document file,
the threshold, the counts and its own `waived` and `baselined` sections. An input that could not
be read takes its place in the output as `{"gate": {"file", "passed": false, "errors": [...]}}`
(each error with its JSON `path`, `message` and `suggestion`), so nothing reads as a pass.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import orjson

from advisor.findings import Review
from advisor.gate.change import ChangeResult
from advisor.gate.model import GateDocument, GateGap, GateResult, InputError


def dumps(data: Any) -> str:
    return orjson.dumps(data, option=orjson.OPT_INDENT_2).decode()


def element(item: Any) -> bytes:
    """One element of an indented JSON array, as `dumps_array` (and `advisor check --jobs`, which
    streams them) writes it. orjson escapes newlines inside strings, so each newline of the text is
    structure, and indenting it by two spaces nests the element in the array."""
    return orjson.dumps(item, option=orjson.OPT_INDENT_2).replace(b"\n", b"\n  ")


def dumps_array(items: Iterable[Any]) -> str:
    """`dumps(list(items))`, byte for byte, one element at a time.

    With thousands of documents, holding every review's dict until one big `dumps` made the
    garbage collector walk them all again and again (docs/performance.md); rendered elements are
    bytes, which it does not walk."""
    parts = [element(item) for item in items]
    if not parts:
        return "[]"
    return (b"[\n  " + b",\n  ".join(parts) + b"\n]").decode()


def render_reviews(reviews: list[Review], single: bool) -> str:
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


def error_entry(file: str, errors: list[InputError]) -> dict[str, Any]:
    issues = [{"path": e.path or None, "message": e.message, "suggestion": e.suggestion} for e in errors]
    return {"gate": {"file": file, "passed": False, "errors": issues}}


def entries(result: GateResult) -> Iterator[dict[str, Any]]:
    """Reviews and unreadable inputs in the order given; errors about the gate's own files last."""
    by_position: dict[int, list[InputError]] = {}
    for err in result.errors:
        by_position.setdefault(err.position, []).append(err)
    docs = iter(result.documents)
    for position in range(len(result.documents) + len([p for p in by_position if p >= 0])):
        errors = by_position.get(position)
        yield error_entry(errors[0].file, errors) if errors else document(next(docs), result)
    run_errors = by_position.get(-1, [])
    for file in dict.fromkeys(e.file for e in run_errors):
        yield error_entry(file, [e for e in run_errors if e.file == file])


def render(result: GateResult) -> str:
    """One object when one input was given (`result.single`), else an array in input order."""
    items = entries(result)
    if result.single:
        first = next(items, None)
        if first is not None:
            return dumps(first) + "\n"
    return dumps_array(items) + "\n"


def render_change(change: ChangeResult) -> str:
    """`advisor diff --format json`: {"introduced", "resolved", "kept", "changed"} plus the summary and the verdict."""
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
