"""The review turn: the ranked findings summarised, top ones first, each with its fix and citation,
and questions for the data that high-value rules lacked.

A rule is high-value when its severity is critical or high, or it is one of the core rules:
if such a rule could not be assessed, the admin is asked for exactly the missing field and
the command that shows it, because a silent "not assessed" on a core check reads as a pass.
"""

from __future__ import annotations

from advisor import derive
from advisor.chat.reply import Composer, Question, from_out
from advisor.chat.state import FindingRef
from advisor.documents.meta import question_for
from advisor.engine.reference import MISSING, holds, lookup
from advisor.findings import Finding, Review
from advisor.knowledge.inventory import is_core
from advisor.review import build_fact, units_of
from advisor.rulebook.condition import And, Cmp, Exists, operand_paths

TOP = 5
MAX_QUESTIONS = 8
HIGH_VALUE = ("critical", "high")


def refs(review: Review) -> list[FindingRef]:
    return [
        FindingRef(rule_id=f.rule_id, target=f.target, severity=f.severity, rank=f.rank, title=f.title)
        for f in review.findings
    ]


def _cite(advisor, rule_id: str):
    return from_out(advisor.citations(rule_id)[0], f"rule:{rule_id}")


def summary_line(advisor, review: Review, out: Composer) -> None:
    counts = ", ".join(f"{n} {sev}" for sev, n in review.summary.items() if n)
    if review.findings:
        cites = [_cite(advisor, f.rule_id) for f in review.findings[:3]]
        out.say(
            f"Review of {review.target} ({review.kind}): {len(review.findings)} finding"
            f"{'s' if len(review.findings) != 1 else ''} ({counts}), ranked by severity and impact.",
            *cites,
        )
    else:
        checked = [cr.id for cr in advisor.rulebook.for_kind(review.kind)]
        assessed = [rid for rid in checked if rid not in {n.rule_id for n in review.not_assessed}]
        shown = assessed[:4] or checked[:4]
        if shown:
            out.say(
                f"Review of {review.target} ({review.kind}): no findings; {len(assessed)} of {len(checked)} rules "
                f"for this kind could be assessed, including {', '.join(shown)}.",
                *[_cite(advisor, rid) for rid in shown],
            )


def finding_lines(advisor, findings: list[Finding], out: Composer) -> None:
    for f in findings:
        cites = [from_out(c, f"rule:{f.rule_id}") for c in f.citations[:1]]
        # the two commands that change something; the SAP stop before a reboot is in the full explanation
        commands = [c for r in f.remediation for c in r.commands if "sapcontrol" not in c][:2]
        fix = f" Fix: {f.recommendation.split('. ')[0].rstrip('.')}." if f.recommendation else ""
        cmd = f" Commands: {'; '.join(f'`{c}`' for c in commands)}." if commands else ""
        where = f" on {f.target}" if f.target != findings[0].target or len({x.target for x in findings}) > 1 else ""
        raised = f" Severity raised to {f.severity}: {f.escalation}" if f.escalation else ""
        out.say(f"{f.rank}. [{f.severity}] {f.rule_id}{where}: {f.message}{raised}{fix}{cmd}", *cites)


def could_fire(cr, fact: dict, missing: set[str]) -> bool | None:
    """Three-valued evaluation: False when the fields present already rule the finding out.

    A comparison on an absent field is unknown; an And with one false item is false whatever
    the unknown ones turn out to be. Asking for data that cannot change the outcome (the AME
    page size of a partition with AME off) would only be noise.
    """

    def ev(node) -> bool | None:
        if isinstance(node, (Cmp, Exists)):
            if (
                node.path in missing
                or lookup(fact, node.path) is MISSING
                or (isinstance(node, Cmp) and any(lookup(fact, p) is MISSING for p in operand_paths(node.rhs)))
            ):
                return None
            return holds(node, fact)
        values = [ev(i) for i in node.items]
        if isinstance(node, And):
            return False if False in values else (None if None in values else True)
        return True if True in values else (None if None in values else False)

    return ev(cr.condition)


def missing_data(advisor, doc, review: Review, out: Composer, questions: list[Question]) -> None:
    wanted = []
    units = {u.path: u for u in units_of(doc)}  # once: a lookup per item made this quadratic in partitions
    facts: dict[str, dict] = {}
    for n in review.not_assessed:
        if not (n.severity in HIGH_VALUE or is_core(n.rule_id)):
            continue
        unit = units[n.path]
        if n.path not in facts:
            facts[n.path] = build_fact(unit, derive.compute(unit.kind, unit.model).values)
        fact = facts[n.path]
        if could_fire(advisor.rulebook.rules[n.rule_id], fact, set(n.missing)) is False:
            continue
        wanted.append(n)
    for n in wanted:
        kind = units[n.path].kind
        for path in n.missing:
            full = path if n.path == "$" else f"{n.path[2:]}.{path}"
            if full in {q.path for q in questions} or len(questions) >= MAX_QUESTIONS:
                continue
            text, command, answer_unit = question_for(kind, path)
            questions.append(
                Question(
                    path=full,
                    question=text,
                    command=command,
                    unit=answer_unit,
                    rule_id=n.rule_id,
                    target=n.target,
                    severity=n.severity,
                )
            )
    if wanted:
        several = len({n.target for n in wanted}) > 1 or doc.kind == "managed-system"
        ids = list(dict.fromkeys(n.rule_id + (f" on {n.target}" if several else "") for n in wanted))
        paths = list(dict.fromkeys(p for n in wanted for p in n.missing))
        needs = f": it needs {', '.join(paths[:6])}" if paths else ""
        out.say(
            f"Not assessed for lack of data: {', '.join(ids[:8])}{needs} (see the questions).",
            *[_cite(advisor, rid) for rid in dict.fromkeys(n.rule_id for n in wanted[:3])],
        )


def scoped(review: Review, names: set[str]) -> list[Finding]:
    """The findings on the systems a review request names ("vios2 only"), or of the kind it names ("VIOS side only",
    "the lpars"): [] when it names none, or all of them (nothing to narrow)."""
    names = {n.lower() for n in names}
    names |= {n[:-1] for n in names if n.endswith("s")}  # "the lpars", "vioses"
    chosen = [f for f in review.findings if f.target.lower() in names or f.kind.split("-")[0] in names]
    return chosen if len(chosen) < len(review.findings) else []


def review_answer(
    advisor, doc, review: Review, out: Composer, questions: list[Question], scope: list[Finding] | None = None
) -> None:
    """The review; `scope` (scoped): the findings the request names lead, all of them in full, the others after."""
    summary_line(advisor, review, out)
    if scope:
        targets = sorted({f.target for f in scope})
        out.say(
            f"On {', '.join(targets)}, as asked: {len(scope)} finding{'s' if len(scope) != 1 else ''}.",
            *[_cite(advisor, f.rule_id) for f in scope[:3]],
        )
    lead = scope or review.findings[:TOP]
    finding_lines(advisor, lead, out)
    rest = [f for f in review.findings if f not in lead] if scope else review.findings[TOP:]
    if rest:
        several = len({f.target for f in review.findings}) > 1
        out.say(
            "Also: "
            + ", ".join(
                f"{f.rank}. {f.rule_id}{' on ' + f.target if several else ''} ({f.severity})" for f in rest[:10]
            )
            + ".",
            *[_cite(advisor, f.rule_id) for f in rest[:3]],
        )
    missing_data(advisor, doc, review, out, questions)
