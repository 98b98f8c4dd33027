"""Derived values: computed from a document before evaluation, visible to rules as `derived.<name>`.

Each derivation wraps a calculator (advisor/calculators) and declares the kinds it applies to,
its type and unit and the source it rests on. A derivation that lacks inputs raises `Missing`
with the document paths it needed, so a rule requiring it is reported "not assessed" with
those paths; one whose inputs are present but unusable raises `Invalid` with the reason.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from advisor.citations import Cite


class Missing(Exception):
    def __init__(self, paths: list[str]):
        self.paths = paths
        super().__init__(", ".join(paths))


class Invalid(Exception):
    """Inputs are present but cannot be used (e.g. an LFAREA statement that does not parse)."""


@dataclass(frozen=True)
class Derivation:
    name: str
    kinds: tuple[str, ...]
    type: str  # number | bool | string | list
    description: str
    citations: tuple[Cite, ...]
    func: Callable[[BaseModel], Any]
    unit: str | None = None

    @property
    def path(self) -> str:
        return f"derived.{self.name}"


REGISTRY: dict[str, Derivation] = {}


def derivation(
    name: str, *, kinds: tuple[str, ...], type: str, description: str, cite: tuple[Cite, ...], unit: str | None = None
):
    def register(func: Callable[[BaseModel], Any]) -> Callable[[BaseModel], Any]:
        if name in REGISTRY:
            raise RuntimeError(f"derived value {name!r} registered twice")
        REGISTRY[name] = Derivation(name, kinds, type, description, cite, func, unit)
        return func

    return register


def list_derivation(name: str, *, kinds: tuple[str, ...], description: str, cite: tuple[Cite, ...]):
    """Register `name` (a list of offending items, for messages) and `name_count` (its length, for
    conditions: rules cannot read lists) from one function."""

    def register(func: Callable[[BaseModel], Any]) -> Callable[[BaseModel], Any]:
        derivation(name, kinds=kinds, type="list", description=description, cite=cite)(func)

        def count(doc: BaseModel) -> int | None:
            items = func(doc)
            return None if items is None else len(items)

        derivation(
            f"{name}_count",
            kinds=kinds,
            type="number",
            unit="count",
            description=f"Number of entries in derived.{name}.",
            cite=cite,
        )(count)
        return func

    return register


def get_path(model: Any, path: str) -> Any:
    """Value at a dotted path of a model, or None."""
    cur = model
    for part in path.split("."):
        if cur is None:
            return None
        cur = getattr(cur, part, None)
    return cur


def need(model: BaseModel, *paths: str) -> list[Any]:
    """The values at `paths`, or Missing naming every absent one."""
    values = [get_path(model, p) for p in paths]
    missing = [p for p, v in zip(paths, values, strict=False) if v is None]
    if missing:
        raise Missing(missing)
    return values


@dataclass
class DerivedResult:
    values: dict[str, Any]
    missing: dict[str, list[str]]  # name -> document paths it lacked
    invalid: dict[str, str]  # name -> reason


def compute(kind: str, model: BaseModel) -> DerivedResult:
    result = DerivedResult({}, {}, {})
    for d in REGISTRY.values():
        if kind not in d.kinds:
            continue
        try:
            value = d.func(model)
            if isinstance(value, float) and not math.isfinite(value):
                raise Invalid(f"derived.{d.name} is not a finite number for these inputs")
        except Missing as m:
            result.missing[d.name] = m.paths
            continue
        except Invalid as inv:
            result.invalid[d.name] = str(inv)
            continue
        except (ArithmeticError, ValueError) as exc:  # extreme inputs: not assessable, never a crash
            result.invalid[d.name] = f"derived.{d.name} cannot be computed from these values ({exc})"
            continue
        if value is None:
            result.missing[d.name] = []
        else:
            result.values[d.name] = value
    return result


def applicable(kind: str) -> dict[str, Derivation]:
    return {f"derived.{d.name}": d for d in REGISTRY.values() if kind in d.kinds}


def _register_all() -> None:
    """Import every module of this package: each registers its derivations on import."""
    import importlib
    import pkgutil

    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")


_register_all()
