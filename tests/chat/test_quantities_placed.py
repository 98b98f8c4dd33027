"""Every number of a calculator message is used or asked about, over a generated batch of phrasings.

The reader places a number by the words around it: the noun after it ("4 npiv") or before it ("npiv
clients: 120", "cores = 64"), "more" / "another" (an addition), "x", "each", "2 of the 10GbE ports",
ranges ("20-30 npiv", which are asked), thousands written with commas or spaces. A figure that leaves
out a number the user gave may be a confident wrong answer, so a calculation that cannot place one asks
what it is instead. The phrasings below are generated (fixed seed) from templates of my own; the
expected figures come from the calculators' formulas (Redbook 3.5.2 for the VIOS, the AIX sources for
AME), not from the chat.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from advisor.calculators.vios_memory import vios_memory_requirement

CORES = ("{n} cores", "a {n}-core box", "cores: {n}", "cores = {n}", "frame has {n} cores", "{n} core frame")
NPIV = (
    "{n} npiv",
    "{n} npiv clients",
    "npiv adapters: {n}",
    "npiv clients {n}",
    "{n} virtual fc adapters",
    "{n} x npiv",
)
ETH10 = ("{n}x10GbE", "{n} x 10Gb ethernet ports", "10GbE ports: {n}", "{n} of the 10GbE ports", "{n} 10 Gb eth ports")
FC8 = ("{n}x8Gb FC", "{n} 8Gb FC ports", "fc ports (8Gb) = {n}", "{n} of the 8Gb FC ports", "{n} FC ports at 8Gb")
VETH = ("{n} virtual ethernet adapters", "{n} veth adapters")
LEADS = (
    "vios memory for {items}",
    "how much ram does the vios need: {items}",
    "{items} - vios mem?",
    "vios sizing, {items}",
)
JOINS = (", ", " and ", " + ", "; ")
FIELDS = {
    "cores": CORES,
    "npiv_vfc_adapters": NPIV,
    "eth_10g_ports": ETH10,
    "fc_8g_ports": FC8,
    "virtual_eth_adapters": VETH,
}
_DIGITS = re.compile(r"\d+")


def _message(rng: random.Random) -> tuple[str, dict[str, int]]:
    fields = rng.sample(list(FIELDS), rng.randint(2, 3))
    values = {f: rng.choice((16, 24, 32, 48, 64, 96)) if f == "cores" else rng.randint(2, 40) for f in fields}
    items = [rng.choice(FIELDS[f]).format(n=values[f]) for f in fields]
    return rng.choice(LEADS).format(items=rng.choice(JOINS).join(items)), values


def _required(values: dict[str, int]) -> int:
    adapters = {k: v for k, v in values.items() if k != "cores"}
    req = vios_memory_requirement(values.get("cores", 0), **adapters)
    return req.required_mb if "cores" in values else req.adapters_mb


def _inputs(reply) -> set[int]:
    return {int(v) for c in reply.calculations for v in c.inputs.values() if isinstance(v, int | float)}


def _asked(reply) -> str:
    return " ".join(q.question for q in reply.needs_input)


BATCH = [_message(random.Random(seed)) for seed in range(60)]


@pytest.mark.parametrize(("message", "values"), BATCH, ids=[m for m, _ in BATCH])
def test_every_number_of_a_sizing_is_used_or_asked(engine, message, values):
    reply = engine.turn(message)
    used, asked = _inputs(reply), _asked(reply)
    for raw in _DIGITS.findall(message):
        if raw in ("10", "8") and re.search(rf"(?<!\d){raw}\s?Gb", message):
            continue  # the speed of the ports, not a count
        assert int(raw) in used or raw in asked, (message, raw, reply.answer[:300])
    if not reply.needs_input:
        assert f"{_required(values)} MB" in reply.answer, (message, reply.answer[:300])


FOLLOW = ("and add {k} more npiv", "plus {k} more npiv?", "another {k} npiv", "{k} more npiv adapters too")


@pytest.mark.parametrize("follow", FOLLOW)
@pytest.mark.parametrize("k", [3, 12])
def test_more_of_a_counted_thing_is_added_to_it(engine, follow, k):
    """ "and add 4 more npiv" after a sizing: the count it adds to grows; the last figure is never repeated."""
    first = engine.turn("vios memory for 32 cores, 2x10GbE, 4x8Gb FC and 20 npiv")
    assert "6640 MB" in first.answer  # 768 + 1024 + 2048 + 20 x 140
    reply = engine.turn(follow.format(k=k), json.loads(first.state.model_dump_json()))
    assert f"{6640 + 140 * k} MB" in reply.answer, reply.answer[:300]


@pytest.mark.parametrize(
    "follow", ["and 4 more?", "plus 3 more", "and 2 more of them?", "what about 6 more", "and another 5?"]
)
def test_more_of_nothing_said_is_asked_not_the_last_figure(engine, follow):
    first = engine.turn("expanded memory for 32 GB true at factor 2?")
    assert "64 GB" in first.answer
    reply = engine.turn(follow, json.loads(first.state.model_dump_json()))
    assert reply.needs_input, reply.answer[:300]
    assert "64 GB expanded" not in reply.answer


@pytest.mark.parametrize(
    ("message", "reply", "figure"),
    [
        ("vios memory for 32 cores, 20-30 npiv", "30", "4968 MB"),  # 768 + 30 x 140
        ("vios memory for 32 cores and between 10 and 40 npiv", "the higher one", "6368 MB"),  # 768 + 40 x 140
        ("hpt for 4 aix lpars with 16 to 32 GB max on power9", "16 GB", "0.5 GB"),  # 64 / 128
        ("true memory 8.192 MB at factor 1,5 - expanded?", "8192 MB", "12288 MB"),
        ("true memory 4.096 MB, factor 3: expanded memory?", "thousands separator", "12288 MB"),
    ],
)
def test_a_number_read_two_ways_is_asked_and_the_reply_resumes(engine, message, reply, figure):
    first = engine.turn(message)
    assert first.needs_input and not first.calculations, first.answer[:300]
    second = engine.turn(reply, json.loads(first.state.model_dump_json()))
    assert figure in second.answer, second.answer[:300]


@pytest.mark.parametrize(
    ("message", "figure"),
    [
        ("true 16 GB, factor 1,5, expanded?", "24 GB"),
        ("sap instances for 45 000 SAPS on hp-ux", "30"),  # 45000 / 1500
        ("vios: 3 FC adapters with 4 ports each at 8Gb, 32 cores, memory?", "6912 MB"),  # 768 + 12 x 512
        ("vios needs how much? npiv clients 120, cores 128", "17568 MB"),  # 768 + 120 x 140
    ],
)
def test_numbers_written_with_marks_or_nouns_first_are_read(engine, message, figure):
    reply = engine.turn(message)
    assert figure in reply.answer, reply.answer[:300]
