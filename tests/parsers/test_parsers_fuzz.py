"""Whatever text arrives, a parser answers with a result or a ParseError, nothing else."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from advisor.parsers import registry
from advisor.parsers.base import ParseError, ParseResult
from advisor.parsers.bundle import parse_bundle, split_bundle
from tests.parsers.parser_samples import command_of, load, names

FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ALPHABET = st.sampled_from(list("abcXYZ019 .,:=-%()[]/\t\r\n") + ["\u00a0", "MB", "GB", "K", "True", "-", "<<"])
NOISE = st.lists(ALPHABET, max_size=60).map("".join)
SAMPLES = {command: [load(n) for n in names() if command_of(n) == command] for command in registry.commands()}


def check(parser, text: str) -> None:
    assert 0.0 <= parser.detect(text) <= 1.0
    try:
        result = parser.parse(text)
    except ParseError:
        return
    assert isinstance(result, ParseResult)
    assert result.data or result.warnings


@st.composite
def mutated(draw, command: str) -> str:
    lines = draw(st.sampled_from(SAMPLES[command])).splitlines(keepends=True)
    for _ in range(draw(st.integers(0, 4))):
        op = draw(st.sampled_from(["drop", "dup", "noise", "insert", "cut"]))
        if not lines:
            break
        i = draw(st.integers(0, len(lines) - 1))
        if op == "drop":
            del lines[i]
        elif op == "dup":
            lines.insert(i, lines[i])
        elif op == "noise":
            at = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:at] + draw(NOISE) + lines[i][at:]
        elif op == "insert":
            lines.insert(i, draw(NOISE) + "\n")
        else:
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
            del lines[i + 1 :]
    return "".join(lines)


@pytest.mark.parametrize("parser", registry.PARSERS, ids=lambda p: p.COMMAND)
def test_random_text_only_ever_raises_parse_error(parser) -> None:
    @FUZZ
    @given(st.text(max_size=400) | NOISE)
    def run(text: str) -> None:
        check(parser, text)

    run()


@pytest.mark.parametrize("parser", registry.PARSERS, ids=lambda p: p.COMMAND)
def test_damaged_real_output_only_ever_raises_parse_error(parser) -> None:
    @FUZZ
    @given(st.data())
    def run(data) -> None:
        check(parser, data.draw(mutated(parser.COMMAND)))

    run()


@FUZZ
@given(st.text(max_size=600))
def test_bundles_of_random_text_never_raise_anything_but_parse_error(text: str) -> None:
    assert registry.detect(text) in set(registry.commands()) | {None}
    try:
        split_bundle(text)
        parse_bundle(text)
    except ParseError:
        pass
