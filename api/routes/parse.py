"""POST /v1/parse: command outputs of one system to a configuration document (nothing is stored)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends

from advisor.capabilities.inputs import validate_model
from advisor.capabilities.outputs import OutputsRequest, ParseOut, parse_outputs
from api.auth import require_role
from api.body import json_body
from api.examples import PARSE_REQUEST_EXAMPLES
from api.openapi import request_body

router = APIRouter(tags=["reviews"])


@router.post(
    "/parse",
    response_model=ParseOut,
    operation_id="parseOutputs",
    summary="Command outputs (lparstat -i, amepat, vmo, lsdev, ...) or a bundle to a document, with provenance",
    responses={400: {}, 403: {}, 413: {}, 415: {}, 422: {}},
    openapi_extra=request_body("OutputsRequest", PARSE_REQUEST_EXAMPLES),
    dependencies=[Depends(require_role("submitter"))],
)
def parse(body: Annotated[Any, Depends(json_body)]) -> ParseOut:
    return parse_outputs(validate_model(OutputsRequest, body))
