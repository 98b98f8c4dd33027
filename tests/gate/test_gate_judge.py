"""judge(): one status per finding and gap, in the order selection, waiver, baseline, threshold."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from advisor.documents.io import read_document
from advisor.gate import Policy
from advisor.gate.baseline import build_baseline
from advisor.gate.judge import highest_severity, judge
from advisor.gate.selection import Selection
from advisor.gate.waivers import Waiver, Waivers
from advisor.ranking import at_or_above

ROOT = Path(__file__).parents[2]
EXAMPLE = str(ROOT / "examples" / "aix-ame4k-64k.json")


@pytest.fixture(scope="module")
def reviewed(durable_advisor):
    _, doc = read_document(EXAMPLE)
    return [(EXAMPLE, doc, durable_advisor.review(doc))]


def waiver(rule: str, target: str = "sap*") -> Waiver:
    return Waiver(
        rule=rule, target=target, reason="window in March", owner="unix", expires=dt.date(2099, 1, 1), index=0
    )


def statuses(result) -> dict[str, str]:
    return {f.rule_id: f.status for f in result.findings}


def test_threshold_splits_failing_and_below(reviewed, rulebook):
    result = judge(reviewed, Policy(fail_on="high"), rulebook)
    doc = result.documents[0]
    assert doc.file.endswith("examples/aix-ame4k-64k.json")
    for item in doc.findings:
        assert item.status == ("failing" if at_or_above(item.finding.severity, "high") else "below-threshold")
    assert statuses(result)["AME-001"] == "failing" and result.exit_code == 1
    assert judge(reviewed, Policy(fail_on="critical"), rulebook).exit_code == 0


def test_waiver_takes_the_finding_out_of_the_gate(reviewed, rulebook):
    result = judge(reviewed, Policy(waivers=Waivers("w.yaml", (waiver("AME-001"),))), rulebook)
    item = next(f for f in result.findings if f.rule_id == "AME-001")
    assert item.status == "waived" and item.waiver.owner == "unix"
    assert result.counts()["waived"] >= 1 and not result.unused_waivers
    unused = judge(reviewed, Policy(waivers=Waivers("w.yaml", (waiver("AME-001", "other*"),))), rulebook)
    assert statuses(unused)["AME-001"] == "failing" and len(unused.unused_waivers) == 1


def test_baseline_accepts_same_or_lower_severity_only(reviewed, rulebook):
    review = reviewed[0][2]
    file = judge(reviewed, Policy(), rulebook).documents[0].file
    same = build_baseline([(file, f) for f in review.findings], "x")
    result = judge(reviewed, Policy(baseline=same), rulebook)
    assert set(statuses(result).values()) == {"baselined"} and result.exit_code == 0
    lower = build_baseline([(file, f.model_copy(update={"severity": "low"})) for f in review.findings], "x")
    worse = judge(reviewed, Policy(baseline=lower), rulebook)
    item = next(f for f in worse.findings if f.rule_id == "AME-001")
    assert item.status == "failing" and item.baseline_severity == "low" and not item.new
    other_file = build_baseline([("elsewhere.json", f) for f in review.findings], "x")
    assert statuses(judge(reviewed, Policy(baseline=other_file), rulebook))["AME-001"] == "failing"


def test_fail_on_not_assessed_counts_rules_that_could_reach_the_threshold(reviewed, rulebook):
    result = judge(reviewed, Policy(fail_on="high", fail_on_not_assessed=True), rulebook)
    gaps = result.gaps
    assert gaps, "the example leaves some rules without data"
    for gap in (g for g in gaps if g.status != "not-applicable"):  # those never fail (test_coverage.py)
        could = at_or_above(highest_severity(rulebook, gap.rule_id), "high")
        assert gap.status == ("failing" if could else "not-assessed")
    relaxed = judge(reviewed, Policy(fail_on="high"), rulebook)
    assert {g.status for g in relaxed.gaps} == {"not-assessed", "not-applicable"}


def test_selection_reranks_and_recounts(reviewed, rulebook):
    result = judge(reviewed, Policy(selection=Selection(ignore=("AME-001",))), rulebook)
    review = result.documents[0].review
    assert "AME-001" not in statuses(result)
    assert [f.rank for f in review.findings] == list(range(1, len(review.findings) + 1))
    assert sum(review.summary.values()) == len(review.findings)
    only = judge(reviewed, Policy(selection=Selection(select=("AME",))), rulebook)
    doc = only.documents[0]
    seen = [f.rule_id for f in doc.findings] + [g.rule_id for g in doc.gaps] + [p.rule_id for p in doc.passes]
    assert seen and all(r.startswith("AME") for r in seen)


def test_every_rule_of_the_kind_is_a_finding_a_gap_or_a_pass(reviewed, rulebook):
    doc = judge(reviewed, Policy(), rulebook).documents[0]
    seen = [f.rule_id for f in doc.findings] + [g.rule_id for g in doc.gaps] + [p.rule_id for p in doc.passes]
    assert sorted(seen) == sorted(cr.id for cr in rulebook.for_kind("aix-lpar"))
    assert json.loads(Path(EXAMPLE).read_text())["name"] == doc.review.target
