"""A broken rule file fails loading with a message naming the file and the rule, never a silent skip."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from advisor.rulebook.loader import RulebookError, load_rulebook

GOOD = yaml.safe_load((Path(__file__).parents[2] / "rules" / "ame.yaml").read_text())["rules"][0]


def write_rules(tmp_path: Path, **changes) -> Path:
    rule = {**GOOD, **changes}
    (tmp_path / "broken.yaml").write_text(yaml.safe_dump({"domain": "AME", "rules": [rule]}))
    return tmp_path


def load_error(tmp_path, **changes) -> str:
    with pytest.raises(RulebookError) as info:
        load_rulebook(write_rules(tmp_path, **changes))
    message = str(info.value)
    assert message.startswith("broken.yaml: rule AME-001"), message
    return message


def test_the_unchanged_rule_loads(tmp_path):
    assert list(load_rulebook(write_rules(tmp_path)).rules) == ["AME-001"]


def test_unknown_field_in_condition_suggests_the_right_one(tmp_path):
    msg = load_error(
        tmp_path,
        requires=["ame.enabled", "ame.page_suport", "workload.app_page_size"],
        when='ame.enabled and ame.page_suport == "4K"',
    )
    assert "unknown field 'ame.page_suport'" in msg and "did you mean 'ame.page_support'" in msg


def test_condition_field_not_declared(tmp_path):
    assert "without listing it in requires or optional" in load_error(tmp_path, when="ame.expansion_factor > 2")


def test_bad_severity(tmp_path):
    assert "severity" in load_error(tmp_path, severity="urgent")


def test_missing_citation(tmp_path):
    assert "citations" in load_error(tmp_path, citations=[])


def test_citation_of_unknown_source(tmp_path):
    msg = load_error(tmp_path, citations=[{"source": "ibm-nonexistent", "section": "x"}])
    assert "unknown source 'ibm-nonexistent'" in msg


def test_enum_literal_checked_with_suggestion(tmp_path):
    msg = load_error(tmp_path, when='ame.enabled and ame.page_support == "4k" and workload.app_page_size == "64K"')
    assert "did you mean '4K'" in msg


def test_number_compared_with_string(tmp_path):
    msg = load_error(tmp_path, requires=[*GOOD["requires"], "ame.expansion_factor"], when='ame.expansion_factor > "2"')
    assert "is a number" in msg


def test_invalid_example_document(tmp_path):
    examples = {
        "fire": [{"note": "typo", "document": {"kind": "aix-lpar", "name": "x", "ame": {"enabeld": True}}}],
        "pass": GOOD["examples"]["pass"],
    }
    assert "did you mean 'enabled'" in load_error(tmp_path, examples=examples)


def test_undeclared_placeholder(tmp_path):
    assert "placeholder {memory.desired_gb}" in load_error(tmp_path, message="true memory {memory.desired_gb} GB")


def test_escalation_must_raise_severity(tmp_path):
    msg = load_error(tmp_path, escalations=[{"when": 'processor == "POWER8"', "severity": "low", "reason": "x"}])
    assert "must raise the severity" in msg


def test_duplicate_id_names_both_files(tmp_path):
    write_rules(tmp_path)
    (tmp_path / "again.yaml").write_text(yaml.safe_dump({"domain": "AME", "rules": [GOOD]}))
    with pytest.raises(RulebookError, match="duplicate id"):
        load_rulebook(tmp_path)


def test_not_yaml(tmp_path):
    (tmp_path / "bad.yaml").write_text("rules: [\n")
    with pytest.raises(RulebookError, match="bad.yaml: not valid YAML"):
        load_rulebook(tmp_path)
