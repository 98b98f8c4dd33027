"""Which way a yes/no question about something stated is asked: one word list for every reader of it.

"is it ok?", "enough?", "sized right?" ask whether what is stated is right, so a breach answers no; "any problem?",
"action required?", "do we need to raise it?" ask whether it is wrong, so a breach answers yes; "too much?", "over the
limit?" ask whether it is over, "too little?", "not enough?" whether it is under. The calculators (a figure against a
guideline), the pasted-output reader (the rules on the values read) and the what-if re-review all read the question
here, so that a phrasing heard by one is heard by all.
"""

from __future__ import annotations

from typing import Literal

from advisor import linre

# "too much?", "oversized?", "does it exceed ...?", "over the limit?": whether it is over
TOO = linre.compile(
    r"\btoo\s+(?:much|many|big|high|large)\b|\bover-?sized\b|\bexcessive\b|\bexceed(?:s|ing|ed)?\b"
    r"|\b(?:over|above|beyond)\s+(?:the\s+|our\s+|its\s+|that\s+)?(?:system\s+)?(?:limit|max(?:imum)?|ceiling|target|cap)\b",
    linre.I,
)
# "too little?", "undersized?", "short?", "not enough?": whether it is under
TOO_LITTLE = linre.compile(
    r"\btoo\s+(?:little|few|small|low)\b|\bunder-?sized\b|\bunder-?provisioned\b|\binsufficient\b|\bnot\s+enough\b"
    r"|\b(?:below|under)\s+(?:the\s+)?(?:minimum|min|requirement|guideline|recommendation)\b|\bshort\b",
    linre.I,
)
# "any problem?", "action required?", "do I care?", "do we need to raise it?": whether what is stated is wrong
PROBLEM = linre.compile(
    r"\b(?:problems?|issues?|concerns?|risks?|risky|worr(?:y|ied|ying)|wrong|trouble|red\s+flags?|bad|broken|harmful|"
    r"dangerous|care|action|act|deficit|shortage|exhausted|"
    r"(?:need|needs|should|have|has)\s+(?:to\s+)?(?:\w+\s+)?(?:tun\w*|chang\w*|fix\w*|rais\w*|increas\w*|bump\w*|"
    r"decreas\w*|shrink\w*|lower\w*|reduc\w*|act\w*))\b",
    linre.I,
)
# "ok?", "fine?", "sized right?", "keeping up?": whether it is right
RIGHT = linre.compile(
    r"\b(?:ok|okay|fine|right|correct|good|healthy|acceptable|sane|enough|normal|expected|sized\s+(?:right|ok|well|"
    r"correctly)|keeping\s+up|as\s+it\s+should)\b",
    linre.I,
)
_SENTENCE = linre.compile(r"[^.!?;]+(?:[.!?;]+|$)")


def asking_sentence(text: str) -> str:
    """The last sentence that asks ("is it too much?, 100 GB online": the question, not the reply resumed after it)."""
    sentences = [x for x in _SENTENCE.findall(text) if x.strip()]
    return next((x for x in reversed(sentences) if x.rstrip().endswith("?")), sentences[-1] if sentences else text)


def _wrong_words(text: str) -> list[str]:
    return [m.group(0) for p in (TOO, TOO_LITTLE, PROBLEM) for m in p.finditer(text)]


def asks_wrong(text: str) -> bool:
    """Whether the text asks whether something is wrong, over or under ("problem y/n", "action required")."""
    return bool(_wrong_words(text))


def asked(text: str) -> Literal["problem", "right"] | None:
    """ "problem": the question asks whether something is wrong (over, under); "right": whether it is right; None:
    neither or both. The words of a wrong-asking phrase are no right-asking word ("not enough?" asks whether it is
    under, "too high, right?" whether it is over)."""
    blanked = text
    for words in _wrong_words(text):
        blanked = blanked.replace(words, " ")
    problem, right = blanked != text, RIGHT.search(blanked) is not None
    return "problem" if problem and not right else "right" if right and not problem else None


def stated_verdict(ok: bool, text: str, kind: str = "range", low: bool | None = None) -> str:
    """yes or no for a question about a figure the user states against a guideline: `ok` whether it is within it;
    `kind` "min" (a requirement: only too little breaks it), "max" (a limit: only too much breaks it) or "range"
    (`low`: the figure is below the range, else above when not ok). Asked as worded ("enough?", "ok?") the answer is
    ok; asked the other way round ("too little?", "over the limit?", "any problem?") whether it is broken that way."""
    question = asking_sentence(text)
    under = low if low is not None else kind == "min"
    if TOO.search(question):
        return "yes" if not ok and not under else "no"
    if TOO_LITTLE.search(question):
        return "yes" if not ok and under else "no"
    if PROBLEM.search(question):
        return "no" if ok else "yes"
    return "yes" if ok else "no"


def reaches(enough: bool, text: str) -> str | None:
    """The yes/no to a question about an amount against a minimum it must reach (VIOS memory, swap): as
    stated_verdict(enough, text, "min"), but None for "too much?", which a minimum does not bound."""
    return None if TOO.search(asking_sentence(text)) else stated_verdict(enough, text, "min")
