"""The assembled document as its kind's model.

A value an output states but the schema refuses (a weight above 255, a level the pattern does not
allow) is dropped and reported with its source line: the rest of the document is still reviewed.
Issues that no single value explains (a missing name) are raised as a DocumentError.
"""

from __future__ import annotations

from typing import Any

from advisor.assemble.merge import json_path
from advisor.assemble.model import Assembly, InputWarning
from advisor.documents.errors import DocumentError
from advisor.documents.io import validate_document

MAX_ROUNDS = 20


def _drop(document: dict[str, Any], dotted: str) -> None:
    parts = dotted.split(".")
    node: Any = document
    for part in parts[:-1]:
        node = node[int(part)] if part.isdigit() else node[part]
    node.pop(parts[-1], None)


def to_model(assembly: Assembly, source: str) -> tuple[Any, Assembly]:
    """(validated model, the assembly with the dropped values removed and reported)."""
    document = assembly.document
    provenance = dict(assembly.provenance)
    warnings = list(assembly.warnings)
    for _ in range(MAX_ROUNDS):
        try:
            model = validate_document(document, source, limits=False)
        except DocumentError as err:
            by_json = {json_path(p): p for p in provenance}
            dropped = False
            for issue in err.issues:
                dotted = by_json.get(issue.path)
                if dotted is None or dotted == "name":
                    continue
                src = provenance.pop(dotted)
                warnings.append(
                    InputWarning(
                        file=src.file,
                        command=src.command_line or src.command,
                        line_no=src.line_no,
                        line=src.line,
                        reason=f"{dotted} left out: the document refuses the value ({issue.message})",
                    )
                )
                _drop(document, dotted)
                dropped = True
            if not dropped:
                raise
            continue
        return model, assembly.model_copy(update={"document": document, "provenance": provenance, "warnings": warnings})
    raise DocumentError(source, [])  # pragma: no cover - MAX_ROUNDS values refused one by one
