"""Both error rates of the chat's "not covered" decision on the labelled set `scope.yaml`.

`python -m tests.chat.eval.scope` prints, per half (tuning = even positions, held-out = odd, and the
"fresh" items written after the mechanism was built and run once before any change for them), the
share of in-scope questions refused and of out-of-scope questions answered, and lists the misses.
An out-of-scope question counts as answered when the reply is covered or cites anything; an
in-scope one as refused when the reply is not covered, and as mis-sourced when it does not cite
the source the label names.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent


@dataclass
class Half:
    name: str
    in_total: int = 0
    out_total: int = 0
    refused: list[str] = field(default_factory=list)
    answered: list[str] = field(default_factory=list)
    wrong_source: list[str] = field(default_factory=list)

    def rates(self) -> tuple[float, float]:
        return (
            100.0 * len(self.refused) / max(self.in_total, 1),
            100.0 * len(self.answered) / max(self.out_total, 1),
        )


def score(engine) -> dict[str, Half]:
    data = yaml.safe_load((HERE / "scope.yaml").read_text(encoding="utf-8"))
    halves = {name: Half(name) for name in ("tuning", "held-out", "fresh", "s5", "s9-tune", "s9-held")}
    outs = [(q, "tuning" if i % 2 == 0 else "held-out") for i, q in enumerate(data["out"])]
    outs += [(q, "fresh") for q in data.get("fresh_out", [])]
    outs += [(q, "s5") for q in data.get("s5_out", [])]
    outs += [(q, "s9-tune" if i % 2 == 0 else "s9-held") for i, q in enumerate(data.get("s9_out", []))]
    ins = [(item, "tuning" if i % 2 == 0 else "held-out") for i, item in enumerate(data["in"])]
    ins += [(item, "fresh") for item in data.get("fresh_in", [])]
    ins += [(item, "s5") for item in data.get("s5_in", [])]
    ins += [(item, "s9-tune" if i % 2 == 0 else "s9-held") for i, item in enumerate(data.get("s9_in", []))]
    for q, name in outs:
        half = halves[name]
        half.out_total += 1
        reply = engine.turn(q, None)
        if reply.covered or reply.citations:
            half.answered.append(q)
    for item, name in ins:
        half = halves[name]
        half.in_total += 1
        reply = engine.turn(item["q"], None)
        if not reply.covered:
            half.refused.append(item["q"])
        elif item["source"] not in {c.source_id for c in reply.citations}:
            half.wrong_source.append(item["q"])
    return halves


def main() -> int:
    from advisor.chat.engine import ChatEngine

    verbose = "-v" in sys.argv
    for half in score(ChatEngine()).values():
        refused, answered = half.rates()
        print(
            f"{half.name:9} in-scope refused {refused:5.1f} % ({len(half.refused)}/{half.in_total}), "
            f"out-of-scope answered {answered:5.1f} % ({len(half.answered)}/{half.out_total}), "
            f"in-scope without the labelled source {len(half.wrong_source)}"
        )
        if verbose:
            for q in half.refused:
                print(f"   refused   {q}")
            for q in half.answered:
                print(f"   answered  {q}")
            for q in half.wrong_source:
                print(f"   source?   {q}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
