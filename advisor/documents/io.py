"""Reading documents from files, stdin or Python data, JSON or YAML."""

from __future__ import annotations

import json
import sys
from typing import Any

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


MAX_INPUT_BYTES = 16 * 1024 * 1024  # as advisor.inputs: no document comes near


def read_bounded(path: str, source: str) -> bytes:
    """The bytes of a file or of standard input (`-`), refused past MAX_INPUT_BYTES (`/dev/zero` ends)."""
    try:
        if path == "-":
            raw = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            with open(path, "rb") as f:
                raw = f.read(MAX_INPUT_BYTES + 1)
    except OSError as exc:
        raise DocumentError(source, [Issue(path="$", message=f"cannot read: {exc}")]) from None
    if len(raw) > MAX_INPUT_BYTES:
        limit = MAX_INPUT_BYTES // (1024 * 1024)
        raise DocumentError(
            source, [Issue(path="$", message=f"larger than {limit} MiB; no input the advisor reads is")]
        )
    return raw


def load_yaml(text: str) -> Any:
    """yaml.safe_load with a budget on alias expansion; raises yaml.YAMLError past it (advisor.documents.yamlread)."""
    from advisor.documents.yamlread import load_yaml as load

    return load(text)


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
        import yaml  # here: a JSON document (what pipelines check) never loads the YAML reader

        try:
            return load_yaml(text)
        except RecursionError:
            raise _too_deep(source) from None
        except yaml.YAMLError as yerr:
            mark = getattr(yerr, "problem_mark", None)
            if mark is None and str(yerr):  # refused by our own budget (alias expansion), not a syntax error
                raise DocumentError(source, [Issue(path="$", message=f"YAML refused: {yerr}")]) from None
            where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else f"line {jerr.lineno}"
            raise DocumentError(
                source, [Issue(path="$", message=f"neither JSON nor YAML ({where}): {jerr.msg}")]
            ) from None


def read_document(path: str) -> tuple[Any, Any]:
    """Read and validate a document file (`-` = stdin); returns (raw data, model)."""
    source = "<stdin>" if path == "-" else path
    try:
        text = read_bounded(path, source).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DocumentError(source, [Issue(path="$", message=f"cannot read: {exc}")]) from None
    data = parse_text(text, source)
    return data, validate_document(data, source)
