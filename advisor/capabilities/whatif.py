"""What-if: change fields of a system's document, review it again, and report what the change does.

Changes are `{path, value}` on the document (`ame.page_support`, `partitions[1].memory.desired_gb`;
null removes the field). The changed document goes through the same validation as any document,
so a mistyped path or a wrong value gets the same did-you-mean error, pointed at the change
(`$.changes[0].path` or `.value`). Findings before and after are matched with advisor.diff:
introduced, resolved, kept, and changed severity, each finding with its citations; the rules
that read the changed fields (directly or through a derived value that moved) are listed with
theirs, so even "nothing changes" names the rules that were checked.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field, model_validator

from advisor import derive
from advisor.capabilities.context import Context
from advisor.capabilities.errors import CapabilityError, ErrorItem, errors_detail, invalid
from advisor.capabilities.inputs import one_document, out_of_range
from advisor.capabilities.models import EXAMPLE_LPAR
from advisor.capabilities.review import SystemInput, system
from advisor.diff import ReviewDiff, diff_reviews
from advisor.findings import CitationOut, Review
from advisor.review import units_of

MAX_CHANGES = 50
PATH_PATTERN = r"^[A-Za-z_][A-Za-z0-9_]*(\[\d{1,6}\])?(\.[A-Za-z_][A-Za-z0-9_]*(\[\d{1,6}\])?){0,15}$"
_PART = re.compile(r"([^.\[\]]+)(?:\[(\d+)\])?")
_INDEX = re.compile(r"\[\d+\]")


class ChangeError(ValueError):
    """The change cannot be applied: unknown field, unparsable value, or an ambiguous partition."""


class ChangeLike(Protocol):
    @property
    def path(self) -> str: ...
    @property
    def value(self) -> Any: ...


class ChangeIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    path: str = Field(
        min_length=1,
        max_length=512,
        pattern=PATH_PATTERN,
        description="Dotted field path in the document: `ame.page_support`, `partitions[1].memory.desired_gb`.",
    )
    value: Any = Field(description='The new value, typed as the schema says (4 not "4"); null removes the field.')


class WhatIfRequest(SystemInput):
    """A system (document, outputs or stored review) and the changes to try on it."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "document": EXAMPLE_LPAR,
                    "changes": [{"path": "ame.page_support", "value": "64K"}],
                }
            ]
        },
    )

    changes: list[ChangeIn] = Field(min_length=1, max_length=MAX_CHANGES, description="Applied in order.")

    @model_validator(mode="after")
    def _has_system(self) -> WhatIfRequest:
        if not self.given:
            raise ValueError("give the system to change: `document`, `review_id`, or `outputs`/`bundle`")
        return self


class AppliedChange(BaseModel):
    path: str
    before: Any = Field(None, description="The value before the change (null: not set).")
    after: Any = Field(None, description="The value after it (null: removed).")


class RuleRead(BaseModel):
    rule_id: str
    title: str
    citations: list[CitationOut]


class WhatIfResult(ReviewDiff):
    """advisor.diff's introduced / resolved / kept / changed, plus the changed document and the rules checked."""

    system: str
    changes: list[AppliedChange]
    document: dict[str, Any] = Field(description="The document with the changes made.")
    rules_read: list[RuleRead] = Field(
        description="Rules that read a changed field, directly or through a derived value that moved."
    )


def get_at(doc: dict, path: str) -> Any:
    cur: Any = doc
    for key, idx in _PART.findall(path):
        if not isinstance(cur, dict):
            return None
        cur = cur.get(key)
        if idx:
            cur = cur[int(idx)] if isinstance(cur, list) and int(idx) < len(cur) else None
    return cur


def apply_changes(doc: dict, changes: Sequence[ChangeLike]) -> dict:
    """A copy of `doc` with the changes made (None removes a field); intermediate blocks are created."""
    new = copy.deepcopy(doc)
    for ch in changes:
        parts = _PART.findall(ch.path)
        cur: Any = new
        for n, (key, idx) in enumerate(parts):
            last = n == len(parts) - 1
            if last and not idx:
                if ch.value is None:
                    cur.pop(key, None)
                else:
                    cur[key] = ch.value
                break
            if idx:
                seq = cur.get(key)
                if not isinstance(seq, list) or int(idx) >= len(seq):
                    raise ChangeError(f"{ch.path}: there is no {key}[{idx}] in this document")
                if last:
                    seq[int(idx)] = ch.value
                    break
                cur = seq[int(idx)]
                if not isinstance(cur, dict):
                    raise ChangeError(f"{ch.path}: {key}[{idx}] is not a block")
            else:
                cur = cur.setdefault(key, {})
                if not isinstance(cur, dict):
                    raise ChangeError(f"{ch.path}: {key} is not a block")
    return new


def readers(ctx: Context, before_model: Any, after_model: Any, changes: Sequence[ChangeLike]) -> list[str]:
    """Rules that read a changed field, directly or through a derived value whose result moved."""
    out: list[str] = []
    after_units = {u.path: u for u in units_of(after_model)}
    for unit in units_of(before_model):
        other = after_units.get(unit.path)
        if other is None:
            continue
        if unit.path == "$":
            local = {_INDEX.sub("", c.path) for c in changes}
        else:
            prefix = unit.path[2:] + "."
            local = {_INDEX.sub("", c.path[len(prefix) :]) for c in changes if c.path.startswith(prefix)}
        before_values = derive.compute(unit.kind, unit.model).values
        after_values = derive.compute(other.kind, other.model).values
        moved = {
            f"derived.{k}"
            for k in set(before_values) | set(after_values)
            if before_values.get(k) != after_values.get(k)
        }
        for cr in ctx.advisor.rulebook.for_kind(unit.kind):
            if set(cr.reads) & (local | moved) and cr.id not in out:
                out.append(cr.id)
    return out


def outcome(
    ctx: Context, before_doc: dict, before_model: Any, after_doc: dict, after_model: Any, changes: Sequence[ChangeLike]
) -> tuple[WhatIfResult, Review]:
    """What the change does (and the review after it, for surfaces that keep going from there)."""
    before, after = ctx.advisor.review(before_model), ctx.advisor.review(after_model)
    diff = diff_reviews(before, after)
    rules = ctx.advisor.rulebook.rules
    result = WhatIfResult(
        **dict(diff),
        system=after_model.name,
        changes=[AppliedChange(path=c.path, before=get_at(before_doc, c.path), after=c.value) for c in changes],
        document=after_doc,
        rules_read=[
            RuleRead(rule_id=rid, title=rules[rid].rule.title, citations=ctx.advisor.citations(rid))
            for rid in readers(ctx, before_model, after_model, changes)
        ],
    )
    return result, after


def _blame(issue_path: str, changes: Sequence[ChangeIn]) -> tuple[int, bool] | None:
    """(index of the change at fault, whether its path rather than its value is wrong), latest change first."""
    for i in reversed(range(len(changes))):
        target = "$." + changes[i].path
        if issue_path == target or issue_path.startswith((target + ".", target + "[")):
            return i, False
        if target.startswith((issue_path + ".", issue_path + "[")):
            return i, True
    return None


def _change_errors(issues: list[ErrorItem], changes: Sequence[ChangeIn], kind: str) -> list[ErrorItem]:
    out = []
    for issue in issues:
        doc_path = "$" + issue.path[len("$.document") :]
        blamed = _blame(doc_path, changes)
        if blamed is None:
            out.append(ErrorItem(path="$.changes", message=f"{doc_path[2:]}: {issue.message}"))
            continue
        i, path_wrong = blamed
        field = doc_path[2:]
        unknown = issue.message == "unknown field"
        if unknown and (path_wrong or doc_path == "$." + changes[i].path):
            parent = field.rpartition(".")[0]
            hint = issue.suggestion
            if hint and "." not in hint and parent:
                hint = f"{parent}.{hint}"
            out.append(
                ErrorItem(
                    path=f"$.changes[{i}].path",
                    message=f"unknown field '{field}' for a {kind} document",
                    suggestion=hint,
                )
            )
        else:
            out.append(
                ErrorItem(
                    path=f"$.changes[{i}].value", message=f"{field}: {issue.message}", suggestion=issue.suggestion
                )
            )
    return out


def whatif(req: WhatIfRequest, ctx: Context) -> WhatIfResult:
    """Apply the changes to the system's document, review before and after, and compare."""
    sub = system(req, ctx)
    assert sub is not None  # the request model requires a system
    numbers = [e for i, c in enumerate(req.changes) for e in out_of_range(c.value, f"$.changes[{i}].value")]
    if numbers:
        raise invalid("number-out-of-range", numbers)
    try:
        new_doc = apply_changes(sub.document, req.changes)
    except ChangeError as exc:
        index = next(i for i, c in enumerate(req.changes) if str(exc).startswith(c.path + ":"))
        raise invalid("invalid-request", [ErrorItem(path=f"$.changes[{index}].path", message=str(exc))]) from None
    try:
        _, after_model = one_document(new_doc, "$.document", ctx.limits)
    except CapabilityError as exc:
        errors = _change_errors(exc.errors or [], req.changes, str(sub.document.get("kind")))
        raise CapabilityError(exc.name, errors_detail(errors, "The changed document"), errors=errors) from None
    return outcome(ctx, sub.document, sub.model, new_doc, after_model, req.changes)[0]
