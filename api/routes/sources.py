"""GET /v1/sources: the documents every citation points into (advisor.capabilities.rules)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends

from advisor.capabilities.context import Context
from advisor.capabilities.rules import SourcesRequest, list_sources
from advisor.sources import Source
from api.context import get_context

router = APIRouter(tags=["rules"])


@router.get(
    "/sources",
    response_model=list[Source],
    operation_id="listSources",
    summary="The source documents citations resolve against",
)
def sources_list(ctx: Annotated[Context, Depends(get_context)]) -> list[Source]:
    return list_sources(SourcesRequest(), ctx).sources
