"""GET /v1/systems, /v1/systems/{name}, /v1/rules/{id}/systems and /v1/fleet/summary agree with the
reviews POST /v1/reviews returned."""

from __future__ import annotations

from collections import Counter

from tests.fleet.conftest import post
from tests.support.examples import example

SEVERITIES = ("critical", "high", "medium", "low", "info")


def test_systems_list_each_latest_review(client, fleet):
    r = client.get("/v1/systems", params={"sort": "name"})
    assert r.status_code == 200, r.text
    items = r.json()["items"]
    assert [s["name"] for s in items] == sorted(fleet)
    for s in items:
        latest = fleet[s["name"]][-1]
        assert s["review_id"] == latest["review_id"]
        assert s["summary"] == latest["summary"]
        assert s["findings"] == len(latest["findings"])
        assert s["not_assessed"] == len(latest["not_assessed"])
        assert s["reviews"] == len(fleet[s["name"]])
        assert s["score"] == round(sum(f["score"] for f in latest["findings"]), 1)
    app01 = next(s for s in items if s["name"] == "sapapp01")
    assert "AME-001" not in {f["rule_id"] for f in fleet["sapapp01"][-1]["findings"]}
    assert app01["first_seen"] == fleet["sapapp01"][0]["created_at"]


def test_filters_and_sorts(client, fleet):
    def names(**params) -> list[str]:
        r = client.get("/v1/systems", params=params)
        assert r.status_code == 200, r.text
        return [s["name"] for s in r.json()["items"]]

    assert names(kind="aix-lpar", sort="name") == ["sapapp01", "sapapp02"]
    assert names(prefix="sap", sort="name") == ["sapapp01", "sapapp02"]
    assert names(prefix="zz") == []
    high = {n for n, rs in fleet.items() if any(f["severity"] in ("critical", "high") for f in rs[-1]["findings"])}
    assert set(names(severity="high")) == high and high
    # the rule filter sees only the latest review: AME-001 was fixed on sapapp01
    assert names(rule="AME-001") == []
    some_rule = fleet["vios1"][-1]["findings"][0]["rule_id"]
    assert "vios1" in names(rule=some_rule)
    risk = names()
    assert risk[-1] == "sapapp02"  # no finding: last by risk
    assert names(sort="last_seen")[0] == "sapapp01"  # reviewed last


def test_keyset_pages_cover_every_system_once(client, fleet):
    for sort in ("risk", "name", "last_seen", "findings"):
        seen, cursor = [], None
        while True:
            params = {"sort": sort, "limit": 2} | ({"cursor": cursor} if cursor else {})
            page = client.get("/v1/systems", params=params).json()
            seen += [s["name"] for s in page["items"]]
            cursor = page["next_cursor"]
            if cursor is None:
                break
        full = [s["name"] for s in client.get("/v1/systems", params={"sort": sort}).json()["items"]]
        assert seen == full and sorted(seen) == sorted(fleet), sort


def test_bad_parameters_are_problems(client, fleet):
    r = client.get("/v1/systems", params={"severity": "urgent"})
    assert r.status_code == 422 and r.headers["content-type"].startswith("application/problem+json")
    assert r.json()["errors"][0]["path"] == "query.severity"
    r = client.get("/v1/systems", params={"cursor": "not-a-cursor!"})
    assert r.status_code == 422 and r.json()["type"].endswith("/invalid-parameters")
    r = client.get("/v1/systems", params={"rule": "AME-999"})
    assert r.status_code == 404 and r.json()["type"].endswith("/rule-not-found")
    r = client.get("/v1/systems/nosuch")
    assert r.status_code == 404 and r.json()["type"].endswith("/system-not-found")
    other = fleet["vios1"][0]["review_id"]
    r = client.get("/v1/systems/sapapp01", params={"from": other, "to": fleet["sapapp01"][0]["review_id"]})
    assert r.status_code == 404 and r.json()["errors"][0]["path"] == "query.from"


def test_a_name_with_a_slash(client, fleet):
    post(client, example("aix-clean.json", name="lpar/01"))
    r = client.get("/v1/systems/lpar/01")
    assert r.status_code == 200 and r.json()["system"]["name"] == "lpar/01"


def test_reads_need_a_key(client, fleet):
    for path in ("/v1/systems", "/v1/systems/sapapp01", "/v1/rules/AME-001/systems", "/v1/fleet/summary"):
        assert client.get(path, headers={"Authorization": ""}).status_code == 401, path


def test_system_history_and_diff(client, fleet):
    first, second = fleet["sapapp01"]
    r = client.get("/v1/systems/sapapp01")
    assert r.status_code == 200, r.text
    body = r.json()
    assert [h["review_id"] for h in body["history"]] == [second["review_id"], first["review_id"]]
    assert [f["rule_id"] for f in body["findings"]] == [f["rule_id"] for f in second["findings"]]
    diff = body["diff"]
    assert (diff["before"], diff["after"]) == (first["review_id"], second["review_id"])
    gone = sorted({f["rule_id"] for f in first["findings"]} - {f["rule_id"] for f in second["findings"]})
    assert "AME-001" in gone
    assert sorted(f["rule_id"] for f in diff["diff"]["resolved"]) == gone
    # any two, either way round
    back = client.get("/v1/systems/sapapp01", params={"from": second["review_id"], "to": first["review_id"]}).json()
    assert sorted(f["rule_id"] for f in back["diff"]["diff"]["introduced"]) == gone
    assert client.get("/v1/systems/sapapp02").json()["diff"] is None  # one review only


def test_rule_systems_follow_the_latest_review(client, fleet):
    r = client.get("/v1/rules/AME-001/systems")
    assert r.status_code == 200 and r.json()["items"] == []
    post(client, example("aix-ame4k-64k.json", name="sapapp09"))
    items = client.get("/v1/rules/AME-001/systems").json()["items"]
    assert [(i["name"], i["findings"]) for i in items] == [("sapapp09", 1)]
    assert client.get("/v1/rules/NOPE-1/systems").status_code == 404


def test_summary_counts(client, fleet):
    s = client.get("/v1/fleet/summary").json()
    latest = [rs[-1] for rs in fleet.values()]
    assert s["systems"] == len(fleet) and s["reviews"] == sum(len(rs) for rs in fleet.values())
    for row in s["severities"]:
        assert row["systems"] == sum(r["summary"][row["severity"]] > 0 for r in latest), row
    assert sum(s["ratings"].values()) == len(fleet)
    assert s["clean"] == sum(not r["findings"] for r in latest)
    by_rule = Counter(f["rule_id"] for r in latest for f in {f["rule_id"]: f for f in r["findings"]}.values())
    top = s["top_rules_by_systems"]
    assert {t["rule_id"]: t["systems"] for t in top} == {
        k: v for k, v in by_rule.items() if k in {t["rule_id"] for t in top}
    }
    assert [t["systems"] for t in top] == sorted((t["systems"] for t in top), reverse=True)
    missing = Counter(m for r in latest for m in {m for n in r["not_assessed"] for m in n["missing"]})
    for row in s["missing"]:
        assert row["systems"] == missing[row["field"]], row
    assert s["missing"][0]["systems"] == max(missing.values())
    (day,) = s["trend"]
    assert day["reviews"] == 6 and day["systems"] == 5
    assert day["summary"] == {sev: sum(r["summary"][sev] for rs in fleet.values() for r in rs) for sev in SEVERITIES}
