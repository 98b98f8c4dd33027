"""The question that asks for a missing field, worded from its metadata (advisor.documents.meta)."""

from __future__ import annotations

from advisor.documents.meta import FieldMeta, field_meta

__all__ = ["FieldMeta", "field_meta", "question_for"]


def question_for(kind: str, path: str) -> tuple[str, str | None, str | None]:
    """(question text, command, unit) asking for one field."""
    meta = field_meta(kind, path)
    what = meta.description.rstrip(".") if meta.description else path
    unit = f" (in {meta.unit})" if meta.unit and meta.unit not in ("count", "factor") else ""
    text = f"What is {path}{unit}? {what}."
    if meta.command:
        text += f" Shown by: {meta.command}."
    return text, meta.command, meta.unit
