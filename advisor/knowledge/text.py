"""Text handling shared by the index and the chat: tokens, stopwords, sentences.

The tokenizer mirrors the FTS5 tokenizer the index uses (unicode61 with `_` kept inside
tokens, then Porter stemming done by SQLite), so that what the chat counts as a query term is
exactly what the index can match: `ame_mpsize_support` stays one token, `POWER7+` becomes
`power7`, `disp+work` becomes `disp` and `work`, and a decimal such as `2.8` is kept as one
number so it can be searched as the phrase "2 8".
"""

from __future__ import annotations

import re

import yaml

from advisor import linre

# libyaml's loader where installed: the passage files are read on every process start.
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_TOKEN = re.compile(r"\d+\.\d+|[A-Za-z0-9_]+")
_DECIMAL = re.compile(r"^\d+\.\d+$")

# Words that carry no topic: English function words and the question phrasing admins use.
STOPWORDS = frozenset(
    """
a about above after again against all also am an and any are as at be because been before being
below between both but by can could did do does doing don down during each few for from further
had has have having he her here hers how i if in into is it its itself just me more most my no
nor not now of off on once only or other our ours out over own same she should so some such than
that the their them then there these they this those through to too under until up very was we
were what when where which while who whom why will with would you your yours yourself
actually already always anything get gets got going give gives keep let like made make makes
much must need needs one ones please really right say see seen shall still sure tell thing things
us use used uses using want way well whether yet every via per since without within
explain describe flag flags option options pls plz thx thanks hi hey hello folks guys wondering
vs versus
""".split()
)


def tokens(text: str) -> list[str]:
    """Lower-case tokens as the index sees them (before stemming); decimals kept whole."""
    return [t.lower() for t in _TOKEN.findall(text)]


def is_decimal(token: str) -> bool:
    return bool(_DECIMAL.match(token))


def content_tokens(text: str) -> list[str]:
    """Tokens that can carry a topic: no stopwords, no one-letter noise."""
    return [t for t in tokens(text) if t not in STOPWORDS and (len(t) > 1 or t.isdigit())]


def fts_phrase(words: list[str]) -> str:
    """An FTS5 phrase literal for a word sequence (decimals split as the index splits them)."""
    parts: list[str] = []
    for w in words:
        parts += re.findall(r"[a-z0-9_]+", w.lower())
    return '"' + " ".join(parts) + '"' if parts else ""


# Abbreviations whose dot does not end a sentence.
_ABBREV = re.compile(r"\b(e\.g|i\.e|vs|approx|etc|cf|no|fig)\.", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(\"'`])")


def sentences(text: str) -> list[str]:
    """Split a passage into sentences, leaving `e.g.`, `i.e.` and decimal points alone."""
    flat = " ".join(text.split())
    protected = _ABBREV.sub(lambda m: m.group(0).replace(".", "\x00"), flat)
    return [s.replace("\x00", ".").strip() for s in _SENTENCE_END.split(protected) if s.strip()]


SHOUTED_SHARE = 0.75  # of a message's words in capitals: the whole message is typed in capitals
_LETTER_WORDS = linre.compile(r"[A-Za-z]{2,}")


def shouted(text: str) -> bool:
    """The message is typed in capitals throughout ("WHAT DOES IAR043I MEAN AT IPL?"): capitals say nothing there.
    Counted in words (the reader spells a shouted shorthand out in capitals too: "SHM" -> "SHARED MEMORY")."""
    words = [m.group(0) for m in _LETTER_WORDS.finditer(text[:2000])]
    return len(words) >= 3 and sum(w.isupper() for w in words) >= SHOUTED_SHARE * len(words)
