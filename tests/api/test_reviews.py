"""POST/GET /v1/reviews: contract section 2 plus review_id and created_at, stored, paged newest first."""

from __future__ import annotations

import json

import pytest

from advisor.documents.io import validate_document
from advisor.review import default_advisor
from api.app import create_app
from api.examples import EXAMPLE_DOCUMENT
from tests.api.docs import document, documents, example_count
from tests.support.store import OPERATOR, sql

CONTRACT_FINDING_FIELDS = {
    "rule_id",
    "rank",
    "severity",
    "score",
    "target",
    "title",
    "message",
    "rationale",
    "recommendation",
    "remediation",
    "evidence",
    "citations",
}


def expected_review(doc: dict) -> dict:
    return json.loads(default_advisor().review(validate_document(doc)).model_dump_json())


def without_ids(body: dict) -> dict:
    return {k: v for k, v in body.items() if k not in ("review_id", "created_at")}


def test_create_review_returns_contract_shape_and_location(client):
    r = client.post("/v1/reviews", json=EXAMPLE_DOCUMENT)
    assert r.status_code == 201, r.text
    body = r.json()
    assert r.headers["location"] == f"/v1/reviews/{body['review_id']}"
    assert body["review_id"].startswith("rv_") and body["created_at"].endswith("Z")
    assert {"target", "findings", "not_assessed", "summary", "rulebook"} <= set(body)
    assert body["target"] == "sapapp01"
    assert body["findings"], "the contract example has findings"
    for rank, finding in enumerate(body["findings"], 1):
        assert CONTRACT_FINDING_FIELDS <= set(finding)
        assert finding["rank"] == rank and finding["citations"]
    assert set(body["summary"]) == {"critical", "high", "medium", "low", "info"}
    assert without_ids(body) == expected_review(EXAMPLE_DOCUMENT)


def test_wrapped_document_is_the_same_review(client):
    bare = client.post("/v1/reviews", json=EXAMPLE_DOCUMENT).json()
    wrapped = client.post("/v1/reviews", json={"document": EXAMPLE_DOCUMENT}).json()
    assert without_ids(bare) == without_ids(wrapped)
    assert bare["review_id"] != wrapped["review_id"]


def test_get_review_returns_exactly_what_post_returned(client):
    created = client.post("/v1/reviews", json=EXAMPLE_DOCUMENT)
    fetched = client.get(created.headers["location"])
    assert fetched.status_code == 200
    assert fetched.json() == created.json()


def test_review_is_stored_with_document_key_and_audit(app, client):
    body = client.post("/v1/reviews", json={"document": EXAMPLE_DOCUMENT}).json()
    store = app.state.store
    assert store.get_document(OPERATOR, body["review_id"]) == EXAMPLE_DOCUMENT
    row = sql(store, "SELECT api_key_id, rulebook_version, kind FROM reviews WHERE id = ?", body["review_id"])[0]
    assert row[0] == store.list_keys(OPERATOR)[0].id and row[1] == body["rulebook"]["version"] and row[2] == "aix-lpar"
    audit = store.audit_entries(OPERATOR)[0]
    assert (audit.action, audit.object_id, audit.api_key_id) == ("review.create", body["review_id"], row[0])


def test_reviews_survive_a_restart(settings, client):
    created = client.post("/v1/reviews", json=EXAMPLE_DOCUMENT).json()
    client.app.state.store.close()
    again = create_app(settings)
    try:
        from fastapi.testclient import TestClient

        c = TestClient(again)
        c.headers.update(client.headers)
        assert c.get(f"/v1/reviews/{created['review_id']}").json() == created
    finally:
        again.state.store.close()


def test_unknown_review_is_404_problem(client):
    r = client.get("/v1/reviews/rv_00000000000000000000")
    assert r.status_code == 404 and r.json()["type"] == "/problems/review-not-found"
    assert r.headers["content-type"] == "application/problem+json"


def test_malformed_review_id_is_422(client):
    r = client.get("/v1/reviews/not-an-id")
    assert r.status_code == 422 and r.json()["type"] == "/problems/invalid-parameters"
    assert r.json()["errors"][0]["path"] == "path.review_id"


def test_list_is_newest_first_with_stable_cursor(client):
    ids = [client.post("/v1/reviews", json=d).json()["review_id"] for d in documents(5)]
    first = client.get("/v1/reviews", params={"limit": 2}).json()
    assert [i["review_id"] for i in first["items"]] == ids[::-1][:2]
    # a review arriving between pages must not shift the next page
    client.post("/v1/reviews", json=document(99))
    second = client.get("/v1/reviews", params={"limit": 2, "cursor": first["next_cursor"]}).json()
    third = client.get("/v1/reviews", params={"limit": 2, "cursor": second["next_cursor"]}).json()
    assert [i["review_id"] for i in second["items"]] == ids[::-1][2:4]
    assert [i["review_id"] for i in third["items"]] == ids[:1]
    assert third["next_cursor"] is None
    item = first["items"][0]
    assert set(item) == {"review_id", "target", "kind", "created_at", "rulebook_version", "findings", "summary"}


def test_list_filters_by_target(client):
    docs = documents(4)
    for doc in docs:
        client.post("/v1/reviews", json=doc)
    page = client.get("/v1/reviews", params={"target": docs[2]["name"]}).json()
    assert [i["target"] for i in page["items"]] == [docs[2]["name"]] and page["next_cursor"] is None
    assert client.get("/v1/reviews", params={"target": "nothing-here"}).json() == {"items": [], "next_cursor": None}


@pytest.mark.parametrize(
    "params, path",
    [
        ({"limit": 0}, "query.limit"),
        ({"limit": 101}, "query.limit"),
        ({"limit": "x"}, "query.limit"),
        ({"cursor": "abc"}, "query.cursor"),
        ({"cursor": "0"}, "query.cursor"),
        ({"target": ""}, "query.target"),
    ],
)
def test_bad_list_parameters_are_422(client, params, path):
    r = client.get("/v1/reviews", params=params)
    assert r.status_code == 422, r.text
    assert r.json()["type"] == "/problems/invalid-parameters" and r.json()["errors"][0]["path"] == path


def test_review_of_a_document_has_no_input_fields(client):
    body = client.post("/v1/reviews", json=EXAMPLE_DOCUMENT).json()
    assert not {"document", "warnings", "conflicts"} & set(body)  # those are for reviews of command outputs


def test_typo_in_document_names_path_and_suggestion(client):
    doc = json.loads(json.dumps(EXAMPLE_DOCUMENT))
    doc["ame"]["page_suport"] = doc["ame"].pop("page_support")
    r = client.post("/v1/reviews", json=doc)
    assert r.status_code == 422
    assert r.json()["type"] == "/problems/invalid-document"
    assert {"path": "$.ame.page_suport", "message": "unknown field", "suggestion": "page_support"} in r.json()["errors"]
    # wrapped: the path points into what was sent
    r = client.post("/v1/reviews", json={"document": doc})
    assert r.json()["errors"][0]["path"] == "$.document.ame.page_suport"


def test_wrapper_with_other_keys_is_invalid_request(client):
    r = client.post("/v1/reviews", json={"document": EXAMPLE_DOCUMENT, "documnet": 1})
    assert r.status_code == 422 and r.json()["type"] == "/problems/invalid-request"
    assert r.json()["errors"] == [{"path": "$.documnet", "message": "unknown field", "suggestion": "document"}]


@pytest.mark.parametrize(
    "body, path",
    [
        ({"name": "x"}, "$.kind"),
        ({"kind": "aix-lapr", "name": "x"}, "$.kind"),
        ([1, 2], "$"),
        ("text", "$"),
        ({"document": [1]}, "$.document"),
    ],
)
def test_not_a_document_is_422_with_path(client, body, path):
    r = client.post("/v1/reviews", json=body)
    assert r.status_code == 422, r.text
    assert r.json()["type"] == "/problems/invalid-document"
    assert r.json()["errors"][0]["path"] == path


def test_unknown_kind_suggests_the_closest(client):
    r = client.post("/v1/reviews", json={"kind": "aix-lapr", "name": "x"})
    assert r.json()["errors"][0]["suggestion"] == "aix-lpar"


def _extreme(node, big):
    """Every number in the document replaced by an extreme one of the same JSON type."""
    if isinstance(node, dict):
        return {k: (v if k in ("kind", "name") else _extreme(v, big)) for k, v in node.items()}
    if isinstance(node, list):
        return [_extreme(v, big) for v in node]
    if isinstance(node, bool) or not isinstance(node, (int, float)):
        return node
    return big[0] if isinstance(node, float) else big[1]


def test_numbers_at_the_limits_are_reviewed_or_refused_never_a_500(client):
    """Every rule example with every number at an extreme inside the limit (the largest accepted
    magnitude, or the smallest positive double): a review or a 422, never a 500."""
    statuses = set()
    for i in range(example_count()):
        doc = document(i)
        big = (1e15, 10**15) if i % 2 else (5e-324, 7)
        r = client.post("/v1/reviews", json=_extreme(doc, big))
        assert r.status_code in (201, 422), (doc["name"], big, r.status_code, r.text[:300])
        statuses.add(r.status_code)
    assert 201 in statuses


@pytest.mark.parametrize("big", [(1e300, 2**63), (1.7e308, 2**64 - 1), (-1e16, -(10**16))])
def test_numbers_beyond_the_limit_are_422_with_their_paths(client, big):
    doc = _extreme(document(0), big)
    r = client.post("/v1/reviews", json={"document": doc})
    assert r.status_code == 422 and r.json()["type"] == "/problems/number-out-of-range"
    assert all(e["path"].startswith("$.document.") for e in r.json()["errors"])
    assert (
        client.post("/v1/diff", json={"before": doc, "after": document(0)}).json()["type"]
        == "/problems/number-out-of-range"
    )


def test_big_integers_in_a_review_are_serialised(app, client):
    """Derived figures can be integers beyond 64 bits, which orjson cannot write: the review must still be stored."""
    real = app.state.advisor

    class Huge:
        def review(self, doc):
            review = real.review(doc)
            review.findings[0].evidence["derived.huge"] = 2**70
            return review

    app.state.advisor = Huge()
    r = client.post("/v1/reviews", json=EXAMPLE_DOCUMENT)
    assert r.status_code == 201, r.text
    assert r.json()["findings"][0]["evidence"]["derived.huge"] == 2**70
    assert client.get(r.headers["location"]).json() == r.json()
