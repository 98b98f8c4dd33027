"""Known disagreements between sources (knowledge/conflicts.yaml) and how they resolve.

The 2013 Redbook and the 2023 AME64K guide disagree about compressing 64 KB pages. Both are
right for their hardware, so an answer touching either side must say which source is newer
and which guidance applies to which platform generation; the data names the passage that
says so, and the source dates come from sources.yaml.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from advisor.datadirs import knowledge_dir
from advisor.knowledge.passages import KnowledgeError
from advisor.knowledge.text import SAFE_LOADER
from advisor.sources import load_sources


@dataclass(frozen=True)
class Conflict:
    topic: str
    sources: tuple[str, ...]  # oldest first
    resolution: str  # passage id
    passages: frozenset[str]


def load_conflicts(passage_ids: set[str], path: Path | None = None) -> list[Conflict]:
    path = path or knowledge_dir() / "conflicts.yaml"
    if not path.exists():
        return []
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER) or {}
    sources = load_sources()
    out = []
    for i, item in enumerate(data.get("conflicts", [])):
        ids = set(item.get("passages", [])) | {item["resolution"]}
        unknown = sorted(ids - passage_ids)
        if unknown:
            raise KnowledgeError(path.name, f"conflicts[{i}]", f"unknown passage ids: {', '.join(unknown)}")
        bad = [s for s in item["sources"] if s not in sources]
        if bad:
            raise KnowledgeError(path.name, f"conflicts[{i}]", f"unknown sources: {', '.join(bad)}")
        ordered = tuple(sorted(item["sources"], key=lambda s: sources[s].date))
        out.append(Conflict(item["topic"], ordered, item["resolution"], frozenset(ids)))
    return out
