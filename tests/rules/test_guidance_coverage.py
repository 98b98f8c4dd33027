"""docs/guidance-coverage.md: every audit M-item is a rule or a passage that exists, with a source locator."""

from __future__ import annotations

import re
from pathlib import Path

from advisor.knowledge.passages import load_passages
from advisor.rulebook.loader import load_rulebook

DOC = Path(__file__).resolve().parents[2] / "docs" / "guidance-coverage.md"
ROW = re.compile(r"^\| (M\d+) \| (.+?) \| (.+?) \| (.+?) \|$", re.M)


def test_every_m_item_is_a_rule_or_a_passage_that_exists():
    rulebook = load_rulebook()
    passages = {p.id: p for p in load_passages(known_rules=rulebook.rules)}
    rows = ROW.findall(DOC.read_text(encoding="utf-8"))
    assert [r[0] for r in rows] == [f"M{i}" for i in range(1, 32)]
    for item, _, covered, locator in rows:
        rules = re.findall(r"\[([A-Z]+-\d{3})\]", covered)
        ids = re.findall(r"passage `([a-z0-9-]+)`", covered)
        assert rules or ids, item
        assert all(r in rulebook.rules for r in rules), (item, rules)
        assert all(i in passages for i in ids), (item, ids)
        assert locator.strip() and locator.startswith("S"), item
        for passage_id in ids:  # the passage cites the same source the table names
            source = {
                "S1": "ibm-aix-ame64k-sap-2023",
                "S2": "ibm-powervm-virtualization-redbook",
                "S3": "hp-hpux-sap-itanium-kod",
                "S4": "ibm-zos-large-memory-share-2014",
                "S5": "ibm-z13-smt-sap-redp5287",
            }[locator[:2]]
            assert passages[passage_id].source == source, (item, passage_id)
