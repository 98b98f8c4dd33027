"""Review a system: a document, or command outputs of one system, to ranked and cited findings.

`SystemInput` is how every capability that looks at one system takes it: a document, command
outputs (assembled as `parse` does), or the id of a stored review (where the surface has a
store). `system()` turns it into a validated model, with every limit and error path applied by
advisor.capabilities.inputs / outputs, the one way in.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from advisor.assemble.kind import ASSEMBLED_KINDS
from advisor.assemble.model import Conflict, InputWarning
from advisor.capabilities.context import Context
from advisor.capabilities.errors import CapabilityError, ErrorItem
from advisor.capabilities.inputs import Submitted, one_document
from advisor.capabilities.models import EXAMPLE_LPAR, Strict
from advisor.capabilities.outputs import MAX_OUTPUTS, OutputIn, load_outputs
from advisor.findings import Review

REVIEW_ID_PATTERN = r"^rv_[0-9a-f]{20}$"


class SystemInput(Strict):
    """One system: `document`, or `outputs`/`bundle` (with optional `kind`, `name`), or a stored `review_id`."""

    review_id: str | None = Field(
        None, pattern=REVIEW_ID_PATTERN, description="A stored review (POST /v1/reviews): its document is used."
    )
    document: dict[str, Any] | None = Field(
        None, description="A configuration document (contract section 1): `kind`, `name` and the fields known."
    )
    outputs: list[OutputIn] | None = Field(
        None,
        min_length=1,
        max_length=MAX_OUTPUTS,
        description="Command outputs instead of a document (`lparstat -i`, `amepat`, `vmo -L`, ...), as printed.",
    )
    bundle: str | None = Field(None, min_length=1, description="A collector bundle instead of a document.")
    kind: Literal[ASSEMBLED_KINDS] | None = Field(  # type: ignore[valid-type]
        None, description="With outputs or bundle: the document kind (default: decided from the outputs)."
    )
    name: str | None = Field(
        None, min_length=1, max_length=256, description="With outputs or bundle: the system's name."
    )

    @model_validator(mode="after")
    def _one_system(self) -> SystemInput:
        given = [
            self.review_id is not None,
            self.document is not None,
            self.outputs is not None or self.bundle is not None,
        ]
        if sum(given) > 1:
            raise ValueError("give the system once: `review_id`, `document`, or `outputs`/`bundle`")
        if not given[2] and (self.kind is not None or self.name is not None):
            raise ValueError("`kind` and `name` go with `outputs` or `bundle`")
        return self

    @property
    def given(self) -> bool:
        return (
            self.review_id is not None
            or self.document is not None
            or self.outputs is not None
            or self.bundle is not None
        )


def system(req: SystemInput, ctx: Context) -> Submitted | None:
    """The system the request names, validated (None when it names none)."""
    if req.document is not None:
        return Submitted(*one_document(req.document, "$.document", ctx.limits))
    if req.outputs is not None or req.bundle is not None:
        loaded = load_outputs(req.outputs, req.bundle, kind=req.kind, name=req.name)
        return Submitted(loaded.document_json(), loaded.model, loaded)
    if req.review_id is not None:
        stored = ctx.find_document(req.review_id) if ctx.find_document is not None else None
        if stored is None:
            where = "" if ctx.find_document is not None else " (this surface has no store: send the document)"
            raise CapabilityError(
                "review-not-found",
                f"No review {req.review_id}{where}.",
                errors=[ErrorItem(path="$.review_id", message="no such review")],
            )
        return Submitted(*one_document(stored, "$.review_id", ctx.limits))
    return None


class ReviewSystemRequest(SystemInput):
    """The system to review; `store` keeps the review under the calling API key (HTTP only)."""

    model_config = {
        "extra": "forbid",
        "strict": True,
        "json_schema_extra": {"examples": [{"document": EXAMPLE_LPAR}]},
    }

    store: bool = Field(
        False, description="Store the review under the calling API key and return its `review_id` (HTTP only)."
    )

    @model_validator(mode="after")
    def _something(self) -> ReviewSystemRequest:
        if self.review_id is not None:
            raise ValueError("a review takes `document` or `outputs`/`bundle`; `review_id` is for explain and what-if")
        if not self.given:
            raise ValueError("give `document`, or `outputs` (a list of {command, text}) or `bundle`")
        return self


class ReviewResult(Review):
    """Contract section 2; reviews of command outputs add the document read and what could not be read."""

    review_id: str | None = Field(None, description="Where the review is stored, when `store` was asked.")
    document: dict[str, Any] | None = Field(
        None, description="Reviews of command outputs only: the document assembled from them."
    )
    warnings: list[InputWarning] | None = Field(
        None, description="Reviews of command outputs only: lines that could not be read, with output and line."
    )
    conflicts: list[Conflict] | None = Field(
        None, description="Reviews of command outputs only: fields on which outputs disagree."
    )


def run_review(sub: Submitted, ctx: Context) -> ReviewResult:
    """The review of a validated system; for command outputs, with what was read beside it."""
    loaded = sub.loaded
    if loaded is None:
        return ReviewResult.model_construct(**dict(ctx.advisor.review(sub.model)))
    review = ctx.advisor.review(sub.model, provenance=loaded.provenance)
    return ReviewResult.model_construct(
        **dict(review), document=sub.document, warnings=loaded.warnings, conflicts=loaded.conflicts
    )


def review(req: ReviewSystemRequest, ctx: Context) -> ReviewResult:
    """Review one system (document or command outputs); store it when asked and the surface can."""
    sub = system(req, ctx)
    assert sub is not None  # the request model requires a system
    result = run_review(sub, ctx)
    if req.store:
        if ctx.store_review is None:
            raise CapabilityError(
                "invalid-request",
                "The request has 1 problem: $.store: this surface has no store (use the HTTP MCP endpoint or the API)",
                errors=[ErrorItem(path="$.store", message="this surface has no store")],
            )
        result.review_id = ctx.store_review(sub, result)
    return result
