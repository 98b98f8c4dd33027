"""What a configuration change does to the findings: introduced, resolved, kept, changed.

Findings are matched on (rule_id, target): the same rule about the same system is the same
problem, whatever its message now says. The four lists partition the findings, so
introduced + kept + changed are the `after` findings and resolved + kept + changed the
`before` ones:

* introduced: only after the change; resolved: only before it;
* kept: in both at the same severity (the `after` finding, with today's figures);
* changed: in both with a different severity, with `before` and `after` and whether it
  worsened (moved towards critical) or improved.

Used by `POST /v1/diff` and by `advisor diff`, which judges a change on introduced and
worsened findings.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Literal

from pydantic import BaseModel, Field

from advisor.findings import Finding, Review
from advisor.rulebook.model import SEVERITIES


class ChangedFinding(BaseModel):
    rule_id: str
    target: str
    direction: Literal["worsened", "improved"] = Field(
        description="worsened: the severity moved towards critical; improved: towards info."
    )
    before: Finding
    after: Finding


class DiffSummary(BaseModel):
    introduced: int
    resolved: int
    kept: int
    changed: int
    worsened: int = Field(description="Changed findings whose severity rose.")
    improved: int = Field(description="Changed findings whose severity fell.")


class ReviewDiff(BaseModel):
    introduced: list[Finding]
    resolved: list[Finding]
    kept: list[Finding]
    changed: list[ChangedFinding]
    summary: DiffSummary


def _key(finding: Finding) -> tuple[str, str]:
    return finding.rule_id, finding.target


def diff_reviews(before: Review, after: Review) -> ReviewDiff:
    """Match after's findings with before's on (rule_id, target); each list keeps rank order.

    A managed system may hold two partitions with the same name, so a key can match several
    findings: they pair up by the partition's position (`path`) first, then in rank order.
    """
    pending: dict[tuple[str, str], list[Finding]] = defaultdict(list)
    for finding in sorted(before.findings, key=lambda f: f.rank):
        pending[_key(finding)].append(finding)

    introduced: list[Finding] = []
    kept: list[Finding] = []
    changed: list[ChangedFinding] = []
    for new in sorted(after.findings, key=lambda f: f.rank):
        candidates = pending.get(_key(new))
        if not candidates:
            introduced.append(new)
            continue
        old = next((f for f in candidates if f.path == new.path), candidates[0])
        candidates.remove(old)
        if old.severity == new.severity:
            kept.append(new)
        else:
            worse = SEVERITIES.index(new.severity) < SEVERITIES.index(old.severity)
            changed.append(
                ChangedFinding(
                    rule_id=new.rule_id,
                    target=new.target,
                    direction="worsened" if worse else "improved",
                    before=old,
                    after=new,
                )
            )
    resolved = sorted((f for group in pending.values() for f in group), key=lambda f: f.rank)
    worsened = sum(c.direction == "worsened" for c in changed)
    return ReviewDiff(
        introduced=introduced,
        resolved=resolved,
        kept=kept,
        changed=changed,
        summary=DiffSummary(
            introduced=len(introduced),
            resolved=len(resolved),
            kept=len(kept),
            changed=len(changed),
            worsened=worsened,
            improved=len(changed) - worsened,
        ),
    )
