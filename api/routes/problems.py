"""GET /problems/{name}: what each problem `type` URI means (RFC 9457 asks that it be documented)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path

from api.models import ProblemType
from api.problems import PROBLEM_TYPES, ProblemError, type_uri

router = APIRouter(tags=["problems"])


def _describe(name: str) -> ProblemType:
    status, title, description = PROBLEM_TYPES[name]
    return ProblemType(type=type_uri(name), title=title, status=status, description=description)


@router.get(
    "/problems",
    response_model=list[ProblemType],
    operation_id="listProblemTypes",
    summary="Every problem type this API answers with",
)
async def list_problem_types() -> list[ProblemType]:
    return [_describe(name) for name in PROBLEM_TYPES]


@router.get(
    "/problems/{name}",
    response_model=ProblemType,
    operation_id="getProblemType",
    summary="One problem type",
    responses={404: {}},
)
async def get_problem_type(name: Annotated[str, Path(max_length=64, examples=["invalid-document"])]) -> ProblemType:
    if name not in PROBLEM_TYPES:
        raise ProblemError("not-found", f"No problem type {name!r}; GET /problems lists them.")
    return _describe(name)
