"""POST /v1/reviews with command outputs: assembled, reviewed with provenance, stored; the document, warnings
and conflicts come back with the review."""

from __future__ import annotations

from api.examples import EXAMPLE_BUNDLE, EXAMPLE_DOCUMENT, EXAMPLE_OUTPUTS
from tests.api.test_errors import assert_problem
from tests.api.test_parse_api import AMEPAT_4_7, LPARSTAT_IBMSVR2
from tests.api.test_reviews import without_ids
from tests.parsers.parser_samples import load
from tests.support.store import OPERATOR


def test_the_4_7_amepat_report_as_outputs_gives_the_critical_ame_006_first_with_provenance(client):
    r = client.post("/v1/reviews", json={"outputs": [{"command": "amepat", "text": load(AMEPAT_4_7)}]})
    assert r.status_code == 201, r.text
    body = r.json()
    first = body["findings"][0]
    assert (first["rule_id"], first["severity"], first["rank"]) == ("AME-006", "critical", 1)
    assert first["evidence"]["ame.deficit_mb"] == 1645 and first["citations"]
    assert first["provenance"]["ame.deficit_mb"] == (
        "from amepat line 32 of outputs[0] (Average column): Deficit Memory Size (MB) 1645 [11%] 1633 [11%] 1652 [12%]"
    )
    assert body["target"] == "ibmsvr2" and body["document"]["ame"]["deficit_mb"] == 1645


def test_detected_command_gives_the_same_review(client):
    named = client.post("/v1/reviews", json={"outputs": [{"command": "amepat", "text": load(AMEPAT_4_7)}]}).json()
    detected = client.post("/v1/reviews", json={"outputs": [{"text": load(AMEPAT_4_7)}]}).json()
    assert [f["rule_id"] for f in detected["findings"]] == [f["rule_id"] for f in named["findings"]]
    assert (
        detected["findings"][0]["provenance"]["ame.deficit_mb"] == named["findings"][0]["provenance"]["ame.deficit_mb"]
    )


def test_outputs_return_document_warnings_and_conflicts(client):
    outputs = [{"text": load(AMEPAT_4_7)}, {"command": "lparstat -i", "text": LPARSTAT_IBMSVR2}]
    body = client.post("/v1/reviews", json={"outputs": outputs}).json()
    assert body["document"]["ame"]["expansion_factor"] == 4.0  # lparstat -i (as set) over amepat (recorded)
    assert [w["line_no"] for w in body["warnings"]] == [6] and body["warnings"][0]["file"] == "outputs[1]"
    assert [c["path"] for c in body["conflicts"]] == ["ame.expansion_factor"]
    assert body["findings"][0]["rule_id"] == "AME-006"
    assert body["findings"][0]["provenance"]["ame.expansion_factor"].startswith("from lparstat -i line 8 of outputs[1]")


def test_outputs_review_equals_the_review_of_the_parsed_document(client):
    parsed = client.post("/v1/parse", json={"outputs": EXAMPLE_OUTPUTS}).json()
    from_outputs = client.post("/v1/reviews", json={"outputs": EXAMPLE_OUTPUTS}).json()
    from_document = client.post("/v1/reviews", json=parsed["document"]).json()
    assert from_outputs["document"] == parsed["document"]
    strip = lambda b: [{k: v for k, v in f.items() if k != "provenance"} for f in b["findings"]]  # noqa: E731
    assert strip(from_outputs) == strip(from_document)
    assert all(f["provenance"] for f in from_outputs["findings"]) and not any(
        f["provenance"] for f in from_document["findings"]
    )
    # the same partition written by hand (api.examples) has the same top finding
    assert (
        from_outputs["findings"][0]["rule_id"]
        == client.post("/v1/reviews", json=EXAMPLE_DOCUMENT).json()["findings"][0]["rule_id"]
    )


def test_bundle_form(client):
    r = client.post("/v1/reviews", json={"bundle": EXAMPLE_BUNDLE})
    assert r.status_code == 201 and r.json()["findings"][0]["rule_id"] == "AME-001"


def test_stored_with_the_assembled_document_and_returned_as_posted(app, client):
    created = client.post("/v1/reviews", json={"outputs": EXAMPLE_OUTPUTS})
    body = created.json()
    assert client.get(created.headers["location"]).json() == body
    store = app.state.store
    assert store.get_document(OPERATOR, body["review_id"]) == body["document"]
    assert store.audit_entries(OPERATOR)[0].action == "review.create"
    listed = client.get("/v1/reviews", params={"target": "sapapp01"}).json()["items"]
    assert [i["review_id"] for i in listed] == [body["review_id"]]
    assert without_ids(body)["target"] == "sapapp01"


def test_bad_outputs_are_422_and_store_nothing(app, client):
    r = client.post("/v1/reviews", json={"outputs": [EXAMPLE_OUTPUTS[0], {"text": "garbage\n"}]})
    body = assert_problem(r, 422, "invalid-outputs")
    assert body["errors"][0]["path"] == "$.outputs[1].text" and body["errors"][0]["line"] == 1
    assert_problem(client.post("/v1/reviews", json={"outputs": []}), 422, "invalid-request")
    assert_problem(
        client.post("/v1/reviews", json={"outputs": EXAMPLE_OUTPUTS, "document": EXAMPLE_DOCUMENT}),
        422,
        "invalid-request",
    )
    assert app.state.store.count_reviews(OPERATOR) == 0
