"""The field's jargon (knowledge/synonyms.yaml): synonym groups, platform words, foreign platforms.

A question is read as a list of concepts: each synonym group it mentions is one concept (so
"AME" also finds "Active Memory Expansion" and counts once), every other content word is a
concept of its own. The platform words tell which product line a question is about, and the
foreign words let the chat say "not covered" for Solaris or Windows questions instead of
answering them with the nearest AIX passage.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import yaml

from advisor.datadirs import knowledge_dir
from advisor.knowledge.text import SAFE_LOADER, STOPWORDS, fts_phrase, is_decimal, tokens

_WORD = re.compile(r"\d+\.\d+|[A-Za-z0-9_]+")
# the machines of a product line that no source names but the reader knows ("z16", "power11"): still of that line
_MODEL_FAMILY = (("z", re.compile(r"z\d{2}|z[eb]c\d{2}")), ("power", re.compile(r"power\d{1,2}\+?")))


def _norm(token: str, asked: bool = False) -> str:
    """Plural-insensitive form for matching jargon ("VPs" = "VP", "psets" = "pset").

    Only a lower-case trailing s is a plural: "SAPS" is a unit, not many "SAP"s. In a question (`asked`) two
    capitals and an s ("BPs", "WPs") are the plural of the acronym; a group's own term stays as written, so its
    "CPs" (general purpose processors) does not make z/VM's "CP" one of them.
    """
    t = token.lower()
    if asked and len(token) == 3 and token[:2].isupper() and token[2] == "s":
        return t[:-1]
    return t[:-1] if len(t) > 3 and token.endswith("s") and not t.endswith("ss") else t


def _sentence_start(text: str, word: str) -> bool:
    """Whether `word` opens a sentence of `text` (a capital there says nothing about a proper noun)."""
    at = text.find(word)
    before = text[:at].rstrip()
    return at <= 0 or before.endswith((".", "?", "!", ":", '"'))


def _case_sensitive(word: str) -> bool:
    """An acronym that is also an English word ("WAS") only counts in capitals."""
    return word.isupper() and word.lower() in STOPWORDS


@dataclass(frozen=True)
class Concept:
    """One thing a question asks about, and how to find it in the index."""

    key: str  # group name or the word itself
    label: str
    query: str  # FTS5 MATCH expression (all terms OR-ed: for document frequency and sentence matching)
    weight: float
    jargon: bool  # a term of the field (a synonym group)
    terms: tuple[str, ...] = ()  # one MATCH expression per synonym; a passage scores its best one
    technical: bool = False  # written like a product or acronym (HANA, vPMEM, RAC, Kubernetes mid-sentence)
    raw: str = ""  # the word as the question spells it (a plain concept's case tells "zHyperLink" from "the")

    @property
    def term_queries(self) -> tuple[str, ...]:
        return self.terms or (self.query,)


@dataclass(frozen=True)
class Platform:
    tag: str
    family: str
    patterns: tuple[re.Pattern, ...]
    names: tuple[tuple[str, ...], ...] = ()  # each name's words, lower case


# How a source is called ("the SHARE deck", "the z13 paper"): such a name may have the document's
# subject between its words ("the SHARE large memory deck", "the HP SAP tuning slides")
DOCUMENT_KINDS = frozenset({"deck", "session", "presentation", "paper", "guide", "slides", "webcast"})
NAME_GAP = 3  # words allowed between the two words of a document's name


@dataclass(frozen=True)
class Synonyms:
    groups: tuple[tuple[str, ...], ...]
    platforms: tuple[Platform, ...]
    topics: tuple[Platform, ...]
    foreign: tuple[tuple[str, re.Pattern], ...]
    documents: tuple[Platform, ...] = ()  # names of the sources themselves, tagged with the source id
    in_passing: tuple[tuple[str, re.Pattern], ...] = ()  # platforms the sources name only beside a few statements

    # ------------------------------------------------------------------ concepts
    def concepts(self, text: str) -> list[Concept]:
        raw = _WORD.findall(text)
        norm = [_norm(t, asked=True) for t in raw]
        out: dict[str, Concept] = {}
        i = 0
        while i < len(raw):
            match = self._longest_group(raw, norm, i)
            if match:
                length, group = match
                terms = tuple(dict.fromkeys(p for p in (fts_phrase(tokens(t)) for t in group) if p))
                out.setdefault(group[0], Concept(group[0], group[0], "(" + " OR ".join(terms) + ")", 1.5, True, terms))
                i += length
                continue
            word = raw[i]
            tok = word.lower()
            i += 1
            if tok in STOPWORDS or (len(tok) < 2 and not tok.isdigit()):
                continue
            if is_decimal(tok) or tok.isdigit():
                weight = 0.5
            else:
                weight = 1.0
            technical = (
                any(ch.isupper() for ch in word[1:])
                or (word[0].isupper() and i > 1 and not _sentence_start(text, word))
                or ("_" in word.strip("_") and any(ch.isalpha() for ch in word))  # a tunable: sga_target
            )
            out.setdefault(tok, Concept(tok, tok, fts_phrase([tok]), weight, False, technical=technical, raw=word))
        return list(out.values())

    def _longest_group(self, raw: list[str], norm: list[str], i: int) -> tuple[int, tuple[str, ...]] | None:
        best = None
        low = raw[i].lower()
        candidates = self._terms.get(norm[i], []) + (self._terms.get(low, []) if low != norm[i] else [])
        for length, term_norm, term_raw, group in candidates:
            if length <= (best[0] if best else 0) or i + length > len(raw):
                continue
            same_norm = tuple(norm[i : i + length]) == term_norm
            # "vios" typed in lower case: its plural-stripped "vio" misses the acronym VIOS, its letters do not
            if not same_norm and tuple(t.lower() for t in raw[i : i + length]) != tuple(t.lower() for t in term_raw):
                continue
            if len(term_raw) == 1 and _case_sensitive(term_raw[0]) and raw[i] != term_raw[0]:
                continue
            best = (length, group)
        return best

    @cached_property
    def _terms(self) -> dict[str, list[tuple[int, tuple[str, ...], tuple[str, ...], tuple[str, ...]]]]:
        return _term_table(self)

    @cached_property
    def _families(self) -> dict[str, str]:
        return {p.tag: p.family for p in self.platforms}

    @cached_property
    def jargon_words(self) -> tuple[str, ...]:
        """Single-word terms of the field, five letters or more: what a misspelt word is matched against."""
        return tuple(sorted({t.lower() for g in self.groups for t in g if t.isalpha() and len(t) >= 5}))

    def is_jargon(self, word: str) -> bool:
        return any(c.jargon for c in self.concepts(word))

    # ------------------------------------------------------------------ platforms
    def platform_tags(self, text: str) -> set[str]:
        return {p.tag for p in self.platforms if any(rx.search(text) for rx in p.patterns)}

    def platform_spans(self, text: str) -> list[tuple[int, int, str]]:
        """Where `text` names a platform: (start, end, tag), in text order, overlaps dropped."""
        found = sorted(
            (m.start(), -m.end(), p.tag) for p in self.platforms for rx in p.patterns for m in rx.finditer(text)
        )
        out: list[tuple[int, int, str]] = []
        for start, neg_end, tag in found:
            if not out or start >= out[-1][1]:
                out.append((start, -neg_end, tag))
        return out

    def document_tags(self, text: str) -> set[str]:
        """The source ids `text` names ("redp5287", "the HP deck", "the SHARE large memory deck")."""
        return {d.tag for d in self.documents if any(rx.search(text) for rx in d.patterns)} | {
            tag for tag, _ in self._spread_names(text)
        }

    def document_words(self, text: str) -> set[str]:
        """The words of `text` that name a source ("redpaper", "hp", "deck")."""
        spans = [m.group(0) for d in self.documents for rx in d.patterns for m in rx.finditer(text)]
        return {t.lower() for span in spans for t in _WORD.findall(span)} | {
            w for _, name in self._spread_names(text) for w in name
        }

    def _spread_names(self, text: str) -> list[tuple[str, tuple[str, ...]]]:
        """Two-word names of a source ending in a kind of document, with up to NAME_GAP words between."""
        words = [w.lower() for w in _WORD.findall(text[:2000])]
        where: dict[str, list[int]] = {}
        for i, w in enumerate(words):
            where.setdefault(w, []).append(i)
        out: list[tuple[str, tuple[str, ...]]] = []
        for d in self.documents:
            for name in d.names:
                if len(name) != 2 or name[1] not in DOCUMENT_KINDS:
                    continue
                if any(0 < j - i <= NAME_GAP + 1 for i in where.get(name[0], ()) for j in where.get(name[1], ())):
                    out.append((d.tag, name))
        return out

    def platform_words(self, text: str) -> set[str]:
        """The words of `text` that are part of a platform's name ("11i", "v3" of "HP-UX 11i v3")."""
        return {
            t.lower()
            for p in self.platforms
            for rx in p.patterns
            for m in rx.finditer(text)
            for t in _WORD.findall(m.group(0))
        }

    def topic_tags(self, text: str) -> set[str]:
        return {p.tag for p in self.topics if any(rx.search(text) for rx in p.patterns)}

    def family(self, tag: str) -> str | None:
        known = self._families.get(tag)
        return known or next((family for family, rx in _MODEL_FAMILY if rx.fullmatch(tag)), None)

    def families(self, tags: set[str]) -> set[str]:
        return {f for f in (self.family(t) for t in tags) if f}

    def foreign_platforms(self, text: str) -> list[str]:
        return [word for word, rx in self.foreign if rx.search(text)]

    def passing_platforms(self, text: str, answer: str) -> list[str]:
        """The platforms `text` names that the sources name only in passing ("IBM i": HPT ratios, 520-byte disks)
        and the passage `answer` does not name: for that question no source speaks of that platform."""
        return [word for word, rx in self.in_passing if rx.search(text) and not rx.search(answer)]


def _term_table(syn: Synonyms) -> dict[str, list[tuple[int, tuple[str, ...], tuple[str, ...], tuple[str, ...]]]]:
    """Synonym terms by their first (normalised) word: a question token only meets the terms it can start."""
    rows: dict[str, list[tuple[int, tuple[str, ...], tuple[str, ...], tuple[str, ...]]]] = {}
    for group in syn.groups:
        for term in group:
            raw = tuple(_WORD.findall(term))
            if raw:
                norm = tuple(_norm(t) for t in raw)
                rows.setdefault(norm[0], []).append((len(raw), norm, raw, group))
                if raw[0].lower() != norm[0]:
                    rows.setdefault(raw[0].lower(), []).append((len(raw), norm, raw, group))
    return rows


def _word_pattern(word: str) -> re.Pattern:
    body = re.escape(word).replace(r"\ ", r"[\s-]?")
    body = re.sub(r"^POWER", "POWER[ -]?", body, flags=re.IGNORECASE)
    flags = 0 if _case_sensitive(word) or (word.isupper() and len(word) <= 2) else re.IGNORECASE
    return re.compile(r"(?<![A-Za-z0-9])" + body + r"(?![A-Za-z0-9+])", flags)


def _platforms(data: dict, with_family: bool) -> tuple[Platform, ...]:
    out = []
    for tag, spec in data.items():
        words = spec["words"] if with_family else spec
        family = spec["family"] if with_family else "topic"
        names = tuple(tuple(t.lower() for t in _WORD.findall(str(w))) for w in words)
        out.append(Platform(tag, family, tuple(_word_pattern(w) for w in words), names))
    return tuple(out)


def load_synonyms(path: Path | None = None) -> Synonyms:
    path = path or knowledge_dir() / "synonyms.yaml"
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    groups = tuple(tuple(str(t) for t in g) for g in data.get("groups", []))
    for g in groups:
        if not g:
            raise ValueError(f"{path.name}: empty synonym group")
    foreign = tuple((str(w), _word_pattern(str(w))) for w in data.get("foreign", []))
    # "IBM i", never "IBM I/O"
    in_passing = tuple(
        (str(w), re.compile(_word_pattern(str(w)).pattern + "(?!/)", _word_pattern(str(w)).flags))
        for w in data.get("in_passing", [])
    )
    return Synonyms(
        groups,
        _platforms(data.get("platforms", {}), True),
        _platforms(data.get("topics", {}), False),
        foreign,
        _platforms(data.get("documents", {}), False),
        in_passing,
    )
