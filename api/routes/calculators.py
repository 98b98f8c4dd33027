"""POST /v1/calculators/...: the sizing calculators of advisor.capabilities.calculators, each with its citations."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends

from advisor.calculators.sap_instances import InstanceRange
from advisor.capabilities import calculators as calc
from advisor.capabilities.context import Context
from advisor.capabilities.inputs import check_partitions, validate_model
from api.body import json_body
from api.context import get_context
from api.examples import model_examples
from api.openapi import request_body

router = APIRouter(prefix="/calculators", tags=["calculators"])
Body = Annotated[Any, Depends(json_body)]
Ctx = Annotated[Context, Depends(get_context)]
ERRORS: dict = {400: {}, 413: {}, 415: {}, 422: {}}


@router.post(
    "/vios-memory",
    response_model=calc.ViosMemoryRequirement,
    operation_id="viosMemory",
    summary="VIOS memory: 2 GB per 16 cores, or 768 MB plus a share per adapter, whichever is larger",
    responses=ERRORS,
    openapi_extra=request_body("ViosMemoryInput", model_examples(calc.ViosMemoryInput)),
)
def vios_memory(body: Body, ctx: Ctx) -> calc.ViosMemoryRequirement:
    return calc.vios_memory(validate_model(calc.ViosMemoryInput, body), ctx)


@router.post(
    "/clm",
    response_model=calc.ClmSizing,
    operation_id="clmSizing",
    summary="HP-UX cell local memory for SAP: 10 % for the kernel plus the SAP shared memory",
    responses=ERRORS,
    openapi_extra=request_body("ClmInput", model_examples(calc.ClmInput)),
)
def clm(body: Body, ctx: Ctx) -> calc.ClmSizing:
    return calc.clm(validate_model(calc.ClmInput, body), ctx)


@router.post(
    "/lfarea",
    response_model=calc.LfareaAssessment,
    operation_id="lfarea",
    summary="z/OS LFAREA: system limit, 1 MB / 2 GB pages, whether it fits and what IPL does",
    responses=ERRORS,
    openapi_extra=request_body("LfareaInput", model_examples(calc.LfareaInput)),
)
def lfarea(body: Body, ctx: Ctx) -> calc.LfareaAssessment:
    return calc.lfarea(validate_model(calc.LfareaInput, body), ctx)


@router.post(
    "/plarea",
    response_model=calc.PlareaSize,
    operation_id="plarea",
    summary="z/OS PLAREA: 12.5 % of (online storage - quad area)",
    responses=ERRORS,
    openapi_extra=request_body("PlareaInput", model_examples(calc.PlareaInput)),
)
def plarea(body: Body, ctx: Ctx) -> calc.PlareaSize:
    return calc.plarea(validate_model(calc.PlareaInput, body), ctx)


@router.post(
    "/hpt",
    response_model=calc.HptSize,
    operation_id="hpt",
    summary="Hypervisor page table: each partition's maximum memory / 64 or / 128 (by generation and OS)",
    responses=ERRORS,
    openapi_extra=request_body("HptInput", model_examples(calc.HptInput)),
)
def hpt(body: Body, ctx: Ctx) -> calc.HptSize:
    check_partitions([(body, "$")], ctx.limits)
    return calc.hpt(validate_model(calc.HptInput, body), ctx)


@router.post(
    "/ame",
    response_model=calc.AmeAssessment,
    operation_id="ameSizing",
    summary="AME: expanded memory, gain and savings; true memory for another factor; deficit estimate",
    responses=ERRORS,
    openapi_extra=request_body("AmeInput", model_examples(calc.AmeInput)),
)
def ame(body: Body, ctx: Ctx) -> calc.AmeAssessment:
    return calc.ame(validate_model(calc.AmeInput, body), ctx)


@router.post(
    "/sap-instances",
    response_model=InstanceRange,
    operation_id="sapInstances",
    summary="HP-UX SAP instances: one per 2 to 4 cores (1 500 to 2 500 SAPS each)",
    responses=ERRORS,
    openapi_extra=request_body("SapInstancesInput", model_examples(calc.SapInstancesInput)),
)
def sap_instances(body: Body, ctx: Ctx) -> InstanceRange:
    return calc.sap_instances(validate_model(calc.SapInstancesInput, body), ctx)
