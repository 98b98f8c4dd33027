"""--select / --ignore: ids and prefixes, repeatable and comma-separated; a typo is an error."""

from __future__ import annotations

import pytest

from advisor.gate.errors import GateInputError
from advisor.gate.selection import Selection, matches, split_patterns

IDS = ["AME-001", "AME-002", "VIOS-001", "VIOS-010", "HPUX-003"]


def test_split_is_repeatable_comma_separated_and_case_insensitive():
    assert split_patterns(["ame,VIOS-00", " hpux ", "AME"]) == ("AME", "VIOS-00", "HPUX")
    assert split_patterns(None) == ()


def test_prefixes_match_by_start():
    assert matches("VIOS-001", "VIOS-00") and not matches("VIOS-010", "VIOS-00")
    assert matches("AME-001", "AME") and matches("AME-001", "ame-001")


def test_select_then_ignore():
    sel = Selection.parse(["AME,VIOS"], ["VIOS-01"], IDS)
    assert [r for r in IDS if r in sel] == ["AME-001", "AME-002", "VIOS-001"]
    assert all(r in Selection() for r in IDS)


@pytest.mark.parametrize("option,value,hint", [("--select", "AEM", "AME"), ("--ignore", "VIOS-9", None)])
def test_pattern_matching_no_rule_is_an_error(option, value, hint):
    args = ([value], None) if option == "--select" else (None, [value])
    with pytest.raises(GateInputError) as err:
        Selection.parse(*args, IDS)
    assert err.value.where == option and f"'{value}' matches no rule" in str(err.value)
    if hint:
        assert f"did you mean '{hint}'" in str(err.value)
