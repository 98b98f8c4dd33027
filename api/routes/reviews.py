"""POST /v1/reviews (review a document or command outputs and store it), GET one, GET a page of them."""

from __future__ import annotations

import secrets
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Depends, Path, Query, Request, Response

from advisor.capabilities.context import Context
from advisor.capabilities.inputs import Submitted, is_outputs, review_input
from advisor.capabilities.outputs import outputs_input
from advisor.capabilities.review import ReviewResult, run_review
from advisor.store import Principal, Store, StoreConflict, utc_now
from api.auth import Reader, Submitter
from api.body import json_body
from api.context import context_for_key
from api.deps import get_store
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
from api.problems import ProblemError

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
    request: Request, body: Annotated[Any, Depends(json_body)], who: Submitter, idempotency_key: IdempotencyKey = None
) -> Response:
    # store and context from app.state rather than as dependencies: each dependency node costs this hot route
    # tens of microseconds of FastAPI's solving, and get_context would solve require_key's tree once more
    state = request.app.state
    return review_and_store(state.store, who, context_for_key(state, who), body, idempotency_key)


def review_and_store(
    store: Store, who: Principal, ctx: Context, body: Any, idempotency_key: str | None = None
) -> Response:
    """POST /v1/reviews (blocking: a worker thread's work), also the web console's submit page."""
    digest = body_hash(body) if idempotency_key else ""
    if (again := replayed(store, who, idempotency_key, digest)) is not None:
        return again
    submitted = outputs_input(body) if is_outputs(body) else review_input(body, ctx.limits)
    try:
        review_id, out = save_review(
            store, who, submitted, run_review(submitted, ctx), idempotency=(idempotency_key, digest)
        )
    except StoreConflict as exc:
        return lost_race(store, who, idempotency_key, digest, exc)
    return Response(
        out, status_code=201, media_type="application/json", headers={"Location": f"/v1/reviews/{review_id}"}
    )


def save_review(
    store: Store,
    who: Principal,
    submitted: Submitted,
    review: ReviewResult,
    idempotency: tuple[str | None, str] = (None, ""),
) -> tuple[str, str]:
    """Store a review for the caller: (its new id, the JSON POST /v1/reviews answers and GET returns).

    `idempotency` (Idempotency-Key, body hash) stores the response with the review, in one transaction."""
    review_id, created_at = f"rv_{secrets.token_hex(10)}", utc_now()
    fields = dict(review)
    fields.pop("review_id", None)
    # pydantic, not orjson, writes the review: derived figures may be integers beyond 64 bits
    out = ReviewOut.model_construct(**fields, review_id=review_id, created_at=created_at).model_dump_json(
        exclude=None if submitted.loaded else set(INPUT_FIELDS)
    )
    location = f"/v1/reviews/{review_id}"
    store.add_review(
        who,
        review_id=review_id,
        target=review.target,
        kind=review.kind,
        document_json=orjson.dumps(submitted.document).decode(),
        review_json=out,
        rulebook_version=review.rulebook.version,
        created_at=created_at,
        replay=replay_record(*idempotency, 201, out, location),
    )
    return review_id, out


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
