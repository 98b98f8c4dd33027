"""The what-if turn in words: advisor.capabilities.whatif changes the document and compares the reviews.

Findings are compared with advisor.diff (matched on rule id and target): what the change
introduces, resolves, keeps, and whose severity moved. Lines cite the rules concerned; when no
finding moves, the answer names the rules that read the changed fields, so even "nothing
changes" is backed by the rules that were checked.
"""

from __future__ import annotations

from advisor.capabilities.whatif import get_at
from advisor.chat.changes import Change
from advisor.chat.reply import Composer, from_out
from advisor.diff import ReviewDiff
from advisor.findings import Finding


def _cite(advisor, rule_id: str):
    return from_out(advisor.citations(rule_id)[0], f"rule:{rule_id}")


def _show(value) -> str:
    if value is None:
        return "(not set)"
    if isinstance(value, bool):
        return "true" if value else "false"
    return f'"{value}"' if isinstance(value, str) else str(value)


def _line(f: Finding) -> str:
    return f"{f.rule_id} ({f.severity}) on {f.target}: {f.title}"


def whatif_answer(
    advisor, before_doc: dict, changes: list[Change], diff: ReviewDiff, rule_ids: list[str], out: Composer
) -> None:
    touched = ", ".join(f"{c.path} {_show(get_at(before_doc, c.path))} -> {_show(c.value)}" for c in changes)
    cites = [_cite(advisor, rid) for rid in rule_ids[:3]] or [
        _cite(advisor, f.rule_id) for f in (diff.introduced + diff.resolved + diff.kept)[:3]
    ]
    if cites:
        out.say(f"What if {touched}: reviewed again with the change.", *cites)
    for f in diff.resolved:
        out.say(f"Resolved: {_line(f)}.", _cite(advisor, f.rule_id))
    for f in diff.introduced:
        out.say(f"Introduced: {_line(f)}: {f.message}", _cite(advisor, f.rule_id))
    for c in diff.changed:
        why = f" ({c.after.escalation})" if c.after.escalation and c.direction == "worsened" else ""
        out.say(
            f"Changed severity: {c.rule_id} on {c.target}: {c.before.severity} -> {c.after.severity}, "
            f"{c.direction}{why}.",
            _cite(advisor, c.rule_id),
        )
    if diff.kept:
        out.say(
            "Kept: " + "; ".join(_line(f) for f in diff.kept[:6]) + ".",
            *[_cite(advisor, f.rule_id) for f in diff.kept[:3]],
        )
    if not (diff.resolved or diff.introduced or diff.changed) and rule_ids:
        out.say(
            f"No finding changes: the rules that read {', '.join(c.path for c in changes)} "
            f"({', '.join(rule_ids[:6])}) give the same result before and after.",
            *[_cite(advisor, rid) for rid in rule_ids[:3]],
        )
