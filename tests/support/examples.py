"""The example documents of examples/, optionally with fields changed, for tests that submit them."""

from __future__ import annotations

import json
from pathlib import Path

EXAMPLES = Path(__file__).parents[2] / "examples"


def example(file: str, **changes: object) -> dict:
    """examples/<file> with dotted paths set: example("aix-ame4k-64k.json", **{"ame.page_support": "64K"})."""
    doc = json.loads((EXAMPLES / file).read_text())
    for path, value in changes.items():
        node = doc
        *parents, last = path.split(".")
        for p in parents:
            node = node[p]
        node[last] = value
    return doc
