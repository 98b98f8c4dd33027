"""Verdicts computed from what the question states, where a pattern would ignore a number.

"is AME64K ok on POWER9 with AIX 7.2 TL0?" turns on the technology level: a pattern that sees
"POWER9" and "AIX 7.2" answers yes, the rule (POWER8 or later with AIX 7.2 TL1 or later, from
the calculator advisor/calculators/ame.py) answers no. When the reader found a processor or an
AIX level, the verdict is computed from them; a processor or level that fails the condition
makes it "no"; both met make it "yes"; one half met with the other left unstated (a processor without an
AIX level, an AIX level without a processor, an AIX 7.2 without its technology level) is "it depends".
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass, replace

from advisor import linre
from advisor.calculators import ame
from advisor.capabilities.whatif import ChangeError, apply_changes
from advisor.chat.reader import Reading, read
from advisor.chat.reader.platforms import OsLevel
from advisor.chat.state import ChatState
from advisor.documents.errors import DocumentError
from advisor.documents.io import validate_document
from advisor.knowledge.claims import GENERIC, Claims, ClaimVerdict, Level, below_minimum, parse_level

_AME64K = linre.compile(
    r"\bAME\s?64K\b|\b64K\s+mode\b|\bame_mpsize_support\b|\bcompress(?:ing)?\s+64K|"
    r"\bAME\s+(?:with|on|using|for|of|to)\s+64\s?K(?:B)?\s+(?:app(?:lication)?\s+)?pages?\b",
    linre.IGNORECASE,
)
_NOT_SUPPORT = linre.compile(r"\bdefault\b|\breboot|\brestart|\bfactor\b|\bCPU\b|\bfaster\b", linre.IGNORECASE)
# "our POWER9 lpars", "my app servers": the user's own systems, which have the level the question leaves out
_OWN_SYSTEMS = linre.compile(
    r"\b(?:our|my)\s+(?:[\w+/-]+\s+){0,2}(?:lpars?|partitions?|servers?|systems?|box(?:es)?|machines?|frames?|hosts?)\b",
    linre.IGNORECASE,
)
PASSAGE = "ame64k-overview-ame4k-vs-ame64k-history"  # where the sources state the condition
_NEEDS = "AME64K needs POWER8 or later with AIX 7.2 TL1 or later"


def ame64k_support(reading: Reading) -> tuple[str, str] | None:
    """(yes | no | it depends, because) for "can I use AME64K on <processor> with <AIX level>?", or None."""
    text = reading.text
    if not reading.yes_no or not _AME64K.search(text) or _NOT_SUPPORT.search(text):
        return None
    procs = [p.name for p in reading.platforms if p.family == "power"]
    levels = [o for o in reading.os_levels if o.os == "aix"] or ([bare] if procs and (bare := bare_aix(text)) else [])
    if not procs and not levels:
        return None
    proc = procs[-1] if procs else None
    level = levels[-1] if levels else None
    proc_ok = None if proc is None else proc in ame.AME64K_PROCESSORS
    if level is None:
        level_ok = None
    elif level.tl is None:
        level_ok = True if level.version >= "7.3" else (False if level.version < "7.2" else None)
    else:
        level_ok = ame.aix_level(level.version, level.tl) >= ame.AME64K_MIN_LEVEL
    said = " with ".join(x for x in (proc, level.label if level else None) if x)
    if proc_ok is False or level_ok is False:
        short = proc if proc_ok is False else level.label if level else ""
        return "no", f"{_NEEDS}; {short} is below that, so AME works on 4K pages only (AME4K) there"
    if proc_ok and level_ok:
        return "yes", f"{_NEEDS}, and {said} has both; it is the recommended AME option for SAP"
    # "is AME64K supported on POWER9?" asks of the generation: yes, on the level it needs; "can I run AME64K on our
    # POWER9 lpars?" asks of systems that have an AIX level, which the question leaves out: it depends on it
    own = _OWN_SYSTEMS.search(text) is not None
    if proc_ok and level is None:
        if own:
            return "it depends", f"{_NEEDS}: {proc} meets the processor half; it depends on the AIX level (7.2 TL1 on)"
        return "yes", f"{_NEEDS}: on {proc} it is supported and recommended for SAP from AIX 7.2 TL1 on"
    if level_ok and level is not None and proc is None:
        if own:
            return "it depends", f"{_NEEDS}: {level.label} meets the AIX half; it depends on the processor (POWER8 on)"
        return "yes", f"{_NEEDS}: {level.label} qualifies on POWER8 or later processors"
    return (
        "it depends",
        f"{_NEEDS}; {said} meets that so far, it also depends on the AIX technology level (TL1 or later)",
    )


@dataclass(frozen=True)
class Computed:
    """A yes/no verdict computed from the processor, machine or level the question states, with its passage."""

    answer: str
    because: str
    passage: str
    over_entries: str = ""  # the verdict entries (an id prefix) it answers before; "" all of them
    # answers before any claim ("z13 with zos 2.2, 2g pages?" is not the SMT study's z/OS level); else only before an
    # availability claim ("can we ...?")
    over_claims: bool = False


# "2 GB pages", "2G frames", "LFAREA 2G=", "PAGEFRAMESIZE=2G": the fixed 2 GB page size of z/OS
_2G_PAGES = linre.compile(
    r"\b2\s?G(?:B)?\s+(?:(?:large|fixed|huge)\s+)?(?:pages?|frames?)\b|\b2G\s?=|\bPAGEFRAMESIZE\s?=\s?2G\b|"
    r"\b2\s?gig\s+pages?\b",
    linre.IGNORECASE,
)
# what else a 2 GB page question may ask: paging, 4K demand, reconfiguration, the IPL, limits, sizes, figures
_NOT_2G_SUPPORT = linre.compile(
    r"\bpageable\b|\bpag(?:ed|ing)\b|\bpage\s+(?:it\s+|them\s+)?out\b|\bDREF\b|\b4\s?K\b|\breconfig\w*|\bdefault\b|"
    r"\bIPL\b|\bprompt\w*|\blimit\b|\bmax\w*|%|\bhow\s+(?:much|many|big)\b|\bfaster\b|\bgain\w*|\bimprov\w*|\bbetter\b|"
    r"\bbase\b|\bbuilt[- ]in\b|\bincluded\b|\bFlash\b|\bform\b|\bsyntax\b|\bvalid\b",
    linre.IGNORECASE,
)
# "can we use", "supported on", "available", "doable", "possible", "work on": whether the machine and release have them
_2G_ASKED = linre.compile(
    r"\b(?:can|could|may)\s+(?:I|we|you|it|they|z/?OS)\b|\b(?:possible|supported|support|available|doable|feasible|"
    r"usable|allowed|works?)\b|\b(?:use|exploit|get|have)\b",
    linre.IGNORECASE,
)
_Z_MACHINE = {"z9": 9, "z10": 10, "z114": 11, "z196": 11, "zbc12": 12, "zec12": 12, "z13": 13, "z14": 14, "z15": 15}
_STATEMENT = linre.compile(r"\bLFAREA\s?=\s?\S+", linre.IGNORECASE)
_Z_NAMES = {"z9": "z9", "z10": "z10", "z114": "z114", "z196": "z196", "zbc12": "zBC12", "zec12": "zEC12", "z13": "z13"}
_Z_NAMES |= {"z14": "z14", "z15": "z15"}
_RSM_OFFERING = linre.compile(r"\bRSM\b|\benablement\s+offering\b|\bweb\s+deliverable\b", linre.IGNORECASE)
ZOS_2G_PASSAGE = "zos-iar041i-no-hardware-support"
_2G_NEEDS = "2 GB pages need a zEC12 or later machine and z/OS 2.1, or z/OS 1.13 with the RSM Enablement Offering"


def zos_2g_support(
    reading: Reading, known: dict[str, Level] | None = None, platforms: Set[str] = frozenset()
) -> Computed | None:
    """ "can we use LFAREA 2G= on our z196?", "z/OS 2.1: 2 GB large pages?": the machine and the release decide (rule
    ZOS-005: 2 GB pages came with the zEC12; where they are missing, IPL refuses 2G= with IAR041I). `known` and
    `platforms`: the z/OS level and the machine of the session's document, for what the question does not state."""
    text = reading.text
    # "LFAREA=(1M=(40%)) on 128 GB online, can this system use 2G pages?": the document's statement put before the
    # question asks nothing itself
    if not _2G_PAGES.search(text) or _NOT_2G_SUPPORT.search(_STATEMENT.sub(" ", text)):
        return None
    if not (_2G_ASKED.search(text) or short_yes_no(text)):  # "2GB frames on zEC12 with z/OS 1.13?" asks it too
        return None
    if not (reading.yes_no or _yes_no_for_claims(text)):
        return None
    machines = [p.name for p in reading.platforms if p.family == "z" and p.name.lower() in _Z_MACHINE]
    machines = machines or [_Z_NAMES[t] for t in sorted(platforms) if t in _Z_NAMES]
    zos = [o.version for o in reading.os_levels if o.os == "zos"]
    if not zos and known and "zos" in known:
        zos = [".".join(str(x) for x in known["zos"])]
    if not machines and not zos:
        return None
    machine = machines[-1] if machines else None
    level = parse_level("zos", zos[-1]) if zos else None
    if machine is not None and _Z_MACHINE[machine.lower()] < _Z_MACHINE["zec12"]:
        return _2g(
            "no",
            f"{_2G_NEEDS}; a {machine} has no 2 GB page support, so IPL refuses a 2G= request (IAR041I) and the "
            "requests need 1 MB pages instead",
        )
    if level is not None and level < (1, 13):
        return _2g("no", f"{_2G_NEEDS}; z/OS {zos[-1]} is below that")
    offering = level is None or level >= (2, 1) or _RSM_OFFERING.search(text) is not None
    if machine is not None and offering:
        on = f" with z/OS {zos[-1]}" if zos else ", from z/OS 2.1 (or 1.13 with the RSM Enablement Offering)"
        return _2g("yes", f"{_2G_NEEDS}: a {machine} has them{on}; reserve them with 2G= in LFAREA")
    missing = [] if machine is not None else ["the machine (zEC12 or later)"]
    if not offering:
        missing.append("the RSM Enablement Offering on z/OS 1.13")
    said = " with ".join(x for x in (machine, f"z/OS {zos[-1]}" if zos else None) if x)
    return _2g("it depends", f"{_2G_NEEDS}; {said} is not enough to tell, it depends on {' and '.join(missing)}")


def _2g(answer: str, because: str) -> Computed:
    return Computed(answer, because, ZOS_2G_PASSAGE, over_claims=True)


def computed_support(
    reading: Reading, known: dict[str, Level] | None = None, platforms: Set[str] = frozenset()
) -> Computed | None:
    """The first verdict computed from the levels the question states (AME64K on POWER/AIX) or the question and the
    session's document state (2 GB pages on z/OS)."""
    ame64k = ame64k_support(reading)
    if ame64k is not None:
        return Computed(*ame64k, PASSAGE, "ame64k-on")
    return zos_2g_support(reading, known, platforms)


# "VIOS 2.2.1.3", "vios 2.1", "VIO server level 2.2": the reader has no VIOS level of its own
_VIOS_LEVEL = linre.compile(
    r"\b(?:VIOS|VIO\s+servers?|virtual\s+I/O\s+servers?|ioslevel)\s+(?:version\s+|level\s+|is\s+|at\s+)?v?(\d(?:\.\d{1,3}){1,3})\b",
    linre.IGNORECASE,
)
# "and on 2.2.2.0?": a four-part level alone, after a question that stated a VIOS level
_BARE_LEVEL = linre.compile(
    r"^(\s*(?:(?:and|what about|how about)\s+)?(?:(?:on|with|at|for)\s+)?)(\d\.\d{1,2}\.\d{1,2}\.\d{1,3})\b"
)
_FOUR_PART = linre.compile(r"(?:^|[^\w.])(\d\.\d{1,2}\.\d{1,2}\.\d{1,3})\b")
_HPUX_VERSIONS = {"11iv1": (11, 11), "11iv2": (11, 23), "11iv3": (11, 31)}
# "power10 with 7.3", "P9 / 7.2 TL5": an AIX release written without its name after a Power processor
_BARE_AIX = linre.compile(
    r"(?:\bwith|\bon|\brunning|\band|/|,|\bw/)\s{0,2}([5-7]\.[1-3])(?:\s{0,2}TL\s{0,2}(\d{1,2}))?(?:[^\w.%]|$)",
    linre.IGNORECASE,
)
_AIX_RELEASES = frozenset({"5.3", "6.1", "7.1", "7.2", "7.3"})


def bare_aix(text: str) -> OsLevel | None:
    """The AIX release a question about a Power processor writes without "AIX" ("power8 / 7.1", "P10 with 7.3")."""
    m = next((m for m in _BARE_AIX.finditer(text) if m.group(1) in _AIX_RELEASES), None)
    if m is None:
        return None
    tl = int(m.group(2)) if m.group(2) else None
    return OsLevel(os="aix", version=m.group(1), tl=tl, raw=m.group(0).strip())


def stated_levels(reading: Reading) -> dict[str, Level]:
    """The levels a question states, as the claims compare them: the last processor, AIX, VIOS, z/OS, z/VM, HP-UX."""
    out: dict[str, Level] = {}
    for p in reading.platforms:
        if p.family == "power" and p.name.upper().startswith("POWER"):
            try:
                out["power"] = parse_level("power", p.name)
            except ValueError:
                continue
    for o in reading.os_levels:
        if o.os == "hpux":
            if o.version in _HPUX_VERSIONS:
                out["hpux"] = _HPUX_VERSIONS[o.version]
            continue
        try:
            level = parse_level(o.os, o.version)
        except ValueError:
            continue
        if o.os == "aix" and o.sp is not None:  # "AIX 7.1 SP1" is 7.1 TL0 SP1, below the 7.1 SP2 AME needs
            out[o.os] = (*level, o.tl or 0, o.sp)
        else:
            out[o.os] = (*level, o.tl) if o.os == "aix" and o.tl is not None else level
    if "power" in out and "aix" not in out:
        bare = bare_aix(reading.text)
        if bare is not None:
            level = parse_level("aix", bare.version)
            out["aix"] = (*level, bare.tl) if bare.tl is not None else level
    for m in _VIOS_LEVEL.finditer(reading.text):
        out["vios"] = parse_level("vios", m.group(1))
    if "vios" not in out and _VIOS_WORD.search(reading.text):
        # "a vios installed from 2.1.0.10": a level of four parts in a question about a VIOS is the VIOS's level
        four = _FOUR_PART.search(reading.text)
        if four is not None:
            out["vios"] = parse_level("vios", four.group(1))
    return out


# "SEA load sharing on vios 2.1 - available?", "pageable 1M pages - backed when created?": a topic, then the
# predicate asked as a fragment; a question whose last part opens with a wh-word is not one
_TAIL = linre.compile(
    r"(?:^|\s(?:--?|[;–—])\s|[:,]\s)\s*(?:(?:and|or|but|so|then|also)\s+)?([a-z0-9]+)[^-:;,?]*\?\s*$",
    linre.IGNORECASE,
)
_DASH_IN_WORD = linre.compile(r"(?:\w|\s)-\w")
# "npiv on 4gb cards, doable? (vios 2.2.6)": a remark in brackets after the question mark
_TRAILING_REMARK = linre.compile(r"\?\s*\([^()]{0,80}\)\s*$")
_WH = frozenset("what which who whom whose why where how when".split())
# "AIX 4.3.3?" is one sentence; a line of a ticket ends one
_SENTENCE = linre.compile(r"(?:[^.!?\n]|\.\d)+(?:[.!?]+|\n|$)")
# the reader's clause marks; a clause that opens with a wh-word asks something else than yes or no
_CLAUSE = linre.compile(r"[,;:.!?]\s|\n|\s-\s")  # a line of a ticket ends a clause too
_WH_CLAUSE = linre.compile(
    r"^\s*(?:(?:and|or|but|so|then|also)\s+)?(?:what|which|how|why|where|who)\b", linre.IGNORECASE
)


# "... reboot required y/n", "for AME64K modelling does amepat need the -M flag", "when real is tight can z/OS page
# out a 2g frame?": yes/no questions the reader's stricter test leaves out; a claim still needs subject and predicate
_YN_TAG = linre.compile(r"\b(?:y/n|yes\s+or\s+no|yes/no|or\s+not)\W*$", linre.IGNORECASE)
_INVERTED = linre.compile(
    r"^\s*(?:for|on|in|at|with|if|when|once|after|before|since|so|and|but|still|now|over\s+time)\b[^?.]{0,100}?"
    r"\b(?:does|do|did|is|are|can|could|should|will|would|must)\s+[a-z0-9/]",
    linre.IGNORECASE,
)
_WH_FIRST = linre.compile(
    r"^\s*(?:(?:at|in|on|for|from|by|with|to|under|of)\s+)?"
    # "besides AME, what else does the NX unit do?": a set-aside subject before the wh-word
    r"(?:(?:besides|apart\s+from|other\s+than|except(?:\s+for)?|aside\s+from)\s+[\w+./-]+(?:\s+[\w+./-]+)?,?\s+)?"
    r"(?:what|which|who|whom|whose|why|where|how|when\s+(?:is|are|does|do|did|can|will|should))\b",
    linre.IGNORECASE,
)


# "system copy WPAR from a mksysb as old as AIX 4.3.3?", "desired VPs = the peak, not the average?": a short question
# with no wh-word and no request opener ("the command?") asks yes or no; a claim still needs subject and predicate
_FRAGMENT_Q = linre.compile(r"^[^?]{3,120}\?\s*$")
_REQUEST = linre.compile(
    r"^\s*(?:(?:and|or|so|ok|okay)\s+)?(?:which|what|how|why|where|who|whom|whose|when|tool|command|cmd|name|list|show|"
    r"give|tell|explain|describe|calculate|compute|size|other|(?:the|your|its|their)\s+(?:command|cmd|tool|syntax|fileset|"
    r"parameter|tunable|value|option|flag|name|message|figure|number|steps?|procedure|formula|default)s?)\b",
    linre.IGNORECASE,
)
_FRAGMENT_Q_WORDS = 16
# a verb that makes a short question a statement to confirm: "gave", "is", "did", "uses"
_STATEMENT_VERB = linre.compile(
    r"\b(?:is|are|was|were|did|does|do|has|have|had|gave|gives|got|gets|reached|made|makes|ran|runs|uses|used|"
    r"needs|needed|saved|saves|beat|beats|improved|improves|dropped|rose|fell|went)\b",
    linre.IGNORECASE,
)
# "and to get the shared memory in there, the command?": asks for a command or a figure, not yes or no
_REQUEST_END = linre.compile(
    r"\b(?:the|which|what|its|a)\s+(?:command|cmd|tool|syntax|fileset|parameter|tunable|value|option|flag|name|message|"
    r"figure|number|steps?|procedure|formula|default)s?\s*\??\s*$",
    linre.IGNORECASE,
)


def _request(text: str) -> bool:
    """Whether the message asks for something (a command, a value) rather than yes or no."""
    return bool(_REQUEST.match(text) or _REQUEST_END.search(text))


def _short_question(sentence: str) -> bool:
    """A short non-wh question ending in "?" ("amepat -O proc option on AIX 6.1 TL8?")."""
    if not _FRAGMENT_Q.match(sentence) or len(sentence.split()) > _FRAGMENT_Q_WORDS or _request(sentence):
        return False
    return not any(_WH_CLAUSE.match(c) for c in _CLAUSE.split(sentence) if c)


def _yes_no_for_claims(text: str) -> bool:
    """Any of the last three sentences asks yes or no ("should we compress 64K pages? the sources differ")."""
    text = _TRAILING_REMARK.sub("?", text[-600:])
    text = _DASH_IN_WORD.sub(lambda m: m.group(0).replace("-", "_"), text)  # "HP-UX", "-c" are not " - " clauses
    sentences = [m.group(0).strip() for m in _SENTENCE.finditer(text) if m.group(0).strip()]
    for last in sentences[-3:]:
        last = last.removeprefix("Q:").strip()
        if _YN_TAG.search(last):
            return True
        tail = _TAIL.search(last[-300:])
        if tail is not None and tail.group(1).lower() not in _WH:
            return True
        if not _WH_FIRST.match(last) and _INVERTED.match(last):
            return True
        if not _WH_FIRST.match(last) and _short_question(last):
            return True
    return False


def short_yes_no(text: str) -> bool:
    """ "one instance with 120 work processes on 32 cores?": the last sentence is a short question with no wh-word and
    no request, which asks whether what it states holds."""
    last = [m.group(0).strip() for m in _SENTENCE.finditer(text[-600:]) if m.group(0).strip()][-1:]
    return bool(last) and _short_question(last[0])


def states_yes_no(text: str) -> bool:
    """ "z13 without SMT gave 7 % more ETR than zEC12?": a statement put as a question, yes or no whatever figures a
    calculator adds (a short topic-and-predicate tail such as ", size?" is not one)."""
    last = [m.group(0).strip() for m in _SENTENCE.finditer(text[-600:]) if m.group(0).strip()][-1:]
    clause = [c for c in _CLAUSE.split(last[0]) if c and c.strip()][-1:] if last else []
    if clause and (_WH_CLAUSE.match(clause[0]) or _WHEN_ASKED.match(clause[0])):
        return False  # "AME 2.0 with 40 GB true: when does paging start?" asks a figure, not yes or no
    return bool(last) and _short_question(last[0]) and _STATEMENT_VERB.search(last[0]) is not None


_WHEN_ASKED = linre.compile(r"^\s*(?:(?:and|so|then)\s+)?when\s+(?:does|do|is|are|will|would|did)\b", linre.I)


def asked_part(text: str) -> str:
    """The message without its wh-clauses: "what should we change, and does it need a reboot?" asks about a reboot."""
    pieces, at = [], 0
    for m in _CLAUSE.finditer(text):
        pieces.append(text[at : m.end()])  # each clause keeps its own mark: a sentence end stays one (claims._asked)
        at = m.end()
    pieces.append(text[at:])
    kept = [c for c in pieces if c.strip() and not _WH_CLAUSE.match(c)]
    return " ".join(c.strip() for c in kept) if kept else text


# "is it shared ...?", "does that need a reboot?", "and on POWER8?": a follow-up that leans on the earlier turns
_LEANS = linre.compile(
    r"\b(?:it|its|that|this|they|them|those|these|there|one|ones|then)\b|^\s*(?:and|what about|how about)\b"
    r"|\bthe\s+(?:LPAR|partition|VIOS|server|box|system|machine|frame|pool|adapter|guest|instance|WPAR|I/O|LUN|disk|"
    r"traffic|factor|setting|value)s?\b",
    linre.I,
)
# "that mount", "this setting", "is it ...": a follow-up pointing at something named before
_POINTS_AT = linre.compile(r"\b(?:that|this|these|those|it|they|them)\b", linre.I)
_DIGITS = linre.compile(r"\d+(?:[.,]\d+)*")
_ELLIPSIS = linre.compile(r"^\s*(?:and|what about|how about|same (?:for|on|with))\b", linre.I)
# "and 1024?", "what about 64 GB?": another amount for a figure, not a yes/no question about a subject
_AMOUNT_ONLY = linre.compile(
    r"^\s*(?:(?:and|what about|how about)\s+)?(?:(?:for|at|with|to|on)\s+)?\d[\d.,]*\s*(?:[a-z%]{1,5})?\s*[?.!]*\s*$",
    linre.I,
)
# "4 large ones": a count of the things an earlier question counted ("how many SAP instances ...?")
_ONES = linre.compile(r"\b(\d+\s+(?:[a-z]+\s+)?)ones\b", linre.I)
_COUNTED_NOUN = linre.compile(r"\bhow\s+many\s+(?:[a-z/]+\s+){0,2}?([a-z]+s)\b", linre.I)
_SHORT = 6  # words: "reboot needed?", "dynamic?", "supported on P8?"
_CONTEXT_CHARS = 600
_CONTEXT_TURNS = 4  # the subject of "and on POWER7?" may have been named a few turns back
_IMPERATIVE = linre.compile(
    r"^\s*(?:add|raise|increase|decrease|lower|reduce|grow|shrink|expand|enlarge|bump|set|use|enable|disable|turn|switch|keep|leave|put|run|go|bump|"
    r"pin|configure|install|apply|give|move|make|create|mount|map|zone|start|stop|try|drop|remove|change|tune|"
    r"compress|split|combine|mix|skip|trust|follow|take)\b[^?]*\?\s*$",
    linre.IGNORECASE,
)
_MORE = linre.compile(r"^\s*(?:(?:and|so|then)\s+)?(?:more|extra|additional|another)\s+([\w/+-]+)[^?]*\?\s*$", linre.I)
_POINTED = linre.compile(r"^\s*[a-z]+\s+(?:it|that|this|them)\s*\?\s*$", linre.I)
_FRAGMENT_WORDS = 12  # "active memory dedup on POWER6?", "and SSP on VIOS 2.1?": short enough to be one fragment
# a question that opens with its verb ("is the default LFAREA zero?") says what it asks; a fragment has no verb
_VERB_FIRST = linre.compile(
    r"^\s*(?:(?:and|so|but|then|also|ok|okay)\s+)?(?:is|are|was|were|does|do|did|can|could|should|would|will|must|has|have|"
    r"may|might|isn't|aren't|doesn't|don't)\b",
    linre.IGNORECASE,
)
# "vios1", "vio2": a numbered VIO server is one too
_VIOS_WORD = linre.compile(r"\b(?:VIOS\d*|VIO\d+|VIO\s+servers?|virtual\s+I/O\s+servers?)\b", linre.IGNORECASE)
_WEIGHT_WORD = linre.compile(r"\bweights?\b", linre.IGNORECASE)
_WHOLE = linre.compile(r"(?:^|[^\w.])(\d{1,3})(\.\d+)?")  # not the 2 of "vios2"
_NEAR = 40  # characters after "VIOS" where its own weight is written
# "weight 128 for the vios and 200 for the clients": a weight written before "for the VIOS" is the VIOS's own
_FOR_VIOS = linre.compile(
    r"(?:^|[^\w.])(\d{1,3})\s+(?:for|on)\s+(?:(?:the|both|our|all|\d)\s+){0,2}(?:VIOS\d*|VIO\d+|VIO\s+servers?)\b",
    linre.IGNORECASE,
)
# "in the upper part of 0-255", "between 0 and 255": the scale of the weights, not a weight
_SCALE = linre.compile(r"\b0\s*(?:-|–|to|and|\.\.)\s*255\b|\b(?:of|out\s+of|/)\s*255\b", linre.IGNORECASE)


def vios_weight(claims: Claims, reading: Reading) -> ClaimVerdict | None:
    """ "our vios has uncapped weight 64 and the sap lpars 128. fine?": the weights compared, not the topic."""
    text = reading.text
    vios = _VIOS_WORD.search(text)
    claim = next((c for c in claims.items if c.id == "vios-weight-higher"), None)
    if vios is None or claim is None or not _WEIGHT_WORD.search(text):
        return None
    scale = [(m.start(), m.end()) for m in _SCALE.finditer(text)]
    numbers = [
        (m.start(1), int(m.group(1)))
        for m in _WHOLE.finditer(text)
        if not m.group(2) and int(m.group(1)) <= 255 and not any(a <= m.start(1) < b for a, b in scale)
    ]
    before = _FOR_VIOS.search(text)
    if before is not None:  # "... for 2 vios": the 2 counts servers, it is no weight
        numbers = [(at, n) for at, n in numbers if not _VIOS_WORD.match(text, at + len(str(n)) + 1)]
    own = [(at, n) for at, n in numbers if vios.end() <= at <= vios.end() + _NEAR]
    if before is not None:
        own = [(at, n) for at, n in numbers if at == before.start(1)]
    if not own or len(numbers) < 2:
        return None
    mine = own[0][1]
    others = [n for at, n in numbers if at != own[0][0]]
    top = max(others)
    if mine > top:
        return ClaimVerdict("yes", f"the VIOS weight {mine} is above the other LPARs' {top}; {claim.because}", claim)
    return ClaimVerdict("no", f"the VIOS weight {mine} is not above the LPARs' {top}; {claim.because}", claim)


def earlier_questions(st: ChatState) -> str:
    """The conversation's last two user messages and the last question as resolved, oldest first: where a yes/no
    follow-up ("is it shared between the cores?", "and on POWER8?") finds the subject it leaves out."""
    said = st.recalled("user")[-_CONTEXT_TURNS:]
    if st.subject.anchor and not said:  # a session stored before its state kept the latest messages
        said.append(st.subject.anchor)
    if st.subject.question:
        said.append(st.subject.question)
    return " ; ".join(dict.fromkeys(s.strip() for s in said if s.strip()))[-_CONTEXT_CHARS:]


def change_outcome(advisor, doc: dict, text: str) -> tuple[str, str, str] | None:
    """ "can we just switch SMT on for ZVMSAP?": the change the question proposes, made on a copy of the session's
    document and reviewed again. (no, why, rule) when it brings a finding in; (yes, why, rule) when it clears one and
    brings none; None when it moves nothing, or the words name no change that can be made for sure (the claims then
    answer, at the document's levels)."""
    from advisor.chat.whatif import read_changes  # the what-if reader, which imports the dialogue this module serves

    try:
        changes = read_changes(doc, text)
        if not changes:
            return None
        after_doc = apply_changes(doc, changes)
        before = advisor.review(validate_document(doc, "document")).findings
        after = advisor.review(validate_document(after_doc, "document")).findings
    except (ChangeError, DocumentError):
        return None
    said = ", ".join(f"{c.path} to {c.value}" for c in changes[:3])
    was = {(f.rule_id, f.target) for f in before}
    brought = [f for f in after if (f.rule_id, f.target) not in was]
    if brought:
        f = brought[0]
        return "no", f"setting {said} brings {f.rule_id} in on {f.target}: {f.title}", f.rule_id
    now = {(f.rule_id, f.target) for f in after}
    cleared = [f for f in before if (f.rule_id, f.target) not in now]
    if cleared:
        f = cleared[0]
        return "yes", f"setting {said} clears {f.rule_id} on {f.target} ({f.title}) and brings no finding in", f.rule_id
    return None


def document_levels(doc: dict | None) -> dict[str, Level]:
    """The levels the session's document states (HP-UX release, z/OS and z/VM level, processor, AIX level): a claim
    with a minimum level judges "can I just kctune numa_policy=1 on this box?" against the box's 11i v2 as if the
    question had said it; a level the question states itself still wins."""
    if not doc:
        return {}
    out: dict[str, Level] = {}
    hpux = doc.get("os_version") if doc.get("kind") == "hpux-server" else None
    if isinstance(hpux, str) and hpux in _HPUX_VERSIONS:
        out["hpux"] = _HPUX_VERSIONS[hpux]
    zvm = doc.get("zvm")
    said = {
        "zos": doc.get("zos_version"),
        "zvm": zvm.get("version") if isinstance(zvm, dict) else None,
        "power": doc.get("processor"),
    }
    for kind, value in said.items():
        if isinstance(value, str):
            try:
                out[kind] = parse_level(kind, value)
            except ValueError:
                continue
    return out


def claim_verdict(
    claims: Claims, reading: Reading, context: str = "", answered: str = "", known: dict[str, Level] | None = None
) -> ClaimVerdict | None:
    """The verdict of the claims that settle this yes/no question's predicate (knowledge/claims/), or None.

    A follow-up that leans on the conversation (a pronoun, a short fragment) and that no claim settles alone is
    read again with the earlier questions (`context`) in front: the subject may come from them, the predicate
    and the levels it states still come from the follow-up itself ("does plain POWER7 have it?" after the NX
    unit of POWER7+ asks about the NX unit on POWER7). `answered`: the title of what the last answer put forward,
    which supplies subjects only ("does that mount survive a reboot?" after an answer proposing a namefs mount);
    its words never ask the predicate. `known`: the levels the session's document states (document_levels), under
    those the question states."""
    text = reading.text
    if _YN_TAG.search(text):  # "acceptable y/n?", "supported or not?": the tag only says that yes or no is asked
        reading = read(_YN_TAG.sub("?", text).replace(" ?", "?"))
        text = reading.text
    if _BARE_LEVEL.match(text) and context and _VIOS_LEVEL.search(context):
        # "ssp on vios 2.2.0.13?" then "and on 2.2.2.0?": a dotted level of four parts is another VIOS level
        reading = read(_BARE_LEVEL.sub(lambda m: f"{m.group(1)}VIOS {m.group(2)}", text))
        text = reading.text
    if _AMOUNT_ONLY.match(text.split(" (", 1)[0]):
        return None  # "and 1024?": another figure for the earlier calculation, no yes/no about a subject
    if _asks_choice(text):
        return _choice(claims, text, stated_levels(reading))
    if _WH_FIRST.match(asked_part(text)) and not _ELLIPSIS.match(text):
        return None  # "at what CPU utilization were the runs held?" asks for a figure, not yes or no
    if not reading.yes_no and not _asks_yes_no(text, claims) and not _ellipsis_of_yes_no(text, context, claims):
        return None
    weighed = vios_weight(claims, reading)
    if weighed is not None:
        return weighed
    # "does plain POWER7 have it (is it shared between the cores?)": a follow-up asked with the question it
    # continues asks its own predicate when it has one, the earlier question's when it has none ("and on P8?")
    head = text[: text.index(" (")] if text.endswith(")") and " (" in text else text
    if head != text:  # the carried form drops the follow-up's "?": "1 VIOS ONLY. ACCEPTABLE (earlier question)"
        head = head.rstrip(" ?.!") + "?"
    # "dispatcher queue growing -> add more WPs?": an arrow ends the statement before the question
    own = _ARROW.sub(". ", head if claims.asks_any(head) else text)
    fragment = (
        len(own.split()) <= _FRAGMENT_WORDS
        and not _WH_FIRST.match(own)
        and not _VERB_FIRST.match(own)
        and not _request(own)  # "command to raise the huge buffers?" asks for a command
    )
    stated = stated_levels(reading)
    focus = head if head != text else None
    if focus is not None:  # "on VIOS 2.2.2.0 (ssp on vios 2.2.0.13 - doable)": the follow-up's own level wins
        stated = {**stated, **stated_levels(read(head))}
    known = known or {}
    levels = {**known, **stated}
    inner = text[text.index(" (") + 2 : -1] if own == text and focus is not None else ""
    if inner and (_IMPERATIVE.match(f"{inner}?") or _adds(f"{inner}?")):
        # "and the db2 lpar?" after "turn on AME for the Java LPARs too?": the question it continues asks whether to
        own = f"{head} (should I {'add ' if _adds(f'{inner}?') else ''}{inner})"
    elif _IMPERATIVE.match(own) or _adds(own):
        own = f"should I {'add ' if _adds(own) else ''}{own}"  # "add work processes when response is slow?"
    else:  # "HWM of 4K use is high in D VIRTSTOR. raise LFAREA?": the last sentence asks whether to
        sents = [m.group(0) for m in _SENTENCE.finditer(own[-600:]) if m.group(0).strip()]
        tagged = _POINTED.match(sents[-1]) if sents else None  # "trust it?" judges the statement before it
        if len(sents) > 1 and not tagged and (_IMPERATIVE.match(sents[-1]) or _adds(sents[-1])):
            said = f"{'add ' if _adds(sents[-1]) else ''}{sents[-1].strip()}"
            own = f"{own[: len(own) - len(sents[-1])]} should I {said}"
    got = claims.verdict(text, levels, asked_part(own), fragment, focus)
    if got is None and levels:
        # "HP-UX 11.23 here. will kctune numa_policy=1 put shm into CLM?": whatever it asks of the subject, a stated
        # level below what the subject needs at all settles it
        got = _below_minimum(claims.verdict(text, levels, "is it possible?", False, focus), levels)
        if got is not None and _FAILURE.search(text) and _EXPECTED.search(asked_part(own)):
            # "amepat -O proc=P7+ gives a usage error on AIX 6.1 TL7. expected?": not there at that level, so yes
            got = replace(got, answer="yes", because=f"expected: {got.because}")
    if _OK_TAG.search(own) and (_PLAN.search(own) or _PLAN_VERB.match(own)):
        # "plan is to suspend everything including both VIOS. ok?": a plan the sources say cannot be done is not ok,
        # whatever a claim about fewer of its subjects recommends
        got = _impossible_plan(claims, text, levels, focus, got) or got
    if context and _ONES.search(own):
        # "currently 4 large ones, is that fine?" after "how many SAP instances ...?": the ones the question counted
        counted = _COUNTED_NOUN.search(context)
        if counted is not None:
            text = _ONES.sub(lambda m: f"{m.group(1)}{counted.group(1)}", text)
            own = _ONES.sub(lambda m: f"{m.group(1)}{counted.group(1)}", own)
            reading = read(text)
            got = claims.verdict(text, levels, asked_part(own), fragment, focus)
    if got is not None and got.answer == "it depends" and not got.figure and context and _DIGITS.search(own):
        # "we have 2 big instances today. ok?" after "32 cores, how many instances?": the figures stated now, judged
        # with those stated before, outrank what depends in general
        earlier = read(context[-_CONTEXT_CHARS:])
        merged = {**known, **stated_levels(earlier), **stated}
        judged = claims.verdict(f"{earlier.text} ; {text}", merged, asked_part(own), fragment, own)
        if judged is not None and judged.figure:
            return judged
    # "and later changing the factor from 2.0 to 2.4?" after "first AME enablement - reboot needed?": a follow-up that
    # asks no predicate of its own asks the earlier one of its new subject; read alone, its words judged as a fragment
    # answer a question nobody asked ("is 2.4 in the range?"), kept only when the earlier question settles nothing
    alone = got if got is not None and _ELLIPSIS.match(own) and not claims.asks_any(own) else None
    if (
        (got is not None and alone is None)
        or not context
        or not (fragment or _LEANS.search(own) or len(own.split()) <= _SHORT)
    ):
        return got
    earlier = read(context[-_CONTEXT_CHARS:])
    merged = {**known, **stated_levels(earlier), **stated}  # a level the follow-up states replaces the earlier one
    combined = f"{earlier.text} ; {text}"
    if stated and not claims.asks_any(head):
        # "and on plain POWER7?": a level below what the subject needs at all answers before any predicate does
        gate = claims.verdict(combined, merged, "is it possible?", False, head)
        if gate is not None and gate.answer == "no":
            return gate
    asked = own if claims.asks_any(own) else f"{earlier.text} ; {own}"
    got = claims.verdict(combined, merged, asked_part(asked), fragment, own)
    if got is None and answered and _bare_or_pointing(own, claims) and not _DIGITS.search(own):
        # "does that mount survive a reboot?", "persistent over reboot?": what "that" points at, or what a bare
        # predicate asks of, may be what the last answer proposed, named in no question; its title lends subjects
        # (never figures: its digits are set aside), the follow-up the predicate
        title = _DIGITS.sub(" ", answered)
        got = claims.verdict(f"{earlier.text} ; {title} ; {text}", merged, asked_part(own), fragment, own, title)
    if got is not None and stated and got.claim.says == GENERIC and not got.claim.when:
        return alone  # "and if the box were POWER7+?": another level, which a claim without levels cannot answer
    if got is not None and not stated and _ELLIPSIS.match(own) and not any(p.search(own) for p in got.claim.about):
        return alone  # "and tomcat?": the follow-up swaps the subject for one this claim does not speak of
    if got is not None and _states_own_scene(own) and not any(p.search(own) for p in got.claim.about):
        return alone  # "D02 has 16 cores and no locality domain. ok like that?": its own scene, not the earlier subject
    return got or alone


# "... including both VIOS. ok?", "- fine?", "is that acceptable?": a judgement of the statement before it
_OK_TAG = linre.compile(
    r"(?:^|[.,;:!?)-]\s{0,3})(?:(?:is|would)\s+(?:that|this|it)\s+(?:be\s+)?)?(?:ok|okay|fine|good|acceptable|alright|"
    r"feasible|doable|workable|sane|a\s+good\s+plan)\s{0,2}\?\s*$",
    linre.IGNORECASE,
)
# "plan is to ...", "we will ...", "going to ...": what the message states is something to be done
_PLAN = linre.compile(
    r"\b(?:plan\w*|going\s+to|gonna|intend\w*|about\s+to|want\s+to|would\s+like\s+to|will|we'll|i'll|schedul\w*|"
    r"idea\s+is)\b",
    linre.IGNORECASE,
)
# "CHG0031188: suspend both VIOS before the power-off. ok?": a plan written as the step to take
_PLAN_VERB = linre.compile(
    r"^\s*(?:[A-Z]{2,}[\w-]*\d:?\s+)?(?:suspend|resume|shut|power|migrate|move|enable|disable|set|add|remove|run|start|"
    r"stop|put|place|use|turn|switch|map|zone|mount)\b",
    linre.IGNORECASE,
)
_ARROW = linre.compile(r"\s*(?:->|=>|→)\s*")
_PLAN_SUBJECTS = 2  # an impossibility of fewer subjects is too general to judge a stated plan with


def _impossible_plan(
    claims: Claims, text: str, levels: dict[str, Level], focus: str | None, got: ClaimVerdict | None
) -> ClaimVerdict | None:
    """ "no" for a stated plan whose subjects a claim says cannot go together ("suspend ... both VIOS"), when that
    claim names more of the question's subjects than the verdict found so far; else None."""
    gate = claims.verdict(text, levels, "is it possible?", False, focus)
    if gate is None or gate.answer != "no" or gate.figure or gate.claim.weight < _PLAN_SUBJECTS:
        return None
    if gate.claim.says != "possible" or gate.claim.holds != "no" or gate.claim.figures or gate.claim.compares:
        return None  # only a claim that says the thing cannot be done, not a figure held against a limit
    if got is not None and (got.answer == "no" or got.claim.weight > gate.claim.weight):
        return None
    return replace(gate, because=f"not as planned: {gate.because}")


def _bare_or_pointing(own: str, claims: Claims) -> bool:
    """A follow-up that points back ("does that mount survive?") or asks only a predicate in a few words
    ("persistent over reboot?", "dynamic?")."""
    return _POINTS_AT.search(own) is not None or (len(own.split()) <= _SHORT and claims.asks_any(own))


def _states_own_scene(text: str) -> bool:
    """A follow-up that states a setup of its own before asking about it ("D02 has 16 cores. ok like that?")."""
    sentences = [m.group(0).strip() for m in _SENTENCE.finditer(text[-600:]) if m.group(0).strip()]
    return len(sentences) > 1 and not sentences[-2].endswith("?") and _STATEMENT_VERB.search(sentences[-2]) is not None


# "app servers <-> DB on z, hipersockets or OSA?", "Redbook vs SAP guide: who's right?": a choice between two, which no
# yes or no answers; a claim that says it depends on the case does
_CHOICE_CLAUSE = linre.compile(
    r"(?:^|[,:;]\s|\s[-–—]+\s|[.?!]\s)\s*(?:(?:so|and|but)\s+)?((?:[\w/+.-]+\s+){0,2}[\w/+.-]+)\s+or\s+"
    r"(?:[\w/+.-]+\s+){0,2}[\w/+.-]+(?:\s+(?:for|in|on|with|between|under)\s+[^?,;]{1,40})?\s*\?\s*$",
    linre.I,
)
_WHO_RIGHT = linre.compile(
    r"\b(?:who|which(?:\s+(?:one|1|source|document|guide|paper))?)(?:'s|\s+is)?\s+(?:right|correct|wrong|better|best|"
    r"to\s+(?:follow|trust|believe))\b[^?]{0,40}\?\s*$",
    linre.I,
)
# "acceptable or act?", "fine or too low?": a judgement asked with its alternative is still a yes or no
_NOT_CHOICE = frozenset(
    "not no yes is are can could should would will does do did was were has have must acceptable ok okay fine "
    "enough sufficient valid correct right good safe sane".split()
)
_CHOICE_PROBES = ("is it recommended?", "is it still valid?", "is it possible?")


def _asks_choice(text: str) -> bool:
    """Whether the message ends by asking to choose between two ("hipersockets or OSA?", "who's right?")."""
    tail = text[-300:]
    if _WHO_RIGHT.search(tail):
        return True
    m = _CHOICE_CLAUSE.search(tail)
    return m is not None and m.group(1).split()[0].lower() not in _NOT_CHOICE and "or not" not in tail.lower()


def _choice(claims: Claims, text: str, levels: dict[str, Level]) -> ClaimVerdict | None:
    """ "it depends" from a claim that says so about the subjects of a choice; no other verdict answers one."""
    for probe in _CHOICE_PROBES:
        got = claims.verdict(text, levels, probe)
        if got is not None and got.answer == "it depends":
            return got
    return None


def _adds(sentence: str) -> bool:
    """ "... 0 idle cpu. more dialog work processes?": a bare "more X?" asks whether to add them ("more than 10 %?"
    compares a figure)."""
    m = _MORE.match(sentence)
    return m is not None and m.group(1).lower() not in ("than", "of", "or", "and")


# a failure the question reports ("gives me a usage error", "fails", "not recognised") and whether it was to be expected
_FAILURE = linre.compile(
    r"\b(?:errors?|fail(?:s|ed|ing|ure)?|not (?:recogni[sz]ed|found|valid|supported|available|work\w*)|"
    r"unknown (?:option|flag)|usage|rejected|refuses?|won't|does(?:n't| not) work)\b",
    linre.IGNORECASE,
)
_EXPECTED = linre.compile(r"\b(?:expected|normal|to be expected|by design|as designed|supposed to)\b", linre.IGNORECASE)


def _below_minimum(gate: ClaimVerdict | None, levels: dict[str, Level]) -> ClaimVerdict | None:
    """The "not available at that level" verdict of an availability claim, or None (any other verdict)."""
    if gate is None or gate.answer != "no" or gate.claim.says != "possible" or gate.claim.holds != "yes":
        return None
    return gate if below_minimum(gate.claim, levels) else None


def _ellipsis_of_yes_no(text: str, context: str, claims: Claims) -> bool:
    """ "what about enabling it the first time?" right after a yes/no question asks yes or no as well."""
    if not context or not _ELLIPSIS.match(text) or _AMOUNT_ONLY.match(text):
        return False
    last = context.rsplit(" ; ", 1)[-1]
    return _asks_yes_no(last, claims) or read(last).yes_no


def _asks_yes_no(text: str, claims: Claims) -> bool:
    """Yes or no asked, also by a follow-up carried with the question it continues ("changing X (does Y need a
    reboot)")."""
    if _yes_no_for_claims(text):
        return True
    if text.endswith(")") and " (" in text:
        head, inner = text[: text.index(" (")].strip(" ?.!"), text[text.index(" (") + 2 : -1].strip(" ?.!")
        if (
            head
            and (claims.asks_any(head) or claims.has_verb(head))
            and _yes_no_for_claims(f"{head}?")
            and not _WH_FIRST.match(head)
        ):
            # "reboot needed (how do I ...)" asks its own predicate, "3.9 would be inside that range (which range ...)"
            # its own frame; "core to core (how much ...)" neither
            return True
        return bool(inner) and (_yes_no_for_claims(f"{inner}?") or read(inner).yes_no)
    return False
