"""Request bodies to validated models, with every error's JSON path relative to the body.

The review body is a bare document, `{"document": ...}` or command outputs (api/outputs.py);
the diff body holds two documents. Paths
in errors point into what the client sent, so `$.ame.page_suport` for a bare document and
`$.document.ame.page_suport` when it was wrapped. The document validation itself (unknown
fields with did-you-mean, kinds) is `advisor.documents.io.validate_document`, shared with the CLI.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from advisor.documents import limits
from advisor.documents.errors import DocumentError, json_path
from advisor.documents.io import validate_document
from advisor.inputs import LoadedInput
from api.problems import ErrorItem, ProblemError, errors_detail
from api.settings import Settings

M = TypeVar("M", bound=BaseModel)


def _rebase(path: str, base: str) -> str:
    return base + path[1:] if path.startswith("$") else f"{base}.{path}"


def out_of_range(data: Any, base: str) -> list[ErrorItem]:
    """Numbers beyond the documents' limit (advisor/documents/limits.py), as error items."""
    return [ErrorItem(path=i.path, message=i.message) for i in limits.out_of_range(data, base)]


def check_limits(items: list[tuple[Any, str]]) -> None:
    """The documents' own limits, for each (document, base) of the body: partitions first, then numbers.

    Depth was checked on the whole body as it was read (api/body.py)."""
    errors = [
        ErrorItem(path=i.path, message=i.message) for data, base in items if (i := limits.partitions_issue(data, base))
    ]
    if errors:
        raise ProblemError("too-many-partitions", errors_detail(errors, "The request"), errors=errors)
    errors = [e for data, base in items for e in out_of_range(data, base)]
    if errors:
        raise ProblemError("number-out-of-range", errors_detail(errors, "The request"), errors=errors)


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


def review_input(body: Any, settings: Settings) -> Submitted:
    """A review body holding a document: the document itself or `{"document": ...}` (outputs: api.outputs)."""
    if isinstance(body, dict) and "kind" not in body and "document" in body:
        extra = unknown_keys(body, ("document",))
        if extra:
            raise ProblemError("invalid-request", errors_detail(extra, "The request"), errors=extra)
        return Submitted(*one_document(body["document"], "$.document", settings))
    return Submitted(*one_document(body, "$", settings))


def one_document(data: Any, base: str, settings: Settings) -> tuple[Any, Any]:
    """(data, model) of the document at `base` in the body, or a problem naming every issue."""
    check_limits([(data, base)])
    model, errors = document_errors(data, base)
    if errors:
        raise ProblemError("invalid-document", errors_detail(errors, "The document"), errors=errors)
    return data, model


def diff_input(body: Any, settings: Settings) -> tuple[Any, Any]:
    """The diff body `{"before": doc, "after": doc}` as two validated models; all issues of both at once."""
    if not isinstance(body, dict):
        err = [ErrorItem(path="$", message='expected an object {"before": document, "after": document}')]
        raise ProblemError("invalid-request", errors_detail(err, "The request"), errors=err)
    errors = unknown_keys(body, ("before", "after"))
    errors += [ErrorItem(path=f"$.{k}", message="required") for k in ("before", "after") if k not in body]
    if errors:
        raise ProblemError("invalid-request", errors_detail(errors, "The request"), errors=errors)
    check_limits([(body["before"], "$.before"), (body["after"], "$.after")])
    before, before_errors = document_errors(body["before"], "$.before")
    after, after_errors = document_errors(body["after"], "$.after")
    if before_errors or after_errors:
        errors = before_errors + after_errors
        raise ProblemError("invalid-document", errors_detail(errors, "The documents"), errors=errors)
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
        raise ProblemError("invalid-request", errors_detail(errors, "The request"), errors=errors) from None
