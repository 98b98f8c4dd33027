"""A misspelt query parameter is an error naming it, never a silently unfiltered answer."""

from __future__ import annotations


def test_unknown_query_parameter_is_422_with_did_you_mean(client):
    r = client.get("/v1/reviews", params={"targt": "sapapp01"})
    assert r.status_code == 422
    assert r.headers["content-type"] == "application/problem+json"
    (error,) = r.json()["errors"]
    assert error["path"] == "$.query.targt" and error["suggestion"] == "target"


def test_known_query_parameters_still_work(client):
    assert client.get("/v1/reviews", params={"target": "sapapp01", "limit": 5}).status_code == 200
    assert client.get("/v1/systems", params={"sort": "name"}).status_code == 200
    r = client.get("/v1/systems", params={"": "false"})
    assert r.status_code == 422
