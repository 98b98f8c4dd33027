"""What a question asks about: the noun phrases of its asking clause (its head topic).

A passage that shares a generic word with a question does not answer it: "how big should the lock
structure in the CF be for DB2 data sharing?" shares "structure", "CF", "DB2" and "data sharing" with
the passage on group buffer pools in the coupling facility, but asks about a lock structure, which no
source discusses. What the question is about is read from the shape of its asking clause, not from a
list of topics:

* "how big / much / many [X] should [the] Y be|need ..." -> X and Y;
* "what / which [X] is|should|does [the] Y ..." -> X and Y;
* "why / when / where does [the] Y ..." -> Y; "is / should / can [the] Y ..." -> Y;
* "how do I <verb> [the] Y", "should we <verb> [the] Y" -> Y (a pronoun subject is not the topic);
* a clause that starts with its topic ("GRS star or ring for a 4-way sysplex?") -> its first noun phrase.

A noun phrase ends at a preposition, an auxiliary or the end of the clause ("the lock structure | in the
CF"). A clause that names only a generic measure ("what value?", "on or off?") takes its topic from the
clause before it ("lock escalation threshold for the SAP tables - what value?").

The words returned are the phrase's content words; the retrieval checks each against the passages.
Everything here is bounded (the first MAX_CHARS characters, MAX_PHRASE words a phrase) and linear.
"""

from __future__ import annotations

from advisor import linre
from advisor.knowledge.text import STOPWORDS, tokens

MAX_CHARS = 600  # the asking clause of a long ticket is near its start or its end; both are read from here
MAX_PHRASE = 5  # words of one noun phrase

# Clause boundaries: punctuation that ends a clause, a dash between spaces, brackets, an arrow
_CLAUSE = linre.compile(r"[?;:!()\[\]]|,\s|\.\s|\.$|\s[-–—]+\s|->|=>")

_WH = frozenset({"how", "what", "which", "when", "where", "why", "whats"})
_QUANT = frozenset({"big", "large", "much", "many", "long", "high", "small", "low", "often", "far", "fast"})
_AUX = frozenset(
    """should must do does did is are was were can could will would shall may might has have had need needs
    isn't aren't doesn't don't can't won't shouldn't""".split()
)
_PRONOUN = frozenset({"i", "we", "you", "they", "it", "he", "she", "one", "u", "someone", "anyone"})
_DETERMINER = frozenset("the a an our my your their its each every this that these those any some all his her".split())
_DO = frozenset({"do", "does", "did", "doesn't", "don't", "didn't"})
_BACK = frozenset({"it", "they", "them"})  # a clause with these speaks of something named before it
_MODAL = frozenset({"should", "must", "can", "could", "will", "would", "shall", "may", "might"})
_POSSESSIVE = frozenset({"our", "my", "your", "their"})
# verbs that take a particle and look like nouns: "log on", "log in", "sign on", "back up"
_PHRASAL = frozenset({"log", "logs", "sign", "signs", "back", "backs"})
_PARTICLES = frozenset({"on", "in", "into", "off", "out", "up"})
# a tool or person that reports something ("grafana shows ...", "the console says ..."): the report is the topic
_REPORTS = frozenset({"shows", "showed", "says", "said", "tells", "told"})
_ADVERB = frozenset({"ever", "really", "actually", "still", "also", "just", "even", "always", "usually", "best"})
# Words that end a noun phrase: prepositions, conjunctions of clauses, verbs too common to be a topic
_BREAK = frozenset(
    """for on in of with to under at by from between per into onto over than vs versus via across inside within
    without after before during when if while because so as about like be been being get gets got have has
    use used run runs running make go set said says tells told shows showed shown means meant think thinks
    know knows""".split()
)
# Words that name a measure or a judgement, not a topic: "what value", "the right size", "on or off"
GENERIC = frozenset(
    """size sizes sized sizing value values number numbers amount amounts level levels kind kinds type types
    setting settings recommended recommendation recommendations suggested suggestion best good right correct
    ideal optimal typical usual proper sensible sane reasonable ok okay default defaults worth way ways idea
    option options choice limit limits max maximum min minimum on off yes no rule thumb figure figures
    difference impact effect effects benefit benefits advantage advantages downside downsides problem problems
    issue issues thing things stuff story deal deck paper papers slides guide book redbook redpaper study
    document doc docs presentation webcast whitepaper reason reasons explanation purpose rationale background
    detail details technical exact actual real main general overall specific basic simple quick rough short
    whole current plain faster slower better worse quicker preferable preferred""".split()
)


def _phrase(toks: list[str], i: int) -> tuple[list[str], int]:
    """The noun phrase starting at `i` (determiners skipped) and the index after it."""
    while i < len(toks) and toks[i] in _DETERMINER:
        i += 1
    out: list[str] = []
    while i < len(toks) and len(out) < MAX_PHRASE:
        t = toks[i]
        if t in _AUX or t in _WH or t in _BREAK or t in _PRONOUN:
            break
        if out and i + 1 < len(toks) and toks[i + 1] in _DETERMINER:
            break  # "does SMT hurt the db2 side": a word followed by a determiner is the verb, not the phrase
        if out and t in _PHRASAL and i + 1 < len(toks) and toks[i + 1] in _PARTICLES:
            break  # "can users log on?": a verb with its particle, not a kind of log
        out.append(t)
        i += 1
    return out, i


def _subject(toks: list[str], i: int) -> list[list[str]]:
    """After an auxiliary: the subject, or, when it is a pronoun ("do I", "should we"), the verb's object.

    After "do / does / did" the subject is followed by its verb, and a phrase that does not end with a
    common verb ("need", "use") holds it before its last word: "does amepat modelling eat cpu" is the
    subject "amepat modelling" and the object "cpu", not a kind of CPU called "eat"."""
    do = i > 0 and toks[i - 1] in _DO
    while i < len(toks) and toks[i] in _DETERMINER:
        i += 1
    if i < len(toks) and toks[i] in _PRONOUN:
        i += 1
        while i < len(toks) and toks[i] in _ADVERB:
            i += 1
        i += 1  # the verb ("size", "enable", "run")
        while i < len(toks) and toks[i] in _BREAK:
            i += 1  # "how do I get to the ...", "should we go for ..."
        return [_phrase(toks, i)[0]]
    phrase, j = _phrase(toks, i)
    verb_after = j < len(toks) and toks[j] in _AUX  # "does the structure need ...", "does it have ..."
    if do and not verb_after and len(phrase) >= 2 and phrase[-1] not in STOPWORDS:
        return [phrase[:-2], phrase[-1:]]
    return [phrase]


def _of_generic(toks: list[str], phrase: list[str], j: int) -> list[str]:
    """ "the size of the lock structure", "default of X": a generic measure takes the phrase after "of"."""
    if phrase and all(w in GENERIC or w in STOPWORDS for w in phrase) and j < len(toks) and toks[j] in ("of", "for"):
        return _phrase(toks, j + 1)[0]
    return phrase


def _clause_topic(toks: list[str], asks: bool) -> list[list[str]]:
    """The topic words of one clause; `asks`: the clause ends with a question mark (a topic-first clause
    counts only then: "GRS star or ring for a sysplex?" asks about GRS, "our DBA wants ..." is context)."""
    k = next((n for n, t in enumerate(toks) if t in _WH), None)
    if k is None:
        if toks and toks[0] in _AUX:
            return _subject(toks, 1)
        if not asks or toks[0] in _POSSESSIVE or toks[0] in _PRONOUN:
            return []  # "our unix guy set the buffer cache ...": a statement about the user's own system
        told = _told(toks)
        if told is not toks:
            return [_phrase(told, 0)[0]]  # "grafana shows hypervisor receive failures": what is shown
        first, j = _phrase(toks, 0)
        return [_of_generic(toks, first, j)]
    if toks[k] in ("what", "whats", "which") or (toks[k] == "how" and k + 1 < len(toks) and toks[k + 1] in _QUANT):
        first, j = _phrase(toks, k + (2 if toks[k] == "how" else 1))
        first = _of_generic(toks, first, j)
        if j >= len(toks) or toks[j] not in _AUX:
            return [first]
        if first and toks[j] in _MODAL and (j + 1 >= len(toks) or toks[j + 1] not in _DETERMINER):
            return [first]  # "how many adapters can hang off a port": the phrase asked about is the subject
        return [first, *_subject(toks, j + 1)]
    j = k + 1
    if j < len(toks) and toks[j] in _AUX:
        return _subject(toks, j + 1)
    return []


def _content(words: list[str]) -> list[str]:
    return [w for w in words if w not in STOPWORDS and w not in GENERIC and not w.isdigit() and len(w) > 1]


def _clauses(text: str) -> list[tuple[list[str], bool]]:
    """The clauses of `text` as tokens, each with whether a question mark ends it."""
    out: list[tuple[list[str], bool]] = []
    start = 0
    for m in _CLAUSE.finditer(text):
        toks = tokens(text[start : m.start()])
        if toks:
            out.append((toks, m.group(0) == "?"))
        start = m.end()
    toks = tokens(text[start:])
    if toks:
        out.append((toks, False))
    return out


def topic_phrases(question: str) -> list[list[str]]:
    """The noun phrases of what the question asks about, as content words in order ([] when its shape is
    not recognised): "how much storage does the JES2 checkpoint structure need" -> [storage], [jes2,
    checkpoint, structure]."""
    return asking(question)[0]


# prepositions: a noun phrase followed by one is a heading ("PowerHA 7.2 on our SAP lpars"), not a statement
_PREPOSITIONS = frozenset(
    """for on in of with to under at by from between per into onto over than vs versus via across inside within
    without after before during about like""".split()
)


_SENTENCE = 12  # a clause this long is a sentence: a heading names its topic in a few words
_OWN_SYSTEM = 5  # "our <thing> <verb> ...": the user's own system described, not a heading ("our sap box")
# a clause with one of these after its first word says who asks or wants what follows ("Dynatrace team asks: ...")
_ASKS = frozenset({"asks", "asked", "wants", "wanted", "writes", "wrote", "reports", "reported", "complains"})


def stated(question: str) -> set[str]:
    """The words of the clauses that state something, a subject and its verb, other than the question itself:
    "our NetBackup media server LPAR pushes data to another LPAR", "Splunk forwarder runs on every LPAR", "we run
    Jenkins on its own LPAR". A heading that names a topic ("PowerHA 7.2 on our SAP lpars - ...", "GlancePlus on
    HP-UX: ...", "DirMaint: ...") is no statement: what it names is what the question is about."""
    out: set[str] = set()
    for toks, asks in _clauses(question[:MAX_CHARS]):
        if asks or any(t in _WH for t in toks):
            continue
        if toks[0] in _PRONOUN or _ASKS.intersection(toks[1:]) or len(toks) >= _SENTENCE:
            out.update(toks)  # "we run Jenkins on its own LPAR", "the Splunk team wants ...", a long sentence
            continue
        if toks[0] in _POSSESSIVE and len(toks) >= _OWN_SYSTEM:
            out.update(toks)  # "our Arcserve LPAR copies images to another LPAR": the user's own system, told
            continue
        j = _phrase(toks, 0)[1]
        if 0 < j < len(toks) and toks[j] not in _PREPOSITIONS and toks[j] not in _AUX:
            out.update(toks)  # the phrase ends at its verb ("pushes", "go", "talk", "rotates")
    return out


def _told(toks: list[str]) -> list[str]:
    """A clause without the tool or person that reports in it: "grafana shows hypervisor receive failures on
    ent0" -> "hypervisor receive failures on ent0"."""
    if toks and toks[0] not in _WH and toks[0] not in _AUX:
        j = _phrase(toks, 0)[1]
        if j < len(toks) and (toks[j] in _REPORTS or toks[j] in _ASKS):
            return toks[j + 1 :]  # "the Splunk team wants the VIOS IP on the SEA": what is wanted
    return toks


def asking(question: str) -> tuple[list[list[str]], set[str]]:
    """The topic phrases (topic_phrases) and the words of the clauses they were read from: a name outside those
    clauses is context ("our NetBackup LPAR pushes data to another LPAR. which network tunables matter?")."""
    clauses = _clauses(question[:MAX_CHARS])
    # a clause that ends with a question mark asks first; then one with a question word or an auxiliary
    # first ("do not ask" is an imperative, not a question)
    marked = [n for n, (c, q) in enumerate(clauses) if q]
    others = [
        n
        for n, (c, q) in enumerate(clauses)
        if not q and (any(t in _WH for t in c) or (c[0] in _AUX and c[1:2] != ["not"]))
    ]
    for n in marked + others:
        c, q = clauses[n]
        phrases = [p for p in (_content(x) for x in _clause_topic(c, q)) if p]
        fragment = not any(t in _WH for t in c) and c[0] not in _AUX
        refers_back = n > 0 and any(t in _BACK for t in c)
        if phrases and not fragment and not refers_back:
            return phrases, set(_told(c))
        # a fragment continues the clause before it: "transparent memory encryption on Power10 - any cpu
        # overhead?" asks about the encryption's overhead; "lock escalation threshold - what value?" likewise;
        # so does a clause that points back: "ipsec tunnels between lpars - how much cpu does it cost?"
        for m in range(n - 1, max(n - 4, -1), -1):
            before = [p for p in (_content(x) for x in _clause_topic(clauses[m][0], True)) if p]
            if before:
                return before + phrases, set(_told(clauses[m][0])) | set(c)
        if phrases:
            return phrases, set(_told(c))
    return [], set()


def topic_words(question: str) -> list[str]:
    """The content words of what the question asks about, lower case."""
    return [w for p in topic_phrases(question) for w in p]


# Word endings of adjectives, adverbs and verb forms ("biggest", "nightly", "flipping", "supposed"): such a
# word before a noun describes it; it does not name a kind of thing the way "lock" in "lock structure" does
_NOT_A_NAME = ("est", "ly", "ing", "ed")


# Adjectives of state or degree: "open connections", "spare ports" describe which ones, not a kind of thing
_STATE = frozenset(
    """open opened closed new old free full empty active inactive idle live dead busy fast slow existing available
    different other same single double multiple several various entire extra additional spare separate standard
    normal special common good bad better worse high low big small large huge tiny long early late recent next
    last first second third previous heavy light hot cold warm safe secure local remote global internal external
    total whole certain own usual main few many more less most least fat thin little short wide narrow simple
    complex smaller bigger larger fewer""".split()
)


# Nouns that name a container of some kind: "pool", "structure", "table", "log", "cache". Qualified by another
# noun they name one particular thing ("machine pool", "lock structure", "intent log", "inode cache"), which is
# a topic of its own whether or not the sources use each word elsewhere.
CONTAINERS = frozenset(
    """pool pools structure structures area areas table tables space log logs cache set sets queue queues buffer
    buffers file files region regions heap stack segment segments""".split()
)


def compounds(phrases: list[list[str]]) -> list[tuple[str, str]]:
    """The (modifier, container) pairs that end a topic phrase: ("machine", "pool") of "how big should the
    machine pool be?"."""
    return [(p[-2], p[-1]) for p in phrases if len(p) >= 2 and p[-1] in CONTAINERS and modifiers([p[-2:]])]


# people and teams, named to say who does or asks something ("jr admin wants to ..."): what kind of person is no topic
PEOPLE = frozenset(
    "admin admins administrator administrators team teams guy guys colleague colleagues folks dba".split()
)


def modifiers(phrases: list[list[str]]) -> list[str]:
    """The words that modify a noun after them in the same phrase ("lock" in "lock structure", "archive" in
    "archive log data sets"): each names what kind of that thing is asked about (not of a person: "jr admin")."""
    return [
        w
        for p in phrases
        for w, after in zip(p, p[1:], strict=False)
        if after not in PEOPLE and not w.endswith(_NOT_A_NAME) and w not in _STATE
    ]


# What kind of answer the question wants, read from its form, and which sentences give that kind: "how much
# did it save?" wants a figure, "how do I hand a LUN to a WPAR?" a command, "why?" a reason, "when would a
# second pair make sense?" a condition, "in which release" a level. A passage's sentence that matches the
# question's words AND gives the kind asked for is the answer.
_WANTS = {
    "figure": linre.compile(
        r"\bhow\s+(?:much|many|big|large|long|high|far|fast|low|small)\b|\bwhat\s+(?:size|value|percent|percentage|"
        r"factor|ratio|limit|rate|gain|saving|savings)\b|\b(?:numbers?|figures?|values?|defaults?|max(?:imum)?|"
        r"min(?:imum)?|limits?|percent(?:age)?|ranges?)\b|%|"
        # a measured result: "response time improvement?", "what did 1 TB do for response time?", "how much better"
        r"\b(?:improv(?:e|ed|es|ement|ements)|speed-?up|gains?|slower|faster|better|worse|dropped|delta)\b",
        linre.IGNORECASE,
    ),
    # a name the sources give: "which message says ...", "which field counts ...", "which fileset", "which env var"
    "name": linre.compile(
        r"\b(?:which|what)\s+(?:[a-z0-9/-]+\s+){0,2}(?:messages?|msgs?|fields?|filesets?|variables?|vars?|"
        r"parameters?|params?|tunables?|attributes?|keywords?|macros?|commands?|cmds?|tools?|utilit(?:y|ies))\b"
        # "msg if i go over?", "message id?": a terse follow-up that asks for the message by its word alone
        r"|^\W*(?:the\s+)?(?:messages?|msgs?)\b|\b(?:message|msg)\s+ids?\b",
        linre.IGNORECASE,
    ),
    "list": linre.compile(
        r"\b(?:check\s?lists?|steps|step\s+by\s+step|prerequisites|prereqs|what\s+to\s+(?:check|watch|do)|to-?do)\b",
        linre.IGNORECASE,
    ),
    "command": linre.compile(
        r"\bhow\s+(?:do|can|should|would|could)\s+(?:i|we|you|one)\b|\bhow\s+(?:i|we)\s+(?:can|could|should)\b|"
        r"\bhow\s+to\b|\bcommands?\b|\bcmds?\b|\bsyntax\b|\b(?:which|what)\s+(?:\w+\s+)?(?:tool|utility)\b|\btools\b|"
        # "what do I monitor that with": the tool it is done with
        r"\bwhat\s+(?:do|can|should)\s+(?:i|we)\s+(?:monitor|check|watch|measure|see)\b.{0,30}\bwith\b|"
        # "which chatr options", "what flags", "which settings must we give": the options of a command are shown with it
        r"\b(?:which|what)\s+(?:[\w+-]+\s+)?(?:options?|flags?|switch(?:es)?|settings?)\b|"
        r"\bhow\s+(?:do|can)\s+(?:i|we)\s+(?:see|check|display|show|find)\b|"
        # "tools to check?", "what do I monitor that with?": the tool that shows it
        r"\btools?\s+(?:to|for)\b|\b(?:monitor|check|watch|measure|see|track)\s+(?:\w+\s+){0,2}with\s*[?.!]*\s*$",
        linre.IGNORECASE,
    ),
    "reason": linre.compile(r"\bwhy\b|\breasons?\b|\bhow\s+come\b|\bwhat\s+for\b", linre.IGNORECASE),
    "condition": linre.compile(
        r"\bwhen\s+(?:would|should|does|do|is|are|will|might|could|can|must|to)\b|\bin\s+which\s+cases?\b|"
        r"\bunder\s+what\b|\breasons?\s+(?:for|to)\b|\bwhen\s+(?:it|does\s+it)\s+makes?\s+sense\b",
        linre.IGNORECASE,
    ),
    "level": linre.compile(
        r"\b(?:which|what)\s+(?:z/os\s+|aix\s+|vios\s+)?(?:release|version|level|tl)\b|\bsince\s+when\b|"
        r"\bfirst\s+(?:show|appear|arriv|introduc|came|come)"
        # "min aix level?", "minimum vios level needed?"
        r"|\bmin(?:imum)?\s+(?:[a-z/]+\s+)?(?:release|version|level|tl)\b",
        linre.IGNORECASE,
    ),
}
_OFFERS = {
    "figure": linre.compile(r"\d"),
    "command": linre.compile(r"`[^`]{2,200}`"),
    "reason": linre.compile(
        r"\b(?:because|since|so\s+that|therefore|thus|hence|as\s+a\s+result|which\s+means|the\s+reason|"
        r"otherwise|in\s+order\s+to|so\s+the|so\s+a|so\s+it)\b",
        linre.IGNORECASE,
    ),
    "condition": linre.compile(
        r"\b(?:if|unless|only\s+(?:if|when|for)|justif(?:y|ies|ied)|in\s+case|where\s+(?:the|a|an))\b", linre.IGNORECASE
    ),
    "list": linre.compile(r"\b(?:first|second|third|fourth|then|next|finally)\b", linre.IGNORECASE),
    # a message id (IAR043I), a field or variable in capitals (RCE2GHWM, PERF_ENABLE), a fileset (devices.sddpcm)
    "name": linre.compile(
        r"\b[A-Z]{3}\d{3}[A-Z]\b|\b[A-Z][A-Z0-9_]{4,}\b|\b[a-z]+\.[a-z0-9]+\.[a-z0-9.]+\b|`[^`]{2,80}`"
    ),
    "level": linre.compile(r"\bV\d+R\d+\b|\b\d+\.\d+(?:\.\d+)*\b|\bTL\s?\d+\b|\brelease\b", linre.IGNORECASE),
}


def wanted(question: str) -> frozenset[str]:
    """The kinds of answer the question asks for (figure, command, reason, condition, level); empty when none."""
    text = question[:MAX_CHARS]
    return frozenset(kind for kind, rx in _WANTS.items() if rx.search(text))


def offers(sentence: str, kinds: frozenset[str]) -> bool:
    """Whether the sentence gives one of the kinds of answer asked for."""
    return any(_OFFERS[k].search(sentence) for k in kinds)


# What a terse follow-up ("by how much?", "msg?", "cmd?", "min level?") asks of the last answer's passages, and how a
# passage gives it: stricter than `_OFFERS` for figures (a measured amount or share, not any digit)
_FACETS = {
    "figure": linre.compile(r"\d(?:[\d.,]*\d)?\s?(?:%|x\b|times\b|[GMTK]B\b|ms\b|ns\b|s\b|SAPS\b)"),
    "name": _OFFERS["name"],
    "command": _OFFERS["command"],
    "level": _OFFERS["level"],
}


def facets(question: str) -> frozenset[str]:
    """The kinds of answer a follow-up asks for that a passage of the conversation's thread can give outright."""
    return wanted(question) & frozenset(_FACETS)


def gives(text: str, kinds: frozenset[str]) -> bool:
    """Whether a passage gives one of the kinds a follow-up asks for (`facets`)."""
    return any(_FACETS[k].search(text) for k in kinds if k in _FACETS)


def is_list(text: str) -> bool:
    """A passage written as steps ("First, ... Second, ... Then ..."): at least three step words."""
    return len(_OFFERS["list"].findall(text[:4000])) >= 3
