"""Dotted field paths of a kind's schema, as rules name them (`ame.expansion_factor`)."""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel

from advisor.documents import KIND_MODELS


@dataclass(frozen=True)
class FieldType:
    """What a rule may do with a field: compare numbers, match enum values, test booleans."""

    path: str
    type: str  # number | string | bool | enum | list | object
    choices: tuple[Any, ...] = ()
    description: str | None = None


def unwrap(annotation: Any) -> Any:
    """Strip Optional/None and Annotated wrappers."""
    while True:
        origin = get_origin(annotation)
        if origin is typing.Annotated:
            annotation = get_args(annotation)[0]
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in get_args(annotation) if a is not type(None)]
            if len(args) != 1:
                return annotation
            annotation = args[0]
        else:
            return annotation


def classify(path: str, annotation: Any, description: str | None) -> FieldType:
    ann = unwrap(annotation)
    origin = get_origin(ann)
    if origin is Literal:
        return FieldType(path, "enum", get_args(ann), description)
    if origin in (list, tuple):
        return FieldType(path, "list", (), description)
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return FieldType(path, "object", (), description)
    if ann is bool:
        return FieldType(path, "bool", (), description)
    if ann in (int, float):
        return FieldType(path, "number", (), description)
    if ann is str:
        return FieldType(path, "string", (), description)
    if origin in (typing.Union, types.UnionType):  # a union of models (partitions)
        return FieldType(path, "object", (), description)
    return FieldType(path, "string", (), description)


@cache
def schema_paths(kind: str) -> dict[str, FieldType]:
    """Every dotted path of a kind, down through nested blocks (not into lists)."""
    out: dict[str, FieldType] = {}

    def walk(model: type[BaseModel], prefix: str) -> None:
        for name, info in model.model_fields.items():
            path = f"{prefix}{name}"
            ft = classify(path, info.annotation, info.description)
            out[path] = ft
            if ft.type == "object":
                sub = unwrap(info.annotation)
                if isinstance(sub, type) and issubclass(sub, BaseModel):
                    walk(sub, path + ".")

    walk(KIND_MODELS[kind], "")
    return out


def model_fields_at(model: type[BaseModel], loc: tuple[Any, ...]) -> tuple[type[BaseModel] | None, tuple[Any, ...]]:
    """Follow a pydantic error location through nested models; returns the model holding the last key.

    Discriminated unions put the tag (the kind) into the location; it is dropped from the returned
    clean location so paths read as they do in the document.
    """
    clean: list[Any] = []
    current: Any = model
    items = list(loc)
    i = 0
    while i < len(items):
        key = items[i]
        ann = unwrap(current)
        if get_origin(ann) in (list, tuple):
            clean.append(key)
            current = get_args(ann)[0]
            i += 1
            continue
        if get_origin(ann) in (typing.Union, types.UnionType):
            # discriminated union: the next key is the tag
            for arg in get_args(ann):
                arg = unwrap(arg)
                if isinstance(arg, type) and issubclass(arg, BaseModel):
                    tag = arg.model_fields.get("kind")
                    if tag is not None and key in get_args(unwrap(tag.annotation)):
                        current = arg
                        break
            i += 1
            continue
        if isinstance(ann, type) and issubclass(ann, BaseModel):
            if i == len(items) - 1:
                clean.append(key)
                return ann, tuple(clean)
            info = ann.model_fields.get(key)
            clean.append(key)
            if info is None:
                return ann, tuple(clean)
            current = info.annotation
            i += 1
            continue
        clean.append(key)
        i += 1
    return None, tuple(clean)
