"""POST /v1/explain and POST /v1/whatif: advisor.capabilities.explain and .whatif as structured answers."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends

from advisor.capabilities.context import Context
from advisor.capabilities.explain import ExplainRequest, ExplainResult, explain
from advisor.capabilities.inputs import validate_model
from advisor.capabilities.whatif import WhatIfRequest, WhatIfResult, whatif
from api.body import json_body
from api.context import get_context
from api.examples import EXAMPLE_DOCUMENT, EXAMPLE_OUTPUTS
from api.openapi import request_body

router = APIRouter(tags=["explain"])
Body = Annotated[Any, Depends(json_body)]
Ctx = Annotated[Context, Depends(get_context)]
ERRORS: dict = {400: {}, 404: {}, 413: {}, 415: {}, 422: {}}

EXPLAIN_EXAMPLES = {
    "fired": {
        "summary": "Why AME-001 fired for this partition: each condition with its values",
        "value": {"rule_id": "AME-001", "document": EXAMPLE_DOCUMENT},
    },
    "why-not": {
        "summary": "Why AME-004 did not fire, or what it lacks",
        "value": {"rule_id": "AME-004", "document": EXAMPLE_DOCUMENT},
    },
    "outputs": {
        "summary": "The same partition as command outputs",
        "value": {"rule_id": "AME-001", "outputs": EXAMPLE_OUTPUTS},
    },
    "rule": {"summary": "The rule alone: what it checks and why", "value": {"rule_id": "AME-001"}},
}
WHATIF_EXAMPLES = {
    "ame64k": {
        "summary": "Switch AME to 64K pages",
        "value": {"document": EXAMPLE_DOCUMENT, "changes": [{"path": "ame.page_support", "value": "64K"}]},
    },
    "memory": {
        "summary": "Halve the partition's memory and raise the expansion factor",
        "value": {
            "document": EXAMPLE_DOCUMENT,
            "changes": [{"path": "memory.desired_gb", "value": 3.5}, {"path": "ame.expansion_factor", "value": 4.0}],
        },
    },
}


@router.post(
    "/explain",
    response_model=ExplainResult,
    operation_id="explain",
    summary="Why a rule fired (conditions with this system's values), why not (the false ones), or what it lacks",
    responses=ERRORS,
    openapi_extra=request_body("ExplainRequest", EXPLAIN_EXAMPLES),
)
def explain_rule(body: Body, ctx: Ctx) -> ExplainResult:
    return explain(validate_model(ExplainRequest, body), ctx)


@router.post(
    "/whatif",
    response_model=WhatIfResult,
    operation_id="whatIf",
    summary="Change fields of a document and see what the change introduces, resolves, keeps and re-grades",
    responses=ERRORS,
    openapi_extra=request_body("WhatIfRequest", WHATIF_EXAMPLES),
)
def what_if(body: Body, ctx: Ctx) -> WhatIfResult:
    return whatif(validate_model(WhatIfRequest, body), ctx)
