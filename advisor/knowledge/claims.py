"""Claims: atomic statements of the sources (knowledge/claims/, a file per source), matched to a yes/no question by
what it asks.

A verdict entry (verdicts.py) fires on a question's topic; a claim fires only when the question
names the claim's subject AND asks the claim's predicate. Each claim says one thing about one
subject: "NPIV LUNs are visible on the VIOS: no", "namefs mounts persist over a reboot: no",
"SEA load sharing is available: yes from VIOS 2.2.1.0". The predicate is one of a closed set of
classes (knowledge/claims/predicates.yaml), each with the words that ask it ("visible", "show
up", "see") and the words that ask its opposite ("hidden"); a question that asks the opposite, or
puts "not" before the predicate, reverses the verdict, and "can I ... without X?" reverses a
claim that X is needed. A claim can carry minimum levels (processor, AIX, VIOS, z/OS, z/VM): a
level the question states below the minimum turns the verdict round, one it does not state
leaves the claim as written (its reason names the condition). When the best claims disagree, or
the question asks nothing the subject's claims state, there is no verdict: a wrong polarity is as
bad as a wrong number, so the answer then falls back to the passages.

Loading is strict (unknown passage, unknown predicate class, a pattern that does not compile are
load errors naming the claim) and every pattern is compiled with `advisor.linre`, linear in the
question's length.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

import yaml

from advisor import linre
from advisor.datadirs import knowledge_dir
from advisor.knowledge.passages import KnowledgeError
from advisor.knowledge.text import SAFE_LOADER

HOLDS = ("yes", "no", "it depends")
LEVEL_KINDS = ("power", "aix", "vios", "zos", "zvm", "hpux")
Level = tuple[int, ...]

# "like on Brocade", "unlike AIX", "as with vSCSI": a subject named for comparison is not what is asked about
_COMPARED = linre.compile(
    r"\b(?:like|unlike|as\s+(?:on|in|with|for))\s+(?:(?:on|in|with|for|the|a|an)\s+){0,2}[A-Za-z0-9_/+.-]+",
    linre.IGNORECASE,
)
# "weight 128 like the others": "like" here says equal to the rest, it names no other subject to set aside
_LIKE_OTHERS = linre.compile(r"\blike\s+(?:(?:all|every|each|any)\s+)?(?:the\s+)?others?\b", linre.IGNORECASE)
_NEGATION = linre.compile(r"\b(?:not|never|no\s+longer)\s+(?:[a-z]+\s+){0,2}$", linre.IGNORECASE)
# "without AMS", "w/o SMT", "LPARs that aren't using AMS"
_WITHOUT = linre.compile(
    r"\b(?:without|w/o)\s+|(?:\bnot|n't)\s+(?:using|running|on|in|with|having|use|run|have)\s+", linre.IGNORECASE
)
_WINDOW = 24  # characters before a predicate word searched for a negation
# "can AMS and AME be used together?": a claim about one of them does not settle a combination
_COMBINED = linre.compile(
    r"\b(?:together|combin\w*|at the same time|along\s*side|along with|in combination|mix(?:ed|ing)?|both)\b",
    linre.IGNORECASE,
)
_GOVERNS = 12  # a predicate word this close after "without" is what "without" negates
# "64K pages without AME - will SAP use more memory?": "without" governs nothing past a clause mark
_CLAUSE_MARK = linre.compile(r"[,;:.?!]\s|\s[-–—]+\s")
_MODAL = frozenset({"possible", "need", "recommend"})
# "does the NX unit move pages between the pools?": a yes/no question whose verb is the statement itself; a claim of
# this class names two or more subjects and answers only when nothing more specific does
_GENERIC = "states"
GENERIC = _GENERIC  # the bare yes/no frame, for the judge
# "should LPM get its own adapter instead of going through the SEA?": what follows "instead of" is the alternative
# turned down, not the subject asked about (a phrase up to the next clause mark)
_INSTEAD = linre.compile(
    r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of|as\s+opposed\s+to)\s+[^,;:.?!]{1,60}", linre.IGNORECASE
)
# "will a batch job ALWAYS gain from SMT?", "the same gain for EVERY workload?": asked of what depends, the answer is no
_UNIVERSAL = linre.compile(
    r"\b(?:always|every(?:\s+\w+)?|all\s+(?:\w+\s+)?(?:workloads?|cases|systems|situations|LPARs)|in\s+any\s+case|"
    r"no\s+matter\s+(?:what|how|which)|regardless|guaranteed|any\s+workload|whatever)\b",
    linre.IGNORECASE,
)
# "safe?", "enough?", "should we?": a judgement, which a confirmed table figure does not give
_JUDGED = linre.compile(
    r"\b(?:safe|ok|okay|fine|acceptable|enough|sufficient|good|bad|wise|advis\w*|recommend\w*|should|risky|too)\b",
    linre.IGNORECASE,
)
_PREFERENCE = frozenset({"recommend", "improve"})  # a preference turns round with the alternative; others abstain
# a verb that turns down what follows; "recommend" and "reboot" carry it among their own opposite words
_AVOIDED = linre.compile(
    r"\b(?:avoid(?:ing)?|skip(?:ping)?|refrain(?:ing)?\s+from|steer(?:ing)?\s+clear\s+of|stop(?:ping)?|do\s+without|"
    r"quit(?:ting)?|ceas(?:e|ing)|giv(?:e|ing)\s+up|abandon(?:ing)?)\b",
    linre.IGNORECASE,
)
# "X on a different cell, any issue?": a statement followed by the question whether it is wrong; "client 1024, VIOS 500.
# matter?", "LPM fails; zoned only one WWPN. related?": whether what it states is the problem
_ISSUE_TAG = linre.compile(
    r"(?:^|[,;:.?!-]\s*|\s)(?:(?:is\s+(?:that|this|it)|any|an?|a\s+big|big|real)\s+)?(?:issues?|problems?|concerns?|risks?|"
    r"harm|downsides?|side[\s-]?effects?|bugs?|a\s+bug|buggy|broken|bad(?:\s+idea)?|wrong|mistake|a\s+mistake|related|linked|"
    r"connected|the\s+(?:root\s+)?cause|"
    r"(?:does\s+(?:it|that|this)\s+)?matters?|relevant)\s*\?\s*$",
    linre.IGNORECASE,
)
# ", not at the app's response time", "rather than on throughput": a subject denied after the predicate
_NOT_SUBJECT = linre.compile(
    r"(?:,|;|\s-)\s*(?:but\s+)?(?:not|never|rather\s+than)\s+(?:(?:at|on|in|for|with|about|to|by|into)\s+)?"
    r"(?:(?:the|a|an|my|our|its|their|your)\s+)?(?:[\w-]+'s\s+)?",
    linre.IGNORECASE,
)
_OTHER_HALF = linre.compile(
    r",?\s+or\s+(?:is|are|does|do|will|would|has|have|must|should)\s+(?:it|that|this|they|there|I|we|you)\b[^?]{0,60}\?\s*$",
    linre.IGNORECASE,
)
_DETERMINER = linre.compile(r"^(?:(?:in|on|with|any|the|a|an|our|its)\s+){1,2}", linre.IGNORECASE)
_PURPOSE = linre.compile(r"\b(?:to|in\s+order\s+to|so\s+as\s+to)\s+$", linre.IGNORECASE)
_MAY_WE = linre.compile(r"\b(?:can|could|may)\s+(?:I|we)\b", linre.IGNORECASE)
_OK = linre.compile(r"\b(?:ok|okay|fine|alright|usable)\b", linre.IGNORECASE)
# "vio EC 0.5, physc 0.9 - increase its entitlement?": a change put as a bare question asks whether to make it
_DO_IT = linre.compile(
    r"(?:^|[-–—:;,.]\s*)(?:raise|increase|bump|lower|decrease|reduce|add|remove|change|set|enable|disable|turn|switch|leave|"
    r"keep)\b[^?]{0,60}\?\s*$",
    linre.IGNORECASE,
)
# "no mtu_bypass attribute", "don't have an mtu_bypass option", "lacks NPIV support": a subject named as missing
_LACKING = r"\blacks?|\blacking|\bmissing|n't\s+have|\bnot\s+have"
_NO_BEFORE = linre.compile(r"(?:\bno|\bwithout|" + _LACKING + r")\s+(?:(?:the|an?|any)\s+)?$", linre.IGNORECASE)
_LACKS = linre.compile(r"(?:" + _LACKING + r")\s+(?:(?:the|an?|any)\s+)?$", linre.IGNORECASE)
_KIND_AFTER = linre.compile(
    r"\s*(?:attribute|attrib|attr|option|opt|flag|parameter|param|parm|setting|tunable|support|fileset|feature|capability)"
    r"s?\b",
    linre.IGNORECASE,
)
# "vpm_fold_policy = 4 on both vios. do I need to change anything?": whether the stated value has to be changed
_CHANGE_ASKED = linre.compile(
    r"\b(?:need|needs|have|has|got)\s+to\s+(?:change|fix|adjust|correct|touch|tweak|modify|do)\s+(?:anything|something|it|"
    r"this|that|them)\b|\b(?:anything|something)\s+to\s+(?:change|fix|adjust|correct|do)\b|\b(?:needs?|has|have)\s+to\s+be\s+"
    r"(?:changed|fixed|adjusted|corrected)\b|\bneeds?\s+(?:changing|fixing|adjusting|correcting|a\s+change|a\s+fix)\b|"
    r"\b(?:should|shall|must)\s+(?:I|we)\s+(?:change|fix|adjust|correct|touch|tweak)(?:\s+(?:that|this|it|them|anything)\b|"
    r"\s*\?)|\baction\s+(?:is\s+)?(?:required|needed|necessary)\b|\btake\s+(?:\w+\s+)?action\b",
    linre.IGNORECASE,
)
# "D2TLB misses at 0.3 per 1000 instructions - within target?", "more than 40 % ITR?": a number the question states,
# with the comparison written before it; the unit that must follow comes from the claim's figure
_STATED = linre.compile(
    r"(?:\b(more\s+than|over|above|greater\s+than|higher\s+than|exceeds?|beyond|at\s+least|min(?:imum)?\s+of|"
    r"less\s+than|under|below|lower\s+than|fewer\s+than|at\s+most|up\s+to|max(?:imum)?\s+of)\s+|(>=?|<=?)\s*)?"
    r"(\d{1,7}(?:\.\d{1,4})?)",
    linre.IGNORECASE,
)
# asked as the opposite of "within the figure": "too much?", "over the target?", "exceeds it?"
_BEYOND = linre.compile(
    r"\b(?:too\s+(?:high|much|many|big|large|low|small|few|little)|(?:over|above|beyond|outside)\s+(?:the\s+|our\s+|its\s+)?"
    r"(?:target|limit|max\w*|threshold|range|recommend\w*|guidance|pool|cores|capacity)|exceed\w*|out\s+of\s+(?:range|bounds|spec)|"
    r"(?:are|is)\s+(?:we|it|that|this|they)\s+over\s*\?)",
    linre.IGNORECASE,
)
_ABOVE = ("more than", "over", "above", "greater than", "higher than", "exceeds", "exceed", "beyond", ">")
_AT_LEAST = ("at least", "minimum of", "min of", ">=")
_BELOW = ("less than", "under", "below", "lower than", "fewer than", "<")
_AT_MOST = ("at most", "up to", "maximum of", "max of", "<=")
# "no VIOS goes over 50 %", "never below 2x": the comparison the question states, negated
_LEVEL_BEFORE = linre.compile(
    r"\b(?:AIX|TL|SP|POWER|Power|z/OS|z/VM|VIOS|version|release|level|v|V1R|HP-UX|11i|rx|z|(?:POWER|Power|P)\s?\d{1,2}\+?)\s*$",
    linre.IGNORECASE,
)  # "P7+ 770", "POWER7 780": the number after a processor generation is the server model
_USUAL = linre.compile(
    r"\b(?:normally|usually|typically|generally|in general|as a rule|in most (?:cases|situations)|most of the time)\b",
    linre.IGNORECASE,
)
_RATIO = linre.compile(r"[/:]\d")  # "1/128", "1:64": the 1 is a ratio's numerator ("2.5/2.5" is a pair of values)
# sentence ends: ". " or "? " (not the dot of "7.2" or "0.05")
_BEFORE = 40  # characters before a number where a figure's `before` pattern must end
# "vpm_fold_policy on my vios shows 3", "firmware on the 780 is 730": where the setting is read, between its name and
# the verb that gives its value; set aside when the figure's `before` pattern looks for the name
_PLACE = linre.compile(
    r"\s+(?:on|for|of|in|at)\s+(?:(?:the|my|our|both|all|this|that|each|every|a|an)\s+)?[\w/+-]+(?:\s+[\w/+-]+)?(\s+(?:is|was|=|shows?|"
    r"says|reads?|returns?|reports?|at|set\s+to)\b)",
    linre.IGNORECASE,
)
_SENTENCES = linre.compile(r"[.?!]\s+")
_RULE_WORDS = 5
_NAMED_STATEMENT = 3  # subjects of a statement a short fragment names to ask whether it holds, whatever its verb
_TL_PART = 3  # (7, 1, TL, SP): parts of a level up to the technology level decide; an unstated SP does not
_MAX_STATED = 8  # numbers in one unit a question is read for against a limit
_QUESTION_WORDS = 4  # a last sentence this long is a question of its own, not a tag ("ok?")
_VIOS_LEVEL = linre.compile(
    r"\b(?:VIOS|VIO\s+servers?|ioslevel)\s*(?:(?:level|version|release|is|at|on)\s+){0,2}v?\d+(?:\.\d+){1,3}",
    linre.IGNORECASE,
)
# a last sentence that opens with the judgement itself ("enough per HP?", "within what IBM validated?")
_VERDICT_TAG = linre.compile(
    r"^\s*(?:(?:and|so|but)\s+)?(?:(?:is|are)\s+(?:that|this|it|they|these)\s+)?(?:safe|ok|okay|fine|acceptable|enough|"
    r"sufficient|good|bad|risky|too\s+(?:much|many|big|high|large|small|low|few|little)|within|inside|outside|in\s+line|"
    r"compliant|consistent|correct|right|valid|supported)\b",
    linre.IGNORECASE,
)
# "... dxm is 0 the whole day. is there a memory deficit?": whether the stated situation has a problem
_POINTS_BACK = linre.compile(
    r"\b(?:this|that|these|those|them|they|their|its|such|our|we|us|my)\b|\b(?:is|are)\s+there\s+(?:an?\s+|any\s+)?"
    r"(?:\w+\s+)?(?:deficit|problem|issue|shortage|bottleneck|risk|concern|contention)s?\b",
    linre.IGNORECASE,
)
# "client 1024, the VIOS 500. must they match?": the last clause asks whether the rule applies, not whether it is kept
_RULE_ASKED = linre.compile(
    r"\b(?:must|should|do|does|need|needs|have|has|are|is)\b[^?.;,]{0,30}?\b(?:match|be\s+equal|be\s+(?:the\s+)?same|"
    r"be\s+identical)\b[^?.;,]{0,20}\??\s*$",
    linre.IGNORECASE,
)
_YEAR = linre.compile(r"(?:19[89]\d|20[0-3]\d)")
_NEGATED = linre.compile(r"\b(?:no|not|never|none|nothing)\b|n't\b", linre.IGNORECASE)
_TURNED = {
    **{w: "at most" for w in _ABOVE if w != ">"},
    **{w: "at least" for w in _BELOW if w != "<"},
    **{w: "less than" for w in ("at least", "minimum of", "min of")},
    **{w: "more than" for w in ("at most", "up to", "maximum of", "max of")},
}


@dataclass(frozen=True)
class Figure:
    """A figure the source gives with a claim: `value` (what was measured or set), or a `max` / `min` (a ceiling or a
    floor). A question that states a number in the figure's unit is answered by comparing the two, never by topic."""

    unit: linre.Pattern  # what must follow the number ("%", "x", "per 1000 instructions"); matched right after it
    value: float | None = None
    most: float | None = None
    least: float | None = None
    near: tuple[linre.Pattern, ...] = ()  # the figure applies only when the question names these too ("ITR", "1 TB")
    label: str = ""  # how the figure is written in a reason ("0.1 per thousand instructions")
    before: linre.Pattern | None = None  # what must stand just before the number ("vpm_fold_policy is 0")

    def stated(self, text: str, keys: tuple[linre.Pattern, ...] = ()) -> tuple[str, str] | None:
        """(comparison, number as written) of the first number in this unit the text states, or None. "no VIOS
        over 50 %" states "at most 50 %": a negation just before the comparison turns it round."""
        return next(self.each(text, keys), None)

    def every(self, text: str, keys: tuple[linre.Pattern, ...] = ()) -> list[tuple[str, str]]:
        """Each number in this unit the text states, in order ("vios1 at 48 % and vios2 at 55 %")."""
        return list(itertools.islice(self.each(text, keys), _MAX_STATED))

    def each(self, text: str, keys: tuple[linre.Pattern, ...] = ()) -> Iterator[tuple[str, str]]:
        """The numbers in this unit, lazily: `stated` needs only the first."""
        spans = [(k.start(), k.end()) for p in keys for k in p.finditer(text)]
        for m in _STATED.finditer(text):
            at = m.start(3)
            if any(a <= at < b for a, b in spans):
                continue  # "at factor 4.7 did SAPS drop to 1253?": 4.7 names the table row, 1253 is the figure
            unit = self.unit.match(text, m.end(3))
            if (at and (text[at - 1].isalnum() or text[at - 1] in "._")) or unit is None:
                continue  # "P9", "7.2" of "AIX 7.2" are no figure; the unit must follow the number
            if m.group(3) == "1" and _RATIO.match(text, m.end(3)):
                continue  # "1/128", "1:64": the numerator of a ratio; the figure is what it is divided by
            glued = unit.end() == m.end(3) and text[m.end(3) : m.end(3) + 1].isalpha()
            before = text[max(0, at - 2) : at]
            if glued or (len(before) == 2 and before[0].isalpha() and before[1] == "/"):
                continue  # "S/4HANA": a digit inside a name is no figure of a claim whose unit is left open
            if self.before is None and _LEVEL_BEFORE.search(text[max(0, at - 12) : at]):
                continue  # "AIX 7.2", "TL 5", "VIOS 2.2": a level, not the figure
            if _YEAR.fullmatch(m.group(3)) and max(self.value or 0, self.most or 0, self.least or 0) < 1000:
                continue  # "the 2023 paper": a year
            window = text[max(0, m.start() - _BEFORE) : m.start()]
            if self.before is not None and not (
                self.before.search(window) or self.before.search(_PLACE.sub(lambda p: p.group(1), window))
            ):
                continue  # "from VIOS 2.1 to 2.2 the vpm_fold_policy is 0": the number of the tunable, not the level
            word = " ".join((m.group(1) or m.group(2) or "").lower().split())
            if word and _NEGATED.search(text[max(0, m.start() - _WINDOW) : m.start()]):
                word = _TURNED.get(word, word)
            yield word, m.group(3)

    def holds(self, word: str, written: str) -> tuple[bool | None, str]:
        """Whether what the question states agrees with the source's figure (None: partly), and the reason's note."""
        label = self.label or "{}"
        x = float(written)
        above, below = word in _ABOVE, word in _BELOW
        at_least, at_most = word in _AT_LEAST, word in _AT_MOST
        shown = label.format(written)
        if self.value is not None:
            v = self.value
            said = label.format(_number(v))
            if above:
                ok = v > x
            elif at_least:
                ok = v >= x
            elif below:
                ok = v < x
            elif at_most:
                ok = v <= x
            else:  # "23 %?" of 23.15 %: the same figure at the precision the question writes it
                places = len(written.split(".")[1]) if "." in written else 0
                ok = abs(round(v, places) - x) < 1e-9 or abs(v - x) < 1e-9
            return ok, f"the source gives {said}" + ("" if ok else f", not {word + ' ' if word else ''}{shown}")
        if self.most is not None and self.least is not None:  # a range: "2.0 to 2.8 for production"
            low, high = label.format(_number(self.least)), label.format(_number(self.most))
            ok = self.least <= x <= self.most
            return ok, f"{shown} is {'inside' if ok else 'outside'} the source's range of {low} to {high}"
        if self.most is not None:
            m = self.most
            said = label.format(_number(m))
            if above or at_least:
                return (False if x >= m else None), f"the source's limit is {said}"
            ok = x <= m
            if (below or at_most) and not ok:
                return None, f"the source's limit is {said}"
            return ok, f"{shown} is {'within' if ok else 'above'} the source's limit of {said}"
        m = self.least or 0.0
        said = label.format(_number(m))
        if below or at_most:
            return (False if x <= m else None), f"the source's minimum is {said}"
        ok = x >= m
        if (above or at_least) and not ok:
            return None, f"the source's minimum is {said}"
        return ok, f"{shown} is {'at or above' if ok else 'below'} the source's minimum of {said}"


@dataclass(frozen=True)
class Compare:
    """Two quantities the question states, in the relation the source requires: "the LPARs' entitled capacity adds
    up to 23 on a 20-core pool" (EC sum <= pool cores), "8 cores with 6 x 10GbE ports" (ports <= cores / 2), "client
    num_cmd_elems 1024, VIOS 512" (the two must match), "40 clients on fcs0, 6 on fcs1" (spread evenly)."""

    left: linre.Pattern  # captures the quantity in its first group that matches
    right: linre.Pattern  # captures the bound
    at_most: bool  # left <= factor x right (else left >= factor x right)
    factor: float
    label: str  # the rule in words, for the reason
    upto: float | None = None  # a range: factor x right <= left <= upto x right ("1 instance per 2 to 4 cores")
    equal: bool = False  # the two match: the larger at most `factor` times the smaller (1: the same number)
    cap: float | None = None  # a limit each of the two quantities stays within as well ("64 clients per port")
    # only a breach speaks: "VIOS EC 2.0, physc 0.8. fine?" keeps "EC >= use" but is no confirmation (the source sets
    # EC to the average use, and says nothing of how far above it is too far)
    breach_only: bool = False
    # the left quantity is the sum of the list it starts ("four lpars EC 10, 8, 6, 6", "EC 8 + 8 + 6 + 6")
    sums: bool = False

    def holds(self, text: str) -> tuple[bool, str] | None:
        a, b = _captured(self.left, text), _captured(self.right, text)
        if a is not None and b is not None and a[1] == b[1]:
            # "EC of all lpars on the 16-core pool totals 19": a number read as both is the bound its unit names
            a = _captured(self.left, f"{text[: b[1]]}{' ' * len(b[2])}{text[b[1] + len(b[2]) :]}")
        if a is None or b is None or a[1] == b[1]:
            return None  # both, and not the same number read twice
        if self.sums:
            a = _summed(a, text, b[1])
        said = f"{a[2]} against {b[2]}"
        if self.equal:
            # "20 on fcs0, 20 on fcs1 and 2 on fcs2": every quantity the left side reads, not only the first two
            found = {b[1]: b, **{at: got for got in _every_captured(self.left, text) for at in (got[1],)}}
            quantities = sorted(found.values(), key=lambda q: q[1])
            said = ", ".join(q[2] for q in quantities[:-1]) + f" and {quantities[-1][2]}" if len(found) > 2 else said
            low, high = min(q[0] for q in quantities), max(q[0] for q in quantities)
            if self.cap is not None and high > self.cap:
                over = next(q[2] for q in quantities if q[0] == high)
                return False, f"{said}: {over} is above the limit of {_number(self.cap)}; {self.label}"
            return high <= self.factor * low, f"{said}: {self.label}"
        if self.cap is not None and max(a[0], b[0]) > self.cap:
            over = a[2] if a[0] >= b[0] else b[2]
            return False, f"{said}: {over} is above the limit of {_number(self.cap)}; {self.label}"
        bound = self.factor * b[0]
        if self.upto is not None:
            ok = bound <= a[0] <= self.upto * b[0]
        else:
            ok = a[0] <= bound if self.at_most else a[0] >= bound
        if ok and self.breach_only:
            return None
        return ok, f"{said}: {self.label}"


def _captured(pattern: linre.Pattern, text: str) -> tuple[float, int, str] | None:
    """The first number a pattern captures (any of its groups), where it stands, and how it is written."""
    found = _every_captured(pattern, text, 1)
    return found[0] if found else None


def _every_captured(pattern: linre.Pattern, text: str, most: int = _MAX_STATED) -> list[tuple[float, int, str]]:
    """Each number a pattern captures, match by match (at most a handful); "max_xfer_size=0x200000" is read in hex."""
    out = []
    for m in itertools.islice(pattern.finditer(text), most):
        got = next(((g, m.start(i)) for i, g in enumerate(m.groups(), 1) if g), None)
        if got is not None:
            value = float(int(got[0], 16)) if got[0][:2].lower() == "0x" else float(got[0].replace(",", ""))
            out.append((value, got[1], got[0]))
    return out


def _number(x: float) -> str:
    return f"{x:g}"


# ", 8", " + 6", " and 6": the next number of a list; a number followed by a unit of its own ("EC 8, 4 VPs", "10, 8 GB")
# is something else, and the list ends there
_LISTED = linre.compile(r"\s{0,3}(?:,|\+|&|\band\b|\bplus\b)\s{0,3}(\d+(?:\.\d+)?)\b")
_OWN_UNIT = linre.compile(
    r"\s{0,2}(?:%|x\b|VPs?\b|virtual\b|v?cores?\b|CPUs?\b|processors?\b|procs?\b|physc\b|[KMGT]B?\b|ports?\b|"
    r"adapters?\b|LPARs?\b|partitions?\b|pools?\b)",
    linre.IGNORECASE,
)


def _summed(first: tuple[float, int, str], text: str, bound_at: int) -> tuple[float, int, str]:
    """The sum of the list of numbers that starts with `first` ("10, 8, 6, 6" is 30), written as a sum; `first` alone
    when no list follows. The bound (at `bound_at`) and a number with a unit of its own end the list."""
    values, pos = [first], first[1] + len(first[2])
    for _ in range(_MAX_STATED):
        m = _LISTED.match(text, pos)
        if m is None or m.start(1) == bound_at or _OWN_UNIT.match(text, m.end()):
            break
        values.append((float(m.group(1)), m.start(1), m.group(1)))
        pos = m.end()
    if len(values) == 1:
        return first
    total = sum(v[0] for v in values)
    return total, first[1], f"{' + '.join(v[2] for v in values)} = {_number(round(total, 2))}"


@dataclass(frozen=True)
class Predicate:
    name: str
    same: linre.Pattern
    opposite: linre.Pattern | None
    not_before: linre.Pattern | None = None  # "need a reboot" asks about a reboot, not about a need
    dominant: bool = False  # asked at all, it is what the question is about: "does turning X off need a reboot?"
    not_after: linre.Pattern | None = None  # "persistent over a reboot" asks about persistence, not a reboot
    polarity_from: str | None = None  # "disabled by default" asks the opposite of "on by default"
    soft: linre.Pattern | None = None  # asks the opposite without making a dominant predicate the question


@dataclass(frozen=True)
class Claim:
    id: str
    about: tuple[linre.Pattern, ...]  # each must match the question (subject words, alternatives in one pattern)
    says: str  # predicate class
    holds: str  # yes | no | it depends, where the claim's levels are met (or not stated)
    because: str
    passage: str
    when: dict[str, Level] = field(default_factory=dict)  # minimum levels for `holds` (the lowest release line)
    otherwise: str | None = None  # the verdict below the minimum (default: the opposite of holds)
    unstated: str | None = None  # the verdict when the question states none of the levels (default: holds)
    ordered: bool = False  # about[0] before about[1] reads as written; the other order is the converse
    unless: tuple[linre.Pattern, ...] = ()  # a question naming one of these is about something else
    lines: dict[str, tuple[Level, ...]] = field(default_factory=dict)  # a minimum per release line: 6.1 TL8, 7.1 TL2
    figures: tuple[Figure, ...] = ()  # the source's figures, compared with a number the question states
    figure_only: bool = False  # the claim answers only a number stated in its figure's unit ("buffer cache at 8 %?")
    compares: tuple[Compare, ...] = ()  # two stated quantities in the relation the source requires
    # what a question states that breaks the claim's rule ("zoned only the WWPN that shows up on the fabric"): judged
    # like a number outside the claim's figure ("enough?" no, "will LPM work?" no, "related?" yes)
    breach: tuple[linre.Pattern, ...] = ()
    line: str = ""  # the product line of the claim's source (predicates.yaml `lines`), "" when none is listed

    @property
    def weight(self) -> int:
        return len(self.about)


@dataclass(frozen=True)
class ClaimVerdict:
    answer: str
    because: str
    claim: Claim
    at: int = 0  # where the predicate word stands in the question
    weak: bool = False  # asked only by a neighbouring predicate ("is it fine to ...?" of a `possible` claim)
    figure: bool = False  # settled by comparing a number the question states with the source's figure
    # "AMS on P7 with PowerVM Standard - possible?": a `possible` claim that rules the thing out (Standard lacks AMS)
    # settles a plan on its own; another claim's "yes" only says that some other part of the plan is possible
    obstacle: bool = False
    conditional: bool = False  # holds only if levels the question does not state are met ("yes, from VIOS 2.1.3.10")
    below: bool = False  # a level the question states is below the claim's minimum ("AIX 7.1 TL0 SP4" for AMD)


@dataclass(frozen=True)
class Claims:
    predicates: dict[str, Predicate]
    items: tuple[Claim, ...]
    # product line -> the words that name it ("AME", "amepat" name Power; "LFAREA" names z): a question naming one or
    # more lines is answered only by the claims of a line it names (a z13 test setup claim says nothing of an AME LPAR)
    lines: dict[str, linre.Pattern] = field(default_factory=dict)

    def verdict(
        self,
        text: str,
        levels: dict[str, Level] | None = None,
        asked: str | None = None,
        fragment: bool = False,
        focus: str | None = None,
        answered: str = "",
    ) -> ClaimVerdict | None:
        """The verdict of the claims that settle this question's predicate; None when none does or they disagree.

        `asked` is the part of the message that asks yes or no (the predicate is looked for there only: "what
        should we change, and does it need a reboot?" asks about a reboot); the subjects come from the whole text.
        `fragment`: the message is a short yes/no fragment ("AMD on POWER6?"), so a stated level may ask whether the
        subject is there at all. `focus`: the follow-up's own words when `text` carries earlier questions too; a
        claim whose main subject the follow-up names comes first ("and changing ame_mpsize_support?" after a
        question about the factor asks about ame_mpsize_support). `answered`: the title of what the last answer put
        forward; when given, only a claim whose main subject that title names and the earlier questions do not may
        answer ("does that mount survive a reboot?" after an answer proposing a namefs mount).
        """
        subject_text = _COMPARED.sub(" ", _LIKE_OTHERS.sub(lambda m: " same as the " + m.group(0).split()[-1], text))
        # "ssp on vios 2.2.0.10?": a level is read by `levels`; its digits are no count of VIOS ("2 VIOS"): written
        # 2_2_0_10 they stay one token of the same length
        subject_text = _VIOS_LEVEL.sub(lambda m: m.group(0).replace(".", "_"), subject_text)
        asked_text = text if asked is None else asked
        # "the box has 0 idle cpu left. add more dialog WPs?": a dominant predicate worded only in the scene before the
        # question does not make it what the question asks
        question = asked_text[_scene_end(asked_text) :]
        dominant = {
            p.name for p in self.predicates.values() if p.dominant and _asked(p, question, soft=False) is not None
        }
        # "AMD on POWER6?": a fragment that asks no predicate but states a level asks whether the subject is there
        bare = fragment and not self.asks_any(asked_text)
        found: list[tuple[int, ClaimVerdict]] = []
        asked_before = text.replace(answered, "") if answered else text
        lines = {line for line, words in self.lines.items() if words.search(subject_text)}
        for c in self.items:
            if lines and c.line and c.line not in lines:
                continue  # "would the db2 lpar be a good AME candidate? same box as the app servers": not the z13 tests
            if answered and (c.about[0].search(answered) is None or c.about[0].search(asked_before) is not None):
                continue  # the title resolves what the follow-up points at: a subject no question named
            if dominant and c.says not in dominant and not (c.breach and c.figure_only):
                continue  # a stated setup that breaks a rule is judged whatever is asked of it ("... live, no outage?")
            got = self._judge(c, text, subject_text, levels or {}, asked_text, bare, fragment, focus)
            if got is not None:
                found.append((c.weight, got))
        if not found:
            return None

        # a modal ("can", "should", "need") frames a question; a predicate of its own ("span cells", "carry more
        # users", "survive a reboot") is what it asks. Then the most specific claim, then the predicate asked first
        # ("does amepat know ... when it recommends a factor?").
        # "We zoned the WWPN that shows up on the fabric. Do we have to zone the second one?": the sentences before the
        # question set the scene; a predicate worded in the question itself comes before one worded in the scene
        scene = _scene_end(asked_text)

        # "is one VIOS pair normally enough for a 780?": asked of the usual case, the rule answers before a claim that
        # it depends on the case
        usual = _USUAL.search(asked_text) is not None
        # "do I need to run vmo, or is it already the default?": the other alternative, offered after "or is it", only
        # restates the first half's answer the other way round; the first half is what is asked
        other = _OTHER_HALF.search(asked_text)
        second = len(asked_text) if other is None else other.start()

        def rank(item: tuple[int, ClaimVerdict]) -> tuple[bool, int, bool, bool, int, bool, int, int]:
            about = item[1].claim.about
            named = focus is None or about[0].search(focus) is not None
            own = 0 if focus is None else sum(p.search(focus) is not None for p in about)  # "and 4Gb ones?"
            says = item[1].claim.says
            tier = 2 if says == _GENERIC or item[1].weak else 1 if says in _MODAL else 0
            in_scene = not item[1].figure and item[1].at < scene
            case = usual and item[1].answer == "it depends"
            later = not item[1].figure and item[1].at >= second
            return (
                not named,
                -own,
                in_scene,
                later,
                tier,
                case,
                -item[0],
                item[1].at,
            )  # a follow-up's own subject first

        found.sort(key=rank)
        # "AMD with PowerVM Standard on firmware 760?": a claim naming the thing and a condition that rules it out
        # (or a stated level below what the thing needs) settles a plan whatever else holds of it (a firmware figure
        # met, another part possible)
        # (a follow-up read with the question before it asks of its own subject: "and on a z13?" after the zEC12)
        # ... unless a claim about the same thing that names more of the question says otherwise ("vios upgraded from
        # 2.1 - could folding still be on?": folding on a VIOS is not supported, but an upgraded one may keep it)
        blocked = [
            (w, v)
            for w, v in found
            if v.obstacle and not v.weak and (w >= 2 or v.below) and focus is None and not _refined(v, w, found)
        ]
        if blocked and len({v.answer for _, v in blocked}) == 1:
            found = blocked
        first = [v for w, v in found if rank((w, v)) == rank(found[0])]
        figured = {v.answer for _, v in found if v.figure}
        if figured and ({v.answer for v in first} - figured or len(figured) > 1):
            # a stated number compared with the source's figure outranks a topic that says otherwise; when they agree
            # the most specific claim still speaks ("factor 4.7 ... safe?": the tipping-point claim, with its deficit)
            found = [(w, v) for w, v in found if v.figure]
            first = [v for w, v in found if rank((w, v)) == rank(found[0])]
        if len({v.answer for v in first}) > 1:
            # a plan is possible only if every part is: a claim that rules a named part out settles it; else a claim
            # that holds as stated comes before one that holds only on levels the question does not give
            settled = [v for v in first if v.obstacle and focus is None] or [v for v in first if not v.conditional]
            if settled and len({v.answer for v in settled}) == 1:
                return settled[0]
            # "vios capped or uncapped? we run them capped now, ok?": the claim whose subjects the question sentence
            # itself names (capped) speaks; the words of the scene before it only set it
            last = asked_text[_scene_end(asked_text) :]
            named = {id(v): sum(p.search(last) is not None for p in v.claim.about) for v in first}
            most = max(named.values())
            spoken = [v for v in first if named[id(v)] == most]
            if _scene_end(asked_text) and len({v.answer for v in spoken}) == 1:
                return spoken[0]
            return None  # the most specific claims disagree: say nothing rather than guess
        return first[0]

    def _judge(
        self,
        c: Claim,
        text: str,
        subject_text: str,
        levels: dict[str, Level],
        asked_text: str,
        bare: bool = False,
        fragment: bool = False,
        focus: str | None = None,
    ) -> ClaimVerdict | None:
        chosen = _INSTEAD.sub(lambda m: " " * len(m.group(0)), subject_text)
        spans = []
        alternative = False  # a subject named only as the alternative turned down ("instead of the SEA")
        for p in c.about:
            m = p.search(chosen)
            if m is None:
                m = p.search(subject_text)
                if m is None:
                    return None
                alternative = True
            spans.append(m.start())
        if alternative and c.says not in _PREFERENCE:
            return None
        if c.says != "need" and any(_absent(p, chosen) for p in c.about):
            return None  # "no mtu_bypass attribute on our adapter. ifconfig largesend survives a reboot?": not about it
        # the earlier questions a follow-up is read with supply subjects, not exclusions: "does plain POWER7 have it?"
        # after a question on POWER7+ is about POWER7
        if any(p.search(chosen if focus is None else focus) for p in c.unless):
            return None
        judged = not _asks_the_rule(text)
        if c.breach:  # before "together": "zoned the physical WWPN together with the clients' WWPNs" is the breach
            broken = self._breached(c, text, asked_text, judged)
            if broken is not None:
                return broken
        if len(c.about) == 1 and c.says in _MODAL and _COMBINED.search(asked_text):
            return None
        if c.says == _GENERIC and any(f.value is not None for f in c.figures) and _JUDGED.search(asked_text):
            return None  # "factor 4.7 on 3 GB true, safe?": a table row confirms figures, it does not judge them
        for rule in c.compares if judged else ():
            held = rule.holds(text)
            if held is not None and held[0] and not self._judgement(c, asked_text):
                return None  # "capped, EC 2.0 ... can it grab 3 cores?": numbers within a rule answer nothing else
            if held is not None:
                return self._stated_verdict(c, held[0], held[1], asked_text)
        if c.figures and judged:
            # a follow-up's own number first ("so 3.9 for prod would be inside that range?")
            own = focus if focus is not None and any(ch.isdigit() for ch in focus) else asked_text
            compared = self._figure(c, own)
            if compared is not None:
                return compared or None
        if c.figure_only:
            return None
        # a follow-up read with the question before it keeps that question's "without ..." only when it asks with
        # that question's words ("and on POWER8?"), not when it asks a predicate of its own ("is it balancing packets?")
        without = _WITHOUT.search(text if focus is None else asked_text)
        asked = _asked(self.predicates[c.says], asked_text)
        weak = False
        if asked is None and c.says == "possible" and c.holds == "yes" and c.when and "need" in self.predicates:
            needed = _asked(self.predicates["need"], asked_text)
            # "does AMS on POWER7 need VIOS 2.1.3.10?"; not "does it (AMD) need AMS?", where what is needed is the
            # claim's own subject, not a level
            if (
                needed is not None
                and (named := _named_levels(c, levels))
                and not _opens(c, asked_text[needed[2] :].lstrip())
            ):
                return _level_needed(c, levels, named, needed[0])
        if asked is None and c.says == "need" and c.holds == "yes" and not c.when:
            # what is required is also what is advised: "should amepat be called with -M?" (not "is it too low?");
            # asked by a neighbouring predicate, so a claim of the predicate asked comes first
            asked = _asked(self.predicates["recommend"], asked_text) if "recommend" in self.predicates else None
            asked = asked if asked is not None and not asked[0] else None
            weak = asked is not None
            if asked is None and without is not None and "possible" in self.predicates:
                asked = _asked(self.predicates["possible"], asked_text)  # "can AMD run without AMS?"
            if asked is None and _AVOIDED.search(asked_text) is not None and "possible" in self.predicates:
                asked = _asked(self.predicates["possible"], asked_text)  # "can I stop monitoring AME now?"
        if asked is None and c.says == "need" and without is not None and "sufficient" in self.predicates:
            asked = _asked(self.predicates["sufficient"], asked_text)  # "is z/VM 6.3 without the APAR enough?"
        if asked is None and c.says == "possible" and set(c.when) & set(levels) and "sufficient" in self.predicates:
            asked = _asked(self.predicates["sufficient"], asked_text)  # "is z/OS 1.12 enough for pageable 1M pages?"
        if asked is None and c.says == "possible" and c.holds != "it depends" and _OK.search(asked_text):
            asked = _asked(self.predicates["recommend"], asked_text) if "recommend" in self.predicates else None
            asked = asked if asked is not None and not asked[0] else None  # "are vSCSI disks ok for it?": usable or not
            weak = asked is not None  # a claim of the predicate asked, when one matches, comes first
        if asked is None and c.says == "recommend" and c.holds != "it depends" and _MAY_WE.search(asked_text):
            # "can we put Tomcat on the SAP box without psets?": asking leave to do it asks whether it is advised, when
            # no claim says whether it is possible at all (asked by a neighbouring predicate, so that one comes first)
            asked = _asked(self.predicates["possible"], asked_text) if "possible" in self.predicates else None
            asked = asked if asked is not None and not asked[0] else None
            weak = asked is not None
        if (
            asked is None
            and fragment
            and (
                (c.says == "possible" and (set(c.when) & set(levels) or len(c.about) >= 2))
                or (c.says == "recommend" and len(c.about) >= 2 and not c.when and not self.has_verb(asked_text))
                or (c.says == _GENERIC and len(c.about) >= 2 and not self.has_verb(asked_text))
            )
            and (bare or self._bare(c, asked_text))
        ):
            # "SSP on VIOS 2.1?": the stated level against the claim's minimum; "SMT on a zEC12?", "z13 smt = 2
            # threads per core?": a fragment naming the subject and what the claim says of it asks whether it holds;
            # "PERF_ENABLE=1 for liveCache?": a fragment naming a setting and its use asks whether it is advised;
            # "HPT for IBM i partitions: divided by 128?": a fragment naming what a statement names asks if it holds
            asked = (False, 0, 0)
        if asked is None and fragment and c.says == _GENERIC and len(c.about) >= _NAMED_STATEMENT:
            asked = (False, 0, 0)  # "factor 1.0 means no compression?": a fragment naming all a statement names
        if asked is None:
            return None
        reverse, at, end = asked
        if len(c.about) == 1 and c.says == "possible" and end and _governs_other(c.about[0], asked_text, end):
            return None  # "can I stop monitoring AME?": the modal asks of monitoring, not whether AME is there
        worded = end > 0  # the predicate is worded, not read from a bare fragment ("SMT on a zEC12?")
        denied = len(c.about) >= 2 and _negated_subject(c, asked_text, at)
        if denied:
            without = None  # ", not on throughput" denies a subject; it is no condition "without" on the question
        flip = self.predicates.get(self.predicates[c.says].polarity_from or "")
        # "is sharing of a powered off LPAR on by default?": "off" of the claim's own subject words flips nothing
        if (
            flip is not None
            and flip.opposite is not None
            and flip.opposite.search(_blanked(c.about + c.unless, asked_text))
        ):
            reverse = not reverse
        inner = _WITHOUT.search(asked_text) if without is not None else None
        if inner is not None and at <= inner.start() < end:
            without = None  # "without a reboot" is the predicate itself, not a condition on the subject
        elif (
            without is not None
            and inner is not None
            and inner.end() <= at <= inner.end() + _GOVERNS
            and not _CLAUSE_MARK.search(asked_text, inner.end(), at)
            and not _opens(c, text[without.start() : without.end() + 40])
        ):
            without, reverse = None, not reverse  # "... without paying extra CPU?": the predicate, negated
        if without is not None and c.says in (*_PREFERENCE, "possible") and without.start() < _scene_end(text):
            # "we run the kernel without any LDR_CNTRL. should I put 64K pages?", "not running in AME memory mode. can I
            # just enable AME with vmo?": the scene states that the claim's own subject is missing; the question asks
            # whether to add it, no condition "without" on it
            owned = _DETERMINER.sub("", text[without.end() : without.end() + 40], count=1)
            without = None if _opens(c, owned) else without
        if without is not None:
            rest = text[without.start() : without.end() + 40]
            if c.says == "need":  # "can I do it without X?" asks whether X is NOT needed, X being what the claim needs
                if not any(p.search(rest) for p in c.about):
                    return None
                reverse = not reverse
            elif not _opens(c, rest):
                return None  # only a claim that itself speaks of the "without ..." answers such a question
        if c.ordered and len(spans) >= 2 and spans[1] < spans[0]:
            reverse = not reverse  # "does RSU take precedence over LFAREA?": the converse of the claim
        if alternative:
            reverse = not reverse  # "instead of through the SEA?" asks the reverse of "should it use the SEA?"
        if denied:
            reverse = not reverse  # "does amepat only look at memory, not at response time?": the subject denied
        if c.says not in ("recommend", "reboot") and _AVOIDED.search(asked_text[:at]):
            reverse = not reverse  # "should I avoid running amepat during the peak?", "can I skip -M?"
        elif c.says == "need" and (stop := _AVOIDED.search(asked_text, end)) and stop.start() - end <= _GOVERNS:
            reverse = not reverse  # "can I stop monitoring AME?", "ok to quit watching it?": what is needed, given up
        tag = _ISSUE_TAG.search(asked_text) if c.says not in ("recommend", "risk") else None
        if tag is not None and tag.start() > at and self.predicates[c.says].same.search(tag.group(0)) is None:
            # "updates on another cell than the dialog WPs, any issue?": is what it states wrong; a tag that words the
            # claim's own predicate asks it ("got signal 33 - memory related?")
            reverse = not reverse
        if not weak and c.says not in _MODAL and self._purpose(asked_text, at):
            weak = True  # "should I turn on AME ... to save RAM?": the goal named after the modal is not what is asked
        answer, note = _levels(c, levels)
        below = bool(note) and answer != c.holds and answer != "it depends"
        obstacle = c.says == "possible" and answer == "no" and (worded or below)
        conditional = any(k not in levels for k in c.when) and answer == c.holds and c.unstated is None
        if answer == "it depends" and not note and _UNIVERSAL.search(asked_text):
            answer, note = ("yes" if reverse else "no"), "not always"  # what depends does not hold every time
        elif answer != "it depends" and reverse:
            answer = "no" if answer == "yes" else "yes"
        because = f"{note}; {c.because}" if note else c.because
        return ClaimVerdict(answer, because, c, at, weak, obstacle=obstacle, conditional=conditional, below=below)

    def _purpose(self, asked_text: str, at: int) -> bool:
        """Whether the predicate word at `at` opens a purpose ("to save RAM", "in order to cut CPU") after a modal asked
        earlier in the same sentence ("should I", "can we", "do I need")."""
        if not at or not _PURPOSE.search(asked_text[max(0, at - _WINDOW) : at]):
            return False
        start = max((m.end() for m in _SENTENCES.finditer(asked_text[:at])), default=0)
        before = asked_text[start:at]
        return any(_asked(self.predicates[m], before) is not None for m in _MODAL if m in self.predicates)

    def _breached(self, c: Claim, text: str, asked_text: str, judged: bool) -> ClaimVerdict | None:
        """The stated setup judged against the claim's rule when the question states what breaks it and asks about
        that setup ("... zoned only the logged-in WWPN. enough?"), not the rule itself ("do we have to zone both?").
        `judged`: the last sentence asks about what was stated (_asks_the_rule); one that states the breach itself
        ("... can I chdev them live?") asks about it too."""
        if not any(p.search(text) for p in c.breach):
            return None
        last = text[max((m.end() for m in _SENTENCES.finditer(text.rstrip())), default=0) :]
        if not judged and not any(p.search(last) for p in c.breach):
            return None
        if c.says != "recommend" and _asked(self.predicates[c.says], asked_text) is not None:
            return None  # "do we need to zone the second WWPN too?" asks the rule: the claim answers as written
        return self._stated_verdict(c, False, "what you describe does not meet this", asked_text)

    def _figure(self, c: Claim, asked_text: str) -> ClaimVerdict | Literal[False] | None:
        """The verdict of a number the question states against the claim's figure; False: a number in the figure's
        unit that no figure of the claim speaks of (say nothing); None: no number in its unit stated."""
        stated = [(f, got) for f in c.figures if (got := f.stated(asked_text, c.about)) is not None]
        if not stated:
            return None
        named = [(f, got) for f, got in stated if all(p.search(asked_text) for p in f.near)]
        if not named:
            return False  # "38 % more ETR?" against a claim whose only figure is the ITR gain
        figure, (word, x) = named[0]
        ok, note = figure.holds(word, x)
        if figure.value is None and ok:
            # "vios1 at 48 % and vios2 at 55 % busy": every number stated against a limit must keep it
            for other, y in figure.every(asked_text, c.about)[1:]:
                held, said = figure.holds(other, y)
                if not held:
                    ok, note = held, said
                    break
        if ok is None:
            return ClaimVerdict("it depends", f"{note}; {c.because}", c, figure=True)
        if figure.value is not None:  # "is the default MTU 1500?": the figure itself is what is asked
            return ClaimVerdict("yes" if ok else "no", f"{note}; {c.because}", c, figure=True)
        return self._stated_verdict(c, ok, note, asked_text)

    def _judgement(self, c: Claim, asked_text: str) -> bool:
        """Whether the question asks the claim's own predicate, a judgement of what it states ("ok?", "enough?",
        "within limits?", "any issue?", "- raise it?") or no predicate at all ("EC 23 on a 20-core pool?"), rather than
        something else ("capped, EC 2.0: can it grab 3 cores?" of the EC-sum rule)."""
        if any(p.search(asked_text) for p in (_BEYOND, _ISSUE_TAG, _CHANGE_ASKED, _DO_IT)):
            return True
        names = (c.says, "recommend", "sufficient", "fits", "matters")
        judging = [self.predicates[n] for n in names if n in self.predicates]
        return any(_asked(p, asked_text) is not None for p in judging) or not self.asks_any(asked_text)

    def _stated_verdict(self, c: Claim, ok: bool, note: str, asked_text: str) -> ClaimVerdict:
        """The claim's verdict for what the question states (within the source's figure or not), asked as worded
        ("ok?", "enough?") or the other way round ("too much?", "over the limit?")."""
        answer = c.holds if ok else ("no" if c.holds == "yes" else "yes" if c.holds == "no" else "it depends")
        # "too much?", "over the limit?", a statement followed by "- issue?", and "do I need to change anything?" ask
        # whether what it states is wrong
        reverse = any(p.search(asked_text) is not None for p in (_BEYOND, _ISSUE_TAG, _CHANGE_ASKED))
        for name in ("recommend", "sufficient", "fits"):
            pred = self.predicates.get(name)
            polarity = _asked(pred, asked_text) if pred is not None else None
            if polarity is not None:
                reverse = polarity[0] or reverse
                break
        if reverse and answer != "it depends":
            answer = "no" if answer == "yes" else "yes"
        return ClaimVerdict(answer, f"{note}; {c.because}", c, figure=True)

    def has_verb(self, text: str) -> bool:
        """Whether the text has a verb of the bare yes/no frame ("does it add latency?" has one of its own)."""
        frame = self.predicates.get(_GENERIC)
        return frame is not None and _asked(frame, text) is not None

    def asks_any(self, text: str) -> bool:
        """Whether the text asks any predicate class at all ("and on POWER8?" asks none of its own)."""
        return any(_asked(p, text) is not None for p in self.predicates.values() if p.name != _GENERIC)

    def _bare(self, c: Claim, asked_text: str) -> bool:
        """No predicate asked once the claim's own subject words are set aside ("Active Memory Deduplication on
        POWER6?": "active" names the product, it does not ask whether something is active)."""
        for p in c.about:
            asked_text = p.sub(lambda m: " " * len(m.group(0)), asked_text)
        return not self.asks_any(asked_text)


def _blanked(patterns: tuple[linre.Pattern, ...], text: str) -> str:
    """The text with what the patterns match blanked out (same length, so positions hold)."""
    for p in patterns:
        text = p.sub(lambda m: " " * len(m.group(0)), text)
    return text


def _refined(v: ClaimVerdict, weight: int, found: list[tuple[int, ClaimVerdict]]) -> bool:
    """Whether a claim of the same predicate about the same main subject that names more of the question answers
    otherwise (a stated level below the minimum is never refined away)."""
    main = v.claim.about[0].pattern
    return not v.below and any(
        w > weight and o.claim.says == v.claim.says and o.claim.about[0].pattern == main and o.answer != v.answer
        for w, o in found
    )


def _absent(subject: linre.Pattern, text: str) -> bool:
    """Whether every mention of a subject names it as missing: "no mtu_bypass attribute", "we don't have NPIV"."""
    found = list(itertools.islice(subject.finditer(text), _MAX_STATED))
    return bool(found) and all(
        _NO_BEFORE.search(text[max(0, m.start() - _WINDOW) : m.start()])
        and (_KIND_AFTER.match(text, m.end()) or _LACKS.search(text[max(0, m.start() - _WINDOW) : m.start()]))
        for m in found
    )


def _scene_end(asked_text: str) -> int:
    """Where the last sentence of a message that ends in a question starts (0: one sentence, no question, or a tag
    such as "safe?" or "any issue?", which asks about the whole statement before it)."""
    text = asked_text.rstrip()
    ends = [m.end() for m in _SENTENCES.finditer(text)]
    if not text.endswith("?") or not ends or len(text[ends[-1] :].split()) < _QUESTION_WORDS:
        return 0
    return ends[-1]


def _asks_the_rule(asked_text: str) -> bool:
    """ "LPAR with 40 VPs in a 32-core pool. should the VPs stay at or below the pool's core count?": the numbers set
    the scene, the last sentence asks the rule itself (several words, no number of its own); "... adds up to 23. ok?"
    asks about the numbers stated."""
    if _RULE_ASKED.search(asked_text.rstrip()):
        return True
    sentences = [x for x in _SENTENCES.split(asked_text) if x and x.strip()]
    if len(sentences) < 2:
        return False
    last = sentences[-1]
    if _VERDICT_TAG.match(last):
        return False  # "swap is 1.5x RAM. enough according to the KOD slides?": a judgement of what was stated
    # "... on 32 cores. is this the recommended layout?", "is that a good spread?": a sentence pointing back at what
    # was stated asks about it
    if _CHANGE_ASKED.search(last):
        return False  # "... = 4 on both vios. do I need to change anything?": whether what was stated must change
    return len(last.split()) >= _RULE_WORDS and not any(ch.isdigit() for ch in last) and not _POINTS_BACK.search(last)


def _negated_subject(c: Claim, text: str, at: int) -> bool:
    """Whether, after the predicate, one of the claim's further subjects is named only as denied ("..., not at the
    app's response time"): the question then asserts the claim's opposite for it."""
    for m in _NOT_SUBJECT.finditer(text, at):
        rest = text[m.end() : m.end() + _GOVERNS * 4]
        if any((n := p.match(rest)) is not None for p in c.about[1:]):
            return n is not None and not any(p.search(text[at : m.start()]) for p in c.about[1:])
    return False


def _governs_other(subject: linre.Pattern, asked_text: str, end: int) -> bool:
    """Whether a verb or noun of its own stands between a modal predicate and the claim's only subject named after it
    ("ok to quit watching AME?"); pronouns, articles and light verbs ("can we use AME?", "is it possible to turn on
    AME?") leave the subject what the modal asks about."""
    if subject.search(asked_text[:end]) is not None:
        return False
    after = subject.search(asked_text, end)
    if after is None:
        return False
    return any(w.lower() not in _LIGHT for w in _WORD.findall(asked_text[end : after.start()]))


_WORD = linre.compile(r"[A-Za-z]+")
_LIGHT = frozenset(
    """i we you they it he she one us them me my our your their its the a an this that these those some any to be being
    been is are was were do does did have has had get got use used using run running enable enabled enabling turn
    turned turning on switch switched switching activate activated activating configure configured set setting put
    try still also just really even now already then safely actually with in for at of from by as via per and or both
    there here so ever again simply please""".split()
)


def _named_levels(c: Claim, levels: dict[str, Level]) -> list[str]:
    """The kinds of the claim's minimum levels the question states, the processor last: in "does AMS on POWER7 need
    VIOS 2.1.3.10?" the processor is the setting and the VIOS level what is asked."""
    kinds = [k for k in c.when if k in levels]
    others = [k for k in kinds if k != "power"]
    return others or kinds


def _level_needed(c: Claim, levels: dict[str, Level], kinds: list[str], reverse: bool) -> ClaimVerdict:
    """ "does X need <level>?": yes when the stated level is the minimum the claim gives, no when a lower one is
    enough or more is needed (the reason names the minimum)."""
    k = kinds[0]
    minimum = _line_minimum(levels[k], c.lines.get(k) or (c.when[k],))
    stated = levels[k]
    same = stated[: len(minimum)] == minimum[: len(stated)]
    if same:
        answer, note = "yes", f"the minimum is {_label(k, minimum)}"
    elif _at_least(stated, minimum):
        answer, note = "no", f"{_label(k, minimum)} is already enough"
    else:
        answer, note = "no", f"more than that: it needs {_label(k, minimum)} or later"
    if reverse and same:
        answer = "no"
    return ClaimVerdict(answer, f"{note}; {c.because}", c)


def _opens(c: Claim, rest: str) -> bool:
    """Whether one of the claim's subjects is the "without ..." phrase itself ("without SMT" for the no-SMT claim)."""
    return any((m := p.search(rest)) is not None and m.start() == 0 for p in c.about)


def _asked(pred: Predicate, text: str, soft: bool = True) -> tuple[bool, int, int] | None:
    """Whether the question asks this predicate (reversed: an opposite word or "not"; and where), or None.

    `soft`: whether the predicate's soft words count ("while it's running" asks "no reboot?" only where a reboot
    claim is about the subject; it does not make a reboot what the question is about). A statement followed by its
    question ("response times are bad, CPUs pegged. should we add WPs?") asks in the question when that names it."""
    cut = max((m.end() for m in _SENTENCES.finditer(text.rstrip())), default=0)
    if cut:
        got = _asked(pred, text[cut:], soft)
        if got is not None:
            return got[0], got[1] + cut, got[2] + cut
    m = _predicative(pred.opposite, text) if pred.opposite is not None else None
    if m is None and soft and pred.soft is not None:
        m = pred.soft.search(text)
    reverse = m is not None
    if m is None:
        m = _predicative(pred.same, text)
    if m is None or (pred.not_before is not None and pred.not_before.match(text, m.end())):
        return None
    if pred.not_after is not None and pred.not_after.search(text[max(0, m.start() - 2 * _WINDOW) : m.start()]):
        return None
    if _NEGATION.search(text[max(0, m.start() - _WINDOW) : m.start()]):
        reverse = not reverse
    return reverse, m.start(), m.end()


# adjectives that name a kind when a noun follows ("fixed large frames", "shared memory", "Active Memory Sharing") and
# ask the predicate only when said of something ("are 2G frames fixed?", "is it shared between the cores?")
_ATTRIBUTIVE = frozenset("fixed pinned resident pageable shared dedicated active enabled compressed".split())
_NEXT_WORD = linre.compile(r"\s+([A-Za-z0-9][\w/+-]*)")
# what stands before a kind of thing: an article, a determiner or a size ("the shared pool", "1M fixed large frames")
_KIND_BEFORE = linre.compile(r"(?:^|\s)(?:the|a|an|all|our|their|its|these|those|some|any|no|\d[\w.]*)\s+$", linre.I)
# "runs with default pages", "on default settings": "default" naming a kind of thing the subject uses
_USES_DEFAULT = linre.compile(r"\b(?:with|on|using|uses|use)\s+(?:the\s+)?default\s+[a-z]", linre.IGNORECASE)
_PREDICATIVE_NEXT = frozenset(
    """in on at to by for from out when if and or but because after before during while until via over under between
    across with without once too as than so now then again anyway always forever permanently""".split()
)


def _predicative(pattern: linre.Pattern, text: str) -> linre.Match | None:
    """The first match of a predicate's words that asks it: an adjective of `_ATTRIBUTIVE` right before a noun, after
    an article or a size or written as a name, names a kind of thing ("1M fixed large frames", "Active Memory
    Sharing"); it does not ask whether something is fixed."""
    for m in itertools.islice(pattern.finditer(text), _MAX_STATED):
        if m.group(0).strip().lower() == "default" and _USES_DEFAULT.search(text[max(0, m.start() - 16) : m.end() + 2]):
            continue  # "the kernel runs with default pages. 64K advisable?" does not ask what the default is
        if m.group(0).strip().lower() not in _ATTRIBUTIVE:
            return m
        after = _NEXT_WORD.match(text, m.end())
        named = m.group(0)[:1].isupper() or _KIND_BEFORE.search(text[max(0, m.start() - 24) : m.start()]) is not None
        if after is None or after.group(1).lower() in _PREDICATIVE_NEXT or not named:
            return m  # "does that cost pinned memory?" asks whether memory is pinned
    return None


def _at_least(stated: Level, minimum: Level) -> bool | None:
    """stated >= minimum, or None when the stated level is too coarse to tell (AIX 7.2 against 7.2 TL1)."""
    for i, want in enumerate(minimum):
        if i >= len(stated):  # a level given without its service pack ("AIX 7.1") is taken at a current one
            return None if any(minimum[i:_TL_PART]) else True
        if stated[i] != want:
            return stated[i] > want
    return True


def _line_minimum(stated: Level, minimums: tuple[Level, ...]) -> Level:
    """The minimum of the stated level's release line ("AIX 6.1 TL8 or 7.1 TL2": 7.1 TL1 is held against 7.1 TL2);
    a level above every listed line is held against the highest, one below them against the lowest."""
    ordered = sorted(minimums)
    same = [m for m in ordered if m[:2] == stated[:2]]
    if same:
        return same[0]
    above = [m for m in ordered if m[:2] < stated[:2]]
    return above[-1] if above else ordered[0]


def _label(kind: str, level: Level) -> str:
    if kind == "power":
        return f"POWER{level[0]}" + ("+" if len(level) > 1 and level[1] else "")
    if kind == "aix":
        return (
            f"AIX {level[0]}.{level[1]}"
            + (f" TL{level[2]}" if len(level) > 2 else "")
            + (f" SP{level[3]}" if len(level) > 3 else "")
        )
    name = _HPUX_NAMES.get((level[0], level[1])) if kind == "hpux" and len(level) > 1 else None
    if name is not None:  # "HP-UX 11iv2 (11.23)": the release as the slides and documents name it
        return f"HP-UX {name} ({level[0]}.{level[1]})"
    names = {"vios": "VIOS", "zos": "z/OS", "zvm": "z/VM", "hpux": "HP-UX"}
    return f"{names[kind]} {'.'.join(str(x) for x in level)}"


_HPUX_NAMES = {(11, 11): "11iv1", (11, 23): "11iv2", (11, 31): "11iv3"}


def below_minimum(c: Claim, levels: dict[str, Level]) -> bool:
    """Whether a level the question states is below the claim's minimum for its release line."""
    return any(
        k in levels and _at_least(levels[k], _line_minimum(levels[k], c.lines.get(k) or (c.when[k],))) is False
        for k in c.when
    )


def _levels(c: Claim, levels: dict[str, Level]) -> tuple[str, str]:
    """The claim's verdict for the levels the question states, and a note naming the level that decided it."""
    if not c.when:
        return c.holds, ""
    stated = {k: levels[k] for k in c.when if k in levels}
    if not stated:
        return c.unstated or c.holds, ""
    need = {k: _line_minimum(v, c.lines.get(k) or (c.when[k],)) for k, v in stated.items()}
    below = [k for k, v in stated.items() if _at_least(v, need[k]) is False]
    if below:
        k = below[0]
        otherwise = c.otherwise or ("no" if c.holds == "yes" else "yes" if c.holds == "no" else "it depends")
        return otherwise, f"{_label(k, stated[k])} is below the {_label(k, need[k])} this needs"
    if any(_at_least(v, need[k]) is None for k, v in stated.items()):
        return "it depends", "it depends on the exact level"
    missing = [k for k in c.when if k not in stated]
    if missing and c.unstated == "it depends":
        return "it depends", f"it also depends on the {', '.join(_label(k, c.when[k]) for k in missing)} level"
    return c.holds, ""


def parse_level(kind: str, value: Any) -> Level:
    """'POWER7+' -> (7, 5); '6.1.3' -> (6, 1, 3); '2.2.1.0' -> (2, 2, 1, 0)."""
    text = str(value).strip()
    if kind == "power":
        digits = text.upper().removeprefix("POWER").strip()
        plus = digits.endswith("+")
        return (int(digits.rstrip("+")), 5 if plus else 0)
    return tuple(int(x) for x in text.split("."))


def _compile(pattern: str) -> linre.Pattern:
    return linre.compile(r"\b(?:" + pattern + r")", linre.IGNORECASE)


def _alternatives(pattern: str) -> list[str]:
    """The top-level alternatives of a pattern (a `|` inside parentheses or brackets belongs to its group)."""
    out, depth, start, i, klass = [], 0, 0, 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if klass:
            klass = ch != "]"
        elif ch == "[":
            klass = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            out.append(pattern[start:i])
            start = i + 1
        i += 1
    return [*out, pattern[start:]]


def _subject(pattern: str, terms: dict[str, list[str]] | None = None) -> linre.Pattern:
    """A subject matches whole words: "AME" is not the start of "amepat" (an alternative ending in a letter or
    digit gets a closing word boundary, a plural s allowed; one ending in a quantifier or a group says for itself
    where it ends). An alternative that is a term of predicates.yaml's `terms` also matches the term's other
    phrasings ("AME\\s?4K": "the 4k variant of AME")."""
    alternatives = [x for a in _alternatives(pattern) for x in (a, *(terms or {}).get(a, ()))]
    parts = [
        a + r"s?\b"
        if a[-1:].isalnum() and not a.endswith(("\\b", "\\d", "\\w", "\\s"))
        else a + r"\b"
        if a.endswith("?") and a[-2:-1].isalnum()  # "runs?" is not the start of "running"
        else a
        for a in alternatives
    ]
    # "-o cio", "/wpars": an alternative that opens with a mark starts where the mark is, as typed after a space (the
    # word boundary every other alternative opens with would need a letter before it)
    opened = [a if a[:1] in _MARKS else r"\b" + a for a in parts]
    return linre.compile("(?:" + "|".join(opened) + ")", linre.IGNORECASE)


_MARKS = frozenset("-/.#=")


def _figure(spec: dict[str, Any]) -> Figure:
    """A claim's figure from YAML: unit (a pattern right after the number), one of value / max / min, near, label."""
    kinds = [k for k in ("value", "max", "min") if k in spec]
    if kinds == ["max", "min"]:  # both: a range
        kinds = ["range"]
    if len(kinds) != 1 or set(spec) - {"unit", "value", "max", "min", "near", "label", "before"}:
        raise ValueError("a figure needs a unit and one of value, max, min or both max and min (near, label optional)")
    unit = linre.compile(r"\s*(?:" + spec["unit"] + r")", linre.IGNORECASE)
    near = spec.get("near") or []
    near = tuple(_compile(n) for n in ([near] if isinstance(near, str) else near))
    return Figure(
        unit,
        float(spec["value"]) if "value" in spec else None,
        float(spec["max"]) if "max" in spec else None,
        float(spec["min"]) if "min" in spec else None,
        near,
        str(spec.get("label", "")),
        linre.compile(r"(?:" + spec["before"] + r")\s*$", linre.IGNORECASE) if spec.get("before") else None,
    )


def _compare(spec: dict[str, Any]) -> Compare:
    """A claim's comparison from YAML: left and right (patterns capturing a number), relation <= or >=, factor; or
    relation "between" with factor and upto, the lowest and highest multiples of right that left may be; or relation
    == (factor the tolerance: the larger at most factor times the smaller); optionally a cap on both."""
    relation = spec.get("relation")
    if (
        set(spec) - {"left", "right", "relation", "factor", "label", "upto", "cap", "breach_only", "sums"}
        or relation not in ("<=", ">=", "==", "between")
        or (relation == "between") != ("upto" in spec)
    ):
        raise ValueError(
            "a compare needs left, right, relation (<=, >=, == or between with upto), label, optionally factor, cap and"
            " breach_only, sums"
        )
    return Compare(
        linre.compile(spec["left"], linre.IGNORECASE),
        linre.compile(spec["right"], linre.IGNORECASE),
        relation == "<=",
        float(spec.get("factor", 1.0)),
        str(spec["label"]),
        float(spec["upto"]) if "upto" in spec else None,
        relation == "==",
        float(spec["cap"]) if "cap" in spec else None,
        bool(spec.get("breach_only")),
        bool(spec.get("sums")),
    )


def _claim_files(path: Path) -> list[tuple[str, dict[str, Any]]]:
    """The YAML files of the claims, by name: one file, or a directory of them (predicates.yaml and a file per
    source, so that engineers adding claims to different sources do not edit the same file)."""
    files = sorted(path.glob("*.yaml")) if path.is_dir() else [path] if path.exists() else []
    return [(f.name, yaml.load(f.read_text(encoding="utf-8"), Loader=SAFE_LOADER) or {}) for f in files]


def load_claims(passage_ids: set[str], path: Path | None = None) -> Claims:
    path = path or knowledge_dir() / "claims"
    files = _claim_files(path)
    if not files:
        return Claims({}, ())
    predicates: dict[str, Predicate] = {}
    for fname, data in files:
        for name, spec in (data.get("predicates") or {}).items():
            if name in predicates:
                raise KnowledgeError(fname, f"predicate {name}", "predicate class defined twice")
            try:
                same = _compile("|".join(spec["same"]))
                opposite = _compile("|".join(spec["opposite"])) if spec.get("opposite") else None
                not_before = linre.compile(spec["not_before"], linre.IGNORECASE) if spec.get("not_before") else None
                not_after = linre.compile(spec["not_after"] + "$", linre.IGNORECASE) if spec.get("not_after") else None
                soft = _compile("|".join(spec["soft"])) if spec.get("soft") else None
            except (KeyError, linre.error) as exc:
                raise KnowledgeError(fname, f"predicate {name}", f"bad predicate: {exc}") from None
            predicates[name] = Predicate(
                name, same, opposite, not_before, bool(spec.get("dominant")), not_after, spec.get("polarity_from"), soft
            )
    if any(p.polarity_from and p.polarity_from not in predicates for p in predicates.values()):
        raise KnowledgeError(files[0][0], None, "a predicate's polarity_from names no predicate class")
    terms = {str(k): [str(x) for x in v] for _, data in files for k, v in (data.get("terms") or {}).items()}
    lines: dict[str, linre.Pattern] = {}
    sources: dict[str, str] = {}
    for fname, data in files:
        for line, spec in (data.get("lines") or {}).items():
            try:
                lines[str(line)] = _compile("|".join(spec["words"]))
                sources.update({str(src): str(line) for src in spec["sources"]})
            except (KeyError, TypeError, linre.error) as exc:
                raise KnowledgeError(fname, f"line {line}", f"a line needs sources and words: {exc}") from None
    items: list[Claim] = []
    seen: set[str] = set()
    for fname, data in files:
        line = next((ln for src, ln in sources.items() if fname.startswith(src)), "")
        items.extend(replace(c, line=line) for c in _claims_of(fname, data, predicates, passage_ids, seen, terms))
    return Claims(predicates, tuple(items), lines)


def _claims_of(
    fname: str,
    data: dict[str, Any],
    predicates: dict[str, Predicate],
    passage_ids: set[str],
    seen: set[str],
    terms: dict[str, list[str]],
) -> list[Claim]:
    """The claims of one file, each checked (a duplicate id is one across all the files)."""
    items: list[Claim] = []
    for i, item in enumerate(data.get("claims") or []):
        cid = str(item.get("id", f"#{i}"))
        if cid in seen:
            raise KnowledgeError(fname, cid, "duplicate claim id")
        seen.add(cid)
        if item.get("says") not in predicates:
            raise KnowledgeError(fname, cid, f"unknown predicate class '{item.get('says')}'")
        if item.get("says") == _GENERIC and len(item.get("about") or []) < 2 and not item.get("figure_only"):
            raise KnowledgeError(fname, cid, f"a '{_GENERIC}' claim needs two or more subjects (or figure_only)")
        for key in ("holds", "otherwise", "unstated"):
            if key in item and item[key] not in HOLDS:
                raise KnowledgeError(fname, cid, f"{key} must be one of {', '.join(HOLDS)}")
        if "holds" not in item or not item.get("about") or not item.get("because"):
            raise KnowledgeError(fname, cid, "needs `about`, `holds` and `because`")
        if item.get("passage") not in passage_ids:
            raise KnowledgeError(fname, cid, f"unknown passage id '{item.get('passage')}'")
        when = item.get("when") or {}
        if set(when) - set(LEVEL_KINDS):
            raise KnowledgeError(fname, cid, f"`when` keys must be among {', '.join(LEVEL_KINDS)}")
        try:
            about = tuple(_subject(p, terms) for p in item["about"])
            unless = tuple(_subject(p, terms) for p in item.get("unless", []))
            lines = {
                k: tuple(sorted(parse_level(k, x) for x in (v if isinstance(v, list) else [v])))
                for k, v in when.items()
            }
            minimum = {k: v[0] for k, v in lines.items()}
            figures = tuple(_figure(f) for f in (item.get("figures") or []))
            compares = tuple(_compare(f) for f in (item.get("compare") or []))
            breach = tuple(_compile(b) for b in (item.get("breach") or []))
            if item.get("figure_only") and not figures and not compares and not breach:
                raise ValueError("figure_only needs figures, compare or breach")
        except (linre.error, ValueError, KeyError, TypeError) as exc:
            raise KnowledgeError(fname, cid, f"bad pattern, level or figure: {exc}") from None
        items.append(
            Claim(
                cid,
                about,
                item["says"],
                item["holds"],
                " ".join(item["because"].split()),
                item["passage"],
                minimum,
                item.get("otherwise"),
                item.get("unstated"),
                bool(item.get("ordered")),
                unless,
                lines,
                figures,
                bool(item.get("figure_only")),
                compares,
                breach,
            )
        )
    return items
