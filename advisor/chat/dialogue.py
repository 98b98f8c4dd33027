"""Follow-ups resolved against the dialogue state, before the intent is recognised.

A conversation leans on what came before: "and on POWER8?" repeats the last question for
another processor, "16 GB" answers the question the advisor asked back, "more" wants the next
passages, "what does that mean?", "the fix?" and "the command?" point at the last answer's
rule. `resolve()` turns such a message into the full question (or names the turn it asks
for), so the rest of the engine answers it as if it had been asked in full.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from advisor.chat.reader import Reading, read
from advisor.chat.state import ChatState

MAX_FOLLOW_UP_WORDS = 12

_ELLIPSIS = re.compile(
    r"^\s*(?:and|but|what\s+about|how\s+about|same\s+(?:for|on|with)|with|on|for|at|using|in|if|"
    r"and\s+(?:if|with|on|for|at|in)|(?:and\s+)?(?:if|when)\s+(?:i|we)\s+(?:upgrade|move|migrate|go|switch)\s+to|"
    r"(?:and\s+)?(?:after|upon)\s+(?:an?\s+)?(?:upgrade|migration)\s+to)\b",
    re.IGNORECASE,
)
_MORE = re.compile(
    r"^\s*(?:more|tell\s+me\s+more|go\s+on|continue|more\s+(?:details?|info|please)|details\??)\s*[?.!]*\s*$", re.I
)
_MEANING = re.compile(
    r"^\s*(?:what\s+(?:does|do)\s+(?:that|this|it)\s+mean|meaning|what\s+is\s+(?:that|this|it)|huh|explain\s+(?:that|this|it)|"
    r"what\s+(?:does|do)\s+you\s+mean|in\s+plain\s+(?:english|words)|eli5)\b",
    re.IGNORECASE,
)
_FIX = re.compile(
    r"^\s*(?:(?:and\s+)?the\s+fix|fix\??|how\s+(?:do|can|should)\s+(?:i|we)\s+fix\s+(?:it|that|this)|"
    r"what\s+(?:is|'s)\s+the\s+fix|how\s+to\s+fix\s+(?:it|that|this)|remedy|solution|what\s+should\s+(?:i|we)\s+do)\b",
    re.IGNORECASE,
)
_COMMAND = re.compile(
    r"^\s*(?:(?:and\s+)?the\s+commands?|commands?\??$|which\s+commands?|what\s+commands?|what(?:\s+is|'s)\s+the\s+commands?|"
    r"how\s+(?:do|can)\s+(?:i|we)\s+(?:check|see|set|change|verify)\s+(?:it|that|this))\b",
    re.IGNORECASE,
)
_START_OVER = re.compile(
    r"^\s*(?:start\s+(?:over|again|afresh)|reset|from\s+scratch|back\s+to\s+the\s+original)\b", re.I
)
_ANSWER_ONLY = re.compile(
    r"^\s*(?:it(?:'s|\s+is)|we\s+have|about|around|roughly|approx(?:imately)?|online|the)?\s*", re.I
)


@dataclass
class Resolution:
    kind: str  # resume | ellipsis | more | meaning | fix | command | start-over
    question: str = ""


def _swap_platforms(old: str, reading: Reading, old_reading: Reading) -> str:
    text = old
    for p in old_reading.platforms:
        if any(n.family == p.family for n in reading.platforms):
            text = re.sub(rf"(?:\bon\s+(?:an?\s+)?)?{re.escape(p.raw)}", " ", text)
    for o in old_reading.os_levels:
        if any(n.os == o.os for n in reading.os_levels):
            text = text.replace(o.raw, " ")
    return " ".join(text.split())


def _swap_quantities(old: str, reading: Reading, old_reading: Reading) -> tuple[str, bool]:
    text, swapped = old, False
    for kind in ("size", "cores", "saps", "percent"):
        new = [q for q in reading.quantities if q.kind == kind]
        was = [q for q in old_reading.quantities if q.kind == kind]
        if new and was:  # the last one: "LFAREA=12G on a 32 GB system", "and 64 GB?" means the system's size
            at = text.rfind(was[-1].raw)
            text = text[:at] + new[0].raw + text[at + len(was[-1].raw) :]
            swapped = True
    return text, swapped


def resolve(text: str, reading: Reading, st: ChatState) -> Resolution | None:
    """The follow-up `text` stands for, or None when it stands on its own."""
    if _START_OVER.match(text):
        return Resolution("start-over")
    words = len(text.split())
    if st.pending is not None and words <= MAX_FOLLOW_UP_WORDS:
        resumed = _resume(text, reading, st)
        if resumed is not None:
            return Resolution("resume", resumed)
    if _MORE.match(text) and st.subject.question:
        return Resolution("more", st.subject.question)
    if _FIX.match(text):
        return Resolution("fix")
    if _COMMAND.match(text):
        return Resolution("command")
    if _MEANING.match(text) and words <= 8 and (st.subject.rule or st.subject.question):
        return Resolution("meaning", st.subject.question or "")
    last = st.subject.question
    if last and words <= MAX_FOLLOW_UP_WORDS and st.document is None:
        new_things = reading.platforms or reading.os_levels or reading.of_kind("size", "cores", "saps", "percent")
        if new_things and (_ELLIPSIS.match(text) or words <= 4) and not _own_topic(text, reading):
            old_reading = read(last)
            swapped, changed = _swap_quantities(last, reading, old_reading)
            if reading.platforms or reading.os_levels:
                swapped = _swap_platforms(swapped, reading, old_reading)
                names = [p.name for p in reading.platforms] + [o.label for o in reading.os_levels]
                swapped = f"{swapped.rstrip(' ?.!')} on {' with '.join(names)}?"
                changed = True
            if changed:
                return Resolution("ellipsis", swapped)
    return None


_FILLER = frozenset(
    """a an the and but what about how with on for at in if i we our my to is it its of same using upgrade upgrading
    move moving migrate go going switch after upon when then instead there that this box server servers system
    systems lpar lpars partition machine machines frame core cores cpu cpus online storage memory real size
    sized ram gb please pls ok so also version level""".split()
)


def _own_topic(text: str, reading: Reading) -> bool:
    """Whether the message says more than a new platform, level or amount (then it is a question of its own)."""
    rest = reading.text
    for raw in [p.raw for p in reading.platforms] + [o.raw for o in reading.os_levels]:
        rest = rest.replace(raw, " ")
    for q in reading.quantities:
        rest = rest.replace(q.raw, " ")
    words = [w for w in re.findall(r"[a-z][a-z0-9_+/-]*", rest.lower()) if w not in _FILLER]
    return bool(words)


def _resume(text: str, reading: Reading, st: ChatState) -> str | None:
    """The pending question completed with the user's answer, if the message gives what it needs."""
    pending = st.pending
    assert pending is not None
    needs = pending.needs
    answer = _ANSWER_ONLY.sub("", text, count=1).strip(" ?.!")
    if needs == "size" and reading.of_kind("size"):
        return f"{pending.question} {reading.of_kind('size')[0].raw} online storage"
    if needs == "memory" and reading.of_kind("size"):
        return f"{pending.question} with {reading.of_kind('size')[0].raw} of memory"
    if needs == "true-memory" and reading.of_kind("size"):
        return f"{pending.question} with {reading.of_kind('size')[0].raw} of true memory"
    if needs == "cores":
        cores = reading.of_kind("cores") or [q for q in reading.quantities if q.kind in ("number", "count")]
        if cores:
            return f"{pending.question} on a {int(cores[0].value)} core server"
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
            count = re.match(r"\d+", raw)
            medium = "FC" if re.search(r"FC|Fibre|Fiber|HBA", raw, re.I) else "Ethernet"
            if re.search(r"FC|Fibre|Fiber", answer, re.I):
                medium = "FC"
            elif re.search(r"Eth|NIC|GbE", answer, re.I):
                medium = "Ethernet"
            new = f"{count.group(0) if count else 1} x {value:g}Gb {medium} ports"
            return pending.question.replace(raw, new, 1)
    return None
