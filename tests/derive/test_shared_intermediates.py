"""Shared intermediates (`derive.shared`) are a cache, never a change of meaning: `compute` with
them gives the values, missing paths and reasons of every derivation called on its own."""

from __future__ import annotations

import copy
import math

import pytest

from advisor import derive
from advisor.documents.io import validate_document
from advisor.review import units_of
from bench import generator
from tests.support.maximal import maximal_document

KINDS = ("aix-lpar", "vios", "hpux-server", "zos-lpar", "zvm-lpar", "managed-system")


def _alone(kind: str, model) -> derive.DerivedResult:
    """Each derivation evaluated by itself, outside `compute` (so `shared` helpers recompute)."""
    out = derive.DerivedResult({}, {}, {})
    for d in derive.applicable(kind).values():
        try:
            value = d.func(model)
            if isinstance(value, float) and not math.isfinite(value):
                raise derive.Invalid(f"derived.{d.name} is not a finite number for these inputs")
        except derive.Missing as m:
            out.missing[d.name] = m.paths
            continue
        except derive.Invalid as inv:
            out.invalid[d.name] = str(inv)
            continue
        except (ArithmeticError, ValueError) as exc:
            out.invalid[d.name] = f"derived.{d.name} cannot be computed from these values ({exc})"
            continue
        if value is None:
            out.missing[d.name] = []
        else:
            out.values[d.name] = value
    return out


def _documents() -> list[dict]:
    docs = [g.document for g in generator.generate(120, seed=11)]
    docs += [maximal_document(k) for k in KINDS if k != "managed-system"]
    docs.append(generator.managed_system(12, seed=4))
    return docs


@pytest.mark.parametrize("raw", _documents(), ids=lambda raw: f"{raw['kind']}-{raw['name']}")
def test_compute_equals_each_derivation_alone(raw):
    for unit in units_of(validate_document(raw)):
        assert derive.compute(unit.kind, unit.model) == _alone(unit.kind, unit.model)


def test_a_shared_helper_runs_once_per_compute():
    calls = []

    @derive.shared
    def helper(doc):
        calls.append(doc)
        raise derive.Missing(["memory.desired_gb"])

    for _ in range(3):
        with pytest.raises(derive.Missing):
            helper("doc")
    assert len(calls) == 3  # outside compute: the plain function

    derive._MEMO.memo = {}
    try:
        for _ in range(3):
            with pytest.raises(derive.Missing) as err:
                helper("doc")
            assert err.value.paths == ["memory.desired_gb"]
    finally:
        derive._MEMO.memo = None
    assert len(calls) == 4


def _without(raw: dict, path: str) -> dict:
    doc = copy.deepcopy(raw)
    *parents, last = path.split(".")
    block = doc
    for part in parents:
        block = block.get(part) or {}
    block.pop(last, None)
    return doc


GATED = sorted(
    {(kind, d.name, needs) for d in derive.everything().values() for kind, needs in d.needs},
)


@pytest.mark.parametrize("kind,name,needs", GATED, ids=[f"{k}-{n}" for k, n, _ in GATED])
def test_a_derivations_needs_are_what_it_asks_for_first(kind, name, needs):
    """`needs` lets compute skip a call: the document lacking any one of them, or all, must give the
    Missing the function itself raises (and with all present, its value)."""
    variants = [maximal_document(kind)]
    variants += [_without(variants[0], p) for p in needs]
    all_gone = variants[0]
    for p in needs:
        all_gone = _without(all_gone, p)
    variants.append(all_gone)
    for raw in variants:
        model = validate_document(raw)
        computed, alone = derive.compute(kind, model), _alone(kind, model)
        assert (computed.values.get(name), computed.missing.get(name), computed.invalid.get(name)) == (
            alone.values.get(name),
            alone.missing.get(name),
            alone.invalid.get(name),
        )
