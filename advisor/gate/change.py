"""The gate on a planned change (`advisor diff`): judged on what the change makes worse only.

A finding fails the change when it is introduced, or its severity worsened, at or above the
threshold and no waiver covers it. Kept and resolved findings never fail a change.
"""

from __future__ import annotations

from dataclasses import dataclass

from advisor.diff import ReviewDiff, diff_reviews
from advisor.findings import Finding, Review
from advisor.gate.identity import display_path
from advisor.gate.judge import select_review
from advisor.gate.model import Policy
from advisor.gate.waivers import Waiver
from advisor.ranking import at_or_above


@dataclass(frozen=True)
class ChangeResult:
    before_file: str
    after_file: str
    diff: ReviewDiff
    policy: Policy
    failing: tuple[Finding, ...]  # `after` findings that fail the change
    waived: tuple[tuple[Finding, Waiver], ...]  # introduced or worsened, but waived

    @property
    def failed(self) -> bool:
        return bool(self.failing)

    @property
    def exit_code(self) -> int:
        return 1 if self.failed else 0

    def verdict(self) -> str:
        s = self.diff.summary
        head = "FAILED" if self.failed else "passed"
        return (
            f"change {head} (fail-on {self.policy.fail_on}): {len(self.failing)} failing; "
            f"{s.introduced} introduced, {s.worsened} worsened, {s.improved} improved, "
            f"{s.resolved} resolved, {s.kept} kept, {len(self.waived)} waived"
        )


def judge_change(before_file: str, before: Review, after_file: str, after: Review, policy: Policy) -> ChangeResult:
    diff = diff_reviews(select_review(before, policy.selection), select_review(after, policy.selection))
    candidates = list(diff.introduced) + [c.after for c in diff.changed if c.direction == "worsened"]
    failing, waived = [], []
    for f in candidates:
        waiver = policy.waivers.find(f.rule_id, f.target)
        if waiver is not None:
            waived.append((f, waiver))
        elif at_or_above(f.severity, policy.fail_on):
            failing.append(f)
    return ChangeResult(
        before_file=display_path(before_file),
        after_file=display_path(after_file),
        diff=diff,
        policy=policy,
        failing=tuple(failing),
        waived=tuple(waived),
    )
