"""The knowledge base: passages, synonyms, conflicts and the index, loaded together and checked.

One per process (`knowledge_base()`), built on first use from the files under knowledge/ and
the loaded rulebook, whose rule ids the passages are checked against and whose rules are
indexed next to the passages.
"""

from __future__ import annotations

import difflib
import threading
from collections.abc import Iterable
from functools import cached_property

from advisor import linre
from advisor.findings import CitationOut
from advisor.knowledge.claims import load_claims
from advisor.knowledge.conflicts import Conflict, load_conflicts
from advisor.knowledge.index import FtsIndex, RuleDoc, SentenceMatcher
from advisor.knowledge.passages import Passage, load_passages
from advisor.knowledge.retrieval import Retrieval, rank
from advisor.knowledge.synonyms import Synonyms, load_synonyms
from advisor.knowledge.text import STOPWORDS, content_tokens, fts_phrase, tokens
from advisor.knowledge.verdicts import load_verdicts
from advisor.knowledge.vocabulary import skeleton
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
        self._slips: dict[str, str | None] = {}

    @cached_property
    def _by_rule(self) -> dict[str, list[Passage]]:
        out: dict[str, list[Passage]] = {}
        for p in self.passages:
            for rid in p.rules:
                out.setdefault(rid, []).append(p)
        return out

    def knows(self, word: str) -> bool:
        """Whether some passage or rule contains `word` (a word or phrase, stemmed as the index stems it)."""
        q = fts_phrase(word.split())
        return bool(q) and bool(self.index.df("passages", q) or self.index.df("rules", q))

    @cached_property
    def words(self) -> tuple[str, ...]:
        """The words of four letters or more that the passages and rules use: what a typo is matched against."""
        texts = [f"{p.title} {p.section} {p.text}" for p in self.passages]
        texts += [f"{r.title} {r.body}" for r in self.index.rules]
        return tuple(sorted({t for text in texts for t in tokens(text) if len(t) >= 4 and t.isalpha()}))

    @cached_property
    def _word_set(self) -> frozenset[str]:
        return frozenset(self.words)

    @cached_property
    def _by_letter(self) -> dict[str, tuple[str, ...]]:
        out: dict[str, list[str]] = {}
        for w in self.words:
            out.setdefault(w[0], []).append(w)
        return {k: tuple(v) for k, v in out.items()}

    @cached_property
    def code_prefixes(self) -> frozenset[str]:
        """The letters before the digits of the codes the passages and rules use ("iar" of "IAR043I", "phco" of
        "PHCO_36323"): an acronym that starts such codes names their family, not an unknown product."""
        texts = [f"{p.title} {p.section} {p.text}" for p in self.passages]
        texts += [f"{r.title} {r.body}" for r in self.index.rules]
        out = set()
        for text in texts:
            for m in _CODE.finditer(text):
                out.add(m.group(1).lower())
        return frozenset(out)

    @cached_property
    def capitals(self) -> frozenset[str]:
        """The words the passages and rules write in capitals (AME, LFAREA, D VIRTSTOR)."""
        texts = [f"{p.title} {p.section} {p.text}" for p in self.passages]
        texts += [f"{r.title} {r.body}" for r in self.index.rules]
        return frozenset(w for text in texts for w in text.split() if w.isalpha() and w.isupper())

    @cached_property
    def _by_length(self) -> dict[int, tuple[str, ...]]:
        out: dict[int, list[str]] = {}
        for w in self.words:
            out.setdefault(len(w), []).append(w)
        return {k: tuple(v) for k, v in out.items()}

    @cached_property
    def abbreviations(self) -> frozenset[str]:
        """Vowel-less shorthand of function words ("shld", "wht", "abt"): phrasing, not a name."""
        return frozenset(skeleton(w) for w in STOPWORDS if len(w) >= 4) - STOPWORDS

    def shortens(self, word: str) -> bool:
        """Whether `word` is admin shorthand of a word of the sources: its start ("params" for parameters,
        "perf") or, up to four letters, its consonants ("cmds" for commands)."""
        if len(word) > MAX_SHORTHAND:
            return False
        stem = word[:-1] if word.endswith("s") and len(word) > 3 else word
        same_start = self._by_letter.get(stem[:1], ())
        if len(stem) >= 4 and any(w.startswith(stem) for w in same_start):
            return True
        return len(stem) == 3 and stem.isalpha() and any(_spells(stem, w) for w in same_start)

    def correction(self, word: str) -> str | None:
        """The word of the sources `word` is one slip away from ("recomended", "bufer", "uper"), or two
        neighbouring letters swapped ("vaules"), or None."""
        if len(word) < 4 or not word.isalpha():
            return None
        if word not in self._slips:
            if len(self._slips) >= MAX_REMEMBERED:
                self._slips.clear()  # bounded: every distinct word a user types would otherwise stay
            # a slip seldom hits the first letter; a letter put before a word names another thing ("nfile")
            near = [
                w for n in range(len(word) - 1, len(word) + 2) for w in self._by_length.get(n, ()) if w[0] == word[0]
            ]
            swapped = (word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(1, len(word) - 1))
            transposed = next((w for w in swapped if w != word and w in self._word_set), None)  # "vaules"
            close = difflib.get_close_matches(word, near, n=1, cutoff=0.86)
            self._slips[word] = transposed or (close[0] if close else None)
        return self._slips[word]

    def passages_for_rule(self, rule_id: str) -> list[Passage]:
        return self._by_rule.get(rule_id, [])

    @cached_property
    def _by_section(self) -> dict[tuple[str, str], tuple[str, ...]]:
        out: dict[tuple[str, str], list[str]] = {}
        for p in self.passages:
            out.setdefault((p.source, p.section), []).append(p.id)
        return {k: tuple(v) for k, v in out.items()}

    @cached_property
    def _more_on(self) -> dict[tuple[str, str], tuple[tuple[str, str], ...]]:
        """Sections that elaborate one another: a deck's "Backup slide five: More on configuring SAP instances" and
        its slide "Configuring SAP instances" (the words after "more on" all in the other section's title)."""
        sections = list(self._by_section)
        out: dict[tuple[str, str], list[tuple[str, str]]] = {}
        for source, section in sections:
            at = section.lower().find(_MORE_ON)
            if at < 0:
                continue
            about = set(content_tokens(section[at + len(_MORE_ON) :]))
            for other in sections:
                if other[0] == source and other[1] != section and about <= set(content_tokens(other[1])):
                    out.setdefault((source, section), []).append(other)
                    out.setdefault(other, []).append((source, section))
        return {k: tuple(v) for k, v in out.items()}

    def thread(self, passage_ids: Iterable[str]) -> frozenset[str]:
        """The passages an answer came from and the other passages of their sections, and of the sections that
        elaborate them ("More on ..."): where a follow-up that names no new subject of its own finds its answer
        ("how much better was the response time?", "tools to check?")."""
        known = [self.by_id[pid] for pid in passage_ids if pid in self.by_id]
        keys = {(p.source, p.section) for p in known}
        keys |= {k for key in list(keys) for k in self._more_on.get(key, ())}
        return frozenset(pid for key in keys for pid in self._by_section[key])

    def search(self, question: str, **kwargs) -> Retrieval:
        return rank(self, question, **kwargs)

    def citation(self, passage: Passage) -> CitationOut:
        src = load_sources()[passage.source]
        return CitationOut(
            source_id=passage.source, title=src.title, section=passage.section, locator=passage.locator, url=src.url
        )

    def conflicts_for(self, passage_ids: set[str]) -> list[Conflict]:
        return [c for c in self.conflicts if c.passages & passage_ids]


MAX_REMEMBERED = 4096
_MORE_ON = "more on "
_CODE = linre.compile(r"\b([A-Za-z]{2,8})_?\d")  # IAR043I, PHCO_36323, VM65586: a family's letters, then digits
MAX_SHORTHAND = 20  # shorthand is short: a longer word is not checked letter by letter against the sources


def _spells(short: str, word: str) -> bool:
    """`short` is `word`'s first and last letter with some of its letters between, in order ("cmd", "command")."""
    if short[0] != word[0] or short[-1] != word[-1]:
        return False
    it = iter(word[1:-1])
    return all(ch in it for ch in short[1:-1])


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
