"""JSON arrays rendered one element at a time are byte for byte the one-shot rendering.

`advisor.render.json_out.dumps_array` renders each review and nests its text in the array
(docs/performance.md: keeping every review's dict alive until one big dump made garbage
collection dominate `advisor check` over thousands of files). Same bytes, always.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from advisor.documents.io import validate_document
from advisor.render import json_out
from bench.generator import generate

json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**63), 2**64 - 1),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(),
        st.sampled_from(["line\nbreak", "\r\n", "\u2028", "  indented", "[\n  x\n]", ""]),
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=10), inner, max_size=4)),
    max_leaves=25,
)


@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.lists(json_values, max_size=6))
def test_dumps_array_is_dumps_of_the_list(count, items):
    count()
    assert json_out.dumps_array(iter(items)) == json_out.dumps(items)


def test_reviews_render_as_before(durable_advisor, count):
    reviews = [durable_advisor.review(validate_document(g.document)) for g in generate(60, seed=31)]
    count(len(reviews))
    assert json_out.render_reviews(reviews, single=False) == json_out.dumps(
        [r.model_dump(mode="json") for r in reviews]
    )
    assert json_out.render_reviews(reviews[:1], single=True) == json_out.dumps(reviews[0].model_dump(mode="json"))
    assert json_out.render_reviews([], single=False) == "[]"
