"""Bad input: property-based fuzzing of the document models and of reading document files.

The property: whatever comes in, `validate_document` returns a model or raises DocumentError,
and `read_document` does the same for any bytes in a file; nothing else escapes (no
ValidationError, TypeError, RecursionError, UnicodeDecodeError...). Inputs: valid documents of
every kind with 1-4 values or keys replaced by something hostile (huge and negative numbers,
NaN and infinity, 100 000-character strings, lone surrogates, NUL, bytes that are not UTF-8,
nesting thousands deep, containers where scalars belong, non-string keys, Python objects JSON
cannot hold), arbitrary values at the top level, and files of arbitrary bytes, broken UTF-8 and
deep nesting in JSON and YAML.

Documents that do validate must also review (durable-rules equal to the reference evaluator)
and render as JSON. The three defects this fuzzing found (integers beyond 64 bits, a calculator
overflow escaping derive, a derived infinity reaching the engine) are fixed; their reproductions
are the regression tests at the end.

Examples are derandomized (the same every run) and counted: see the "inputs tried" summary.
"""

from __future__ import annotations

import copy
import math
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from advisor.documents import KINDS
from advisor.documents.errors import DocumentError
from advisor.documents.io import read_document, validate_document
from advisor.render import json_out
from bench.generator import generate
from tests.support.maximal import maximal_document

BASES = [maximal_document(k) for k in KINDS] + [g.document for g in generate(40, seed=5)]
SETTINGS = dict(
    deadline=None,
    derandomize=True,
    database=None,
    # `count` is meant to accumulate over the examples of a test, so the fixture is not reset per example
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
        HealthCheck.function_scoped_fixture,
    ],
)


def nested(depth: int, leaf=1):
    value = leaf
    for i in range(depth):
        value = [value] if i % 2 else {"a": value}
    return value


HOSTILE = [
    lambda: 10**100,
    lambda: -(10**100),
    lambda: 2**63,
    lambda: 2**64,
    lambda: -(2**63) - 1,
    lambda: -1,
    lambda: -0.0,
    lambda: math.nan,
    lambda: math.inf,
    lambda: -math.inf,
    lambda: 1e308,
    lambda: 5e-324,
    lambda: True,
    lambda: None,
    lambda: "x" * 100_000,
    lambda: "\ud800",
    lambda: "a\x00b",
    lambda: "名前",
    lambda: "",
    lambda: " 3 ",
    lambda: "NaN",
    lambda: b"\xff\xfe\xfd",
    lambda: b"ok",
    lambda: bytearray(b"\xc3"),
    lambda: [],
    lambda: {},
    lambda: [1, "a", None],
    lambda: {"a": {"b": 1}},
    lambda: {1: "int key"},
    lambda: {("t",): 1},
    lambda: set(),
    lambda: (1, 2),
    lambda: object(),
    lambda: complex(1, 2),
    lambda: nested(60),
    lambda: nested(120),
    lambda: float,
]
# Nesting inside a document stops at 120 levels (the API refuses more than 32): deeper values make
# pydantic-core's repr of the input, and hypothesis' own printing, hit the recursion limit on top of
# pytest's stack. Parsers meet real depth below, in files nested up to 50 000 levels.
hostile = st.sampled_from(HOSTILE).map(lambda make: make())
scalars = st.one_of(st.integers(), st.floats(), st.text(max_size=30), st.binary(max_size=30), st.booleans(), st.none())
json_like = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=12), inner, max_size=4)),
    max_leaves=20,
)


def _paths(value, prefix=()):
    out = [prefix]
    if len(prefix) < 8:
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for key, child in items:
            out += _paths(child, prefix + (key,))
    return out


@st.composite
def mutated_documents(draw):
    """A valid document with 1-4 places replaced by, or given an extra key holding, something hostile."""
    doc = copy.deepcopy(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(1, 4))):
        path = draw(st.sampled_from(_paths(doc)))
        value = draw(st.one_of(hostile, json_like))
        if not path:
            continue
        node = doc
        for key in path[:-1]:
            node = node[key]
        if isinstance(node, dict) and draw(st.booleans()):
            node[draw(st.sampled_from(["naem", "kind", "x" * 300, 7, None, "ame", "partitions"]))] = value
        else:
            node[path[-1]] = value
    return doc


def _only_document_error(data) -> object | None:
    try:
        return validate_document(data, "fuzz")
    except DocumentError as err:
        assert err.issues, "a DocumentError must name at least one issue"
        str(err)  # the message itself must render
        return None


@settings(max_examples=300, **SETTINGS)
@given(mutated_documents())
def test_mutated_documents_raise_only_document_error(count, doc):
    count()
    _only_document_error(doc)


@settings(max_examples=150, **SETTINGS)
@given(
    st.one_of(
        hostile,
        json_like,
        st.dictionaries(
            st.sampled_from(["kind", "name", "partitions", "ame", 1]),
            st.one_of(hostile, json_like, st.sampled_from(KINDS)),
        ),
    )
)
def test_arbitrary_values_raise_only_document_error(count, data):
    count()
    _only_document_error(data)


def _file_bytes():
    good = st.sampled_from(BASES).map(lambda d: __import__("json").dumps(d).encode())
    return st.one_of(
        st.binary(max_size=400),
        good,
        st.tuples(good, st.integers(0, 10_000), st.binary(min_size=1, max_size=8)).map(  # corrupt a valid file
            lambda t: t[0][: t[1] % max(1, len(t[0]))] + t[2] + t[0][t[1] % max(1, len(t[0])) :]
        ),
        st.integers(50, 50_000).map(lambda n: b"[" * n + b"]" * n),  # deep JSON
        st.integers(50, 50_000).map(lambda n: b'{"a":' * n + b"1" + b"}" * n),
        # deep YAML: flow nesting only to 400 (PyYAML's pure-Python scanner takes ~4 s at 1 500 levels, see
        # docs/reliability.md); block nesting reaches the RecursionError path fast
        st.integers(50, 400).map(lambda n: b"a: " + b"[" * n + b"]" * n),
        st.integers(50, 3_000).map(lambda n: b"".join(b" " * i + b"k:\n" for i in range(n))),
        st.sampled_from(
            [
                b'{"kind": "aix-lpar", "name": "\xff"}',
                b"\xef\xbb\xbf{}",
                "{}".encode("utf-16"),
                b'{"kind": "aix-lpar", "name": "x", "memory": {"desired_gb": NaN}}',
                b'{"kind": "aix-lpar", "name": "x", "memory": {"desired_gb": 1e999}}',
                b"!!python/object/apply:os.system ['true']",
                b"&a [*a]",
                b"kind: aix-lpar\nname: !!binary gIGC",
                b"kind: aix-lpar\nname: 2024-01-01",
                b"kind: aix-lpar\nname: x\n1: 2",
                b"",
                b"\x00" * 10,
            ]
        ),
    )


@settings(max_examples=100, **SETTINGS)
@given(_file_bytes())
def test_any_file_raises_only_document_error(count, tmp_path_factory, data):
    count()
    path = tmp_path_factory.mktemp("fuzz") / "doc.json"
    path.write_bytes(data)
    limit = sys.getrecursionlimit()
    try:
        read_document(str(path))
    except DocumentError as err:
        assert err.issues
    assert sys.getrecursionlimit() == limit


# --- documents that validate must review and render -------------------------------------------

FINITE_INT = st.one_of(st.integers(0, 2**53), st.sampled_from([0, 1, 255, 256, 65_535, 2**31, 2**53]))
FINITE_FLOAT = st.one_of(st.floats(0, 1e12), st.sampled_from([0.0, 5e-324, 1e-300, 1e-5, 0.1 + 0.2, 1e12]))
TEXT = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["x" * 100_000, "名前", "a\x00b", "\u2028", '"\\', "e+5", "null", "1e+16", "NaN"]),
)


@st.composite
def valid_extremes(draw):
    """A valid document with up to 6 leaves set to extreme values of their own type."""
    doc = copy.deepcopy(draw(st.sampled_from(BASES)))
    leaves = [p for p in _paths(doc) if p and not isinstance(_get(doc, p), (dict, list))]
    for _ in range(draw(st.integers(1, 6))):
        path = draw(st.sampled_from(leaves))
        current = _get(doc, path)
        if isinstance(current, bool) or path[-1] == "kind":
            continue
        value = draw(FINITE_INT if isinstance(current, int) else FINITE_FLOAT if isinstance(current, float) else TEXT)
        _get(doc, path[:-1])[path[-1]] = value
    return doc


def _get(doc, path):
    for key in path:
        doc = doc[key]
    return doc


@settings(max_examples=150, **SETTINGS)
@given(valid_extremes())
def test_valid_extreme_documents_review_and_render(count, durable_advisor, reference_advisor, doc):
    count()
    model = _only_document_error(doc)
    if model is None:
        return
    a, b = durable_advisor.review(model), reference_advisor.review(model)
    assert a.model_dump() == b.model_dump()
    json_out.render_reviews([a], single=True)


# --- defects the fuzzing found, fixed by their owners (documents, derive): regression tests


def _vios(**changes):
    doc = copy.deepcopy(maximal_document("vios"))
    for dotted, value in changes.items():
        *parents, last = dotted.split("__")
        _get(doc, parents)[last] = value
    return doc


def test_integer_beyond_53_bits_is_an_input_error():
    with pytest.raises(DocumentError, match="beyond"):  # the door: advisor/documents/limits.py
        validate_document(_vios(adapters__fc_8g_ports=2**64))
    with pytest.raises(DocumentError, match="largest supported integer"):  # the model, behind it
        validate_document(_vios(adapters__fc_8g_ports=2**64), limits=False)


def test_calculator_overflow_makes_rules_not_assessed(durable_advisor):
    doc = copy.deepcopy(maximal_document("aix-lpar"))
    doc["memory"]["desired_gb"] = 1e308
    with pytest.raises(DocumentError, match="beyond"):  # refused at the door on every surface
        validate_document(doc)
    review = durable_advisor.review(validate_document(doc, limits=False))  # the defence behind the door
    assert any(
        n.reason and "cannot be computed" in n.reason or n.reason and "not a finite number" in n.reason
        for n in review.not_assessed
    ), review.not_assessed


def test_derived_infinity_never_reaches_the_engine(durable_advisor, reference_advisor):
    model = validate_document(_vios(memory_gb=1e308), limits=False)  # past the door's number limit
    review = durable_advisor.review(model)
    assert review.model_dump() == reference_advisor.review(model).model_dump()
    assert any(n.rule_id == "VIOS-001" and "finite" in (n.reason or "") for n in review.not_assessed)
