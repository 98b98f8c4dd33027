"""A search for inputs that cost more per byte as they grow, in every parser and in the chat reader.

Issue 12: `{"outputs":[{"text":"x\\n" + 20000 spaces + "y"}]}` held a worker for seconds (a
backtracking pattern), and uvicorn killed it with the requests of other clients in flight.
Candidates are real sample lines with one character pumped at several places (see
tests/reliability/slowness.py); the costliest at 2 KB are measured again at 16 KB and must cost
about the same per byte. Every parser of the registry is searched, so a parser added later is too.
"""

from __future__ import annotations

import random

import pytest

from advisor.chat import ChatEngine
from advisor.inputs import load_text
from advisor.parsers import registry
from advisor.parsers.bundle import parse_bundle
from tests.parsers.parser_samples import command_of, load, names
from tests.reliability import slowness

POOL = 16  # candidates per function searched; more find nothing new and cost CI time


def _samples(command: str) -> list[str]:
    return [load(n) for n in names() if command_of(n) == command]


@pytest.mark.parametrize("parser", registry.PARSERS, ids=lambda p: p.COMMAND)
def test_no_parser_slows_down_per_byte(parser, count) -> None:
    pool = slowness.candidates(_samples(parser.COMMAND), random.Random(parser.COMMAND), POOL)
    slow = slowness.search(parser.detect, pool) + slowness.search(parser.parse, pool)
    count(2 * len(pool))
    assert not slow, "\n".join(map(str, slow))


def test_detection_bundles_and_the_whole_way_in_stay_linear(count) -> None:
    """Prompt lines and bundle markers (advisor/inputs.py, parsers/bundle.py) and detection over all parsers."""
    samples = [load(n) for n in names()]
    pool = slowness.candidates(samples, random.Random(7), POOL)
    pool += [
        slowness.Candidate("prompt then spaces", "root@lpar1:/ # lparstat -i", " ", "\nx"),
        slowness.Candidate("bundle marker pumped", "#### ADVISOR-BUNDLE ", "=", " cmd\n"),
        slowness.Candidate("dollar prompts", "$ ", "$ ", "lparstat -i\n"),
    ]
    slow = []
    for fn in (registry.detect, parse_bundle, load_text):
        slow += slowness.search(fn, pool)
        count(len(pool))
    assert not slow, "\n".join(map(str, slow))


_MESSAGES = [
    "set x = 1",
    "set memory.max_gb to 64",
    "what if SMT is 4 and the expansion factor 1.5",
    "why AME-001?",
    "why didn't LPAR-003 fire",
    "explain the second finding",
    "How much VIOS memory for 4 cores with 2 LHEA and 16 virtual Ethernet adapters?",
    "AME expansion factor 2.0 with 64 GB true memory and 8 GB paging space",
    "HP-UX cell local memory 25% of 512 GB RAM, 40 cores, 12000 SAPS",
    "LFAREA=(1M=(40%),2G=(2)) on a z/OS LPAR with 256 GB",
    "What is the HPT ratio for POWER9 with 1 TB maximum memory?",
]


def test_the_chat_reader_stays_linear(count) -> None:
    """Every turn kind reads the message with patterns; the exact attack of the issue is the first candidate."""
    engine = ChatEngine()
    pool = [slowness.Candidate("issue 12: set x = 1, spaces, newline b", "set x = 1", " ", "\nb")]
    pool += slowness.candidates(_MESSAGES, random.Random(14), POOL + 8)
    slow = slowness.search(engine.turn, pool, keep=3)
    count(len(pool))
    assert not slow, "\n".join(map(str, slow))
