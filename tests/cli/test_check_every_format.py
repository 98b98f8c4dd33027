"""Every output format on every shipped example and on a maximal document of every kind.

One run per document writes all six formats (`--format` plus five `--output`), so a format that
cannot serialise some field (issue 13: SARIF on HP-UX SAP instances) fails here by name."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from advisor.cli import app
from advisor.documents import KINDS
from tests.support.maximal import maximal_document

ROOT = Path(__file__).parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))
OTHERS = ("text", "json", "junit", "markdown", "github", "html")


def check_all_formats(doc: Path, out: Path, validator) -> None:
    outputs = [a for fmt in OTHERS for a in ("--output", f"{fmt}={out / fmt}")]
    result = CliRunner().invoke(app, ["check", str(doc), "--format", "sarif", *outputs])
    assert result.exit_code in (0, 1), result.output
    assert "Traceback" not in result.output
    log = json.loads(result.stdout)
    errors = [f"{e.json_path}: {e.message}" for e in validator.iter_errors(log)]
    assert not errors, errors[:10]
    for res in log["runs"][0]["results"]:
        json.dumps(res["properties"])  # plain JSON values only
    review = json.loads((out / "json").read_text())
    assert review["gate"]["passed"] is (result.exit_code == 0)
    suites = ET.fromstring((out / "junit").read_text())
    assert int(suites.get("tests")) == len(suites.findall(".//testcase")) > 0
    assert int(suites.get("failures")) == len(suites.findall(".//failure"))
    assert "SapInstance(" not in (out / "junit").read_text()
    assert (out / "markdown").read_text().startswith("## ")
    lines = (out / "github").read_text().splitlines()
    assert lines and all(line.startswith("::") for line in lines)
    assert ("gate FAILED" if result.exit_code else "gate passed") in (out / "text").read_text()


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_every_format_on_every_example(path, tmp_path, sarif_validator):
    check_all_formats(path, tmp_path, sarif_validator)


@pytest.mark.parametrize("kind", KINDS)
def test_every_format_on_a_maximal_document(kind, tmp_path, sarif_validator):
    doc = tmp_path / f"maximal-{kind}.json"
    doc.write_text(json.dumps(maximal_document(kind), indent=2))
    check_all_formats(doc, tmp_path, sarif_validator)
