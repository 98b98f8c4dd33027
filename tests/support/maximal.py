"""Maximal documents: every field of a kind present, numbers at the rules' own thresholds."""

from __future__ import annotations

import types
import typing
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel

from advisor.documents import KIND_MODELS


def _unwrap(ann: Any) -> Any:
    while True:
        origin = get_origin(ann)
        if origin is typing.Annotated:
            ann = get_args(ann)[0]
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in get_args(ann) if a is not type(None)]
            if len(args) != 1:
                return args  # a union of models: build the first
            ann = args[0]
        else:
            return ann


def _number_within(info) -> float:
    lo, hi = 0.0, None
    for m in info.metadata:
        lo = getattr(m, "ge", None) if getattr(m, "ge", None) is not None else lo
        hi = getattr(m, "le", None) if getattr(m, "le", None) is not None else hi
    value = 3.0 if hi is None or hi >= 3 else float(hi)
    return max(value, lo)


def value_for(name: str, info, ann: Any, depth: int = 0) -> Any:
    ann = _unwrap(ann)
    if isinstance(ann, list):
        return build(ann[0], depth + 1)
    origin = get_origin(ann)
    if origin is Literal:
        return get_args(ann)[0]
    if origin in (list, tuple):
        (item,) = get_args(ann)[:1]
        item = _unwrap(item)
        if isinstance(item, list):
            return [build(m, depth + 1) for m in item]
        if isinstance(item, type) and issubclass(item, BaseModel):
            return [build(item, depth + 1)]
        return ["VM65586"] if item is str else [1]
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return build(ann, depth + 1)
    if ann is bool:
        return True
    if ann is int:
        return int(_number_within(info))
    if ann is float:
        return _number_within(info)
    if ann is str:
        if name == "lfarea":
            return "LFAREA=(1M=(40%),2G=(2))"
        pattern = next((getattr(m, "pattern", None) for m in info.metadata if getattr(m, "pattern", None)), None)
        return "7.2" if pattern else f"{name}-x"
    return None


def build(model: type[BaseModel], depth: int = 0) -> dict:
    doc = {}
    for name, info in model.model_fields.items():
        value = value_for(name, info, info.annotation, depth)
        if value is not None:
            doc[name] = value
    return doc


def maximal_document(kind: str) -> dict:
    doc = build(KIND_MODELS[kind])
    doc["kind"] = kind
    return doc
