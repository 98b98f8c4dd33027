"""Baseline files: stable fingerprints, sorted entries, errors that name the file."""

from __future__ import annotations

import json

import pytest

from advisor.findings import Finding
from advisor.gate.baseline import build_baseline, dump_baseline, load_baseline
from advisor.gate.errors import GateInputError
from advisor.gate.identity import display_path, fingerprint


def finding(rule_id: str, target: str, severity: str = "high") -> Finding:
    return Finding(
        rule_id=rule_id,
        rank=1,
        severity=severity,
        score=60.0,
        target=target,
        kind="aix-lpar",
        title="t",
        message="m",
        rationale="r",
        recommendation="fix",
        remediation=[],
        evidence={},
        citations=[],
    )


def test_roundtrip_is_sorted_deduplicated_and_stable(tmp_path):
    items = [
        ("b.json", finding("AME-002", "x", "medium")),
        ("a.json", finding("AME-001", "y")),
        ("a.json", finding("AME-001", "y")),
    ]
    text = dump_baseline(build_baseline(items, "1.0"))
    assert text == dump_baseline(build_baseline(list(reversed(items)), "1.0"))
    path = tmp_path / "baseline.json"
    path.write_text(text)
    base = load_baseline(str(path))
    assert [e.file for e in base.findings] == ["a.json", "b.json"]
    assert base.severity_of("AME-002", "x", "b.json") == "medium"
    assert base.severity_of("AME-002", "x", "a.json") is None
    assert base.findings[0].fingerprint == fingerprint("AME-001", "y", "a.json")


def test_fingerprint_and_display_path(tmp_path, monkeypatch):
    assert fingerprint("AME-001", "sapapp01", "a.json") == fingerprint("AME-001", "sapapp01", "a.json")
    assert len({fingerprint("AME-001", "sapapp01", f) for f in ("a.json", "b.json")}) == 2
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    assert display_path("./sub/../sub/x.json") == "sub/x.json"
    assert display_path(str(tmp_path / "sub" / "x.json")) == "sub/x.json"
    assert display_path("-") == "<stdin>"


def test_malformed_baselines_are_errors_naming_the_file(tmp_path):
    path = tmp_path / "b.json"
    path.write_text("{")
    with pytest.raises(GateInputError, match=r"b\.json:1: not valid JSON"):
        load_baseline(str(path))
    path.write_text(json.dumps({"rulebook": "1", "findings": [{"rule_id": "AME-001"}]}))
    with pytest.raises(GateInputError, match=r"b\.json: \$\.findings\[0\]\.fingerprint: Field required"):
        load_baseline(str(path))
    path.write_text(json.dumps({"advisor_baseline": 9, "rulebook": "1", "findings": []}))
    with pytest.raises(GateInputError, match="format 9 is not supported"):
        load_baseline(str(path))
    with pytest.raises(GateInputError, match="cannot read"):
        load_baseline(str(tmp_path / "none.json"))
