"""GET /v1/knowledge/search: cited guidance passages (advisor.capabilities.search)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query

from advisor.capabilities.context import Context
from advisor.capabilities.search import MAX_LIMIT, SearchRequest, SearchResult, search_guidance
from api.context import get_context

router = APIRouter(tags=["explain"])


@router.get(
    "/knowledge/search",
    response_model=SearchResult,
    operation_id="searchKnowledge",
    summary="The guidance passages that best answer a question, each with source, section, locator and score",
    responses={422: {}},
)
def search(
    ctx: Annotated[Context, Depends(get_context)],
    q: Annotated[
        str, Query(min_length=1, max_length=1000, description="The question or keywords.", examples=["AME 64K SAP"])
    ],
    platform: Annotated[
        str | None, Query(max_length=32, description="Favour this platform: aix, vios, powervm, hpux, zos, zvm, ...")
    ] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_LIMIT, description="How many passages, best first.")] = 5,
) -> SearchResult:
    return search_guidance(SearchRequest(q=q, platform=platform, limit=limit), ctx, path="query")
