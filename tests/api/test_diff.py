"""advisor.diff.diff_reviews (matched on rule_id + target) and POST /v1/diff."""

from __future__ import annotations

import copy

from advisor.diff import diff_reviews
from advisor.findings import Finding, Review, RulebookInfo
from api.examples import EXAMPLE_DOCUMENT, FIXED_DOCUMENT
from tests.support.store import OPERATOR


def finding(
    rule_id: str, target: str, severity: str = "high", rank: int = 1, path: str = "$", message: str = "m"
) -> Finding:
    return Finding(
        rule_id=rule_id,
        rank=rank,
        severity=severity,
        score=60.0,
        target=target,
        path=path,
        kind="aix-lpar",
        title="t",
        message=message,
        rationale="r",
        recommendation="x",
        remediation=[],
        evidence={},
        citations=[],
    )


def review(*findings: Finding) -> Review:
    return Review(
        target="s",
        kind="aix-lpar",
        findings=list(findings),
        not_assessed=[],
        summary={},
        rulebook=RulebookInfo(version="v", rules=1),
    )


def test_partition_into_introduced_resolved_kept_changed():
    before = review(
        finding("A-1", "x", "high", 1),
        finding("B-1", "x", "medium", 2),
        finding("C-1", "x", "low", 3),
        finding("D-1", "x", "high", 4),
    )
    after = review(
        finding("A-1", "x", "high", 1, message="new figures"),
        finding("B-1", "x", "critical", 2),
        finding("D-1", "x", "low", 3),
        finding("E-1", "x", "info", 4),
    )
    d = diff_reviews(before, after)
    assert [f.rule_id for f in d.introduced] == ["E-1"]
    assert [f.rule_id for f in d.resolved] == ["C-1"]
    assert [f.rule_id for f in d.kept] == ["A-1"] and d.kept[0].message == "new figures"  # the after finding
    assert [(c.rule_id, c.direction, c.before.severity, c.after.severity) for c in d.changed] == [
        ("B-1", "worsened", "medium", "critical"),
        ("D-1", "improved", "high", "low"),
    ]
    assert d.summary.model_dump() == {
        "introduced": 1,
        "resolved": 1,
        "kept": 1,
        "changed": 2,
        "worsened": 1,
        "improved": 1,
    }


def test_same_rule_on_another_target_is_not_the_same_finding():
    d = diff_reviews(review(finding("A-1", "lpar1")), review(finding("A-1", "lpar2")))
    assert [f.target for f in d.introduced] == ["lpar2"] and [f.target for f in d.resolved] == ["lpar1"]
    assert not d.kept and not d.changed


def test_duplicate_targets_pair_by_partition_path():
    before = review(
        finding("A-1", "dup", "high", 1, "$.partitions[0]"), finding("A-1", "dup", "low", 2, "$.partitions[1]")
    )
    after = review(finding("A-1", "dup", "low", 1, "$.partitions[1]"))
    d = diff_reviews(before, after)
    assert [f.path for f in d.kept] == ["$.partitions[1]"]
    assert [f.path for f in d.resolved] == ["$.partitions[0]"]


def test_identical_reviews_keep_everything():
    r = review(finding("A-1", "x", rank=1), finding("B-1", "x", rank=2))
    d = diff_reviews(r, r)
    assert len(d.kept) == 2 and not (d.introduced or d.resolved or d.changed)


def test_diff_route_resolves_ame001_when_switching_to_64k(client):
    r = client.post("/v1/diff", json={"before": EXAMPLE_DOCUMENT, "after": FIXED_DOCUMENT})
    assert r.status_code == 200, r.text
    body = r.json()
    assert set(body) >= {"introduced", "resolved", "kept", "changed"}
    assert "AME-001" in [f["rule_id"] for f in body["resolved"]]
    assert "AME-001" not in [f["rule_id"] for f in body["kept"] + body["introduced"]]


def test_diff_route_reports_issues_of_both_documents(client):
    before = copy.deepcopy(EXAMPLE_DOCUMENT)
    before["ame"]["page_suport"] = "4K"
    after = copy.deepcopy(EXAMPLE_DOCUMENT)
    after["kind"] = "aix-lparr"
    r = client.post("/v1/diff", json={"before": before, "after": after})
    assert r.status_code == 422 and r.json()["type"] == "/problems/invalid-document"
    paths = [e["path"] for e in r.json()["errors"]]
    assert "$.before.ame.page_suport" in paths and "$.after.kind" in paths


def test_diff_route_needs_before_and_after(client):
    r = client.post("/v1/diff", json={"befor": EXAMPLE_DOCUMENT})
    assert r.status_code == 422 and r.json()["type"] == "/problems/invalid-request"
    assert r.json()["errors"] == [
        {"path": "$.befor", "message": "unknown field", "suggestion": "before"},
        {"path": "$.before", "message": "required", "suggestion": None},
        {"path": "$.after", "message": "required", "suggestion": None},
    ]
    assert client.post("/v1/diff", json=[EXAMPLE_DOCUMENT]).json()["type"] == "/problems/invalid-request"


def test_diff_stores_nothing(app, client):
    client.post("/v1/diff", json={"before": EXAMPLE_DOCUMENT, "after": FIXED_DOCUMENT})
    assert app.state.store.count_reviews(OPERATOR) == 0
