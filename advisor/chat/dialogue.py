"""Follow-ups resolved against the dialogue state, before the intent is recognised.

A conversation leans on what came before: "and on POWER8?" repeats the last question for
another processor, "16 GB" answers the question the advisor asked back, "more" wants the next
passages, "what does that mean?", "the fix?" and "the command?" point at the last answer's
rule. `resolve()` turns such a message into the full question (or names the turn it asks
for), so the rest of the engine answers it as if it had been asked in full.
"""

from __future__ import annotations

from dataclasses import dataclass

from advisor import linre
from advisor.chat.calc import _factors, calculate, computes
from advisor.chat.calc.asked import role as amount_role
from advisor.chat.calc.asked import role_patterns
from advisor.chat.calc.delta import changed
from advisor.chat.calc.power import NO_AME as _NO_AME
from advisor.chat.calc.power import ame_sizes, hpt_groups, hpt_os_swapped, pair_total
from advisor.chat.calc.zsystems import bare_request, lfarea_in_form
from advisor.chat.numbers import fmt
from advisor.chat.reader import Reading, read
from advisor.chat.state import ChatState
from advisor.knowledge.retrieval import other_system
from advisor.knowledge.vocabulary import is_code

MAX_FOLLOW_UP_WORDS = 12

_ELLIPSIS = linre.compile(
    r"^\s*(?:and|but|what\s+about|how\s+about|same\s+(?:for|on|with)|with|on|for|at|using|in|if|"
    r"and\s+(?:if|with|on|for|at|in)|(?:and\s+)?(?:if|when)\s+(?:i|we)\s+(?:upgrade|move|migrate|go|switch)\s+to|"
    r"(?:and\s+)?(?:after|upon)\s+(?:an?\s+)?(?:upgrade|migration)\s+to)\b",
    linre.IGNORECASE,
)
_MORE = linre.compile(
    r"^\s*(?:more|tell\s+me\s+more|go\s+on|continue|more\s+(?:details?|info|please)|details\??)\s*[?.!]*\s*$",
    linre.IGNORECASE,
)
_MEANING = linre.compile(
    r"^\s*(?:what\s+(?:does|do)\s+(?:that|this|it)\s+mean|meaning|what\s+is\s+(?:that|this|it)|huh|explain\s+(?:that|this|it)|"
    r"what\s+(?:does|do)\s+you\s+mean|in\s+plain\s+(?:english|words)|eli5)\b",
    linre.IGNORECASE,
)
_FIX = linre.compile(
    r"^\s*(?:(?:and\s+)?the\s+fix|fix\??|how\s+(?:do|can|should)\s+(?:i|we)\s+fix\s+(?:it|that|this)|"
    r"what\s+(?:is|'s)\s+the\s+fix|how\s+to\s+fix\s+(?:it|that|this)|remedy|solution|what\s+should\s+(?:i|we)\s+do|"
    r"what\s+(?:should|do|must)\s+(?:i|we)\s+change|how\s+(?:do|can|should)\s+(?:i|we)\s+"
    r"(?:resolve|remediate|correct|solve|address|repair)\s+(?:it|that|this)|next\s+steps?|what\s+now)\b",
    linre.IGNORECASE,
)
_COMMAND = linre.compile(
    r"^\s*(?:(?:and\s+)?the\s+commands?|commands?\??$|which\s+commands?|what\s+commands?|what(?:\s+is|'s)\s+the\s+commands?|"
    r"how\s+(?:do|can)\s+(?:i|we)\s+(?:check|see|set|change|verify)\s+(?:it|that|this))\b",
    linre.IGNORECASE,
)
# "what changed?", "what have we changed so far?": the what-ifs made on the session's document
_CHANGES = linre.compile(
    r"^\s*(?:what(?:'s|\s+has|\s+have|\s+did)?\s+(?:(?:i|we)\s+)?changed?(?:\s+so\s+far)?|"
    r"(?:show\s+(?:me\s+)?|list\s+)?(?:the\s+)?changes(?:\s+so\s+far)?"
    r"|(?:show\s+(?:me\s+)?|tell\s+me\s+|list\s+)?what\s+(?:did|have)?\s*(?:i|we)(?:'ve)?\s+change(?:d)?(?:\s+so\s+far)?)"
    r"\s*[?.!]*\s*$",
    linre.IGNORECASE,
)
_START_OVER = linre.compile(
    r"^\s*(?:start\s+(?:over|again|afresh)|reset|from\s+scratch|back\s+to\s+the\s+original"
    r"|(?:undo|revert|discard|drop|roll\s*back|forget|scrap|scratch|throw\s+away)\s+(?:every\s*thing|all(?:\s+of\s+(?:that|it|them))?"
    r"|(?:all\s+)?(?:of\s+)?(?:the|those|these|my|our)\s+(?:changes|what-?ifs)|changes|what-?ifs)"
    r"|back\s+to\s+square\s+one)\b",
    linre.IGNORECASE,
)
# "ok so how do I fix that", "thanks - and the command?": the lead-in says nothing about what is asked
_LEAD_IN = linre.compile(
    r"^\s*(?:(?:ok(?:ay)?|so|and|also|then|now|well|right|cool|great|thanks|thank\s+you|thx|hmm+|alright|fine|"
    r"got\s+it|i\s+see|understood|perfect|nice)\b[\s,.!:;-]*)+",
    linre.IGNORECASE,
)
_ANSWER_ONLY = linre.compile(
    r"^\s*(?:it(?:'s|\s+is)|we\s+have|about|around|roughly|approx(?:imately)?|online|the)?\s*", linre.IGNORECASE
)


def meaning_asked_of(text: str) -> str:
    """What "what does that mean ..." asks the meaning for, beyond the last answer ("for batch"), or ""."""
    bare = _LEAD_IN.sub("", text[:400], count=1)
    m = _MEANING.match(bare)
    return bare[m.end() :].strip(" ?.!") if m else ""


@dataclass
class Resolution:
    kind: str  # resume | ellipsis | whatif | more | meaning | fix | command | start-over | unclear | changes
    question: str = ""


def _swap_platforms(old: str, reading: Reading, old_reading: Reading) -> str:
    text = old
    for p in old_reading.platforms:
        if any(n.family == p.family for n in reading.platforms):
            # "POWER7 740": the server model goes with its processor
            text = linre.sub(rf"(?:\bon\s+(?:an?\s+)?)?{linre.escape(p.raw)}(?:\s{{0,2}}\d{{3,4}}\b)?", " ", text)
    for o in old_reading.os_levels:
        if any(n.os == o.os for n in reading.os_levels):
            text = text.replace(o.raw, " ")
    return " ".join(text.split())


_PAGE_SIZE = linre.compile(r"^\d{1,3}\s?[KMG]B?$", linre.I)
_PAGES_AFTER = linre.compile(r"\s{0,2}(?:byte\s+)?(?:large\s+)?pages?\b", linre.I)


def _swap_quantities(old: str, reading: Reading, old_reading: Reading) -> tuple[str, bool]:
    text, swapped = old, False
    for kind in ("size", "cores", "saps", "percent", "lpar"):
        # "and 6 lpars?" after "3 lpars, max 100 GB each": a count replaces the count of the same thing
        new = reading.amounts(kind) if kind != "lpar" else [q for q in reading.quantities if q.noun == "lpar"]
        was = old_reading.amounts(kind) if kind != "lpar" else [q for q in old_reading.quantities if q.noun == "lpar"]
        if kind == "percent" and not was and len(old_reading.of_kind("percent")) == 1:
            was = old_reading.of_kind("percent")  # "and 40%?" after "LFAREA=(1M=(20%)) ...": the statement's one share
        if kind == "size" and not was and len(new) == 1 and _PAGE_SIZE.match(new[0].raw):
            # "and with 16K?" after "... with 4K pages": the one page size of the last question
            was = [q for q in old_reading.of_kind("size") if _PAGES_AFTER.match(old_reading.text, q.end)][:2]
            was = was if len(was) == 1 else []
        if new and was:  # the last one: "LFAREA=12G on a 32 GB system", "and 64 GB?" means the system's size
            at = text.rfind(was[-1].raw)
            text = text[:at] + new[0].raw + text[at + len(was[-1].raw) :]
            swapped = True
    return text, swapped


def resolve(text: str, reading: Reading, st: ChatState, kb=None) -> Resolution | None:
    """The follow-up `text` stands for, or None when it stands on its own (`kb`: the knowledge base, whose
    platform words tell "what about z/OS?" from a new question)."""
    if _START_OVER.match(text):
        return Resolution("start-over")
    if st.subject.calculator == "hpt" and _OS_NAMED.search(text) and _WERE.search(text) and st.pending is None:
        split = _os_share(text, reading, st)
        if split is not None:  # "and if half of those were IBM i partitions?": that share of the memory moved
            return Resolution("ellipsis", split)
        os_changed = _system_swapped(text, text, reading, st)  # "and if two of them were linux?": which two, asked
        if os_changed is not None:
            return os_changed
    if (st.subject.calculator or st.pending is not None) and _PART_OF.search(text):
        # "only cable 4 of the FC ports": 4 FC ports, the new count of that thing
        text = _PART_OF.sub(r"\1 ", text)
        reading = read(text)
    if st.pending is not None and st.pending.needs == "lhea":  # "4 of them, 2 ports configured on each": the LHEAs
        said = _OF_THEM.sub(r"\1 LHEAs", _ANSWER_ONLY.sub("", text, count=1)).strip(" ?.!")
        if linre.fullmatch(r"\d{1,3}", said.split(",")[0].strip()):
            said = linre.sub(r"^\s*(\d{1,3})", r"\1 LHEAs", said)
        if linre.search(r"\d{1,3} LHEAs\b", said):
            return Resolution("resume", f"{st.pending.question.rstrip(' ?.!')} with {said}?")
    them = _OF_THEM.search(text) if st.subject.calculator or st.pending is not None else None
    if them is not None:  # "only connect 2 of them": them is the one counted thing of the last sizing, else asked
        before = (st.pending.question if st.pending is not None else st.subject.question) or ""
        counted = [q for q in read(before).quantities if q.count and q.kind in ("speed", "count")]
        if len(counted) != 1 or not _replaced_counts(before, read(f"{them.group(1)} {counted[0].raw}")):
            return Resolution("unclear", text)
        return Resolution("ellipsis", _replaced_counts(before, read(f"{them.group(1)} {counted[0].raw}")) or before)
    words = len(text.split())
    if st.subject.calculator == "vios_memory" and st.document is None and words <= MAX_FOLLOW_UP_WORDS:
        prior = st.subject.question or ""
        if pair_total(text, whole=True) and not pair_total(prior):  # "double that for both vios of the pair, total?"
            return Resolution("ellipsis", f"{prior.rstrip(' ?.!')}. Total memory for both VIOS of the pair?")
    delta = _delta(text, reading, st)
    if delta is not None:  # "double the npiv", "and 8 cores fewer", "if paging was 20 GB": that input changed
        return Resolution("resume" if st.pending is not None else "ellipsis", delta)
    # a reply to the question asked back; one listing several values may be longer ("32 GB true, 6 GB paging, ...")
    listed = len(reading.quantities) >= 2 and words <= 2 * MAX_FOLLOW_UP_WORDS
    if st.pending is not None and (words <= MAX_FOLLOW_UP_WORDS or listed):
        resumed = _resume(text, reading, st)
        if resumed is not None:
            return Resolution("resume", resumed)
    bare = _LEAD_IN.sub("", text, count=1) if words <= MAX_FOLLOW_UP_WORDS else text
    same = _same_expanded(text, reading, st) if words <= MAX_FOLLOW_UP_WORDS else None
    if same is not None:  # "going to factor 2.0, what true memory keeps the same expanded size?"
        return Resolution("ellipsis", same)
    if _CHANGES.match(bare) and st.document is not None:
        return Resolution("changes")
    same = _same_system(text, bare, reading, st, kb) if words <= MAX_FOLLOW_UP_WORDS else None
    if same is not None:  # "swap minimum for the same box?", "how many GB of 1M pages is that now?"
        return Resolution("ellipsis", same)
    if _MORE.match(bare) and st.subject.question:
        return Resolution("more", _anchored(st.subject.question, st))  # "more" after "can they be paged out?"
    if _FIX.match(bare):
        return Resolution("fix")
    if _COMMAND.match(bare):
        return Resolution("command")
    if _MEANING.match(bare) and len(bare.split()) <= 8 and (st.subject.rule or st.subject.question):
        return Resolution("meaning", st.subject.question or "")
    sibling = _sibling_figure(bare, reading, st)
    if sibling is not None:  # "buffer cache cap?" after a swap figure: the same calculation's other figure
        return Resolution("ellipsis", sibling)
    if (
        st.document is not None
        and st.subject.intent == "explain"
        and st.subject.question
        and len(text.split()) <= CONTINUATION_WORDS
        and _ELLIPSIS.match(text)
        and not (reading.platforms or reading.os_levels or reading.quantities)
        and read(st.subject.question).yes_no
    ):  # "and the swap?" after "is my CLM ok?" on the document: the same judgement of another thing
        thing = _LEAD.sub("", text, count=1).strip(" ?.!")
        return Resolution("ellipsis", f"is {thing} ok?")
    if (
        st.document is not None
        and st.subject.intent in ("review", "explain")
        and words <= MAX_FOLLOW_UP_WORDS
        and (reading.platforms or reading.os_levels)
        and (_ELLIPSIS.match(bare) or words <= 4)
        and not _own_topic(bare, reading)
    ):  # after a review, "and on a zEC12?" / "what about AIX 7.3 TL2?" asks what the move would change
        names = [p.name for p in reading.platforms] + [o.label for o in reading.os_levels]
        return Resolution("whatif", f"move to {' with '.join(names)}")
    last = st.subject.question
    restated = _statement_replaced(last, text, bare, reading) if last and st.subject.calculator else None
    if restated is not None and st.document is None:  # "and LFAREA=90%?" after "LFAREA=30% on a 64G LPAR ...?"
        return Resolution("ellipsis", restated)
    in_form = lfarea_in_form(last, bare) if last and words <= MAX_FOLLOW_UP_WORDS else None
    if in_form is not None:  # "and in the new 1M= form?" after an LFAREA question: the same in that form
        return Resolution("ellipsis", in_form)
    swapped_system = _system_swapped(text, bare, reading, st) if last and words <= MAX_FOLLOW_UP_WORDS else None
    if swapped_system is not None:  # "and if the box were a POWER7?", "and if they were all AIX?" after an HPT
        return swapped_system
    other = _other_platform(kb, text, bare, last) if kb is not None and last and st.document is None else None
    if other is not None:  # "what about z/OS?" after an HP-UX question: the same question for that platform
        return Resolution("ellipsis", other)
    if last and words <= MAX_FOLLOW_UP_WORDS and st.document is None and _THEIR_RUN.search(bare):
        # "which VP count won in their test?", "how much faster was it in the ibm test?": the run the last answer
        # spoke of, asked with that question
        return Resolution("ellipsis", with_context(bare, _anchored(last, st)))
    if last and words <= 8 and st.document is None and _PRONOUN.search(bare) and not _own_term(reading):
        # "how do I turn it on?" after "what is AME": the question about the last subject
        return Resolution("ellipsis", with_context(bare, _anchored(last, st)))
    if (
        last
        and words <= MAX_FOLLOW_UP_WORDS
        and st.document is None
        and _CONTINUES.match(text)
        and _PRONOUN.search(bare)
    ):
        # "and how much SAPS did that give vs 4K?" after the large page hints: its own words, on the last subject
        return Resolution("ellipsis", with_context(bare, _anchored(last, st)))
    # with a document, a bare new amount or platform varies the last what-if ("and 128 GB?"); after
    # an ordinary question it varies that question, as without a document
    whatif = st.document is not None and st.subject.intent == "whatif"
    if last and words <= MAX_FOLLOW_UP_WORDS and (st.document is None or whatif or st.subject.intent in _ASKED):
        bare_number = _bare_number(text, reading, last)
        if bare_number is None and st.subject.calculator == "ame" and not whatif:
            bare_number = _new_factor(reading, last)  # "and if we go to factor 3.0, same expanded?"
        if bare_number is None and st.subject.calculator == "ame" and not whatif:
            bare_number = _factor_dropped(reading, last)  # "and without AME?": the same sizes at no expansion
        if bare_number is not None:
            return Resolution("whatif" if whatif else "ellipsis", bare_number)
        new_things = (
            reading.platforms
            or reading.os_levels
            or reading.amounts("size", "cores", "saps", "percent")
            or [q for q in reading.quantities if q.noun == "lpar"]
        )
        if (
            new_things
            and (_ELLIPSIS.match(bare) or _ELLIPSIS.match(text) or _WHAT_IF.match(text) or words <= 4)
            and not _own_topic(bare, reading)
            and not any(q.added for q in reading.quantities)  # "and 4 more GB?": an addition, summed below
        ):
            old_reading = read(last)
            swapped, changed = _swap_quantities(last, reading, old_reading)
            if reading.platforms or reading.os_levels:
                swapped = _swap_platforms(swapped, reading, old_reading)
                names = [p.name for p in reading.platforms] + [o.label for o in reading.os_levels]
                swapped = f"{swapped.rstrip(' ?.!')} on {' with '.join(names)}?"
                changed = True
            if changed:
                return Resolution("whatif" if whatif else "ellipsis", swapped)
    if (
        whatif
        and words <= MAX_FOLLOW_UP_WORDS
        and reading.amounts("size", "cores", "percent")
        and _ELLIPSIS.match(bare)
    ):
        return Resolution("whatif", text)  # "and with 64 GB online?" after a what-if: another change of the document
    if (
        last
        and st.document is None
        and st.subject.calculator
        and reading.quantities
        and words <= MAX_FOLLOW_UP_WORDS
        and (_ELLIPSIS.match(bare) or _ELLIPSIS.match(text) or _INSTEAD.search(bare))
        and not (_ADDS.match(bare) or any(q.added for q in reading.quantities))
    ):  # "and if we go with only 20 npiv instead": the count of that thing replaced, never added
        replaced = _replaced_counts(last, reading)
        if replaced is not None:
            return Resolution("ellipsis", replaced)
    dropped = _dropped(last, bare) if last and st.document is None and st.subject.calculator else None
    if dropped is not None:  # "what if we drop the 10Gb ports?" after a VIOS sizing: that count set to 0
        return Resolution("ellipsis", dropped)
    amount = _amount_only(bare, reading, last) if last and st.document is None and st.pending is None else None
    if last and amount is not None:  # "we have 384 GB" after "swap recommendation for SAP on HP-UX?"
        return Resolution("ellipsis", f"{last.strip(' ?.!')} {amount}")
    # after a calculation, inputs of other kinds than its own ("ok now real config: 4x 8Gb FC, 60 npiv" after a VIOS
    # figure from cores alone) are further inputs of the same calculation
    further = bool(last and st.subject.calculator and _other_inputs(last, reading))
    inputs = (
        _inputs_for(last, bare, reading)
        if last and st.document is None and (not st.subject.calculator or further)
        else None
    )
    if inputs is not None:  # "4 linux lpars, 32 GB max each, POWER9" after "what is the HPT?": its inputs
        return Resolution("ellipsis", inputs)
    if (
        last
        and st.document is None
        and st.subject.calculator
        and reading.quantities
        and (_ADDS.match(bare) or _only_inputs(bare, reading) or any(q.added for q in reading.quantities))
    ):
        # "what if I add 40 NPIV clients?" after a sizing: the same sizing with the new items counted too
        adds = _ADDS.match(bare) or any(q.added for q in reading.quantities)
        replaced = None if adds else _replaced_counts(last, reading)
        if replaced is not None:  # "and if we only cable 4 of the FC ports" after "8 x 8Gb FC": 4 of them, not 12
            return Resolution("ellipsis", replaced)
        summed = _summed_counts(last, reading) if adds else None
        if summed is not None:  # "add 20 NPIV clients" after "16 npiv": 36 of them, not 20
            return Resolution("ellipsis", summed)
        return Resolution("ellipsis", f"{last.strip(' ?.!')}, plus {_ADDS.sub('', bare, count=1).strip(' ?.!')}")
    if (
        last
        and st.subject.intent in (*_ASKED, "explain")
        and (st.document is None or st.subject.intent in _ASKED)
        # "and if i add 3gb true memory on top" with a document: a change of the document (what-if), no further input
        and not (st.document is not None and (_ADDS.match(bare) or _ADDS.match(text)))
        # a further input of the last calculation may come with a few words of its own ("and going by SAPS, sizing
        # says 30k SAPS?"); a fragment without amounts stays short
        and len(bare.split()) <= (MAX_FOLLOW_UP_WORDS if _further_input(last, st, reading) else CONTINUATION_WORDS)
        and (
            _ELLIPSIS.match(bare)
            or (_ELLIPSIS.match(text) and (not reading.quantities or _further_input(last, st, reading)))
        )
        and not reading.rule_ids
        and (kb is None or reading.quantities or fragment_of(kb, bare, None))  # "and tomcat?": never named
    ):  # "and the minimum?", "and per VIOS?": a fragment of the last question, asked with it
        if reading.quantities and not _levels_only(reading):
            old_kinds = {q.kind for q in read(last).quantities}
            by_role = _swap_by_role(last, reading) or _swap_by_noun(last, reading) or _swap_by_label(last, reading)
            if by_role is None and st.subject.calculator:
                by_role = _replaced_counts(last, reading)  # "and if we connect 5 fc ports?": that count replaced
            if by_role is not None:  # "and with 64 GB shm?", "and 4 vlans?": the amount of the same thing replaced
                return Resolution("ellipsis", by_role)
            if st.subject.calculator and not old_kinds & {q.kind for q in reading.quantities}:
                # "what about 20000 SAPS?" after instances for 48 cores: a further input of the same sizing
                return Resolution(
                    "ellipsis", f"{last.strip(' ?.!')}, with {_LEAD.sub('', bare, count=1).strip(' ?.!')}"
                )
            model = _model_swapped(last, reading)
            if model is not None:  # "and for the 795" after "... for a Power 750?": the other server model
                return Resolution("ellipsis", model)
            return Resolution("unclear", text)  # a number with no single place in the last question: ask
        return Resolution("ellipsis", with_context(bare, last))
    return None


def _delta(text: str, reading: Reading, st: ChatState) -> str | None:
    """The last calculation's question with the one input the follow-up changes in words rewritten (calc/delta.py),
    when the calculators compute the rewritten question; None otherwise (a platform named is the swaps' below)."""
    # a sizing answered in part, whose question back is still open ("... 20 npiv planned, mem?" without the cores), is
    # changed the same way: its question is the one waiting for data
    last = st.pending.question if st.pending is not None else st.subject.question
    if not last or not (st.subject.calculator or st.pending is not None) or st.document is not None:
        return None
    if reading.platforms or reading.os_levels:
        return None
    rewritten = changed(last, text, explicit=st.pending is not None)
    if rewritten is None:
        return None
    together = read(rewritten)
    result = calculate(rewritten, {p.tag for p in together.platforms}, together)
    return rewritten if result is not None and result.calculations else None


# "keeps the same expanded size", "keep that expanded memory", "expanded unchanged": the expanded memory held
_SAME_EXPANDED = linre.compile(
    r"\b(?:same|keeps?|keeping|unchanged|constant|as\s+before)\b.{0,30}\bexpanded\b"
    r"|\bexpanded\b.{0,20}\b(?:same|unchanged|constant|as\s+(?:before|now|today))\b",
    linre.I,
)


_TMEM = linre.compile(r"\btmem\b", linre.I)


def _same_expanded(text: str, reading: Reading, st: ChatState) -> str | None:
    """ "going to factor 2.0, what true memory keeps the same expanded size?" after an AME question with its true
    memory and factor (or its expanded memory): the true memory for that expanded memory at the new factor, asked
    as a question of its own; None when the last question does not give the expanded memory for sure."""
    last = st.subject.question
    if not last or st.document is not None or not _SAME_EXPANDED.search(text):
        return None
    new = [q for q in reading.quantities if q.kind == "number" and 1.0 <= q.value <= 10.0 and not q.ambiguous]
    if len(new) != 1 or len(reading.quantities) != 1:
        return None
    sizes, _ = ame_sizes(last)
    factors = _factors(last)
    if "expanded" in sizes:
        expanded = sizes["expanded"]
    elif "true" in sizes and len(factors) == 1:
        expanded = sizes["true"] * factors[0]
    elif "unlabelled" in sizes and len(factors) == 1 and _TMEM.search(last):  # lparstat -c's "tmem 4 GB"
        expanded = sizes["unlabelled"] * factors[0]
    else:
        return None
    return f"{fmt(expanded)} GB expanded at factor {new[0].raw}: true memory?"


SIBLING_WORDS = 4


def _sibling_figure(bare: str, reading: Reading, st: ChatState) -> str | None:
    """ "buffer cache cap?" after "96 GB hp-ux box, swap?", "HPT?" after a list of partitions: a terse question for a
    figure the last calculation's inputs give, asked with that question; None when the calculator that answers it
    does not compute what the fragment names ("and the CLM?" after a swap figure)."""
    last = st.subject.question
    if not last or not st.subject.calculator or st.document is not None or st.pending is not None:
        return None
    if len(bare.split()) > SIBLING_WORDS or reading.quantities or reading.platforms or reading.os_levels:
        return None
    question = with_context(bare, last)
    together = read(question)
    result = calculate(question, {p.tag for p in together.platforms}, together)
    if result is None or not result.calculations or not computes(result.name, bare):
        return None
    return question


CONTINUATION_WORDS = 6
# "what if we had 128 GB online?", "what if it was 24 cores": the same question with another amount
_WHAT_IF = linre.compile(
    r"^\s*(?:and\s+|so\s+)?what\s+if\s+(?:i|we|it|they|the\s+\w+)\s+(?:had|have|has|was|were|is|are)\b", linre.I
)


def _further_input(last: str, st: ChatState, reading: Reading) -> bool:
    """The follow-up's amounts are all of kinds the last calculation's question did not give ("and going by SAPS,
    sizing says 30k SAPS?" after instances for 24 cores): a further input of the same sizing."""
    return bool(st.subject.calculator and reading.quantities) and not {q.kind for q in read(last).quantities} & {
        q.kind for q in reading.quantities
    }


# "... instead", "only 20 npiv", "rather 4 ports": a count said in place of the one before
_INSTEAD = linre.compile(r"\b(?:instead|only|rather|just|reduce|cut|down\s+to|drop\s+to)\b", linre.I)


# "Power 750", "POWER7 780", "model 770", "p 795": a server model number (three digits after the product name)
_MODEL_NUMBER = linre.compile(r"\b(?:power\s?\d{0,2}\+?|p\d{0,2}\+?|model|type)\s{0,2}(\d{3})\b", linre.I)


def _model_swapped(last: str, reading: Reading) -> str | None:
    """ "and for the 795" after a question about the Power 750: the one model number of the last question replaced by
    the one three-digit number the follow-up says, or None."""
    said = [q for q in reading.quantities if q.kind == "number"]
    if len(said) != 1 or len(reading.quantities) != 1 or not (said[0].raw.isdigit() and len(said[0].raw) == 3):
        return None
    models = list(_MODEL_NUMBER.finditer(last))
    if len(models) != 1:
        return None
    m = models[0]
    return f"{last[: m.start(1)]}{said[0].raw}{last[m.end(1) :]}"


def _system_swapped(text: str, bare: str, reading: Reading, st: ChatState) -> Resolution | None:
    """A follow-up of a calculation that only names another processor or, for the HPT, another operating system of
    the partitions: the last question with that replaced (never the last figure again), or asked when the change
    has no single place in it."""
    last = st.subject.question or ""
    if not st.subject.calculator or st.document is not None:
        return None
    said = {q.value for q in read(last).quantities} | {1.0}
    if any(q.kind != "number" or q.value not in said for q in reading.quantities):
        return None  # "those six", "the one": the partitions counted before; any other number is a new input
    rest = reading.text
    for q in reading.quantities:
        rest = rest.replace(q.raw, " ")
    for raw in [p.raw for p in reading.platforms]:
        rest = rest.replace(raw, " ")
    words = {w for w in linre.findall(r"[a-z][a-z0-9_+/-]*", rest.lower()) if w not in _FILLER}
    os_named = st.subject.calculator == "hpt" and _OS_NAMED.search(bare) is not None and _WERE.search(bare) is not None
    if words - _SYSTEM_WORDS and not os_named:  # "and if the box were a POWER7 with more memory?": more than that
        return None
    if os_named and (words - _SYSTEM_WORDS or reading.platforms):
        # "and if the box were POWER7+ (aix only)?": the processor and the partitions' OS both; "and if some were
        # linux?": which partitions is not said, and the HPT of a guess is never given
        base = last
        if reading.platforms:
            names = " with ".join(p.name for p in reading.platforms)
            base = f"{_swap_platforms(last, reading, read(last)).rstrip(' ?.!')} on {names}?"
        swapped = hpt_os_swapped(base, bare)
        one_group = len({m.group(0).lower() for m in _OS_NAMED.finditer(last)}) <= 1
        named_part = len({m.group(0).lower() for m in _OS_NAMED.finditer(bare)}) > 1  # "the aix ones were ibm i"
        whole = (one_group or named_part or _ALL_SAID.search(bare) is not None) and not _part_said(bare)
        return Resolution("ellipsis", swapped) if swapped is not None and whole else Resolution("unclear", text)
    if reading.platforms and not reading.os_levels:
        names = " with ".join(p.name for p in reading.platforms)
        return Resolution("ellipsis", f"{_swap_platforms(last, reading, read(last)).rstrip(' ?.!')} on {names}?")
    if st.subject.calculator != "hpt" or not (_ELLIPSIS.match(text) or _WERE.search(bare)):
        return None
    swapped = hpt_os_swapped(last, bare)
    if swapped is None or _part_said(bare):  # "and if two of them were linux?": which two is not said
        return Resolution("unclear", text) if _WERE.search(bare) else None
    return Resolution("ellipsis", swapped)


# "half of those", "a third of them", "25% of the lpars": a share of the partitions the last HPT question summed
_SHARE = linre.compile(
    r"\b(?:(half)|(?:a|one)\s+(third|quarter|fourth)|(\d{1,2})\s?(?:%|percent))\s+of\s+(?:them|those|these|it|the\s+\w+)\b",
    linre.I,
)
_SHARES = {"half": 0.5, "third": 1 / 3, "quarter": 0.25, "fourth": 0.25}


def _os_share(text: str, reading: Reading, st: ChatState) -> str | None:
    """The last HPT question's one group of partitions split by the share a follow-up gives another OS ("and if half of
    those were IBM i?" after 2 TB of AIX maximum memory: 1 TB AIX and 1 TB IBM i), or by some of its partitions of one
    maximum memory ("one of the 32 GB ones is actually IBM i"), on the processor named now or before; None unless the
    last question is one group with one OS and the follow-up names one other OS."""
    last = st.subject.question or ""
    if not last:
        return None
    m = _SHARE.search(text)
    sized = _OF_SIZED.search(text) if m is None else None
    if m is None and sized is None:
        return None
    groups, unsaid = hpt_groups(last)
    after = m.end() if m is not None else sized.end() if sized is not None else 0
    # "one of those lpars is IBM i with 128 GB max, the rest AIX": the OS said of that one, inside its words
    span = text[sized.start() : sized.end()] if sized is not None and sized.group(3) else text[after:]
    named = {w.group(0).lower().replace(" ", "") for w in _OS_NAMED.finditer(span)}
    if not groups or len(named) != 1 or len({(g.os, g.ams) for g in groups}) != 1:
        return None
    total = sum(g.max_memory_gb for g in groups)
    if m is not None:
        if len(groups) != 1 or unsaid:
            return None
        share = _SHARES[(m.group(1) or m.group(2)).lower()] if not m.group(3) else int(m.group(3)) / 100
        moved = total * share if 0 < share < 1 else 0.0
    else:  # "one of the 32 GB ones": that many of the partitions listed with that maximum memory, each listed alone
        assert sized is not None
        said = sized.group(1) or sized.group(3)
        some, size = _COUNT_WORDS.get(said.lower()) or int(said), float(sized.group(2) or sized.group(4))
        listed = sum(1 for g in groups if g.max_memory_gb == size)
        if sized.group(3):  # "one of those lpars is IBM i with 128 GB max": that one partition's maximum, of the sum
            moved = size if some == 1 and len(groups) == 1 else 0.0
        else:
            moved = some * size if 0 < some <= listed and len(groups) > 1 else 0.0
    if not 0 < moved < total:
        return None
    group = groups[0]
    new_os = next(iter(named))
    new_os = (
        "ibmi"
        if new_os in ("ibmi", "i5/os", "os/400")
        else "linux"
        if new_os in ("linux", "rhel", "sles", "suse")
        else "aix"
    )
    if new_os == group.os or group.ams:
        return None
    platforms = reading.platforms or read(last).platforms
    if len(platforms) != 1:
        return None
    words = {"aix": "AIX", "linux": "Linux", "ibmi": "IBM i"}
    return (
        f"HPT on {platforms[0].name}: {words[group.os]} lpars {fmt(total - moved)} GB max memory in total, "
        f"{words[new_os]} lpars {fmt(moved)} GB max memory in total"
    )


# "one of the 32 GB ones", "two of those 64G lpars": some of the partitions listed with that maximum memory
# "one of those lpars is actually IBM i with 128 GB max": one partition of a summed maximum memory, with its own
_OF_SIZED = linre.compile(
    r"\b(one|two|three|four|\d{1,2})\s+of\s+(?:the|those|these|them|our)\s+(\d{1,5})\s?(?:gb?|gigs?)\b"
    r"|\b(one|1)\s+of\s+(?:the|those|these|them|our)\s+(?:lpars?|partitions?|ones|vms)\b[^.?!\d]{0,40}"
    r"\b(\d{1,5})\s?(?:gb?|gigs?)\b",
    linre.I,
)
_COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4}


def _levels_only(reading: Reading) -> bool:
    """ "and on P8 running 7.2 TL0?", "and on our P7+ running 7.1?": dotted numbers next to a processor or an OS level
    are release levels, not amounts the last question had a place for."""
    return bool(reading.platforms or reading.os_levels) and all(
        q.kind == "number" and q.unit is None and "." in q.raw for q in reading.quantities
    )


# the words of "and if they were all IBM i partitions?" / "what if the frame was a POWER9 instead": the system said
_SYSTEM_WORDS = frozenset(
    "were was are is being ran run running they them those these all every each both one ones frames hosts whole "
    "partitions guests vms ibm i linux aix rather".split()
)
_OS_NAMED = linre.compile(r"\b(?:linux|aix|ibm\s?i|i5/?os|os/?400|rhel|sles|suse)\b", linre.I)


def _part_said(text: str) -> bool:
    """ "and if two of them were linux?": part of the partitions changes OS, and which part is not said ("the IBM i
    one ran AIX" names its part by the OS it had)."""
    return _SOME_SAID.search(text) is not None and len({m.group(0).lower() for m in _OS_NAMED.finditer(text)}) < 2


# "half of them", "some were", "two of them": part of the partitions, which part is not said
_SOME_SAID = linre.compile(
    r"\b(?:some|half|few|part|several|most|couple|\d+|one|two|three|four)\s+(?:of|were|was|ran)\b", linre.I
)
_ALL_SAID = linre.compile(r"\b(?:all|every|each|both|they|them|those|these)\b", linre.I)
# "if they were IBM i", "were all AIX", "ran linux instead": the partitions said to be something else
_WERE = linre.compile(r"\b(?:were|was|are|is|being|ran|run|running)\b", linre.I)

# "there", "for the same box", "on that lpar", "that now": a question about the system the conversation is about
_SAME_SYSTEM = linre.compile(
    r"\b(?:there|same\s+(?:box|server|system|machine|frame|lpar|partition|host|npar|image|config(?:uration)?|one|setup)|"
    r"(?:that|this|the)\s+(?:box|server|system|machine|frame|lpar|partition|host|npar|image|setup)|(?:is\s+)?(?:that|it)\s+now)\b",
    linre.I,
)
_LIMIT_WORDS = linre.compile(r"\b(?:limit|ceiling|cap|max(?:imum)?|upper\s+bound)\b", linre.I)
_ROLE_AFTER = linre.compile(r"^\s{0,2}(?:of\s+)?([a-z]+(?:\s+(?:memory|mem|space|storage))?)", linre.I)
_INPUT_ROLE = frozenset(
    """online ram memory mem true real physical paging swap max maximum expanded cores core lpars lpars partitions
    npiv ports adapters shared shm installed""".split()
)


def _inputs_said(last: str, kb=None) -> str:
    """The inputs of the last question, without what it asked: its statements, platforms and amounts with their
    role words ("LFAREA=(1M=(50%,30%)) 84 GB online", "superdome 320GB ram")."""
    old = read(last)
    text = old.text
    parts = [m.group(0) for m in _STATEMENT_WORDS.finditer(text)]
    spans = [m.span() for m in _STATEMENT_WORDS.finditer(text)]
    parts += [p.raw for p in old.platforms] + [o.raw for o in old.os_levels]
    if kb is not None:  # "hp-ux", "superdome", "z/OS": the product line, which some calculators need
        parts += [text[a:b] for a, b, _ in kb.synonyms.platform_spans(text) if text[a:b] not in parts]
    for q in old.quantities:
        if (
            q.ambiguous
            or any(a <= q.start < b for a, b in spans)
            or _ID_BEFORE.search(text[max(0, q.start - 12) : q.start])
        ):
            continue  # "OPS-2231", "#4411": an id, no input
        role = _ROLE_AFTER.match(text[q.end : q.end + 24])
        word = role.group(1) if role and role.group(1).split()[0].lower() in _INPUT_ROLE else ""
        named = _ROLE_BEFORE.search(text[max(0, q.start - 24) : q.start]) if q.kind == "number" else None
        parts.append(f"{named.group(1) + ' ' if named else ''}{q.raw} {word}".strip())  # "AME 1.7": its factor
    return ", ".join(parts)


# The figures a calculation gives besides the one asked first ("and the slowdown?" after the AME limit): only these
# follow-ups take the last calculation's inputs without naming the system again
_FIGURE_OF = {
    "ame": linre.compile(
        r"\bslow\s?down|\bpaging|\blimit|\bceiling|\bexpanded|\btrue\b|\bgain|\bsaving|\bgo(?:es)?\s+down|\bdie|\bfail",
        linre.I,
    ),
    "lfarea": linre.compile(
        r"\blimit|\bmax(?:imum)?\b|\bmost\b|\blargest\b|\bbiggest\b|\bceiling|\bminimum|\b(?:1M|2G)\b|\bpages?\b",
        linre.I,
    ),
    "hpux_kernel": linre.compile(r"\bswap|\bbuffer\s+cache", linre.I),
}
_NO_FIGURE = linre.compile(r"$^")
_ASKS_FIGURE = linre.compile(r"^\s*(?:what|how\s+(?:much|many|big|far|high)|which)\b", linre.I)
_OTHER_THING = linre.compile(r"\b(?:cpu|cpus|processors?|weight|vps?|entitle\w*|cost|overhead|time|latency)\b", linre.I)
# "AME 1.7", "factor of 2.0", "expansion factor 1.5": the word that says what a bare number is
_ROLE_BEFORE = linre.compile(r"\b((?:expansion\s+)?factor|AME)\s*(?:of|=|:|at|is)?\s*$", linre.I)
_ID_BEFORE = linre.compile(r"(?:[a-z]-|#)\s?$", linre.I)
_STATEMENT_WORDS = linre.compile(r"\b[A-Z][A-Z_]{2,}\s*=\s*(?:\((?:[^()]|\([^()]*\))*\)|\S+)", linre.I)


def document_inputs(doc: dict) -> str:
    """The calculator inputs an attached document holds, in the words a question gives them."""
    kind = doc.get("kind")
    if kind == "zos-lpar" and doc.get("lfarea") and doc.get("online_storage_gb"):
        return f"{doc['lfarea']} on {doc['online_storage_gb']:g} GB online"
    if kind == "hpux-server" and doc.get("memory_gb"):
        cores = f" and {doc['cores']:g} cores" if isinstance(doc.get("cores"), int | float) else ""
        return f"hp-ux with {doc['memory_gb']:g} GB memory{cores}"
    if kind == "vios" and isinstance(doc.get("system_cores"), int | float):
        given = doc.get("adapters")
        adapters: dict = given if isinstance(given, dict) else {}
        said = [
            f"{adapters[k]:g} {words}"
            for k, words in _VIOS_ADAPTER_WORDS
            if isinstance(adapters.get(k), int | float) and adapters[k]
        ]
        return f"vios on a {doc['system_cores']:g}-core system" + (f" with {', '.join(said)}" if said else "")
    return ""


# a VIOS document's adapters in the words the VIOS memory calculator reads (Redbook 3.5.2's increments)
_VIOS_ADAPTER_WORDS = (
    ("lhea", "LHEA"),
    ("lhea_ports", "LHEA ports"),
    ("eth_1g_ports", "x 1 Gb Ethernet ports"),
    ("eth_10g_ports", "x 10 Gb Ethernet ports"),
    ("fc_8g_ports", "x 8 Gb FC ports"),
    ("npiv_vfc_adapters", "NPIV virtual FC adapters"),
    ("virtual_eth_adapters", "virtual Ethernet adapters"),
)


def _same_system(text: str, bare: str, reading: Reading, st: ChatState, kb=None) -> str | None:
    """ "swap minimum for the same box?" after a buffer-cache sizing, "how many GB of 1M pages is that now?" on the
    session's document: a calculation the message names but whose inputs are those of the system the conversation
    is about (the last calculation's inputs, or the attached document's). None when the message computes alone."""
    limit = _ELLIPSIS.match(text) is not None and _LIMIT_WORDS.search(bare) is not None and len(bare.split()) <= 6
    # "and where does the heavy paging slowdown start?" after the AME limit: another figure of the same inputs
    other_figure = (
        # "what's the max i can set?": a short question of its own words about the same system
        (_ELLIPSIS.match(text) is not None or (len(bare.split()) <= 8 and _ASKS_FIGURE.match(bare) is not None))
        and not reading.quantities
        and not _own_term(reading)
        and st.subject.calculator is not None
        and lfarea_in_form(st.subject.question or "", bare) is None  # "and in the old xx% form?": that form's figure
        and _FIGURE_OF.get(st.subject.calculator or "", _NO_FIGURE).search(bare) is not None
        and _OTHER_THING.search(bare) is None  # "and how much CPU?": another quantity, never the last one's figure
    )
    # "we gave each vios 8 gigs, is that enough then?" after a sizing: the amount judged against the same inputs
    judged = reading.yes_no and st.subject.calculator is not None and bool(reading.amounts("size", "percent"))
    named = _SAME_SYSTEM.search(bare) is not None or limit or other_figure
    if not (named or judged):  # "and the 80% ceiling?": the same system's limit
        return None
    if st.document is not None:
        inputs = document_inputs(st.document)
    elif st.subject.calculator and st.subject.question:
        inputs = _inputs_said(st.subject.question, kb)
        if reading.platforms:  # "and if the box were a POWER7?": the box's processor replaced, not added
            inputs = _swap_platforms(inputs, reading, read(inputs))
    else:
        return None
    inputs = _restated_dropped(inputs, bare)
    tags = {p.tag for p in reading.platforms}
    if not inputs or calculate(bare, tags, reading) is not None:
        return None
    joined = f"{inputs}, {bare.strip()}"
    together = read(joined)
    calc = calculate(joined, {p.tag for p in together.platforms}, together)
    if calc is None and judged and st.document is None and st.subject.question:
        # the inputs without their words do not compute ("40 GB" of what?): the last question itself, then the amount
        joined = f"{st.subject.question.rstrip(' ?.!')}. {bare.strip()}"
        together = read(joined)
        calc = calculate(joined, {p.tag for p in together.platforms}, together)
    if calc is None or not (named or _judges(calc, reading)):
        return None
    return joined


def _restated_dropped(inputs: str, bare: str) -> str:
    """The last question's inputs without the statements the follow-up writes anew ("same box if we rewrite it as
    LFAREA=(1M=(60%))?" after "LFAREA=60% on a 32G lpar": the new statement on the same box, never the old one)."""
    own = {m.group(0).split("=", 1)[0].strip().upper() for m in _STATEMENT_WORDS.finditer(bare_request(bare))}
    if not own:
        return inputs
    kept = [
        p
        for p in inputs.split(", ")
        if not any(m.group(0).split("=", 1)[0].strip().upper() in own for m in _STATEMENT_WORDS.finditer(p))
    ]
    return ", ".join(kept)


def _statement_replaced(last: str, text: str, bare: str, reading: Reading) -> str | None:
    """ "and LFAREA=90%?", "what about LFAREA=(1M=(40%))?" after a calculation on "LFAREA=30% on a 64G LPAR": the
    last question with its statement of the same keyword replaced by the new one, the system's other inputs kept.
    When the last question named the keyword but held no statement of it, the follow-up's own question on the last
    question's system. None when the message is no short follow-up, gives a size of its own (then it computes
    alone), or the last question did not speak of that keyword."""
    if len(text.split()) > MAX_FOLLOW_UP_WORDS or reading.amounts("size", "cores"):
        return None
    bare = bare_request(bare)  # "so 1M=(40%) gives me how much?": the LFAREA statement it is
    said = list(_STATEMENT_WORDS.finditer(bare))
    if len(said) != 1:
        return None
    keyword = said[0].group(0).split("=", 1)[0].strip().upper()
    was = [m for m in _STATEMENT_WORDS.finditer(last) if m.group(0).split("=", 1)[0].strip().upper() == keyword]
    new = said[0].group(0).rstrip("?.!,;")
    if not was and linre.search(rf"\b{keyword}\b", last, linre.I):
        # "what is the biggest LFAREA I can code? 1 TB online", then "so 1M=(40%) gives me how much?": the
        # follow-up asks its own question of a statement on the last question's system (whose inputs it keeps)
        return f"{bare.rstrip(' ?.!')}? ({last.rstrip(' ?.!')})"
    if len(was) != 1 or not (_ELLIPSIS.match(bare) or _ELLIPSIS.match(text)):
        return None
    return last[: was[0].start()] + new + last[was[0].end() :]


def _judges(calc, reading: Reading) -> bool:
    """The calculation's verdict speaks of the amount the message states ("No: 6 GB is less than the 8 GB this VIOS
    needs", "20% CLM"), not of some other figure of the system ("the request is 18 GB" when "we need 30 GB" was
    asked)."""
    if calc.verdict is None:
        return False
    because = calc.verdict[1]
    sizes = [f"{q.value:g} GB" for q in reading.amounts("size")]
    stated = sizes + [f"{q.value:g}%" for q in reading.amounts("percent")]
    return any(figure in because for figure in stated)


# "4 of the FC ports", "6 of our npiv adapters": a count of the thing named after it
_PART_OF = linre.compile(r"\b(\d{1,4})\s+of\s+(?:the|those|these|our|its|their)\s+", linre.IGNORECASE)


# "2 of them": a count of the things the last sizing counted
_OF_THEM = linre.compile(r"\b(\d{1,4})\s+of\s+(?:them|those|these)\b", linre.IGNORECASE)


# "what if we drop the 10Gb ports?", "and without the npiv?": a counted input of the last sizing taken out
_DROPS = linre.compile(
    r"^\s*(?:and\s+)?(?:(?:what\s+)?if\s+(?:we|i)\s+)?(?:drop(?:ped)?|remove[ds]?|take\s+out|lose|pull|(?:go\s+)?without|"
    r"get\s+rid\s+of)\s+(?:all\s+)?(?:the\s+|our\s+|its\s+)?([a-z0-9][a-z0-9 -]{0,40}?)\s*[?.!]*\s*$",
    linre.IGNORECASE,
)


def _dropped(last: str, text: str) -> str | None:
    """The last sizing with the count of the thing the message takes out set to 0, or None when it names no single
    counted thing of it."""
    m = _DROPS.match(text)
    zeroed = _replaced_counts(last, read(f"0 x {m.group(1)}"), zero=True) if m is not None else None
    if zeroed is None:
        return None
    gone = _ZEROED.sub(r"\1", zeroed, count=1)  # "2 x 10Gb ports, ..." -> "..." (a count of 0 would be asked)
    return " ".join(_DANGLING.sub(r"\1\2", gone).split())


# the count set to 0 with what it counts, up to the separator after it ("0 x 10Gb ports,", "0 npiv and")
_ZEROED = linre.compile(r"\b0\s{0,2}(?:[x*]\s{0,2})?[a-z0-9][a-z0-9 -]{0,40}?(\s+and\b|,|\s*[?.!]|$)", linre.I)
# what the cut leaves: "with , 4 x ..." / "ports and and" / "ports and ?"
_DANGLING = linre.compile(r"\s*(?:,|\band\b)\s*(,|\band\b|[?.!]|$)|\b(with)\s*(?:,|\band\b)", linre.I)


def _replaced_counts(last: str, reading: Reading, zero: bool = False) -> str | None:
    """The last question with each port or adapter count this message states put in place of the count of the same
    thing ("8 x 8Gb FC ports" then "only 4 FC ports": "4 x 8Gb FC ports"), or None when a count has no single such
    thing to replace. A count with no "more"/"add" is the new number of that thing, never an addition to it."""
    old_reading = read(last)
    text = old_reading.text
    reading = _thing_named_before(reading)
    counted = [q for q in reading.quantities if (q.count or (zero and q.count == 0)) and q.kind in ("speed", "count")]
    if not counted or len(counted) != len(reading.quantities):
        return None
    for q in sorted(counted, key=lambda q: -q.start):
        if q.kind == "speed":  # the same medium; the same speed when one is said ("4 FC ports": the FC ports)
            same = [
                o
                for o in old_reading.quantities
                if o.kind == "speed" and o.count and o.medium == q.medium and (not q.value or o.value == q.value)
            ]
        else:
            same = [o for o in old_reading.quantities if o.kind == "count" and o.noun and o.noun == q.noun]
        if len(same) != 1 or not (q.count or (zero and q.count == 0)):
            return None
        o = same[0]
        at = max(0, o.start - 12)
        before = _COUNT_BEFORE.search(text[at : o.start])  # "8 x 8Gb FC ports": the count written before the speed
        if before is not None and before.group(1) == str(o.count):
            text = f"{text[: at + before.start(1)]}{q.count}{text[at + before.end(1) :]}"
        elif (first := _COUNT_FIRST.match(o.raw)) is not None and first.group(1) == str(o.count):
            text = f"{text[: o.start]}{q.count}{o.raw[len(str(o.count)) :]}{text[o.end :]}"
        else:
            return None
    return text


# "cut npiv down to 8 adapters", "fc ports to 4": the thing a bare "8 adapters" counts, named before it in the message
_THING = r"\b(npiv|vfc|virtual\s+(?:fc|fibre\s+channel|ethernet|eth)|veth|lhea|fc|fibre\s+channel|1\s?gbe?|10\s?gbe?)\b"
_THING_BEFORE = linre.compile(_THING + r"[^,.;?\d]{0,24}$", linre.I)
_THING_WORD = linre.compile(_THING, linre.I)


def _thing_named_before(reading: Reading) -> Reading:
    """The message read with a bare count of adapters or ports ("8 adapters", no medium or kind) counting the thing
    named before it ("npiv down to 8 adapters": 8 NPIV adapters); the message as read when there is none or several."""
    bare = [q for q in reading.quantities if q.kind == "speed" and not q.value and q.medium is None and q.count]
    if len(bare) != 1 or len(reading.quantities) != 1:
        return reading
    q = bare[0]
    window = reading.text[max(0, q.start - 48) : q.start]
    things = {linre.sub(r"\s+", " ", m.group(1).lower()) for m in _THING_WORD.finditer(window)}
    thing = _THING_BEFORE.search(window)
    if thing is None or len(things) != 1:
        return reading  # "fc and npiv to 4 adapters": which one is not guessed
    placed = read(f"{q.count} {thing.group(1)} {q.raw.split(maxsplit=1)[-1]}")
    return placed if len(placed.quantities) == 1 and placed.quantities[0].count == q.count else reading


# "8 x " / "2x" right before a port's speed: where its count is written
_COUNT_BEFORE = linre.compile(r"\b(\d{1,4})\s{0,2}[x*]\s{0,2}$", linre.IGNORECASE)
# "48 npiv adapters", "4 FC ports": the count first, then a space
_COUNT_FIRST = linre.compile(r"(\d{1,4})\s")


def _summed_counts(last: str, reading: Reading) -> str | None:
    """The last question with each count the message adds to summed into the count of the same thing it already
    had ("16 npiv" plus "20 NPIV clients": "36 npiv"), or None when any added quantity has no single such count
    (then the additions are appended as they are)."""
    old_reading = read(last)
    old = old_reading.quantities
    text = old_reading.text
    for q in sorted(_per_each(reading), key=lambda q: -q.start):
        if q.kind == "size" and not q.ambiguous:  # "4 more GB" after "32 GB true at factor 2": 36 GB, one size only
            sizes = old_reading.amounts("size")
            if len(sizes) != 1 or sizes[0].ambiguous:
                return None
            o = sizes[0]
            text = f"{text[: o.start]}{o.value + q.value:g} GB{text[o.end :]}"
            continue
        if q.kind == "speed" and q.count:  # "2 more 10GbE ports": the ports of the same speed and medium
            ports = [o for o in old if o.kind == "speed" and o.value == q.value and o.medium == q.medium and o.count]
            if len(ports) != 1:
                return None
            o = ports[0]
            text = f"{text[: o.start]}{(o.count or 0) + q.count} x {o.value:g}Gb {o.medium or ''} ports{text[o.end :]}"
            continue
        same = [o for o in old if o.kind == "count" and o.noun and o.noun == q.noun]
        had = same[0].count if len(same) == 1 else None
        if q.kind != "count" or had is None or q.count is None:
            return None
        o = same[0]
        text = text[: o.start] + o.raw.replace(str(had), str(had + q.count), 1) + text[o.end :]
    return text


# "one vfc each", "2 npiv apiece": a count per item of the count said before it
# ("one npiv vfc each": the thing's second name may come between)
_EACH_AFTER = linre.compile(
    r"^\s{0,3}(?:(?:vfcs?|adapters?|ports?|vfc\s+adapters?)\s{1,3})?(?:each|apiece|per\s+(?:client|lpar|partition))\b",
    linre.I,
)


def _per_each(reading: Reading) -> list:
    """The message's quantities with "4 more clients, one vfc each" read as what it adds: 4 x 1 = 4 more of the
    thing counted "each" (the clients themselves count nothing of the sizing); as read when there is no such pair."""
    qs = reading.quantities
    if len(qs) != 2:
        return list(qs)
    items, each = qs
    if not (
        items.added
        and items.kind == "count"
        and items.count
        and each.kind == "count"
        and each.count
        and each.noun
        and each.noun != items.noun
        and _EACH_AFTER.match(reading.text[each.end :])
    ):
        return list(qs)
    return [
        each.model_copy(
            update={"count": items.count * each.count, "value": float(items.count * each.count), "added": True}
        )
    ]


def _other_platform(kb, text: str, bare: str, last: str) -> str | None:
    """ "what about z/OS?" / "and on AIX?" after a question about another product line: that question with
    its platform replaced, or None. Only a message that names nothing but the platform qualifies."""
    if len(bare.split()) > CONTINUATION_WORDS or not (_ELLIPSIS.match(text) or _ELLIPSIS.match(bare)):
        return None
    syn = kb.synonyms
    new = syn.platform_spans(bare)
    old = syn.platform_spans(last)
    if not new or not old:
        return None
    rest = bare
    for start, end, _ in reversed(new):
        rest = rest[:start] + " " + rest[end:]
    if [w for w in linre.findall(r"[a-z0-9]+", _LEAD.sub("", rest.lower(), count=1)) if w not in _FILLER]:
        return None
    new_tags, old_tags = {tag for _, _, tag in new}, {tag for _, _, tag in old}
    new_families = syn.families(new_tags)
    if not new_families or (new_families & syn.families(old_tags) and not other_system(new_tags, old_tags)):
        return None  # the same product line: the ellipsis and platform-swap rules handle it ("and for z/VM?" after z/OS
        # asks another system's question)
    name = " ".join(bare[start:end] for start, end, _ in new)
    out = last
    for i, (start, end, _) in enumerate(reversed(old)):
        out = out[:start] + (name if i == len(old) - 1 else "") + out[end:]
    return " ".join(out.split())


MAX_CONTEXT_CHARS = 400
_ADDS = linre.compile(
    r"^\s*(?:(?:and\s+)?what\s+if\s+(?:i|we)\s+(?:add|also\s+(?:have|had))|(?:and\s+)?(?:if\s+(?:i|we)\s+)?add(?:ing)?|"
    r"(?:and\s+)?plus|(?:and\s+)?with\s+(?:another|an\s+extra|extra|additional)|and\s+also"
    # "it also has 6 x 8Gb FC ports": further inputs of the same sizing
    r"|(?:and\s+)?(?:it|we|they|the\s+(?:box|vios|system|server|frame))\s+also\s+(?:has|have|got|runs?|serves?))\b",
    linre.IGNORECASE,
)


def _anchored(last: str, st: ChatState) -> str:
    """The last question, and when it only points back itself ("should it ever be non zero?") the last question
    that named its own subject (`subject.anchor`, kept in the state: the state keeps only the latest turns), so that a
    further follow-up still knows what "it" is."""
    anchor = st.subject.anchor
    if not _BACK_REF.search(last) or not anchor or anchor.strip() == last.strip():
        return last
    return f"{last.strip(' ?.!')} ; {anchor.strip(' ?.!')}"


def points_back(text: str) -> bool:
    """Whether the message refers back with a pronoun ("does it ...", "can they ...", "those")."""
    return bool(_BACK_REF.search(text))


def with_context(fragment: str, last: str) -> str:
    """A follow-up fragment asked together with the question it continues ("how? (can I enable SMT ...)").

    After a chain of fragments the context is the question that started it, not the chain: "how much
    gain?" after "which engines? (what is SMT on z13)" is asked with "what is SMT on z13" only."""
    context = last.strip(" ?.!")
    while context.endswith(")") and " (" in context:
        context = context[context.index(" (") + 2 : -1].strip(" ?.!")
    return f"{fragment.strip(' ?.!')} ({context[:MAX_CONTEXT_CHARS]})"


_ASKED = ("ask", "calc", "clarify")
# "in their test", "in that study", "in the ibm benchmark": a run of the sources the conversation is about
_THEIR_RUN = linre.compile(
    r"\b(?:their|that|this|the\s+(?:ibm|hp|same))\s+(?:tests?|study|benchmarks?|runs?|measurements?|lab|experiment)\b",
    linre.I,
)
_PRONOUN = linre.compile(r"\b(?:it|that|this|them|those)\b", linre.IGNORECASE)
_BACK_REF = linre.compile(r"\b(?:it|that|this|them|those|these|they)\b", linre.IGNORECASE)
_CONTINUES = linre.compile(r"^\s*(?:and|so|then|but)\b", linre.IGNORECASE)  # a message that goes on from the last
_BARE = linre.compile(
    r"^\s*(?:(?:ok|okay|so|hmm|right|fine|then|well|thanks)[,.!]?\s+)?"  # "ok what about 1.375"
    r"(?:and|what\s+about|how\s+about|or|with|for|at|on)?\s*(?:for\s+|at\s+|with\s+)?\d+(?:\.\d+)?\s*[?.!]*\s*$",
    linre.I,
)
_LEAD = linre.compile(
    r"^\s*(?:and|what\s+about|how\s+about|same\s+(?:for|on|with)|with|on|for|at|using|in|if)\s+", linre.I
)


def _own_term(reading: Reading) -> bool:
    """The message names something of its own (a command, tunable, rule, platform or amount)."""
    return bool(reading.terms or reading.rule_ids or reading.platforms or reading.os_levels or reading.quantities)


_FACTORISH = linre.compile(r"(?:\bat|\bfactors?|@|\bx)\s*(?:of\s+)?$", linre.IGNORECASE)


def _bare_number(text: str, reading: Reading, last: str) -> str | None:
    """ "and for 40?" after a question with one amount: the same question with that amount replaced.

    "and at 3.0?" after "32 GB true memory at factor 2.5": a number with a decimal part replaces the
    one bare number (a factor) rather than the amount."""
    if not _BARE.match(text):
        return None
    numbers = [q for q in reading.quantities if q.kind == "number" and q.value]
    old_reading = read(last)
    old_quantities = old_reading.quantities
    old = old_reading.amounts("cores", "size", "saps", "percent")
    bare = [q for q in old_quantities if q.kind == "number" and q.value]
    if len(numbers) != 1:
        return None
    # "and at 3?" after "... at factor 2?": both said as a factor
    factorish = len(bare) == 1 and all(
        _FACTORISH.search(t[max(0, q.start - 12) : q.start])
        for t, q in ((reading.text, numbers[0]), (old_reading.text, bare[0]))
    )
    if len(bare) == 1 and (not old or ("." in numbers[0].raw and "." in bare[0].raw) or factorish):
        at = last.rfind(bare[0].raw)  # "what about 2.2?" after "raise the expansion factor to 3"
        return f"{last[:at]}{numbers[0].raw}{last[at + len(bare[0].raw) :]}" if at >= 0 else None
    if len(old) != 1 or bare:
        return None
    q = old[0]
    unit = {"cores": "cores", "saps": "SAPS", "percent": "%"}.get(q.kind, "GB")
    at = last.rfind(q.raw)
    return f"{last[:at]}{numbers[0].value:g} {unit}{last[at + len(q.raw) :]}" if at >= 0 else None


_FROM_TO = linre.compile(r"\bfrom\s+(?:(?:expansion\s+)?factor\s+)?\d+(?:\.\d+)?\s+to\s+(?:factor\s+)?\d", linre.I)


def _new_factor(reading: Reading, last: str) -> str | None:
    """The last AME question with its one expansion factor replaced by the one factor this message says ("if we go
    to factor 3.0", "at 2.2 instead"), when that is the message's only number."""
    old_reading = read(last)
    had = {round(o.value, 6) for o in old_reading.quantities}
    # "on the same 96 GB": an amount said again is no change
    numbers = [q for q in reading.quantities if q.value and not q.ambiguous and round(q.value, 6) not in had]
    if len(numbers) != 1 or numbers[0].kind != "number":
        return None
    q = numbers[0]
    if not _FACTORISH.search(reading.text[max(0, q.start - 12) : q.start]):
        return None
    said = [f for f in _factors(old_reading.text)]
    no_ame = _NO_AME.search(old_reading.text)
    if not said and no_ame is not None:  # "no AME" before, "and with AME at 1.5" now
        return f"{old_reading.text[: no_ame.start()]}AME factor {q.raw}{old_reading.text[no_ame.end() :]}"
    if len(said) == 2 and _FROM_TO.search(old_reading.text):
        said = said[1:]  # "we go from factor 2.0 to 3.0", then "and at 2.4?": the factor moved to is replaced
    if len(said) != 1:
        return None
    old = [o for o in old_reading.quantities if o.kind == "number" and o.value == said[0]]
    if len(old) != 1:
        return None
    o = old[0]
    return f"{old_reading.text[: o.start]}{q.raw}{old_reading.text[o.end :]}"


_ONLY_SAYS = 5  # words of a follow-up that says no more than "without AME" ("and with AME off then?")


def _factor_dropped(reading: Reading, last: str) -> str | None:
    """The last AME question with its one expansion factor taken out and "without AME" said instead, when this
    message only says "without AME" ("and with AME off?"): the same sizes, real memory plus paging space."""
    if reading.quantities or _NO_AME.search(reading.text) is None or len(reading.text.split()) > _ONLY_SAYS:
        return None  # "how much do we save vs running without AME?" asks its own question
    old_reading = read(last)
    said = _factors(old_reading.text)
    old = [o for o in old_reading.quantities if o.kind == "number" and len(said) == 1 and o.value == said[0]]
    if len(old) != 1 or _NO_AME.search(old_reading.text):
        return None
    o = old[0]
    return f"{old_reading.text[: o.start]}{old_reading.text[o.end :].rstrip()} (without AME)"


# "numbers for power10?": the same, there; "and if we had 128 GB?": another amount of the same
_FILLER = frozenset(
    """a an the and but what about how with on for at in if i we our my to is it its of same using upgrade upgrading
    move moving migrate go going switch after upon when then instead there that this box server servers system
    systems lpar lpars partition machine machines frame core cores cpu cpus online storage memory real size
    sized ram gb please pls ok so also version level aix hp-ux hpux hp ux z/os zos z/vm zvm linux tl sp
    release os ibm numbers figures results values data details had have were was would""".split()
)
# "we have 384 GB", "it's got 16 cores", "192 gigs total": an amount given with nothing else
_AMOUNT_WORDS = _FILLER | frozenset("have has got total installed physical its it's are there".split())


def _own_topic(text: str, reading: Reading) -> bool:
    """Whether the message says more than a new platform, level or amount (then it is a question of its own)."""
    rest = reading.text
    for raw in [p.raw for p in reading.platforms] + [o.raw for o in reading.os_levels]:
        rest = rest.replace(raw, " ")
    for q in reading.quantities:
        rest = rest.replace(q.raw, " ")
    words = [w for w in linre.findall(r"[a-z][a-z0-9_+/-]*", rest.lower()) if w not in _FILLER]
    return bool(words)


def _resume(text: str, reading: Reading, st: ChatState) -> str | None:
    """The pending question completed with the user's answer, if the message gives what it needs."""
    pending = st.pending
    assert pending is not None
    needs = pending.needs
    answer = _ANSWER_ONLY.sub("", text, count=1).strip(" ?.!")
    if needs == "counts" and pending.raw and pending.raw in pending.question and answer:
        # "npiv adapters" or "4 more npiv" for "what does the '4 more' count?": the number with what it counts
        said = [q for q in reading.quantities if q.kind != "number"]
        placed = said[0].raw if said else f"{pending.raw} {answer}"
        added = read(placed)
        if any(q.added for q in added.quantities):  # "4 more GB": summed into the amount it adds to
            summed = _summed_counts(pending.question.replace(pending.raw, " ", 1), added)
            if summed is not None:
                return summed
        return pending.question.replace(pending.raw, placed, 1)
    if needs == "reading" and pending.raw and pending.raw in pending.question:
        # "6144 MB, sorry that's the german format", "30", "the thousands one": the number read as the user says
        read_as = _read_as(pending.raw, answer, reading)
        return pending.question.replace(pending.raw, read_as, 1) if read_as is not None else None
    sizes = reading.of_kind("size")
    if (
        needs in ("size", "memory", "true-memory", "paging", "expanded")
        and sizes
        and any(_role(reading.text, q) is not None for q in sizes)
    ):
        # "true memory 16 GB" when the paging space was asked: the reply says what it is; never the asked role
        # ("LFAREA=12G, 16G online" when the online storage was asked: the 16 GB, not the statement's 12 GB)
        return _with_reply(pending.question, text)
    if needs == "size" and reading.of_kind("size"):
        return f"{pending.question} {reading.of_kind('size')[0].raw} online storage"
    if needs == "memory" and reading.of_kind("size"):
        return f"{pending.question} with {reading.of_kind('size')[0].raw} of memory"
    if needs == "true-memory" and reading.of_kind("size"):
        return f"{pending.question} with {reading.of_kind('size')[0].raw} of true memory"
    if needs == "expanded" and reading.of_kind("size"):
        return f"{pending.question.rstrip(' ?.!')} with {reading.of_kind('size')[0].raw} expanded?"
    if needs == "cores" and reading.of_kind("saps") and not reading.of_kind("cores"):
        # "sizing says 22500 SAPS" for "how many cores?" of an instance count: the SAPS size it as well
        return f"{pending.question.rstrip(' ?.!')} for {reading.of_kind('saps')[0].raw}?"
    if needs == "cores":
        if reading.of_kind("cores") and len(reading.quantities) > 1:  # "32 cores, 4 x 8Gb FC, 2 x 10Gb": all of it
            return f"{pending.question.rstrip(' ?.!')}: {text.strip(' ?.!')}"
        # a count of something else ("30 NPIV clients") is another input of the sizing, never the core count
        cores = reading.of_kind("cores") or [
            q
            for q in reading.quantities
            if (q.kind == "number" or (q.kind == "count" and q.noun is None))
            and not _ADDS.match(_LEAD_IN.sub("", text, count=1))  # "add 4 more npiv": an addition, never the cores
        ]
        if cores:
            return f"{pending.question} on a {int(cores[0].value)} core server"
    if needs == "details" and reading.quantities:  # several values at once ("128 GB box, 24 GB shared memory")
        return _with_reply(pending.question, text)
    if needs == "factor":
        factor = [q for q in reading.quantities if q.kind == "number" and q.value]
        if factor and 1.0 <= factor[0].value <= 10.0:
            return f"{pending.question.rstrip(' ?.!')} at factor {factor[0].value:g}"
    if needs == "processor" and (reading.platforms or reading.os_levels):
        names = [p.name for p in reading.platforms] + [o.label for o in reading.os_levels]
        return f"{pending.question.rstrip(' ?.!')} on {' with '.join(names)}?"
    if needs == "speed":
        speeds = [q for q in reading.quantities if q.kind == "speed" and q.value]
        bare = [q for q in reading.quantities if q.kind in ("number", "size") and q.value]
        value = speeds[0].value if speeds else (bare[0].value if bare and bare[0].kind == "number" else None)
        if value is None and bare:
            value = bare[0].value  # "8G": read as a size by the reader, a speed here
        if value is not None and pending.raw:
            raw = pending.raw
            medium = "FC" if linre.search(r"FC|Fibre|Fiber|HBA", raw, linre.IGNORECASE) else "Ethernet"
            if linre.search(r"FC|Fibre|Fiber", answer, linre.IGNORECASE):
                medium = "FC"
            elif linre.search(r"Eth|NIC|GbE", answer, linre.IGNORECASE):
                medium = "Ethernet"
            resumed = _speed_set(pending.question, raw, f"{value:g}Gb {medium} ports")
            cores = reading.of_kind("cores")  # "fc is 8 gig, frame has 64 cores": the other missing input, too
            return f"{resumed.rstrip(' ?.!')} on a {int(cores[0].value)} core server" if cores else resumed
    if needs == "lhea_ports" and pending.raw:
        return _lhea_ports(answer, reading, pending.question, pending.raw)
    if needs == "paging" and reading.of_kind("size"):
        return f"{pending.question.rstrip(' ?.!')}, {reading.of_kind('size')[0].raw} paging space"
    if reading.of_kind("size", "cores", "saps", "percent", "speed", "count"):
        # any other input of the pending sizing ("sizing says 15000 SAPS" when cores were asked): the
        # question with the reply added, for the calculator to read (or to ask again)
        adds = _ADDS.match(_LEAD_IN.sub("", text, count=1)) or any(q.added for q in reading.quantities)
        summed = _summed_counts(pending.question, reading) if adds else None
        replaced = None if adds else _replaced_counts(pending.question, reading)
        return summed or replaced or _with_reply(pending.question, text)
    return None


def _speed_set(question: str, raw: str, ports: str) -> str:
    """The ports `raw` of `question` at the speed the user gave (`ports`: "8Gb FC ports"), their count kept: the
    count is the reader's, not the first digits of `raw` ("4x16G FC ports" reads "16G FC ports" with 4 of them, and
    16 is their speed); a count said before the ports ("4x", "4 x", "4 ") goes with the words replaced."""
    said = next((q for q in read(question).quantities if q.raw == raw), None)
    count = said.count if said is not None and said.count else 1
    at = question.find(raw)
    if at < 0:
        return question
    start = at
    head = _COUNT_BEFORE.search(question[max(0, at - 8) : at])
    if head is not None and int(head.group(1)) == count:
        start = at - len(head.group(0))
    return f"{question[:start]}{count} x {ports}{question[at + len(raw) :]}"


# "4x", "4 x ", "4 " right before the ports' speed: the count they were said with
_COUNT_BEFORE = linre.compile(r"\b(\d{1,4})\s?[x*]?\s?$", linre.I)


def _with_reply(question: str, text: str) -> str:
    """The pending question with the user's reply after it; a question mark stays ("too big? 64 GB online"), so the
    resumed question is still the yes/no question it was."""
    asked = question.rstrip(" .!")
    if asked.endswith("?"):
        return f"{asked} {text.strip(' ?.!')}"
    # "we gave it 4 GB, enough?": a reply that asks yes or no itself keeps its question mark
    mark = "?" if text.rstrip().endswith("?") else ""
    return f"{asked.rstrip(' ?')}, {text.strip(' ?.!')}{mark}"


_THOUSANDS_REPLY = linre.compile(r"\b(?:thousands?|german|european|separator|grouping|group(?:ed)?)\b", linre.I)
_DECIMAL_REPLY = linre.compile(r"\b(?:decimals?|fraction(?:al)?|point)\b", linre.I)
_NUMBER_PART = linre.compile(r"\d[\d.,]*")
_HIGH_REPLY = linre.compile(
    r"\b(?:higher|highest|upper|larger|largest|bigger|biggest|max(?:imum)?|more|most|top)\b", linre.I
)
_LOW_REPLY = linre.compile(r"\b(?:lower|lowest|smaller|smallest|min(?:imum)?|less|least|fewer|bottom)\b", linre.I)


def _read_as(raw: str, answer: str, reading: Reading) -> str | None:
    """The words that replace `raw` (a number asked about) in the pending question, from the user's reply: the
    amount the reply gives (as written), or the reading it names (thousands separator or decimal point)."""
    number = _NUMBER_PART.search(raw)
    if number is None:
        return None
    said = [q for q in reading.quantities if q.value and not q.ambiguous]
    ends = _NUMBER_PART.findall(raw)
    if len(ends) == 2:  # a range ("20-30"): the end the reply names, or the value it gives
        high, low = _HIGH_REPLY.search(answer) is not None, _LOW_REPLY.search(answer) is not None
        if high != low:
            return ends[1] if high else ends[0]
        value = _NUMBER_PART.search(said[0].raw) if said else None
        return value.group(0) if value else None
    if said:
        q = said[0]
        if q.kind == "size" and raw != number.group(0):  # "6144 MB" for "6.144 MB": the amount with its unit
            return q.raw
        value = _NUMBER_PART.search(q.raw)
        return raw.replace(number.group(0), value.group(0), 1) if value else None
    thousands, decimal = _THOUSANDS_REPLY.search(answer) is not None, _DECIMAL_REPLY.search(answer) is not None
    if thousands == decimal:
        return None  # neither reading named
    digits = number.group(0)
    return raw.replace(digits, digits.replace(".", "").replace(",", "") if thousands else digits + "0", 1)


_EACH_REPLY = linre.compile(r"\b(?:each|apiece|every|per\s+(?:lhea|adapter|card)|per)\b", linre.I)
_TOTAL_REPLY = linre.compile(r"\b(?:total|in\s+all|altogether|all\s+together|combined|overall|together)\b", linre.I)


def _lhea_ports(answer: str, reading: Reading, question: str, raw: str) -> str | None:
    """ "2 LHEAs with 4 ports" asked back: "each" / "4 per LHEA" or "in total" / the total count ("8") says which."""
    each, total = _EACH_REPLY.search(answer) is not None, _TOTAL_REPLY.search(answer) is not None
    said = linre.match(r"\d+", raw)
    counts = [int(q.value) for q in reading.quantities if q.value and float(q.value).is_integer()]
    if each == total and said is not None and counts and counts[0] != int(said.group(0)):
        total = True  # "8": another count than the one asked about is the ports of all LHEAs together
        raw_new = f"{counts[0]} ports in total"
        return question.replace(raw, raw_new, 1)
    if each == total:
        return None
    return question.replace(raw, f"{raw} each" if each else f"{raw} in total", 1)


def lead_in_stripped(text: str) -> str:
    return _LEAD_IN.sub("", text, count=1)


# Words of a follow-up that no passage needs to contain: how people talk, not what they ask about.
# A follow-up with any other word the sources do not know ("what about exadata?") is not read as a
# fragment of the last question: it may name something the sources do not cover.
# "so putting 80 on one port is fine?": a judgement; "which one won?": a comparison of what the last answer compared;
# "any catch?", "when does that make sense?": a drawback or a condition of it; none names a topic
_CONVERSATIONAL = frozenset(
    """ok okay yes yeah yep no nope thanks thank thx cool great nice hmm please pls exactly actually really
    just basically so then there here again instead also too anyway kinda sorta stuff thing things put
    go goes going get gets got do does did done make makes made work works worked happen happens how what
    which why when where who whom whose one ones way ways sure maybe ever never always else
    mean means meant tell explain show give gives need needs wanted want know say says said
    fine good bad safe enough won win wins winner ahead beat beats sense catch catches gotcha gotchas caveat
    caveats snag snags pitfall pitfalls situation situations""".split()
)


def fragment_of(kb, text: str, prior) -> bool:
    """Whether a short message refused alone may be read as part of what came before (`prior`: the
    subject it would be asked with; None: the session's document and rule in focus)."""
    if prior is not None and (not prior.question or prior.intent not in (*_ASKED, "explain")):
        return False
    if len(text.split()) > MAX_FRAGMENT_WORDS:
        return False
    reading = read(text)
    text = reading.text  # "msg if i go over?", "resp time?": the shorthand spelt out, as the search reads it
    r = kb.search(text)
    named = " ".join([p.raw for p in reading.platforms] + [o.raw for o in reading.os_levels]).lower()
    unknown = [u for u in r.unknown if u.lower() not in named]  # "P9", "TL3": read by the reader, not unknown
    if r.foreign or unknown:
        return False
    # "and if we forgot?", "what if they skip it?": a case of the same subject, told in everyday words
    everyday = bool(_HYPOTHETICAL.match(text)) and not r.rare
    return all(w.lower() in _CONVERSATIONAL or w.lower() in named or is_code(w) or everyday for w in r.dropped)


_HYPOTHETICAL = linre.compile(
    r"^\s*(?:(?:and|but|so)\s+)?(?:what\s+)?if\s+(?:we|i|you|they|it|someone|nobody|one)\b", linre.IGNORECASE
)


MAX_FRAGMENT_WORDS = 12
TOPICLESS_WORDS = 4


def topicless(kb, text: str, reading: Reading) -> bool:
    """A short message that names no thing of its own ("syntax?", "too low?", "and the max?", "requirements?"):
    it asks about the last subject even when some passage would answer its words alone."""
    bare = _LEAD_IN.sub("", text, count=1)
    if len(bare.split()) > TOPICLESS_WORDS or _own_term(reading) or reading.yes_no and _PRONOUN.search(bare):
        return False
    r = kb.search(bare)
    return not (r.foreign or r.unknown or r.mentioned_rules or any(c.jargon or c.technical for c in r.concepts))


# Words a calculator's inputs come with ("4 FC ports and 2 x 10Gb eth", "60 NPIV clients")
_INPUT_WORDS = frozenset(
    """port ports fc fibre fiber channel eth ethernet gbe nic nics hba hbas adapter adapters card cards npiv vfc
    virtual clients client lhea lheas veth link links dual quad single x plus each""".split()
)


def _only_inputs(text: str, reading: Reading) -> bool:
    """A message that gives nothing but more inputs of the last calculation (ports, adapters, clients)."""
    rest = reading.text
    for q in reading.quantities:
        rest = rest.replace(q.raw, " ")
    words = [w for w in linre.findall(r"[a-z][a-z0-9_+/-]*", rest.lower()) if w not in _FILLER]
    has_inputs = any(
        q.kind == "speed" or q.noun in ("npiv", "veth", "lhea", "ports", "adapters") for q in reading.quantities
    )
    return has_inputs and all(w in _INPUT_WORDS for w in words)


def _other_inputs(last: str, reading: Reading) -> bool:
    """None of the message's amounts is of a kind (or counts a thing) the last question already gave."""
    old = read(last).quantities
    kinds = {(q.kind, q.noun, q.medium, q.value if q.kind == "speed" else None) for q in old}
    return all(
        (q.kind, q.noun, q.medium, q.value if q.kind == "speed" else None) not in kinds for q in reading.quantities
    )


def _inputs_for(last: str, bare: str, reading: Reading) -> str | None:
    """The last question with this message's amounts, when together they make a calculation and the message
    alone does not (a calculator's topic asked about, then its inputs given in a message of their own)."""
    # a message listing several inputs may be longer ("ok now real config: 4x 8Gb FC ports, 2x 10GbE ports, ...")
    most = 2 * MAX_FOLLOW_UP_WORDS if len(reading.quantities) >= 3 else MAX_FOLLOW_UP_WORDS
    if len(reading.quantities) < 2 or len(bare.split()) > most:
        return None
    if calculate(bare, {p.tag for p in reading.platforms}, reading) is not None:
        return None
    joined = f"{last.rstrip(' ?.!')}: {bare.strip(' ?.!')}"
    together = read(joined)
    return joined if calculate(joined, {p.tag for p in together.platforms}, together) is not None else None


def _amount_only(text: str, reading: Reading, last: str) -> str | None:
    """The words that put an amount said on its own into the last question ("with 384 GB of memory"); None when the
    last question states an amount of that kind already (which one the new one replaces is not said)."""
    if len(reading.quantities) != 1 or reading.platforms or reading.os_levels or reading.terms or reading.rule_ids:
        return None
    q = reading.quantities[0]
    if read(last).amounts(q.kind):
        return None
    if q.added:
        return None  # "4 more GB": added to the amount said before, not the amount itself
    rest = reading.text.replace(q.raw, " ")
    if any(w not in _AMOUNT_WORDS for w in linre.findall(r"[a-z][a-z0-9_'+/-]*", rest.lower())):
        return None
    if q.kind == "size" and not q.ambiguous:
        return f"with {q.raw} of memory"
    if q.kind == "cores":
        return f"on a {q.value:g} core server"
    return None


# What an amount is, by the words after or before it: "48 GB of SAP shared memory", "true memory 20 GB"
_ROLES = {
    "shared": role_patterns(r"(?:SAP\s+)?(?:shared\s+memory|shm)"),
    "paging": role_patterns(r"paging|swap|page\s+space"),
    "true": role_patterns(r"true|real|physical"),
    "online": role_patterns(r"online"),
    "max": role_patterns(r"max(?:imum)?"),
    "expanded": role_patterns(r"expanded"),
}


def _role(text: str, q) -> str | None:
    return amount_role(text, q, _ROLES)


_NEXT_WORD = linre.compile(r"^\s*([A-Za-z][A-Za-z0-9_-]*)")


def _counted(text: str, end: int) -> str | None:
    """The noun a number counts ("4 vlans" -> "vlan"), plural-insensitive."""
    m = _NEXT_WORD.match(text[end : end + 40])
    if not m:
        return None
    word = m.group(1).lower()
    return word[:-1] if word.endswith("s") and len(word) > 3 else word


def _swap_by_noun(last: str, reading: Reading) -> str | None:
    """ "and if we have 4 vlans?" after "two vios, one vlan ...": the count of the same noun replaced, or None."""
    new = [(q, _counted(reading.text, q.end)) for q in reading.quantities]
    new = [(q, noun) for q, noun in new if noun]
    if len(new) != 1:
        return None
    q, noun = new[0]
    old_reading = read(last)
    same = [o for o in old_reading.quantities if _counted(old_reading.text, o.end) == noun]
    if len(same) != 1:
        return None
    o = same[0]
    return f"{old_reading.text[: o.start]}{q.raw}{old_reading.text[o.end :]}"


# "EC 50", "factor=2.5", "queue_depth 32": a setting's name said right before its number
_LABELLED = linre.compile(r"\b([A-Za-z][A-Za-z_]{1,24})\s{0,2}(?:=|:|of|at|to)?\s{0,2}(\d+(?:\.\d+)?)\b")


def _swap_by_label(last: str, reading: Reading) -> str | None:
    """ "and with EC 50?" after "... with EC 6.4 and 64 VPs ...": the one number the last question said after the same
    name replaced by the new one, or None when the name labels no number there, or several."""
    said = [m for m in _LABELLED.finditer(reading.text) if m.group(1).lower() not in _FILLER]
    if len(said) != 1 or len([q for q in reading.quantities if q.value]) != 1:
        return None
    name, value = said[0].group(1), said[0].group(2)
    old = read(last).text
    same = [m for m in _LABELLED.finditer(old) if m.group(1).lower() == name.lower()]
    if len(same) != 1:
        return None
    m = same[0]
    return f"{old[: m.start(2)]}{value}{old[m.end(2) :]}"


def _swap_by_role(last: str, reading: Reading) -> str | None:
    """The last question with the one amount that has the same role as the new one replaced, or None."""
    new = [q for q in reading.amounts("size") if _role(reading.text, q)]
    if len(new) != 1:
        return None
    role = _role(reading.text, new[0])
    old_reading = read(last)
    same = [q for q in old_reading.amounts("size") if _role(old_reading.text, q) == role]
    if len(same) != 1:
        return None
    q = same[0]
    return f"{old_reading.text[: q.start]}{new[0].raw}{old_reading.text[q.end :]}"
