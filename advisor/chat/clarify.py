"""Clarifying questions: the topic of a calculation is there, an input it needs is not.

"is my LFAREA ok?" cannot be judged without the online storage, "vios memory?" without the
machine's cores, "should we use AME64K?" without the processor and AIX level. Instead of
quoting a worked example with someone else's numbers, the answer asks for the one value it
needs, says what it will do with it (with the formula's citation), and the session remembers
the question (`ChatState.pending`) so that a reply such as "16 GB" resumes it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from advisor import derive
from advisor.calculators import ame, clm, hpt, lfarea, plarea, sap_instances, vios_memory, zvm_smt
from advisor.chat.calc.asked import asked
from advisor.chat.calc.hpux import instances_topic, swap_size
from advisor.chat.calc.power import (
    ASK_EXPANDED,
    ASK_FACTOR,
    ASK_LIMIT,
    ASK_TRUE,
    CPU_SIZING_CITES,
    HPT_PROCESSORS,
    VIOS,
    _factors,
    ame_sizes,
    hpt_groups,
    hpt_same_everywhere,
)
from advisor.chat.calc.zsystems import _lfarea_statement
from advisor.chat.numbers import fmt
from advisor.chat.reader import Reading
from advisor.citations import Cite
from advisor.derive.virtualio import PROC as VIOS_PROCESSOR_CITE


@dataclass(frozen=True)
class Clarification:
    needs: str  # size | cores | processor | memory | true-memory | factor | details
    ask: str  # the question to the user
    why: str  # what the value is for, stated with the citation
    cites: tuple[Cite, ...]
    rule: str | None = None
    path: str | None = None
    command: str | None = None
    calculator: str = ""
    decides: bool = False  # the input asked for decides the yes/no answer too: none is given before it


def _fits_from(text: str) -> str:
    """ "LFAREA=(1M=(40%),2G=(16)) ok?": a share plus a fixed size fits from some online storage on, which the
    question back states beside its question ("" for any other statement, or none)."""
    stmt, _ = _lfarea_statement(text)
    try:
        r = lfarea.request_alone(stmt) if stmt else None
    except ValueError:  # a syntax error (LfareaSyntaxError) is answered by the calculator itself
        return ""
    if r is None or not (r.percent and r.fixed_gb):
        return ""
    if r.min_online_gb is None:
        return f" {r.statement} asks for {r.percent}% of ({r.base}) plus {fmt(r.fixed_gb)} GB: never within 80%."
    return (
        f" {r.statement} asks for {r.percent}% of ({r.base}) plus {fmt(r.fixed_gb)} GB at target, so it fits from "
        f"{fmt(r.min_online_gb)} GB of online storage on."
    )


# "what buffer cache and swap numbers should I put in the build sheet?", "swap for our new box pls": figures of the
# user's own system asked for, in the words of a plan rather than "how much"
_SIZING_ASK = (
    r"\bnumbers?\b|\bfigures?\b|\bvalues?\b|\bsettings?\b|\brecommend\w*|\bshould\b|\bbuild\s+sheet|\bplan\w*"
    r"|\bfor\s+(?:our|my|this|the\s+new|a\s+new)\b"
)
# "what is swap?", "what does buffer cache mean": a definition, nothing to size
_DEFINITION = r"\bmean\w*|\bdefin\w*|\bwhat\s+is\s+(?:a\s+|the\s+)?(?:swap|buffer|AME)\b|\bwhy\b|\bdifference"


def _has(pattern: str, text: str) -> bool:
    return re.search(pattern, text, re.IGNORECASE) is not None


_AME64K_USE = (
    r"\b(?:use|using|enable|enabling|switch\s+to|switch|turn\s+on|go\s+with|go\s+to|activate|move\s+to|run)\s+"
    r"(?:the\s+)?(?:AME\s?64K|64K\s+mode)|\bAME\s?64K\s+(?:supported|available|possible|ok|an\s+option)"
    # "switch our SAP app LPAR to AME64K": the partition named between the verb and the mode
    r"|\b(?:switch|move|migrate|convert|change|go)\w*\s+(?:\w+\s+){0,5}?to\s+(?:AME\s?64K|64K\s+mode)"
)
# "how do I check whether the LFAREA is right?" asks for the method (a command), not for a judgement
_HOW_TO_CHECK = (
    r"\bhow\s+(?:do|can|should|would|could|to)\s+(?:i\s+|we\s+|you\s+|one\s+)?"
    r"(?:check|verify|see|tell|monitor|find\s+out|display|determine|know)\b"
    r"|\b(?:which|what)\s+(?:command|cmd)s?\b"
    # "is there a tool on the vios that recommends its sizing?": a tool is asked for, not a figure
    r"|\b(?:is\s+there|are\s+there|any|which|what)\s+(?:\w+\s+){0,2}(?:tools?|utilit(?:y|ies)|advisors?)\b"
)
# "in the redbook oracle batch test, how much memory did test 0 have?": the source's own case, nothing of the user's
_THE_SOURCES_CASE = (
    r"\b(?:redbook|guide|paper|book|redpaper)\W{0,3}(?:\w+\s+){0,3}(?:test|scenario|example|case)s?\b"
    r"|\b(?:test|scenario|example|figure|table)\s+\d+(?:-\d+)?\b"
    # "in the ibm ame64k sap test with 14GB expanded", "what did HP measure": the authors' own runs
    r"|\b(?:ibm|hp|their|they)(?:'s)?\s+(?:\w+\s+){0,3}(?:tests?|benchmarks?|measurements?|runs?|lab)\b"
    r"|\bdid\s+(?:ibm|hp|they)\s+(?:\w+\s+)?(?:measure|test|see|get|find|use|run)\b"
)
# the question asks for a number of instances (not "do instances span cells?")
_INSTANCES_ASKED = (
    r"how many|number of|instance count|instances? (?:should|do) (?:we|i) run|instances? do (?:we|i) need|\bsizing\b"
    r"|\binstances\s+for\b|\binstances\s*\?"
)
# "how many work processes should an SAP instance have?": a count of something else than instances
_OTHER_COUNT = (
    r"\bhow\s+many\s+(?:\w+\s+){0,2}?(?:work\s*process(?:es)?|WPs?|users|threads|cells|cpus|psets)\b"
    r"|\bnumber\s+of\s+(?:\w+\s+){0,2}?(?:work\s*process(?:es)?|WPs?|users|threads)\b"
)
_EC_WORDS = r"\b(?:EC|entitle(?:d|ment)|entitled\s+capacity|processing\s+units?)\b"
_VP_WORDS = r"\b(?:VPs?|vcpus?|virtual\s+(?:procs?|processors?|cpus?))\b"
_JUDGE = (
    r"\bok\b|okay|right|enough|fine|correct|valid|good|how (?:much|big|large|many)|max|limit|size|sized|large|check"
    r"|too\s+(?:much|big|high)"
    r"|\bfit\b|\bfits\b|\bfly\b|\bsafe\b|\bwork\b|\bsucceed|\bgo\s+through\b|\bbiggest|\blargest|\bmost\b"
    r"|\b(?:will|would|does|can)\s+(?:it|that|this|the\s+system|we|sys\w*)\s+IPL\b|\bIPL\s+(?:clean|fine|ok)"
)


# "no LFAREA in IEASYSxx - how many large pages?": nothing is reserved whatever the storage (the default is zero)
_NO_LFAREA = (
    r"\b(?:no|without|omit\w*|missing|drop\w*)\s+(?:an?\s+|the\s+)?LFAREA\b"
    r"|\bLFAREA\s+(?:is\s+|was\s+)?(?:not|never)\s+(?:coded|specified|set|there)\b|\bleave\s+(?:out\s+)?(?:the\s+)?LFAREA\b"
)


# "how much LFAREA did they configure in the DB2 11 test?": the source's setup, not the user's system
_THE_SOURCE = r"\bdid\s+they\b|\b(?:test|tests|study|benchmark|measurements?|deck|paper|presentation)\b"


_SAFETY_NET = tuple(derive.everything()["virtual_memory_limit_gb"].citations)
# "how big is the HPT", "HPT for our frame?", "what's the hpt going to be": a size asked for this system
_HPT_ASKED = (
    r"how (?:much|big|large)|size|\bcost|\b(?:our|my|this|the)\s+(?:frame|box|system|server|machine|cec)"
    r"|going\s+to\s+be|will\s+(?:it\s+)?be|calculat|estimat|\bneed|\bHPT\s*\?|page\s+table\s*\?"
    r"|\b(?:my|our|the)\s+HPT\b.{0,20}\btoo\s+(?:big|large|high)"
)


def _ame_limit(text: str) -> Clarification | None:
    """ "AME 2.0, 24 GB real - virtual memory before processes get killed?": the limit adds the paging
    space, so without it the question is asked back (the expanded memory alone is another quantity)."""
    if not _has(r"\bAME\b|expan", text):
        return None
    roles, rest = ame_sizes(text)
    if not roles and not _factors(text):  # "explain the safety net idea": nothing of the user's to compute
        ours = _has(r"\b(?:our|my|this|that|the)\s+(?:\w+\s+)?(?:lpar|partition|box|server|system|host)\b", text)
        if _has(r"\b(?:our|my|this)\b.{0,30}safety\s+net|safety\s+net.{0,30}\b(?:enough|big|ok|right|sized)", text) or (
            ours and ASK_LIMIT.search(asked(text)) and not _has(_THE_SOURCES_CASE, text)
        ):  # "is our AME safety net big enough?", "when does AIX start killing processes on our lpar?": all the user's
            return Clarification(
                "details",
                "How much true memory and paging space does the LPAR have, at which expansion factor, and how much "
                "memory may the workload need at worst? Shown by: lparstat -i; lsps -s; svmon -G (virtual).",
                "The virtual memory AIX can use before it starts killing processes is the expansion factor times "
                "true memory, plus the paging space.",
                _SAFETY_NET,
                "AME-012",
                "memory",
                "lparstat -i; lsps -s",
                calculator="ame",
            )
        return None
    if not ASK_LIMIT.search(asked(rest)):
        return None
    if "paging" not in roles:
        return Clarification(
            "paging",
            "How much paging space does the LPAR have? Shown by: lsps -s.",
            "The virtual memory AIX can use before it starts killing processes is the expanded memory plus the "
            "paging space.",
            _SAFETY_NET,
            "AME-012",
            "memory.paging_space_gb",
            "lsps -s",
            calculator="ame",
        )
    if "true" not in roles and "unlabelled" not in roles:
        return Clarification(
            "true-memory",
            "How much true (physical) memory does the LPAR have? Shown by: lparstat -i (Online Memory).",
            "The virtual memory limit is the expansion factor times true memory, plus the paging space.",
            _SAFETY_NET,
            "AME-012",
            "memory.desired_gb",
            "lparstat -i",
            calculator="ame",
        )
    return None


def _true_memory_needs(ask: str) -> Clarification:
    """True memory asked for without the expanded memory it is to give (and, as `ask` says, the factor)."""
    return Clarification(
        "details",
        ask,
        "True memory is the expanded memory divided by the expansion factor.",
        ame.CITE_EXPANDED + ame.CITE_GAIN,
        "AME-005",
        "memory.expanded_gb",
        "lparstat -i",
        calculator="ame",
    )


def _factor_needs(text: str) -> Clarification | None:
    """ "expansion factor if we give 10 GB true?": a factor is expanded / true memory, so the one of the two not
    said is asked; None when the question gives a factor, both memories, or none of them."""
    if not (_has(r"\bAME\b|expan", text) and ASK_FACTOR.search(asked(text))) or _factors(text):
        return None
    roles, _ = ame_sizes(text)
    true, expanded = roles.get("true"), roles.get("expanded")
    if set(roles) - {"true", "expanded"} or (true is None) == (expanded is None):
        return None
    missing, ask, path = (
        (
            "expanded",
            "How much expanded memory should the LPAR show (the memory SAP is sized for)?",
            "memory.expanded_gb",
        )
        if expanded is None
        else (
            "true-memory",
            "How much true (physical) memory does the LPAR have? Shown by: lparstat -i (Online Memory).",
            "memory.desired_gb",
        )
    )
    return Clarification(
        missing,
        ask,
        "The expansion factor is the expanded memory divided by the true memory.",
        ame.CITE_EXPANDED + ame.CITE_GAIN,
        "AME-005",
        path,
        "lparstat -i",
        calculator="ame",
    )


# the user's own systems ("our app servers", "we left ...", "should I ..."), not a source's test
_OURS = r"\b(?:our|my|we|us|i)\b"
_SMT = r"\bSMT\b|simultaneous\s+multi-?threading|\bmulti-?threading\b"
# a gain to plan with or a switch to decide: "how much SMT gain should we plan", "should we switch on SMT"
_SMT_DECISION = (
    r"how\s+much|\bgain|\bbenefit|\bimprov|\bexpect|\bplan|\bworth|\bshould\s+(?:we|i)\b|\bswitch\s+on\b"
    r"|\bturn\s+(?:it\s+)?on\b|\benabl|\bactivat"
)
# a Z machine or its engines and hypervisor named, or an SAP application server with no platform named at all
_Z_CONTEXT = r"\bIFLs?\b|z/?VM|mainframe|linux\s+on\s+(?:ibm\s+)?z\b|\bzIIPs?\b"
_SAP_APP = r"\bSAP\b.{0,30}\bapp(?:lication)?\s*servers?\b|\bapp(?:lication)?\s*servers?\b.{0,30}\bSAP\b"
# another kind of workload than the study's OLTP, or the study's gain itself compared with: the answer is the paper's
_SMT_OTHER_WORKLOAD = r"\bbatch|\bcompute|\bcomputation|cpu-?bound|\bsimilar\b|\bsame\b|\bas\s+the\b|\blike\s+the\b"
# the processors the SMT study names: a question naming one has what the answer needs
_SMT_MACHINES = frozenset({"z13", "zec12"})
# "what does that cost in cpu?", "cpu overhead of ...": the price of a setting, asked
_CPU_COST = (
    r"\b(?:cost|costs|overhead|price|penalty|burn|eat|hurt)\b.{0,40}\bCPU\b"
    r"|\bCPU\b.{0,40}\b(?:cost|overhead|price|penalty|impact|hit)\b"
)


def _smt_gain(reading: Reading, has_document: bool) -> Clarification | None:
    """ "how much SMT gain should we plan for our SAP app servers?", "should we switch on SMT for our SAP app servers
    on Z?": SMT came with the z13 (IFLs and zIIPs only) and was measured under z/VM 6.3 with APAR VM65586, so the
    machine, its engines and the z/VM level decide what the answer can be; asked back when none of them is named."""
    text = reading.text
    tags = {p.tag for p in reading.platforms}
    families = {p.family for p in reading.platforms}
    if has_document or not (_has(_SMT, text) and _has(_SMT_DECISION, text) and _has(_OURS, text)):
        return None
    if tags & _SMT_MACHINES or families - {"z"}:
        return None  # the machine is named, or another product line's SMT (POWER SMT8) is meant
    if _has(_SMT_OTHER_WORKLOAD, text):
        return None  # "would our cpu-bound batch gain the same?": the workload decides, which the paper speaks of
    if not (families or _has(_Z_CONTEXT, text) or (not reading.platforms and _has(_SAP_APP, text))):
        return None
    return Clarification(
        "processor",
        "Which machine do the SAP application servers run on (z13 or later, or an older one such as zEC12), on which "
        "engines (IFLs), and under which z/VM level (6.3 with APAR VM65586 or later)? Shown by: CP QUERY CPUID; "
        "CP QUERY PROCESSORS; CP QUERY CPLEVEL.",
        "SMT arrived with the z13 for IFL and zIIP engines only, and the measured SAP gains were obtained with "
        "application servers as Linux guests under z/VM 6.3 with APAR VM65586.",
        (zvm_smt.CITE_ENGINES, zvm_smt.CITE_SOFTWARE),
        "ZVM-001",
        "processor",
        "CP QUERY CPUID; CP QUERY CPLEVEL",
        calculator="zvm_smt",
        decides=True,
    )


def _ame4k_idle_cost(reading: Reading, has_document: bool) -> Clarification | None:
    """ "we left AME4K on at factor 1.0 - what does that cost in CPU?": the measured cost differs by processor
    generation (Table 2 against Table 1), so the generation is asked back when the question names none."""
    text = reading.text
    if has_document or reading.platforms or not (_has(r"\bAME\s?4K\b|4K\s+mode", text) and _has(_CPU_COST, text)):
        return None
    if not _has(r"\b1(?:\.0+)?\b|\bone\b", text) or not _has(_OURS, text):
        return None
    return Clarification(
        "processor",
        "Which processor generation are the LPARs on (POWER8, POWER9 or Power10)? Shown by: prtconf (Processor Type).",
        "The CPU that AME4K costs at expansion factor 1.0 was measured per processor generation, comparing the "
        "runs with AME4K at factor 1.0 against the runs without AME.",
        (Cite(source=ame.GUIDE, section="AME4K and SAP", locator="Table 2"),),
        "AME-002",
        "processor",
        "prtconf",
        calculator="ame",
    )


# "how many cores should I give the vios", "cpus for the vios?": the VIOS's processors asked, in plain words
_VIOS_CORES_ASKED = (
    r"\bhow\s+many\s+(?:\w+\s+)?(?:cores|cpus|processors|procs|processing\s+units)\b"
    r"|\b(?:cores|cpus|processors|procs)\s+(?:should|for|to\s+give|do\s+(?:i|we))\b.{0,30}\bvios\b"
)
# "a 64 core box", "48 cores frame": the cores of the machine, not of the partition
_MACHINE_AFTER = r"^\W{0,2}(?:\w+\s+)?(?:box|frame|server|machine|system|cec|p\d+|power\d*)\b"


def _vios_processor(reading: Reading, has_document: bool) -> Clarification | None:
    """ "how many processing units should I give each VIOS?": Table 3-9 sizes the VIOS entitlement from its average
    use and its virtual processors from its peak, which only the user has."""
    text = reading.text
    # "the two VIOS" counts them and says nothing of their use
    # "the two VIOS" counts them and says nothing of their use; nor does "a 64 core box", the machine's size
    said = [
        q
        for q in reading.quantities
        if (q.kind not in ("count", "number") or q.value != int(q.value) or q.value > 4)
        and not (q.kind == "cores" and _has(_MACHINE_AFTER, text[q.end : q.end + 24]))
    ]
    cores_asked = _has(_VIOS_CORES_ASKED, text)  # "how many cores should I give the vios?"
    if has_document or said or not (_has(VIOS, text) and (_has(_EC_WORDS + "|" + _VP_WORDS, text) or cores_asked)):
        return None
    if not _has(r"\bhow\s+(?:many|much)\b|\bwhat\b|\bwhich\b|\bsize\b|\bsizing\b", text) or _has(
        r"\bmean|\bdefin|\bwhy\b|\bmemory\b|\bRAM\b|\bweight\b|\bmode\b|\bfold", text
    ):
        return None
    if not _has(_OURS + r"|\b(?:each|every|both|this|these|new)\b", text):
        return None
    return Clarification(
        "details",
        "What is the VIOS's average processor use (physc) during the busy hours, and the highest it reaches? Shown by: "
        "lparstat or viostat over the peak window.",
        "A VIOS gets shared, uncapped processors with its entitled capacity at its average use and its virtual "
        "processors at its peak use plus some headroom.",
        VIOS_PROCESSOR_CITE,
        "LPAR-001",
        "lpar.peak_processor_use",
        "lparstat 60 (over the peak window)",
        calculator="cpu_sizing",
    )


def clarification(reading: Reading, has_document: bool) -> Clarification | None:
    """The one input missing for the calculation the question is about, or None."""
    text = reading.text
    sizes = reading.amounts("size")
    if _has(_HOW_TO_CHECK, text) or _has(_THE_SOURCES_CASE, text):
        return None
    limit = _ame_limit(text)
    if limit is not None:
        return limit
    for asked_back in (_smt_gain, _ame4k_idle_cost, _vios_processor):
        found = asked_back(reading, has_document)
        if found is not None:
            return found
    if (
        _has(_EC_WORDS, text)
        and _has(_VP_WORDS, text)
        and _has(r"\b(?:what|how\s+many|which|size|sizing|set)\b|\bfor\s+(?:our|my|this|the)\b", text)
        and _has(r"\b(?:our|my|this|that|the\s+new)\b", text)
        and not reading.quantities
        and not has_document
        and not _has(r"\bmean|\bdefin|\bdifference|\bvs\b|\bversus\b|\bsum\b|\btotal\b|\bwhy\b|\bVIOS\b", text)
    ):  # "EC and VPs for our BW lpar?": Table 3-1 sizes them from two statistics of the peak that only the user has
        return Clarification(
            "details",
            "What is the LPAR's average processor use (physc) during its peak window, and the highest it reaches "
            "there? Shown by: lparstat or nmon over the peak hours.",
            "The entitled capacity is the average processor use during the peak; the virtual processors cover the "
            "highest use during the peak.",
            tuple(CPU_SIZING_CITES),
            "LPAR-001",
            "lpar.peak_processor_use",
            "lparstat 60 (over the peak window); nmon",
            calculator="cpu_sizing",
        )
    if _has(r"\bHPT\b|(?:hypervisor|hardware)\s+page\s+table", text) and _has(_HPT_ASKED, text):
        groups = hpt_groups(text)[0]
        if groups and not hpt_same_everywhere(groups) and not {p.tag for p in reading.platforms} & HPT_PROCESSORS:
            # "sum of max memory is 1 TB, how big is the HPT?": the divisor (64 or 128) needs the processor
            return Clarification(
                "processor",
                "Which processor generation is the server (POWER7 or earlier, POWER7+ or later), and do the "
                "partitions run AIX, Linux or IBM i? Shown by: HMC: lshwres -r sys; lshwres -r mem --level lpar.",
                "The hypervisor page table is the sum of the partitions' maximum memory divided by 64 up to POWER7 "
                "(and for IBM i and AMS partitions on POWER7+), by 128 for AIX and Linux partitions from POWER7+ on.",
                hpt.CITE,
                "LPAR-008",
                "managed_system.processor",
                "HMC: lshwres -r sys",
                calculator="hpt",
            )
        if not groups:  # "how big is the HPT?": it needs the partitions' maximum memory
            return Clarification(
                "details",
                "Which processor generation, and how many partitions with how much maximum memory each (and their "
                "OS: AIX, Linux, IBM i; AMS or not)? Shown by: HMC: lshwres -r mem --level lpar.",
                "The hypervisor page table is the sum of each partition's maximum memory divided by 64 (up to "
                "POWER7, IBM i and AMS) or 128 (AIX and Linux from POWER7+ on).",
                hpt.CITE,
                "LPAR-008",
                "partitions.max_memory_gb",
                "HMC: lshwres -r mem --level lpar",
                calculator="hpt",
            )
    if (
        _has(r"LFAREA|large frame area", text)
        and not sizes
        and _has(_JUDGE, text)
        and not _has(r"IAR0\d\dI", text)
        and not _has(_NO_LFAREA, text)
        and not _has(_THE_SOURCE, text)
    ):
        return Clarification(
            "size",
            "How much online (real) storage does the z/OS LPAR have? Shown by: D M=STOR. "
            "If you have it, paste the LFAREA statement from IEASYSxx too.",
            "Whether an LFAREA fits depends on the online storage: the limit is 80% of online storage minus 2 GB "
            "(old form) or 80% of (online storage - 4 GB) (new form)." + _fits_from(text),
            (lfarea.CITE_FORMS,),
            "ZOS-001",
            "online_storage_gb",
            "D M=STOR",
            calculator="lfarea",
        )
    if (
        _has(r"PLAREA|pageable large (?:(?:page|frame) )?area", text)
        and not sizes
        and _has(r"how|size|big|large", text)
    ):
        return Clarification(
            "size",
            "How much online storage does the z/OS system have? Shown by: D M=STOR.",
            "The PLAREA is sized by the system from online storage: 12.5% of what remains after the quad area.",
            tuple(plarea.plarea_size(16).citations),
            "ZOS-006",
            "online_storage_gb",
            "D M=STOR",
            calculator="plarea",
        )
    if (
        _has(VIOS, text)
        # not max_xfer_size, an adapter attribute; "is 2.2 GB enough for my vios?": its memory judged
        and (_has(r"memory|how much|\bsiz", text) or (sizes and _has(r"\benough|\bok\b|okay|sufficient|fine", text)))
        and not reading.of_kind("cores", "speed", "count")
        and not has_document
    ):
        return Clarification(
            "cores",
            "How many processor cores does the managed system have (HMC: lshwres -r proc --level sys)? "
            "If the VIOS serves many adapters, list them too (for example 2 x 10Gb Ethernet, 4 x 8Gb FC, 60 NPIV).",
            "VIOS memory starts at 2 GB per 16 cores of the machine; a complex VIOS needs 768 MB plus a fixed "
            "increment per adapter, and the larger of the two applies.",
            vios_memory.CITE,
            "VIOS-001",
            "system_cores",
            "HMC: lshwres -r proc --level sys",
            calculator="vios_memory",
        )
    if (
        instances_topic(text)
        and not reading.of_kind("cores", "saps")
        and _has(_INSTANCES_ASKED, text)
        and not _has(_OTHER_COUNT, text)
    ):
        return Clarification(
            "cores",
            "How many cores does the HP-UX server (or cell) have? Shown by: machinfo.",
            "The guidance sizes one SAP instance for every 2 to 4 cores.",
            tuple(sap_instances.instance_range(8).citations),
            "HPUX-007",
            "cores",
            "machinfo",
            calculator="sap_instances",
        )
    if (
        _has(r"\bCLM\b|cell local memory", text)
        and not sizes
        and _has(r"how much|size|sizing|enough|need|big", text)
        and not _has(r"throughput|faster|gain|benefit|better|improv|response|users|perform|latency|vs|versus|ILM", text)
    ):
        return Clarification(
            "details",
            "How much memory does the cell (or server) have, and how much shared memory do the SAP instances "
            "use? Shown by: machinfo; ipcs -ma.",
            "CLM should hold about 10% of memory for kernel and process-private data plus, on 11i v3, the SAP "
            "shared memory.",
            clm.CITE,
            "HPUX-005",
            "memory_gb",
            "machinfo; ipcs -ma",
            calculator="clm",
        )
    if (
        _has(r"\bswap\b|buffer cache", text)
        # "our hp sap server": HP's server, whose buffer cache and swap the slides size
        and _has(r"HP-?UX|\bHP\b|Superdome|Itanium|11i|11\.31|11\.23|rx\d{4}", text)
        and not [q for q in sizes if not swap_size(text, q)]  # "is 128 GB swap enough?": the memory is missing
        and _has(
            r"how much|how big|size|sizing|enough|sufficient|adequate|\bok\b|right|need|\bmax|limit|upper|\bcap\b"
            r"|minimum|\bmin\b"
            r"|too\s+(?:big|large|small)|" + _SIZING_ASK,
            text,
        )
        and not _has(_DEFINITION, text)
    ):
        return Clarification(
            "memory",
            "How much memory does the HP-UX server have (machinfo)? For swap, how much is configured (swapinfo -tam)?",
            "SAP on HP-UX wants swap of at least twice the memory and a buffer cache of no more than about 3% of it.",
            (clm.CITE[1],),
            "HPUX-012" if _has(r"\bswap\b", text) else "HPUX-011",
            "memory_gb",
            "machinfo; swapinfo -tam",
            calculator="hpux_kernel",
        )
    if (
        _has(r"true memory|real memory|physical memory", text)
        and _has(r"\bexpanded\b", text)
        and sizes
        and not _has(r"factor\s*(?:of\s*|at\s*|=\s*)?\d|\d(?:\.\d+)?\s*x\b", text)
    ):
        return Clarification(
            "factor",
            "At which expansion factor (for example 2.0; the guide found 2.0 to 2.8 suitable for SAP ABAP)?",
            "True memory is the expanded memory divided by the expansion factor.",
            ame.CITE_EXPANDED + ame.CITE_GAIN,
            "AME-005",
            "ame.expansion_factor",
            "lparstat -i",
            calculator="ame",
        )
    if (
        _has(r"AME\s?64K|64K mode|ame_mpsize_support", text)
        and not reading.platforms
        and not reading.os_levels
        and not has_document
        and _has(_AME64K_USE, text)
        and not _has(r"^\W*why\b", text)  # "why would anyone run AME64K at factor 1.0?" asks a reason, not leave
    ):
        return Clarification(
            "processor",
            "Which processor generation and AIX level is the LPAR on (prtconf: Processor Type; oslevel -s)?",
            "AME64K needs POWER8 or later with AIX 7.2 TL1 or later; on older systems AME works on 4K pages only.",
            ame.CITE_AME64K,
            "AME-003",
            "processor",
            "prtconf; oslevel -s",
            calculator="ame",
        )
    if (
        _has(r"\bAME\b|active\s+memory\s+expansion|expansion\s+factor", text)
        and _has(r"\bfactor\b|\bratio\b", asked(text))
        and _has(r"\b(?:which|what)\b.{0,40}\b(?:factor|ratio)\b", text)
        and _has(_SIZING_ASK + r"|\b(?:use|pick|choose|set|take|go\s+with|start\s+with)\b", text)
        and not reading.quantities
        and not has_document
        and not _has(_DEFINITION + r"|\bCPU\b|deficit|SAPS|response|measured|table|tested|\bmax|limit|range", text)
    ):  # "which AME factor should I use?": the factor is the memory the workload needs over the true memory given
        return Clarification(
            "details",
            "How much memory does the workload need at its peak (the expanded memory AIX and SAP must see), and how "
            "much true memory can the LPAR get? For a running LPAR, amepat during the peak models the factors.",
            "The expansion factor is the expanded memory divided by the true memory; the guide found 2.0 to 2.8 "
            "suitable for SAP ABAP application servers.",
            ame.CITE_EXPANDED + ame.CITE_GAIN,
            "AME-005",
            "memory.expanded_gb",
            "amepat (during the peak); lparstat -i",
            calculator="ame",
        )
    factor_for = _factor_needs(text)
    if factor_for is not None:  # "what factor if we give 10 GB true?": the expanded memory it is to reach
        return factor_for
    if (
        ASK_TRUE.search(asked(text))
        and _factors(text)
        and not sizes
        and not _has(r"\bCPU\b|deficit|SAPS|response|paging|swap", text)
    ):  # "what true memory should i configure for factor 2.6?": the expanded memory it is to give
        return _true_memory_needs("How much expanded memory should the LPAR show (the memory SAP is sized for)?")
    if (
        _has(r"\bAME\b|expansion\s+factor|\bfactor\b", text)
        and _has(r"\b(?:raise|increase|lower|reduce|change|go|move|bump|drop)\b", text)
        and ASK_TRUE.search(asked(text))
        and not sizes
        and not _factors(text)
        and not reading.quantities
        and not has_document
        and not _has(r"\bCPU\b|deficit|SAPS|response|paging|swap|commands?|\bshow|display|verify|monitor", text)
    ):  # "raise the factor but keep the same expanded memory: what true memory?": none of the figures is said
        return Clarification(
            "details",
            "How much expanded memory does the LPAR show today (or its true memory and factor), and which factor do "
            "you move to? Shown by: lparstat -i (Desired Memory, Target Memory Expansion Factor).",
            "At the new factor the same expanded memory needs expanded memory / new factor of true memory.",
            ame.CITE_EXPANDED + ame.CITE_GAIN,
            "AME-007",
            "memory.expanded_gb",
            "lparstat -i",
            calculator="ame",
        )
    if (
        _has(r"\bAME\b|active\s+memory\s+expansion", text)
        and _has(r"\b(?:true|real|physical)\s+(?:mem|ram)", asked(text))
        and _has(r"how\s+much|\bwhat\b|how\s+big|\bneed|calculat", text)
        and not reading.quantities
        and not _factors(text)
        and not has_document
        and not _has(r"\bCPU\b|deficit|SAPS|response|paging|swap|commands?|\bshow|display|verify|monitor", text)
    ):  # "how much true memory do I need once AME is on?": the memory the workload needs and the factor are the user's
        return _true_memory_needs(
            "How much memory must AIX and SAP see (the expanded memory, the memory the workload is sized for), and "
            "at which expansion factor (the guide found 2.0 to 2.8 suitable for SAP ABAP)?"
        )
    if (
        _has(r"\bexpanded\s+mem|\bAIX\s+see|\bAME\b", text)
        and ASK_EXPANDED.search(asked(text))
        and _has(r"how much|what|calculat", text)
        and not sizes
        and not _factors(text)
        and not reading.quantities
        and not has_document
        and not _has(r"\bCPU\b|deficit|SAPS|response|\bpool\b|compressed|monitor|topas|lparstat|command", text)
    ):  # "how much expanded memory will AIX see on sapapp07?": both of its inputs are the user's
        return Clarification(
            "details",
            "How much true (physical) memory does the LPAR have, and at which expansion factor? Shown by: lparstat -i "
            "(Desired Memory, Target Memory Expansion Factor).",
            "Expanded memory is the expansion factor times true memory.",
            ame.CITE_EXPANDED + ame.CITE_GAIN,
            "AME-005",
            "memory.desired_gb",
            "lparstat -i",
            calculator="ame",
        )
    if (
        (_has(r"\bexpanded\b|how much memory", text) or ASK_EXPANDED.search(asked(text)))
        and _has(r"how much|what|calculat", text)
        and not _has(r"\bCPU\b|deficit|SAPS|response", text)
        and reading.of_kind("number")
        and not sizes
        and _has(r"\bAME\b|expan|factor", text)
    ):
        return Clarification(
            "true-memory",
            "How much true (physical) memory does the LPAR have? Shown by: lparstat -i (Online Memory).",
            "Expanded memory is the expansion factor times true memory.",
            ame.CITE_EXPANDED + ame.CITE_GAIN,
            "AME-005",
            "memory.desired_gb",
            "lparstat -i",
            calculator="ame",
        )
    return None
