"""What a calculator question asks for, and which role each amount in it plays.

A calculator must answer the quantity the question asks for, never a neighbour of it: "32 GB
real, 8 GB paging, AME 1.8 - total virtual memory before an outage?" asks for the virtual memory
limit (expanded memory plus paging space), not the expanded memory. `asked(text)` is the part of
the message that states what is wanted (its last clause, or the words after "how much", "->",
"what is"); each calculator names the quantities it computes and looks them up there. A question
that asks for a quantity the calculator does not compute ("how much CPU will compression cost?")
gets no figure from it (`asks_other`).

`role(text, q, roles)` reads the role of an amount from the words right after it ("12 GB true",
"8 GB of paging space") or right before it ("true mem 12 GB", "paging is 6 GB"), in either order.
"""

from __future__ import annotations

from advisor import linre
from advisor.chat.reader import Quantity

MAX_MESSAGE = 4000  # the chat bounds messages before this; the slices below keep every pattern linear

# The last clause, or what follows a question word: "... - total virtual memory before an outage?"
# a decimal point has no space after it; a question mark stays with its clause (marked by a NUL to split at), and a
# quoted question ends at its closing quote ('"... too much?" Answer for the user')
_SPLIT = linre.compile(r"[,;:]\s|[.!]\s+|\s[-–—]+>?\s|->|=>|→|\x00")
_QUESTION_END = linre.compile(r"\?[\"'”’»)]{0,2}\s")
_QUESTION = linre.compile(
    r"\b(?:how\s+(?:much|many|big|large)|what(?:'s|\s+is|\s+are|\s+will|\s+would|\s+does)?|which|when|calculate|compute|"
    r"estimate|size\s+of|give\s+me)\b",
    linre.IGNORECASE,
)

# Quantities no calculator computes: a question that asks for one of them gets no calculated figure
_OTHER = linre.compile(
    r"\b(?:cpu|cpus|cost|costs|overhead|response\s+times?|latency|latencies|throughput|iops|bandwidth|users?|"
    r"licen[cs]es?|price|dollars?|hours?|minutes?|seconds?|duration|downtime|reboot|outage\s+time|weights?)\b",
    linre.IGNORECASE,
)


def fragment(text: str) -> str | None:
    """ "how much CPU (vios memory for 32 cores, ...)": a follow-up asked with the question it continues
    (dialogue.with_context); the fragment before the parenthesis is what it asks. None for any other message."""
    if not (text.rstrip().endswith(")") and " (" in text):
        return None
    fragment = text[: text.index(" (")]
    return fragment if fragment.strip() and "(" not in fragment else None


def asked(text: str) -> str:
    """The words of the message that say what is wanted (the whole message when nothing marks them)."""
    text = fragment(text[:MAX_MESSAGE]) or text[:MAX_MESSAGE]
    parts = [p for p in _SPLIT.split(_QUESTION_END.sub("?\x00", text)) if p and p.strip()]
    for i in range(len(parts) - 1, -1, -1):
        part = parts[i]
        if "?" in part or _QUESTION.search(part):
            if i > 0 and _CONTINUES.match(part):  # "memory gain at factor 2.5? and at 3.2?": asked as the one before
                return f"{asked(parts[i - 1])} {part.strip()}"
            m = _QUESTION.search(part)
            return part[m.start() :] if m else part
    return parts[-1] if parts else text


# "and at 3.2?", "or 4.0?", "what about for 2.8?": the same question again for another value, naming nothing else
_CONTINUES = linre.compile(
    r"^\s*(?:and|or|what\s+about|how\s+about)\s+(?:(?:at|for|with|on|to|of)\s+)?(?:factor\s+)?"
    r"\d{1,6}(?:\.\d{1,4})?\s*(?:x\s*)?\?*\s*$",
    linre.IGNORECASE,
)


# A yes/no question asks for a figure only with words like these in its asking clause ("is the HPT for ... more
# than 2 GB?"); "safe?", "should i trust that?" ask for a judgement, which a figure of another kind does not give
_QUANTITY_WORDS = linre.compile(
    r"\b(?:how\s+(?:much|many|big|large)|what|which|size|sized|limit|max(?:imum)?|min(?:imum)?|more\s+than|less\s+than|"
    r"exceed|above|below|at\s+least|expanded|gain|virtual|enough|fits?|valid|possible|allowed"
    # "factor needed to show 48 GB?", "memory required for ...?": a figure named as what is needed
    r"|(?:factor|ratio|mem(?:ory)?|ram|cores|swap|instances|hpt|lfarea|clm|cache)\s+(?:needed|required))\b",
    linre.IGNORECASE,
)


# "... with same expanded. true?", "new expanded?": a clause of one memory role word asks for that amount
_BARE_ROLE = linre.compile(
    r"^\s*(?:and\s+|so\s+|the\s+|new\s+)*(?:true|real|physical|expanded|effective)(?:\s+mem(?:ory)?)?\s*\?+\s*$",
    linre.I,
)
_JUDGED = linre.compile(r"\b(?:ok|okay|right|fine|correct|good|sane|reasonable)\b", linre.IGNORECASE)


def asks_a_figure(text: str, requirement: linre.Pattern | None = None) -> bool:
    """Whether the asking clause of the message asks for a figure (or a check a figure settles). For a
    calculator whose figure is a requirement or a limit (`requirement`: the words of what it computes),
    "is my LFAREA ok?" is such a check, and so is a message that names what it computes in another clause
    ("VIOS with ...: memory, and do unmapped ones count?")."""
    want = asked(text)
    if _QUANTITY_WORDS.search(want) is not None or _BARE_ROLE.match(want) is not None:
        return True
    return requirement is not None and (_JUDGED.search(want) is not None or requirement.search(text) is not None)


def asks_other(text: str, computes: linre.Pattern, other: linre.Pattern | None = None) -> bool:
    """The question asks for a quantity the calculator does not compute (and none it does). A message with no
    asking clause ("plarea for 64 GB online, we have 12 cpus") asks for what it names anywhere. `other`: further
    quantities this calculator does not compute though others do (the memory of a measured LPAR is no SMT gain)."""
    want = asked(text)
    marked = (
        "?" in text[:MAX_MESSAGE]
        or _QUESTION.search(text[:MAX_MESSAGE]) is not None
        or fragment(text[:MAX_MESSAGE]) is not None
    )
    named = _OTHER.search(want) is not None or (other is not None and other.search(want) is not None)
    return named and not computes.search(want if marked else text[:MAX_MESSAGE])


# the next pasted label ("Target Memory Expansion Factor : "), capitalised words before a colon, after an amount
_NEXT_LABEL = linre.compile(r"^\s+[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,5}\s*:\s")


def role_patterns(before: str, after: str | None = None) -> tuple[linre.Pattern, linre.Pattern]:
    """The (words after, words before) patterns of one role: "12 GB true", "true mem 12 GB", "paging is 6 GB"."""
    return (
        linre.compile(rf"^\s*(?:of\s+)?(?:{after or before})\b", linre.I),
        linre.compile(
            # "expanded memory must be 24 GB": a role said before its amount, also as what the amount must be
            rf"\b(?:{before})(?:\s+(?:mem(?:ory)?|ram|space|size))?\s*"
            r"(?:of|is|=|:|at|to|has|with|(?:must|should|shall|will|needs?\s+to|has\s+to|have\s+to)\s+be)?\s*$",
            linre.I,
        ),
    )


def role(text: str, q: Quantity, roles: dict[str, tuple[linre.Pattern, linre.Pattern]]) -> str | None:
    """The role of amount `q` by the words after it, else the words before it; None when neither says."""
    found = role_span(text, q, roles)
    return found[0] if found else None


def role_span(
    text: str, q: Quantity, roles: dict[str, tuple[linre.Pattern, linre.Pattern]]
) -> tuple[str, int, int] | None:
    """(role, start, end of the amount with its role words) of amount `q`, or None."""
    # a role is said on the amount's own line: pasted "Desired Memory : 12288 MB" is not the next line's "Target"
    after = text[q.end : q.end + 40].split("\n", 1)[0]
    label = _NEXT_LABEL.match(after)  # "12288 MB Target Memory Expansion Factor : 1.50": lines run together
    after = "" if label else after
    for name, (after_pattern, _) in roles.items():
        m = after_pattern.match(after)
        if m:
            return name, q.start, q.end + m.end()
    lo = max(0, q.start - 40, text.rfind("\n", 0, q.start) + 1)
    before = text[lo : q.start]
    for name, (_, before_pattern) in roles.items():
        m = before_pattern.search(before)
        if m:
            return name, lo + m.start(), q.end
    return None


def blanked(text: str, spans: list[tuple[int, int]]) -> str:
    """The text with the given spans (amounts with their role words) blanked: what is left says what is asked."""
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


# A clause that asks for a yes or a no: an auxiliary first ("is it under the limit?", "can i write ...") or a judgement
# word before its question mark ("valid?", "fits?", "under the 80 %?", "too much?")
_YES_NO_CLAUSE = linre.compile(
    r"^\s*(?:and\s+|so\s+|but\s+)?(?:is|are|can|could|should|does|do|will|would|would|may|must|has|have|isn't|aren't|"
    r"won't|doesn't)\s+(?:i|we|you|it|this|that|the|a|an|my|our|there|they|[a-z0-9_=(),%]+)\b"
    r"|^\s*any\s[^?]{0,40}\?\s*$"  # "any gain at all?"
    # "set the expansion factor to 12 on a test lpar?", "give the vios 4 GB?": whether to, with the user's value
    r"|^\s*(?:set|use|configure|apply|enable|give|put)\s[^?]{0,80}\d[^?]{0,40}\?\s*$"
    r"|\b(?:valid|fits?|fit\s+in|under|over|above|below|within|exceeds?|too\s+(?:much|big|high|large|small|low|little|many|few)|"
    r"ok|okay|enough|right|allowed|possible|safe|sane|correct|good|fine|sufficient|trust(?:worthy)?|reliable|realistic|"
    r"believable|sensible|accepted|acceptable|feasible|supported|permitted|legal|adequate|in\s+line|consistent|"
    r"compliant|more\s+than|less\s+than|fewer\s+than|at\s+least|at\s+most|short|undersized|oversized|insufficient|"
    r"excessive)\b[^?]{0,30}\?"
    # "please check: LFAREA=...", "pls sanity-check this": a check of the user's own value asked for
    r"|^\s*(?:\[[^\]]{0,40}\]\s*)?(?:(?:pls|please|kindly|can\s+you|could\s+you)\s+)?"
    r"(?:check|verify|validate|sanity[\s-]?check|double[\s-]?check)\b"
    # "z13 with SMT vs zEC12: roughly 38 % more ETR?": a figure put up to be confirmed
    r"|\b(?:roughly|about|approx(?:imately)?|around|circa)\s+\d[^?]{0,30}\?"
    # "swap 200 GB on a 64 GB box - an issue?", "CLM 10% ... problem?": whether what was stated is wrong
    r"|\b(?:problems?|issues?|concerns?|risks?|risky|worr(?:y|ied|ying)|red\s+flags?)\b[^?]{0,20}\?"
    # "swap 100 GB on a 64 GB box. thoughts?", "3 instances on 32 cores. Please advise.": an opinion of what was stated
    r"|\b(?:thoughts|your\s+take|(?:your\s+)?opinion|please\s+advise|pls\s+advise|kindly\s+advise|"
    r"what\s+do\s+you\s+(?:think|say|reckon)|does\s+(?:that|this|it)\s+look\s+(?:right|ok|okay|good|sane))\b"
    # "im wondering if thats enough memory for the vios or not": a yes/no asked in a sentence of its own
    r"|\b(?:wonder(?:ing)?|whether|not\s+sure\s+if|unsure\s+if)\b.{0,60}\b(?:enough|ok|okay|fine|sufficient|"
    r"too\s+(?:much|big|small|little|low)|valid|fits?|right)\b",
    linre.IGNORECASE,
)
_CLAUSES = linre.compile(r"[,;:]\s|[.!]\s+|\s[-–—]+>?\s|\sand\s")


# "set AME factor 12 on a test lpar?", "go with 3 instances?": an action put as a question asks leave to do it
_ACTION_ASKED = linre.compile(
    r"^\s*(?:(?:so|and|ok|then)\s+)?(?:set|use|put|go\s+with|run|make|apply|enable|configure|bump)\s[^?]{1,80}\?\s*$",
    linre.IGNORECASE,
)
_WH_WORD = linre.compile(r"\b(?:what|which|how|where|when|why)\b", linre.IGNORECASE)


def asks_judgement(text: str) -> bool:
    """Whether any clause of the message asks for a yes or a no (which a calculation's verdict answers): "how much
    is that and is it under the limit?", "LFAREA=(1M=(20,30)) valid?", "buffer cache at 8 GB. too much?"."""
    return any(
        _YES_NO_CLAUSE.search(c) or (_ACTION_ASKED.search(c) and not _WH_WORD.search(c))
        for c in _CLAUSES.split(text[:MAX_MESSAGE])
        if c and c.strip()
    )
