"""What a message asks for, recognised with patterns (no model): review, explain, what-if, undo, ask.

Order matters and follows what an admin means:
1. a document arriving with the message, or "review"/"check" with one in the session -> review;
2. "undo" / "revert" with a document -> undo the last what-if;
3. "set <path> = <value>", "what if ...", "enable SMT", "change X to Y" with a document -> what-if
   (without a document these are general questions and fall through to ask);
4. "why <RULE-ID>", "why didn't <RULE-ID> fire", "explain the second finding", a bare "why?" -> explain;
5. everything else -> ask (calculators, passages, or "not covered").
"""

from __future__ import annotations

from dataclasses import dataclass, field

from advisor import linre

# "AME-001", "ame 001", "VIOS001"; written without the hyphen only with the rule numbers' leading 0, so that
# "lpar 512 GB" or "vios 100 npiv adapters" are no rule ids
RULE_ID = linre.compile(
    r"\b(AME|LPAR|VIOS|STOR|NET|WPAR|HPUX|ZOS|ZVM)(?:-(\d{3})| ?(0\d{2}))([a-z]?)\b", linre.IGNORECASE
)
_ORDINALS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "top": 1,
    "1st": 1,
    "2nd": 2,
    "3rd": 3,
}
_ORDINAL = linre.compile(
    r"\b(?:the\s+)?(" + "|".join(_ORDINALS) + r"|\d+(?:th)?|last)\s+(?:finding|one|issue|problem)\b"
    r"|\b(?:finding|issue|problem)\s*(?:#|no\.?|number)?\s*(\d+)\b",
    linre.IGNORECASE,
)
_REVIEW = linre.compile(
    r"^\s*(?:please\s+)?(?:review|check|assess|analy[sz]e|evaluate|audit)\b|\bwhat(?:'s| is) wrong\b"
    r"|\b(?:show|list|summari[sz]e)\b.*\bfindings\b|\bfindings\b\s*\??\s*$|^\s*findings\b"
    r"|^\s*(?:so\s+|and\s+|ok\s+)?(?:what(?:'s|\s+is|\s+are)?\s+(?:left|remaining|(?:still\s+)?kept|still\s+(?:wrong|open|firing|there))|"
    r"what(?:'s|\s+is)\s+the\s+(?:status|state)\s+now|anything\s+(?:else|left)|where\s+are\s+we|"
    r"(?:which|what)(?:'s|\s+is)?\s+(?:the\s+)?(?:worst|most\s+(?:urgent|important|critical)|biggest)(?:\s+(?:one|issue|problem|finding))?)"
    r"\s*[?.!]*\s*$",
    linre.IGNORECASE,
)
# "ok revert", "never mind, undo that", "no, roll back": what an undo may follow
UNDO_LEAD = (
    r"(?:(?:ok(?:ay)?|so|then|and|please|pls|fine|alright|right|hmm+|ah|oh|no|nah|actually|never\s*mind|nvm|"
    r"forget\s+it)[\s,.!:;-]+)*"
)
# "undo", and the word for it in German, Spanish, French, Portuguese and Italian, after a lead-in; a bare "never
# mind" / "forget it" / "scratch that"; "put it back" with no value (with one, "put it back to 128" is a change)
_UNDO = linre.compile(
    rf"^\s*{UNDO_LEAD}(?:undo|revert|roll\s*back|roll\s+(?:it|that|this|them)\s+back|go back"
    r"|r(?:ü|ue|u)ckg(?:ä|ae|a)ngig|deshacer|deshaz|annuler|annule|desfazer|annulla)\b"
    r"|^\s*(?:(?:ok(?:ay)?|so|then|no|nah|actually|oh)[\s,.!]+)*(?:never\s*mind|nvm|forget\s+(?:it|that)|"
    r"scratch\s+that|cancel\s+(?:that|it))\s*[.!]*\s*$"
    rf"|^\s*{UNDO_LEAD}(?:put|set|change|switch|turn)\s+(?:it|that|them|this)\s+back\s*(?:please|pls)?\s*[.!]*\s*$",
    linre.IGNORECASE,
)
_SET = linre.compile(r"^\s*set\s+([A-Za-z_][\w.\[\]]*)\s*(?:=|\bto\b)\s*(.+?)\s*$", linre.IGNORECASE)
_PRONOUNS = {"it", "that", "this", "them", "its"}  # "set it to 2.75": the field the conversation is on (whatif.py)
_WHATIF = linre.compile(
    r"^\s*(?:w(?:h?at|aht|ht)[\s-]*(?:if|happens\s+if|about\s+if)|supp?ose|assume|try|and\s+if|if\s+(?:i|we)\b|hypothetically|"
    r"imagine|pretend|let'?s\s+say|say\s+we|in\s+theory|theoretically)"
    r"|^\s*(?:(?:and|also|then|now|ok|okay|so|next|please|pls|plz|kindly|(?:can|could|would)\s+you|never\s*mind|nvm|"
    r"no|nah|actually|(?:on|for|in)\s+[A-Za-z][\w.-]*)[\s,:]+)*"  # "on sapapp01 set ...": the unit named first
    r"(?:(?:(?:we|i)(?:'re|'m|\s+are|\s+am)?\s+)?(?:plan(?:ning)?|want(?:ing)?|going|intend(?:ing)?|would\s+like)\s+to\s+"
    r"|(?:we|i)(?:'ll|'d|\s+will|\s+would)\s+)?"  # "we'll pull 1 of the 4 FC ports"
    r"(?:set|change|switch|turn|enable|disable|raise|lower|increase|decrease|reduce|add|remove|"
    r"make|use|give|bind|put|configure|upgrade|migrate|move|go\s+to|double|halve|take|resize|bump|grow|shrink|"
    r"allocate|assign|drop|cut|apply|install|uninstall|back\s+out|back\s+to|flip|toggle|patch|downgrade|chatr|bring|pull|"
    r"retire|decommission)\b",
    linre.IGNORECASE,
)
# "vios2 memory to 12 GB", "factor 2.5?": a field and its new value with no verb (tried as a what-if)
_TERSE_CHANGE = linre.compile(
    r"^\s*(?:[A-Za-z]|\d+[A-Za-z])[\w.\[\]-]*(?:\s+[A-Za-z][\w.\[\]-]*){0,4}\s+(?:to|=|->)\s*\d+(?:\.\d+)?\s*"
    r"(?:[GMT]B?|gigs?|%)?\s*[?.!]*\s*$"
    r"|^\s*[A-Za-z][\w.-]*(?:\s+[A-Za-z][\w.-]*){0,2}\s+(?:on|off)\s*[?.!]*\s*$",  # "smt off", "2G to 4"
    linre.IGNORECASE,
)
# "64 cores instead of 32", "aix 7.2 tl5 instead", "rather than shared": a value put in place of the document's
_INSTEAD = linre.compile(r"\binstead\b|\brather\s+than\b", linre.IGNORECASE)
_EXPLAIN = linre.compile(
    r"^\s*(?:why|explain|how\s+come|what\s+about|tell\s+me\s+(?:more\s+)?about|details?\s+(?:on|of))\b",
    linre.IGNORECASE,
)
_NEGATIVE = linre.compile(
    r"\b(?:didn'?t|did\s+not|doesn'?t|does\s+not|isn'?t|is\s+not|wasn'?t|not\s+(?:fire|trigger|flag|"
    r"raised|reported|shown)|no\s+finding|not\s+report)",
    linre.IGNORECASE,
)
_BARE_WHY = linre.compile(
    r"^\s*(?:why|why\s+(?:is|was)\s+(?:that|this|it)|how\s+so|explain(?:\s+(?:that|this|it))?)\s*[?.!]*\s*$",
    linre.IGNORECASE,
)


def bare_why(text: str) -> bool:
    """ "why?", "how so?", "explain that": a why about whatever was said last."""
    return bool(_BARE_WHY.match(text))


@dataclass
class Intent:
    name: str  # review | undo | whatif | explain | ask
    rule_ids: list[str] = field(default_factory=list)
    ordinal: int | None = None  # 1-based finding rank the user points at; -1 = last
    negative: bool = False  # "why didn't ... fire"
    explicit_set: tuple[str, str] | None = None
    units: list[str] = field(default_factory=list)  # the partitions or systems named with the finding ("the vios2 one")


def rule_ids(text: str) -> list[str]:
    return list(
        dict.fromkeys(
            f"{m.group(1).upper()}-{m.group(2) or m.group(3)}{m.group(4).lower()}" for m in RULE_ID.finditer(text)
        )
    )


def _ordinal(text: str) -> int | None:
    m = _ORDINAL.search(text)
    if not m:
        return None
    group = 1 if m.group(1) else 2
    if m.start(group) > 0 and text[m.start(group) - 1] in ".,":
        return None  # "the factor 1.0 finding": a figure of the finding, not its rank
    word = (m.group(group) or "").lower()
    if word == "last":
        return -1
    if word in _ORDINALS:
        return _ORDINALS[word]
    digits = linre.match(r"\d+", word)
    return int(digits.group()) or None if digits else None


# "ci-bot: enable smt", "[MR bot] what-if: ...", "rx66a: explain the finding": bracketed tags, and one word and a
# colon, that say who relays the message or which system it is about; what the message asks starts after them
_TAGS = linre.compile(r"^\s*(?:\[[^\]\n]{1,40}\]\s*)+")
# "rx66a: ...", and a ticket's system and number ("Jira HPUX-318: ...", "ServiceNow INC0104420: ...")
_LABEL = linre.compile(
    r"^\s*[A-Za-z][\w.#-]{0,39}:\s+|^\s*(?:[A-Za-z][\w.#-]{0,39}\s+){1,2}[A-Za-z#-]{0,20}\d[\w.#-]{0,30}:\s+"
)


def unlabelled(text: str) -> str:
    """The message without the tags and the label in front of it; a what-if lead-in ("what-if:") is no label."""
    tags = _TAGS.match(text)
    if tags is not None and text[tags.end() :].strip():
        text = text[tags.end() :]
    label = None if _WHATIF.match(text) else _LABEL.match(text)
    return text[label.end() :] if label is not None and text[label.end() :].strip() else text


# "DR has a POWER7+ with AIX 7.1 TL3. what if this LPAR ran there as is?": a what-if after a sentence that sets it up
_SUPPOSED_LATER = linre.compile(
    r"(?:[.!?;:,]\s+|\s-+\s+)(?:(?:and|so|ok|okay|now)[\s,]+)?(?:w(?:h?at|aht|ht)[\s-]*(?:happens\s+)?if|supp?ose|"
    r"assume|imagine|hypothetically|let'?s\s+say)\b",
    linre.IGNORECASE,
)


# a clause break: where a change said first ends and the question about it begins
_BREAK = linre.compile(r"[.,;!?]\s|\s[-–—→]+\s|->|=>")


def _after_a_change(text: str) -> bool:
    """ "clm to 15% + numa_policy=1. does HPUX-004 go away?": the rule named only in a question after a clause with a
    value of its own (a what-if asked about that rule, not the rule explained)."""
    first = RULE_ID.search(text)
    head = text[: first.start()] if first is not None else ""
    return bool(_BREAK.search(head)) and bool(linre.search(r"\d", head))


def recognise(message: str, *, has_document: bool, new_document: bool) -> Intent:
    text = unlabelled(message.strip())
    tags = _TAGS.match(message)
    # "[VIOS-001] why?": a rule id in a tag still names the rule; "Jira HPUX-318: set ..." a ticket's label does not
    ids = rule_ids(text) or (rule_ids(tags.group(0)) if tags is not None else [])
    changing = (
        _WHATIF.search(text) or _TERSE_CHANGE.match(text) or _INSTEAD.search(text) or _SUPPOSED_LATER.search(text)
    )
    if new_document and (not text or _REVIEW.search(text) or not (_EXPLAIN.search(text) or changing)):
        return Intent("review", ids)
    if has_document and _UNDO.search(text):
        return Intent("undo")
    if has_document:
        m = _SET.match(text)
        if m and m.group(1).lower() not in _PRONOUNS:
            return Intent("whatif", ids, explicit_set=(m.group(1), m.group(2)))
        if changing and (not ids or _after_a_change(text)) and not _EXPLAIN.search(text):
            return Intent("whatif")
        if _REVIEW.search(text) and not ids:
            return Intent("review")
    if not has_document and _REVIEW.search(text) and len(text.split()) <= 4 and not ids:
        return Intent("review")  # "review" with nothing to review: the engine asks for a document
    ordinal = _ordinal(text)
    if _EXPLAIN.search(text) and (ids or ordinal is not None) or _BARE_WHY.match(text):
        return Intent("explain", ids, ordinal, bool(_NEGATIVE.search(text)))
    if ids and linre.match(r"^\s*what\s+(?:does|is)\s+\S+\s+(?:check|mean|do|about|for)\b", text, linre.IGNORECASE):
        return Intent("explain", ids)  # "what does AME-001 check?"
    if (
        ids
        and len(text) <= 60
        and not linre.search(r"\b(how|what|which|when|should|can)\b", text, linre.IGNORECASE)
        and not _after_a_change(text)
    ):
        return Intent("explain", ids, None, bool(_NEGATIVE.search(text)))
    return Intent("ask", ids)
