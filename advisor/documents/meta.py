"""Where a document field comes from: its description, unit and the command that shows it.

The document models carry `x-unit` and `x-command` on every field (advisor/documents/fields.py),
so a missing-data question can name exactly the command an admin runs to get the value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from pydantic import BaseModel

from advisor.documents import KIND_MODELS
from advisor.documents.paths import unwrap


@dataclass(frozen=True)
class FieldMeta:
    path: str
    description: str | None
    unit: str | None
    command: str | None


@cache
def field_meta(kind: str, path: str) -> FieldMeta:
    """Metadata of `path` (dotted; list indexes ignored) in the schema of `kind`."""
    model: type[BaseModel] | None = KIND_MODELS.get(kind)
    info = None
    for part in re.sub(r"\[\d+\]", "", path).split("."):
        if model is None or part not in model.model_fields:
            return FieldMeta(path, None, None, None)
        info = model.model_fields[part]
        ann = unwrap(info.annotation)
        args = getattr(ann, "__args__", ())
        if isinstance(ann, type) and issubclass(ann, BaseModel):
            model = ann
        elif args and isinstance(args[0], type) and issubclass(args[0], BaseModel):
            model = args[0]  # list of blocks
        else:
            model = None
    extra = (info.json_schema_extra if info is not None and isinstance(info.json_schema_extra, dict) else {}) or {}
    return FieldMeta(path, info.description if info else None, extra.get("x-unit"), extra.get("x-command"))


def question_for(kind: str, path: str) -> tuple[str, str | None, str | None]:
    """(question text, command, unit) asking for one field."""
    meta = field_meta(kind, path)
    what = meta.description.rstrip(".") if meta.description else path
    unit = f" (in {meta.unit})" if meta.unit and meta.unit not in ("count", "factor") else ""
    text = f"What is {path}{unit}? {what}."
    if meta.command:
        text += f" Shown by: {meta.command}."
    return text, meta.command, meta.unit
