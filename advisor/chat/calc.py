"""Calculator answers: when a question carries the numbers, compute instead of quoting.

Each recogniser looks for its topic and its inputs in the question; if both are there it
returns the result as lines cited with the calculator's own citations (the calculators and
derived values in advisor/calculators and advisor/derive name their source, section and
locator). Nothing here restates guidance: the figures come from the calculators, and the
words around them only name the inputs and the formula the calculator applies.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from advisor import derive
from advisor.calculators import ame, clm, hpt, plarea, sap_instances, vios_memory, zvm_smt
from advisor.calculators.lfarea import REASONS, CITE_FORMS, CITE_IAR046I, LfareaSyntaxError, assess_lfarea, lfarea_limit_gb
from advisor.chat.numbers import all_floats, first_float, first_int, fmt, normalise, sizes_gb
from advisor.chat.reply import Composer, Question, resolve
from advisor.citations import Cite
from advisor.documents.io import validate_document


@dataclass
class CalcAnswer:
    name: str
    out: Composer
    rules: list[str] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)


def _cites(cites, name: str):
    return [resolve(c, f"calculator:{name}") for c in cites]


def _derived(doc: dict, name: str):
    """A derived value of a minimal document, with the derivation's citations (None when not computable)."""
    model = validate_document(doc)
    d = derive.REGISTRY[name]
    try:
        return d.func(model), d.citations
    except (derive.Missing, derive.Invalid):
        return None, d.citations


def _has(pattern: str, text: str) -> bool:
    return re.search(pattern, text, re.IGNORECASE) is not None


# ---------------------------------------------------------------------------- VIOS memory

_VIOS = r"\bVIOS\b|\bVIO server|virtual I/?O server"
_ADAPTER_PATTERNS = {
    "lhea": r"(\d+)\s+(?:LHEAs?|Logical Host Ethernet Adapters?)\b",
    "eth_1g_ports": r"(\d+)\s+(?:non-LHEA\s+)?1\s*(?:Gb|Gbit|GbE|Gigabit)\b",
    "eth_10g_ports": r"(\d+)\s+(?:non-LHEA\s+)?10\s*(?:Gb|Gbit|GbE|Gigabit)\b",
    "fc_8g_ports": r"(\d+)\s+(?:ports?\s+of\s+)?8\s*(?:Gb|Gbit|G)(?:/s)?\s*(?:FC|Fibre)",
    "npiv_vfc_adapters": r"(\d+)\s+(?:NPIV|virtual\s+(?:FC|Fibre\s+Channel))",
    "virtual_eth_adapters": r"(\d+)\s+virtual\s+Ethernet",
}
_LABELS = {"lhea": "LHEA", "lhea_ports": "LHEA port", "eth_1g_ports": "1 Gb Ethernet port",
           "eth_10g_ports": "10 Gb Ethernet port", "fc_8g_ports": "8 Gb FC port",
           "npiv_vfc_adapters": "NPIV virtual FC adapter", "virtual_eth_adapters": "virtual Ethernet adapter"}


def vios_answer(text: str) -> CalcAnswer | None:
    if not (_has(_VIOS, text) and _has(r"memory|\bRAM\b|how much|siz|calculat", text)):
        return None
    cores = first_int(r"(\d+)[\s-]*(?:processor\s+|physical\s+)?cores?\b", text)
    counts = {k: first_int(p, text, largest=(k == "npiv_vfc_adapters")) for k, p in _ADAPTER_PATTERNS.items()}
    each = first_int(r"with\s+(\d+)\s+(?:configured\s+)?ports?\s+each", text)
    counts["lhea_ports"] = (counts["lhea"] or 0) * each if each and counts["lhea"] else \
        first_int(r"(\d+)\s+(?:configured\s+)?LHEA\s+ports?", text)
    adapters = {k: v for k, v in counts.items() if v}
    if cores is None and not adapters:
        return None
    req = vios_memory.vios_memory_requirement(cores or 0, **adapters)
    cites = _cites(vios_memory.CITE, "vios_memory")
    out = CalcAnswer("vios_memory", Composer(), rules=["VIOS-001"])
    if cores:
        blocks = req.base_mb // vios_memory.BASE_MB_PER_16_CORES
        out.out.say(f"Base rule, 2 GB of VIOS memory per 16 cores of the machine: {cores} cores -> {blocks} x 2 GB = "
                    f"{fmt(req.base_mb / 1024)} GB per VIOS.", *cites)
    if adapters:
        terms = [f"{req.inputs[k]} x {vios_memory.INCREMENTS_MB[k]} MB ({_LABELS[k]})"
                 for k in vios_memory.INCREMENTS_MB if req.inputs.get(k)]
        out.out.say(f"Complex I/O rule: {vios_memory.COMPLEX_START_MB} MB + " + " + ".join(terms) +
                    f" = {req.adapters_mb} MB ({fmt(req.adapters_mb / 1024)} GB).", *cites)
    if cores and adapters:
        out.out.say(f"The VIOS needs the larger of the two: {req.required_mb} MB ({fmt(req.required_mb / 1024)} GB).",
                    *cites)
    elif adapters:
        out.out.say("The 2 GB per 16 cores base also applies and needs the machine's core count; the VIOS needs "
                    "the larger of the two.", *cites)
        out.questions.append(Question(path="system_cores", question="How many processor cores does the managed "
                                      "system have? Shown by: HMC: lshwres -r proc --level sys.",
                                      command="HMC: lshwres -r proc --level sys", rule_id="VIOS-001"))
    if adapters.get("npiv_vfc_adapters") and _has(r"plan|mapped|not yet|unused|idle|intended|future", text):
        out.out.say(f"Adapters count as intended, not as active: all {adapters['npiv_vfc_adapters']} NPIV adapters "
                    "are counted, mapped or not.", *cites)
    return out


# ---------------------------------------------------------------------------- LFAREA / PLAREA

def _lfarea_statement(text: str) -> tuple[str | None, str]:
    """(the LFAREA=... statement as written, the text without it); parentheses balanced."""
    m = re.search(r"LFAREA\s*=", text, re.IGNORECASE)
    if not m:
        return None, text
    i, depth = m.end(), 0
    while i < len(text):
        c = text[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                i += 1
                break
        elif depth == 0 and (c.isspace() or c in ",?;"):
            break
        i += 1
    stmt = text[m.start():i].rstrip(".,")
    return stmt, text[:m.start()] + " " + text[i:]


def lfarea_answer(text: str) -> CalcAnswer | None:
    reason = next((code for code, (ibm, _) in REASONS.items() if ibm.rstrip(".").lower() in text.lower()), None)
    if reason and _has(r"IAR046I|LFAREA", text):
        out = CalcAnswer("lfarea", Composer(), rules=["ZOS-002"])
        ibm, why = REASONS[reason]
        out.out.say(f"IAR046I reason \"{ibm.rstrip('.')}\": {why}", *_cites([CITE_IAR046I], "lfarea"))
        return out
    if not _has(r"LFAREA|large frame area", text):
        return None
    stmt, rest = _lfarea_statement(text)
    online = next(iter(sizes_gb(rest)), None)
    if online is None:
        return None
    out = CalcAnswer("lfarea", Composer(), rules=["ZOS-001"])
    placeholder = stmt is None or "..." in stmt or "xx" in stmt.lower()
    if not placeholder:
        try:
            a = assess_lfarea(stmt, online)
        except LfareaSyntaxError as e:
            out.out.say(f"{stmt} is not valid: IAR046I {e.ibm_reason} {e.explanation} At IPL a syntax error always "
                        "prompts for a new LFAREA.", *_cites(e.citations, "lfarea"))
            out.rules = ["ZOS-002"]
            return out
        except ValueError:
            placeholder = True
        else:
            cites = _cites(a.citations, "lfarea")
            form = "old form: 80 % of online storage - 2 GB" if a.form == "old" else "new form: 80 % of (online storage - 4 GB)"
            out.out.say(f"{a.request.statement} on {fmt(online)} GB online storage: the limit is {fmt(a.limit_gb)} GB "
                        f"({form}); the request is {fmt(a.total_requested_gb)} GB at target, "
                        f"{fmt(a.minimum_total_gb)} GB at the minimums.", *cites)
            out.out.say(f"At IPL: {a.ipl_message}", *cites)
            return out
    forms = ["new", "old"]
    if stmt and re.search(r"1M=|2G=", stmt, re.IGNORECASE) or _has(r"\bnew\b.{0,20}form", rest) and not _has(r"\bold\b", rest):
        forms = ["new"] if not _has(r"\bold\b", text) else forms
    if stmt and re.search(r"%|xx", stmt) and not re.search(r"1M=|2G=", stmt, re.IGNORECASE):
        forms = ["old", "new"]
    cites = _cites([CITE_FORMS], "lfarea")
    for form in forms:
        limit = lfarea_limit_gb(online, form)
        if form == "new":
            out.out.say(f"New form LFAREA=(1M=...,2G=...): a percentage is of (online storage - 4 GB) and at most 80 % "
                        f"can be reserved: 0.8 x ({fmt(online)} - 4) GB = {fmt(limit)} GB on {fmt(online)} GB.", *cites)
        else:
            out.out.say(f"Old form LFAREA=xx%|nM|nG|nT: the limit is 80 % of online storage minus 2 GB: "
                        f"0.8 x {fmt(online)} GB - 2 GB = {fmt(limit)} GB on {fmt(online)} GB.", *cites)
    return out


def plarea_answer(text: str) -> CalcAnswer | None:
    if not _has(r"PLAREA|pageable large (?:page|frame) area", text):
        return None
    online = next(iter(sizes_gb(text)), None)
    if online is None:
        return None
    p = plarea.plarea_size(online)
    out = CalcAnswer("plarea", Composer(), rules=["ZOS-006"])
    out.out.say(f"On {fmt(online)} GB online storage the quad area is 12.5 % = {fmt(p.quad_gb, 3)} GB and the PLAREA "
                f"12.5 % of the rest: 0.125 x {fmt(online - p.quad_gb, 3)} GB = {fmt(p.plarea_gb, 3)} GB "
                f"({p.plarea_frames_1m} pageable 1 MB frames); the system sizes it itself, LFAREA does not enter it.",
                *_cites(p.citations, "plarea"))
    return out


# ---------------------------------------------------------------------------- HP-UX

def sap_instances_answer(text: str) -> CalcAnswer | None:
    if not _has(r"how many (?:SAP )?instances|number of (?:SAP )?instances|SAP instances should", text):
        return None
    cores = first_int(r"(\d+)[\s-]*(?:processor\s+)?cores?\b", text)
    saps = first_float(r"(\d[\d,]*)\s*SAPS", text.replace(",", ""))
    if cores is None and saps is None:
        return None
    r = sap_instances.instance_range(cores or 0, saps)
    out = CalcAnswer("sap_instances", Composer(), rules=["HPUX-007"])
    cites = _cites(r.citations, "sap_instances")
    if cores:
        out.out.say(f"One SAP instance per 2 to 4 cores: {cores} cores -> {r.min_instances} to {r.max_instances} "
                    "instances.", *cites)
    if saps:
        out.out.say(f"At 1 500 to 2 500 SAPS per instance: {fmt(saps, 0)} SAPS -> {r.min_instances_for_saps} to "
                    f"{r.max_instances_for_saps} instances.", *cites)
    return out


def clm_answer(text: str) -> CalcAnswer | None:
    if not _has(r"\bCLM\b|cell local memory", text):
        return None
    shared = first_float(r"(\d+(?:\.\d+)?)\s*GB\s+(?:of\s+)?(?:SAP\s+)?shared memory", text) or \
        first_float(r"shared memory\D{0,20}?(\d+(?:\.\d+)?)\s*GB", text)
    if shared is None:
        return None
    memory = first_float(r"(\d+(?:\.\d+)?)\s*GB\s+(?:of\s+)?(?:RAM|memory|physical memory)\b", text)
    pct = first_float(r"(\d+(?:\.\d+)?)\s*%\s*(?:of\s+memory\s+)?(?:as\s+)?(?:CLM|cell local)", text) or 0.0
    out = CalcAnswer("clm", Composer(), rules=["HPUX-005", "HPUX-004"])
    cites = _cites(clm.CITE, "clm")
    if memory:
        s = clm.clm_sizing(memory, pct, shared)
        out.out.say(f"CLM needed: {fmt(clm.KERNEL_FLOOR_PCT, 0)} % of {fmt(memory)} GB for kernel and process-private "
                    f"data ({fmt(s.floor_gb)} GB) + {fmt(shared)} GB SAP shared memory = {fmt(s.needed_gb)} GB; "
                    f"configured {fmt(s.clm_gb)} GB, short by {fmt(s.shortfall_gb)} GB.", *cites)
    else:
        out.out.say(f"On 11i v3 the CLM should hold the SAP shared memory, {fmt(shared)} GB here, on top of about "
                    f"{fmt(clm.KERNEL_FLOOR_PCT, 0)} % of memory for kernel and process-private data: at least "
                    f"{fmt(shared)} GB + {fmt(clm.KERNEL_FLOOR_PCT, 0)} % of the memory.", *cites)
        out.questions.append(Question(path="memory_gb", question="How much memory does the cell (or server) have, in "
                                      "GiB? Shown by: machinfo.", command="machinfo", unit="GiB", rule_id="HPUX-005"))
    return out


def hpux_kernel_answer(text: str) -> CalcAnswer | None:
    if not (_has(r"HP-?UX", text) and _has(r"buffer cache|swap", text)):
        return None
    memory = first_float(r"(\d+(?:\.\d+)?)\s*GB\s+(?:of\s+)?(?:RAM|memory|physical memory)\b", text)
    if memory is None:
        return None
    doc = {"kind": "hpux-server", "name": "question", "memory_gb": memory}
    out = CalcAnswer("hpux_kernel", Composer(), rules=["HPUX-011", "HPUX-012"])
    if _has(r"buffer cache", text):
        value, cites = _derived(doc, "buffer_cache_target_gb")
        if value is not None:
            out.out.say(f"Buffer cache: 3 % of {fmt(memory)} GB = {fmt(value)} GB at most.", *_cites(cites, "hpux_kernel"))
    if _has(r"swap", text):
        value, cites = _derived(doc, "swap_min_gb")
        if value is not None:
            out.out.say(f"Swap: at least twice the memory, 2 x {fmt(memory)} GB = {fmt(value)} GB.",
                        *_cites(cites, "hpux_kernel"))
    return out if not out.out.empty else None


# ---------------------------------------------------------------------------- AIX / PowerVM

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
    true = first_float(r"(\d+(?:\.\d+)?)\s*GB\s+(?:of\s+)?(?:true|real|physical)\s+memory", text) or \
        first_float(r"(?:true|real|physical) memory\s+(?:of\s+)?(\d+(?:\.\d+)?)\s*GB", text)
    paging = first_float(r"(\d+(?:\.\d+)?)\s*GB\s+(?:of\s+)?paging space", text)
    out = CalcAnswer("ame", Composer(), rules=[])
    if true is not None and paging is not None:
        doc = {"kind": "aix-lpar", "name": "question", "memory": {"desired_gb": true, "paging_space_gb": paging},
               "ame": {"enabled": True, "expansion_factor": factors[0]}}
        limit, cites = _derived(doc, "virtual_memory_limit_gb")
        if limit is not None:
            expanded = ame.ame_sizing(true, factors[0]).expanded_memory_gb
            out.out.say(f"{fmt(factors[0])} x {fmt(true)} GB true memory = {fmt(expanded)} GB expanded memory, plus "
                        f"{fmt(paging)} GB paging space = {fmt(limit)} GB of virtual memory; when active virtual memory "
                        "reaches it, AIX starts killing processes (signal 33).", *_cites(cites, "ame"))
            out.rules = ["AME-012"]
            return out
    if true is not None and len(factors) >= 2:
        r = ame.rebalance(true, factors[0], factors[1])
        out.out.say(f"{fmt(true)} GB true memory at factor {fmt(factors[0])} gives {fmt(r.expanded_memory_gb)} GB expanded "
                    f"memory; at factor {fmt(factors[1])} the same expanded memory needs {fmt(r.expanded_memory_gb)} / "
                    f"{fmt(factors[1])} = {fmt(r.true_memory_gb)} GB true memory.", *_cites(r.citations, "ame"))
        out.rules = ["AME-006"] if factors[1] < factors[0] else ["AME-007"]
        return out
    expanded = first_float(r"(\d+(?:\.\d+)?)\s*GB\s+(?:of\s+)?expanded", text)
    if expanded is not None and true is None and len(factors) == 1:
        r = ame.true_memory_for_factor(expanded, factors[0])
        out.out.say(f"To see {fmt(expanded)} GB expanded memory at factor {fmt(factors[0])}: {fmt(expanded)} / "
                    f"{fmt(factors[0])} = {fmt(r.true_memory_gb)} GB true memory.", *_cites(r.citations, "ame"))
        out.rules = ["AME-007"]
        return out
    if true is not None:
        s = ame.ame_sizing(true, factors[0])
        out.out.say(f"{fmt(true)} GB true memory x factor {fmt(factors[0])} = {fmt(s.expanded_memory_gb)} GB expanded "
                    f"memory: a gain of {fmt(s.memory_gain_gb)} GB, {fmt(s.memory_gain_pct)} % of true memory "
                    "(gain = factor - 1).", *_cites(s.citations, "ame"))
        out.rules = ["AME-005"]
        return out
    if _has(r"\b(set|valid|allowed|possible|permitted|accept)", text):
        cites = _cites(ame.CITE_FACTOR, "ame")
        for f in factors:
            ok = ame.factor_valid(f)
            why = "" if ok else (" (outside 1.00 to 10.00)" if not ame.MIN_FACTOR <= f <= ame.MAX_FACTOR
                                 else " (not a multiple of 0.01)")
            out.out.say(f"Factor {f:g}: {'valid' if ok else 'not valid'}{why}; factors run from 1.00 to 10.00 in "
                        "steps of 0.01.", *cites)
        out.rules = ["AME-005"]
        return out
    return None


_GROUP = re.compile(r"(\d+)\s+(AIX|Linux|IBM\s*i|VIOS)\s+(?:LPARs?|partitions?)\s+with\s+(\d+(?:\.\d+)?)\s*(GB|TB)"
                    r"\s+(?:of\s+)?max(?:imum)?", re.IGNORECASE)
_PROCESSOR_NAMES = {"power5": "POWER5", "power6": "POWER6", "power7": "POWER7", "power7+": "POWER7+",
                    "power8": "POWER8", "power9": "POWER9", "power10": "POWER10"}


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
        out.out.say(f"{proc}: HPT = {terms} = {fmt(h.hpt_gb, 3)} GB for {fmt(total_max)} GB of maximum memory.",
                    *_cites(h.citations, "hpt"))
    return out


# ---------------------------------------------------------------------------- z13 SMT

def smt_answer(text: str) -> CalcAnswer | None:
    if not (_has(r"\bSMT\b|multithreading", text) and _has(r"z13", text)
            and _has(r"how much|gain|more|ETR|ITR|throughput|faster", text)):
        return None
    out = CalcAnswer("zvm_smt", Composer(), rules=["ZVM-001"])
    cites = _cites([zvm_smt.CITE_TABLE2], "zvm_smt")
    pairs = [("z13", "z13-smt", "z13 with SMT over z13 without SMT")]
    if _has(r"zEC12|EC12", text):
        pairs.append(("zEC12", "z13-smt", "z13 with SMT over zEC12"))
    for before, after, label in pairs:
        g = zvm_smt.gain(before, after)
        a, b = zvm_smt.TABLE2[before], zvm_smt.TABLE2[after]
        out.out.say(f"{label}: ETR {fmt(a.etr)} -> {fmt(b.etr)} (+{fmt(g.etr_pct, 1)} %), ITR {fmt(a.itr)} -> "
                    f"{fmt(b.itr)} (+{fmt(g.itr_pct, 1)} %), measured at about 90 % CPU.", *cites)
    return out


RECOGNISERS: tuple[Callable[..., CalcAnswer | None], ...] = (
    vios_answer, lfarea_answer, plarea_answer, sap_instances_answer, clm_answer, hpux_kernel_answer, ame_answer,
    smt_answer,
)


def calculate(text: str, platforms: set[str]) -> CalcAnswer | None:
    """The first calculator whose topic and inputs are in the question, or None."""
    for fn in RECOGNISERS:
        result = fn(text)
        if result is not None:
            return result
    return hpt_answer(text, platforms)


__all__ = ["CalcAnswer", "calculate", "Cite"]
