"""The one error a capability raises: a stable problem name, a one-line detail and the bad inputs' paths.

Surfaces translate it without rewording: the API answers `application/problem+json` of type
`/problems/<name>` (api.problems registers the names and their HTTP statuses), an MCP tool
returns it as a tool error with the same `errors`, the chat words it as a refusal. Paths are
JSON paths into the request as the client sent it (`$.document.ame.page_suport`,
`$.changes[0].path`), so the same mistake reads the same on every surface.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class ErrorItem(BaseModel):
    path: str = Field(description="JSON path of the bad input, e.g. `$.ame.page_suport`; `query.limit` for parameters.")
    message: str
    suggestion: str | None = Field(None, description="The closest valid name, for a typo.")
    line: int | None = Field(
        None,
        ge=1,
        description=(
            "For command output text (`invalid-outputs`): the line of the text at fault, from 1. Absent otherwise."
        ),
    )

    def body(self) -> dict[str, Any]:
        data = self.model_dump()
        if data["line"] is None:
            del data["line"]
        return data


class CapabilityError(Exception):
    """Bad input to a capability (or a missing resource): `name` is the problem type, `errors` the paths."""

    def __init__(
        self,
        name: str,
        detail: str,
        *,
        errors: list[ErrorItem] | None = None,
        extra: dict[str, Any] | None = None,
    ):
        super().__init__(detail)
        self.name, self.detail, self.errors, self.extra = name, detail, errors, extra

    def body(self) -> dict[str, Any]:
        """The error as data (an MCP tool error's structured content), without the HTTP framing."""
        out: dict[str, Any] = {"error": self.name, "detail": self.detail}
        if self.errors is not None:
            out["errors"] = [e.body() for e in self.errors]
        if self.extra:
            out.update(self.extra)
        return out


def errors_detail(errors: list[ErrorItem], what: str) -> str:
    """A one-line human summary of the first few errors."""
    shown = "; ".join(
        f"{e.path}: {e.message}" + (f" (did you mean '{e.suggestion}'?)" if e.suggestion else "") for e in errors[:3]
    )
    more = f"; and {len(errors) - 3} more" if len(errors) > 3 else ""
    return f"{what} has {len(errors)} problem{'s' if len(errors) != 1 else ''}: {shown}{more}"


def invalid(name: str, errors: list[ErrorItem], what: str = "The request") -> CapabilityError:
    return CapabilityError(name, errors_detail(errors, what), errors=errors)
