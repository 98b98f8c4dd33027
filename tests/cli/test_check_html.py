"""`advisor check --format html`: one well-formed, self-contained file whose numbers are the JSON
output's for the same run, with user text escaped."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

from typer.testing import CliRunner

from advisor.cli import app
from advisor.rulebook.model import SEVERITIES

ROOT = Path(__file__).parents[2]
runner = CliRunner()


def parse(html: str) -> ET.Element:
    """Well-formed means an XML parser reads it whole (after the HTML5 doctype)."""
    assert html.startswith("<!DOCTYPE html>\n")
    return ET.fromstring(html.split("\n", 1)[1])


def cells(row: ET.Element) -> dict[str, int]:
    return {td.get("data-key"): int(td.text) for td in row.iter("td") if td.get("data-key")}


def test_numbers_equal_the_json_of_the_same_run(tmp_path, monkeypatch):
    for p in sorted((ROOT / "examples").glob("*.json")):
        shutil.copy(p, tmp_path / p.name)
    monkeypatch.chdir(tmp_path)
    files = sorted(p.name for p in tmp_path.glob("*.json"))
    result = runner.invoke(app, ["check", *files, "--format", "json", "--output", "html=out/report.html"])
    assert result.exit_code == 1, result.output
    reviews = json.loads(result.stdout)
    root = parse((tmp_path / "out" / "report.html").read_text(encoding="utf-8"))

    docs = {r.get("data-file"): cells(r) for r in root.iter("tr") if r.get("class") == "document"}
    assert list(docs) == [r["gate"]["file"] for r in reviews]
    for review in reviews:
        row = docs[review["gate"]["file"]]
        assert {s: row[s] for s in SEVERITIES} == review["summary"]
        assert {k[5:]: v for k, v in row.items() if k.startswith("gate.")} == review["gate"]["counts"]

    totals = root.find(".//table[@id='totals']/tbody/tr")
    want = {s: sum(r["summary"][s] for r in reviews) for s in SEVERITIES}
    want["findings"] = sum(len(r["findings"]) for r in reviews)
    want["not_assessed"] = sum(len(r["not_assessed"]) for r in reviews)
    assert cells(totals) == want
    assert want["findings"] > 0 and want["not_assessed"] > 0

    systems = {
        (r.get("data-file"), r.get("data-target")): cells(r) for r in root.iter("tr") if r.get("class") == "system"
    }
    for review in reviews:
        by_target = Counter((f["target"], f["severity"]) for f in review["findings"])
        gaps = Counter(n["target"] for n in review["not_assessed"])
        for target in {f["target"] for f in review["findings"]} | set(gaps):
            row = systems[(review["gate"]["file"], target)]
            assert {s: row[s] for s in SEVERITIES} == {s: by_target[(target, s)] for s in SEVERITIES}
            assert row["not_assessed"] == gaps[target]

    ratings = {r.get("data-file"): r.find("td/span").text for r in root.iter("tr") if r.get("class") == "system"}
    assert ratings["aix-ame4k-64k.json"] == "red"  # a high finding
    assert ratings["zvm-z13.json"] == "amber"  # a medium one at most
    assert ratings["aix-clean.json"] == "green"

    articles = [(a.get("data-rule"), a.get("data-target"), int(a.get("data-rank"))) for a in root.iter("article")]
    assert articles == [(f["rule_id"], f["target"], f["rank"]) for r in reviews for f in r["findings"]]

    # every missing field of the JSON is a row of the not-assessed table, counted once per rule and system
    groups = {tr.find("td").text: int(tr.get("data-count")) for tr in root.iter("tr") if tr.get("class") == "gap-group"}
    want_groups = Counter(m for r in reviews for n in r["not_assessed"] for m in n["missing"] or [n["reason"]])
    assert groups == dict(want_groups)


def test_self_contained_no_script_no_external_url():
    result = runner.invoke(app, ["check", str(ROOT / "examples" / "aix-ame4k-64k.json"), "--format", "html"])
    assert result.exit_code == 1
    html = result.stdout
    root = parse(html)
    tags = {el.tag for el in root.iter()}
    assert "script" not in tags and "link" not in tags and "img" not in tags and "iframe" not in tags
    assert len(root.findall(".//svg")) >= 2  # the charts are inline
    for el in root.iter():
        for name, value in el.attrib.items():
            assert not re.match(r"\s*(https?:)?//", value), (el.tag, name, value)
            assert not name.startswith("on"), (el.tag, name)
    style = root.find("head/style").text
    assert "url(" not in style and "@import" not in style and "@media print" in style
    # citations keep their URL as printable text
    assert "https://" in "".join(root.find(".//p[@class='cite']").itertext())


def test_user_text_is_escaped(tmp_path):
    doc = json.loads((ROOT / "examples" / "aix-ame4k-64k.json").read_text())
    doc["name"] = "<script>alert(1)</script>"
    path = tmp_path / "x.json"
    path.write_text(json.dumps(doc))
    result = runner.invoke(app, ["check", str(path), "--format", "html"])
    assert result.exit_code == 1, result.output
    assert "<script>" not in result.stdout
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in result.stdout
    root = parse(result.stdout)
    assert root.find(".//script") is None
    assert any(r.get("data-target") == "<script>alert(1)</script>" for r in root.iter("tr"))
