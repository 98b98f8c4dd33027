"""Plays the what-if chains of whatif_chains.yaml and checks each turn (`python -m tests.chat.whatif_chains`).

A turn passes when the session's document holds the values it expects (or is unchanged after a question back
or a no-op), the answer names what it must, and a what-if's findings are those of the review of the changed
document: what `advisor check` says on it.
"""

from __future__ import annotations

import copy
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from advisor.capabilities.whatif import get_at
from advisor.chat import ChatEngine
from advisor.documents.io import validate_document

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE.parents[1] / "examples"
CHAINS = HERE / "whatif_chains.yaml"


@dataclass
class TurnResult:
    chain: str
    say: str
    answer: str
    failures: list[str] = field(default_factory=list)
    score: int = 1  # 1-5, as an admin judges it (see `judge`)
    held: bool = False


def judge(reply, failures: list[str]) -> int:
    """1 when the turn does not do what it was asked (wrong change, no question back, no-op unsaid); else 2 plus one
    point each for: findings those of `advisor check`, the values before and after stated (or the candidates named,
    or "already"), cited (or a needs_input question), concise (a what-if under 1,500 characters)."""
    if [f for f in failures if "advisor check" not in f]:
        return 1
    points = 2 + (not failures)
    if reply.intent == "whatif":
        points += "->" in reply.answer or "already" in reply.answer
        points += "[1]" in reply.answer
        points += len(reply.answer) <= 1500 or "already" in reply.answer
    elif reply.intent == "clarify":
        points += 1 + bool(reply.needs_input) + (len(reply.answer) <= 400)
    else:  # a review (undo, start over, what changed?)
        points += ("->" in reply.answer) + ("[1]" in reply.answer) + 1
    return min(points, 5)


def load() -> list[dict[str, Any]]:
    return yaml.safe_load(CHAINS.read_text(encoding="utf-8"))["chains"]


def _document(spec: Any) -> dict:
    if isinstance(spec, dict):
        return copy.deepcopy(spec)
    return json.loads((EXAMPLES / spec).read_text(encoding="utf-8"))


def _findings(findings) -> list[tuple[str, str, str]]:
    return sorted((f.rule_id, f.target, f.severity) for f in findings)


def check_turn(engine: ChatEngine, reply, expect: dict, before: dict | None, original: dict) -> list[str]:
    fails: list[str] = []
    doc = reply.state.document or {}
    for path, value in (expect.get("doc") or {}).items():
        got = get_at(doc, path)
        if got != value and not (isinstance(got, (int, float)) and isinstance(value, (int, float)) and got == value):
            fails.append(f"{path} is {got!r}, expected {value!r}")
    if "ask" in expect:
        if not reply.needs_input or reply.intent != "clarify":
            fails.append(f"no question back (intent {reply.intent})")
        fails += [f"question does not name {w}" for w in expect["ask"] if w.lower() not in reply.answer.lower()]
        if doc != before:
            fails.append("the document changed on a question back")
    if expect.get("noop"):
        if "already" not in reply.answer.lower():
            fails.append("no-op not said")
        if doc != before:
            fails.append("the document changed on a no-op")
    if expect.get("same") and doc != original:
        fails.append("the document is not the one given")
    fails += [f"missing fact {f!r}" for f in expect.get("facts") or [] if f.lower() not in reply.answer.lower()]
    if reply.intent == "whatif":
        checked = engine.advisor.review(validate_document(doc, "document"))
        if _findings(reply.findings) != _findings(checked.findings):
            fails.append("the what-if's findings differ from the review of the changed document")
    return fails


def play(engine: ChatEngine, chains: list[dict[str, Any]] | None = None) -> list[TurnResult]:
    out: list[TurnResult] = []
    for chain in chains if chains is not None else load():
        original = _document(chain["document"])
        state: Any = None
        for i, turn in enumerate(chain["turns"]):
            before = copy.deepcopy(state.document) if state is not None else original
            reply = engine.turn(turn["say"], state, document=original if i == 0 else None)
            state = json.loads(reply.state.model_dump_json())  # as a bot keeps it between turns
            reply.state.document = state["document"]
            fails = check_turn(engine, reply, turn.get("expect") or {}, before, original)
            from advisor.chat.state import ChatState

            state = ChatState.coerce(state)
            out.append(
                TurnResult(chain["id"], turn["say"], reply.answer, fails, judge(reply, fails), bool(chain.get("held")))
            )
    return out


def main(argv: list[str]) -> int:
    results = play(ChatEngine())
    verbose = "-v" in argv
    for r in results:
        if r.failures or verbose:
            print(f"[{r.chain}] {r.say}\n   {'; '.join(r.failures) or 'ok'}\n   {r.answer[:400]!r}")
    for name, part in (("tune", [r for r in results if not r.held]), ("held", [r for r in results if r.held])):
        if not part:
            continue
        chains = {r.chain for r in part}
        bad = {r.chain for r in part if r.failures}
        ok_turns = sum(not r.failures for r in part)
        mean = sum(r.score for r in part) / len(part)
        print(
            f"{name}: turns {ok_turns}/{len(part)} passed; chains {len(chains) - len(bad)}/{len(chains)} fully passed; "
            f"admin score {mean:.2f} of 5"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
