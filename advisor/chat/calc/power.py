"""Calculator answers for IBM Power: VIOS memory, AME sizing, hypervisor page table.

Calculators: advisor/calculators/vios_memory.py (Redbook 3.5.2), ame.py (Redbook 3.2, 2023
guide "Test Iteration"), hpt.py (Redbook 3.1 Example 3-1); the AME safety-net figure is the
`virtual_memory_limit_gb` derived value.
"""

from __future__ import annotations

import math
import re
from collections import Counter

from pydantic import ValidationError

from advisor import linre
from advisor.calculators import ame, hpt, vios_memory
from advisor.capabilities import calculators
from advisor.capabilities.errors import CapabilityError
from advisor.chat.calc.asked import asked, asks_judgement, asks_other, blanked, role_patterns, role_span
from advisor.chat.calc.asked import role as asked_role
from advisor.chat.calc.common import (
    CLOCK,
    CalcAnswer,
    Calculation,
    _cites,
    _has,
    counts_something,
    run,
)
from advisor.chat.numbers import fmt, normalise
from advisor.chat.polarity import reaches, stated_verdict
from advisor.chat.reader import Quantity, Reading, read
from advisor.chat.reader.quantities import SIZE_TO_GB, quantities
from advisor.chat.reply import Composer, Question
from advisor.citations import Cite

VIOS = r"\bVIOS\d{0,2}\b|\bVIO\s*servers?\b|virtual I/?O server"  # "vios1", "vio server"
_LABELS = {
    "lhea": "LHEA",
    "lhea_ports": "LHEA port",
    "eth_1g_ports": "1 Gb Ethernet port",
    "eth_10g_ports": "10 Gb Ethernet port",
    "fc_8g_ports": "8 Gb FC port",
    "npiv_vfc_adapters": "NPIV virtual FC adapter",
    "virtual_eth_adapters": "virtual Ethernet adapter",
}
_ETH_SPEEDS = {1.0: "eth_1g_ports", 10.0: "eth_10g_ports"}
_FC_SPEEDS = (2.0, 4.0, 8.0, 16.0, 32.0, 64.0)
_WITH = re.compile(r"\s*(?:with|having|and|,|\()?\s*(?:a\s+total\s+of\s+)?", re.IGNORECASE)
# "4 ports each", "4 ports configured on each", "4 ports per LHEA", "4 ports apiece": ports of every one
_EACH = linre.compile(
    r"\s?(?:(?:configured|active|enabled|cabled|used|in\suse)\s)?"
    r"(?:each\b|apiece\b|(?:on|per|in|for)\s(?:each|every|one|an?\s)?\s?(?:each\b|every\b|one\b|LHEAs?\b|adapters?\b))",
    linre.I,
)
# "2 LHEAs, each with 4 ports": the ports said after "each" are those of every LHEA
_EACH_WITH = linre.compile(r"\s*(?:,\s*)?(?:each|every\sone)\s(?:with|having|has)\s", linre.I)


def _port_slot(q: Quantity, assumptions: list[str], questions: list[Question]) -> str:
    """The Redbook increment a group of ports counts under; what is not said becomes an assumption and a question."""
    what = q.raw
    medium = q.medium or ("fc" if q.value in _FC_SPEEDS and q.value not in _ETH_SPEEDS else None)
    if q.value in _ETH_SPEEDS and medium in (None, "ethernet"):
        return _ETH_SPEEDS[q.value]
    if medium == "fc" and q.value == 8.0:
        return "fc_8g_ports"
    if medium == "fc":
        said = f"{fmt(q.value)} Gb " if q.value else "without a stated speed, "
        assumptions.append(
            f"'{what}': FC ports {said}counted at the Redbook's 8 Gb FC increment (512 MB), "
            "the only FC figure it gives."
        )
        questions.append(_speed_question(what, "FC", "8 Gb"))
        return "fc_8g_ports"
    if medium == "ethernet" and q.value == 0:
        assumptions.append(
            f"'{what}': Ethernet ports without a stated speed counted as 10 Gb (512 MB each), the larger."
        )
        questions.append(_speed_question(what, "Ethernet", "1 Gb or 10 Gb"))
        return "eth_10g_ports"
    if medium == "ethernet" or q.value > 10:
        assumptions.append(
            f"'{what}': the Redbook gives no increment for {fmt(q.value)} Gb Ethernet; counted at its 10 Gb figure "
            "(512 MB each)."
        )
        return "eth_10g_ports"
    assumptions.append(
        f"'{what}': ports of unstated type and speed counted at 512 MB each (10 Gb Ethernet or 8 Gb FC)."
    )
    questions.append(_speed_question(what, "Ethernet or FC", "the speed"))
    return "eth_10g_ports"


def _speed_question(what: str, medium: str, speed: str) -> Question:
    return Question(
        path="vios.adapters",
        question=f"At which speed do the '{what}' run ({medium}, {speed})? "
        "The VIOS memory increment per port depends on it.",
        command="VIOS: lsdev -type adapter; entstat -d entX (Media Speed)",
        rule_id="VIOS-001",
    )


def vios_inputs(
    reading: Reading,
) -> tuple[int | None, dict[str, int], list[str], list[Question], list[Quantity], list[Quantity]]:
    """(cores, adapter counts by increment, assumptions, questions, quantities not used, port counts that can be
    read two ways) from a reading."""
    cores: int | None = None
    counts: dict[str, int] = {}
    assumptions: list[str] = []
    questions: list[Question] = []
    unused: list[Quantity] = []
    text = reading.text
    npiv: list[int] = []
    npiv_added = 0
    ambiguous: list[Quantity] = []
    last_lhea: int | None = None
    lhea_end = 0
    for q in reading.quantities:
        if q.kind == "cores" and cores is None:
            cores = int(q.value)
        elif q.kind == "count" and q.noun == "npiv" and q.count and q.added:
            npiv_added += q.count  # "and 8 more npiv clients": on top of those said
        elif q.kind == "count" and q.noun == "npiv" and q.count:
            npiv.append(q.count)
        elif q.kind == "count" and q.noun == "veth" and q.count:
            counts["virtual_eth_adapters"] = counts.get("virtual_eth_adapters", 0) + q.count
        elif q.kind == "count" and q.noun == "lhea" and q.count:
            counts["lhea"] = counts.get("lhea", 0) + q.count
            last_lhea, lhea_end = q.count, q.end
        elif q.kind == "speed" and q.count:
            if "LHEA" in q.raw.upper() and "non-LHEA" not in text[max(0, q.start - 10) : q.end]:
                counts["lhea_ports"] = counts.get("lhea_ports", 0) + q.count
            elif (
                last_lhea
                and q.value == 0
                and q.medium is None
                and (_EACH.match(text, q.end) or _EACH_WITH.fullmatch(text[lhea_end : q.start]))
            ):
                counts["lhea_ports"] = counts.get("lhea_ports", 0) + q.count * last_lhea
            elif last_lhea and q.value == 0 and q.medium is None and _WITH.fullmatch(text[lhea_end : q.start]):
                if last_lhea > 1 and not (
                    _TOTAL_BEFORE.search(text[lhea_end : q.start]) or _TOTAL_AFTER.match(text, q.end)
                ):
                    # "2 LHEAs with 4 ports": 4 on each or 4 in all? Asked, never counted one way silently
                    questions.append(_lhea_ports_question(q.raw, q.count, last_lhea))
                    ambiguous.append(q)
                else:
                    counts["lhea_ports"] = counts.get("lhea_ports", 0) + q.count  # "1 LHEA with 2 ports": its ports
            else:
                slot = _port_slot(q, assumptions, questions)
                counts[slot] = counts.get(slot, 0) + q.count
            last_lhea = None
        elif q.kind == "size" and q.count and (q.unit or "").upper() == "G":
            # "2x1G, 2x10G" in a VIOS sizing: counted links at an Ethernet speed; "2x8G" or "2x16G" without FC
            # could be FC ports or something else: asked, never counted one way
            speed, said = q.value / q.count, f"{q.count} x {q.raw}"
            if speed in _ETH_SPEEDS:
                slot = _ETH_SPEEDS[speed]
                counts[slot] = counts.get(slot, 0) + q.count
                assumptions.append(f"'{said}' read as {q.count} x {fmt(speed)} Gb Ethernet ports.")
            else:
                questions.append(_speed_question(said, "FC or Ethernet", "the speed"))
                ambiguous.append(q.model_copy(update={"raw": said}))
            last_lhea = None
        elif q.kind == "speed" and not q.count:
            questions.append(
                Question(
                    path="vios.adapters",
                    question=f"How many of the '{q.raw}' are there? Each one adds to the VIOS memory.",
                    rule_id="VIOS-001",
                )
            )
            unused.append(q)
        elif q.kind in ("size", "count", "percent", "saps") or (q.kind == "number" and counts_something(text, q.end)):
            unused.append(q)  # "8 frob adapters": a count of something the rules do not know
    if npiv or npiv_added:  # "60 NPIV adapters, of which 20 are mapped": all 60 count; "8 more" adds to them
        counts["npiv_vfc_adapters"] = max(npiv, default=0) + npiv_added
    return cores, counts, assumptions, questions, unused, ambiguous


# "LHEA ports for the SEA", "the host ethernet adapter": an LHEA named, which "non-LHEA" ports are not
_LHEA_NAMED = linre.compile(r"(?:^|[^-\w])(?:LHEAs?|host\s+ethernet\s+adapters?)\b", linre.I)
# "no LHEA", "(not LHEA)", "without LHEAs", "non-LHEA", "Kein LHEA", "sin LHEA": an LHEA denied, nothing to count
_LHEA_DENIED = linre.compile(
    r"\b(?:no|not|non|without|nor|zero|0|none|kein|keine|keinen|ohne|sin|sans|aucun|nessun|senza|sem|nenhum)"
    r"\s{0,2}[-(]?\s{0,2}.$",
    linre.I,
)
LHEA_QUESTION = Question(
    path="vios.lhea",
    question="How many LHEAs does the VIOS use, and how many ports are configured on each?",
    command="HMC: lshwres -r hea --rsubtype phys --level port",
    rule_id="VIOS-001",
)


# "both vios of the pair, total?", "for the vios pair combined": the memory of the two VIOS of a pair
_PAIR = linre.compile(
    r"\b(?:both|two|2)\s+(?:of\s+the\s+)?(?:vios(?:es)?|vio\s+servers?)\b|\b(?:the|a|vios|dual[- ]vios)\s+pair\b",
    linre.I,
)
_TOGETHER = linre.compile(r"\b(?:total|together|combined|in\s+all|altogether|summed|sum)\b", linre.I)


def pair_total(text: str, whole: bool = False) -> bool:
    """Whether the asking clause (`whole`: the whole of a short follow-up, "double that for both vios of the pair,
    total?") wants the memory of both VIOS of a pair together, said in so many words."""
    wanted = text if whole else asked(text)
    return bool(_PAIR.search(wanted) and _TOGETHER.search(wanted))


# "with a total of 4 ports", "4 ports in total", "4 ports altogether": the ports of all the LHEAs together
_TOTAL_BEFORE = linre.compile(r"\b(?:a\s+total\s+of|total(?:ling)?|in\s+all|altogether|combined|overall)\b", linre.I)
_TOTAL_AFTER = linre.compile(
    r"\s?,?\s?(?:(?:configured|active|enabled|cabled|used)\s)?"
    r"(?:in\s+total|in\s+all|total|altogether|combined|overall|all\s+together|between\s+them)\b",
    linre.I,
)


def _lhea_ports_question(raw: str, count: int, lheas: int) -> Question:
    return Question(
        path="vios.lhea_ports",
        question=f"Are the '{raw}' {count} on each of the {lheas} LHEAs ({count * lheas} in all), or {count} in total?",
        command="HMC: lshwres -r hea --rsubtype phys --level port",
        rule_id="VIOS-001",
    )


_NOT_MEMORY = linre.compile(r"\s*(?:of\s+)?(?:disks?|hdisks?|luns?|rootvg|storage|san|pool|ssp|volumes?|vg)\b", linre.I)


_ADDS = linre.compile(r"\b(?:add|adds|added|on\s+top|extra|increments?)\b", linre.I)


# what a follow-up that counts only the adapters in use says (calc/delta.py writes it into the question it rewrites)
IN_USE_ONLY = "(only those in use counted)"
# "(heute erst 40 in use)", "only 12 are mapped today", "40 active": a part of the NPIV count in use now
_IN_USE_AFTER = linre.compile(r"\s{0,2}(?:\w+\s+){0,2}?(?:in\s+use|mapped|active|assigned|used|enabled)\b", linre.I)


def _npiv_in_use(reading: Reading) -> Quantity | None:
    """The one bare number said right after the NPIV count as the part of it in use now, or None."""
    qs = list(reading.quantities)
    for i, q in enumerate(qs[1:], 1):
        before = qs[i - 1]
        if (
            q.kind == "number"
            and before.kind == "count"
            and before.noun == "npiv"
            and q.value < (before.count or 0)
            and q.start - before.end <= 40
            and _IN_USE_AFTER.match(reading.text, q.end)
        ):
            return q
    return None


def vios_answer(text: str, reading: Reading | None = None) -> CalcAnswer | None:
    reading = reading or read(text)
    text = reading.text
    memory_words = _has(r"memory|\bmem\b|\bram\b|how much|siz|calculat|enough|\bneeds?\b|requirement", text)
    # "vios on a 48 core frame with 6 GB - ok?": a size said of the VIOS itself is its memory
    judged = reading.yes_no or asks_judgement(text)  # "... has 1 GB. what do you think?"
    own_size = judged and any(not _NOT_MEMORY.match(text, q.end) for q in reading.amounts("size"))
    if not _has(VIOS, text):
        return None
    cores, adapters, assumptions, questions, unused, ambiguous = vios_inputs(reading)
    # "vios: 2 lhea, 3 ports each, 2 x 10gbe, 32 npiv, 24 cores": a VIOS's inputs listed with no other question
    listed = len(adapters) + bool(ambiguous) + bool(cores) >= 2 and "?" not in text
    if not (memory_words or own_size or listed):
        return None
    if ambiguous:  # the adapter figure would be wrong under one of the two readings: only the question
        out = CalcAnswer("vios_memory", Composer(), rules=["VIOS-001"], questions=questions)
        why = (
            "does not say whether these are FC or Ethernet ports, and the Redbook's increment differs"
            if ambiguous[0].kind == "size"
            else "can be read per LHEA or in total, and the complex I/O rule adds memory for every LHEA port"
        )
        out.out.say(
            f"'{ambiguous[0].raw}' {why}, so the figure depends on it. {questions[-1].question}",
            *_cites(vios_memory.CITE, "vios_memory"),
        )
        return out
    if "lhea" not in adapters and any(
        not _LHEA_DENIED.search(text[max(0, m.start() - 16) : m.start() + 1]) for m in _LHEA_NAMED.finditer(text)
    ):
        # "uses LHEA ports for the SEA": each LHEA and each configured port adds memory, and neither count is said
        out = CalcAnswer("vios_memory", Composer(), rules=["VIOS-001"], questions=[LHEA_QUESTION])
        out.out.say(
            "The complex I/O rule adds 512 MB for each LHEA and 102 MB for each configured LHEA port, and the "
            f"message does not say how many there are, so the figure depends on it. {LHEA_QUESTION.question}",
            *_cites(vios_memory.CITE, "vios_memory"),
        )
        return out
    if cores is None and not adapters:
        return None
    req = vios_memory.vios_memory_requirement(cores or 0, **adapters)
    cites = _cites(vios_memory.CITE, "vios_memory")
    out = CalcAnswer("vios_memory", Composer(), rules=["VIOS-001"], assumptions=assumptions, questions=questions)
    if cores:
        ratio_mb = cores * vios_memory.BASE_MB_PER_16_CORES / 16
        floor = f", below the 2 GB minimum, so {req.base_mb} MB" if req.base_mb > ratio_mb else ""
        out.out.say(
            f"Base rule, 2 GB of VIOS memory per 16 cores of the machine: {cores} cores x 128 MB = "
            f"{fmt(ratio_mb)} MB{floor} = {fmt(req.base_mb / 1024)} GB per VIOS.",
            *cites,
        )
        out.calculations.append(
            Calculation(
                "vios_memory.base",
                {"system_cores": cores},
                req.base_mb,
                "MB",
                "max(2048 MB, ceil(cores x 2048 MB / 16)): 2 GB per 16 cores, at least 2 GB",
                cites,
            )
        )
    if adapters:
        terms = [
            f"{req.inputs[k]} x {vios_memory.INCREMENTS_MB[k]} MB ({_LABELS[k]})"
            for k in vios_memory.INCREMENTS_MB
            if req.inputs.get(k)
        ]
        # "how much does that add?": the adapters' increments on top of the 768 MB start, a figure of its own
        added = req.adapters_mb - vios_memory.COMPLEX_START_MB
        on_top = (
            f" The adapters add {added} MB to the {vios_memory.COMPLEX_START_MB} MB start."
            if _ADDS.search(asked(text))
            else ""
        )
        out.out.say(
            f"Complex I/O rule: {vios_memory.COMPLEX_START_MB} MB + "
            + " + ".join(terms)
            + f" = {req.adapters_mb} MB ({fmt(req.adapters_mb / 1024)} GB).{on_top}",
            *cites,
        )
        out.calculations.append(
            Calculation(
                "vios_memory.complex_io",
                {k: v for k, v in req.inputs.items() if v and k != "system_cores"},
                req.adapters_mb,
                "MB",
                f"{vios_memory.COMPLEX_START_MB} MB + sum(count x increment)",
                cites,
            )
        )
    if cores and adapters:
        out.out.say(
            f"The VIOS needs the larger of the two: {req.required_mb} MB ({fmt(req.required_mb / 1024)} GB).", *cites
        )
        out.calculations.append(
            Calculation(
                "vios_memory.required",
                {"system_cores": cores, **{k: v for k, v in req.inputs.items() if v and k != "system_cores"}},
                req.required_mb,
                "MB",
                "max(base, complex I/O)",
                cites,
            )
        )
        both = req.base_mb + req.adapters_mb
        # Redbook 3.5.2 gives the two as separate starting points and never says how they combine: the larger is
        # our reading, so it is said as one, with the cautious sum beside it (an outside reader added the two).
        out.assumptions.append(
            "Redbook 3.5.2 does not say how its two guidelines combine; this answer takes the larger. "
            f"Added together they come to {both} MB ({fmt(both / 1024)} GB), the cautious figure."
        )
    elif adapters:
        out.out.say(
            "The 2 GB per 16 cores base also applies and needs the machine's core count; the VIOS needs "
            "the larger of the two.",
            *cites,
        )
        out.questions.append(
            Question(
                path="system_cores",
                question="How many processor cores does the managed "
                "system have? Shown by: HMC: lshwres -r proc --level sys.",
                command="HMC: lshwres -r proc --level sys",
                rule_id="VIOS-001",
            )
        )
    if out.calculations and pair_total(text):
        # "and for both vios of the pair, total?": Redbook 3.5.2 sizes each VIOS; the pair holds two such VIOS
        one = req.required_mb if cores and adapters else req.adapters_mb if adapters else req.base_mb
        at_least = "" if cores else " at least"
        out.out.say(
            f"Both VIOS of the pair together: 2 x {fmt(one)} MB = {fmt(2 * one)} MB "
            f"({fmt(2 * one / 1024)} GB){at_least}, "
            "each VIOS sized on its own by these rules.",
            *cites,
        )
        out.calculations.append(
            Calculation("vios_memory.pair", {"per_vios_mb": one}, 2 * one, "MB", "2 x the memory of one VIOS", cites)
        )
    npiv = adapters.get("npiv_vfc_adapters")
    in_use = _npiv_in_use(reading) if npiv else None
    if npiv and IN_USE_ONLY in text:  # "what if we only count the 12 mapped ones": as asked, with the source's caveat
        out.out.say(
            f"Counted as you asked: only the {npiv} NPIV adapters in use. Redbook 3.5.2 sizes for the intended "
            "scale instead, adapters idle or not yet assigned to a partition included, so plan with the full count.",
            *cites,
        )
    elif npiv and in_use is not None and out.calculations:
        # "96 NPIV adapters planned (today only 40 in use)": the 40 is read, and the 96 are counted
        out.out.say(
            f"Counted at the intended scale: all {npiv} NPIV adapters, not only the {fmt(in_use.value)} in use today; "
            "Redbook 3.5.2 sizes for the intended scaling, adapters idle or not yet assigned included.",
            *cites,
        )
        out.calculations[-1].inputs["npiv_vfc_adapters_in_use_today"] = in_use.value
    elif npiv and _has(r"plan|mapped|not yet|unused|idle|intended|future", text):
        out.out.say(
            f"Adapters count as intended, not as active: all {npiv} NPIV adapters are counted, mapped or not.",
            *cites,
        )
    have = [q for q in unused if q.kind == "size"]
    if have and cores and judged:
        gb = have[0].value
        enough = gb * 1024 >= req.required_mb
        word = reaches(enough, text)
        if word is not None:
            out.verdict = (
                word,
                f"{fmt(gb)} GB {'covers' if enough else 'is less than'} the {req.required_mb} MB "
                f"({fmt(req.required_mb / 1024)} GB) this VIOS needs",
                cites,
            )
        unused = [q for q in unused if q is not have[0]]
    elif have and adapters and judged:
        # "2 GB on a VIOS with 4x1Gb + 2x8Gb FC, ok?": without the core count the need is at least the larger of the
        # adapters' figure and the 2 GB floor; below that it is short whatever the cores, above it the cores decide
        mb = have[0].value * 1024
        least = max(req.adapters_mb, vios_memory.BASE_MB_PER_16_CORES)
        out.verdict = (
            (
                stated_verdict(False, text, "min"),
                f"{fmt(have[0].value)} GB is less than the {least} MB ({fmt(least / 1024)} GB) this VIOS needs "
                "at least, whatever the machine's core count",
                cites,
            )
            if mb < least
            else (
                "it depends",
                f"{fmt(have[0].value)} GB covers the {req.adapters_mb} MB the adapters need; the 2 GB "
                "per 16 cores base may need more, which depends on the machine's core count",
                cites,
            )
        )
        unused = [q for q in unused if q is not have[0]]
    for q in unused:  # every number the sizing did not count is said, never dropped silently
        if in_use is not None and q.start == in_use.start:
            continue  # the adapters in use today, said above
        if q.kind in ("size", "count", "number") and q.noun not in ("lpar", "users", "instances"):
            out.assumptions.append(f"'{q.raw}' is not an input of the VIOS memory rules; not used.")
    return out


# ---------------------------------------------------------------------------- AME


def _questions(text: str) -> str:
    """The sentences of a message that end in a question mark (the whole message when none does); a decimal
    point or "e.g." ends no sentence."""
    scan = _ABBREVIATION.sub(lambda a: a.group(0).replace(".", " "), text[-2000:])
    asked, start = [], 0
    for i, ch in enumerate(scan):
        if ch in "?!\n" or (ch == "." and (i + 1 == len(scan) or scan[i + 1].isspace())):
            if ch == "?":
                asked.append(scan[start : i + 1])
            start = i + 1
    return " ".join(asked) if asked else text


def _factors(text: str) -> list[float]:
    """Expansion factors named in the question ("factor 2.0", "factor of 1.255, or one of 12"), in the order
    the question says them, the one it moves to last ("at 1.2 ... going to factor 1.6", "factor 1.6 instead of 1.2").

    After each "factor", every number up to the end of the sentence that is not a size or a
    percentage; a decimal point is not a sentence end.
    """
    found: dict[float, int] = {}
    norm, qs = quantities(text)
    # "4 cores", "6 lpars", "20%": the reader's counts and amounts are never a factor
    counted = {q.start for q in qs if q.kind != "number"} if norm == text else set()
    scan = _ABBREVIATION.sub(lambda a: a.group(0).replace(".", " "), text)  # "e.g. 1.37": no sentence end
    for m in re.finditer(r"\bfactors?\b(.*?)(?:[.?!](?=\s|$)|\n|$)", scan, re.IGNORECASE):
        # "4096 mb", "16 gb": a size in any case is no factor; "4 more" is more of something, never a factor
        for v in re.finditer(
            r"(?<![\w.])(\d+(?:\.\d+)?)(?![\w%]|\.\d|\s*(?:GB|MB|TB|%|GiB|x\b|decimals?|digits?|places|more\b|extra\b|additional\b))",
            m.group(1),
            re.IGNORECASE,
        ):
            at = m.start(1) + v.start(1)
            before = text[max(0, at - 24) : at]
            if at not in counted and not _STEP_BEFORE.search(before) and not _LEVEL_BEFORE.search(before):
                found.setdefault(float(v.group(1)), at)
    for m in _FACTOR_WORDS.finditer(text):
        g = next(i for i in range(1, 7) if m.group(i) is not None)
        found.setdefault(float(m.group(g)), m.start(g))
    for m in _MOVED_TO.finditer(text):  # "ame from 2.0 to 2.5": both, the one moved to last
        found.setdefault(float(m.group(1)), m.start(1))
        found.setdefault(float(m.group(2)), m.start(2))
    ordered = sorted(found, key=lambda f: found[f])
    if len(ordered) == 2:
        first, second = (text[max(0, found[f] - 32) : found[f]] for f in ordered)
        if _OLD_BEFORE.search(second) or (_NEW_BEFORE.search(first) and not _OLD_BEFORE.search(first)):
            ordered.reverse()  # "to factor 1.6 from 1.2", "factor 1.6 instead of 1.2": the first said is the new one
    return ordered


_ABBREVIATION = re.compile(r"\b(?:e\.g|i\.e|approx|ca|vs|resp)\.", re.I)
# "in steps of 0.01", "increments of 0.05": the grid of factors, never a factor
_STEP_BEFORE = re.compile(r"\b(?:steps?|increments?|granularity|multiples?|precision)\s+(?:of\s+)?$", re.I)
# "factor 1.2 on sapdi03, AIX 7.2 TL5": a level after the name of an OS or a release word is no factor
_LEVEL_BEFORE = re.compile(r"\b(?:aix|z/?os|z/?vm|hp-?ux|vios|sles|rhel|linux|version|release|level|tl|sp)\s*$", re.I)
_FACTOR_GAP = r"\s+(?:an?\s+)?(?:(?:expansion|ame)\s+)?(?:factors?\s+)?(?:of\s+|=\s*|at\s+)?$"
_NEW_BEFORE = re.compile(r"\b(?:to|new|target)" + _FACTOR_GAP, re.I)
_OLD_BEFORE = re.compile(r"\b(?:from|instead\s+of|was|currently|current|old)" + _FACTOR_GAP, re.I)


# "amepat recommends 2.5", "amepat says 3.74", "a 2.5x expansion": a factor without the word "factor"
_FACTOR_WORDS = re.compile(
    r"\bamepat(?:'s\s+|\s+(?:recommends|recommended|suggests|suggested|says|said|gives|gave|shows|showed|reports|reported)\s+)"
    r"(?:an?\s+)?(\d+(?:\.\d+)?)(?![\w%]|\.\d|\s*(?:GB|MB|TB|GiB|%))"
    r"|(?<![\w.])(\d+(?:\.\d+)?)\s?x\s+(?:expansion|AME|compression)\b"
    r"|(?:\b(?:AME|at)\s+|@\s*)(?:at\s+|of\s+|to\s+|@\s*)?(\d+\.\d+)(?![\w%]|\.\d|\s*(?:GB|MB|TB|GiB|%))"
    r"|\bexpansion\s+(?:of\s+|at\s+|=\s*|is\s+)?(\d+(?:\.\d+)?)(?![\w%]|\.\d|\s*(?:GB|MB|TB|GiB|%|x\b))"
    # "is 12.0 a valid AME expansion factor", "we set 1.005 as factor": the number named as a factor after it
    r"|(?<![\w.])(\d+(?:\.\d+)?)\s+(?:is\s+)?(?:an?|the|as(?:\s+(?:an?|the|our))?)\s+"
    r"(?:(?:valid|allowed|possible|good|acceptable|legal|ok|okay|proper|sane|realistic|new)\s+)?(?:AME\s+)?"
    r"(?:expansion\s+)?factor\b"
    # "true 10 GB factor 1.6, want to go to 2.5": a decimal moved to after a factor is named is the new factor
    r"|\b(?:go|goes|going|move|moving|change|changing|switch|switching|raise|raising|lower|lowering|bump|bumping)"
    r"\s+(?:it\s+|up\s+|down\s+)?to\s+(\d+\.\d+)(?![\w%]|\.\d|\s*(?:GB|MB|TB|GiB|%))",
    re.IGNORECASE,
)
# "from ame 1.4 to 2.1", "ame 1.5 -> 2.0": the factor moved to, after the one moved from
_MOVED_TO = re.compile(
    r"\bAME\s+(?:(?:expansion\s+)?factor\s+)?(?:of\s+|from\s+)?(\d+\.\d+)\s*(?:to|->|=>)\s*(\d+(?:\.\d+)?)"
    r"(?![\w%]|\.\d|\s*(?:GB|MB|TB|GiB|%))",
    re.IGNORECASE,
)


# The role of each size in an AME question, by the words after it or before it (advisor/chat/calc/asked.py)
AME_ROLES = {
    "deficit": role_patterns(r"deficit|dxm"),
    "paging": role_patterns(r"paging|page\s*space|swap"),
    # "27 GB target expanded size", "target 25G": the expanded memory AME is to reach
    # "45 GB visible to SAP": what AIX and the applications see is the expanded memory
    "expanded": role_patterns(
        r"(?:target\s+)?(?:expanded|effective)|target", r"expanded|effective|target|visible|seen|presented"
    ),
    # "12 GB desired" (lparstat -i, the HMC profile): with AME the memory assigned is the true memory
    "true": role_patterns(
        r"true|real|physical|phys|actual|desired|assigned", r"true|real|physical|phys|actual|installed|desired|assigned"
    ),
    # "a 32 GB lpar", "32 GB of memory": what the partition has, which with AME is its true memory
    "lpar": role_patterns(r"lpar|partition", r"mem(?:ory)?|ram|lpar|partition|box|server"),
    # "worst case demand ~60 GB", "a peak of 70 GB": what the workload may need, set against the limit
    "demand": (
        linre.compile(r"^\s*(?:of\s+)?(?:demand|peak|usage|needed|required)\b", linre.I),
        linre.compile(
            r"\b(?:demand|peak|usage|need(?:s|ed)?|worst[\s-]+case)(?:\s+(?:demand|usage|of|is|at|reaches|hits|about|"
            r"around|approx\.?|up\s+to)){0,3}\s*~?\s*$",
            linre.I,
        ),
    ),
}
# "no AME", "without AME": real memory plus paging space is the limit (factor 1)
NO_AME = linre.compile(
    r"\b(?:no|without|w/o|before)\s+AME\b|\bAME\s+(?:off|disabled|not\s+(?:on|enabled|used))\b", linre.I
)
# A factor the question gives ("factor of 2.5", "expansion factor 2", "at factor 1.2"), never what it asks
_GIVEN_FACTOR = linre.compile(
    r"\b(?:(?:expansion|ame)\s+)?factors?\s*(?:of|at|=|is|to|@)?\s*\d+(?:\.\d+)?"
    # "12.0 a valid AME expansion factor", "1.005 as factor": given before the word
    r"|\b\d+(?:\.\d+)?\s+(?:is\s+)?(?:an?|the|as(?:\s+(?:an?|the|our))?)\s+(?:[a-z]+\s+)?(?:AME\s+)?(?:expansion\s+)?factor\b",
    linre.I,
)
# What the question asks for (in the words `asked()` returns)
ASK_LIMIT = linre.compile(
    r"\bvirtual\b|\bkill|\boutage|signal\s*33|\bcrash|out\s+of\s+memory|\boom\b|ceiling|safety\s+net"
    r"|\bbefore\b.{0,30}\b(?:die|fail|hang)"
    # "at what demand does it go down?", "when do we run out?": the demand the partition survives
    r"|\bdemand\b|\bgo(?:es)?\s+down\b|\bruns?\s+out\b|\bfalls?\s+over\b|\bdies?\b|\bfail(?:s)?\b",
    linre.I,
)
# "where does the heavy paging slowdown start?", "when does it start paging?": the demand paging begins at
ASK_SLOWDOWN = linre.compile(
    r"\bslow\s?down|\bslows?\s+down|\b(?:start|begin)s?\s+(?:to\s+)?pag|\bpaging\s+(?:start|begin|kick)"
    r"|\bheavy\s+paging|\bperformance\s+(?:drop|suffer|degrad)",
    linre.I,
)
ASK_TRUE = linre.compile(
    r"\b(?:true|real|physical|phys|actual|desired)\b|\b(?:give|assign|allocate|configure|provision)\b"
    r"|\bset\b.{0,30}\bmem",
    linre.I,
)
ASK_EXPANDED = linre.compile(r"\b(?:expanded|effective|expansion\s+size|sees?|visible|total\s+mem)", linre.I)
ASK_GAIN = linre.compile(r"\b(?:gain|saving|savings|save|saved|extra)\b", linre.I)
ASK_SAVINGS = linre.compile(r"\b(?:saving|savings|save|saved|saves)\b", linre.I)
ASK_FACTOR = linre.compile(r"\b(?:factor|ratio)\b", linre.I)
# "amepat recommends 3.74 ..., just apply it?", "can we trust amepat's factor?": whether to take amepat's advice
_AMEPAT_TAKEN = linre.compile(
    r"\bamepat\b.{0,120}\b(?:(?:just|simply|blindly)\s+)?(?:apply|use|take|trust|follow|go\s+with)\s+(?:it|that|this|"
    r"its|the\s+(?:recommendation|suggestion|factor|advice))\b.{0,20}\?|\b(?:trust|follow)\s+amepat",
    linre.I,
)
AME_COMPUTES = linre.compile(
    r"\b(?:mem(?:ory)?|ram|expanded|true|real|physical|virtual|gain|saving|savings|factor|ratio|kill\w*|outage|"
    r"deficit)\b",
    linre.I,
)


def _ame_role(text: str, q: Quantity, qs: list[Quantity]) -> tuple[str, int, int] | None:
    """The role of one AME size: by the words after it, unless those name the next size ("true 24 GB paging 6 GB":
    "paging" is the 6 GB's, so the 24 GB is the true memory named before it)."""
    found = role_span(text, q, AME_ROLES)
    if found is None or found[1] != q.start:
        return found  # a role said before the size, or none
    nxt = next((o for o in qs if o.start >= found[2] and o.kind == "size"), None)
    if nxt is None or nxt.start - found[2] > 4:
        return found
    lo = max(0, q.start - 40)
    for name, (_, before_pattern) in AME_ROLES.items():
        m = before_pattern.search(text[lo : q.start])
        if m and name != found[0]:
            return name, lo + m.start(), q.end
    return found


def ame_sizes(text: str) -> tuple[dict[str, float], str]:
    """(the AME amounts of a question by role: true, paging, expanded, in GiB; the message with those amounts
    and their role words blanked). One size said in GB or TB without a role is `unlabelled`: the caller
    decides by what is asked; several such sizes are never placed."""
    _, qs = quantities(text)
    out: dict[str, float] = {}
    unlabelled: list[float] = []
    spans: list[tuple[int, int]] = []
    for q in qs:
        if q.kind != "size" or q.ambiguous:
            continue
        found = _ame_role(text, q, qs)
        if found is None:
            # "64K LDR_CNTRL", "16M pages" are page sizes, no memory of the LPAR; "12288 MB" is memory
            unit = (q.unit or "G")[0].upper()
            if unit in "GT" or (unit == "M" and q.value >= 1):
                unlabelled.append(q.value)
            continue
        name = "true" if found[0] == "lpar" else found[0]
        spans.append((found[1], found[2]))
        out.setdefault(name, q.value)
    if len(unlabelled) == 1:
        out["unlabelled"] = unlabelled[0]
    return out, blanked(text, spans)


def _said_in_mb(text: str) -> bool:
    """Whether every size of the message is in MB ("Desired Memory 12,288 MB", as lparstat -i shows it)."""
    sizes = [q for q in read(text).quantities if q.kind == "size"]
    return bool(sizes) and all((q.unit or "").upper().startswith("M") for q in sizes)


def _size(gb: float, in_mb: bool) -> str:
    """A result in the user's unit: MB (with GB beside it) when the user gave MB, else GB."""
    return f"{fmt(gb * 1024)} MB ({fmt(gb)} GB)" if in_mb else f"{fmt(gb)} GB"


def ame_answer(text: str) -> CalcAnswer | None:
    # "so 16 GB true at 2.2 gives?": a size said as true memory is AME's own word
    if not _has(
        r"\bAME\b|\bAME\s?(?:4|64)K\b|\bamepat|expansion factor|expanded|true memory|factor|\bexpansion\b"
        r"|\d\s*(?:GB|MB|TB)\s+true\b",
        text,
    ):
        return None
    # "how much CPU will compression cost?", "extra cpu at factor 1.0?": not a figure of this calculator (a factor
    # the question gives is no factor it asks for)
    if asks_other(blanked(text, [m.span() for m in _GIVEN_FACTOR.finditer(text)]), AME_COMPUTES):
        return None
    if _AMEPAT_TAKEN.search(text):  # "amepat says 3.2 on 6 GB, just apply it?": whether to trust it, not a figure
        return None
    factors = _factors(text)
    sizes, rest = ame_sizes(text)
    if not factors and NO_AME.search(text) and sizes:
        # "96 GB real + 24 GB paging, no AME": the limit is real memory plus paging space; without a memory size
        # ("cpu saving from 64k pages w/o AME?") there is nothing to compute at factor 1
        factors = [1.0]
    # what is asked, without the amounts given with their role words ("12 GB true") and the factors given
    want = asked(blanked(rest, [m.span() for m in _GIVEN_FACTOR.finditer(rest)]))
    loose = sizes.pop("unlabelled", None)
    true, paging, expanded = sizes.get("true"), sizes.get("paging"), sizes.get("expanded")
    deficit, demand = sizes.get("deficit"), sizes.get("demand")
    # "SAP needs 40 GB, factor 2.0: true memory?": what SAP needs is what AIX shows it, the expanded memory (also when
    # the true memory is asked before the clause that ends the question)
    others = (ASK_EXPANDED, ASK_LIMIT, ASK_GAIN, ASK_FACTOR, ASK_SLOWDOWN)
    true_asked = ASK_TRUE.search(want) or (ASK_TRUE.search(rest) and not any(p.search(want) for p in others))
    if demand is not None and true is expanded is paging is None and true_asked:
        expanded, demand = demand, None
    if loose is not None:  # one size said without its role: the one the question does not ask for
        if ASK_TRUE.search(want) and expanded is None and true is None:
            expanded = loose
        elif true is None and (ASK_EXPANDED.search(want) or ASK_GAIN.search(want) or ASK_LIMIT.search(want)):
            true = loose
        elif true is not None and expanded is None and not factors and ASK_FACTOR.search(want) and loose > true:
            expanded = loose  # "24 GB true, want AIX to see 60 GB: which factor?": the other size is the target
    out = CalcAnswer("ame", Composer(), rules=[])
    if not factors:
        # "ame factor for 12 GB physical -> 30 GB expanded?": with no factor given, the factor the message names is
        # the one asked, wherever the asking clause is; "SAP needs 20 GB peak, we can spare 10 GB real: which factor?":
        # the peak the workload needs is the expanded memory AIX must show it
        if expanded is None and demand is not None and true is not None:
            expanded = demand
        if true is not None and expanded is not None and (ASK_FACTOR.search(want) or ASK_FACTOR.search(text)):
            return _factor_for(true, expanded, out)
        return None
    if deficit is not None and true is not None:  # "512 MB deficit at 2.5 on 8 GB true": what AME achieves
        return _deficit_for(true, factors[0], deficit, out)
    if ASK_FACTOR.search(want) and not (true is not None and expanded is not None):
        return None  # a factor asked for from what it cannot be computed from: not another figure
    if ASK_SLOWDOWN.search(want) and not ASK_LIMIT.search(want) and true is not None:
        return _slowdown_at(true, factors[0], paging, _said_in_mb(text), out)
    if ASK_LIMIT.search(want) and (true is None or paging is None):
        return None  # the limit needs both: asked back (advisor/chat/clarify.py), never another figure
    if true is not None and paging is not None and not (ASK_EXPANDED.search(want) and not ASK_LIMIT.search(want)):
        a = run(
            calculators.ame,
            calculators.AmeInput,
            true_memory_gb=true,
            expansion_factor=factors[0],
            paging_space_gb=paging,
        )
        v = a.virtual_memory_limit
        if v is not None:
            cites = _cites(v.citations, "ame")
            in_mb = _said_in_mb(text)
            memory = (
                f"without AME, {_size(true, in_mb)} real memory"
                if factors[0] == 1.0 and NO_AME.search(text)
                else f"{fmt(factors[0])} x {_size(true, in_mb)} true memory = {_size(v.expanded_memory_gb, in_mb)} "
                "expanded memory"
            )
            out.out.say(
                f"{memory[0].upper()}{memory[1:]}, plus {_size(paging, in_mb)} paging space = "
                f"{_size(v.limit_gb, in_mb)} of virtual memory; when active virtual memory reaches it, AIX starts "
                "killing processes (signal 33).",
                *cites,
            )
            out.rules = ["AME-012"]
            if demand is not None:  # "worst case demand ~60 GB": is the limit above it?
                enough = v.limit_gb >= demand
                out.verdict = (
                    stated_verdict(enough, text, "min"),
                    f"the {_size(v.limit_gb, in_mb)} of virtual memory {'covers' if enough else 'is below'} the "
                    f"{_size(demand, in_mb)} the workload may need",
                    cites,
                )
            out.calculations.append(
                Calculation(
                    "ame.virtual_memory_limit",
                    {"true_memory_gb": true, "expansion_factor": factors[0], "paging_space_gb": paging}
                    | ({"demand_gb": demand} if demand is not None else {}),
                    v.limit_gb,
                    "GB",
                    v.formula,
                    cites,
                )
            )
            return out
    if true is not None and len(factors) >= 2:
        r = run(
            calculators.ame,
            calculators.AmeInput,
            true_memory_gb=true,
            expansion_factor=factors[0],
            target_factor=factors[1],
        ).rebalance
        assert r is not None
        in_mb = _said_in_mb(text)
        out.out.say(
            f"{_size(true, in_mb)} true memory at factor {fmt(factors[0])} gives {_size(r.expanded_memory_gb, in_mb)} "
            f"expanded memory; at factor {fmt(factors[1])} the same expanded memory needs "
            f"{_size(r.expanded_memory_gb, in_mb) if in_mb else fmt(r.expanded_memory_gb)} / {fmt(factors[1])} = "
            f"{_size(r.true_memory_gb, in_mb)} true memory.",
            *_cites(r.citations, "ame"),
        )
        out.rules = ["AME-006"] if factors[1] < factors[0] else ["AME-007"]
        out.calculations.append(
            Calculation(
                "ame.true_memory_for_factor",
                {"true_memory_gb": true, "expansion_factor": factors[0], "target_factor": factors[1]},
                r.true_memory_gb,
                "GB",
                "true memory x factor / new factor",
                _cites(r.citations, "ame"),
            )
        )
        return out
    # "going from 1.4 to 2.1, keeping 42 GB expanded": the true memory at the factor it moves to (said last)
    moving = len(factors) == 2 and true is None
    if expanded is not None and (true is None or ASK_TRUE.search(want)) and (len(factors) == 1 or moving):
        need = run(
            calculators.ame_factor,
            calculators.AmeFactorInput,
            expansion_factor=factors[-1],
            expanded_memory_gb=expanded,
        )
        assert need.true_memory_gb is not None
        cites = _cites(need.citations, "ame")
        in_mb = _said_in_mb(text)
        was = (
            f" (at factor {fmt(factors[0])} it took {fmt(expanded)} / {fmt(factors[0])} = "
            f"{_size(expanded / factors[0], in_mb)})"
            if moving
            else ""
        )
        out.out.say(
            f"To see {_size(expanded, in_mb)} expanded memory at factor {fmt(factors[-1])}: "
            f"{_size(expanded, in_mb) if in_mb else fmt(expanded)} / "
            f"{fmt(factors[-1])} = {_size(need.true_memory_gb, in_mb)} true memory{was}.",
            *cites,
        )
        _beyond_sap_range(text, factors[-1], expanded, in_mb, out)
        out.rules = ["AME-007"]
        out.calculations.append(
            Calculation(
                "ame.true_memory",
                {"expanded_memory_gb": expanded, "expansion_factor": factors[-1]}
                | ({"expansion_factor_before": factors[0]} if moving else {}),
                need.true_memory_gb,
                "GB",
                need.formulas[0],
                cites,
            )
        )
        return out
    if true is not None and not ASK_TRUE.search(want):
        s = run(calculators.ame, calculators.AmeInput, true_memory_gb=true, expansion_factor=factors[0]).sizing
        in_mb = _said_in_mb(text)
        out.out.say(
            f"{_size(true, in_mb)} true memory x factor {fmt(factors[0])} = {_size(s.expanded_memory_gb, in_mb)} "
            f"expanded memory: a gain of {_size(s.memory_gain_gb, in_mb)}, {fmt(s.memory_gain_pct)}% of true memory "
            "(gain = factor - 1).",
            *_cites(s.citations, "ame"),
        )
        out.rules = ["AME-005"]
        out.calculations.append(
            Calculation(
                "ame.expanded_memory",
                {"true_memory_gb": true, "expansion_factor": factors[0]},
                s.expanded_memory_gb,
                "GB",
                "factor x true memory",
                _cites(s.citations, "ame"),
            )
        )
        return out
    if true is None and expanded is None and ASK_GAIN.search(want) and 1 <= len(factors) <= MAX_GAIN_FACTORS:
        for factor in factors:  # "memory gain at factor 2.5? and at 3.2?": each factor's own figure
            _gain_for(factor, out, savings=ASK_SAVINGS.search(want) is not None)
        return out
    # "can the factor be set to 1.255?": its validity, when that is what the asking clause is about
    other = ASK_TRUE.search(want) or ASK_EXPANDED.search(want) or ASK_LIMIT.search(want) or ASK_GAIN.search(want)
    if (
        true is None
        and expanded is None
        and not other
        # "valid", never "validated" (what IBM measured is the guide's tables, not the factor's syntax)
        # asked, not told: "SAP kernel set to 64K pages ... what is going on?" asks no factor's validity
        and _has(r"\b(?:set|valid|allowed|possible|permitted|accept(?:ed|able)?)\b", _questions(text))
    ):
        cites = _cites(ame.CITE_FACTOR, "ame")
        for f in factors:
            ok = ame.factor_valid(f)
            why = (
                ""
                if ok
                else (
                    " (outside 1.00 to 10.00)"
                    if not ame.MIN_FACTOR <= f <= ame.MAX_FACTOR
                    else " (not a multiple of 0.01)"
                )
            )
            out.out.say(
                f"Factor {f:g}: {'valid' if ok else 'not valid'}{why}; factors run from 1.00 to 10.00 in "
                "steps of 0.01.",
                *cites,
            )
        # "expansion factor 12 possible on p7?", "IS 12.0 A VALID AME EXPANSION FACTOR": the verdict first
        if "?" in text or asks_judgement(text):
            valid = [f for f in factors if ame.factor_valid(f)]
            word = stated_verdict(bool(valid), text) if len(valid) in (0, len(factors)) else "it depends"
            shown = ", ".join(f"{f:g} {'valid' if f in valid else 'not valid'}" for f in factors)
            out.verdict = (word, f"AME factors run from 1.00 to 10.00 in steps of 0.01: {shown}", cites)
        out.rules = ["AME-005"]
        return out
    return None


def _slowdown_at(true: float, factor: float, paging: float | None, in_mb: bool, out: CalcAnswer) -> CalcAnswer:
    """ "where does the heavy paging slowdown start?": AME as a safety net (AME64K guide) pages, and SAP slows down
    markedly, once memory demand approaches the expanded memory; with the paging space it fails at the limit."""
    v = run(
        calculators.ame,
        calculators.AmeInput,
        true_memory_gb=true,
        expansion_factor=factor,
        paging_space_gb=paging or 0.0,
    ).virtual_memory_limit
    assert v is not None
    cites = _cites(v.citations, "ame")
    fails = (
        f"; the instance goes down near the virtual memory limit, {_size(v.expanded_memory_gb, in_mb)} + "
        f"{_size(paging, in_mb)} paging space = {_size(v.limit_gb, in_mb)}"
        if paging is not None
        else ""
    )
    out.out.say(
        f"Heavy paging, and with it a marked SAP slowdown, starts when memory demand approaches the expanded memory: "
        f"{fmt(factor)} x {_size(true, in_mb)} true memory = {_size(v.expanded_memory_gb, in_mb)}{fails}.",
        *cites,
    )
    out.rules = ["AME-012"]
    inputs = {"true_memory_gb": true, "expansion_factor": factor} | ({"paging_space_gb": paging} if paging else {})
    out.calculations.append(
        Calculation("ame.paging_starts", inputs, v.expanded_memory_gb, "GB", "factor x true memory", cites)
    )
    return out


def _deficit_for(true: float, factor: float, deficit_gb: float, out: CalcAnswer) -> CalcAnswer | None:
    """A measured deficit (lparstat -c dxm): the factor AME achieves and the true memory that avoids it."""
    try:
        d = run(
            calculators.ame,
            calculators.AmeInput,
            true_memory_gb=true,
            expansion_factor=factor,
            deficit_mb=deficit_gb * 1024,
        ).deficit
    except (CapabilityError, ValidationError):  # no true memory, or a deficit as large as the expanded memory
        return None
    assert d is not None
    cites = _cites(d.citations, "ame")
    out.out.say(
        f"{fmt(true)} GB true memory at factor {fmt(factor)} targets {fmt(d.expanded_memory_gb)} GB expanded; with a "
        f"{fmt(d.deficit_mb)} MB deficit AME achieves ({fmt(d.expanded_memory_gb)} GB - {fmt(d.deficit_mb)} MB) / "
        f"{fmt(true)} GB = factor {fmt(d.achieved_factor, 3)}; at that factor the expanded memory needs "
        f"{fmt(d.true_memory_gb, 3)} GB true memory.",
        *cites,
    )
    out.rules = ["AME-006"]
    inputs = {"true_memory_gb": true, "expansion_factor": factor, "deficit_mb": d.deficit_mb}
    out.calculations += [
        Calculation("ame.achieved_factor", inputs, d.achieved_factor, None, "(expanded - deficit) / true", cites),
        Calculation(
            "ame.deficit_free_true_memory", inputs, d.true_memory_gb, "GB", "expanded / achieved factor", cites
        ),
    ]
    return out


_SAP = linre.compile(r"\b(?:sap|abap|netweaver|s/?4\s?hana)\b", linre.I)


def _beyond_sap_range(text: str, factor: float, expanded: float, in_mb: bool, out: CalcAnswer) -> None:
    """A factor above the 2.0-2.8 the AME64K guide found good for productive SAP use (Table 5 conclusion), asked
    for an SAP system: that range said, with the true memory its top takes for the same expanded memory."""
    low, top = ame.SAP_VALIDATED_FACTORS
    if factor <= top or _SAP.search(text) is None:
        return
    out.out.say(
        f"Factor {fmt(factor)} is above the {low:.1f} to {top:.1f} the 2023 guide found a good choice for "
        f"productive SAP use in its tests; at {top:.1f} the same {_size(expanded, in_mb)} expanded memory takes "
        f"{_size(expanded / top, in_mb)} true memory.",
        *_cites(ame.CITE_ITERATION, "ame"),
    )


MAX_GAIN_FACTORS = 4  # factors whose gain one question may ask for side by side


def _measured_row(row: ame.Table5Row) -> str:
    """The guide's Table 5 row at a factor, as measured: what it saved and what it cost ("what did 3.5 save and
    cost?")."""
    share = f" (AME {fmt(row.ame_cpu_pct)}%)" if row.ame_cpu_pct is not None else ""
    deficit = f", AME deficit {row.deficit_mb} MB" if row.deficit_mb else ""
    return (
        f" The 2023 guide's Power10 test (Table 5, 14 GB expanded) ran factor {fmt(row.expansion_factor)} on "
        f"{fmt(row.true_memory_gb)} GB true memory: {fmt(row.memory_savings_pct)}% saved, at {fmt(row.cpu_total_pct)}% "
        f"total CPU{share}, {row.saps} SAPS and {fmt(row.response_time_s)}s response time{deficit}."
    )


def _gain_for(factor: float, out: CalcAnswer, savings: bool = False) -> CalcAnswer:
    """ "memory gain at factor 3.2?": (factor - 1) x 100% of true memory, whatever its size; "how much memory is
    saved at 2.8?": 1 - 1 / factor of the expanded memory, with the guide's measured row when it has one."""
    f = run(calculators.ame_factor, calculators.AmeFactorInput, expansion_factor=factor)
    cites = _cites(f.citations, "ame")
    if savings:
        said = _measured_row(f.measured) if f.measured else ""
        out.out.say(
            f"Memory saved at factor {fmt(factor)}: (1 - 1 / {fmt(factor)}) x 100% = {fmt(f.memory_savings_pct, 1)}% "
            f"of the expanded memory.{said}",
            *cites,
        )
        out.calculations.append(
            Calculation(
                "ame.memory_savings_pct",
                {"expansion_factor": factor},
                round(f.memory_savings_pct, 1),
                "%",
                f.formulas[-1],
                cites,
            )
        )
    else:
        out.out.say(
            f"Memory gain at factor {fmt(factor)}: ({fmt(factor)} - 1) x 100% = {fmt(f.memory_gain_pct)}% of true "
            "memory.",
            *cites,
        )
        out.calculations.append(
            Calculation(
                "ame.memory_gain_pct", {"expansion_factor": factor}, f.memory_gain_pct, "%", f.formulas[0], cites
            )
        )
    out.rules = ["AME-005"]
    return out


def _factor_for(true: float, expanded: float, out: CalcAnswer) -> CalcAnswer | None:
    """ "16 GB true, want 40 GB expanded - which factor?": expanded / true."""
    if true <= 0:
        return None
    f = run(calculators.ame_factor, calculators.AmeFactorInput, true_memory_gb=true, expanded_memory_gb=expanded)
    factor = f.expansion_factor
    cites = _cites(f.citations, "ame")
    valid = f.factor_valid
    note = "" if valid else " (factors are set in steps of 0.01 from 1.00 to 10.00: round it up to the next step)"
    # a valid factor is written as the HMC takes it, with two decimals ("2.00", "2.50")
    said = f"{factor:.2f}" if valid else fmt(factor, 3)
    out.out.say(f"{fmt(expanded)} GB expanded / {fmt(true)} GB true memory = factor {said}{note}.", *cites)
    out.rules = ["AME-005"]
    out.calculations.append(
        Calculation(
            "ame.factor",
            {"true_memory_gb": true, "expanded_memory_gb": expanded},
            round(factor, 3),
            None,
            f.formulas[0],
            cites,
        )
    )
    return out


# "... and two with 32 GB max", "and 2 more at 64 GB": a count of the partitions named before it
_ELIDED = linre.compile(r"\b(\d{1,4})()()\s+(?:more\s+|others?\s+)?(?:with|having|at|of)\b", linre.I)
# "4 aix lpars", "8 linux partitions", "3 AMS lpars", "an lpar": a group of partitions, its OS and AMS in its words
# "AIX partitions with 256 GB max in total", "our lpars add up to 384 GB": a group without its count, whose total is
# said; "one IBM i with 64 GB max": a partition named by its OS
_LPAR_COUNT = linre.compile(
    r"\b(?:(?:(\d{1,4})|(an?|one|single))\s+)?(?:[a-z/+-]+\s+){0,3}?"
    r"(?:(lpars|partitions|guests|vms|IBM\s?i\s+(?:lpars|partitions|guests))"
    r"|lpar|partition|guest|vm|IBM\s?i(?:\s+(?:lpar|partition|guest))?)\b",
    linre.I,
)
_MAX_ROLE = {
    "max": role_patterns(r"max(?:imum)?"),
    "other": role_patterns(
        r"desired|min(?:imum)?|current|assigned", r"desired|min(?:imum)?|online|used|in\s+use|assigned|current"
    ),
}
# "64, 64 and 128 GB": numbers listed before the one that carries the unit
_SIZE_LIST = linre.compile(r"(?:\d+(?:\.\d+)?\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*|\s*/\s*))+$", linre.I)
_LIST_NUMBER = linre.compile(r"\d+(?:\.\d+)?")
_TOTAL = linre.compile(
    r"\b(?:in\s+total|total(?:ling|s)?|combined|altogether|(?:all\s+)?together|summed|in\s+sum|add(?:s|ing)?\s+(?:up\s+)?to"
    r"|sum(?:s|ming)?\s+(?:up\s+)?to|comes?\s+to|amounts?\s+to"
    r"|sums?)\b",
    linre.I,
)
# "200G, 100G and 20G": sizes listed one after the other, each with its unit (only separators between them)
_LIST_GAP = linre.compile(r"\s{0,2}(?:,\s{0,2}(?:and\s{1,2})?|\s{1,2}and\s{1,2}|\s{0,2}[&/]\s{0,2})$", linre.I)
# "64GB x 10", "10 x 64 GB": a size said with how many partitions have it
_TIMES_AFTER = linre.compile(r"^\s{0,2}[x*×]\s{0,2}(\d{1,4})(?:$|[^\d.])", linre.I)
_TIMES_BEFORE = linre.compile(r"(?:^|[^\d.])(\d{1,4})\s{0,2}[x*×]\s{0,2}$", linre.I)
# "every lpar's max mem is 1 TB", "all lpars at 256 GB max": each partition has the size; how many is said elsewhere
_EVERY = linre.compile(r"\b(?:every|each)\b", linre.I)
# "6 lpars", "4 aix": a count of partitions, by their name or their OS
_COUNTED_OS = linre.compile(r"\b\d{1,4}\s{1,2}(?:aix|linux|ibm\s?i|vios|lpars?|partitions?)\b", linre.I)
# "..., all IBM i", "all of them run AIX", "each is linux": the OS of every partition said, apart from their sizes
_ALL_OS = linre.compile(
    r"\b(?:all|each)\s+(?:of\s+them\s+)?(?:(?:are|is|run|running|on)\s+)?(IBM\s?i|AIX|linux)\b", linre.I
)
_OS_WORDS = (
    ("ibmi", linre.compile(r"\bIBM\s?i\b|\bi5/?OS\b|\bOS/?400\b|\bAS/?400\b|\biSeries\b", linre.I)),
    ("vios", linre.compile(r"\bVIOS\b|\bVIO\s+servers?\b", linre.I)),
    ("linux", linre.compile(r"\blinux\b|\bRHEL\b|\bSLES\b|\bSUSE\b|\bred\s?hat\b|\bubuntu\b", linre.I)),
    ("aix", linre.compile(r"\bAIX\b", linre.I)),
)
_AMS = linre.compile(r"\bAMS\b|active\s+memory\s+sharing|shared\s+memory\s+pool", linre.I)


def hpt_groups(text: str) -> tuple[list[hpt.HptPartition], list[str]]:
    """The partitions a question describes, group by group, with the groups whose OS was not said.

    Each count of partitions is paired with the maximum memory said next to it, in either order
    ("4 aix lpars, max mem 128 GB each", "16 linux lpars at 32G max", "2 lpars of 200 GB max"); a
    size said as a total ("512 GB max in total") is shared out over the group, which gives the same
    sum. A group with several sizes and none named as the maximum is not guessed (no partition)."""
    text = text[:2000]
    every_os = list(_ALL_OS.finditer(text))
    said_of_all = {_os_of(m.group(1)) for m in every_os}
    default_os = said_of_all.pop() if len(said_of_all) == 1 else None
    for m in every_os if default_os else []:  # said of all of them: no group of its own
        text = f"{text[: m.start()]}{' ' * (m.end() - m.start())}{text[m.end() :]}"
    _, qs = quantities(text)
    sizes = [q for q in qs if q.kind == "size" and not q.ambiguous]
    counts: list[linre.Match] = list(_LPAR_COUNT.finditer(text))
    if counts:  # "three lpars with 64 GB max and two with 32 GB": a count whose partitions are said before
        named = [(m.start(), m.end()) for m in counts]
        counts += [m for m in _ELIDED.finditer(text, counts[0].end()) if not any(a <= m.start() < b for a, b in named)]
        counts.sort(key=lambda m: m.start())
    else:  # "HPT for sum of max mem 1024 GB": the partitions' total, with no partition named
        summed = [q for q in sizes if asked_role(text, q, _MAX_ROLE) != "other"]
        if len(summed) == 1 and _TOTAL.search(text[max(0, summed[0].start - 40) : summed[0].end + 24]):
            said = [name for name, pattern in _OS_WORDS if pattern.search(text)]
            if len(said) > 1:
                return [], []  # "AIX and IBM i lpars sum to 512 GB max": the divisors cannot be shared out
            os_type = said[0] if said else default_os
            ams = _AMS.search(text) is not None
            part = hpt.HptPartition(name="total", max_memory_gb=summed[0].value, os=os_type or "aix", ams=ams)  # type: ignore[arg-type]
            return [part], ([] if os_type else [f"{summed[0].raw} of maximum memory"])
    parts: list[hpt.HptPartition] = []
    unnamed: list[str] = []
    orphans: list[int] = []  # counts of partitions said without a size
    everyone: list[int] = []  # groups whose size is said of every partition, without their count
    taken = 0  # where the size the last group took ends: a size serves one group
    for i, m in enumerate(counts):
        lo = max(counts[i - 1].end() if i else 0, taken)
        hi = counts[i + 1].start() if i + 1 < len(counts) else len(text)
        near = [q for q in sizes if lo <= q.start < hi]
        maxed = [q for q in near if asked_role(text, q, _MAX_ROLE) == "max"]
        plain = [q for q in near if asked_role(text, q, _MAX_ROLE) is None]
        chosen = maxed[0] if len(maxed) == 1 else (plain[0] if not maxed and len(plain) == 1 else None)
        chosen, following = _listed_after(text, near, maxed, plain, chosen)
        if chosen is None:
            if m.group(1) and not near:
                orphans.append(int(m.group(1)))  # "6 lpars on a power7": a count whose size is said of "every lpar"
            continue
        taken = (following[-1] if following else chosen).end
        listed = _SIZE_LIST.search(text[max(lo, m.end()) : chosen.start])
        values = [float(v) for v in _LIST_NUMBER.findall(listed.group(0))] if listed else []
        sizes_gb = [v * SIZE_TO_GB.get((chosen.unit or "g")[0].lower(), 1.0) for v in values]
        if sizes_gb or following:
            sizes_gb += [chosen.value] + [q.value for q in following]
        times = _TIMES_AFTER.match(text[chosen.end : chosen.end + 12]) or _TIMES_BEFORE.search(
            text[max(lo, chosen.start - 8) : chosen.start]
        )
        said_count = int(m.group(1)) if m.group(1) and m.start(1) != chosen.start else None  # "64 GB lpars": no count
        # "lpars with max mem 256, 128, 64 and 64 GB", "lpar max mem: 96, 64 and 32 GB": a list counts its partitions
        unsaid = said_count is None and m.group(2) is None and (m.group(3) is not None or bool(sizes_gb))
        count = said_count if said_count is not None else (len(sizes_gb) if unsaid and sizes_gb else 1)
        if chosen.count and not sizes_gb and said_count in (None, chosen.count):
            count, unsaid, times = chosen.count, False, None  # "10 x 64 GB lpars": the reader's total of ten
        if times is not None and not sizes_gb and said_count in (None, int(times.group(1))):
            count, unsaid = int(times.group(1)), False  # "64GB x 10": ten partitions of 64 GB
        elif times is not None:
            continue  # "4 lpars, 64GB x 10": two counts of one group, not guessed
        if sizes_gb and len(sizes_gb) != count:
            continue  # "3 lpars with 64 and 128 GB": sizes that do not match the count are not guessed
        if (
            said_count is None
            and m.group(2) is None
            and not sizes_gb
            and not chosen.count
            and _EVERY.search(m.group(0))
        ):
            everyone.append(len(parts))  # "every lpar's max mem is 1 TB": how many is said_count by another count
            unsaid = False
        span = text[min(m.start(), chosen.start) : min(hi, max(m.end(), chosen.end) + 24)]
        total = _TOTAL.search(text[max(lo, m.start() - 40) : m.start()] + " " + span) is not None
        if unsaid and not sizes_gb and not total:
            continue  # "AIX lpars with 64 GB max": how many is not said_count, and the size is not their total
        words = text[max(lo, m.start() - 16) : m.end()] + " " + span
        named_os = [name for name, pattern in _OS_WORDS if pattern.search(words)]
        if len(named_os) > 1:
            continue  # "AIX and IBM i lpars with 512 GB max in total": the divisors cannot be shared out
        os_type = named_os[0] if named_os else default_os
        if os_type is None:
            unnamed.append(text[m.start() : m.end()])
        ams = _AMS.search(words) is not None
        each = chosen.value / count if total or chosen.count else chosen.value
        name = os_type or "aix"
        own = sizes_gb or [each] * count  # "max mem 64, 64 and 128 GB": one each
        parts += [
            hpt.HptPartition(name=f"{name}{i}-{n}", max_memory_gb=gb, os=name, ams=ams)  # type: ignore[arg-type]
            for n, gb in enumerate(own)
        ]
    if everyone:  # "every lpar's max mem is 1 TB ... 6 lpars": one count said apart from the size, else not guessed
        if len(everyone) != 1 or len(orphans) != 1 or len(parts) != 1 or len(_COUNTED_OS.findall(text)) != 1:
            return [], unnamed  # "each has 64 GB, 4 aix and 2 linux lpars": which count, not guessed
        parts = [p.model_copy(update={"name": f"{p.name}-{n}"}) for p in parts for n in range(orphans[0])]
    said_ams, said_ibmi = _AMS.search(text) is not None, _OS_WORDS[0][1].search(text) is not None
    if (said_ams and not any(p.ams for p in parts)) or (said_ibmi and not any(p.os == "ibmi" for p in parts)):
        return [], unnamed  # "3 lpars at 32 GB max, 2 of them with AMS": a divisor said of partitions not placed
    return parts, unnamed


def _os_of(word: str) -> str:
    """The calculator's OS name of a word that names one ("IBM i" -> ibmi)."""
    return next(name for name, pattern in _OS_WORDS if pattern.search(word))


def _listed_after(
    text: str, near: list[Quantity], maxed: list[Quantity], plain: list[Quantity], chosen: Quantity | None
) -> tuple[Quantity | None, list[Quantity]]:
    """The first size of a list of sizes each said with its unit ("max mem 200G, 100G and 20G") and the sizes that
    follow it, or (chosen, []) when the group's sizes are no such list."""
    if len(near) < 2 or len(maxed) > 1 or (maxed and maxed[0] is not near[0]):
        return chosen, []
    if any(not _LIST_GAP.search(text[a.end : b.start]) for a, b in zip(near, near[1:], strict=False)):
        return chosen, []
    if len(plain) != len(near) - len(maxed):
        return chosen, []  # a desired or minimum memory among them: not a list of maximum memories
    return near[0], near[1:]


# "and if they were all AIX?", "if those six were IBM i partitions?": the partitions' OS changed in a follow-up
_OS_NAMES = {"ibmi": "IBM i", "vios": "VIOS", "linux": "Linux", "aix": "AIX"}
_ALL = linre.compile(r"\b(?:all|every|each|both|they|them|those|these|the\s+(?:lpars|partitions))\b", linre.I)


def hpt_os_swapped(last: str, text: str) -> str | None:
    """The last HPT question with its partitions' operating system replaced by the one a follow-up names, or None
    when the follow-up names none or several, or the last question's groups ran several and the follow-up does not
    say it means all of them ("and if the IBM i one were AIX?" is not guessed)."""
    said = sorted((m.start(), name) for name, pattern in _OS_WORDS for m in pattern.finditer(text))
    verb = _BECOMES.search(text)
    if len({name for _, name in said}) == 2 and verb is not None:  # "if the IBM i one ran AIX": that one only
        before = {name for at, name in said if at < verb.start()}
        after = {name for at, name in said if at >= verb.start()}
        if len(before) != 1 or len(after) != 1 or before == after:
            return None
        old = before.pop()
        said = [(0, after.pop())]
    else:
        old = None
    if len({name for _, name in said}) != 1:
        return None
    new = _OS_NAMES[said[0][1]]
    spans = sorted(
        (m.start(), m.end(), name)
        for name, pattern in _OS_WORDS
        for m in pattern.finditer(last)
        if name != "vios" and name == (old or name)
    )
    if old is not None and not spans:
        return None
    if not spans:  # "4 lpars, 64 GB max each" said no OS (counted as AIX): the OS goes before the partitions
        m = _LPAR_COUNT.search(last)
        if m is None:
            return None
        at = m.end(1) if m.group(1) else (m.end(2) if m.group(2) else m.start())
        return f"{last[:at]} {new} {last[at:].lstrip()}" if at else f"{new} {last}"
    if len({name for _, _, name in spans}) > 1 and not _ALL.search(text):
        return None
    out = last
    for a, b, name in reversed(spans):
        # "one IBM i with 64 GB max" names the partition by its OS: "one AIX partition with 64 GB max"
        noun = "" if name != "ibmi" or _PARTITION_AFTER.match(out[b:]) else " partition"
        out = f"{out[:a]}{new}{noun}{out[b:]}"
    return out


_BECOMES = linre.compile(r"\b(?:were|was|is|are|ran|run|runs|running|became|become|turned|switched|moved)\b", linre.I)
_PARTITION_AFTER = linre.compile(r"\s{1,2}(?:lpars?|partitions?|guests?)\b", linre.I)


_PROCESSOR_NAMES = {
    "power5": "POWER5",
    "power6": "POWER6",
    "power7": "POWER7",
    "power7+": "POWER7+",
    "power8": "POWER8",
    "power9": "POWER9",
    "power10": "POWER10",
}


HPT_PROCESSORS = frozenset(_PROCESSOR_NAMES)  # the platform tags whose HPT divisor the Redbook gives


def hpt_same_everywhere(parts: list[hpt.HptPartition]) -> bool:
    """Whether the partitions' HPT is the same on every processor generation: IBM i and AMS partitions divide by
    64 on all of them (Redbook 3.1); AIX and Linux ones divide by 128 from POWER7+ on."""
    return bool(parts) and all(p.os == "ibmi" or p.ams for p in parts)


def hpt_answer(text: str, platforms: set[str]) -> CalcAnswer | None:
    if not _has(r"\bHPT\b|page table", text):
        return None
    parts, unnamed = hpt_groups(normalise(text))
    if not parts:
        return None
    platforms = platforms | {p.tag for p in read(text).platforms}  # the processor said in the question itself
    named = [t for t in _PROCESSOR_NAMES if t in platforms]
    if not named and not hpt_same_everywhere(parts):
        return None  # the divisor depends on the processor generation: asked back (clarify.py), never both guessed
    processors = [_PROCESSOR_NAMES[t] for t in reversed(named)] or ["POWER7"]
    out = CalcAnswer("hpt", Composer(), rules=["LPAR-008"])
    if unnamed and any(p not in ("POWER5", "POWER6", "POWER7") for p in processors):  # before POWER7+: always 64
        out.assumptions.append(
            f"'{unnamed[0]}': no operating system given, counted as AIX (AIX and Linux divide by 128 from "
            "POWER7+ on; IBM i, and partitions using AMS, by 64)."
        )
        out.questions.append(
            Question(
                path="partitions.os", question="Which operating system do those partitions run (AIX, Linux, IBM i)?"
            )
        )
    total_max = sum(p.max_memory_gb for p in parts)
    for proc in processors:
        h = hpt.hpt_size(parts, proc)
        out.assumptions.extend(a for a in h.assumptions if a not in out.assumptions)
        by_div: dict[int, float] = {}
        for e in h.partitions:
            by_div[e.divisor] = by_div.get(e.divisor, 0.0) + e.max_memory_gb
        # "2 IBM i partitions ... how much do those add?": each divisor's share is a figure of its own
        share = (lambda gb, div: f" ({fmt(gb / div, 3)} GB)") if len(by_div) > 1 else (lambda gb, div: "")
        terms = " + ".join(f"{fmt(gb)} GB / {div}{share(gb, div)}" for div, gb in sorted(by_div.items(), reverse=True))
        cites = _cites(h.citations, "hpt")
        out.out.say(f"{proc}: HPT = {terms} = {fmt(h.hpt_gb, 3)} GB for {fmt(total_max)} GB of maximum memory.", *cites)
        out.calculations.append(
            Calculation(
                f"hpt.size.{proc}",
                {
                    "processor": proc,
                    "partitions": len(parts),
                    "max_memory_gb": total_max,
                    "max_memory_gb_each": sorted({p.max_memory_gb for p in parts}),
                    "partitions_per_group": list(Counter(p.name.split("-")[0] for p in parts).values()),
                },
                round(h.hpt_gb, 3),
                "GB",
                "sum over partitions of maximum memory / divisor (64 up to POWER7, IBM i and AMS; 128 for "
                "AIX and Linux from POWER7+ on)",
                cites,
            )
        )
    return out


# ---------------------------------------------------------------------------- virtual Ethernet buffers

# "Medium buffers", "huge pool", "min_buf_huge": the buffer pool netstat -v names
_POOL = linre.compile(
    r"\b(tiny|small|medium|large|huge)\s+(?:receive\s+)?(?:buffers?|pool|bufs?)\b"
    r"|\b(?:buffers?|pool)\s*(?:type\s*)?[:=]?\s*(tiny|small|medium|large|huge)\b",
    linre.I,
)
_POOL_ATTR = linre.compile(r"\b(?:min|max)_buf_(tiny|small|medium|large|huge)\b", linre.I)
# "Max Allocated 300", "Max Allocated reached 70", "max allocated hit 165", "max_allocated=64", "Max Allocated for
# Small buffers = 600" (the pool named between the label and its value)
_MAX_ALLOCATED = linre.compile(
    r"\bmax(?:imum)?[\s_]allocated"
    r"(?:\s+(?:for|of|on|in)\s+(?:the\s+)?(?:tiny|small|medium|large|huge)(?:\s+(?:receive\s+)?(?:buffers?|pool|bufs?))?)?"
    r"\s*(?:(?:reached|hit|was|is|of|at|went\s+to|peaked\s+at|shows?)\s+)?[:=]?\s*(\d{1,7})\b",
    linre.I,
)
# "Min Buffers 128", "min buffers is 128", "min_buf_medium=128", "min 128" (in a pool's netstat -v figures): the value
# today, never "min buffers to 512"
_MIN_BUFFERS = linre.compile(
    r"\bmin(?:imum)?(?:[\s_]buf(?:fer)?s?(?:_[a-z]+)?)?\s*(?:(?:is|are|of|at|currently|was|set\s+to)\s+)?[:=]?\s*(\d{1,7})\b",
    linre.I,
)
_MAX_BUFFERS = linre.compile(
    r"\bmax(?:imum)?(?:[\s_]buf(?:fer)?s?(?:_[a-z]+)?)?\s*(?:(?:is|are|of|at|currently|was|set\s+to)\s+)?[:=]?\s*(\d{1,7})\b",
    linre.I,
)


def veth_buffers_answer(text: str) -> CalcAnswer | None:
    """ "Medium buffers: Max Allocated 300, Min Buffers 128 - new min buffers?": Redbook 3.8 item 7's next step."""
    allocated = _MAX_ALLOCATED.search(text)
    pools = {(m.group(1) or m.group(2)).lower() for m in _POOL.finditer(text)}
    pools |= {m.group(1).lower() for m in _POOL_ATTR.finditer(text)}
    if allocated is None or len(pools) != 1:
        return None
    low, high = _MIN_BUFFERS.search(text), _MAX_BUFFERS.search(text)
    a = run(
        calculators.veth_buffers_advice,
        calculators.VethBuffersInput,
        pool=pools.pop(),
        max_allocated=int(allocated.group(1)),
        min_buffers=int(low.group(1)) if low else None,
        max_buffers=int(high.group(1)) if high else None,
    )
    out = CalcAnswer("veth_buffers", Composer(), rules=["NET-007"])
    cites = _cites(a.citations, "veth_buffers")
    step = a.formula.split("multiple of ", 1)[1].split(" ", 1)[0]
    if a.new_min_buffers == (a.min_buffers or 0):
        out.out.say(
            f"Max Allocated {a.max_allocated} is not above Min Buffers {a.min_buffers}: the {a.pool} pool's Min "
            "Buffers need no change.",
            *cites,
        )
    else:
        capped = (
            " (capped at Max Buffers)" if a.max_buffers is not None and a.new_min_buffers == a.new_max_buffers else ""
        )
        out.out.say(
            f"{a.pool.capitalize()} buffers: Max Allocated {a.max_allocated} -> Min Buffers {a.new_min_buffers}, the "
            f"next multiple of {step} above it{capped}"
            + (f" (today {a.min_buffers})" if a.min_buffers is not None else "")
            + f": chdev -l entX -a min_buf_{a.pool}={a.new_min_buffers} -P.",
            *cites,
        )
    if a.exhausted:
        out.out.say(
            f"Max Allocated reached Max Buffers ({a.max_buffers}): the pool ran out; raise Max Buffers to "
            f"{a.new_max_buffers}, the attribute's limit (max_buf_{a.pool}={a.new_max_buffers}).",
            *cites,
        )
    elif a.max_buffers is None:
        out.assumptions.append(
            f"Max Buffers of the {a.pool} pool was not given: Min Buffers can go no higher than it, and when Max "
            "Allocated reached it the pool ran out (then raise Max Buffers too)."
        )
    inputs = {
        k: v
        for k, v in a.model_dump(include={"pool", "min_buffers", "max_buffers", "max_allocated"}).items()
        if v is not None
    }
    out.calculations.append(
        Calculation("veth_buffers.min_buffers", inputs, a.new_min_buffers, "buffers", a.formula, cites)
    )
    return out


# ---------------------------------------------------------------------------- entitled capacity and VPs

CPU_SIZING_CITES = (
    Cite(source=ame.REDBOOK, section="3.1 Optimal logical partition (LPAR) sizing", locator="Processor, Table 3-1"),
    Cite(source=ame.REDBOOK, section="3.1 Optimal logical partition (LPAR) sizing", locator="Figure 3-1"),
)
# "EC and VPs?", "entitlement + virtual procs", "processing units": what the Redbook sizes from the peak
_EC_VP = linre.compile(
    r"\b(?:EC|CE|entitle(?:d|ment)?|entitled\s+capacity|processing\s+units?|PUs?|VPs?|vcpus?|virtual\s+(?:procs?|processors?|cpus?))\b",
    linre.I,
)
# "how many cores should I give the vios?": the VIOS's processors asked in plain words
_VIOS_CORES = linre.compile(
    r"\bhow\s+many\s+(?:\w+\s+)?(?:cores|cpus|processors|procs)\b.{0,40}\b(?:VIOS\d{0,2}|VIO\s*servers?)\b", linre.I
)
# "a 64 core box", "48 cores frame": the cores of the machine, no use figure
_BOX_AFTER = linre.compile(r"\W{0,2}(?:\w+\s+)?(?:box|frame|server|machine|system|cec)\b", linre.I)
VIOS_PROC_CITE = (Cite(source=ame.REDBOOK, section="3.5.1 VIOS processor assignment", locator="Table 3-9"),)
# the two statistics of the peak window: its average and its highest use
_AVERAGE = linre.compile(r"\b(?:averag\w*|avg|mean|typically|sustained)\b", linre.I)
_HIGHEST = linre.compile(
    r"\b(?:max\w*|highest|tops?(?:\s+out)?|spikes?|hits?|bursts?|up\s+to|peaks?\s+(?:at|of)|most)\b", linre.I
)


_PEAK = linre.compile(r"\bpeak(?:ed|s)?\b", linre.I)
_WINDOW = linre.compile(r"\b(?:at|during|in|over|on|the|of)\s{1,2}$", linre.I)


def _statistic(text: str, q: Quantity) -> str | None:
    """ "averages 9 cores", "max 5", "14 max", "6.5 cores on average": which statistic of the peak the figure is,
    by the nearest such word before it in its clause (or right after it); None when neither or both are said."""
    start = max(0, q.start - 72, text.rfind(",", 0, q.start) + 1, text.rfind(".", 0, max(0, q.start - 1)) + 1)
    # "during the 08:00-18:00 peak": the window's times are no words of the clause; 36 characters of the rest
    before = CLOCK.sub("", text[start : q.start])[-36:]
    marks = [(m.end(), "average") for m in _AVERAGE.finditer(before)] + [
        (m.end(), "highest") for m in _HIGHEST.finditer(before)
    ]
    # "peak 6.2" is the highest use; "average at peak 3.6", "during the peak" name the window, not a statistic
    marks += [(m.end(), "highest") for m in _PEAK.finditer(before) if not _WINDOW.search(before[: m.start()])]
    # "1.1 on average and 3.2 at peak": a word right after an earlier figure is that figure's, not this one's
    marks = [(end, which) for end, which in marks if not _AFTER_A_FIGURE.search(before[:end])]
    if marks:
        return max(marks)[1]
    after = _CLAUSE_END.split(text[q.end : q.end + 16], maxsplit=1)[0] or ""  # its own clause only
    found = {"average" for _ in _AVERAGE.finditer(after)} | {"highest" for _ in _HIGHEST.finditer(after)}
    if not found and _AFTER_A_FIGURE.search(before) is None and _AT_PEAK.match(after):
        found = {"highest"}  # "... 1.1 on average and 3.2 at peak": the other figure is the average
    return found.pop() if len(found) == 1 else None


# a statistic word right after a figure ("1.1 on average", "3.2 at peak"), up to the end of the text before
_AFTER_A_FIGURE = linre.compile(
    r"\d(?:\.\d{1,4})?\s{0,2}(?:cores?\s{1,2})?(?:on|at|in)?\s{0,2}(?:the\s{1,2})?"
    r"(?:averag\w*|avg|mean|peak\w*|max\w*|highest)\s{0,2}$",
    linre.I,
)
_AT_PEAK = linre.compile(r"^\s{0,2}(?:cores?\s{1,2})?(?:at|in)\s{1,2}(?:the\s{1,2})?peak\b", linre.I)


_CLAUSE_END = linre.compile(r"[,;]|[.!?](?:\s|$)")


def cpu_sizing_answer(text: str) -> CalcAnswer | None:
    """ "averages 9 cores at peak and hits 14 max: EC and VPs?": Redbook Table 3-1 and Figure 3-1 size the entitled
    capacity to the average processor use during the peak and the virtual processors to the highest use in it."""
    if not (_EC_VP.search(text) or _VIOS_CORES.search(text)):
        return None
    _, qs = quantities(text)
    # "the 08:00-18:00 peak": a clock time names the window, it is no use figure
    clock = [m.span() for m in CLOCK.finditer(text)]
    figures = [
        q
        for q in qs
        if q.kind in ("cores", "number")
        and q.noun in (None, "cores")
        and 0 < q.value <= 1024
        and not any(a <= q.start < b for a, b in clock)
        and not (q.kind == "cores" and _BOX_AFTER.match(text, q.end))  # "a 64 core box": the machine's size
    ]
    roles: dict[str, list[Quantity]] = {"average": [], "highest": []}
    for q in figures:
        which = _statistic(text, q)
        if which is not None:
            roles[which].append(q)
    if len(roles["average"]) != 1 or len(roles["highest"]) != 1:
        return None
    avg, top = roles["average"][0].value, roles["highest"][0].value
    if top < avg:
        return None  # "average 12, max 8": the figures are not what they seem; not guessed
    vps = math.ceil(round(top, 6))
    cites = _cites(CPU_SIZING_CITES, "cpu_sizing")
    out = CalcAnswer("cpu_sizing", Composer(), rules=["LPAR-001", "LPAR-003"])
    whole = "" if vps == top else f" (virtual processors are whole: {fmt(top)} rounded up)"
    out.out.say(
        f"Entitled capacity (desired processing units) = the average processor use during the peak = {fmt(avg)}; "
        f"desired virtual processors = the highest use during the peak = {vps}{whole}. Keep the virtual processors "
        "at or below the processors of the system or shared pool, and the summed EC of all LPARs within them.",
        *cites,
    )
    if _has(VIOS, text):  # Table 3-9 for the VIOS itself: the same two figures, and how its processors are shared
        out.out.say(
            "For a VIOS, Table 3-9 adds: shared (not dedicated) processors in uncapped mode, so it can take spare "
            "capacity at peaks, with a weight in the upper part of 0-255, above its clients.",
            *_cites(VIOS_PROC_CITE, "cpu_sizing"),
        )
    out.calculations.append(
        Calculation(
            "lpar.entitled_capacity",
            {"average_peak_use": avg},
            avg,
            "processing units",
            "average use during peak",
            cites,
        )
    )
    out.calculations.append(
        Calculation(
            "lpar.virtual_processors",
            {"highest_peak_use": top},
            vps,
            None,
            "highest use during peak, rounded up",
            cites,
        )
    )
    return out
