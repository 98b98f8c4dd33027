"""Search the guidance: the knowledge base's paraphrased passages that best answer a question, cited.

Ranking is advisor.knowledge's (BM25 per concept with the field's synonyms, platform and rule
boosts). Each passage comes with its source, section and locator, so a caller can quote it with
its citation; `coverage` says how much of the question a passage matches, for a caller that
wants to drop weak matches rather than answer from them.
"""

from __future__ import annotations

import difflib
import re

from pydantic import BaseModel, ConfigDict, Field

from advisor.capabilities.context import Context
from advisor.capabilities.errors import ErrorItem, invalid
from advisor.capabilities.models import Strict
from advisor.findings import CitationOut

MAX_LIMIT = 20
_RULE = re.compile(r"\b([A-Z]{2,5}-\d{3})\b")


class SearchRequest(Strict):
    model_config = ConfigDict(
        extra="forbid", strict=True, json_schema_extra={"examples": [{"q": "AME 64K pages SAP", "platform": "aix"}]}
    )

    q: str = Field(min_length=1, max_length=1000, description="The question or keywords, in the admin's words.")
    platform: str | None = Field(
        None, max_length=32, description="Favour passages of this platform: aix, vios, powervm, hpux, zos, zvm, ..."
    )
    limit: int = Field(5, ge=1, le=MAX_LIMIT, description="How many passages, best first.")


class PassageHit(BaseModel):
    id: str
    title: str
    text: str = Field(description="The project's paraphrase of the source at this place.")
    source_id: str
    section: str
    locator: str | None = None
    score: float = Field(description="Relevance (BM25 with boosts); only comparable within one search.")
    coverage: float = Field(
        description="Share of the question's concepts (weighted by rarity) the passage matches, 0-1."
    )
    platforms: list[str]
    rules: list[str] = Field(description="Rules this passage supports.")
    citation: CitationOut


class SearchResult(BaseModel):
    query: str
    platform: str | None = None
    passages: list[PassageHit]


def platforms(ctx: Context) -> list[str]:
    return [p.tag for p in ctx.kb.synonyms.platforms]


def search_guidance(req: SearchRequest, ctx: Context, path: str = "$") -> SearchResult:
    """The passages that best answer `q`, best first, each with its citation."""
    kb = ctx.kb
    tags = platforms(ctx)
    platform = req.platform.lower() if req.platform else None
    if platform is not None and platform not in tags:
        close = difflib.get_close_matches(platform, tags, n=1, cutoff=0.5)
        raise invalid(
            "invalid-request",
            [
                ErrorItem(
                    path=f"{path}.platform",
                    message=f"not one of: {', '.join(tags)}",
                    suggestion=close[0] if close else None,
                )
            ],
        )
    mentioned = [r for r in dict.fromkeys(_RULE.findall(req.q.upper())) if r in ctx.advisor.rulebook.rules]
    found = kb.search(
        req.q, mentioned_rules=mentioned, extra_platforms={platform} if platform else set(), limit=req.limit
    )
    return SearchResult(
        query=req.q,
        platform=platform,
        passages=[
            PassageHit(
                id=h.passage.id,
                title=h.passage.title,
                text=" ".join(h.passage.text.split()),
                source_id=h.passage.source,
                section=h.passage.section,
                locator=h.passage.locator,
                score=round(h.score, 4),
                coverage=round(h.coverage, 4),
                platforms=list(h.passage.platforms),
                rules=list(h.passage.rules),
                citation=kb.citation(h.passage),
            )
            for h in found.hits[: req.limit]
        ],
    )
