"""GET /v1/tools (an OpenAI-style function manifest) and POST /v1/tools/<name> (call one function).

Both come from advisor.capabilities.CAPABILITIES, the definitions the MCP server's tools are
made from: a bot on a function-calling API lists the functions once, and when its model calls
one, posts the model's `arguments` to /v1/tools/<name> and hands back the JSON it gets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Response
from pydantic import BaseModel, Field

from advisor.capabilities import CAPABILITIES, Capability
from advisor.capabilities.context import Context
from api.body import json_body
from api.context import get_context
from api.openapi import request_body

router = APIRouter(tags=["tools"])


class FunctionSpec(BaseModel):
    name: str
    description: str
    parameters: dict[str, Any] = Field(description="JSON Schema (2020-12) of the arguments object.")


class ToolSpec(BaseModel):
    type: str = "function"
    function: FunctionSpec


class ToolManifest(BaseModel):
    tools: list[ToolSpec] = Field(description="As function-calling APIs take them (`tools=[...]`).")
    call: str = Field(description="How to run a function the model chose.")


def manifest() -> ToolManifest:
    return ToolManifest(
        tools=[
            ToolSpec(function=FunctionSpec(name=c.name, description=c.description, parameters=c.input_schema()))
            for c in CAPABILITIES
        ],
        call="POST /v1/tools/<name> with the model's arguments object as the JSON body, with the same API key.",
    )


@router.get(
    "/tools",
    response_model=ToolManifest,
    operation_id="listTools",
    summary="The advisor's functions for function-calling LLM APIs: name, description, JSON Schema parameters",
)
def list_tools() -> ToolManifest:
    return manifest()


def _route(cap: Capability) -> Callable[..., Response]:
    def call(body: Annotated[Any, Depends(json_body)], ctx: Annotated[Context, Depends(get_context)]) -> Response:
        return Response(cap.invoke(body, ctx).model_dump_json(by_alias=True), media_type="application/json")

    call.__name__ = f"tool_{cap.name}"
    return call


for _cap in CAPABILITIES:
    router.add_api_route(
        f"/tools/{_cap.name}",
        _route(_cap),
        methods=["POST"],
        response_model=_cap.result,
        operation_id=f"tool_{_cap.name}",
        summary=f"Function {_cap.name}: {_cap.title}" + (" (may store the review)" if _cap.stores else ""),
        description=_cap.description,
        responses={400: {}, 404: {}, 413: {}, 415: {}, 422: {}},
        openapi_extra=request_body(
            _cap.request.__name__, {"example": {"summary": _cap.title, "value": _cap.example_args()}}
        ),
    )
