"""The rule format: what one entry of rules/*.yaml holds (see docs/rule-format.md)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from advisor.citations import Cite

Severity = Literal["critical", "high", "medium", "low", "info"]
SEVERITIES: tuple[str, ...] = ("critical", "high", "medium", "low", "info")
Confidence = Literal["high", "medium", "low"]
KindName = Literal["aix-lpar", "vios", "managed-system", "hpux-server", "zos-lpar", "zvm-lpar"]


class Strict(BaseModel):
    # defer_build: a check reads the rulebook compiled (advisor.rulebook.cache: unpickled, never
    # validated), so the validators are built only when rule files are loaded or a rule is dumped.
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class Remediation(Strict):
    description: str = Field(min_length=1)
    commands: tuple[str, ...] = ()
    requires_reboot: bool
    dynamic: bool = Field(False, description="Can be applied to a running partition (DLPAR, dynamic tunable).")


class Escalation(Strict):
    """A stronger severity when a further condition also holds (e.g. high on POWER8)."""

    when: str
    severity: Severity
    reason: str = Field(min_length=1)


class Example(Strict):
    note: str = Field(min_length=1)
    severity: Severity | None = Field(None, description="Expected severity of the finding (fire examples).")
    document: dict[str, Any]


class Examples(Strict):
    fire: tuple[Example, ...] = Field(min_length=1)
    pass_: tuple[Example, ...] = Field(alias="pass", min_length=1)


class Rule(Strict):
    id: str = Field(pattern=r"^(AME|LPAR|VIOS|STOR|NET|WPAR|HPUX|ZOS|ZVM)-\d{3}[a-z]?$")
    title: str = Field(min_length=1)
    severity: Severity
    kinds: tuple[KindName, ...] = Field(min_length=1)
    applies: str = Field(
        min_length=1,
        description="Which systems the rule speaks about (processor generations, OS levels, workload), so a reader "
        "sees at a glance why it did or did not apply.",
    )
    requires: tuple[str, ...] = Field(min_length=1)
    optional: tuple[str, ...] = ()
    when: str
    escalations: tuple[Escalation, ...] = ()
    message: str = Field(min_length=1)
    rationale: str = Field(min_length=1)
    recommendation: str = Field(min_length=1)
    remediation: tuple[Remediation, ...] = Field(min_length=1)
    shared_fix: str | None = Field(
        None,
        pattern=r"^[a-z0-9-]+$",
        description="Rules naming the same shared fix carry the same remediation; when several fire on one "
        "system the review gives the fix once, on the highest-ranked finding, and links the others to it.",
    )
    impact: int = Field(ge=1, le=5, description="How much fixing it improves the system, 1 (little) to 5 (a lot).")
    confidence: Confidence
    citations: tuple[Cite, ...] = Field(min_length=1)
    tags: tuple[str, ...] = ()
    examples: Examples


class RuleFile(Strict):
    domain: str
    description: str = ""
    rules: tuple[Rule, ...] = Field(min_length=1)
