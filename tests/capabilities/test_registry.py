"""Every capability: schemas an LLM tool can use, examples that run, results that match their schema."""

from __future__ import annotations

import dataclasses

import jsonschema
import pytest

from advisor.capabilities import CAPABILITIES, CapabilityError
from advisor.capabilities.fleet import FleetView
from advisor.documents.io import validate_document
from advisor.store import open_store
from tests.capabilities.conftest import example
from tests.support.store import OPERATOR

# A valid request for each capability without an example of its own in the request model.
ARGS = {
    "review_configuration": {"document": example("aix-ame4k-64k.json")},
    "why_not_fired": {"rule_id": "AME-001", "document": example("aix-clean.json")},
    "list_rules": {"kind": "zos-lpar"},
    "get_rule": {"rule_id": "HPUX-001"},
    "list_sources": {},
    "parse_outputs": {"outputs": [{"command": "lparstat -i", "text": "Node Name : sapapp01\nType : Shared-SMT-8\n"}]},
}


def _args(cap):
    if cap.name in ARGS:
        return ARGS[cap.name]
    return cap.request.model_config["json_schema_extra"]["examples"][0]


@pytest.mark.parametrize("cap", CAPABILITIES, ids=lambda c: c.name)
def test_schemas_are_valid_and_described(cap):
    schema = cap.input_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator.check_schema(cap.output_schema())
    assert schema["type"] == "object" and schema.get("additionalProperties") is False
    assert len(cap.description) > 60


@pytest.fixture(scope="module")
def with_fleet(ctx, tmp_path_factory):
    """The context with a store holding one review of sapapp01 (the fleet examples' system), in one tenant."""
    store = open_store(tmp_path_factory.mktemp("fleet") / "s.db")
    store.migrate()
    who = store.create_key(OPERATOR, "cap", role="submitter")[0].principal()
    review = ctx.advisor.review(validate_document(example("aix-ame4k-64k.json")))
    store.add_review(
        who,
        review_id="rv_0123456789abcdef0123",
        target=review.target,
        kind=review.kind,
        document_json="{}",
        review_json=review.model_dump_json(),
        rulebook_version="v",
        created_at="2026-11-24T10:00:00.000Z",
    )
    yield dataclasses.replace(ctx, fleet=FleetView(store, who))
    store.close()


@pytest.mark.parametrize("cap", CAPABILITIES, ids=lambda c: c.name)
def test_a_valid_call_returns_what_its_schema_says(cap, ctx, with_fleet):
    if cap.reads_store:
        with pytest.raises(CapabilityError, match="no store"):  # a surface without a store says so
            cap.invoke(_args(cap), ctx)
        ctx = with_fleet
    result = cap.invoke(_args(cap), ctx)
    assert isinstance(result, cap.result)
    jsonschema.validate(result.model_dump(mode="json", by_alias=True), cap.output_schema())


@pytest.mark.parametrize("cap", CAPABILITIES, ids=lambda c: c.name)
def test_an_unknown_argument_is_a_path_error_with_a_suggestion(cap, ctx):
    args = dict(_args(cap))
    had_fields = bool(args)
    name = next(iter(args), "x")
    args[name + "x"] = args.get(name, 1)
    with pytest.raises(CapabilityError) as err:
        cap.invoke(args, ctx)
    assert err.value.name == "invalid-request"
    item = next(e for e in err.value.errors if e.path == f"$.{name}x")
    assert item.message == "unknown field" and (not had_fields or item.suggestion == name)


def test_arguments_nested_too_deep_are_refused_before_validation(ctx):
    deep: dict = {}
    node = deep
    for _ in range(100):
        node["a"] = {}
        node = node["a"]
    with pytest.raises(CapabilityError) as err:
        CAPABILITIES[0].invoke({"document": deep}, ctx)
    assert err.value.name == "too-deeply-nested"
