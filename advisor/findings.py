"""What a review returns (contract section 2)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from advisor.rulebook.model import Severity


class CitationOut(BaseModel):
    source_id: str
    title: str
    section: str
    locator: str | None = None
    url: str | None = None


class RemediationOut(BaseModel):
    description: str
    commands: list[str] = Field(default_factory=list)
    requires_reboot: bool
    dynamic: bool = False


class Finding(BaseModel):
    rule_id: str
    rank: int
    severity: Severity
    score: float
    target: str
    path: str = Field("$", description="JSON path of the system inside the submitted document.")
    kind: str
    title: str
    message: str
    rationale: str
    recommendation: str
    remediation: list[RemediationOut]
    evidence: dict[str, Any]
    citations: list[CitationOut]
    escalation: str | None = Field(None, description="Why the severity is above the rule's base severity.")
    shares_fix_with: list[str] = Field(
        default_factory=list,
        description="Other findings on this system that one fix resolves together with this one: the "
        "highest-ranked of them carries the steps, the others point to it.",
    )
    provenance: dict[str, str] | None = Field(
        None,
        description="For documents built from command outputs: evidence path -> the output line it was read "
        'from ("from lparstat -i line 12: Target Memory Expansion Factor : 1.70").',
    )


class NotAssessed(BaseModel):
    rule_id: str
    target: str
    path: str = "$"
    title: str
    severity: Severity
    missing: list[str]
    reason: str | None = None


class RulebookInfo(BaseModel):
    version: str
    rules: int


class Review(BaseModel):
    target: str
    kind: str
    findings: list[Finding]
    not_assessed: list[NotAssessed]
    summary: dict[str, int]
    rulebook: RulebookInfo
