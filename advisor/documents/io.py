"""Reading documents from files, stdin or Python data, JSON or YAML."""

from __future__ import annotations

import json
import sys
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


MAX_INPUT_BYTES = 16 * 1024 * 1024  # as advisor.inputs: no document comes near
MAX_ALIAS_NODES = 10_000  # nodes YAML aliases may repeat in all: a configuration needs a handful


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


class _AliasBudget(yaml.SafeLoader):
    """SafeLoader that counts what aliases expand to: `a: &a [*b, *b, ...]` nine levels deep is a
    538-byte file of a billion nodes, which any later walk of the data never finishes."""

    def __init__(self, stream: str):
        super().__init__(stream)
        self._repeated = 0
        self._sizes: dict[int, int] = {}

    def _size(self, node: yaml.Node) -> int:
        known = self._sizes.get(id(node))
        if known is None:
            if isinstance(node, yaml.SequenceNode):
                known = 1 + sum(self._size(n) for n in node.value)
            elif isinstance(node, yaml.MappingNode):
                known = 1 + sum(self._size(k) + self._size(v) for k, v in node.value)
            else:
                known = 1
            self._sizes[id(node)] = known
        return known

    def compose_node(self, parent: yaml.Node | None, index: object) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            anchored = self.anchors.get(self.peek_event().anchor)
            if anchored is not None:
                self._repeated += self._size(anchored)
                if self._repeated > MAX_ALIAS_NODES:
                    raise yaml.YAMLError(f"aliases repeat more than {MAX_ALIAS_NODES} nodes (an alias bomb?)")
        return super().compose_node(parent, index)  # type: ignore[misc]


def load_yaml(text: str) -> Any:
    """yaml.safe_load with a budget on alias expansion; raises yaml.YAMLError past it."""
    loader = _AliasBudget(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


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
