"""Input errors that name the file, the JSON path and, for typos, the closest valid name."""

from __future__ import annotations

import difflib
from typing import Any

from pydantic import BaseModel, ValidationError

from advisor.documents import KIND_MODELS, KINDS
from advisor.documents.paths import model_fields_at, schema_paths


class Issue(BaseModel):
    path: str
    message: str
    suggestion: str | None = None

    def __str__(self) -> str:
        hint = f" (did you mean '{self.suggestion}'?)" if self.suggestion else ""
        return f"{self.path}: {self.message}{hint}"


class DocumentError(ValueError):
    """A document that cannot be reviewed; `issues` lists every problem found."""

    def __init__(self, source: str, issues: list[Issue]):
        self.source = source
        self.issues = issues
        super().__init__("\n".join(f"{source}: {i}" for i in issues))


def json_path(loc: tuple[Any, ...]) -> str:
    out = "$"
    for key in loc:
        out += f"[{key}]" if isinstance(key, int) else f".{key}"
    return out


def _suggest(name: str, model: type[BaseModel] | None, kind: str | None) -> str | None:
    """An exact name at another level first (the field is misplaced), then a close name here (a typo)."""
    if kind:
        leaves = [p for p in schema_paths(kind) if p.rsplit(".", 1)[-1] == name]
        if leaves:
            return leaves[0]
    if model is not None:
        close = difflib.get_close_matches(name, list(model.model_fields), n=1, cutoff=0.6)
        if close:
            return close[0]
    return None


def issues_from_validation(exc: ValidationError, data: Any) -> list[Issue]:
    kind = data.get("kind") if isinstance(data, dict) else None
    root = KIND_MODELS.get(kind) if isinstance(kind, str) else None
    issues: list[Issue] = []
    for err in exc.errors(include_url=False):
        loc = tuple(err["loc"])
        etype = err["type"]
        if etype == "union_tag_invalid" or (etype == "union_tag_not_found" and not loc):
            tag = err.get("input", {}).get("kind") if isinstance(err.get("input"), dict) else None
            close = difflib.get_close_matches(str(tag), KINDS, n=1, cutoff=0.5) if tag else []
            msg = (
                f"unknown kind {tag!r}; expected one of {', '.join(KINDS)}"
                if tag
                else f"missing 'kind'; expected one of {', '.join(KINDS)}"
            )
            issues.append(Issue(path=json_path(loc + ("kind",)), message=msg, suggestion=close[0] if close else None))
            continue
        if root is not None and loc and loc[0] == kind:
            loc = loc[1:]  # the discriminator tag of the top-level union
        model, clean = model_fields_at(root, loc) if root is not None else (None, loc)
        if etype == "extra_forbidden":
            name = str(clean[-1]) if clean else ""
            issues.append(Issue(path=json_path(clean), message="unknown field", suggestion=_suggest(name, model, kind)))
        else:
            issues.append(Issue(path=json_path(clean), message=err["msg"]))
    return issues
