"""Shared building blocks for document models: strict blocks and documented fields.

Every field carries its unit and the command that shows it, so the JSON Schema
(`advisor schema`) doubles as the admin's reference for where a value comes from.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

MAX_SAFE_INT = 2**53 - 1  # the largest integer every JSON consumer reads exactly


class Block(BaseModel):
    """A strict object: unknown keys are errors (a typo must never pass silently)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, allow_inf_nan=False)

    @model_validator(mode="after")
    def _safe_integers(self):
        """No configuration value needs more than 53 bits; larger ones break JSON consumers downstream."""
        for name, value in self.__dict__.items():
            if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_SAFE_INT:
                raise ValueError(f"{name}: {value} is beyond the largest supported integer ({MAX_SAFE_INT})")
        return self


def fld(description: str, *, unit: str | None = None, command: str | None = None, **kwargs: Any) -> Any:
    """A documented optional field; `unit` and `command` land in the JSON Schema as x-unit / x-command."""
    extra: dict[str, Any] = {}
    if unit:
        extra["x-unit"] = unit
    if command:
        extra["x-command"] = command
    kwargs.setdefault("default", None)
    return Field(description=description, json_schema_extra=extra or None, **kwargs)
