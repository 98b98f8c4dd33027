"""What a review returns (contract section 2)."""

from __future__ import annotations

from typing import Any, TypeVar

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


M = TypeVar("M", bound=BaseModel)
_ORDER: dict[type, tuple[str, ...]] = {}  # model class -> its field names, in order
_set = object.__setattr__


def trusted(cls: type[M], **values: Any) -> M:
    """`cls.model_construct(**values)` for the models here (no aliases, no extra fields, no
    post-init hook), where every field is given: the same instance at a fraction of the cost
    (model_construct resolves aliases and defaults field by field), for values the review built
    itself, already of the fields' types. Tested equal to model_construct."""
    order = _ORDER.get(cls)
    if order is None:
        order = _ORDER[cls] = tuple(cls.__pydantic_fields__)
    if tuple(values) != order:  # given in another order, or a field missing or unknown
        ordered = {name: values[name] for name in order}  # KeyError: a field not given
        if len(ordered) != len(values):
            raise TypeError(f"{cls.__name__} has no field {sorted(set(values) - set(ordered))}")
        values = ordered
    obj = cls.__new__(cls)
    _set(obj, "__dict__", values)
    _set(obj, "__pydantic_fields_set__", set(order))
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    return obj
