"""Locations: the JSON path of the first evidence field and the line of that key in the file."""

from __future__ import annotations

import json

from advisor.findings import Finding
from advisor.render.locate import finding_path, line_of, segments

FRAME = {
    "kind": "managed-system",
    "name": "p9",
    "partitions": [
        {"kind": "vios", "name": "vios1"},
        {"kind": "aix-lpar", "name": "sapapp01", "ame": {"enabled": True, "page_support": "4K"}},
    ],
}


def test_segments_and_finding_path():
    assert segments("$.partitions[2].ame.page_support") == ["partitions", 2, "ame", "page_support"]
    f = Finding(
        rule_id="AME-001",
        rank=1,
        severity="high",
        score=1.0,
        target="sapapp01",
        path="$.partitions[2]",
        kind="aix-lpar",
        title="t",
        message="m",
        rationale="r",
        recommendation="f",
        remediation=[],
        evidence={"derived.x": 1, "ame.page_support": "4K"},
        citations=[],
    )
    assert finding_path(f) == "$.partitions[2].ame.page_support"
    assert finding_path(f.model_copy(update={"evidence": {}})) == "$.partitions[2]"


def test_lines_in_json_and_yaml(tmp_path):
    as_json = tmp_path / "frame.json"
    as_json.write_text(json.dumps(FRAME, indent=2))
    text = as_json.read_text().splitlines()
    line = line_of(str(as_json), "$.partitions[1].ame.page_support")
    assert '"page_support"' in text[line - 1]
    partition = line_of(str(as_json), "$.partitions[1].memory.desired_gb")  # absent: falls back to the partition
    assert partition < line and "{" in text[partition - 1]
    as_yaml = tmp_path / "frame.yaml"
    as_yaml.write_text(
        "kind: managed-system\nname: p9\npartitions:\n  - kind: vios\n    name: vios1\n"
        "  - kind: aix-lpar\n    name: sapapp01\n    ame:\n      enabled: true\n      page_support: 4K\n"
    )
    assert line_of(str(as_yaml), "$.partitions[1].ame.page_support") == 10
    assert line_of(str(as_yaml), "$.partitions[1].ame") == 8


def test_unknown_places_fall_back_to_line_1(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{ not: [ yaml")
    assert line_of(str(broken), "$.ame") == 1
    assert line_of("-", "$.ame") == 1
    assert line_of(str(tmp_path / "missing.json"), "$.ame") == 1
