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


def _num(v: float) -> str:
    return f"{v:g}"


def fix_suggestion(advisor, finding: Finding, kind: str) -> str | None:
    """A `set path = value` that makes one comparison of the rule's condition false."""
    cr = advisor.rulebook.rules.get(finding.rule_id)
    if cr is None:
        return None
    types = schema_paths(kind)
    prefix = "" if finding.path == "$" else finding.path[2:] + "."
    best = None
    for leaf in comparisons(cr.condition):
        if not isinstance(leaf, Cmp) or not isinstance(leaf.rhs, Lit) or leaf.path.startswith("derived."):
            continue
        ft = types.get(leaf.path)
        if ft is None:
            continue
        v = leaf.rhs.value
        value = None
        if leaf.op == "==" and ft.type == "bool":
            value = "false" if v else "true"
        elif leaf.op == "==" and ft.type == "enum":
            others = [c for c in ft.choices if c != v]
            value = str(others[-1]) if others else None
        elif ft.type == "number" and isinstance(v, (int, float)) and not isinstance(v, bool):
            value = {"<": _num(v), "<=": _num(v + 1), ">": _num(v), ">=": _num(v - 1), "==": _num(v + 1)}.get(leaf.op)
        elif leaf.op == "!=" and ft.type in ("enum", "string", "number"):
            value = str(v)
        if value is not None:
            suggestion = f"set {prefix}{leaf.path} = {value}"
            if ft.type in ("enum", "bool"):
                return suggestion
            best = best or suggestion
    return best


def after_review(advisor, review: Review, doc, questions) -> list[str]:
    out: list[str] = []
    if review.findings:
        top = review.findings[0]
        out.append(f"why {top.rule_id}?")
        if len(review.findings) > 1:
            out.append("explain the second finding")
        kind = doc.kind if top.path == "$" else next(u.kind for u in _units(doc) if u.path == top.path)
        fix = fix_suggestion(advisor, top, kind)
        if fix:
            out.append(fix)
    fired = {f.rule_id for f in review.findings}
    quiet = [cr.id for cr in advisor.rulebook.for_kind(review.kind) if is_core(cr.id) and cr.id not in fired
             and cr.id not in {n.rule_id for n in review.not_assessed}]
    out += [f"why didn't {rid} fire?" for rid in quiet[:1]]
    if questions:
        q = questions[0]
        out.append(f"set {q.path} = ...")
    return out[:MAX]


def _units(doc):
    from advisor.review import units_of

    return units_of(doc)


def after_explain(advisor, rule_id: str | None, review: Review | None, doc) -> list[str]:
    out: list[str] = []
    if review is not None and rule_id:
        f = next((x for x in review.findings if x.rule_id == rule_id), None)
        if f:
            kind = doc.kind if f.path == "$" else next(u.kind for u in _units(doc) if u.path == f.path)
            fix = fix_suggestion(advisor, f, kind)
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
