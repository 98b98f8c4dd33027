"""Useful next questions for the state the conversation is in.

Each suggestion is a message the engine understands as written: "why AME-001?", "explain the
second finding", a `set path = value` that would clear the top finding (taken from the rule's
own condition), "undo" after a what-if, or a nearby topic after a question.
"""

from __future__ import annotations

from advisor.documents.paths import schema_paths
from advisor.findings import Finding, Review
from advisor.knowledge.inventory import is_core
from advisor.rulebook.condition import Cmp, Lit, comparisons

MAX = 4
# Facts about the system, not settings: a suggestion never "fixes" a finding by changing them.
IDENTITY = {
    "name",
    "kind",
    "environment",
    "processor",
    "machine",
    "engines",
    "engine_count",
    "cells",
    "cores",
    "system_cores",
    "os_version",
    "os.version",
    "os.tl",
    "os.sp",
    "zos_version",
    "zvm.version",
    "workload.type",
    "workload.profile",
    "sap.database_on_server",
}


def _num(v: float) -> str:
    return f"{v:g}"


def candidates(advisor, finding: Finding, kind: str) -> list[tuple[int, str, object]]:
    """(preference, path, value) that would make one comparison of the rule's condition false."""
    cr = advisor.rulebook.rules.get(finding.rule_id)
    if cr is None:
        return []
    types = schema_paths(kind)
    out = []
    for leaf in comparisons(cr.condition):
        if not isinstance(leaf, Cmp) or not isinstance(leaf.rhs, Lit) or leaf.path.startswith("derived."):
            continue
        ft = types.get(leaf.path)
        if ft is None or leaf.path in IDENTITY:
            continue
        v = leaf.rhs.value
        if ft.type == "enum" and leaf.op == "==":
            out += [(0, leaf.path, c) for c in ft.choices if c != v]
        elif ft.type == "number" and isinstance(v, (int, float)) and not isinstance(v, bool):
            new = {"<": v, "<=": v + 1, ">": v, ">=": v - 1, "==": v + 1, "!=": v}.get(leaf.op)
            if new is not None:
                out.append((1, leaf.path, new))
        elif ft.type == "bool" and leaf.op == "==":
            out.append((2, leaf.path, not v))
        elif leaf.op == "!=" and ft.type in ("enum", "string", "number"):
            out.append((1, leaf.path, v))
    return sorted(out, key=lambda c: c[0])


def fix_suggestion(advisor, finding: Finding, doc_dict: dict, kind: str, before: Review | None = None) -> str | None:
    """A `set path = value` that clears the finding, checked by reviewing the changed document.

    Candidates come from the rule's own condition; the first that resolves the finding while
    introducing the fewest new findings wins (enumerations before numbers before switching a
    feature off).
    """
    from advisor.capabilities.whatif import ChangeError
    from advisor.capabilities.whatif import apply_changes as apply
    from advisor.chat.changes import Change
    from advisor.diff import diff_reviews
    from advisor.documents.errors import DocumentError
    from advisor.documents.io import validate_document

    prefix = "" if finding.path == "$" else finding.path[2:] + "."
    if before is None:
        try:
            before = advisor.review(validate_document(doc_dict))
        except DocumentError:
            return None
    best = None
    for pref, path, value in candidates(advisor, finding, kind)[:6]:
        try:
            after = advisor.review(validate_document(apply(doc_dict, [Change(prefix + path, value)])))
        except (ChangeError, DocumentError):
            continue
        d = diff_reviews(before, after)
        if any(f.rule_id == finding.rule_id and f.target == finding.target for f in d.resolved):
            cost = (len(d.introduced) + sum(c.direction == "worsened" for c in d.changed), pref)
            if best is None or cost < best[0]:
                shown = (
                    ("true" if value else "false")
                    if isinstance(value, bool)
                    else (_num(value) if isinstance(value, float) else value)
                )
                best = (cost, f"set {prefix}{path} = {shown}")
    return best[1] if best else None


def after_review(advisor, review: Review, doc, questions, doc_dict: dict) -> list[str]:
    out: list[str] = []
    if review.findings:
        top = review.findings[0]
        out.append(f"why {top.rule_id}?")
        if len(review.findings) > 1:
            out.append("explain the second finding")
        kind = doc.kind if top.path == "$" else next(u.kind for u in _units(doc) if u.path == top.path)
        fix = fix_suggestion(advisor, top, doc_dict, kind, before=review)
        if fix:
            out.append(fix)
    fired = {f.rule_id for f in review.findings}
    quiet = [
        cr.id
        for cr in advisor.rulebook.for_kind(review.kind)
        if is_core(cr.id) and cr.id not in fired and cr.id not in {n.rule_id for n in review.not_assessed}
    ]
    out += [f"why didn't {rid} fire?" for rid in quiet[:1]]
    if questions:
        q = questions[0]
        out.append(f"set {q.path} = ...")
    return out[:MAX]


def _units(doc):
    from advisor.review import units_of

    return units_of(doc)


def after_explain(advisor, rule_id: str | None, review: Review | None, doc, doc_dict: dict | None) -> list[str]:
    out: list[str] = []
    if review is not None and rule_id and doc_dict is not None:
        f = next((x for x in review.findings if x.rule_id == rule_id), None)
        if f:
            kind = doc.kind if f.path == "$" else next(u.kind for u in _units(doc) if u.path == f.path)
            fix = fix_suggestion(advisor, f, doc_dict, kind, before=review)
            if fix:
                out.append(fix)
        others = [x.rule_id for x in review.findings if x.rule_id != rule_id]
        out += [f"why {rid}?" for rid in others[:2]]
    elif rule_id:
        kinds = advisor.rulebook.rules[rule_id].rule.kinds if rule_id in advisor.rulebook.rules else ()
        if kinds:
            out.append(f"review my {kinds[0]} document (advisor ask --config FILE)")
    return out[:MAX]


def after_whatif(review: Review) -> list[str]:
    out = ["undo"]
    if review.findings:
        out.append(f"why {review.findings[0].rule_id}?")
    out.append("review")
    return out


def after_ask(rules: list[str], closest, has_document: bool) -> list[str]:
    out = [f"why {rid}?" for rid in rules[:1]]
    if rules and not has_document:
        out.append("review my configuration (attach a document)")
    out += [f"More on: {p.title}" for p in closest[:2]]
    return out[:MAX]
