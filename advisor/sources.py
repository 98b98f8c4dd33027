"""The source documents (knowledge/sources.yaml) that citations resolve against."""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from advisor.datadirs import knowledge_dir


class Source(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    title: str
    publisher: str
    date: str
    version: str
    url: str | None
    platforms: tuple[str, ...]


@lru_cache(maxsize=1)
def load_sources() -> dict[str, Source]:
    import yaml  # here: a cached rulebook carries the sources (advisor.rulebook.cache), so a check reads no YAML

    path = knowledge_dir() / "sources.yaml"
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # noqa: S506
    return {s["id"]: Source(**s) for s in data["sources"]}
