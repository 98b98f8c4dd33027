"""Open probes: /healthz (the process answers) and /readyz (store readable and writable, rulebook loaded)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request

from advisor.findings import RulebookInfo
from advisor.store import Store, StoreError, latest_version
from api.deps import get_store
from api.models import Health, Readiness
from api.problems import ProblemError

router = APIRouter(tags=["health"])


@router.get("/healthz", response_model=Health, operation_id="healthz", summary="Liveness: the process answers")
async def healthz() -> Health:
    return Health(status="ok")


@router.get(
    "/readyz",
    response_model=Readiness,
    operation_id="readyz",
    responses={503: {}},
    summary="Readiness: the store reads and writes at the expected schema version and the rulebook is loaded",
)
def readyz(request: Request, store: Annotated[Store, Depends(get_store)]) -> Readiness:
    advisor = getattr(request.app.state, "advisor", None)
    try:
        version = store.schema_version()
    except StoreError:
        raise ProblemError("not-ready", "The store does not answer.") from None
    try:  # a store that reads but cannot write (read-only, full disk) must not take traffic
        store.probe_write()
    except StoreError as exc:
        raise ProblemError("not-ready", f"The store cannot write ({exc}).") from None
    if version != latest_version():
        raise ProblemError("not-ready", f"The store is at schema version {version}, expected {latest_version()}.")
    if advisor is None or not advisor.rulebook.rules:
        raise ProblemError("not-ready", "The rulebook is not loaded.")
    return Readiness(
        status="ready",
        schema_version=version,
        store=store.dialect,
        rulebook=RulebookInfo(version=advisor.rulebook.version, rules=len(advisor.rulebook.rules)),
    )
