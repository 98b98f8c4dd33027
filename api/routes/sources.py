"""GET /v1/sources: the documents every citation points into."""

from __future__ import annotations

from fastapi import APIRouter

from advisor.sources import Source, load_sources

router = APIRouter(tags=["rules"])


@router.get(
    "/sources",
    response_model=list[Source],
    operation_id="listSources",
    summary="The source documents citations resolve against",
)
def list_sources() -> list[Source]:
    return list(load_sources().values())
