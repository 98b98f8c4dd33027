"""Messages nobody planned for: shuffled words of the evaluation set mixed with hostile fragments
(units without numbers, half an LFAREA statement, huge numbers, follow-ups with nothing to follow),
over every example document. No turn may raise, and every answer must be grounded or honest."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from tests.chat.eval import runner

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FRAGMENTS = [
    "2x", "x", "4x8G", "10GbE,", "12.288", "1,5", "TB", "?", "and on", "P11", "z16", "7200-05", "LFAREA=(",
    "1M=", "%", "-5", "0", "999999999999999999999", "GB", "undo", "start over", "the fix?", "more", "16 GB",
    "48", "8 Gb", "with AIX 7.3", "what if", "set", "=", "add", "double the memory",
]  # fmt: skip
MARKS = re.compile(r"\[(\d+)\]")


def test_random_conversations_never_fail_and_stay_grounded(engine):
    messages = [t["say"] for p in runner.PARTS for c in runner.load(p) for t in c["turns"]]
    words = " ".join(messages).split() + FRAGMENTS
    documents = [None] + [
        json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
        for name in ("aix-ame4k-64k.json", "vios-undersized.json", "zos-lfarea.json", "zvm-z13.json")
    ]
    rng = random.Random(14)
    for _ in range(80):
        state, document = None, rng.choice(documents)
        for turn in range(rng.randint(1, 4)):
            message = " ".join(rng.choice(words) for _ in range(rng.randint(1, 14)))
            reply = engine.turn(message, state, document=document if turn == 0 else None)
            state = json.loads(reply.state.model_dump_json())
            if reply.intent == "help":  # a greeting or a lone "are": the scope line, no guidance, nothing to cite
                assert not reply.citations
                continue
            if reply.intent in ("error", "clarify") or not reply.covered:
                assert not reply.covered or reply.intent in ("error", "clarify") or reply.citations
                continue
            for line in reply.answer.splitlines():
                marks = [int(m) for m in MARKS.findall(line)]
                assert marks and all(1 <= m <= len(reply.citations) for m in marks), (message, line)
