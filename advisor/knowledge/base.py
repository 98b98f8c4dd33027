"""The knowledge base: passages, synonyms, conflicts and the index, loaded together and checked.

One per process (`knowledge_base()`), built on first use from the files under knowledge/ and
the loaded rulebook, whose rule ids the passages are checked against and whose rules are
indexed next to the passages.
"""

from __future__ import annotations

import threading
from functools import cached_property

from advisor.findings import CitationOut
from advisor.knowledge.claims import load_claims
from advisor.knowledge.conflicts import Conflict, load_conflicts
from advisor.knowledge.index import FtsIndex, RuleDoc, SentenceMatcher
from advisor.knowledge.passages import Passage, load_passages
from advisor.knowledge.retrieval import Retrieval, rank
from advisor.knowledge.synonyms import Synonyms, load_synonyms
from advisor.knowledge.verdicts import load_verdicts
from advisor.rulebook.compiled import Rulebook
from advisor.sources import load_sources


def rule_doc(cr) -> RuleDoc:
    r = cr.rule
    return RuleDoc(r.id, r.title, " ".join(" ".join([r.message, r.rationale, r.recommendation]).split()))


class KnowledgeBase:
    def __init__(
        self,
        passages: list[Passage],
        synonyms: Synonyms,
        rulebook: Rulebook | None = None,
        conflicts: list[Conflict] | None = None,
    ):
        self.passages = passages
        self.synonyms = synonyms
        self.rulebook = rulebook
        self.by_id = {p.id: p for p in passages}
        self.conflicts = conflicts if conflicts is not None else load_conflicts(set(self.by_id))
        self.verdicts = load_verdicts(set(self.by_id))
        self.claims = load_claims(set(self.by_id))
        rules = [rule_doc(cr) for cr in rulebook.rules.values()] if rulebook else []
        self.index = FtsIndex(passages, rules)
        self.sentences = SentenceMatcher()

    @cached_property
    def _by_rule(self) -> dict[str, list[Passage]]:
        out: dict[str, list[Passage]] = {}
        for p in self.passages:
            for rid in p.rules:
                out.setdefault(rid, []).append(p)
        return out

    def passages_for_rule(self, rule_id: str) -> list[Passage]:
        return self._by_rule.get(rule_id, [])

    def search(self, question: str, **kwargs) -> Retrieval:
        return rank(self, question, **kwargs)

    def citation(self, passage: Passage) -> CitationOut:
        src = load_sources()[passage.source]
        return CitationOut(
            source_id=passage.source, title=src.title, section=passage.section, locator=passage.locator, url=src.url
        )

    def conflicts_for(self, passage_ids: set[str]) -> list[Conflict]:
        return [c for c in self.conflicts if c.passages & passage_ids]


_KB: KnowledgeBase | None = None
_LOCK = threading.Lock()


def knowledge_base(rulebook: Rulebook | None = None) -> KnowledgeBase:
    """The process-wide knowledge base (rulebook: the default advisor's, loaded on demand)."""
    global _KB
    with _LOCK:
        if _KB is None:
            if rulebook is None:
                from advisor.review import default_advisor

                rulebook = default_advisor().rulebook
            _KB = KnowledgeBase(load_passages(known_rules=rulebook.rules), load_synonyms(), rulebook)
        return _KB
