"""The reader for admin language: what a message names, before anything answers it.

`read(message)` returns a Reading: platforms and processors (platforms.py), OS levels, every
quantity with its unit and multiplier (quantities.py), commands and tunables, rule ids, and
whether the message is a yes/no question. Shorthand is spelled out first (shorthand.py), so
"shld", "w/", "mem" and "shm" read as the words they stand for.

The reader never drops a number silently: each one is in `quantities`, and one it cannot read
for sure carries the question to ask (`problems`). Callers mark the quantities they used, and
`unused()` lists the ones they did not, which the chat reports rather than ignores.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from advisor import linre
from advisor.chat.intents import rule_ids
from advisor.chat.reader.platforms import OsLevel, PlatformMention, aix_at_least, model_numbers, os_levels, platforms
from advisor.chat.reader.quantities import Quantity, parse_number, quantities
from advisor.chat.reader.shorthand import expand

# Commands and tunables the sources and the document schema name, as admins type them.
COMMANDS = (
    "amepat",
    "lparstat",
    "vmstat",
    "svmon",
    "vmo",
    "schedo",
    "ioo",
    "chdev",
    "lsattr",
    "lsdev",
    "lsmap",
    "lshwres",
    "lssyscfg",
    "entstat",
    "seastat",
    "netstat",
    "prtconf",
    "oslevel",
    "ioslevel",
    "kctune",
    "machinfo",
    "psrset",
    "mpsched",
    "chatr",
    "caliper",
    "ipcs",
    "swapinfo",
    "D VIRTSTOR",
    "D M=STOR",
    "D IPLINFO",
    "QUERY MULTITHREAD",
    "SET MULTITHREAD",
    "lsqeth",
)
TUNABLES = (
    "ame_mpsize_support",
    "vpm_fold_policy",
    "queue_depth",
    "num_cmd_elems",
    "max_xfer_size",
    "max_transfer",
    "reserve_policy",
    "large_receive",
    "largesend",
    "mtu_bypass",
    "jumbo_frames",
    "ha_mode",
    "numa_policy",
    "filecache_max",
    "dbc_max_pct",
    "LDR_CNTRL",
    "DATAPSIZE",
    "TEXTPSIZE",
    "SHMPSIZE",
    "STACKPSIZE",
    "LFAREA",
    "PLAREA",
    "IEASYSxx",
    "PGFIX",
    "lgpg_regions",
    "lgpg_size",
    "share_idle_procs",
    "smt_threads",
)
_TERM = re.compile(
    r"(?<![\w])("
    + "|".join(re.escape(t).replace(r"\ ", r"\s") for t in sorted(COMMANDS + TUNABLES, key=len, reverse=True))
    + r")(?![\w])",
    re.IGNORECASE,
)
_CANONICAL = {t.lower(): t for t in COMMANDS + TUNABLES}

# Yes/no questions: an auxiliary first, or a tag such as ", right?" / "ok?" at the end.
_YES_NO = re.compile(
    r"^\s*(?:so\s|and\s|but\s|also\s|ok\s|quick\squestion:?\s)?(?:is|are|can|could|should|shall|does|do|did|will|would|"
    r"may|must|has|have|was|were|isn't|aren't|can't|cannot|shouldn't|doesn't|don't|won't|am)\b"
    r"|\b(?:right|correct|ok|okay|true|allowed|supported|possible|safe|fine|good|normal|healthy|expected|enough|fits)"
    r"\s?\?\s*$"
    # "38% more ETR on our EC12, same as the paper?": the user's figure against the source's
    r"|\b(?:same\s+as|like|as\s+in)\s+(?:in\s+)?(?:the\s+)?(?:paper|deck|study|redbook|redpaper|source|slides?)\s?\?\s*$"
    r"|^\s*(?:once|if|when|after|before|since|now\s+that)\b[^,?]{0,80}?\b(?:can|could|should|is|are|does|do|will|must)"
    r"\s+(?:i|we|you|it|the|a|an|my|our|this|that|there)\b"
    r"|\b(?:is\s+it|is\s+that|is\s+this)\s+(?:ok|okay|safe|fine|supported|allowed|true|correct|right|possible|wise)\b"
    # "ok to leave it like that?", "in the new syntax is the percentage taken of ...?", "in the study was SMT on?"
    r"|^\s*(?:ok|okay|fine|safe|alright|good)\s+to\s+\w"
    # "lfarea ok y/n", "enough instances on this box y/n": the tag at the end asks for yes or no whatever precedes it
    r"|(?:^|\s)(?:y/n|yes\s?/\s?no|yes\s+or\s+no)\s?[?.!]?\s*$"
    # "AME fine on bwapp02?", "lfarea ok for this system?", "this LPAR ok from an AME point of view?": a subject, a
    # judgement, where or in which respect
    r"|^\s*[\w/.-]{1,30}(?:\s+[\w/.-]{1,30}){0,3}\s+(?:ok|okay|fine|good|sane|safe|right|correct)\s+"
    r"(?:on|for|with|in|at|here|from|as)\b[^?]{0,60}\?\s*$"
    r"|^\s*(?:in|on|for|with|during|under|at)\s+(?:(?!(?:what|which|how|why|when|where|who)\b)[a-z0-9'/+.-]+\s+){1,6}?"
    r"(?:is|are|was|were|does|do|did|can|could|should|"
    r"will|would|must|has|have)\s+(?:the|a|an|it|this|that|there|my|our|we|i|you|smt|ame)\b",
    re.IGNORECASE,
)
# "factor 2.5 -> how much true?": two clauses; so are two lines of a ticket ("...on disp+work\nwhat chatr options?")
_CLAUSE = re.compile(r"[,;:.!?]\s|\n|\s-\s|\s?(?:->|=>)\s")
# "keep expanded - new true?", "how much true?": AME's true memory asked for, not "is that true?"
_TRUE_MEMORY = re.compile(r"\b(?:new|the|much|needed|required|min(?:imum)?|resulting)\s+true\s?\?\s*$", re.IGNORECASE)
_WH = re.compile(r"^\s*(?:what|which|how|why|when|where|who)\b", re.IGNORECASE)


class Problem(BaseModel):
    """Something in the message that cannot be read for sure, with the question to ask back."""

    raw: str
    question: str


class Reading(BaseModel):
    """What a message names, in the order it names it."""

    text: str = Field(description="The message with shorthand spelled out and number words as digits.")
    said: str = Field("", description="The message as written (a number in it was written in digits).")
    platforms: list[PlatformMention] = Field(default_factory=list)
    os_levels: list[OsLevel] = Field(default_factory=list)
    quantities: list[Quantity] = Field(default_factory=list)
    terms: list[str] = Field(default_factory=list, description="Commands and tunables, canonical spelling.")
    rule_ids: list[str] = Field(default_factory=list)
    yes_no: bool = False
    problems: list[Problem] = Field(default_factory=list)

    def of_kind(self, *kinds: str) -> list[Quantity]:
        return [q for q in self.quantities if q.kind in kinds]

    def amounts(self, *kinds: str) -> list[Quantity]:
        """The quantities of these kinds that are amounts of the system, not parts of a statement or a page
        size: the 1M and 2G of "LFAREA=(1M=(60%),2G=(6))" or of "1M pages" are not the storage it has (a count
        before "frame" is not a page size: "a 64 core frame" is a machine)."""
        spans = [(m.start(), m.end()) for m in _STATEMENT.finditer(self.text)]
        return [
            q
            for q in self.of_kind(*kinds)
            if not any(a <= q.start < b for a, b in spans)
            and not (q.kind == "size" and _PAGE_AFTER.match(self.text, q.end))
        ]

    def sizes_gb(self) -> list[float]:
        return [q.value for q in self.quantities if q.kind == "size" and not q.ambiguous]

    def families(self) -> set[str]:
        fams = {p.family for p in self.platforms}
        fams |= {{"aix": "power", "hpux": "hpux", "zos": "z", "zvm": "z"}[o.os] for o in self.os_levels}
        return fams

    def processor(self, family: str = "power") -> PlatformMention | None:
        return next((p for p in self.platforms if p.family == family), None)


# "LFAREA=(1M=(60%),2G=(6))", "LFAREA=12G": a statement whose numbers are its own (balanced one level deep)
_STATEMENT = linre.compile(r"\b[A-Z][A-Z_]{2,}\s*=\s*(?:\((?:[^()]|\([^()]*\))*\)|\S+)", linre.IGNORECASE)
_PAGE_AFTER = linre.compile(r"\s*(?:=|(?:[a-z]+\s+){0,2}?(?:pages?|frames?)\b)", linre.IGNORECASE)


def read(message: str) -> Reading:
    """Read one message (bounded by the API's message limit; every pattern is linear in its length)."""
    expanded = expand(message or "")
    text, qs = quantities(expanded)
    # "a 780+", "Power 770": a server's model number is the processor named, no number of the question
    spans = model_numbers(text)
    qs = [q for q in qs if q.kind != "number" or not any(a <= q.start and q.end <= b for a, b in spans)]
    # one question per problem: both ends of a range ("20-30 npiv") carry the same one
    problems = list(
        {q.ambiguous: Problem(raw=q.raw, question=q.ambiguous) for q in reversed(qs) if q.ambiguous}.values()
    )
    problems.reverse()
    terms = list(dict.fromkeys(_CANONICAL.get(m.group(1).lower(), m.group(1)) for m in _TERM.finditer(text)))
    clauses = [c for c in _CLAUSE.split(text) if c.strip()]
    yes_no = (
        any(_YES_NO.search(c) and not _WH.match(c) and not _TRUE_MEMORY.search(c) for c in clauses[-2:])
        if clauses
        else False
    )
    return Reading(
        text=text,
        said=message or "",
        platforms=platforms(text),
        os_levels=os_levels(text),
        quantities=qs,
        terms=terms,
        rule_ids=rule_ids(text),
        yes_no=yes_no,
        problems=problems,
    )


__all__ = [
    "OsLevel",
    "PlatformMention",
    "Problem",
    "Quantity",
    "Reading",
    "aix_at_least",
    "expand",
    "parse_number",
    "read",
]
