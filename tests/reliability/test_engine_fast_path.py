"""The engine's fast path (docs/performance.md) changes no answer.

advisor.engine.durable sends each ruleset only the fields its rules read, flat under short names
(`_flattener`), encodes with orjson where that is exactly what `encode_fact` would send
(`_encode`, `_encode_all`), and reads the fired rule's name and the facts' ids from the action
result without parsing the echoed facts (`_read`).
Here: the encodings agree value for value on awkward facts, the C core accepts them, durable
and the reference evaluator still fire the same rules when the fact carries much it does not
read (exponent floats, huge ints, quotes, non-ASCII), and the result reader agrees with a parser.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from advisor.engine import durable
from tests.engine.test_differential import fact_strategy

SETTINGS = dict(
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
)

awkward_scalars = st.one_of(
    st.floats(allow_nan=False, allow_infinity=False),
    st.integers(-(2**70), 2**70),
    st.booleans(),
    st.none(),
    st.text(max_size=20),
    st.sampled_from([1e16, 1e-5, 5e-324, 1.5e300, -0.0, "e+5", '"quoted"', "back\\slash", "名前", "null", "1e+16"]),
)
awkward = st.recursive(
    awkward_scalars, lambda inner: st.dictionaries(st.text(min_size=1, max_size=8), inner, max_size=4), max_leaves=12
)


@settings(max_examples=200, **SETTINGS)
@given(st.dictionaries(st.text(min_size=1, max_size=8), awkward, max_size=6))
def test_fast_encoding_means_what_encode_fact_means(count, fact):
    count()
    assert json.loads(durable._encode(fact)) == json.loads(durable.encode_fact(fact))


@pytest.mark.parametrize("kind", ["aix-lpar", "vios", "hpux-server", "zos-lpar", "zvm-lpar", "managed-system"])
def test_projection_and_encoding_keep_the_answers(kind, durable_advisor, reference_advisor, count):
    if kind not in durable_advisor.rulebook.kinds:
        pytest.skip(f"no {kind} rules")

    @settings(max_examples=80, **SETTINGS)
    @given(fact_strategy(kind), st.dictionaries(st.text(min_size=1, max_size=8), awkward, max_size=5))
    def check(fact, junk):
        count()
        fact = {**junk, **fact, "derived": {**{f"unread_{k}": v for k, v in junk.items()}, **fact.get("derived", {})}}
        assert durable_advisor.evaluator.fired(kind, fact) == reference_advisor.evaluator.fired(kind, fact)

    check()


def _parsed(result: str) -> tuple[str, list[int]]:
    ((name, body),) = json.loads(result).items()
    return name, [match["m"]["id"] for match in (body if isinstance(body, list) else [body])]


@pytest.mark.parametrize(
    "result",
    [
        '{"AME-001":[{"m":{"id":0,"k":1}}]}',
        '{"AME-002#1":[{"m":{"id":12,"k":1,"a":"a \\"quoted\\": {\\"m\\":{\\"id\\":3,"}}]}',  # in a string
        '{"R":[{"m":{"id":1,"k":1}},{"m":{"id":2,"k":1}},{"m":{"id":1,"k":1}}]}',  # several facts, one twice
        '{"R":{"m":{"id":4,"k":1}}}',  # an uncapped rule's shape: parsed in full
        ' { "spaced" : [{"m": {"id": 3}}]}',  # not what the C core writes: parsed in full
        '{"R":[{"m":{"id":-1,"k":1}}]}',  # not an id we send: parsed in full
    ],
)
def test_fired_rule_names_and_fact_ids_are_read_as_a_parser_reads_them(result):
    """One action result holds one action name (serializeResult in the C core writes `{"NAME":...}`;
    durable's own Python host also reads only the first key of it) and the facts it matched, whose
    text starts with the `id` we gave them."""
    assert durable._read(result, True) == _parsed(result)


def test_a_nested_frame_start_inside_a_fact_is_read_in_full():
    """A document's nested object can hold `{"m":{"id":...` as real JSON (not inside a string): then
    the session is not `known` and the result is parsed in full, not split at the fake frame."""
    fact = {"id": 5, "k": 1, "a": {"m": {"id": 9, "x": 1}}}
    payload = durable._encode_all([fact])
    assert durable._FRAME in payload
    result = '{"R":[{"m":' + payload[1:-1] + "}]}"
    assert durable._read(result, durable._FRAME not in payload) == ("R", [5])
    assert durable._read(result, True) != ("R", [5])  # what the fast path alone would have read
