"""Ranking passages for a question: BM25 per concept, then the boosts an expert would apply.

* Concepts (advisor/knowledge/synonyms.py) are searched one by one; a passage's score is the
  weighted sum of its BM25 scores, and its coverage is the share of the question's concepts
  (weighted by rarity) it matches. Coverage is what the relevance floor looks at: a passage
  that matches only "server" and "size" of a ZFS question does not answer it.
* A rule id named in the question raises the passages that support that rule.
* Platform words raise passages of that platform and lower passages of another product line
  (a z/OS question is not answered from the AIX guide).
* In a conversation, the passages the last answer came from and their section's other passages
  (`near`) come first when they answer the follow-up's words about as well as any passage does:
  "how much better was the response time?" after psets is about the psets measurement, not the
  AME guide's response times.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence, Set
from dataclasses import dataclass, field, replace

from advisor import linre
from advisor.knowledge import vocabulary
from advisor.knowledge.passages import Passage
from advisor.knowledge.synonyms import Concept
from advisor.knowledge.text import fts_phrase, shouted
from advisor.knowledge.topic import asking, compounds, facets, gives, modifiers, stated

RULE_MENTION_BOOST = 2.5
PLATFORM_BOOST = 0.15  # per platform tag shared with the question
TOPIC_BOOST = 0.08
OTHER_FAMILY = 0.45  # factor for a passage of another product line
RULE_LINK_SHARE = 0.35  # how much a related rule's score lifts the passages that support it
WHY_BOOST = 1.6
WHY_PLAIN_SHARE = 0.5  # weight of a plain (non-jargon) word in a "why" question
# words that say where an answer comes from or call the machine by a generic name ("per the 10G guidance", "16-core
# box"): talk around the question, never its topic; they count for no share of what a passage must cover
TALK_WORDS = frozenset("guidance advice box boxes".split())
NAMED_SOURCE = 1.5  # a passage of the document the question names
OTHER_SOURCE = 0.5  # a passage of another document, when the question names one
COVERAGE_BASE = 0.3  # score x (base + coverage): passages answering more of the question win
NEAR_SHARE = 0.9  # a passage near the last answer comes first when it covers this share of the best coverage
FACET_SHARE = 0.5  # ... or this share when it gives the kind of answer the follow-up asks for (a figure, a command)


# "z/OS" and "z/VM" name a platform (the platform boost handles it); their "OS" / "VM" halves
# are not topics and would match every passage that names the platform.
_PLATFORM_FRAGMENTS = re.compile(r"(?<![A-Za-z0-9])z/?(?:OS|VM)(?![A-Za-z0-9])", re.IGNORECASE)
_WORD = re.compile(r"[a-z]+")
_WHY = re.compile(r"^\s*why\b", re.IGNORECASE)
# "amepat -M", "lparstat -c", "ps -eZ", "chatr +pi": a command with an option (RE2: user text)
_COMMAND_OPTION = linre.compile(r"\b([a-z][a-z0-9_]{1,15})\s+([-+][A-Za-z]{1,3})\b")
OPTION_WEIGHT = 2.0


# "those lpars", "that factor", "such a setup": a thing of the question before, not a word of the follow-up's own
_REFERENCE = linre.compile(
    r"\b(?:those|these|that|this|such(?:\s+an?)?|the\s+same)\s+[a-z0-9_]{1,30}", linre.IGNORECASE
)


# A size as admins type it: "256G", "1TB", "512 GB", "64 gigs" (RE2: user text)
_SIZE = linre.compile(r"\b(\d{1,5})\s?(gb|g|gig|gigs|tb|t|mb|m)\b", linre.IGNORECASE)
_TO_GB = {"g": 1, "gb": 1, "gig": 1, "gigs": 1, "t": 1024, "tb": 1024}
SIZE_WEIGHT = 1.0


def size_concepts(kb, question: str) -> list[Concept]:
    """The sizes a question compares, as the passages write them: "256G" is "256 GB" or "256GB", "1TB" also
    "1024 GB". A measured result is found by its figures ("what did going from 256G to 1TB buy?" -> 256 GB to
    1024 GB); a single amount ("how big on 256 GB online") is an input for a calculation, not a topic."""
    out: list[Concept] = []
    seen: set[str] = set()
    for m in _SIZE.finditer(question[:2000]):
        number, unit = m.group(1), m.group(2).lower()
        if unit in ("m", "mb"):
            continue  # page sizes ("1M", "16M") are terms of their own
        gb = int(number) * _TO_GB[unit]
        forms = {f"{gb} gb", f"{gb}gb", f"{gb}g"}  # with its unit: a bare "33" is "signal 33" too
        if unit.startswith("t"):
            forms |= {f"{number} tb", f"{number}tb"}
        query = " OR ".join(fts_phrase(f.split()) for f in sorted(forms))
        label = f"{gb} GB"
        if label in seen or not kb.index.df("passages", query):
            continue
        seen.add(label)
        terms = tuple(fts_phrase(f.split()) for f in sorted(forms))
        out.append(Concept(label, label, query, SIZE_WEIGHT, False, terms))
    return out if len(out) >= 2 else []  # a comparison of sizes; one amount alone is an input, not a topic


def split_aside(question: str) -> tuple[str, str]:
    """A question and the aside in brackets at its end: ("tool to measure it", "is 0.9% of cycles in the TLB
    handler fine") for "tool to measure it (is 0.9% ...)", how a follow-up is asked with the question it
    continues (advisor/chat/dialogue.py `with_context`); (question, "") when there is none."""
    text = question.rstrip(" ?.!")
    at = text.find(" (")
    if at <= 0 or not text.endswith(")"):
        return question, ""
    return text[:at], text[at + 2 : -1]


def option_concepts(kb, question: str) -> list[Concept]:
    """A command named with an option is one thing to look up: the passages that show that option.

    The index drops the dash, so "amepat -M" is the phrase "amepat m"; it counts only when the
    command is a word of the sources, and only if some passage has that phrase.
    """
    out: list[Concept] = []
    for m in _COMMAND_OPTION.finditer(question[:2000]):
        cmd, opt = m.group(1).lower(), m.group(2)
        query = fts_phrase([cmd, opt[1:]])
        if kb.index.df("passages", fts_phrase([cmd])) and kb.index.df("passages", query):
            label = f"{cmd} {opt}"
            out.append(Concept(label, label, query, OPTION_WEIGHT, True, (query,)))
    return out


# the operating systems of one product line that the sources keep apart: LFAREA is z/OS's, the SMT guests z/VM's
SEPARATE_SYSTEMS = frozenset({"zos", "zvm", "linux-on-z"})
Z_MACHINES = frozenset({"z13", "zec12"})


def other_system(asked: set[str], tags: set[str]) -> bool:
    """The question names an IBM Z operating system and `tags` (what a passage or a source speaks of) only others:
    "max LFAREA on z/VM?" is no z/OS question, though both are IBM Z."""
    systems = asked & SEPARATE_SYSTEMS
    spoken = tags & SEPARATE_SYSTEMS
    return bool(systems and spoken and not systems & spoken)


@dataclass
class Hit:
    passage: Passage
    score: float
    coverage: float
    matched: list[str] = field(default_factory=list)
    other_family: bool = False  # the passage belongs only to a product line the question does not name
    on_topic: bool = False  # the passage matches every concept of what the question asks about
    order: float = 0.0  # what the hits are sorted by: the score, or for a follow-up how well it answers its own words
    near: bool = False  # the last answer's passage or one of its section, answering this question as well as any


@dataclass
class Retrieval:
    question: str
    concepts: list  # list[Concept]
    hits: list[Hit]
    rule_scores: dict[str, float]
    platforms: set[str]
    families: set[str]
    topics: set[str]
    foreign: list[str]
    mentioned_rules: list[str]
    unknown: list[str] = field(default_factory=list)  # technical terms no passage or rule mentions
    dropped: list[str] = field(default_factory=list)  # plain words no passage or rule mentions (not held against)
    platform_words: set[str] = field(default_factory=set)  # words naming a platform or a source ("11i", "redpaper")
    rare: list[str] = field(default_factory=list)  # dropped words rare enough in English to name a thing
    corrected: str = ""  # the question with its misspelt words corrected ("bufer" -> "buffer")
    sources: set[str] = field(default_factory=set)  # the source documents the question names
    topic: list[str] = field(default_factory=list)  # what the question asks about (advisor/knowledge/topic.py)
    off_topic: list[str] = field(default_factory=list)  # a kind of it no passage names ("lock" of "lock structure")
    names: list[str] = field(default_factory=list)  # feature names in title case no source uses ("Live Kernel Update")
    topic_concepts: list[str] = field(default_factory=list)  # the concepts (labels) of the topic words
    own_terms: list[str] = field(default_factory=list)  # terms of the field a follow-up names besides its context
    context_terms: list[str] = field(default_factory=list)  # terms no source uses, told outside the asking clause
    asked: set[str] = field(default_factory=set)  # the words of the clauses the topic was read from

    @property
    def by_score(self) -> Retrieval:
        """The same retrieval with the hits in score order (a follow-up's own-word order set aside)."""
        return replace(self, hits=sorted(self.hits, key=lambda h: (-h.score, h.passage.id)))

    @property
    def continues(self) -> bool:
        """The best passage is near the last answer: the question goes on with what was being talked about."""
        return bool(self.hits) and self.hits[0].near

    @property
    def jargon(self) -> list[str]:
        return [c.label for c in self.concepts if c.jargon]

    def top(self, n: int) -> list[Hit]:
        return self.hits[:n]


def _best_of(index, table: str, queries) -> dict[int, float]:
    """Per document, the best score of any one synonym: six spellings of one idea count once."""
    best: dict[int, float] = {}
    for q in queries:
        for rowid, s in index.scores(table, q).items():
            if s > best.get(rowid, 0.0):
                best[rowid] = s
    return best


def rank(
    kb,
    question: str,
    *,
    mentioned_rules: Sequence[str] = (),
    extra_platforms: Set[str] = frozenset(),
    limit: int = 12,
    near: Set[str] = frozenset(),
    lead: str = "",
) -> Retrieval:
    """The passages that best answer `question`, best first (see the module docstring); `near`: the passage ids
    the conversation's last answer came from, with the other passages of their sections; `lead`: the one it led
    with (its verdict's, when it gave one)."""
    syn = kb.synonyms
    question = spelled_out(kb, question)
    if shouted(question):  # "PROD FRAME HAS ONE VIOS ONLY. ACCEPTABLE?": capitals say nothing of names there
        question = question.lower()
    concepts, unknown, dropped, rare, fixes = reduce_query(kb, syn.concepts(_PLATFORM_FRAGMENTS.sub(" ", question)))
    corrected = question
    if fixes:  # "uper limit for bufer cache": read with the words corrected, which may form a term of the field
        for wrong, right in fixes.items():
            corrected = linre.sub(r"\b" + linre.escape(wrong) + r"\b", right, corrected, flags=linre.IGNORECASE)
        concepts, unknown, dropped, rare, _ = reduce_query(kb, syn.concepts(_PLATFORM_FRAGMENTS.sub(" ", corrected)))
    named_by = syn.document_words(question)  # "the SHARE large memory deck": "share" names the source, not a topic
    concepts = [c for c in concepts if c.jargon or c.label not in named_by]
    concepts += option_concepts(kb, question)
    sizes = size_concepts(kb, question)
    if sizes:  # "1tb" as a word of its own no longer: the size concept has every way of writing it
        concepts = [c for c in concepts if c.jargon or not _SIZE.fullmatch(c.label)] + sizes
    terms = list(unknown)  # the terms of the trade no source uses, read by the words of the question alone
    unknown += command_names(kb, question)
    why = bool(_WHY.match(question))
    why_terms = [t.strip('"').lower() for c in concepts if c.jargon for t in c.term_queries] if why else []
    named = syn.document_tags(question)  # "what workload was used in redp5287": that document's passages
    platforms = syn.platform_tags(question) | set(extra_platforms)
    families = syn.families(platforms)
    topics = syn.topic_tags(question)
    index = kb.index
    main, aside = split_aside(corrected)
    # "tool to measure it? (is 0.9% of cycles in the TLB handler fine)": the follow-up's own words order the
    # passages that speak of the question it continues (scores and coverage count both alike)
    own = {c.key for c in syn.concepts(_REFERENCE.sub(" ", main))} if aside else set()
    keys = {c.key for c in concepts}
    # an aside that adds no concept of its own ("... native LPAR (no z/VM)?") is a remark, not the context
    own = own if own & keys and keys - own else set()
    phrases, clause_words = asking(main)
    if not phrases:
        phrases, clause_words = asking(corrected)
    topic = [w for p in phrases for w in p]
    # "what storage backed the DB in the z13 SMT paper?": a term of the field in the document's name names the
    # document (whose passages rank first), not what is asked about, when the asking clause asks about something
    # besides the document ("what does the SMT paper say about zIIPs" asks about nothing else)
    # ("... (what workload did the SMT paper use)": a follow-up whose context names the document keeps it)
    in_main = syn.document_words(main)
    rest = [c for c in concepts if c.label.lower() not in in_main]
    if rest and len(rest) < len(concepts) and set(topic) - in_main and syn.document_tags(main):
        concepts = rest
    labels = {c.label for c in concepts}
    # "how much memory did the z/VM LPAR have?": the "vm" of a platform name is no topic word (the concepts above
    # are read without it too), or no passage could be on topic
    fragments = {w for m in _PLATFORM_FRAGMENTS.finditer(corrected) for w in _WORD.findall(m.group(0).lower())}
    topic_concepts = [c.label for c in syn.concepts(" ".join(w for w in topic if w not in fragments))]
    if any(t not in labels for t in topic_concepts):
        topic_concepts = []  # a topic word no passage has: no passage can be on topic
    context = context_terms(terms, clause_words, topic_concepts, corrected)
    if context:  # "NetBackup LPAR pushes data to another LPAR ... which AIX network tunables matter?"
        concepts = [c for c in concepts if c.label not in context]
        unknown = [u for u in unknown if u not in context]

    per_passage: dict[int, float] = {}
    matched: dict[int, list[tuple[str, float]]] = {}
    own_idf, own_labels = 0.0, set()
    rule_scores: dict[str, float] = {}
    total_idf = 0.0
    for c in concepts:
        idf = index.idf("passages", c.query)
        # "why do large pages save CPU?": the reason is about the thing (large pages), which the
        # passage that explains it names; the benefit words ("save", "CPU") are the user's own
        weight = c.weight * (WHY_PLAIN_SHARE if why and not c.jargon else 1.0)
        if not c.jargon and c.label in TALK_WORDS:
            weight = 0.0
        total_idf += weight * idf
        if own and c.key in own:
            own_idf += weight * idf
            own_labels.add(c.label)
        for rowid, s in _best_of(index, "passages", c.term_queries).items():
            per_passage[rowid] = per_passage.get(rowid, 0.0) + weight * s
            matched.setdefault(rowid, []).append((c.label, weight * idf))
        for rowid, s in _best_of(index, "rules", c.term_queries).items():
            rid = index.rules[rowid].rule_id
            rule_scores[rid] = rule_scores.get(rid, 0.0) + weight * s

    mentioned = set(mentioned_rules)
    hits: list[Hit] = []
    best_rule = max(rule_scores.values(), default=0.0)
    for rowid, score in per_passage.items():
        p = index.passages[rowid]
        tags = set(p.platforms)
        factor = 1.0 + PLATFORM_BOOST * len(tags & platforms) + TOPIC_BOOST * len(tags & topics)
        pfam = syn.families(tags)
        # a passage that names the machine speaks of its engines, which serve every system on it
        other = bool(families and pfam and not (pfam & families)) or (
            other_system(platforms, tags) and not tags & Z_MACHINES
        )
        if other:
            factor *= OTHER_FAMILY
        if named:
            factor *= NAMED_SOURCE if p.source in named else OTHER_SOURCE
        score *= factor
        if best_rule:
            link = max((rule_scores.get(r, 0.0) for r in p.rules), default=0.0)
            score += RULE_LINK_SHARE * link * (score / (score + 1.0))
        if mentioned & set(p.rules):
            score *= RULE_MENTION_BOOST
        if why and (p.section.lower().startswith("why") or p.title.lower().startswith("why")):
            score *= WHY_BOOST  # "why do large pages save CPU?" is what a "Why ..." section answers
            if any(t in f"{p.title} {p.section}".lower() for t in why_terms):
                score *= WHY_BOOST  # ... and the "Why" section about the very thing asked
        cov = sum(w for _, w in matched[rowid]) / total_idf if total_idf > 0 else 0.0
        score *= COVERAGE_BASE + cov
        order = score
        if own_idf > 0:  # a follow-up: the passages that answer its own words come first (the score stays),
            # among those that speak of the question it continues ("command to check it?" after SEA failover)
            in_context = any(label not in own_labels for label, _ in matched[rowid])
            own_cov = sum(w for label, w in matched[rowid] if label in own_labels) / own_idf
            order *= (COVERAGE_BASE + own_cov) if in_context else 0.0
        labels_here = [label for label, _ in matched[rowid]]
        on_topic = bool(topic_concepts) and all(t in labels_here for t in topic_concepts)
        hits.append(Hit(p, score, cov, labels_here, other, on_topic, order))
    for rid in mentioned:
        for p in kb.passages_for_rule(rid):
            if not any(h.passage.id == p.id for h in hits):
                hits.append(Hit(p, 0.1, 0.0, [], order=0.1))
    if named and any(h.passage.source in named and h.coverage > 0 for h in hits):
        hits = [h for h in hits if h.passage.source in named]  # "in the SHARE deck": that document answers
    own_terms = [c.label for c in concepts if c.jargon and c.key in own]
    if near:
        _continue(hits, near, set(own_terms), facets(main) if aside else frozenset(), lead)
    hits.sort(key=lambda h: (-h.order, h.passage.id))
    return Retrieval(
        question,
        concepts,
        hits[:limit],
        rule_scores,
        platforms,
        families,
        topics,
        syn.foreign_platforms(question) + _passing(syn, question, hits[:PASSING_NAMED_IN], asks=bool(topic)),
        list(mentioned_rules),
        unknown,
        dropped,
        syn.platform_words(question) | syn.document_words(question),
        rare,
        corrected,
        named,
        topic,
        [w for w in modifiers(phrases) if not _discussed(kb, w, question) and vocabulary.zipf(w) < EVERYDAY_ZIPF]
        + _unnamed(kb, phrases, question),
        feature_names(kb, question) + acronym_names(kb, question, topic),
        topic_concepts,
        own_terms,
        context,
        clause_words,
    )


# how many of the best passages may name a platform the sources name only in passing when the message asks about
# nothing of its own or they are on the thread (a follow-up's best passage may be another one: "one of them is IBM i,
# rest AIX" after an HPT sizing ranks the HPT passage third)
PASSING_NAMED_IN = 3


def _passing(syn, question: str, best: list[Hit], asks: bool) -> list[str]:
    """The platforms the question names that the sources name only in passing, when none of its best passages names
    them: "IBM i memory pool tuning?" is answered by no source (an AIX passage on memory pools would be a wrong
    answer), "HPT ratio for IBM i partitions?" by the passage that gives it. A question with a topic of its own
    (`asks`) is answered by its best passage, or one of the last answer's thread, only: one further down that merely
    mentions IBM i beside its own subject (the HPT below "what memory pool sizes for IBM i?") does not answer it."""
    speaking = best[:1] + [h for h in best[1:] if h.near or not asks]
    answer = " ".join(f"{h.passage.title} {h.passage.applies or ''} {h.passage.text}" for h in speaking)
    return syn.passing_platforms(question, answer)


# words of an asking clause that point back at something named before it ("its pinned buffers", "that error")
_BACK_REFERENCE = frozenset({"it", "its", "they", "them", "their", "that", "this", "these", "those", "such"})


def context_terms(terms: list[str], asked: set[str], topic_concepts: list[str], question: str) -> list[str]:
    """The terms no source uses that the question names only in a statement of its own (topic.stated), outside
    its asking clause (`asked`: that clause's words): "our NetBackup media server LPAR pushes data to another
    LPAR ... which AIX network tunables matter?" asks about the tunables, and the backup product only says whose
    traffic it is. A question whose asking clause has no topic the passages know, or points back at something
    named before ("lpm fails with HSCLA27C, what does that error mean?"), keeps them all, and so does a heading
    that names them ("NetBackup client tuning for AIX LPARs - which buffer sizes?")."""
    if not topic_concepts or asked & _BACK_REFERENCE:
        return []
    told = stated(question)
    return [t for t in terms if t.lower() in told and t.lower() not in asked]


def _continue(
    hits: list[Hit], near: Set[str], own: set[str], kinds: frozenset[str] = frozenset(), lead: str = ""
) -> None:
    """The passages near the last answer that answer the question about as well as the best passage does go
    first, in their own order (rank fusion of the conversation's thread with the question's own ranking); a
    follow-up asked with its context that names terms of the field of its own (`own`: "Java heap") is answered
    by a passage that speaks of one of them, or, when it asks for a kind of answer a passage gives outright
    (`kinds`, topic.facets: a command or tool "tools to check?", a message id "msg?", a measured figure "by how
    much?", a level "min aix lvl?"), by one that gives it: of the thread's passages, those first, even when they
    share less of the context's words, and the one the last answer led with (`lead`: the verdict's table, "by how
    much?" after "do psets help?") before the others."""
    best = max((h.coverage for h in hits), default=0.0)
    top = max((h.order for h in hits), default=0.0)
    for h in hits:
        given = bool(kinds) and gives(h.passage.text, kinds)
        command = "command" in kinds and gives(h.passage.text, frozenset({"command"}))
        if own and not command and not own.intersection(h.matched):
            continue  # the words of a command ask ("check", "measure") are said by the command, not the passage
        share = FACET_SHARE if given else NEAR_SHARE
        if h.passage.id in near and not h.other_family and h.coverage > 0 and h.coverage >= share * best:
            h.near = True
            # of the thread's passages, those that give what is asked first, the last answer's lead before them
            h.order += (3 if h.passage.id == lead else 2) * top if given else top


# "tcp_sendspace/recvspace", "min/max_buf_tiny": two tunables written with their shared part once (RE2: user text)
_SHARED_PREFIX = linre.compile(r"\b([a-z][a-z0-9]{0,15}_)([a-z0-9_]{1,30})/([a-z][a-z0-9]{1,30})\b", linre.IGNORECASE)
_SHARED_SUFFIX = linre.compile(r"\b([a-z][a-z0-9]{1,15})/([a-z][a-z0-9]{1,15})(_[a-z0-9_]{1,30})\b", linre.IGNORECASE)


def spelled_out(kb, question: str) -> str:
    """The question with tunables that share a part written whole: "tcp_sendspace/recvspace" ->
    "tcp_sendspace / tcp_recvspace", when the sources know the whole name."""

    def prefix(m) -> str:
        whole = m.group(1) + m.group(3)
        return f"{m.group(1)}{m.group(2)} / {whole}" if kb.knows(whole) else m.group(0)

    def suffix(m) -> str:
        whole = m.group(1) + m.group(3)
        return f"{whole} / {m.group(2)}{m.group(3)}" if kb.knows(whole) else m.group(0)

    text = question[:2000]
    return _SHARED_SUFFIX.sub(suffix, _SHARED_PREFIX.sub(prefix, text)) + question[2000:]


# Words typed in capitals, side by side: "CP SET SHARE", "SET SRM", "D M=STOR" (RE2: user text)
_CAPITALS_RUN = linre.compile(r"\b[A-Z]{2,12}(?:[ \t]+[A-Z]{2,12})+\b")


# Words in title case side by side: "Live Kernel Update", "Power Enterprise Pools" (RE2: user text)
_TITLE_RUN = linre.compile(r"\b[A-Z][a-z]{2,15}(?:[ \t]+[A-Z][a-z]{2,15}){1,4}\b")


def feature_names(kb, question: str) -> list[str]:
    """Product and feature names in title case that the sources never use ("Live Kernel Update", "Spectrum
    Scale"): each word may be known ("live", "kernel", "update"), the name is not. A sentence's first word is
    capitalised anyway and does not count; platform, document and synonym names ("Active Memory Expansion")
    are known."""
    syn = kb.synonyms
    out: list[str] = []
    text = question[:2000]
    for m in _TITLE_RUN.finditer(text):
        words = m.group(0).split()
        if m.start() == 0 or text[: m.start()].rstrip().endswith((".", "?", "!", ":")):
            words = words[1:]
        if len(words) < 2:
            continue
        name = " ".join(words)
        if kb.knows(name) or syn.platform_tags(name) or syn.document_tags(name):
            continue
        if kb.index.df("passages", _near(words)):
            continue  # "Banking Day Posting": the sources' "Banking Services (SBS) Day Posting", shortened
        if any(c.jargon for c in syn.concepts(name)):
            continue
        out.append(name.lower())
    return out


NAME_SPREAD = 3  # words a source may put between the words of a name the question shortens


def _near(words: list[str]) -> str:
    """An FTS5 query for the words of a name close together in one passage, in any order."""
    return f"NEAR({' '.join(fts_phrase([w]) for w in words)}, {NAME_SPREAD})"


# "TSM", "BLU", "TWS", "HANA": a name written in capitals (two to six characters, at least two letters)
_ACRONYM = linre.compile(r"\b[A-Z][A-Z0-9]{1,5}\b")


def acronym_names(kb, question: str, topic: list[str]) -> list[str]:
    """Acronyms the sources never use, named in what the question asks about ("how much RAM does the TSM client
    need?"): a product or feature they do not cover. The same acronym in a clause of context ("old p6 in the DR
    site, can we use AME?") is not the subject and does not count; neither do platforms and named documents."""
    syn = kb.synonyms
    asked = set(topic)
    out: list[str] = []
    for m in _ACRONYM.finditer(question[:2000]):
        word = m.group(0)
        low = word.lower()
        if low not in asked or sum(ch.isalpha() for ch in word) < 2 or kb.knows(low) or low in kb.code_prefixes:
            continue
        if len(low) == 2 and kb.knows(f"{low[0]} {low[1]}"):
            continue  # "IO": what the sources write I/O
        if vocabulary.is_instance(low) or vocabulary.is_code(low) and low.rstrip("0123456789") in kb.code_prefixes:
            continue  # "PRD1": a system; "TL5": a code of a family the sources use (AIX 7.2 TL1); not "FW1050"
        if syn.platform_tags(word) or syn.document_tags(word) or any(c.jargon for c in syn.concepts(word)):
            continue
        out.append(word.lower())
    return out


# A word this common in English ("went", "got", "done") is how the question is put, never the kind of a thing
EVERYDAY_ZIPF = 5.0


def command_names(kb, question: str) -> list[str]:
    """Commands typed in capitals that the sources never show ("CP SET SHARE", "QUERY SRM").

    Each word may be known in its everyday sense ("set", "share"), so the words alone do not tell; two
    or more capitalised words side by side, one an everyday English word the sources never write in
    capitals, and never written together in the sources, are the name of a command they do not cover.
    """
    out: list[str] = []
    text = question[:2000]
    for m in _CAPITALS_RUN.finditer(text):
        run = m.group(0)
        words = run.split()
        if text[m.end() : m.end() + 1] == ":" and not text[: m.start()].strip(" \t"):
            continue  # "CAP PLAN: ...", "PROD ISSUE: ...": a heading the ticket starts with
        if kb.synonyms.platform_tags(run) or kb.knows(run) or kb.synonyms.is_jargon(run):
            continue
        if any(w not in kb.capitals and vocabulary.zipf(w) >= vocabulary.RARE_ZIPF for w in words):
            out.append(run.lower())
    return out


def reduce_query(kb, concepts: list) -> tuple[list, list[str], list[str], list[str], dict[str, str]]:
    """Query reduction: the concepts that can match something, and what was set aside.

    A word that no passage and no rule contains is either phrasing ("diff", "guys", "shld") or
    context ("E980", "sapdata"), which is dropped so that it cannot push an answerable question
    under the relevance floor, or a term of the trade the sources never discuss ("ioscan", HANA,
    zHyperLink; advisor/knowledge/vocabulary.py tells them apart), which stays: it is what the
    question is about, and it makes the question not covered. A word one letter off a term of the
    field ("amepta") is read as that term; one off another word of the sources is a typo, returned
    with its correction so that the question can be read again with it.
    """
    index = kb.index
    kept: list = []
    unknown: list[str] = []
    dropped: list[str] = []
    rare: list[str] = []  # dropped, but rare enough in English to name a thing ("tomcat", "relocation")
    fixes: dict[str, str] = {}  # misspelt word -> the word of the sources it stands for
    for c in concepts:
        if c.jargon or index.df("passages", c.query) or index.df("rules", c.query):
            kept.append(c)
            continue
        fixed = _typo(kb, c.key) if not c.technical and len(c.key) >= 5 and c.key.isalpha() else None
        if fixed is not None:
            kept.append(fixed)
            continue
        word = c.raw or c.label
        if kb.synonyms.platform_tags(word):
            dropped.append(c.label)  # "P10" where the sources write "Power10": the platform boost has it
        elif not vocabulary.is_term(word, kb.knows, kb.abbreviations, kb.shortens, vocabulary.RARE_ZIPF):
            dropped.append(c.label)  # phrasing, shorthand, a code
        elif kb.correction(c.key):
            fixes[c.raw or c.label] = kb.correction(c.key)  # "recomended"
            dropped.append(c.label)
        elif vocabulary.is_term(word, kb.knows, kb.abbreviations, kb.shortens):
            kept.append(c)
            unknown.append(c.label)
        else:
            dropped.append(c.label)
            rare.append(c.label)
    return list({c.key: c for c in kept}.values()), unknown, dropped, rare, fixes


def _unnamed(kb, phrases: list[list[str]], question: str) -> list[str]:
    """Particular containers no passage names: "machine pool" (IBM i), "lock structure" (a coupling facility),
    "intent log" (VxFS), though "machine", "pool", "lock" and "log" each occur in the sources."""
    syn = kb.synonyms
    out: list[str] = []
    for a, b in compounds(phrases):
        if vocabulary.is_code(a) or syn.platform_tags(a) or a in syn.platform_words(question):
            continue  # "the 1M area", "the PLAREA z/OS sets up"
        if a in syn.document_words(question) or any(c.jargon for c in syn.concepts(f"{a} {b}")):
            continue
        if not kb.index.df("passages", fts_phrase([a, b])):
            out.append(f"{a} {b}")
    return out


def _discussed(kb, word: str, question: str) -> bool:
    """Whether some passage speaks of `word` of the question's topic (as written, as a synonym's term,
    shortened or misspelt), or the word is not a topic at all (a platform, a document, a code). Rules do
    not count: their wording is ours ("locks the other out" is no passage on lock structures)."""
    syn = kb.synonyms

    def in_passages(w: str) -> bool:
        return bool(kb.index.df("passages", fts_phrase([w])))

    if in_passages(word) or any(c.jargon and kb.index.df("passages", c.query) for c in syn.concepts(word)):
        return True
    if len(word) >= 3 and word.endswith("s") and _discussed(kb, word[:-1], question):
        return True  # "bps": the plural of a thing the sources speak of ("BP", a buffer pool)
    if syn.platform_tags(word) or word in syn.platform_words(question) or word in syn.document_words(question):
        return True
    if vocabulary.is_code(word) or word in kb.abbreviations or vocabulary.run_together(word, kb.knows):
        return True
    if vocabulary.numbered_member(word, kb.knows):
        return True  # "SETENV_00": a numbered line of a family the sources name ("SETENV_XX")
    if len(word) >= 3 and any(in_passages(w) for w in kb.words if w.startswith(word) and w != word + "s"):
        return True  # "app" for application, "params", "perf"
    if word.startswith("v") and len(word) > 4 and in_passages(word[1:]):
        return True  # "vdisks": the virtual one of a thing the sources know
    fixed = kb.correction(word)
    return bool(fixed and in_passages(fixed))


def _typo(kb, word: str):
    """The jargon concept `word` is a misspelling of (one edit on a long word), or None."""
    vocab = kb.synonyms.jargon_words
    close = difflib.get_close_matches(word, vocab, n=1, cutoff=0.86)
    if not close:
        return None
    found = kb.synonyms.concepts(close[0])
    return found[0] if found else None
