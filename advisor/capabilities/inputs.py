"""Request bodies to validated models, with the limits and every error's JSON path relative to the body.

Every surface (REST routes, MCP tools, the chat's pasted documents) takes documents in here, so a
document gets the same limits (partitions, number magnitudes) and the same did-you-mean errors
wherever it arrives.

The review body is a bare document, `{"document": ...}` or command outputs (outputs.py);
the diff body holds two documents. Paths
in errors point into what the client sent, so `$.ame.page_suport` for a bare document and
`$.document.ame.page_suport` when it was wrapped. The document validation itself (unknown
fields with did-you-mean, kinds) is `advisor.documents.io.validate_document`, shared with the CLI.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from advisor.capabilities.errors import CapabilityError, ErrorItem, errors_detail
from advisor.documents import limits
from advisor.documents.errors import DocumentError, Issue, json_path
from advisor.documents.io import validate_document
from advisor.inputs import LoadedInput

M = TypeVar("M", bound=BaseModel)


class Limits(Protocol):
    """What bounds a request: the API's Settings, or `DEFAULT_LIMITS` for the stdio surfaces."""

    @property
    def max_partitions(self) -> int: ...
    @property
    def max_body_bytes(self) -> int: ...
    @property
    def max_depth(self) -> int: ...


@dataclass(frozen=True)
class DefaultLimits:
    max_partitions: int = 1000
    max_body_bytes: int = 1024 * 1024
    max_depth: int = 32


DEFAULT_LIMITS = DefaultLimits()


def _rebase(path: str, base: str) -> str:
    return base + path[1:] if path.startswith("$") else f"{base}.{path}"


def _item(issue: Issue) -> ErrorItem:
    return ErrorItem(path=issue.path, message=issue.message, suggestion=issue.suggestion)


def check_partitions(items: list[tuple[Any, str]], settings: Limits) -> None:
    """The documents' partition cap (advisor.documents.limits), at this surface's configured maximum."""
    errors = [_item(i) for data, base in items if (i := limits.partitions_issue(data, base, settings.max_partitions))]
    if errors:
        raise CapabilityError("too-many-partitions", errors_detail(errors, "The request"), errors=errors)


def out_of_range(data: Any, base: str) -> list[ErrorItem]:
    """The documents' number limit (advisor.documents.limits), every path relative to the body."""
    return [_item(i) for i in limits.out_of_range(data, base)]


def check_numbers(items: list[tuple[Any, str]]) -> None:
    errors = [e for data, base in items for e in out_of_range(data, base)]
    if errors:
        raise CapabilityError("number-out-of-range", errors_detail(errors, "The request"), errors=errors)


def document_errors(data: Any, base: str) -> tuple[Any, list[ErrorItem]]:
    """(model, []) for a valid document, else (None, its issues rebased onto `base`)."""
    try:
        return validate_document(data, base), []
    except DocumentError as exc:
        return None, [
            ErrorItem(path=_rebase(i.path, base), message=i.message, suggestion=i.suggestion) for i in exc.issues
        ]


def unknown_keys(data: dict, allowed: tuple[str, ...], base: str = "$") -> list[ErrorItem]:
    out = []
    for key in data:
        if key not in allowed:
            close = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
            out.append(ErrorItem(path=f"{base}.{key}", message="unknown field", suggestion=close[0] if close else None))
    return out


@dataclass(frozen=True)
class Submitted:
    """What a review body holds: the document (JSON, as stored) and its model; for command outputs, what was read."""

    document: Any
    model: Any
    loaded: LoadedInput | None = None


def is_outputs(body: Any) -> bool:
    """`{"outputs": [...]}` or `{"bundle": "..."}`: no document has either field."""
    return isinstance(body, dict) and ("outputs" in body or "bundle" in body)


def review_input(body: Any, settings: Limits) -> Submitted:
    """A review body holding a document: the document itself or `{"document": ...}` (outputs: outputs.py)."""
    if isinstance(body, dict) and "kind" not in body and "document" in body:
        extra = unknown_keys(body, ("document",))
        if extra:
            raise CapabilityError("invalid-request", errors_detail(extra, "The request"), errors=extra)
        return Submitted(*one_document(body["document"], "$.document", settings))
    return Submitted(*one_document(body, "$", settings))


def one_document(data: Any, base: str, settings: Limits) -> tuple[Any, Any]:
    """(data, model) of the document at `base` in the body, or a problem naming every issue."""
    check_partitions([(data, base)], settings)
    check_numbers([(data, base)])
    model, errors = document_errors(data, base)
    if errors:
        raise CapabilityError("invalid-document", errors_detail(errors, "The document"), errors=errors)
    return data, model


def diff_input(body: Any, settings: Limits) -> tuple[Any, Any]:
    """The diff body `{"before": doc, "after": doc}` as two validated models; all issues of both at once."""
    if not isinstance(body, dict):
        err = [ErrorItem(path="$", message='expected an object {"before": document, "after": document}')]
        raise CapabilityError("invalid-request", errors_detail(err, "The request"), errors=err)
    errors = unknown_keys(body, ("before", "after"))
    errors += [ErrorItem(path=f"$.{k}", message="required") for k in ("before", "after") if k not in body]
    if errors:
        raise CapabilityError("invalid-request", errors_detail(errors, "The request"), errors=errors)
    check_partitions([(body["before"], "$.before"), (body["after"], "$.after")], settings)
    check_numbers([(body["before"], "$.before"), (body["after"], "$.after")])
    before, before_errors = document_errors(body["before"], "$.before")
    after, after_errors = document_errors(body["after"], "$.after")
    if before_errors or after_errors:
        errors = before_errors + after_errors
        raise CapabilityError("invalid-document", errors_detail(errors, "The documents"), errors=errors)
    return before, after


def validate_model(model: type[M], body: Any) -> M:
    """A calculator request (or any strict edge model) from the body, with JSON-path errors."""
    try:
        return model.model_validate(body)
    except ValidationError as exc:
        errors = []
        for err in exc.errors(include_url=False):
            loc = tuple(err["loc"])
            suggestion = None
            if err["type"] == "extra_forbidden" and loc:
                close = difflib.get_close_matches(str(loc[-1]), list(model.model_fields), n=1, cutoff=0.6)
                suggestion = close[0] if close else None
            message = "unknown field" if err["type"] == "extra_forbidden" else err["msg"]
            errors.append(ErrorItem(path=json_path(loc), message=message, suggestion=suggestion))
        raise CapabilityError("invalid-request", errors_detail(errors, "The request"), errors=errors) from None
