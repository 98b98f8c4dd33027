"""Calculator answers for IBM Power: VIOS memory, AME sizing, hypervisor page table.

Calculators: advisor/calculators/vios_memory.py (Redbook 3.5.2), ame.py (Redbook 3.2, 2023
guide "Test Iteration"), hpt.py (Redbook 3.1 Example 3-1); the AME safety-net figure is the
`virtual_memory_limit_gb` derived value.
"""

from __future__ import annotations

import re

from advisor.calculators import ame, hpt, vios_memory
from advisor.chat.calc.common import CalcAnswer, _cites, _derived, _has
from advisor.chat.numbers import first_float, first_int, fmt, normalise
from advisor.chat.reply import Composer, Question

_VIOS = r"\bVIOS\b|\bVIO server|virtual I/?O server"
_ADAPTER_PATTERNS = {
    "lhea": r"(\d+)\s+(?:LHEAs?|Logical Host Ethernet Adapters?)\b",
    "eth_1g_ports": r"(\d+)\s+(?:non-LHEA\s+)?1\s*(?:Gb|Gbit|GbE|Gigabit)\b",
    "eth_10g_ports": r"(\d+)\s+(?:non-LHEA\s+)?10\s*(?:Gb|Gbit|GbE|Gigabit)\b",
    "fc_8g_ports": r"(\d+)\s+(?:ports?\s+of\s+)?8\s*(?:Gb|Gbit|G)(?:/s)?\s*(?:FC|Fibre)",
    "npiv_vfc_adapters": r"(\d+)\s+(?:NPIV|virtual\s+(?:FC|Fibre\s+Channel))",
    "virtual_eth_adapters": r"(\d+)\s+virtual\s+Ethernet",
}
_LABELS = {
    "lhea": "LHEA",
    "lhea_ports": "LHEA port",
    "eth_1g_ports": "1 Gb Ethernet port",
    "eth_10g_ports": "10 Gb Ethernet port",
    "fc_8g_ports": "8 Gb FC port",
    "npiv_vfc_adapters": "NPIV virtual FC adapter",
    "virtual_eth_adapters": "virtual Ethernet adapter",
}


def vios_answer(text: str) -> CalcAnswer | None:
    if not (_has(_VIOS, text) and _has(r"memory|\bRAM\b|how much|siz|calculat", text)):
        return None
    cores = first_int(r"(\d+)[\s-]*(?:processor\s+|physical\s+)?cores?\b", text)
    counts = {k: first_int(p, text, largest=(k == "npiv_vfc_adapters")) for k, p in _ADAPTER_PATTERNS.items()}
    each = first_int(r"with\s+(\d+)\s+(?:configured\s+)?ports?\s+each", text)
    counts["lhea_ports"] = (
        (counts["lhea"] or 0) * each
        if each and counts["lhea"]
        else first_int(r"(\d+)\s+(?:configured\s+)?LHEA\s+ports?", text)
    )
    adapters = {k: v for k, v in counts.items() if v}
    if cores is None and not adapters:
        return None
    req = vios_memory.vios_memory_requirement(cores or 0, **adapters)
    cites = _cites(vios_memory.CITE, "vios_memory")
    out = CalcAnswer("vios_memory", Composer(), rules=["VIOS-001"])
    if cores:
        blocks = req.base_mb // vios_memory.BASE_MB_PER_16_CORES
        out.out.say(
            f"Base rule, 2 GB of VIOS memory per 16 cores of the machine: {cores} cores -> {blocks} x 2 GB = "
            f"{fmt(req.base_mb / 1024)} GB per VIOS.",
            *cites,
        )
    if adapters:
        terms = [
            f"{req.inputs[k]} x {vios_memory.INCREMENTS_MB[k]} MB ({_LABELS[k]})"
            for k in vios_memory.INCREMENTS_MB
            if req.inputs.get(k)
        ]
        out.out.say(
            f"Complex I/O rule: {vios_memory.COMPLEX_START_MB} MB + "
            + " + ".join(terms)
            + f" = {req.adapters_mb} MB ({fmt(req.adapters_mb / 1024)} GB).",
            *cites,
        )
    if cores and adapters:
        out.out.say(
            f"The VIOS needs the larger of the two: {req.required_mb} MB ({fmt(req.required_mb / 1024)} GB).", *cites
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
    if adapters.get("npiv_vfc_adapters") and _has(r"plan|mapped|not yet|unused|idle|intended|future", text):
        out.out.say(
            f"Adapters count as intended, not as active: all {adapters['npiv_vfc_adapters']} NPIV adapters "
            "are counted, mapped or not.",
            *cites,
        )
    return out


# ---------------------------------------------------------------------------- AME


def _factors(text: str) -> list[float]:
    """Expansion factors named in the question ("factor 2.0", "factor of 1.255, or one of 12").

    After each "factor", every number up to the end of the sentence that is not a size or a
    percentage; a decimal point is not a sentence end.
    """
    out: list[float] = []
    for m in re.finditer(r"\bfactors?\b(.*?)(?:[.?!](?=\s|$)|$)", text, re.IGNORECASE):
        for v in re.findall(r"(?<![\w.])(\d+(?:\.\d+)?)(?![\w.%]|\s*(?:GB|MB|TB|%|GiB|x\b))", m.group(1)):
            out.append(float(v))
    return list(dict.fromkeys(out))


def ame_answer(text: str) -> CalcAnswer | None:
    if not _has(r"\bAME\b|expansion factor|expanded|true memory|factor", text):
        return None
    factors = _factors(text)
    if not factors:
        return None
    true = first_float(r"(\d+(?:\.\d+)?)\s*GB\s+(?:of\s+)?(?:true|real|physical)\s+memory", text) or first_float(
        r"(?:true|real|physical) memory\s+(?:of\s+)?(\d+(?:\.\d+)?)\s*GB", text
    )
    paging = first_float(r"(\d+(?:\.\d+)?)\s*GB\s+(?:of\s+)?paging space", text)
    out = CalcAnswer("ame", Composer(), rules=[])
    if true is not None and paging is not None:
        doc = {
            "kind": "aix-lpar",
            "name": "question",
            "memory": {"desired_gb": true, "paging_space_gb": paging},
            "ame": {"enabled": True, "expansion_factor": factors[0]},
        }
        limit, cites = _derived(doc, "virtual_memory_limit_gb")
        if limit is not None:
            expanded = ame.ame_sizing(true, factors[0]).expanded_memory_gb
            out.out.say(
                f"{fmt(factors[0])} x {fmt(true)} GB true memory = {fmt(expanded)} GB expanded memory, plus "
                f"{fmt(paging)} GB paging space = {fmt(limit)} GB of virtual memory; when active virtual memory "
                "reaches it, AIX starts killing processes (signal 33).",
                *_cites(cites, "ame"),
            )
            out.rules = ["AME-012"]
            return out
    if true is not None and len(factors) >= 2:
        r = ame.rebalance(true, factors[0], factors[1])
        out.out.say(
            f"{fmt(true)} GB true memory at factor {fmt(factors[0])} gives {fmt(r.expanded_memory_gb)} GB expanded "
            f"memory; at factor {fmt(factors[1])} the same expanded memory needs {fmt(r.expanded_memory_gb)} / "
            f"{fmt(factors[1])} = {fmt(r.true_memory_gb)} GB true memory.",
            *_cites(r.citations, "ame"),
        )
        out.rules = ["AME-006"] if factors[1] < factors[0] else ["AME-007"]
        return out
    expanded = first_float(r"(\d+(?:\.\d+)?)\s*GB\s+(?:of\s+)?expanded", text)
    if expanded is not None and true is None and len(factors) == 1:
        r = ame.true_memory_for_factor(expanded, factors[0])
        out.out.say(
            f"To see {fmt(expanded)} GB expanded memory at factor {fmt(factors[0])}: {fmt(expanded)} / "
            f"{fmt(factors[0])} = {fmt(r.true_memory_gb)} GB true memory.",
            *_cites(r.citations, "ame"),
        )
        out.rules = ["AME-007"]
        return out
    if true is not None:
        s = ame.ame_sizing(true, factors[0])
        out.out.say(
            f"{fmt(true)} GB true memory x factor {fmt(factors[0])} = {fmt(s.expanded_memory_gb)} GB expanded "
            f"memory: a gain of {fmt(s.memory_gain_gb)} GB, {fmt(s.memory_gain_pct)} % of true memory "
            "(gain = factor - 1).",
            *_cites(s.citations, "ame"),
        )
        out.rules = ["AME-005"]
        return out
    if _has(r"\b(set|valid|allowed|possible|permitted|accept)", text):
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
        out.rules = ["AME-005"]
        return out
    return None


_GROUP = re.compile(  # (?<!\d): without it a long run of digits cost quadratic time (issue 12)
    r"(?<!\d)(\d+)\s+(AIX|Linux|IBM\s*i|VIOS)\s+(?:LPARs?|partitions?)\s+with\s+(\d+(?:\.\d+)?)\s*(GB|TB)"
    r"\s+(?:of\s+)?max(?:imum)?",
    re.IGNORECASE,
)
_PROCESSOR_NAMES = {
    "power5": "POWER5",
    "power6": "POWER6",
    "power7": "POWER7",
    "power7+": "POWER7+",
    "power8": "POWER8",
    "power9": "POWER9",
    "power10": "POWER10",
}


def hpt_answer(text: str, platforms: set[str]) -> CalcAnswer | None:
    if not _has(r"\bHPT\b|page table", text):
        return None
    parts: list[hpt.HptPartition] = []
    for i, m in enumerate(_GROUP.finditer(normalise(text))):
        count, os_name, size, unit = int(m.group(1)), m.group(2).lower().replace(" ", ""), float(m.group(3)), m.group(4)
        os_type = {"aix": "aix", "linux": "linux", "vios": "vios", "ibmi": "ibmi"}[os_name]
        gb = size * (1024 if unit.upper() == "TB" else 1)
        parts += [hpt.HptPartition(name=f"{os_name}{i}-{n}", max_memory_gb=gb, os=os_type) for n in range(count)]
    if not parts:
        return None
    named = [t for t in _PROCESSOR_NAMES if t in platforms]
    processors = [_PROCESSOR_NAMES[t] for t in reversed(named)] or ["POWER7+", "POWER7"]
    out = CalcAnswer("hpt", Composer(), rules=["LPAR-008"])
    total_max = sum(p.max_memory_gb for p in parts)
    for proc in processors:
        h = hpt.hpt_size(parts, proc)
        by_div: dict[int, float] = {}
        for e in h.partitions:
            by_div[e.divisor] = by_div.get(e.divisor, 0.0) + e.max_memory_gb
        terms = " + ".join(f"{fmt(gb)} GB / {div}" for div, gb in sorted(by_div.items(), reverse=True))
        out.out.say(
            f"{proc}: HPT = {terms} = {fmt(h.hpt_gb, 3)} GB for {fmt(total_max)} GB of maximum memory.",
            *_cites(h.citations, "hpt"),
        )
    return out
