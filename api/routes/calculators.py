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


@router.post(
    "/ame-factor",
    response_model=calc.FactorFigures,
    operation_id="ameFactor",
    summary="AME factor: gain, savings and validity; true memory for an expanded memory; or the factor of two memories",
    responses=ERRORS,
    openapi_extra=request_body("AmeFactorInput", model_examples(calc.AmeFactorInput)),
)
def ame_factor(body: Body, ctx: Ctx) -> calc.FactorFigures:
    return calc.ame_factor(validate_model(calc.AmeFactorInput, body), ctx)


@router.post(
    "/getstor",
    response_model=calc.GetstorSize,
    operation_id="getstor",
    summary="z/OS IARV64 GETSTOR: UNITS x UNITSIZE, or SEGMENTS x 1 MB",
    responses=ERRORS,
    openapi_extra=request_body("GetstorInput", model_examples(calc.GetstorInput)),
)
def getstor(body: Body, ctx: Ctx) -> calc.GetstorSize:
    return calc.getstor(validate_model(calc.GetstorInput, body), ctx)


@router.post(
    "/lfarea-limit",
    response_model=calc.LfareaLimits,
    operation_id="lfareaLimit",
    summary="z/OS LFAREA limit on an online storage: old and new form",
    responses=ERRORS,
    openapi_extra=request_body("LfareaLimitInput", model_examples(calc.LfareaLimitInput)),
)
def lfarea_limit(body: Body, ctx: Ctx) -> calc.LfareaLimits:
    return calc.lfarea_limit(validate_model(calc.LfareaLimitInput, body), ctx)


@router.post(
    "/hpux-kernel",
    response_model=calc.HpuxKernelSizing,
    operation_id="hpuxKernel",
    summary="HP-UX for SAP: buffer cache at most 3 % of memory, swap at least twice the memory",
    responses=ERRORS,
    openapi_extra=request_body("HpuxKernelInput", model_examples(calc.HpuxKernelInput)),
)
def hpux_kernel(body: Body, ctx: Ctx) -> calc.HpuxKernelSizing:
    return calc.hpux_kernel(validate_model(calc.HpuxKernelInput, body), ctx)


@router.post(
    "/veth-buffers",
    response_model=calc.VethBuffersAdvice,
    operation_id="vethBuffers",
    summary="Virtual Ethernet buffers: Min Buffers above Max Allocated, Max Buffers to the limit when exhausted",
    responses=ERRORS,
    openapi_extra=request_body("VethBuffersInput", model_examples(calc.VethBuffersInput)),
)
def veth_buffers_advice(body: Body, ctx: Ctx) -> calc.VethBuffersAdvice:
    return calc.veth_buffers_advice(validate_model(calc.VethBuffersInput, body), ctx)


@router.post(
    "/zvm-smt",
    response_model=calc.ZvmSmtGain,
    operation_id="zvmSmtGain",
    summary="z13 SMT gain under z/VM over the z13 without SMT or the zEC12 (REDP-5287 Table 2)",
    responses=ERRORS,
    openapi_extra=request_body("ZvmSmtInput", model_examples(calc.ZvmSmtInput)),
)
def zvm_smt_gain(body: Body, ctx: Ctx) -> calc.ZvmSmtGain:
    return calc.zvm_smt_gain(validate_model(calc.ZvmSmtInput, body), ctx)


@router.post(
    "/lfarea-request",
    response_model=calc.LfareaRequestSize,
    operation_id="lfareaRequest",
    summary="z/OS LFAREA before the online storage is known: fixed size, percentages, fits any online storage",
    responses=ERRORS,
    openapi_extra=request_body("LfareaStatementInput", model_examples(calc.LfareaStatementInput)),
)
def lfarea_request(body: Body, ctx: Ctx) -> calc.LfareaRequestSize:
    return calc.lfarea_request(validate_model(calc.LfareaStatementInput, body), ctx)
