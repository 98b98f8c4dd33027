"""`get_context`: what a capability (advisor.capabilities) runs with in an authenticated request.

The advisor and the server's limits (its Settings), the store to resolve a `review_id` and to read
the caller's tenant's fleet, and a way to store a review under the calling key, the one write a
capability may make.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Request

from advisor.capabilities.context import Context
from advisor.capabilities.fleet import FleetView
from advisor.store import Principal, Store
from api.auth import require_key
from api.problems import ProblemError


def context_for_key(app_state: Any, who: Principal) -> Context:
    """The context of a request made by `who`: reviews are found in its tenant and stored for it."""
    from api.routes.reviews import save_review

    store: Store = app_state.store

    def store_review(submitted: Any, result: Any) -> str:
        if not who.may("submitter"):  # the one write a capability makes needs the role POST /v1/reviews needs
            raise ProblemError(
                "forbidden", f"Storing a review needs the submitter role; the key {who.key_id} is a {who.role}."
            )
        return save_review(store, who, submitted, result)[0]

    return Context(
        advisor=app_state.advisor,
        limits=app_state.settings,
        find_document=lambda review_id: store.get_document(who, review_id),
        store_review=store_review,
        fleet=FleetView(store, who),
    )


async def get_context(request: Request, who: Annotated[Principal, Depends(require_key)]) -> Context:
    return context_for_key(request.app.state, who)
