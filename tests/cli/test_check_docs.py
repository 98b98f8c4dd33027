"""docs/rules/ (one page per rule plus README.md) stays in sync with the rulebook."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from advisor.cli import app
from advisor.render.rule_page import PAGE_NAME

DOCS = Path(__file__).parents[2] / "docs" / "rules"
REGENERATE = (
    "docs/rules/ is out of date with rules/*.yaml: regenerate it with `advisor docs rules --out docs/rules` "
    "(from the repository root, e.g. `.venv/bin/advisor docs rules --out docs/rules`) and commit the result"
)


def _pages(directory: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(directory.glob("*.md"))}


def test_rule_pages_match_the_rulebook(tmp_path):
    result = CliRunner().invoke(app, ["docs", "rules", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    fresh, committed = _pages(tmp_path), _pages(DOCS)
    missing = sorted(set(fresh) - set(committed))
    stale = sorted(set(committed) - set(fresh))
    changed = sorted(name for name in set(fresh) & set(committed) if fresh[name] != committed[name])
    assert not (missing or stale or changed), f"{REGENERATE}. Missing: {missing}; stale: {stale}; changed: {changed}"


def test_generator_removes_pages_of_deleted_rules_only(tmp_path):
    (tmp_path / "XYZ-999.md").write_text("old")
    (tmp_path / "notes.md").write_text("mine")
    CliRunner().invoke(app, ["docs", "rules", "--out", str(tmp_path)])
    assert not (tmp_path / "XYZ-999.md").exists() and (tmp_path / "notes.md").exists()
    pages = [p.name for p in tmp_path.iterdir() if PAGE_NAME.match(p.name)]
    index = (tmp_path / "README.md").read_text()
    assert pages and all(f"]({name})" in index for name in pages)
    page = (tmp_path / "AME-001.md").read_text()
    for heading in (
        "## What it checks",
        "## Why it matters",
        "## Example",
        "## How to fix it",
        "Reboot needed: yes",
        "## References",
        "## In a pipeline",
    ):
        assert heading in page
