"""The OpenAPI schema: examples everywhere, bearer security on /v1, problem+json for errors."""

from __future__ import annotations

import jsonschema
import pytest

from api.problems import PROBLEM_MEDIA_TYPE


@pytest.fixture
def spec(anon) -> dict:
    return anon.get("/openapi.json").json()


def operations(spec: dict):
    for path, item in spec["paths"].items():
        for method, op in item.items():
            yield path, method, op


def test_every_operation_has_examples(spec):
    for path, method, op in operations(spec):
        ok = {c: r for c, r in op["responses"].items() if c.startswith("2")}
        assert ok, (method, path)
        for code, response in ok.items():
            assert "example" in response["content"]["application/json"], (method, path, code)
        if "requestBody" in op:
            assert op["requestBody"]["content"]["application/json"].get("examples"), (method, path)
        for code, response in op["responses"].items():
            if int(code) >= 400:
                assert response["content"][PROBLEM_MEDIA_TYPE]["examples"], (method, path, code)


def test_v1_operations_are_bearer_protected(spec):
    schemes = spec["components"]["securitySchemes"]
    assert [s["scheme"] for s in schemes.values()] == ["bearer"]
    for path, method, op in operations(spec):
        if path.startswith("/v1/"):
            assert op.get("security"), (method, path)
            assert "401" in op["responses"]
        else:
            assert not op.get("security"), (method, path)


def test_errors_are_documented_as_problem_json_only(spec):
    for path, method, op in operations(spec):
        for code, response in op["responses"].items():
            if int(code) >= 400:
                assert list(response["content"]) == [PROBLEM_MEDIA_TYPE], (method, path, code)


def _validator(spec: dict, schema: dict) -> jsonschema.Draft202012Validator:
    """OpenAPI 3.1 schemas are JSON Schema 2020-12; refs point into #/components."""
    return jsonschema.Draft202012Validator({**schema, "components": spec["components"]})


def test_examples_match_their_schemas(spec):
    """Request and response examples validate against the schemas they illustrate."""
    for path, method, op in operations(spec):
        for code, response in op["responses"].items():
            for media in response.get("content", {}).values():
                schema = media.get("schema")
                if not schema:
                    continue
                validator = _validator(spec, schema)
                examples = (
                    [media["example"]]
                    if "example" in media
                    else [e["value"] for e in media.get("examples", {}).values()]
                )
                for example in examples:
                    errors = [str(e) for e in validator.iter_errors(example)]
                    assert not errors, (method, path, code, errors[:3])
        if "requestBody" in op:
            media = op["requestBody"]["content"]["application/json"]
            validator = _validator(spec, media["schema"])
            for name, example in media["examples"].items():
                assert validator.is_valid(example["value"]), (method, path, name)


def test_document_schema_is_the_document_models(spec):
    from advisor.documents import KIND_MODELS

    assert {m.__name__ for m in KIND_MODELS.values()} <= set(spec["components"]["schemas"])
    ms = spec["components"]["schemas"]["ManagedSystem"]["properties"]["partitions"]
    assert any(b.get("maxItems") == 1000 for b in ms.get("anyOf", [ms]))


def test_request_examples_are_accepted(client, spec):
    for path, method, op in operations(spec):
        if "requestBody" in op:
            for example in op["requestBody"]["content"]["application/json"]["examples"].values():
                r = client.request(method.upper(), path, json=example["value"])
                assert r.status_code < 300, (path, r.text)


def test_docs_cover_every_route_and_problem_type(spec):
    from pathlib import Path

    from api.problems import PROBLEM_TYPES

    text = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text(encoding="utf-8")
    for path, method, _ in operations(spec):
        assert f"`{method.upper()} {path}" in text, (method, path)
    for name in PROBLEM_TYPES:
        assert f"`/problems/{name}`" in text, name


def test_component_names_are_public(spec):
    """Two models named Source (citation sources, output lines) get names of their own, not module paths."""
    schemas = spec["components"]["schemas"]
    assert not [name for name in schemas if "__" in name]
    assert {"Source", "OutputSource", "OutputsRequest", "ChatRequest", "ChatOut", "ChatSessionOut", "ParseOut"} <= set(
        schemas
    )
    provenance = schemas["ParseOut"]["properties"]["provenance"]["additionalProperties"]
    assert provenance == {"$ref": "#/components/schemas/OutputSource"}
