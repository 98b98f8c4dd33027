"""Deterministic ranking of findings.

score = severity base + 4 x impact (1-5) x confidence weight, so the bump (at most 20)
never lifts a finding into the next severity band:

    severity base:      critical 80, high 60, medium 40, low 20, info 0
    confidence weight:  high 1.0, medium 0.75, low 0.5

Findings sort by severity, then score (descending), then rule id, then target.
"""

from __future__ import annotations

from advisor.rulebook.model import SEVERITIES

SEVERITY_BASE = {"critical": 80.0, "high": 60.0, "medium": 40.0, "low": 20.0, "info": 0.0}
CONFIDENCE_WEIGHT = {"high": 1.0, "medium": 0.75, "low": 0.5}


def score(severity: str, impact: int, confidence: str) -> float:
    return round(SEVERITY_BASE[severity] + 4.0 * impact * CONFIDENCE_WEIGHT[confidence], 1)


def sort_key(severity: str, score_: float, rule_id: str, target: str) -> tuple:
    return (SEVERITIES.index(severity), -score_, rule_id, target)


def at_or_above(severity: str, threshold: str) -> bool:
    return SEVERITIES.index(severity) <= SEVERITIES.index(threshold)
