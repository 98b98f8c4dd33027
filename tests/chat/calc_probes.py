"""The s4-chatcalc probe set (calc_probes.yaml), played like the evaluation parts, split in two halves.

`python -m tests.chat.calc_probes tune` (or `held`) prints the scores; `-v` lists the misses.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml

from tests.chat.eval import runner

FILE = Path(__file__).resolve().parent / "calc_probes.yaml"


def conversations(split: str) -> list[dict[str, Any]]:
    data = yaml.safe_load(FILE.read_text(encoding="utf-8"))["conversations"]
    return [c for c in data if c["split"] == split]


def play(engine, split: str) -> list[runner.TurnResult]:
    """Each conversation through the engine as runner.run plays a part (state as JSON, document on turn 1)."""
    original = runner.load
    runner.load = lambda _part: conversations(split)  # type: ignore[assignment]
    try:
        return runner.run(engine, split)
    finally:
        runner.load = original  # type: ignore[assignment]


def main() -> None:
    from advisor.chat.engine import ChatEngine

    engine = ChatEngine()
    verbose = "-v" in sys.argv
    for split in [a for a in sys.argv[1:] if not a.startswith("-")] or ["tune"]:
        results = play(engine, split)
        print(split, runner.scores(results))
        for r in results if verbose else []:
            if r.failures:
                print(f"  {r.conversation} {r.say!r}: {'; '.join(r.failures)} [{r.reply.intent}]")


if __name__ == "__main__":
    main()
