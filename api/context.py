"""`get_context`: what a capability (advisor.capabilities) runs with in an authenticated request.

The advisor and the server's limits (its Settings), the store to resolve a `review_id`, and a
way to store a review under the calling key, the one write a capability may make.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Request

from advisor.capabilities.context import Context
from advisor.store import ApiKey, Store
from api.auth import require_key


def context_for_key(app_state: Any, key: ApiKey) -> Context:
    """The context of a request authenticated with `key`: reviews are found in the store and stored under it."""
    from api.routes.reviews import save_review

    store: Store = app_state.store
    return Context(
        advisor=app_state.advisor,
        limits=app_state.settings,
        find_document=store.get_document,
        store_review=lambda submitted, result: save_review(store, key, submitted, result)[0],
    )


def get_context(request: Request, key: Annotated[ApiKey, Depends(require_key)]) -> Context:
    return context_for_key(request.app.state, key)
