"""The compiled rulebook and its load errors: what a cached start unpickles and every reader of
rules imports. Kept apart from the loader (YAML, document schemas, derive, sources), so reading the
compiled rulebook from the cache (advisor.rulebook.cache) imports none of that."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from advisor.rulebook.condition import And, Node
from advisor.rulebook.model import Escalation, Rule


@dataclass(frozen=True)
class RuleProblem:
    """One problem in one rule file: `field` is the rule key at fault, `suggestion` a close valid name."""

    file: str
    rule_id: str | None
    message: str
    field: str | None = None
    suggestion: str | None = None

    def __str__(self) -> str:
        where = f"{self.file}: rule {self.rule_id}" if self.rule_id else self.file
        if self.field:
            where += f": {self.field}"
        hint = f" (did you mean '{self.suggestion}'?)" if self.suggestion else ""
        return f"{where}: {self.message}{hint}"


class RulebookError(ValueError):
    """The rulebook cannot load; `problems` lists every problem found across all files, in file order."""

    def __init__(self, file: str, rule_id: str | None, message: str, problems: list[RuleProblem] | None = None):
        self.file, self.rule_id = file, rule_id
        self.problems = problems or [RuleProblem(file, rule_id, message)]
        super().__init__("\n".join(str(p) for p in self.problems))

    @classmethod
    def of(cls, problems: list[RuleProblem]) -> RulebookError:
        first = problems[0]
        return cls(first.file, first.rule_id, first.message, problems)


@dataclass(frozen=True)
class CompiledRule:
    rule: Rule
    file: str
    domain: str
    condition: Node
    escalations: tuple[tuple[Node, Escalation], ...]
    reads: tuple[str, ...]  # every path the rule reads: requires, optional, conditions

    @property
    def id(self) -> str:
        return self.rule.id

    def units(self) -> list[tuple[str, Node]]:
        """What an evaluator decides: the base condition, and each escalation on top of it."""
        out = [(self.id, self.condition)]
        out += [(f"{self.id}#{i}", And((self.condition, cond))) for i, (cond, _) in enumerate(self.escalations, 1)]
        return out


@dataclass
class Rulebook:
    rules: dict[str, CompiledRule]
    version: str
    files: tuple[str, ...] = field(default=())

    def for_kind(self, kind: str) -> list[CompiledRule]:
        return self._by_kind.get(kind, [])

    @cached_property
    def _by_kind(self) -> dict[str, list[CompiledRule]]:
        out: dict[str, list[CompiledRule]] = {}
        for rule in self.rules.values():
            for kind in rule.rule.kinds:
                out.setdefault(kind, []).append(rule)
        return out

    @property
    def kinds(self) -> list[str]:
        return sorted(self._by_kind)
