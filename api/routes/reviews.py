"""POST /v1/reviews (review a document or command outputs and store it), GET one, GET a page of them."""

from __future__ import annotations

import secrets
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Depends, Path, Query, Response

from advisor.review import Advisor
from advisor.store import Store, StoreConflict, utc_now
from api.auth import Reader, Submitter
from api.body import json_body
from api.deps import get_advisor, get_settings, get_store
from api.documents import is_outputs, review_input
from api.examples import REVIEW_REQUEST_EXAMPLES
from api.idempotency import IdempotencyKey, body_hash, lost_race, replay_record, replayed
from api.models import (
    CURSOR_PATTERN,
    INPUT_FIELDS,
    REVIEW_ID_PATTERN,
    ReviewListItem,
    ReviewOut,
    ReviewPage,
    keyset_page,
)
from api.openapi import request_body
from api.outputs import outputs_input
from api.problems import ProblemError
from api.settings import Settings

router = APIRouter(tags=["reviews"])
MAX_PAGE = 100


@router.post(
    "/reviews",
    status_code=201,
    response_model=ReviewOut,
    operation_id="createReview",
    summary="Review a configuration document, or command outputs of one system, and store the review",
    responses={400: {}, 403: {}, 409: {}, 413: {}, 415: {}, 422: {}},
    openapi_extra=request_body("ReviewRequest", REVIEW_REQUEST_EXAMPLES),
)
def create_review(
    body: Annotated[Any, Depends(json_body)],
    who: Submitter,
    store: Annotated[Store, Depends(get_store)],
    advisor: Annotated[Advisor, Depends(get_advisor)],
    settings: Annotated[Settings, Depends(get_settings)],
    idempotency_key: IdempotencyKey = None,
) -> Response:
    digest = body_hash(body) if idempotency_key else ""
    if (again := replayed(store, who, idempotency_key, digest)) is not None:
        return again
    submitted = outputs_input(body) if is_outputs(body) else review_input(body, settings)
    loaded = submitted.loaded
    review = (
        advisor.review(submitted.model, provenance=loaded.provenance) if loaded else advisor.review(submitted.model)
    )
    review_id, created_at = f"rv_{secrets.token_hex(10)}", utc_now()
    read = (
        {"document": submitted.document, "warnings": loaded.warnings, "conflicts": loaded.conflicts} if loaded else {}
    )
    # pydantic, not orjson, writes the review: derived figures may be integers beyond 64 bits
    out = ReviewOut.model_construct(**dict(review), review_id=review_id, created_at=created_at, **read).model_dump_json(
        exclude=None if loaded else set(INPUT_FIELDS)
    )
    location = f"/v1/reviews/{review_id}"
    try:
        store.add_review(
            who,
            review_id=review_id,
            target=review.target,
            kind=review.kind,
            document_json=orjson.dumps(submitted.document).decode(),
            review_json=out,
            rulebook_version=review.rulebook.version,
            created_at=created_at,
            replay=replay_record(idempotency_key, digest, 201, out, location),
        )
    except StoreConflict as exc:
        return lost_race(store, who, idempotency_key, digest, exc)
    return Response(out, status_code=201, media_type="application/json", headers={"Location": location})


@router.get(
    "/reviews/{review_id}",
    response_model=ReviewOut,
    operation_id="getReview",
    summary="A stored review, exactly as POST returned it",
    responses={404: {}, 422: {}},
)
def get_review(
    review_id: Annotated[str, Path(pattern=REVIEW_ID_PATTERN, examples=["rv_4f1c2a9b7e3d5c6a8b90"])],
    who: Reader,
    store: Annotated[Store, Depends(get_store)],
) -> Response:
    stored = store.get_review(who, review_id)
    if stored is None:
        raise ProblemError("review-not-found", f"No review {review_id}.")
    return Response(stored.review_json, media_type="application/json")


@router.get(
    "/reviews",
    response_model=ReviewPage,
    operation_id="listReviews",
    summary="Stored reviews, newest first, one page at a time",
    responses={422: {}},
)
def list_reviews(
    who: Reader,
    store: Annotated[Store, Depends(get_store)],
    target: Annotated[
        str | None, Query(min_length=1, max_length=256, description="Only reviews of this system name.")
    ] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE, description="Page size.")] = 20,
    cursor: Annotated[
        str | None,
        Query(
            pattern=CURSOR_PATTERN,
            description=(
                "`next_cursor` of the previous page (opaque). Pages stay stable while new reviews "
                "arrive: they appear only on a fresh first page."
            ),
        ),
    ] = None,
) -> ReviewPage:
    rows = store.list_reviews(who, target=target, limit=limit + 1, before_seq=int(cursor) if cursor else None)
    page, next_cursor = keyset_page(rows, limit)
    items = [
        ReviewListItem(
            review_id=r.id,
            target=r.target,
            kind=r.kind,
            created_at=r.created_at,
            rulebook_version=r.rulebook_version,
            findings=r.findings or 0,
            summary=r.summary or {},
        )
        for r in page
    ]
    return ReviewPage(items=items, next_cursor=next_cursor)
