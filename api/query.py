"""Unknown query parameters are refused, as unknown document fields are: `?targt=x` must not list
every review as if no filter had been asked for."""

from __future__ import annotations

import difflib

from fastapi import Request
from fastapi.routing import APIRoute

from api.problems import ErrorItem, ProblemError, errors_detail


async def refuse_unknown_query(request: Request) -> None:
    """A /v1 dependency: 422 invalid-request naming each query parameter the route does not take.

    `async`: it does no I/O, so it runs on the event loop instead of costing a thread-pool hop."""
    route = request.scope.get("route")
    if not isinstance(route, APIRoute) or not request.query_params:
        return
    known: list[str] = []
    todo = [route.dependant]
    while todo:
        dependant = todo.pop()
        known += [p.alias for p in dependant.query_params]
        todo += dependant.dependencies
    errors = []
    for name in dict.fromkeys(request.query_params.keys()):
        if name not in known:
            close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
            errors.append(
                ErrorItem(
                    path=f"$.query.{name}", message="unknown query parameter", suggestion=close[0] if close else None
                )
            )
    if errors:
        raise ProblemError("invalid-request", errors_detail(errors, "The query"), errors=errors)
