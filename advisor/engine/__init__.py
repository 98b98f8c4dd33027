"""Rule evaluation: durable-rules (the product engine) and a plain reference evaluator.

Both take a rulebook and answer one question, `fired(kind, fact)`: which evaluation units
(a rule id, or `ID#n` for its n-th escalation) hold for this fact. Everything else (not
assessed, severity, messages, ranking) is shared Python in advisor.review.
"""

from typing import Protocol


class Evaluator(Protocol):
    def fired(self, kind: str, fact: dict) -> set[str]: ...
