"""GET /v1/rules, /v1/rules/{id}, /v1/sources."""

from __future__ import annotations

from advisor.review import default_advisor
from advisor.sources import load_sources


def test_catalogue_lists_every_rule(client):
    r = client.get("/v1/rules")
    assert r.status_code == 200
    rules = r.json()
    assert [x["id"] for x in rules] == sorted(default_advisor().rulebook.rules)
    for rule in rules:
        assert set(rule) == {"id", "title", "severity", "kinds", "applies", "domain", "citations"}
        assert rule["citations"] and rule["kinds"] and rule["applies"]


def test_the_catalogue_is_one_definition_for_the_api_and_the_cli(client):
    """`advisor rules --json` (advisor.catalogue) and GET /v1/rules show every rule the same way."""
    from advisor.catalogue import listing

    assert client.get("/v1/rules").json() == sorted(listing(default_advisor().rulebook), key=lambda r: r["id"])


def test_rule_in_full_with_resolved_citations(client):
    rb = default_advisor().rulebook
    rule_id = sorted(rb.rules)[0]
    body = client.get(f"/v1/rules/{rule_id}").json()
    rule = rb.rules[rule_id].rule
    assert body["condition"] == rule.when and body["requires"] == list(rule.requires)
    assert body["applies"] == rule.applies  # what `advisor rules ID` shows as "Applies to systems"
    assert body["rationale"] == rule.rationale and body["remediation"]
    assert len(body["examples"]["fire"]) == len(rule.examples.fire)
    assert len(body["examples"]["pass"]) == len(rule.examples.pass_)
    sources = load_sources()
    for cite in body["citations"]:
        assert cite["title"] == sources[cite["source_id"]].title
        assert cite["url"] == sources[cite["source_id"]].url


def test_rule_id_is_case_insensitive(client):
    rule_id = sorted(default_advisor().rulebook.rules)[0]
    assert client.get(f"/v1/rules/{rule_id.lower()}").json()["id"] == rule_id


def test_unknown_rule_is_404_with_suggestion(client):
    rule_id = sorted(default_advisor().rulebook.rules)[0]
    typo = rule_id[:-1] + ("9" if rule_id[-1] != "9" else "8")
    if typo in default_advisor().rulebook.rules:
        typo = rule_id + "x"
    r = client.get(f"/v1/rules/{typo}")
    assert r.status_code == 404 and r.json()["type"] == "/problems/rule-not-found"
    assert r.json()["errors"][0]["suggestion"] in default_advisor().rulebook.rules


def test_sources(client):
    body = client.get("/v1/sources").json()
    assert [s["id"] for s in body] == list(load_sources())
    assert {"id", "title", "publisher", "url"} <= set(body[0])
