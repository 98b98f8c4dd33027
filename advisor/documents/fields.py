"""Shared building blocks for document models: strict blocks and documented fields.

Every field carries its unit and the command that shows it, so the JSON Schema
(`advisor schema`) doubles as the admin's reference for where a value comes from.
"""

from __future__ import annotations

import types
import typing
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

MAX_SAFE_INT = 2**53 - 1  # the largest integer every JSON consumer reads exactly


class Block(BaseModel):
    """A strict object: unknown keys are errors (a typo must never pass silently)."""

    # defer_build: a model's validator is built on its first use, not when its module loads (a
    # check of one document pays for the models it validates, not for every block of its kind)
    model_config = ConfigDict(extra="forbid", populate_by_name=True, allow_inf_nan=False, defer_build=True)

    @model_validator(mode="before")
    @classmethod
    def _integral_floats(cls, data: Any) -> Any:
        """Validation is strict (no "2.0" for 2.0, no 1 for true), but JSON Schema's integer includes
        4.0, so an integral float fills an integer field."""
        if isinstance(data, dict):
            ints = _integer_fields(cls)
            if any(isinstance(v, float) and k in ints for k, v in data.items()):
                return {
                    k: int(v) if k in ints and isinstance(v, float) and v.is_integer() else v for k, v in data.items()
                }
        return data

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


@cache
def _integer_fields(model: type[BaseModel]) -> frozenset[str]:
    def is_int(annotation: Any) -> bool:
        if typing.get_origin(annotation) in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(annotation) if a is not type(None)]
            return args == [int]
        return annotation is int

    return frozenset(name for name, info in model.model_fields.items() if is_int(info.annotation))
