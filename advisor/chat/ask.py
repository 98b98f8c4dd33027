"""Free questions: a calculator when the numbers are there, else the best passages and the rule.

The answer is assembled from the knowledge base's own paraphrased text: the most relevant
sentences of the best passages (each line cited to its passage), the scope each passage states
("Applies to"), the resolution where sources disagree, and the rulebook's recommendation for the
rule those passages support. Below the relevance floor, or for a platform none of the sources
covers, the answer says so and lists the closest topics instead of guessing.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass, field, replace

from advisor import linre
from advisor.chat.calc import CalcAnswer, calculate
from advisor.chat.calc.asked import asks_judgement
from advisor.chat.clarify import clarification
from advisor.chat.judge import claim_verdict, computed_support, states_yes_no
from advisor.chat.reader import Reading, read
from advisor.chat.reply import CalculationOut, ChatCitation, Composer, Question, Verdict, from_out
from advisor.chat.reply import resolve as resolve_cite
from advisor.chat.state import Pending
from advisor.knowledge import KnowledgeBase, Passage, Retrieval
from advisor.knowledge.claims import Level
from advisor.knowledge.retrieval import Z_MACHINES, other_system, split_aside
from advisor.knowledge.text import sentences, tokens
from advisor.knowledge.topic import facets, gives, is_list, offers, stated, topic_words, wanted
from advisor.knowledge.verdicts import best_verdict
from advisor.rulebook.templates import placeholders
from advisor.sources import load_sources

# Relevance floor: below these the question is not one the guidance answers.
MIN_COVERAGE = 0.32  # share of the question's concepts (weighted by rarity) the best passage matches
MIN_COVERAGE_WITH_JARGON = 0.32
MIN_SCORE = 10.0
FULL_COVERAGE = 0.75
SHORT_SHARE = 0.5
JARGON_HITS = 2  # terms of the field the best passage must match to count as an answer whatever the coverage
ON_TOPIC_SHARE = 0.85  # an on-topic passage scoring this share of an off-topic best leads instead
SECOND_PASSAGE_SHARE = 0.45  # a further passage is quoted when it scores this share of the best
MAX_PASSAGES = 3
SENTENCES_FIRST = 3
SENTENCES_OTHER = 2
SENTENCES_LIST = 6  # a question asking for a checklist or steps
# a verdict line states the claim, not the passage's figures, names or commands: when the question asks for one of
# these ("response time improvement at 1 TB?"), the verdict's passage is quoted after it too
DETAIL_KINDS = frozenset({"figure", "name", "command", "level"})
ANSWER_KIND_SHARE = 0.6  # a sentence of the kind asked for gains this share of the question's rarest concept

SCOPE = (
    "AIX and PowerVM on IBM Power (Active Memory Expansion, LPAR and VIOS sizing, storage and network "
    "virtualization), SAP on HP-UX Itanium, z/OS large memory and large pages, and SAP on Linux under z/VM "
    "with z13 SMT"
)


@dataclass
class AskResult:
    out: Composer
    covered: bool
    intent: str  # ask | calc | clarify | out-of-scope
    text: str = ""  # the answer for a not-covered question or a question back (no citations)
    rules: list[str] = field(default_factory=list)
    passages: list[Passage] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)
    closest: list[Passage] = field(default_factory=list)
    verdict: Verdict | None = None
    calculations: list[CalculationOut] = field(default_factory=list)
    assumptions: list[str] = field(default_factory=list)
    pending: Pending | None = None
    calculator: str | None = None
    rule_scores: dict[str, float] = field(default_factory=dict)  # how well each rule's own text matches
    # the verdict was computed from the machine and levels asked about ("can SYSA use 2G pages at all?"): it answers
    # before the document's rules on other things (SYSA's LFAREA limit)
    settled: bool = False


def passage_cite(kb: KnowledgeBase, p: Passage) -> ChatCitation:
    return from_out(kb.citation(p), f"passage:{p.id}")


def rule_cite(advisor, rule_id: str) -> ChatCitation:
    return from_out(advisor.citations(rule_id)[0], f"rule:{rule_id}")


# Words that say how or about which product a question is asked, not what about: a passage that
# matches only these ("oracle on hp-ux async io settings" -> oracle, hp, ux, settings) does not
# answer the question, however much of it it covers.
NOT_A_TOPIC = frozenset(
    """settings setting sizing size sized tuning tune tuned config configure configuration configured
    recommended recommendation recommendations recommend best practice practices value values parameter
    parameters guide guidance performance perf setup options option default defaults hp ux hpux aix linux
    zos zvm ibm power server servers system systems sap oracle db2 java websphere ifl ifls ziip ziips z13 zec12
    power7 power8 power9 power10 itanium superdome""".split()
)


# synonym groups for how a question asks ("verify", "downside", "HWM"), not what about: they share no subject
HOW_WORDS = frozenset({"check", "drawback", "high-water mark", "improvement"})
# the words that ask for a procedure, and "managed system" (the HMC's word for any server): none names its subject,
# and the verbs of doing ("how do I set large pages", "how to get", "use", "give"): the action, not what it acts on
PROCEDURE_WORDS = frozenset(
    "steps step procedure process how way ways know tell managed set use give get put make apply turn command commands"
    " syntax".split()
)
# "and tomcat?", "what about nginx?": a follow-up that puts another thing in place of the subject ("workaround?"
# asks about the subject itself)
_ANOTHER_THING = linre.compile(r"^\s*(?:and|or|what\s+about|how\s+about|same\s+for)\b", linre.IGNORECASE)


def topical(r: Retrieval) -> bool:
    """Whether the best passage matches something the question is about, beyond product and phrasing words."""
    jargon = set(r.jargon)  # "VIOS" names a platform and a topic (its sizing) alike
    return bool(r.hits) and any(
        label.lower() not in NOT_A_TOPIC and (label in jargon or label.lower() not in r.platform_words)
        for label in r.hits[0].matched
    )


def off_platform(r: Retrieval, question_platforms: set[str]) -> bool:
    """The question names a platform and the best passage is about another product line only."""
    return bool(question_platforms) and bool(r.hits) and r.hits[0].other_family


def topic_elsewhere(r: Retrieval) -> bool:
    """The question names a product line, and every passage that speaks of the term of the field it asks about
    ("paging space") belongs to another product line: the sources discuss it, but not for this platform."""
    asked = set(r.topic_concepts).intersection(r.jargon)
    speaking = [h for h in r.hits if asked.intersection(h.matched)]
    return bool(asked and r.families and speaking and all(h.other_family for h in speaking))


# "... so the NOC can watch it", "so that our ops team could see it": who the answer is for, not what it is about
_PURPOSE_AGENT = linre.compile(
    r"\bso(?:\s+that)?\s+(?:the\s+|our\s+|my\s+|their\s+)?(\w+)(?:\s+(?:team|guys|folks|people))?"
    r"\s+(?:can|could|will|would|may|might)\b",
    linre.IGNORECASE,
)


def purpose_agents(question: str) -> set[str]:
    """The words naming who a purpose clause says the answer is for ("so the NOC can watch it"): talk around the
    question, whatever rare word they are."""
    return {m.group(1).lower() for m in _PURPOSE_AGENT.finditer(question)}


def beyond_sources(r: Retrieval) -> bool:
    """The question is about something the sources never talk about (advisor/knowledge/vocabulary.py): a term
    they never use, unless the best passage shares several terms of the field with it ("npiv zoning
    gotchas?"), or a rare word with no term of the field shared ("would it work for our tomcat servers?").
    No verdict, clarification or passage answers such a question; a calculation with its inputs still may."""
    if r.mentioned_rules:
        return False
    if not r.hits:  # "and redis?": nothing of it in any passage; a verdict read from the context would answer that
        return bool(r.unknown or r.names or (r.rare and _ANOTHER_THING.match(r.question)))
    if r.names:
        return True  # "AIX Live Kernel Update with AME enabled LPARs - supported?": a feature the sources never name
    if r.off_topic:
        return True  # "how big should the lock structure in the CF be?": the passages know structures, not lock ones
    if topic_elsewhere(r):
        return True  # "z/VM paging DASD: how much paging space for the guests?": paging space is AIX and HP-UX guidance
    jargon = {c.label for c in r.concepts if c.jargon}
    shared = len(jargon.intersection(r.hits[0].matched) - HOW_WORDS)
    if procedure_elsewhere(r, jargon, shared):
        return True  # "steps to update the firmware from the HMC?": the passage shares the HMC, not the procedure
    # a question naming one of the sources ("mgmt asked: what workload did the z13 SMT study use?") is about it
    rare = set(r.rare) - purpose_agents(r.question)
    return bool(r.unknown and shared < JARGON_HITS) or bool(rare and not shared and not r.sources)


def new_subject_beyond(r: Retrieval, context: str) -> bool:
    """A follow-up whose new subject is a rare word no passage uses ("relocation") and whose only terms of the field
    shared with the best passage are ones the question it continues gave already ("ok and live guest relocation
    between members with SMT?" after an SMT question): the thread links it to the sources, its subject does not."""
    if not (context and r.rare and r.hits) or r.mentioned_rules:
        return False
    said = set(tokens(context.lower()))
    if any(word.lower() in said for word in r.rare):
        return False  # the rare word was part of the question answered before
    if not {word.lower() for word in r.rare} & set(topic_words(r.question)):
        return False  # "leave it on as a precaution, fine?": a rare word of the phrasing, not what is asked about
    jargon = {c.label for c in r.concepts if c.jargon}
    shared = jargon.intersection(r.hits[0].matched) - HOW_WORDS
    return len(shared) < JARGON_HITS and all(set(tokens(term.lower())) <= said for term in shared)


def procedure_elsewhere(r: Retrieval, jargon: set[str], shared: int) -> bool:
    """A procedure asked for ("steps to ...", "how do I ...") whose subject words the best passage matches none
    of: it shares only a product or a term of the field with the question (one at most), not what is to be done."""
    if shared >= JARGON_HITS or len(jargon.intersection(r.hits[0].matched)) >= JARGON_HITS:
        return False  # "how to check if LFAREA is sized right": the check and the LFAREA, the procedure's subject
    top = r.hits[0]
    if top.near and split_aside(r.question)[1]:
        return False  # "cmd? (seastat has no data for ent5)": the last answer's passage, its subject set by the thread
    generic = NOT_A_TOPIC | PROCEDURE_WORDS | r.platform_words
    if action_elsewhere(r, generic):
        return True  # "steps to upgrade the HMC without losing the profiles?": no upgrade in the profiles passage
    if not wanted(r.question) & {"list", "command"}:
        return False
    subject = {c.label for c in r.concepts if not c.jargon and c.label.lower() not in generic}
    # the subject is a word the sources use in other passages ("firmware"), never in the best one
    spoken_elsewhere: set[str] = set()
    for h in r.hits[1:5]:
        spoken_elsewhere |= subject.intersection(h.matched)
    # one word of its own ("is AME available?") is too little to say the passage misses the subject
    return (
        top.coverage < FULL_COVERAGE
        and len(subject) >= 2
        and bool(spoken_elsewhere)
        and not subject.intersection(top.matched)
    )


# the verb a procedure is asked for with: "steps to upgrade", "how do we migrate", "procedure for moving"
_ACTION = linre.compile(
    r"\b(?:steps?|procedure|process|way|how)\s+(?:(?:do|can|should|would|could)\s+(?:i|we|you|one)\s+|to\s+|for\s+)"
    r"([a-z]{3,20})\b",
    linre.IGNORECASE,
)


def action_elsewhere(r: Retrieval, generic: Set[str]) -> bool:
    """The action a procedure is asked for ("upgrade" of "steps to upgrade the HMC ...") is a word the sources use
    that the best passage never speaks of, nor of every term of the field the question names: it shares some of the
    things acted on, or the conditions ("without losing the partition profiles"), not what is to be done ("how to
    fix?" of a passage on seastat, the one term asked about, is that passage's fix)."""
    m = _ACTION.search(r.question)
    top = r.hits[0]
    if m is None or top.coverage >= FULL_COVERAGE or set(r.jargon) <= set(top.matched):
        return False
    verb = m.group(1).lower()
    known = {c.label.lower() for c in r.concepts if not c.jargon}
    if verb in generic or verb not in known:
        return False
    root = verb[:-3] if verb.endswith("ing") else verb.rstrip("e")
    said = {w.lower() for w in top.matched}
    return verb not in said and not any(w.startswith(root) for w in tokens(top.passage.text.lower()))


# a move of a workload between platforms, and the words that name where to ("to", "onto", "on" right before it)
_MOVE = linre.compile(r"\b(?:migrat[a-z]{0,6}|mov(?:e|es|ed|ing)|replatform[a-z]{0,6}|port(?:ed|ing))\b", linre.I)
_TOWARD = linre.compile(r"\b(?:to|onto|into|on)\s+(?:(?:the|a|an|our|new)\s+){0,2}$", linre.I)
TOWARD_CHARS = 20  # how far before a platform's name its "to"/"on" may stand ("onto the new POWER9")


def target_elsewhere(kb: KnowledgeBase, r: Retrieval) -> bool:
    """A move between product lines ("how many SAPS does our HP-UX landscape need on Power10 after migration?"):
    what is asked is on the platform moved to, and the best passage speaks only of the product line moved from;
    no source covers moves between product lines."""
    text = r.question
    if not r.hits or _MOVE.search(text) is None:
        return False
    spans = kb.synonyms.platform_spans(text)
    named = kb.synonyms.families({tag for *_, tag in spans})
    target = kb.synonyms.families(
        {tag for start, _, tag in spans if _TOWARD.search(text[max(0, start - TOWARD_CHARS) : start])}
    )
    top = kb.synonyms.families(set(r.hits[0].passage.platforms))
    return len(named) >= 2 and bool(target) and bool(top) and not top & target


def elsewhere(r: Retrieval) -> bool:
    """A follow-up names a term of the field of its own ("and the HMC itself?" after VIOS memory, "and for the JVM
    heap?" after chatr) that the best passage for it with its context does not speak of: the context answers, not
    the follow-up."""
    own = set(r.own_terms) - HOW_WORDS  # "downside? (...)": how it is asked, not another thing
    return bool(own) and bool(r.hits) and not own & set(r.hits[0].matched)


def foreign_aside(r: Retrieval) -> Retrieval:
    """A product no source covers, named only in a statement outside the asking clause (topic.stated), when the
    best passage shares several terms of the field with the question: "our TSM server LPAR and the DB LPAR talk
    over a separate VLAN on the same frame - which MTU should that internal VLAN use?" asks about the MTU, not
    about TSM; so is one the best passage names itself, outside the asking clause ("oracle lpar, SGA 5 GB. did
    AME help in IBM's OLTP test?"). The retrieval without it; a product in the asking clause ("how much memory
    does the TSM server need?"), in a heading ("PowerHA 7.2 on our SAP lpars - how do I shorten failover
    detection?") or with at most one term of the field shared keeps it, and is not covered."""
    if not r.foreign or not r.hits or not r.topic_concepts:
        return r
    words = {w for name in r.foreign for w in tokens(name)}
    if words & r.asked:
        return r
    jargon = {c.label for c in r.concepts if c.jargon}
    shared = len(jargon.intersection(r.hits[0].matched) - HOW_WORDS)
    # "oracle oltp lpar with 8 GB, SGA 5 GB ... did AME help in ibm's oltp test?": the best passage names the SGA
    # itself (the Redbook's test setup), so the sources speak of it where the question asks about something else
    named = words <= set(tokens(r.hits[0].passage.text))
    if shared < JARGON_HITS or not (named or words <= stated(r.question)):
        return r
    return replace(r, foreign=[], context_terms=r.context_terms + [name.lower() for name in r.foreign])


def in_scope(r: Retrieval) -> bool:
    if r.foreign and not r.mentioned_rules:
        return False
    if not r.hits or elsewhere(r):
        return False
    top = r.hits[0]
    if r.mentioned_rules:
        return True
    jargon = {c.label for c in r.concepts if c.jargon}
    if beyond_sources(r):
        return False
    if not topical(r):
        return False
    if top.passage.source in r.sources and top.coverage >= MIN_COVERAGE:
        return True  # "what workload was used in redp5287": a question about the document itself
    if len(jargon.intersection(top.matched)) >= JARGON_HITS and top.score >= MIN_SCORE:
        return True  # a long ticket: several terms of the field in one passage answer it, whatever else it says
    if top.on_topic and jargon.intersection(r.topic_concepts) and top.score >= MIN_SCORE * SHORT_SHARE:
        return True  # "old p6 box in the DR site (dont ask). can we use AME on it?": the context is not the topic
    if top.coverage >= FULL_COVERAGE and top.score >= MIN_SCORE * SHORT_SHARE and not r.continues and one_source(r):
        # "how were the app server guests sized", "what did the 4.7 run look like": a part of one source (a follow-up,
        # "we have 4 instances, ok?", is the thread's)
        return True
    floor = MIN_COVERAGE_WITH_JARGON if r.jargon else MIN_COVERAGE
    # a short question the best passage covers almost whole scores low in BM25 sums, not in relevance;
    # a tunable the sources name ("ame_min_ucpool_size") is as specific as a term of the field, and so is a
    # keyword or message id of letters and digits ("DREF1MEG", "IAR019I")
    specific = bool(r.jargon) or any(_identifier(label) for label in top.matched)
    score_floor = MIN_SCORE * SHORT_SHARE if top.coverage >= FULL_COVERAGE and specific else MIN_SCORE
    return top.coverage >= floor and top.score >= score_floor


ONE_SOURCE_HITS = 3
ONE_SOURCE_WORDS = 1
# words a question is asked with that name no part of a source: units of a plain amount, and judgements ("is 4 GB
# enough?" is about the user's own figure)
PLAIN_WORDS = frozenset(
    """gb mb tb kb g m k % percent cores core ok okay enough fine right correct good bad big large small sized safe
    sane wrong high low too much many""".split()
)


def one_source(r: Retrieval) -> bool:
    """The best passages all come from one source, each matching a word of the question the best one matches: the
    question asks about a part of that source (its test setup, a run of its table) in words of no other."""
    hits = r.hits[:ONE_SOURCE_HITS]
    # the words the best passage matches beyond phrasing, plain amounts and judgements
    plain = NOT_A_TOPIC | PLAIN_WORDS
    lead = {w for w in hits[0].matched if w.lower() not in plain and not w.isdigit()} if hits else set()
    return (
        len(lead) >= ONE_SOURCE_WORDS
        and len(hits) == ONE_SOURCE_HITS
        and len({h.passage.source for h in hits}) == 1
        and all(lead & set(h.matched) for h in hits[1:])
    )


def _identifier(label: str) -> bool:
    """A tunable, keyword or message id: underscores inside, or letters and digits in one word of 5+ characters."""
    word = label.strip("_")
    if "_" in word:
        return True
    return len(word) >= 5 and " " not in word and any(ch.isdigit() for ch in word) and any(ch.isalpha() for ch in word)


def on_thread(r: Retrieval) -> bool:
    """The best passage is on the conversation's thread (Retrieval.continues) and matches the question as well as
    the relevance floor asks, whatever its BM25 sum: "other env var?" after the liveCache variables."""
    if not r.continues or beyond_sources(r) or (r.foreign and not r.mentioned_rules) or not topical(r):
        return False
    floor = MIN_COVERAGE_WITH_JARGON if r.jargon else MIN_COVERAGE
    top = r.hits[0]
    kinds = facets(split_aside(r.question)[0])
    if top.near and kinds and gives(top.passage.text, kinds):
        floor *= SHORT_SHARE  # "cmd? (seastat shows nothing for ent5)": the thread's passage gives what is asked
    return top.coverage >= floor


def pick_sentences(
    kb: KnowledgeBase,
    r: Retrieval,
    p: Passage,
    limit: int,
    skip: frozenset[str] | set[str] = frozenset(),
    whole: bool = False,
) -> list[str]:
    """The `limit` sentences of a passage that match most of the question, in passage order (`whole`: all of a
    passage that has no more than `limit`)."""
    sents = [s for s in sentences(p.text) if s not in skip]
    if not sents:
        return []
    concepts = r.concepts
    matches = kb.sentences.matches(sents, [c.query for c in concepts])
    weights = [c.weight * kb.index.idf("passages", c.query) for c in concepts]
    # the sentence that gives the kind of answer asked for (a figure, a command, a reason, a level) comes first
    # among those that match the question: "how much did AME save?" is answered by the sentence with the figure
    bonus = ANSWER_KIND_SHARE * max(weights, default=0.0)
    kinds = wanted(r.question)
    # "numbers for P9?": of the sentences that match, the one about the platform the question names comes first, and
    # one that gives the figures of another generation only (Power10's row) comes after those that match as well
    named = set(r.platforms) if kinds and r.platforms else set()
    generations = {t for t in named if _GENERATION.fullmatch(t)}
    scored = [
        (
            sum(weights[i] for i in m)
            + (bonus if m and kinds and offers(sents[pos], kinds) else 0.0)
            + (bonus * _platform_fit(kb, sents[pos], named, generations) if m and named else 0.0),
            -pos,
        )
        for pos, m in enumerate(matches)
    ]
    ranked = sorted(range(len(sents)), key=lambda i: scored[i], reverse=True)
    if whole and len(sents) <= limit:  # a short best passage is quoted whole: "what storage backed the DB?"
        return sents
    chosen = sorted(i for i in ranked[:limit] if scored[i][0] > 0) or [0]
    return [sents[i] for i in chosen]


# a processor generation: the figures a source measured on one do not answer for another
_GENERATION = linre.compile(r"power\d{1,2}\+?|z13|zec12")


def _platform_fit(kb: KnowledgeBase, sentence: str, named: set[str], generations: set[str]) -> int:
    """1 for a sentence naming a platform the question names, -1 for one naming only other processor generations
    than the one the question names ("on Power10, 64K gave 28%" for a POWER9 question), else 0."""
    tags = kb.synonyms.platform_tags(sentence)
    if named & tags:
        return 1
    own = {t for t in tags if _GENERATION.fullmatch(t)}
    return -1 if generations and own else 0


def _select(r: Retrieval, limit: int, apart: Set[str] = frozenset()) -> list:
    """The passages to quote: the best, then those that score near it; never one of another product line than the
    question's when the best one is of that line, nor one of `apart` (`other_lines`: "and response time?" after an
    HP-UX table does not quote a z/OS measurement)."""
    ranked = r.hits
    if ranked and ranked[0].passage.id in apart:  # "tools to check?" in an HP-UX conversation: an HP-UX passage leads
        lead = next(
            (h for h in ranked if h.passage.id not in apart and h.score >= SECOND_PASSAGE_SHARE * ranked[0].score),
            None,
        )
        ranked = [lead, *(h for h in ranked if h is not lead)] if lead is not None else ranked
    if ranked and not ranked[0].on_topic:
        # "z13 SMT test: how much memory did the z/VM LPAR have?": of the passages scoring near the best, the one
        # that names everything the asking clause is about leads (not one that shares only its context words)
        topical_hit = next((h for h in ranked[1:] if h.on_topic and h.score >= ON_TOPIC_SHARE * ranked[0].score), None)
        ranked = [topical_hit, *(h for h in ranked if h is not topical_hit)] if topical_hit else ranked
    hits = ranked[:1]
    for h in ranked[1:]:
        if len(hits) >= limit:
            break
        if (h.other_family and not ranked[0].other_family) or h.passage.id in apart:
            continue
        if h.score >= SECOND_PASSAGE_SHARE * ranked[0].score and h.passage.id not in {x.passage.id for x in hits}:
            hits.append(h)
    return hits


def other_lines(kb: KnowledgeBase, r: Retrieval, near: frozenset[str]) -> set[str]:
    """In a follow-up, the passages of product lines that are neither the conversation's (those of the passages the
    last answer came from) nor the question's own: never quoted beside the best one."""
    lines = kb.synonyms.families({t for pid in near if pid in kb.by_id for t in kb.by_id[pid].platforms})
    if not lines:
        return set()
    return {
        h.passage.id
        for h in r.hits
        if (own := kb.synonyms.families(set(h.passage.platforms))) and not own & (lines | r.families)
    }


def quote(kb: KnowledgeBase, r: Retrieval, out: Composer, passages: list[Passage], used: set[str]) -> None:
    # "checklist before starting AME64K tests?", "steps?": the first passage's list in its order, not the three
    # sentences that repeat the question's words
    listed = "list" in wanted(r.question)
    for i, p in enumerate(passages):
        if i == 0 and listed and is_list(p.text):
            picked = [x for x in sentences(p.text) if x not in used][:SENTENCES_LIST]
        else:
            picked = pick_sentences(kb, r, p, SENTENCES_FIRST if i == 0 else SENTENCES_OTHER, used, whole=i == 0)
        if not picked:
            continue
        used.update(picked)
        applies = f" (Applies to: {p.applies.rstrip('.')}.)" if p.applies else ""
        out.say(f"{p.title}: {' '.join(picked)}{applies}", passage_cite(kb, p))


def conflicts(kb: KnowledgeBase, r: Retrieval, out: Composer, passages: list[Passage], used: set[str]) -> None:
    """Where the quoted passages touch a known disagreement: which source is newer, and which holds where."""
    sources = load_sources()
    for c in kb.conflicts_for({p.id for p in passages}):
        resolution = kb.by_id[c.resolution]
        sides = [
            next((p for p in passages if p.source == s), None)
            or next(kb.by_id[pid] for pid in sorted(c.passages) if kb.by_id[pid].source == s)
            for s in c.sources
        ]
        old, new = sources[c.sources[0]], sources[c.sources[-1]]
        out.say(
            f'The sources differ on {c.topic}: "{old.title}" ({old.date}) and "{new.title}" ({new.date}); '
            f"the {new.date[:4]} source is the newer one.",
            *[passage_cite(kb, p) for p in sides],
        )
        gens = {t for t in r.platforms if kb.synonyms.family(t) == "power" and t.startswith("power")}
        sents = [s for s in sentences(resolution.text) if s not in used]
        tagged = [(s, kb.synonyms.platform_tags(s)) for s in sents]
        chosen = [s for s, tags in tagged if tags & gens] if gens else []
        if not chosen:
            chosen = [s for s, tags in tagged if any(t.startswith("power") for t in tags)]
        if chosen:
            used.update(chosen)
            out.say(" ".join(chosen), passage_cite(kb, resolution))


def best_rule(advisor, r: Retrieval, passages: list[Passage], extra: list[str]) -> str | None:
    candidates: dict[str, float] = {}
    for rid in r.mentioned_rules:
        candidates[rid] = 1e9
    scores = {h.passage.id: h.order for h in r.hits}  # as ranked: a thread passage or own-word order first
    for rank_, p in enumerate(passages):
        for rid in p.rules:
            candidates[rid] = (
                candidates.get(rid, 0.0) + scores.get(p.id, 0.0) / (rank_ + 1) + r.rule_scores.get(rid, 0.0)
            )
    for rid in extra:
        candidates[rid] = candidates.get(rid, 0.0) + 1e6
    known = {rid: s for rid, s in candidates.items() if rid in advisor.rulebook.rules}
    if not known:
        return None
    return max(sorted(known), key=lambda rid: known[rid])


def rule_line(advisor, rule_id: str, out: Composer) -> None:
    rule = advisor.rulebook.rules[rule_id].rule
    rec = rule.recommendation
    text = f"Rule {rule.id} ({rule.severity}) checks this on a configuration: {rule.title}."
    if not placeholders(rec):
        text += " " + " ".join(sentences(rec)[:2])
    out.say(text, rule_cite(advisor, rule.id))


def not_covered(r: Retrieval) -> AskResult:
    closest = [h.passage for h in r.hits[:3]]
    foreign = f" It does not cover {', '.join(r.foreign)}." if r.foreign else ""
    lines = [f"Not covered by the guidance I have: my sources cover {SCOPE}.{foreign} I will not guess an answer."]
    if closest:
        lines.append("The closest topics I do have:")
        lines += [f"- {p.title} ({p.source}, {p.section})" for p in closest]
    return AskResult(Composer(), covered=False, intent="out-of-scope", text="\n".join(lines), closest=closest)


_GENERIC_TAGS = {
    "z": {"zos", "zvm", "z13", "linux-on-z"},
    "IBM Z": {"zos", "zvm", "z13", "linux-on-z"},
}
_OS_TAGS = {"aix": "aix", "hpux": "hpux", "zos": "zos", "zvm": "zvm"}


def reader_tags(reading: Reading) -> set[str]:
    """The knowledge base's platform tags for what the reader recognised (P9 -> power9, IBM Z -> z tags)."""
    tags: set[str] = set()
    for p in reading.platforms:
        tags |= _GENERIC_TAGS.get(p.name, {p.tag} if p.family != "hpux" else {"hpux", "itanium"})
    tags |= {_OS_TAGS[o.os] for o in reading.os_levels}
    return tags


def _same_platforms(kb: KnowledgeBase, question_platforms: set[str], sources: set[str]) -> bool:
    """Whether the sources of a calculation or of its question back (their ids) speak of the product line and, on IBM Z,
    of the operating system the question names (True when it names none): "max LFAREA on z/VM?" is no z/OS question."""
    asked = kb.synonyms.families(question_platforms)
    tags = {t for p in kb.passages if p.source in sources for t in p.platforms}
    spoken = kb.synonyms.families(tags)
    return not (asked and spoken and not asked & spoken) and not other_system(question_platforms, tags)


def _asked_platforms(kb: KnowledgeBase, text: str) -> set[str]:
    """The platforms a follow-up asked with its context names in its own words ("ok and the same for our zVM lpar?
    (how large should the LFAREA be, z/OS 2.1, ...)"): the system asked about, not the one of the question before."""
    own, aside = split_aside(text)
    return kb.synonyms.platform_tags(own) | reader_tags(read(own)) if aside else set()


def _ambiguous(reading: Reading) -> AskResult | None:
    """A number the reader cannot read for sure: ask, do not compute."""
    if not reading.problems:
        return None
    questions = [Question(path="message", question=p.question) for p in reading.problems]
    text = " ".join(p.question for p in reading.problems)
    first = reading.problems[0]  # the reply resumes the question with this number read as the user says
    return AskResult(
        Composer(),
        covered=True,
        intent="clarify",
        text=f"Before I calculate anything: {text}",
        questions=questions,
        pending=Pending(question=reading.text, needs="reading", ask=first.question, raw=first.raw),
    )


def answer(
    kb: KnowledgeBase,
    advisor,
    text: str,
    *,
    mentioned_rules: list[str],
    doc_platforms: set[str],
    reading: Reading | None = None,
    skip: frozenset[str] | set[str] = frozenset(),
    has_document: bool = False,
    context: str = "",
    answered: str = "",
    near: frozenset[str] = frozenset(),
    lead: str = "",
    lean: bool = False,
    levels: dict[str, Level] | None = None,
) -> AskResult:
    """`context`: the conversation's earlier questions, where a yes/no follow-up finds the subject it leaves out
    ("does it need a reboot?", "and on POWER8?"); `answered`: the title of the last answer's first passage, subjects
    for such a follow-up ("does that mount survive a reboot?"); `near`: the passages of the last answer's thread
    (KnowledgeBase.thread), which a follow-up's answer comes from when they answer it as well as any, and `lead` the one
    that answer led with; `lean`: a
    follow-up without amounts of its own may be answered from that thread (`on_thread`); amounts go to the
    calculators' follow-ups and to the question before it, asked with them. `levels`: those the session's document
    states, for the claims' minimum levels."""
    reading = reading or read(text)
    text = reading.text
    question_platforms = kb.synonyms.platform_tags(text) | reader_tags(reading)
    extra = set(question_platforms) if question_platforms else set(doc_platforms)
    r = foreign_aside(kb.search(text, mentioned_rules=mentioned_rules, extra_platforms=extra, near=near, lead=lead))
    threaded = lean and on_thread(r)
    if near and r.concepts and all(c.label in HOW_WORDS for c in r.concepts) and not r.continues:
        return not_covered(r)  # "downside?" that no passage of the thread speaks of: asked with its context instead
    if not in_scope(r) and not threaded and in_scope(r.by_score):
        r = r.by_score  # a follow-up whose own words only weak passages answer: the question it continues decides
    scoped = threaded or in_scope(r)
    if r.corrected and r.corrected != text:  # "uper limit for bufer cache": the calculators read it corrected too
        reading = read(r.corrected)
        text = reading.text
    foreign = bool(r.foreign) and not mentioned_rules
    calc: CalcAnswer | None = None if foreign else calculate(text, question_platforms, reading)
    asked_on = _asked_platforms(kb, text) or question_platforms
    if calc is not None and not _same_platforms(kb, asked_on, {c.source_id for c in calc.cites}):
        calc = None  # "how much swap ... on z/OS?": the HP-UX swap guideline does not answer for another platform
    if calc is not None or not foreign:
        unsure = _ambiguous(reading)
        if unsure is not None and (calc is not None or reading.of_kind("size", "speed", "saps")):
            return unsure
    # a computed answer gives its own verdict ("is 4 GB enough?"); a pattern verdict next to a
    # calculation answers some other question in the message ("do unmapped NPIV adapters count?")
    # (nor beside a calculator's verdict on the user's own statement: "we coded LFAREA=4096, valid?")
    entry = (
        best_verdict(kb.verdicts, text)
        if reading.yes_no and not foreign and not (calc and (calc.calculations or calc.verdict))
        else None
    )
    if entry is not None and question_platforms:  # a z/OS question never gets the verdict of an AIX passage
        families = kb.synonyms.families(set(kb.by_id[entry.passage].platforms))
        if families and not families & kb.synonyms.families(question_platforms):
            entry = None
    # a claim reads the question's predicate, so it may stand beside a figure ("factor 4.7 ... safe?"); a
    # calculator's own verdict ("is 4 GB enough?") comes first
    # a figure asked for ("LFAREA=(1M=(30%)) on 44 GB online, size?") gets no verdict beside it
    figure_only = (
        calc is not None
        and bool(calc.calculations)
        and not (reading.yes_no or asks_judgement(text) or states_yes_no(text))
    )
    claim = (
        claim_verdict(kb.claims, reading, context, answered, levels)
        if not foreign and not (calc and calc.verdict) and not figure_only
        else None
    )
    supported = computed_support(reading, levels or {}, doc_platforms) if not foreign else None
    computed = (
        claim is not None
        and supported is not None
        and (
            supported.over_claims
            or claim.claim.says == "possible"
            or (claim.weak and claim.claim.says == "recommend")  # "can we ...?"
        )
    )
    if computed:
        claim = (
            None  # the verdict computed from the stated levels first (AME64K, 2 GB pages), before any claim or entry
        )
    judged = (
        supported
        if supported is not None
        and claim is None
        and (computed or entry is None or entry.id.startswith(supported.over_entries))
        else None
    )
    if judged is not None:
        entry = None
    if claim is not None and question_platforms:  # as for entries: never the verdict of another product line
        families = kb.synonyms.families(set(kb.by_id[claim.claim.passage].platforms))
        if families and not families & kb.synonyms.families(question_platforms):
            claim = None
    if claim is not None:  # a claim reads the question's predicate; an entry only its topic
        entry = None
    # "which message says the LFAREA exceeds the limit?" asks for a name the sources give, never for the user's data
    # a follow-up asked with its context ("why? (how many instances per core)", "msg? (max LFAREA)", "and the kctune
    # for shm? (how much CLM)") that wants a reason, a name or a command, or names a command or tunable of its own, is
    # answered by the passages, not by the context's question back for its figures
    own, aside = split_aside(text)
    other_kind = bool(aside) and (
        bool(wanted(own) & {"name", "command", "reason"}) or bool(read(own).terms and not read(own).quantities)
    )
    clar = (
        clarification(reading, has_document)
        if calc is None and not foreign and "name" not in wanted(text) and not other_kind
        else None
    )
    if clar is not None and not _same_platforms(kb, asked_on, {c.source for c in clar.cites}):
        clar = None  # "max LFAREA on AIX?": the z/OS input asked back answers nothing for another system
    if clar is not None and clar.decides:  # "should we switch on SMT on Z?": the machine asked back decides it
        claim = entry = judged = None
    if clar is not None and claim is not None and claim.weak and reading.quantities:
        # "is LFAREA=(1M=(40%),2G=(16)) ok?": the user's figures, judged once the input asked back is given, decide;
        # not a claim that "ok?" only leans on
        claim = None
    # "... via DLPAR, do we need an outage window?": a claim that names two of its subjects and the predicate asked
    # settles a question whose only strange word is a kind of thing the passages never name ("outage window")
    settled = claim is not None and claim.claim.weight >= 2 and r.off_topic and not (r.unknown or r.names)
    # "ServiceNow RITM0042 note: 'EC of all shared lpars on the 16-core pool totals 19'. acceptable?": the user's own
    # figures judged against a source's relation are in scope whatever ticket words stand around them
    settled = settled or (claim is not None and claim.figure and not (r.names or r.foreign))
    # "sysprog question: is LFAREA=(1M=(40%),2G=(16)) ok?": a word the sources never use beside a calculator's
    # question back for its input is talk, not the subject (a named product or an off-topic thing still refuses)
    # (one in the asking clause is what is asked about: "and how does PowerVC size the VIOS?")
    asked_back = (
        clar is not None
        and clar.calculator != ""
        and not (r.names or r.off_topic or r.rare)
        and not {w.lower() for w in r.unknown} & r.asked
    )
    beyond = beyond_sources(r) or new_subject_beyond(r, context)
    top_tags = set(r.hits[0].passage.platforms) if r.hits else set()
    if calc is None and other_system(asked_on, top_tags) and not top_tags & Z_MACHINES:
        return not_covered(r)  # "ok and the same for our zVM lpar?" after a z/OS LFAREA question: z/OS's guidance
    if calc is None and target_elsewhere(kb, r):
        return not_covered(r)  # "how many SAPS does our HP-UX SAP need on Power10 after migration?"
    if calc is None and beyond and not settled and not asked_back:
        return not_covered(r)  # "relocating sap guests live between z/VMs, supported?": no verdict on it either
    if (
        calc is None
        and clar is None
        and entry is None
        and judged is None
        and claim is None
        and (not scoped or off_platform(r, question_platforms))
    ):
        return not_covered(r)
    out = Composer()
    result = AskResult(out, covered=True, intent="calc" if calc else "ask", rule_scores=r.rule_scores)
    if judged is not None:
        p = kb.by_id[judged.passage]
        word, because = judged.answer, judged.because
        n = out.cite(passage_cite(kb, p))
        out.say(f"{word.capitalize()}: {because}.", passage_cite(kb, p))
        result.verdict = Verdict(answer=word, because=because, citations=[n])  # type: ignore[arg-type]
        result.settled = True
        skip = set(skip) | {p.id}
        result.passages.append(p)
    elif claim is not None and claim.claim.passage in skip:
        pass  # "more": the verdict was given with its passage already; go on with what is left
    elif claim is not None:
        p = kb.by_id[claim.claim.passage]
        n = out.cite(passage_cite(kb, p))
        out.say(f"{claim.answer.capitalize()}: {claim.because}.", passage_cite(kb, p))
        result.verdict = Verdict(answer=claim.answer, because=claim.because, citations=[n])  # type: ignore[arg-type]
        # the best passage keeps its detail after the verdict, and so does any verdict passage when the question asks
        # for a figure, name, command or level the verdict line does not state
        if not (r.hits and r.hits[0].passage.id == p.id) and not wanted(text) & DETAIL_KINDS:
            skip = set(skip) | {p.id}
        result.passages.append(p)
    elif entry is not None:
        p = kb.by_id[entry.passage]
        n = out.cite(passage_cite(kb, p))
        word = entry.answer(text)
        out.say(f"{word.capitalize()}: {entry.because}.", passage_cite(kb, p))
        result.verdict = Verdict(answer=word, because=entry.because, citations=[n])  # type: ignore[arg-type]
        skip = set(skip) if wanted(text) & DETAIL_KINDS else set(skip) | {p.id}
        result.passages.append(p)
    elif calc is not None and calc.verdict is not None:
        word, because, cites = calc.verdict
        out.say(f"{word.capitalize()}: {because}.", *cites)
        result.verdict = Verdict(answer=word, because=because, citations=[out.cite(c) for c in cites])  # type: ignore[arg-type]
    if clar is not None:
        cites = [resolve_cite(c, f"calculator:{clar.calculator}") for c in clar.cites]
        if result.verdict is None and reading.yes_no:
            out.say(f"It depends: {clar.why}", *cites)
            result.verdict = Verdict(answer="it depends", because=clar.why, citations=[out.cite(c) for c in cites])
        else:
            out.say(clar.why, *cites)
        result.intent = "clarify"
        result.questions.append(
            Question(path=clar.path or clar.needs, question=clar.ask, command=clar.command, rule_id=clar.rule)
        )
        result.pending = Pending(question=text, needs=clar.needs, ask=clar.ask)
        if clar.rule and clar.rule in advisor.rulebook.rules:
            rule_line(advisor, clar.rule, out)
            result.rules.append(clar.rule)
        return result
    if calc:
        result.calculator = calc.name
        out.extend(calc.out)
        result.questions += calc.questions
        for a in calc.assumptions:
            out.say(f"Assumed: {a}", *calc.cites)
        result.assumptions += calc.assumptions
        result.calculations += [
            CalculationOut(
                name=c.name,
                inputs=c.inputs,
                result=c.result,
                unit=c.unit,
                formula=c.formula,
                citations=[out.cite(x) for x in c.citations],
            )
            for c in calc.calculations
        ]
        speed_q = next((q for q in calc.questions if q.path == "vios.adapters"), None)
        ports_q = next((q for q in calc.questions if q.path == "vios.lhea_ports"), None)
        counts_q = next((q for q in calc.questions if q.path == "message.counts"), None)
        if any(q.path == "vios.lhea" for q in calc.questions):  # "uses LHEA ports": how many, resumed by the reply
            result.pending = Pending(question=text, needs="lhea", ask=calc.questions[0].question)
            result.intent = "clarify"
        elif counts_q is not None:  # "and add 4 more": what the number counts, resumed by the reply
            result.pending = Pending(
                question=text, needs="counts", ask=counts_q.question, raw=counts_q.question.split("'")[1]
            )
            result.intent = "clarify"
        elif ports_q is not None:  # "2 LHEAs with 4 ports": each or in total, resumed by the reply
            result.pending = Pending(
                question=text, needs="lhea_ports", ask=ports_q.question, raw=ports_q.question.split("'")[1]
            )
            if not calc.calculations:  # a question back and no figure
                result.intent = "clarify"
        elif speed_q is not None:
            raw = speed_q.question.split("'")[1] if "'" in speed_q.question else None
            result.pending = Pending(question=text, needs="speed", ask=speed_q.question, raw=raw)
            # "4 FC ports": the figure at the Redbook's one FC increment, said as assumed, and the speed asked back
            result.intent = "clarify"
        elif any(q.path == "system_cores" for q in calc.questions):
            result.pending = Pending(question=text, needs="cores", ask=calc.questions[-1].question)
        elif any(q.path == "online_storage_gb" for q in calc.questions):  # "will LFAREA=12G fit?": its online storage
            result.pending = Pending(question=text, needs="size", ask=calc.questions[-1].question)
            if not calc.calculations:  # "LFAREA=(1M=(25%)) - ok?": how many GB needs the online storage, asked
                result.intent = "clarify"
        elif any(q.path == "memory_gb" for q in calc.questions):
            result.pending = Pending(question=text, needs="memory", ask=calc.questions[-1].question)
    hits = [h for h in r.hits if h.passage.id not in skip]
    if calc is not None and calc.cites:  # an AME figure is not followed by the HP-UX swap passage
        sources = {c.source_id for c in calc.cites}
        hits = [h for h in hits if h.passage.source in sources]
    if skip or calc is not None:
        r = replace(r, hits=hits)
    apart = other_lines(kb, r, near) if near else set()
    picked = _select(r, 2 if calc else MAX_PASSAGES, apart) if r.hits and (calc is None or scoped) else []
    passages = [h.passage for h in picked]
    used: set[str] = set()
    quote(kb, r, out, passages, used)
    conflicts(kb, r, out, passages, used)
    rid = best_rule(advisor, r, result.passages + passages, calc.rules if calc else [])
    if rid:
        rule_line(advisor, rid, out)
        result.rules.append(rid)
    result.passages += passages
    result.closest = [h.passage for h in r.hits[len(passages) : len(passages) + 3]]
    return result
