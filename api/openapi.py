"""The OpenAPI schema: FastAPI's, completed with what it cannot infer.

Bodies are read by `api.body.json_body` (limits first), so FastAPI does not see them:
`request_body()` declares them and `build_openapi` adds their component schemas (the
document union straight from the document models, so schema and validation cannot
disagree), turns every 4xx/5xx response into `application/problem+json`, documents 401 on
every /v1 operation and adds a response example to every operation, computed from the
request examples with the live rulebook.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from advisor import __version__

log = logging.getLogger("advisor.api")
REF = "#/components/schemas/{model}"

DESCRIPTION = """Ranked, cited findings for system configuration documents (contract section 4).

Every `/v1` route needs `Authorization: Bearer <key>` (create a key with `advisor keys create NAME`).
Errors are `application/problem+json` (RFC 9457); `GET /problems` lists the types."""


def request_body(schema: str, examples: dict[str, Any] | None = None) -> dict[str, Any]:
    """`openapi_extra` for a route whose JSON body `json_body` reads."""
    media: dict[str, Any] = {"schema": {"$ref": REF.format(model=schema)}}
    if examples:
        media["examples"] = examples
    return {"requestBody": {"required": True, "content": {"application/json": media}}}


def _array_branch(prop: dict[str, Any]) -> dict[str, Any] | None:
    if prop.get("type") == "array":
        return prop
    return next((b for b in prop.get("anyOf", []) if b.get("type") == "array"), None)


def _bound_numbers(node: Any) -> None:
    """State the documents' number limit (advisor/documents/limits.py) on every number without a bound of its own."""
    from advisor.documents.limits import NUMBER_LIMIT

    if isinstance(node, dict):
        if node.get("type") in ("integer", "number"):
            limit = int(NUMBER_LIMIT) if node["type"] == "integer" else NUMBER_LIMIT
            if "minimum" not in node and "exclusiveMinimum" not in node:
                node["minimum"] = -limit
            if "maximum" not in node and "exclusiveMaximum" not in node:
                node["maximum"] = limit
        for value in node.values():
            _bound_numbers(value)
    elif isinstance(node, list):
        for value in node:
            _bound_numbers(value)


def _component_schemas(max_partitions: int) -> dict[str, Any]:
    from advisor.capabilities import CAPABILITIES
    from advisor.documents import DOCUMENT_ADAPTER
    from api.models import (
        AmeInput,
        ChatRequest,
        ClmInput,
        HptInput,
        LfareaInput,
        OutputsRequest,
        PlareaInput,
        SapInstancesInput,
        ViosMemoryInput,
    )
    from api.problems import Problem
    from api.routes.admin import KeyRequest

    out: dict[str, Any] = {}
    document = DOCUMENT_ADAPTER.json_schema(ref_template=REF)
    _bound_numbers(document)  # the limit of advisor.capabilities.inputs, stated where clients read it
    out.update(document.pop("$defs", {}))
    out["Document"] = {**document, "description": "A configuration document; `kind` selects its schema."}
    partitions = _array_branch(out.get("ManagedSystem", {}).get("properties", {}).get("partitions", {}))
    if partitions is not None:
        partitions["maxItems"] = max_partitions
    out["ReviewRequest"] = {
        "description": 'A configuration document, one wrapped as {"document": ...}, or command outputs of one '
        'system ({"outputs": [{"command", "text"}, ...]} and/or {"bundle": "..."}, as for '
        "POST /v1/parse).",
        "anyOf": [
            {"$ref": REF.format(model="Document")},
            {
                "type": "object",
                "properties": {"document": {"$ref": REF.format(model="Document")}},
                "required": ["document"],
                "additionalProperties": False,
            },
            {"$ref": REF.format(model="OutputsRequest")},
        ],
    }
    out["DiffRequest"] = {
        "type": "object",
        "additionalProperties": False,
        "required": ["before", "after"],
        "properties": {
            "before": {"$ref": REF.format(model="Document")},
            "after": {"$ref": REF.format(model="Document")},
        },
    }
    for model in (
        ViosMemoryInput,
        ClmInput,
        LfareaInput,
        PlareaInput,
        HptInput,
        AmeInput,
        SapInstancesInput,
        OutputsRequest,
        ChatRequest,
        KeyRequest,
        Problem,
    ):
        schema = model.model_json_schema(ref_template=REF)
        out.update(schema.pop("$defs", {}))
        out[model.__name__] = schema
    for cap in CAPABILITIES:  # the request models of the capabilities (POST /v1/tools/<name>, explain, whatif)
        schema = cap.request.model_json_schema(ref_template=REF)
        out.update(schema.pop("$defs", {}))
        if "document" in schema.get("properties", {}):  # validated as a review's document is: state its schema
            schema["properties"]["document"] = {
                "anyOf": [{"$ref": REF.format(model="Document")}, {"type": "null"}],
                "description": schema["properties"]["document"].get("description", ""),
            }
        out[cap.request.__name__] = schema
    out["HptInput"]["properties"]["partitions"]["maxItems"] = max_partitions
    # the chat's document is validated as a review's is (after the request shape): state its schema
    out["ChatRequest"]["properties"]["document"] = {
        "anyOf": [{"$ref": REF.format(model="Document")}, {"type": "null"}],
        "description": out["ChatRequest"]["properties"]["document"].get("description", ""),
    }
    return out


# Two models share a class name; pydantic then names both by module. Public names instead:
COMPONENT_NAMES = {"advisor__sources__Source": "Source", "advisor__assemble__model__Source": "OutputSource"}


def _rename_components(schema: dict[str, Any]) -> None:
    components = schema.get("components", {}).get("schemas", {})
    renames = {old: new for old, new in COMPONENT_NAMES.items() if old in components}
    if not renames:
        return
    for old, new in renames.items():
        if new in components:
            raise RuntimeError(f"OpenAPI component {new} exists: cannot rename {old} to it")
        components[new] = components.pop(old)
    refs = {REF.format(model=old): REF.format(model=new) for old, new in renames.items()}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("$ref") in refs:
                node["$ref"] = refs[node["$ref"]]
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)


def _problem_examples(status: int) -> dict[str, Any]:
    from api.problems import PROBLEM_TYPES, problem_body

    return {
        name: {"summary": title, "value": problem_body(name, description)}
        for name, (code, title, description) in PROBLEM_TYPES.items()
        if code == status
    }


def _problem_responses(schema: dict[str, Any]) -> None:
    from api.problems import PROBLEM_MEDIA_TYPE, PROBLEM_TYPES

    titles: dict[int, list[str]] = {}
    for name, (status, _, _) in PROBLEM_TYPES.items():
        titles.setdefault(status, []).append(name)
    for path, item in schema.get("paths", {}).items():
        for op in item.values():
            responses = op.setdefault("responses", {})
            if path.startswith("/v1/"):
                responses.setdefault("401", {})
            for code, response in responses.items():
                if not code.isdigit() or int(code) < 400:
                    continue
                status = int(code)
                response["description"] = "Problem types: " + ", ".join(titles.get(status, ["internal-error"]))
                response["content"] = {
                    PROBLEM_MEDIA_TYPE: {
                        "schema": {"$ref": REF.format(model="Problem")},
                        "examples": _problem_examples(status),
                    }
                }
    components = schema.get("components", {}).get("schemas", {})
    for unused in ("HTTPValidationError", "ValidationError"):  # FastAPI's 422 body, replaced above
        components.pop(unused, None)


def _response_examples(app: FastAPI) -> dict[str, Any]:
    """operationId -> an example success body, computed from the request examples."""
    from advisor.capabilities import BY_NAME, Context, fleet
    from advisor.capabilities.outputs import OutputIn, load_outputs, parse_result
    from advisor.chat import ChatEngine
    from advisor.documents.io import validate_document
    from advisor.store import latest_version
    from api.examples import DIFF_REQUEST_EXAMPLES, EXAMPLE_DOCUMENT, EXAMPLE_OUTPUTS, examples_of
    from api.routes import admin, diff, problems, tools

    advisor = app.state.advisor
    review = {
        "review_id": "rv_4f1c2a9b7e3d5c6a8b90",
        "created_at": "2025-03-01T09:30:00.000Z",
        **advisor.review(validate_document(EXAMPLE_DOCUMENT)).model_dump(mode="json"),
    }
    parsed = parse_result(load_outputs([OutputIn(**o) for o in EXAMPLE_OUTPUTS], None))
    session_id, at = "cs_9b1f3c5e7a2d4c6b8e01", "2025-03-01T09:31:00.000Z"
    first = ChatEngine(advisor).turn("review", None, document=EXAMPLE_DOCUMENT)
    second = ChatEngine(advisor).turn("why?", first.state)
    turns = [
        {"n": n, "role": role, "text": text, "intent": intent, "citations": cites, "created_at": at}
        for n, (role, text, intent, cites) in enumerate(
            [
                ("user", "review", None, []),
                ("advisor", first.answer, first.intent, first.public()["citations"]),
                ("user", "why?", None, []),
                ("advisor", second.answer, second.intent, second.public()["citations"]),
            ],
            1,
        )
    ]
    rule_ids = sorted(advisor.rulebook.rules)
    rule_id = "AME-001" if "AME-001" in rule_ids else rule_ids[0]

    ctx = Context(advisor=advisor, limits=app.state.settings)

    def run(name: str, args: dict[str, Any] | None = None) -> Any:
        """The capability's answer to its first request example (or to `args`)."""
        cap = BY_NAME[name]
        return cap.invoke(args if args is not None else examples_of(cap.request)[0], ctx)

    out: dict[str, Any] = {
        "healthz": {"status": "ok"},
        "readyz": {
            "status": "ready",
            "schema_version": latest_version(),
            "rulebook": review["rulebook"],
            "store": "sqlite",
        },
        "createReview": review,
        "parseOutputs": parsed,
        "chat": {**second.public(), "session_id": session_id},
        "getChatSession": {
            "session_id": session_id,
            "created_at": at,
            "updated_at": at,
            "document": second.state.document,
            "findings": second.state.model_dump(mode="json")["findings"],
            "focus": second.state.focus,
            "undo_depth": 0,
            "turns": turns,
        },
        "getReview": review,
        "listReviews": {
            "items": [
                {
                    "review_id": review["review_id"],
                    "target": review["target"],
                    "kind": review["kind"],
                    "created_at": review["created_at"],
                    "rulebook_version": review["rulebook"]["version"],
                    "findings": len(review["findings"]),
                    "summary": review["summary"],
                }
            ],
            "next_cursor": "1234",
        },
        "diffDocuments": diff.diff(DIFF_REQUEST_EXAMPLES["ame64k"]["value"], advisor, app.state.settings),
        "listRules": run("list_rules", {}).rules[:2],
        "getRule": run("get_rule", {"rule_id": rule_id}),
        "listSources": run("list_sources", {}).sources[:2],
        "viosMemory": run("calc_vios_memory"),
        "clmSizing": run("calc_clm"),
        "lfarea": run("calc_lfarea"),
        "plarea": run("calc_plarea"),
        "hpt": run("calc_hpt"),
        "ameSizing": run("calc_ame"),
        "sapInstances": run("calc_sap_instances"),
        "ameFactor": run("calc_ame_factor"),
        "getstor": run("calc_getstor"),
        "lfareaLimit": run("calc_lfarea_limit"),
        "lfareaRequest": run("calc_lfarea_request"),
        "hpuxKernel": run("calc_hpux_kernel"),
        "vethBuffers": run("calc_veth_buffers"),
        "zvmSmtGain": run("calc_zvm_smt"),
        "explain": run("explain_rule"),
        "whatIf": run("what_if"),
        "searchKnowledge": run("search_guidance"),
        "listTools": tools.manifest(),
        **{
            f"tool_{name}": fleet.EXAMPLES[name] if cap.reads_store else run(name, cap.example_args())
            for name, cap in BY_NAME.items()
        },
        **admin.EXAMPLES,
        "getProblemType": problems._describe("invalid-document"),
        "listProblemTypes": [problems._describe("invalid-document")],
    }
    return {k: (v if isinstance(v, dict) else _jsonable(v)) for k, v in out.items()}


def _jsonable(value: Any) -> Any:
    from fastapi.encoders import jsonable_encoder

    return jsonable_encoder(value, by_alias=True)


def build_openapi(app: FastAPI) -> dict[str, Any]:
    if app.openapi_schema:
        return app.openapi_schema
    schema = get_openapi(
        title="Platform Advisor API",
        version=__version__,
        description=DESCRIPTION,
        routes=app.routes,
        tags=[
            {
                "name": "reviews",
                "description": "Review documents or command outputs; stored reviews; diffs; outputs to documents.",
            },
            {"name": "chat", "description": "Conversations with the advisor, stored as sessions."},
            {"name": "rules", "description": "The rule catalogue and its sources."},
            {"name": "calculators", "description": "Sizing calculators."},
            {"name": "explain", "description": "Structured explanations, what-if and guidance search."},
            {
                "name": "tools",
                "description": "The advisor as functions for LLM assistants: the manifest and one route per function.",
            },
            {"name": "health", "description": "Open liveness and readiness probes."},
            {"name": "problems", "description": "What each problem type means."},
        ],
    )
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    for name, component in _component_schemas(app.state.settings.max_partitions).items():
        if name in components and components[name] != component:
            raise RuntimeError(f"two different OpenAPI schemas named {name}: rename one of the models")
        components[name] = component
    _rename_components(schema)
    _problem_responses(schema)
    examples = _response_examples(app)
    for item in schema["paths"].values():
        for op in item.values():
            example = examples.get(op.get("operationId"))
            for code, response in op.get("responses", {}).items():
                media = response.get("content", {}).get("application/json")
                if code.startswith("2") and media is not None and example is not None:
                    media["example"] = example
    app.openapi_schema = schema
    return schema
