"""Measuring the chat's answers against the question files (tests/chat/questions_*.yaml).

A question is a hit when one of the answer's first three citations matches an expected
source + section, or one of the citations of an expected rule. Shared by the quality test and
by `python -m tests.chat.quality`, which prints the misses while tuning.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import yaml

from advisor.knowledge.inventory import is_core

HERE = Path(__file__).parent
QUESTION_FILES = ("questions_power.yaml", "questions_other.yaml")


def load_questions() -> list[dict]:
    out = []
    for name in QUESTION_FILES:
        for item in yaml.safe_load((HERE / name).read_text(encoding="utf-8")):
            out.append({**item, "file": name})
    return out


def expected_keys(item: dict, advisor) -> set[tuple[str, str]]:
    keys = {(s["source"], s["section"]) for s in item.get("expect_sections", [])}
    for rid in item.get("expect_rules", []):
        if rid in advisor.rulebook.rules:
            keys |= {(c.source_id, c.section) for c in advisor.citations(rid)}
    return keys


def is_core_item(item: dict) -> bool:
    rules = item.get("expect_rules") or []
    return bool(rules) and is_core(rules[0])


@dataclass
class Outcome:
    item: dict
    reply: object
    hit: bool | None  # None: out of scope
    first_ok: bool | None
    keys: list[tuple[str, str]]


def evaluate(engine) -> list[Outcome]:
    outcomes = []
    for item in load_questions():
        reply = engine.turn(item["q"])
        keys = [(c.source_id, c.section) for c in reply.citations]
        if item["intent"] == "out-of-scope":
            outcomes.append(Outcome(item, reply, None, None, keys))
            continue
        expected = expected_keys(item, engine.advisor)
        hit = any(k in expected for k in keys[:3])
        first = bool(keys) and keys[0] in expected
        outcomes.append(Outcome(item, reply, hit, first, keys))
    return outcomes


def recall(outcomes: list[Outcome]) -> float:
    scored = [o for o in outcomes if o.hit is not None]
    return sum(o.hit for o in scored) / len(scored)


def main() -> None:
    from advisor.chat import ChatEngine

    outcomes = evaluate(ChatEngine())
    for o in outcomes:
        bad = (
            (o.hit is False)
            or (is_core_item(o.item) and not o.first_ok)
            or (o.hit is None and o.reply.covered)
            or (o.hit is not None and not o.reply.covered)
        )
        if bad or "-v" in sys.argv:
            print(f"{'MISS' if bad else 'ok'} [{o.reply.intent}] {o.item['q'][:100]}")
            for k in o.keys[:3]:
                print("     ", k)
    scored = [o for o in outcomes if o.hit is not None]
    print(f"recall@3 = {recall(outcomes):.3f} over {len(scored)} questions ({len(outcomes)} with out-of-scope)")


if __name__ == "__main__":
    main()
