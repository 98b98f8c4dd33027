"""POST /v1/diff: what a change to a configuration does to its findings (nothing is stored)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends

from advisor.capabilities.inputs import diff_input
from advisor.diff import ReviewDiff, diff_reviews
from advisor.review import Advisor
from api.body import json_body
from api.deps import get_advisor, get_settings
from api.examples import DIFF_REQUEST_EXAMPLES
from api.openapi import request_body
from api.settings import Settings

router = APIRouter(tags=["reviews"])


@router.post(
    "/diff",
    response_model=ReviewDiff,
    operation_id="diffDocuments",
    summary="Findings a change introduces, resolves, keeps and changes",
    responses={400: {}, 413: {}, 415: {}, 422: {}},
    openapi_extra=request_body("DiffRequest", DIFF_REQUEST_EXAMPLES),
)
def diff(
    body: Annotated[Any, Depends(json_body)],
    advisor: Annotated[Advisor, Depends(get_advisor)],
    settings: Annotated[Settings, Depends(get_settings)],
) -> ReviewDiff:
    before, after = diff_input(body, settings)
    return diff_reviews(advisor.review(before), advisor.review(after))
