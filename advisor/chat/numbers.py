"""Numbers in admins' questions: "four 10 Gb ports", "a 48-core server", "16 GB online", "1 TB".

Questions spell numbers as words as often as digits, so the text is first normalised
(`four` -> `4`, `twenty-four` -> `24`), then the calculators' patterns run on digits only.
Sizes are converted to GiB, the unit of every `_gb` field.
"""

from __future__ import annotations

import re

from advisor import linre

_UNITS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "single": 1,
    "a pair of": 2,
    "dual": 2,
    "both": 2,
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}


def spelled(word: str) -> int | None:
    """The count a word spells ("six", "single", "dual"), or None."""
    return _UNITS.get(word.lower())


_WORDS = re.compile(
    r"\b(?:("
    + "|".join(_TENS)
    + r")(?:[\s-]("
    + "|".join(k for k in _UNITS if " " not in k and _UNITS[k] < 10)
    + r"))?"
    r"|(" + "|".join(sorted(_UNITS, key=len, reverse=True)) + r"))\b",
    re.IGNORECASE,
)

_SIZE = re.compile(
    # (?<!\d): a match starts where a number does; without it each digit of a long run restarts the
    # scan and a 64 KB message of digits costs minutes (issue 12)
    r"(?<!\d)(\d+(?:\.\d+)?)\s*(TB|TiB|T|GB|GiB|G|MB|MiB|M)\b(?!\s*(?:=|FC|Fibre|Ethernet|Eth|ports?|pages?|frames?|bit|Gb))",
    re.IGNORECASE,
)
_TO_GB = {
    "t": 1024.0,
    "tb": 1024.0,
    "tib": 1024.0,
    "g": 1.0,
    "gb": 1.0,
    "gib": 1.0,
    "m": 1 / 1024,
    "mb": 1 / 1024,
    "mib": 1 / 1024,
}


def normalise(text: str) -> str:
    """Number words to digits; everything else unchanged."""

    def repl(m: re.Match) -> str:
        if m.group(1):
            return str(_TENS[m.group(1).lower()] + (_UNITS[m.group(2).lower()] if m.group(2) else 0))
        if m.group(3).lower() == "one" and _pronoun_one(m):
            return m.group(0)
        return str(_UNITS[m.group(3).lower()])

    return _WORDS.sub(repl, _QUAD_PORT.sub("4", text))


# a "one" that stands for a thing, not a count: after a word that points at it ("this one", "which one", "the other
# one", anywhere), or said at a clause's end after "me", "us", "the", "good" ("can you give me one?", "a good one.")
# or a word a message says of itself ("long one.")
_PRONOUN_ONE = linre.compile(
    r"\b(?:this|that|which|each|every|any|no|other|another|same|new|old|last|first|second|third|next|"
    r"previous|big|small|bigger|smaller|right|wrong)\s+$",
    linre.IGNORECASE,
)
# "long one.", "quick one:", "an easy one?": a message's own words for itself, no count
_PRONOUN_ONE_AT_END = linre.compile(
    r"\b(?:me|us|the|good|long|quick|short|easy|simple|tricky|odd|weird|strange|silly|basic|hard|tough|final)\s{1,3}$",
    linre.IGNORECASE,
)
_CLAUSE_END = linre.compile(r"\s{0,3}(?:[?.!,;:)]|$)")


def _pronoun_one(m: re.Match) -> bool:
    before = m.string[max(0, m.start() - 16) : m.start()]
    if _PRONOUN_ONE.search(before):
        return True
    return _CLAUSE_END.match(m.string, m.end()) is not None and _PRONOUN_ONE_AT_END.search(before) is not None


# "3 quad-port 8Gb FC HBAs": four ports an adapter (not the z/OS "quad area", which is no count)
_QUAD_PORT = re.compile(r"\bquad(?=[\s-]port)", re.IGNORECASE)


def sizes_gb(text: str) -> list[float]:
    """Every memory size in the text, in GiB, in order (`16 GB`, `512 MB`, `1 TB`)."""
    return [float(v) * _TO_GB[u.lower()] for v, u in _SIZE.findall(normalise(text))]


# The calculators pass their own patterns here: linear-time (advisor/linre.py), as a long run of
# digits made each `(\d+)...` pattern quadratic in Python's `re` (issue 12).

# A float holds about 15 significant digits: a number written with more cannot be read for sure (and 400 nines are an
# infinity no calculator survives), so it is never taken as a figure: the reader asks about it (reader/quantities.py)
# and the calculators' own patterns skip it.
MAX_DIGITS = 15


def _readable(raw: str) -> bool:
    return sum(c.isdigit() for c in raw) <= MAX_DIGITS


def first_int(pattern: str, text: str, *, largest: bool = False) -> int | None:
    """The integer captured by `pattern` (group 1) in the normalised text; the largest of several if asked."""
    captured = [m.group(1) for m in linre.finditer(pattern, normalise(text), linre.IGNORECASE)]
    if not captured or not all(_readable(c) for c in captured):
        return None  # none, or one that cannot be read for sure: no figure
    found = [int(c) for c in captured]
    return max(found) if largest else found[0]


def first_float(pattern: str, text: str) -> float | None:
    m = linre.search(pattern, normalise(text), linre.IGNORECASE)
    return float(m.group(1)) if m and _readable(m.group(1)) else None


def all_floats(pattern: str, text: str) -> list[float]:
    return [
        float(m.group(1)) for m in linre.finditer(pattern, normalise(text), linre.IGNORECASE) if _readable(m.group(1))
    ]


def fmt(value: float, digits: int = 2) -> str:
    """A number as an admin writes it: 6, 6.4, 0.07 (no trailing zeros)."""
    text = f"{value:.{digits}f}"
    if "." in text:  # only fractional zeros go: 20000 stays 20000, 6.40 becomes 6.4
        text = text.rstrip("0").rstrip(".")
    return text if text != "-0" else "0"


def gb(value: float) -> str:
    """A size in GB, with its TB beside it from 1 TB on ("1024 GB (1 TB)": swap for half a TB of memory)."""
    return f"{fmt(value)} GB" + (f" ({fmt(value / 1024)} TB)" if value >= 1024 else "")


# "90 %", "90\u00a0%": the chat writes a percentage as admins and the sources' figures do, "90%" (one style for
# calculators, claims and passages alike; docs/chat.md "Numbers")
_PERCENT_SPACE = linre.compile(r"(\d) %")


def percent_style(text: str) -> str:
    """The text with no space between a number and its percent sign."""
    if "%" not in text:
        return text
    text = text.replace("\u00a0%", " %").replace("\u202f%", " %")
    return _PERCENT_SPACE.sub(r"\1%", text)
