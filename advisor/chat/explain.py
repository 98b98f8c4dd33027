"""Explaining a rule against the session's document, in words: advisor.capabilities.explain decides.

The capability says, per system, whether the rule fired (the finding), did not (the false
comparisons, with this document's values against the thresholds) or could not be assessed (the
missing fields); this module phrases that, every line citing the rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from advisor import derive, linre
from advisor.capabilities.context import Context
from advisor.capabilities.explain import ConditionCheck, ExplainResult, TargetExplanation, explain_rule, explain_system
from advisor.chat.numbers import fmt
from advisor.chat.reply import Composer, Question, from_out
from advisor.documents.meta import question_for
from advisor.engine.reference import MISSING
from advisor.findings import Finding, NotAssessed, Review
from advisor.review import units_of

MAX_UNITS = 3


def _show(value: Any) -> str:
    if isinstance(value, BaseModel):
        value = value.model_dump(exclude_none=True)
    if isinstance(value, (list, tuple)):
        items = [v.model_dump(exclude_none=True) if isinstance(v, BaseModel) else v for v in value]
        names = [str(v.get("name")) if isinstance(v, dict) and "name" in v else _show(v) for v in items]
        return f"[{', '.join(names[:8])}{', ...' if len(names) > 8 else ''}]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in list(value.items())[:8]) + "}"
    if value is MISSING:
        return "absent"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return fmt(value, 3)
    return f'"{value}"' if isinstance(value, str) else str(value)


def describe_check(c: ConditionCheck) -> str:
    """A false comparison with this document's value against what it was compared with."""
    value = _show(c.value if c.present else MISSING)
    if c.condition.startswith(("exists(", "missing(")):
        return f"{c.condition} is false: {c.path} is {value}"
    if c.operand is None:
        threshold = _show(c.compared_with)
    else:
        threshold = f"{c.operand} = {_show(MISSING if c.compared_with is None else c.compared_with)}"
    return f"{c.condition} is false: this document has {c.path} = {value} against {threshold}"


def _rule_cites(advisor, rule_id: str, n: int = 2):
    return [from_out(c, f"rule:{rule_id}") for c in advisor.citations(rule_id)[:n]]


def explain_fired(advisor, f: Finding, out: Composer) -> None:
    cites = _rule_cites(advisor, f.rule_id)
    out.say(f"{f.rule_id} ({f.severity}) fired for {f.target}: {f.message}", *cites)
    out.say(f"Why it matters: {f.rationale}", *cites)
    if f.evidence:
        ev = ", ".join(f"{k} = {_show(v)}" for k, v in f.evidence.items())
        out.say(f"Evidence from this document: {ev}.", *cites)
    if f.escalation:
        out.say(f"Severity raised to {f.severity}: {f.escalation}", *cites)
    out.say(f"Fix: {f.recommendation}", *cites)
    for r in f.remediation:
        if r.commands:
            reboot = " (needs a reboot)" if r.requires_reboot else (" (dynamic)" if r.dynamic else "")
            out.say(f"{r.description}{reboot}: " + "; ".join(f"`{c}`" for c in r.commands), *cites)


def explain_not_assessed(advisor, n: NotAssessed, kind: str, out: Composer, questions: list[Question]) -> None:
    cites = _rule_cites(advisor, n.rule_id, 1)
    what = f"missing {', '.join(n.missing)}" if n.missing else (n.reason or "inputs unusable")
    out.say(f"{n.rule_id} ({n.title}) could not be assessed for {n.target}: {what}.", *cites)
    if n.reason and n.missing:
        out.say(f"Also: {n.reason}.", *cites)
    for path in n.missing:
        text, command, unit = question_for(kind, path)
        questions.append(
            Question(
                path=path,
                question=text,
                command=command,
                unit=unit,
                rule_id=n.rule_id,
                target=n.target,
                severity=n.severity,
            )
        )


def explain_quiet(advisor, result: ExplainResult, t: TargetExplanation, out: Composer, doc=None) -> None:
    """The rule was assessed and did not fire: which comparisons were false, with the values, and the figures the
    rule would have reported ("is SYSZ's LFAREA within the limit?": the request and the limit, not only a flag)."""
    cites = _rule_cites(advisor, result.rule_id, 1)
    out.say(
        f"{result.rule_id} ({result.title}) did not fire for {t.target}: its condition {result.condition} "
        "does not hold.",
        *cites,
    )
    for c in t.conditions[:6]:
        out.say(describe_check(c) + ".", *cites)
    figures = _reported_figures(advisor, result.rule_id, t, doc)
    if figures:
        out.say(f"Figures for this document: {figures}.", *cites)


def held_off(advisor, rule_id: str, doc, review: Review, changed: Sequence[str], out: Composer) -> None:
    """A rule that reads a changed field and stays quiet before and after: the comparisons on other fields that hold
    it off ("numa_policy 0 -> 1" on 11i v2: HPUX-005 needs os_version == "11iv3"), so "nothing changes" says why."""
    leaves = {p.split("].", 1)[-1] for p in changed}
    result = explain_system(Context(advisor=advisor), rule_id, doc, review)
    if not result.applies:
        return
    for t in result.targets[:MAX_UNITS]:
        if t.finding is not None or t.not_assessed is not None:
            continue
        others = [c for c in t.conditions if not c.holds and c.path not in leaves]
        if others:
            said = "; ".join(describe_check(c) for c in others[:3])
            cites = _rule_cites(advisor, rule_id, 1)
            out.say(f"{rule_id} stays quiet on {t.target} whatever the change: {said}.", *cites)


MAX_FIGURES = 4
_FIELD = linre.compile(r"\{(derived\.[a-z0-9_]+)")


def _reported_figures(advisor, rule_id: str, t: TargetExplanation, doc) -> str:
    """The derived numbers the rule's message reports, for this unit of the document (none shown by a false
    comparison already)."""
    cr = advisor.rulebook.rules.get(rule_id)
    unit = next((u for u in units_of(doc) if u.path == t.path), None) if doc is not None else None
    if cr is None or unit is None:
        return ""
    values = derive.compute(unit.kind, unit.model).values
    shown = {c.path for c in t.conditions}
    names = [f for f in dict.fromkeys(_FIELD.findall(cr.rule.message)) if f not in shown]
    table = derive.everything()
    said = [
        f"{name} = {fmt(values[name[8:]], 3)}{_unit(table[name[8:]].unit if name[8:] in table else None)}"
        for name in names
        if isinstance(values.get(name[8:]), int | float) and not isinstance(values.get(name[8:]), bool)
    ]
    return ", ".join(said[:MAX_FIGURES])


def _unit(unit: str | None) -> str:
    """ " GB" after a figure whose derivation gives a unit ("lfarea_limit_gb = 816 GB"); nothing for a count."""
    return f" {unit}" if unit and unit != "count" else ""


def explain_rule_alone(advisor, rule_id: str, out: Composer) -> None:
    """No document: what the rule checks, why, and the fix, from the rulebook."""
    r = explain_rule(Context(advisor=advisor), rule_id)
    cites = _rule_cites(advisor, rule_id)
    out.say(f"{r.rule_id} ({r.severity}, for {', '.join(r.kinds)}): {r.title}. It fires when {r.condition}.", *cites)
    out.say(f"Why: {r.rationale}", *cites)
    if r.recommendation is not None:
        out.say(f"Fix: {r.recommendation}", *cites)


def explain_with_document(
    advisor, rule_id: str, doc, review: Review, out: Composer, questions: list[Question], units: Sequence[str] = ()
) -> bool:
    """Explain `rule_id` for every unit of the document it applies to (only the `units` named, when the user named
    any it applies to); False if it applies to none."""
    result = explain_system(Context(advisor=advisor), rule_id, doc, review)
    if not result.applies:
        out.say(
            f"{rule_id} checks {', '.join(result.kinds)} documents; {doc.name} is a {doc.kind}, so it is not "
            "checked here.",
            *_rule_cites(advisor, rule_id, 1),
        )
        return False
    named = [t for t in result.targets if t.target.lower() in {u.lower() for u in units}]
    for t in (named or result.targets)[:MAX_UNITS]:
        if t.finding is not None:
            explain_fired(advisor, t.finding, out)
        elif t.not_assessed is not None:
            explain_not_assessed(advisor, t.not_assessed, t.kind, out, questions)
        else:
            explain_quiet(advisor, result, t, out, doc)
    return True


# "is AME-001 still there?", "still firing?", "did HPUX-005 go away?": whether a rule's finding outlived the what-ifs
_STILL = linre.compile(
    r"\b(?:still|any\s*more|anymore|gone|go(?:ne)?\s+away|went\s+away|resolved|cleared|survive[sd]?)\b", linre.I
)
_WHY = linre.compile(r"^\s*(?:why|how)\b", linre.I)
_GONE = linre.compile(r"\b(?:gone|go(?:ne)?\s+away|went\s+away|resolved|cleared)\b", linre.I)


def still_there(advisor, rule_id: str, before: Review, now: Review, text: str, out: Composer) -> tuple[str, str] | None:
    """After what-ifs, "is AME-001 still there?": whether the rule's finding fires now, and whether it did on the
    document as given (kept, introduced, resolved), said first; (the answer "yes" / "no", why) or None when the
    words ask no such thing."""
    if not _STILL.search(text) or _WHY.match(text):
        return None  # "why still a finding?" asks for the reason, not whether
    was = [f for f in before.findings if f.rule_id == rule_id]
    found = [f for f in now.findings if f.rule_id == rule_id]
    where = ", ".join(dict.fromkeys(f.target for f in found or was)) or now.target
    if found and was:
        said = f"{rule_id} is still there on {where}: kept, it fires on the document as given and after the changes"
    elif found:
        said = (
            f"{rule_id} is there on {where} now: introduced by the changes (it did not fire on the document as given)"
        )
    elif was:
        said = f"{rule_id} is gone from {where}: resolved by the changes (it fired on the document as given)"
    else:
        said = f"{rule_id} does not fire on {where}, neither on the document as given nor after the changes"
    answer = ("no" if found else "yes") if _GONE.search(text) else ("yes" if found else "no")
    out.say(f"{answer.capitalize()}: {said}.", *_rule_cites(advisor, rule_id, 1))
    return answer, said
