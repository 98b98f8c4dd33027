"""POST /v1/calculators/...: the sizing calculators on their own, each with its citations."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends

from advisor.calculators.ame import ame_sizing, deficit_free_estimate, rebalance
from advisor.calculators.clm import ClmSizing, clm_sizing
from advisor.calculators.hpt import HptPartition, HptSize, hpt_size
from advisor.calculators.lfarea import LfareaAssessment, LfareaSyntaxError, assess_lfarea
from advisor.calculators.plarea import PlareaSize, plarea_size
from advisor.calculators.vios_memory import ViosMemoryRequirement, vios_memory_requirement
from advisor.documents.limits import partitions_issue
from api.body import json_body
from api.documents import validate_model
from api.examples import model_examples
from api.models import AmeAssessment, AmeInput, ClmInput, HptInput, LfareaInput, PlareaInput, ViosMemoryInput
from api.openapi import request_body
from api.problems import ErrorItem, ProblemError, errors_detail

router = APIRouter(prefix="/calculators", tags=["calculators"])
Body = Annotated[Any, Depends(json_body)]
ERRORS: dict = {400: {}, 413: {}, 415: {}, 422: {}}


@router.post(
    "/vios-memory",
    response_model=ViosMemoryRequirement,
    operation_id="viosMemory",
    summary="VIOS memory: 2 GB per 16 cores, or 768 MB plus a share per adapter, whichever is larger",
    responses=ERRORS,
    openapi_extra=request_body("ViosMemoryInput", model_examples(ViosMemoryInput)),
)
def vios_memory(body: Body) -> ViosMemoryRequirement:
    req = validate_model(ViosMemoryInput, body)
    return vios_memory_requirement(**req.model_dump())


@router.post(
    "/clm",
    response_model=ClmSizing,
    operation_id="clmSizing",
    summary="HP-UX cell local memory for SAP: 10 % for the kernel plus the SAP shared memory",
    responses=ERRORS,
    openapi_extra=request_body("ClmInput", model_examples(ClmInput)),
)
def clm(body: Body) -> ClmSizing:
    req = validate_model(ClmInput, body)
    return clm_sizing(req.memory_gb, req.clm_pct, req.sap_shared_memory_gb)


@router.post(
    "/lfarea",
    response_model=LfareaAssessment,
    operation_id="lfarea",
    summary="z/OS LFAREA: system limit, 1 MB / 2 GB pages, whether it fits and what IPL does",
    responses=ERRORS,
    openapi_extra=request_body("LfareaInput", model_examples(LfareaInput)),
)
def lfarea(body: Body) -> LfareaAssessment:
    req = validate_model(LfareaInput, body)
    try:
        return assess_lfarea(req.statement, req.online_storage_gb)
    except LfareaSyntaxError as e:
        raise ProblemError(
            "lfarea-syntax",
            f"{e.message_id} {e.reason} at column {e.column}: {e.explanation}",
            errors=[ErrorItem(path="$.statement", message=f"{e.ibm_reason} (column {e.column})")],
            extra={"lfarea": e.to_dict()},
        ) from None
    except ValueError as e:
        raise _invalid("$", e) from None


@router.post(
    "/plarea",
    response_model=PlareaSize,
    operation_id="plarea",
    summary="z/OS PLAREA: 12.5 % of (online storage - quad area)",
    responses=ERRORS,
    openapi_extra=request_body("PlareaInput", model_examples(PlareaInput)),
)
def plarea(body: Body) -> PlareaSize:
    req = validate_model(PlareaInput, body)
    return plarea_size(req.online_storage_gb)


def _check_partitions(body: Any) -> None:
    """The same partition cap as a managed-system document (advisor/documents/limits.py)."""
    issue = partitions_issue(body)
    if issue is not None:
        errors = [ErrorItem(path=issue.path, message=issue.message)]
        raise ProblemError("too-many-partitions", errors_detail(errors, "The request"), errors=errors)


@router.post(
    "/hpt",
    response_model=HptSize,
    operation_id="hpt",
    summary="Hypervisor page table: each partition's maximum memory / 64 or / 128 (by generation and OS)",
    responses=ERRORS,
    openapi_extra=request_body("HptInput", model_examples(HptInput)),
)
def hpt(body: Body) -> HptSize:
    _check_partitions(body)
    req = validate_model(HptInput, body)
    try:
        return hpt_size([HptPartition(**p.model_dump()) for p in req.partitions], req.processor, req.default_ratio)
    except ValueError as e:
        raise _invalid("$", e) from None


@router.post(
    "/ame",
    response_model=AmeAssessment,
    operation_id="ameSizing",
    summary="AME: expanded memory, gain and savings; true memory for another factor; deficit estimate",
    responses=ERRORS,
    openapi_extra=request_body("AmeInput", model_examples(AmeInput)),
)
def ame(body: Body) -> AmeAssessment:
    req = validate_model(AmeInput, body)
    out = AmeAssessment(sizing=ame_sizing(req.true_memory_gb, req.expansion_factor))
    if req.target_factor is not None:
        out.rebalance = rebalance(req.true_memory_gb, req.expansion_factor, req.target_factor, req.granularity_gb)
    if req.deficit_mb is not None:
        try:
            out.deficit = deficit_free_estimate(req.true_memory_gb, req.expansion_factor, req.deficit_mb)
        except ValueError as e:  # no true memory, or a deficit as large as the expanded memory
            raise _invalid("$.deficit_mb", e) from None
    return out


def _invalid(path: str, exc: ValueError) -> ProblemError:
    return ProblemError(
        "invalid-request", f"The request has 1 problem: {path}: {exc}", errors=[ErrorItem(path=path, message=str(exc))]
    )
