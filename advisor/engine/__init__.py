"""Rule evaluation: durable-rules (the product engine) and a plain reference evaluator.

Both take a rulebook and answer one question, `fired(kind, fact)`: which evaluation units
(a rule id, or `ID#n` for its n-th escalation) hold for this fact. `fired_many` answers it for
many facts at once (the units of a managed system, the documents of a fleet run), which lets the
product engine put them in one session. Everything else (not assessed, severity, messages,
ranking) is shared Python in advisor.review.
"""

from collections.abc import Sequence
from typing import Protocol


class Evaluator(Protocol):
    def fired(self, kind: str, fact: dict) -> set[str]: ...

    def fired_many(self, facts: Sequence[tuple[str, dict]]) -> list[set[str]]: ...


class EngineError(RuntimeError):
    """The engine failed on a fact, or gave an answer that cannot be mapped back to one."""
