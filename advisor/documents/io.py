"""Reading documents from files, stdin or Python data, JSON or YAML."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from advisor.documents import DOCUMENT_ADAPTER
from advisor.documents.errors import DocumentError, Issue, issues_from_validation
from advisor.documents.limits import check_limits


def validate_document(data: Any, source: str = "<document>", *, limits: bool = True) -> Any:
    """Validate one document; raises DocumentError with every issue, path and suggestion.

    Strict: `"enabled": 1` or `"expansion_factor": "2.0"` are errors, not coerced, so a pipeline
    never passes on a value the admin did not write as meant (an integer still fills a float field).
    The limits (advisor/documents/limits.py) come first, as LimitError; `limits=False` is for
    documents our own parsers assembled, whose numbers the caller checks against their source lines.
    """
    if not isinstance(data, dict):
        raise DocumentError(source, [Issue(path="$", message="a document must be a JSON object")])
    if limits:
        check_limits(data, source)
    try:
        return DOCUMENT_ADAPTER.validate_python(data, strict=True)
    except ValidationError as exc:
        raise DocumentError(source, issues_from_validation(exc, data)) from None


def _too_deep(source: str) -> DocumentError:
    return DocumentError(
        source,
        [
            Issue(
                path="$",
                message="nested too deeply to read (thousands of levels); a configuration document nests a few levels",
            )
        ],
    )


def parse_text(text: str, source: str) -> Any:
    """JSON first (exact), YAML as the fallback for hand-written documents.

    Both parsers recurse: a pathologically nested input raises RecursionError, which becomes a
    DocumentError like any other unreadable input (tests/reliability fuzz this)."""
    try:
        return json.loads(text)
    except RecursionError:
        raise _too_deep(source) from None
    except json.JSONDecodeError as jerr:
        try:
            return yaml.safe_load(text)
        except RecursionError:
            raise _too_deep(source) from None
        except yaml.YAMLError as yerr:
            mark = getattr(yerr, "problem_mark", None)
            where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else f"line {jerr.lineno}"
            raise DocumentError(
                source, [Issue(path="$", message=f"neither JSON nor YAML ({where}): {jerr.msg}")]
            ) from None


def read_document(path: str) -> tuple[Any, Any]:
    """Read and validate a document file (`-` = stdin); returns (raw data, model)."""
    source = "<stdin>" if path == "-" else path
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DocumentError(source, [Issue(path="$", message=f"cannot read: {exc}")]) from None
    data = parse_text(text, source)
    return data, validate_document(data, source)
