"""Short answers to a follow-up about the rule in focus: "the fix?", "the command?", "what does that mean?".

After an answer about a rule, a follow-up wants one part of it, not the whole explanation
again: the fix (the recommendation and the remediation steps with their commands), the
commands (those steps, and the commands that show the fields the rule reads, from the schema's
`x-command`), or the meaning (what the rule checks and why, in the rulebook's words). Every line
cites the rule. With a document in the session and a finding for the rule, the finding's
own recommendation (placeholders filled with this document's values) is used.
"""

from __future__ import annotations

from advisor.chat.reply import Composer, from_out
from advisor.documents.meta import field_meta
from advisor.findings import Finding
from advisor.rulebook.templates import placeholders


def _cites(advisor, rule_id: str):
    return [from_out(c, f"rule:{rule_id}") for c in advisor.citations(rule_id)[:2]]


def _steps(remediation, out: Composer, cites) -> None:
    """The remediation steps; a command still holding a placeholder (no document to fill it) is left out."""
    for r in remediation:
        reboot = " (needs a reboot)" if r.requires_reboot else (" (dynamic)" if r.dynamic else "")
        commands = "; ".join(f"`{c}`" for c in r.commands if not placeholders(c))
        out.say(f"{r.description.rstrip('.')}{reboot}{': ' + commands if commands else '.'}", *cites)


def fix(advisor, rule_id: str, finding: Finding | None, out: Composer) -> None:
    rule = advisor.rulebook.rules[rule_id].rule
    cites = _cites(advisor, rule_id)
    recommendation = finding.recommendation if finding else rule.recommendation
    if finding is None and placeholders(recommendation):
        recommendation = "see the steps below; the exact values depend on the configuration"
    out.say(f"Fix for {rule_id} ({rule.title}): {' '.join(recommendation.split())}", *cites)
    _steps(finding.remediation if finding else rule.remediation, out, cites)


def commands(advisor, rule_id: str, finding: Finding | None, out: Composer) -> None:
    rule = advisor.rulebook.rules[rule_id].rule
    cites = _cites(advisor, rule_id)
    shown = []
    for kind in rule.kinds:
        for path in rule.requires + rule.optional:
            meta = field_meta(kind, path)
            if meta.command and (path, meta.command) not in shown:
                shown.append((path, meta.command))
    if shown:
        out.say(
            f"{rule_id} reads: " + "; ".join(f"{path} (shown by `{command}`)" for path, command in shown[:6]) + ".",
            *cites,
        )
    _steps(finding.remediation if finding else rule.remediation, out, cites)


def meaning(advisor, rule_id: str, out: Composer) -> None:
    rule = advisor.rulebook.rules[rule_id].rule
    cites = _cites(advisor, rule_id)
    out.say(f"{rule_id} means: {rule.title} ({rule.severity}, for {', '.join(rule.kinds)}).", *cites)
    out.say(f"Why it matters: {' '.join(rule.rationale.split())}", *cites)
