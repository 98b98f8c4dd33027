"""The limits every document meets, whichever way it arrives (CLI file, API body, chat message, MCP).

No real configuration comes near them; what goes past them is an attack or an accident, and
letting it through costs a worker (a 10,000-partition system reviewed in a chat turn, a number
of 1e300 that overflows the derived figures to infinity, JSON nested thousands deep that
recurses the reader out of stack). They are checked here, before validation, so the CLI, the
API and the chat refuse the same documents with the same words; the API maps each `reason`
to its problem type (too-many-partitions, number-out-of-range, too-deeply-nested).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from advisor.documents.errors import DocumentError, Issue

NUMBER_LIMIT = 1e15  # no configuration value comes near; beyond, derived figures can overflow to infinity
MAX_REPORTED = 10  # numbers named in one refusal


@dataclass(frozen=True)
class Limits:
    max_partitions: int = 1000
    max_depth: int = 32  # the top level counts as 1; the deepest real document nests about 5


LIMITS = Limits()


def configure(**changes: int) -> None:
    """Set the process's limits (the server does, from ADVISOR_MAX_PARTITIONS and ADVISOR_MAX_DEPTH)."""
    global LIMITS
    LIMITS = replace(LIMITS, **changes)


class LimitError(DocumentError):
    """A document past one of the limits; `reason` names which (the API's problem type)."""

    def __init__(self, source: str, reason: str, issues: list[Issue]):
        self.reason = reason
        super().__init__(source, issues)


def depth_exceeds(data: Any, limit: int) -> bool:
    """True when `data` nests containers deeper than `limit` (the top level counts as 1); no recursion."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            children = node.values()
        elif isinstance(node, list):
            children = node
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


def out_of_range(data: Any, base: str = "$", limit: int = MAX_REPORTED) -> list[Issue]:
    """The first `limit` numbers beyond +/-NUMBER_LIMIT (or not finite), with their JSON paths; no recursion."""
    found: list[Issue] = []
    stack: list[tuple[Any, str]] = [(data, base)]
    while stack and len(found) < limit:
        node, path = stack.pop()
        if isinstance(node, dict):
            stack.extend((v, f"{path}.{k}") for k, v in reversed(node.items()))
        elif isinstance(node, list):
            stack.extend((v, f"{path}[{i}]") for i, v in reversed(list(enumerate(node))))
        elif isinstance(node, (int, float)) and not isinstance(node, bool) and not abs(node) <= NUMBER_LIMIT:
            found.append(Issue(path=path, message=f"{node!r} is beyond +/-{NUMBER_LIMIT:g}"))
    return found


def partitions_issue(data: Any, base: str = "$", limit: int | None = None) -> Issue | None:
    limit = LIMITS.max_partitions if limit is None else limit
    if isinstance(data, dict) and isinstance(data.get("partitions"), list) and len(data["partitions"]) > limit:
        return Issue(
            path=f"{base}.partitions", message=f"{len(data['partitions'])} partitions; at most {limit} are accepted"
        )
    return None


def deep_issue(limit: int | None = None) -> Issue:
    limit = LIMITS.max_depth if limit is None else limit
    return Issue(path="$", message=f"nested deeper than {limit} levels; a configuration document nests a few")


def check_limits(data: Any, source: str) -> None:
    """Raise LimitError when `data` nests too deep, lists too many partitions or holds an absurd number."""
    if depth_exceeds(data, LIMITS.max_depth):
        raise LimitError(source, "too-deeply-nested", [deep_issue()])
    issue = partitions_issue(data)
    if issue is not None:
        raise LimitError(source, "too-many-partitions", [issue])
    numbers = out_of_range(data)
    if numbers:
        raise LimitError(source, "number-out-of-range", numbers)
