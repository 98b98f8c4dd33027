"""Derived values: computed from a document before evaluation, visible to rules as `derived.<name>`.

Each derivation wraps a calculator (advisor/calculators) and declares the kinds it applies to,
its type and unit and the source it rests on. The modules of this package are imported per kind
(MODULES), on first use: reviewing an AIX document never imports the z/OS or HP-UX calculators.
A derivation that lacks inputs raises `Missing` with the document paths it needed, so a rule
requiring it is reported "not assessed" with those paths; one whose inputs are present but
unusable raises `Invalid` with the reason.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache, wraps
from typing import Any, TypeVar

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
    module: str = ""  # the module of this package that defines it (see MODULES)
    needs: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (kind, paths): see `derivation`

    @property
    def path(self) -> str:
        return f"derived.{self.name}"


REGISTRY: dict[str, Derivation] = {}
_MEMO = threading.local()  # the memo of the `compute` call running on this thread
T = TypeVar("T")


def shared(func: Callable[[Any], T]) -> Callable[[Any], T]:
    """An intermediate several derived values of one document read (expanded memory, the HPT,
    an LFAREA assessment): computed once per `compute` call, its Missing/Invalid included.
    Outside `compute` it is the plain function."""

    @wraps(func)
    def once(doc: Any) -> T:
        memo = getattr(_MEMO, "memo", None)
        if memo is None:
            return func(doc)
        key = (func, id(doc))
        if key not in memo:
            try:
                memo[key] = (True, func(doc))
            except (Missing, Invalid, ArithmeticError, ValueError) as exc:
                memo[key] = (False, exc)
        ok, value = memo[key]
        if ok:
            return value
        raise value.with_traceback(None)

    return once


def derivation(
    name: str,
    *,
    kinds: tuple[str, ...],
    type: str,
    description: str,
    cite: tuple[Cite, ...],
    unit: str | None = None,
    module: str | None = None,
    needs: Needs = (),
):
    """Register `func` as `derived.<name>`.

    `needs`: the paths the function's first `need` asks for (per kind, as {kind: paths}, when its
    first step depends on the kind). `compute` checks them before calling it: a document that lacks
    one gets the same Missing (those of the paths it lacks, in this order) without the call and its
    exception, the common case of a sparse document. tests/derive/test_shared_intermediates.py
    checks that this equals calling the function."""

    def register(func: Callable[[BaseModel], Any]) -> Callable[[BaseModel], Any]:
        if name in REGISTRY:
            raise RuntimeError(f"derived value {name!r} registered twice")
        per_kind = needs if isinstance(needs, dict) else {kind: needs for kind in kinds} if needs else {}
        REGISTRY[name] = Derivation(
            name, kinds, type, description, cite, func, unit, module or func.__module__, tuple(per_kind.items())
        )
        return func

    return register


Needs = tuple[str, ...] | dict[str, tuple[str, ...]]


def list_derivation(name: str, *, kinds: tuple[str, ...], description: str, cite: tuple[Cite, ...], needs: Needs = ()):
    """Register `name` (a list of offending items, for messages) and `name_count` (its length, for
    conditions: rules cannot read lists) from one function; `needs` as for `derivation`, for both."""

    def register(func: Callable[[BaseModel], Any]) -> Callable[[BaseModel], Any]:
        func = shared(func)  # the list and its count are one computation
        derivation(name, kinds=kinds, type="list", description=description, cite=cite, needs=needs)(func)

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
            module=func.__module__,
            needs=needs,
        )(count)
        return func

    return register


@lru_cache(maxsize=4096)
def _parts(path: str) -> tuple[str, ...]:
    return tuple(path.split("."))


def path_parts(path: str) -> tuple[str, ...]:
    """A dotted path split once, for `absent`."""
    return _parts(path)


def absent(model: Any, parts: tuple[str, ...]) -> bool:
    """get_path(model, path) is None, for a path split by `path_parts`."""
    for part in parts:
        model = getattr(model, part, None)
        if model is None:
            return True
    return False


def get_path(model: Any, path: str) -> Any:
    """Value at a dotted path of a model, or None."""
    cur = model
    for part in _parts(path):
        if cur is None:
            return None
        cur = getattr(cur, part, None)
    return cur


def need(model: BaseModel, *paths: str) -> list[Any]:
    """The values at `paths`, or Missing naming every absent one."""
    values = [get_path(model, p) for p in paths]
    if None in values:
        raise Missing([p for p, v in zip(paths, values, strict=True) if v is None])
    return values


@dataclass
class DerivedResult:
    values: dict[str, Any]
    missing: dict[str, list[str]]  # name -> document paths it lacked
    invalid: dict[str, str]  # name -> reason


def compute(kind: str, model: BaseModel) -> DerivedResult:
    result = DerivedResult({}, {}, {})
    outer = getattr(_MEMO, "memo", None)
    _MEMO.memo = {}
    try:
        _compute(_plan(kind), model, result)
    finally:
        _MEMO.memo = outer
    return result


@cache
def _of_kind(kind: str) -> tuple[Derivation, ...]:
    """The kind's derivations, in MODULES order then definition order, whatever was imported first."""
    modules = _load(kind)
    return tuple(d for m in modules for d in REGISTRY.values() if d.module == m and kind in d.kinds)


Gate = tuple[tuple[str, tuple[str, ...]], ...]  # (path, its parts) a derivation needs first


@cache
def _plan(kind: str) -> tuple[tuple[Derivation, Gate], ...]:
    """The kind's derivations, each with the paths it needs first on this kind (see `derivation`)."""
    return tuple((d, tuple((p, _parts(p)) for p in dict(d.needs).get(kind, ()))) for d in _of_kind(kind))


def _compute(plan: tuple[tuple[Derivation, Gate], ...], model: BaseModel, result: DerivedResult) -> None:
    lacks: dict[str, bool] = {}  # path -> absent, for the paths several derivations need
    for d, gate in plan:
        if gate:
            lacking = []
            for path, parts in gate:
                gone = lacks.get(path)
                if gone is None:
                    gone = lacks[path] = absent(model, parts)
                if gone:
                    lacking.append(path)
            if lacking:
                result.missing[d.name] = lacking
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


def applicable(kind: str) -> dict[str, Derivation]:
    return {f"derived.{d.name}": d for d in _of_kind(kind)}


def everything() -> dict[str, Derivation]:
    """Every kind's derivations by name (imports every module: for documentation and the chat's
    calculators, not for a review)."""
    for kind in KINDS:
        _of_kind(kind)
    return REGISTRY


# module of this package -> the kinds its derivations apply to. A kind imports only its modules
# (and so only their calculators); tests/derive/test_lazy_kinds.py keeps this list true.
MODULES: dict[str, tuple[str, ...]] = {
    "ame": ("aix-lpar",),
    "hpux": ("hpux-server",),
    "power": ("aix-lpar", "vios", "managed-system"),
    "virtualio": ("aix-lpar", "vios", "managed-system"),
    "zsystems": ("zos-lpar", "zvm-lpar"),
}
KINDS = ("aix-lpar", "vios", "managed-system", "hpux-server", "zos-lpar", "zvm-lpar")
_IMPORT_LOCK = threading.Lock()


def _load(kind: str) -> tuple[str, ...]:
    """Import the modules holding `kind`'s derivations (each registers them on import); their
    qualified names, in MODULES order."""
    import importlib

    modules = tuple(f"{__name__}.{m}" for m, kinds in MODULES.items() if kind in kinds)
    with _IMPORT_LOCK:
        for module in modules:
            importlib.import_module(module)
    return modules
