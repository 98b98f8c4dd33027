"""Many different valid documents, taken from the rulebook's own examples (so they follow the schemas
as they grow) and made distinct by renaming."""

from __future__ import annotations

import copy
from functools import lru_cache

from advisor.rulebook.loader import load_rulebook


@lru_cache(maxsize=1)
def _examples() -> tuple[dict, ...]:
    rulebook = load_rulebook()
    out = []
    for cr in sorted(rulebook.rules.values(), key=lambda r: r.id):
        for example in (*cr.rule.examples.fire, *cr.rule.examples.pass_):
            out.append(example.document)
    return tuple(out)


def document(i: int) -> dict:
    """The i-th document: rule example number i (cyclically), renamed `<name>-<i>` to make it unique."""
    examples = _examples()
    doc = copy.deepcopy(examples[i % len(examples)])
    doc["name"] = f"{doc['name']}-{i}"
    return doc


def documents(n: int) -> list[dict]:
    return [document(i) for i in range(n)]


def example_count() -> int:
    return len(_examples())
