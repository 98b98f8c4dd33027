"""The knowledge base: strict loading, synonyms, platform words, the FTS5 index and conflicts."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from advisor.datadirs import knowledge_dir
from advisor.knowledge import KnowledgeError, knowledge_base, load_passages, load_synonyms
from advisor.knowledge.text import sentences

PASSAGES = knowledge_dir() / "passages"


def _write(tmp_path: Path, passage: dict, source: str = "ibm-aix-ame64k-sap-2023") -> Path:
    d = tmp_path / "passages"
    d.mkdir()
    (d / "x.yaml").write_text(yaml.safe_dump({"source": source, "passages": [passage]}), encoding="utf-8")
    return d


GOOD = {
    "id": "p-one",
    "section": "AME4K and SAP",
    "title": "t",
    "platforms": ["aix"],
    "rules": ["AME-001"],
    "text": "Some paraphrased text.",
}


def test_all_passages_load_and_cite_known_sources(engine):
    passages = load_passages(known_rules=engine.advisor.rulebook.rules)
    assert len(passages) >= 200
    assert len({p.id for p in passages}) == len(passages)
    assert {p.source for p in passages} == {
        "ibm-aix-ame64k-sap-2023",
        "ibm-powervm-virtualization-redbook",
        "hp-hpux-sap-itanium-kod",
        "ibm-zos-large-memory-share-2014",
        "ibm-z13-smt-sap-redp5287",
    }
    # every cited sentence names where in the source it stands: a table, figure, example, slide or section text
    assert not [p.id for p in passages if not p.locator]


def test_every_rule_in_the_rulebook_has_passages(engine):
    kb = engine.kb
    lacking = [rid for rid in engine.advisor.rulebook.rules if not kb.passages_for_rule(rid)]
    assert not lacking


@pytest.mark.parametrize(
    "change, message",
    [
        ({"rules": ["AME-099"]}, "unknown rule id 'AME-099'"),
        ({"rules": ["ame1"]}, "not a rule id"),
        ({"id": "Bad Id"}, "id"),
        ({"colour": "blue"}, "colour"),
    ],
)
def test_bad_passages_are_load_errors(tmp_path, change, message):
    d = _write(tmp_path, {**GOOD, **change})
    with pytest.raises(KnowledgeError, match=message):
        load_passages(d)


def test_unknown_source_is_a_load_error(tmp_path):
    with pytest.raises(KnowledgeError, match="unknown source"):
        load_passages(_write(tmp_path, GOOD, source="some-blog"))


def test_duplicate_ids_are_a_load_error(tmp_path):
    d = _write(tmp_path, GOOD)
    shutil.copy(d / "x.yaml", d / "y.yaml")
    with pytest.raises(KnowledgeError, match="duplicate passage id"):
        load_passages(d)


def test_rule_ids_of_the_rulebook_are_accepted_beyond_the_inventory(tmp_path):
    d = _write(tmp_path, {**GOOD, "rules": ["AME-007a"]})
    assert load_passages(d, known_rules=["AME-007a"])[0].rules == ("AME-007a",)


def test_synonym_groups_are_one_concept():
    syn = load_synonyms()
    keys = [c.key for c in syn.concepts("Does Active Memory Expansion help? Is AME worth it?")]
    assert keys.count("AME") == 1
    assert [c.key for c in syn.concepts("CLM and cell local memory")].count("CLM") == 1
    assert "psets" in [c.key for c in syn.concepts("should SAP run in processor sets")]
    # "WAS" is WebSphere only in capitals; "SAP" is not a plural of SAPS
    assert "WebSphere" not in [c.key for c in syn.concepts("what was measured")]
    assert "SAPS" not in [c.key for c in syn.concepts("SAP uses 64K pages")]


def test_platform_words():
    syn = load_synonyms()
    assert syn.platform_tags("our POWER7+ server on AIX 7.1") == {"power7+", "aix"}
    assert syn.platform_tags("a Power 9 box") == {"power9"}
    assert syn.platform_tags("z/OS on a zEC12") == {"zos", "zec12"}
    assert syn.foreign_platforms("ZFS on Solaris") == ["Solaris", "ZFS"]


@pytest.mark.parametrize(
    "question, passage",
    [
        ("active memory expansion with 4K mode and 64K LDR_CNTRL pages", "AME4K and SAP"),
        ("cell local memory versus interleaved memory on vPars", "SAP on vPars: CLM vs. ILM"),
        ("psrset commands to create a processor set", "Backup slide two: More on reducing cache misses"),
        ("large frame area old form limit", "Externals: Configuration & Setup"),
    ],
)
def test_bm25_with_synonyms_finds_the_section(engine, question, passage):
    r = engine.kb.search(question)
    assert passage in [h.passage.section for h in r.hits[:3]]


def test_platform_words_keep_answers_on_their_product_line(engine):
    r = engine.kb.search("How do I size memory on z/OS for large pages?")
    assert all(h.passage.source == "ibm-zos-large-memory-share-2014" for h in r.hits[:3])


def test_the_known_conflict_is_loaded(engine):
    conflicts = engine.kb.conflicts_for({"pvm-ame-64k-compression-not-advised-2013"})
    assert conflicts and conflicts[0].sources == ("ibm-powervm-virtualization-redbook", "ibm-aix-ame64k-sap-2023")


def test_sentences_keep_abbreviations_and_decimals():
    assert sentences("AIX 7.2 TL1 is needed, e.g. on POWER8. Then reboot.") == [
        "AIX 7.2 TL1 is needed, e.g. on POWER8.",
        "Then reboot.",
    ]


def test_knowledge_base_is_built_once(engine):
    assert knowledge_base() is engine.kb
