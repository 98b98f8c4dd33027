"""Calculator answers for SAP on HP-UX Itanium: instances per cores, CLM size, buffer cache and swap.

Calculators: advisor/calculators/sap_instances.py and clm.py (HP KOD slides); buffer cache
and swap are the `buffer_cache_target_gb` / `swap_min_gb` derived values.
"""

from __future__ import annotations

from advisor import linre
from advisor.calculators import clm, sap_instances
from advisor.capabilities import calculators
from advisor.chat.calc.asked import asked, asks_judgement
from advisor.chat.calc.common import CalcAnswer, Calculation, _cites, _has, run
from advisor.chat.numbers import first_float, first_int, fmt, gb, spelled
from advisor.chat.polarity import reaches, stated_verdict
from advisor.chat.reader.quantities import Quantity, quantities
from advisor.chat.reply import Composer, Question

# "how many dialog instances", "SAP instance count", "instances for 40 cores", "instance count for the ERP":
# the number of SAP instances a server should run; never WPAR, LPAR or database instances
INSTANCES_TOPIC = linre.compile(
    # "how many instance of SAP" (non-native English): the singular too
    r"\bhow\s+many\s+(?:[\w/+-]+\s+){0,3}?instances?\b|\bnumber\s+of\s+(?:[\w/+-]+\s+){0,2}?instances?\b"
    r"|\binstances?\s+of\s+SAP\b"
    r"|\binstance\s+count\b|\binstances?\s+(?:should|for|on|with|per|do|to)\b|\bSAP\s+instances?\b"
    r"|\binstances?\s*[:=-]\s*\d|(?:^|[,;:.]\s{0,2}|\s-\s)instances\s*\?",  # "24 cores for sap, instances?"
    linre.I,
)
_NOT_SAP = linre.compile(r"\b(?:WPARs?|LPARs?|DB2|Oracle|JVMs?|containers?|VMs?|guests?|EC2|cloud)\b", linre.I)


def instances_topic(text: str) -> bool:
    return INSTANCES_TOPIC.search(text) is not None and _NOT_SAP.search(text) is None


def sap_instances_answer(text: str) -> CalcAnswer | None:
    running = _running(text)  # "24000 SAPS on the box and 6 instances, ok?": the instances run today name the topic
    if not (instances_topic(text) or (running is not None and _NOT_SAP.search(text) is None)):
        return None
    cores = first_int(r"(\d+)[\s-]*(?:processor\s+)?cores?\b", text, largest=True)  # not "1 per 2 cores"
    saps = first_float(r"(\d[\d,]*)\s*SAPS", text.replace(",", ""))
    if cores is None and saps is None:
        return None
    r = sap_instances.instance_range(cores or 0, saps)
    out = CalcAnswer("sap_instances", Composer(), rules=["HPUX-007"])
    cites = _cites(r.citations, "sap_instances")
    if cores:
        out.out.say(
            f"One SAP instance per 2 to 4 cores: {cores} cores -> {r.min_instances} to {r.max_instances} instances.",
            *cites,
        )
        out.calculations.append(
            Calculation(
                "sap_instances.for_cores",
                {"cores": cores} | ({"instances_running": running} if running is not None else {}),
                f"{r.min_instances} to {r.max_instances}",
                "instances",
                "ceil(cores / 4) to floor(cores / 2)",
                cites,
            )
        )
        span = (r.min_instances, r.max_instances)
        out.verdict = _instances_verdict(running, (cores, "cores"), span, "one per 2 to 4 cores", text, cites)
    if saps:
        out.out.say(
            f"At 1 500 to 2 500 SAPS per instance: {fmt(saps, 0)} SAPS -> {r.min_instances_for_saps} to "
            f"{r.max_instances_for_saps} instances.",
            *cites,
        )
        if out.verdict is None and r.min_instances_for_saps is not None and r.max_instances_for_saps is not None:
            span = (r.min_instances_for_saps, r.max_instances_for_saps)
            out.verdict = _instances_verdict(running, (saps, "SAPS"), span, "1 500 to 2 500 SAPS each", text, cites)
        out.calculations.append(
            Calculation(
                "sap_instances.for_saps",
                {"saps": saps} | ({"instances_running": running} if running is not None and not cores else {}),
                f"{r.min_instances_for_saps} to {r.max_instances_for_saps}",
                "instances",
                "ceil(SAPS / 2500) to floor(SAPS / 1500)",
                cites,
            )
        )
    out.judges_stated = out.verdict is not None
    return out


# "we run 6 sap instances", "one big instance", "just 1 SAP instance": the instances the server runs today (not the
# rule's "1 instance for every 2 cores", not "how many instances")
_RUNNING = linre.compile(
    r"\b(\d{1,3}|one|single|two|three|four|five|six|seven|eight)\s+"
    r"(?:(?:big|bigger|large|larger|huge|giant|fat|small|smaller|SAP|dialog|app(?:lication)?|ABAP)\s+){0,3}"
    r"instances?\b(\s+(?:per|for\s+(?:every|each)|every|each)\b)?",
    linre.I,
)
_COUNT_ASKED = linre.compile(r"\b(?:how\s+many|number\s+of)\s*$", linre.I)
_DISPATCHER = "more, smaller instances keep the dispatcher from becoming the bottleneck"


def _running(text: str) -> int | None:
    """The SAP instances the message says run today ("one big instance", "6 sap instances"), or None."""
    m = next(
        (m for m in _RUNNING.finditer(text) if not m.group(2) and not _COUNT_ASKED.search(text[: m.start()])), None
    )
    if m is None:
        return None
    word = m.group(1).lower()
    return int(word) if word.isdigit() else spelled(word)


def _instances_verdict(
    n: int | None, basis: tuple[float, str], span: tuple[int, int], rule: str, text: str, cites: list
) -> tuple[str, str, list] | None:
    """ "one instance with 120 work processes on 32 cores?": the instances run today against the range the slides give
    for the cores (or the SAPS); "too many?" and "too few?" ask whether it is above or below the range."""
    if n is None:
        return None
    low, high = span
    inside = low <= n <= high
    where = "within" if inside else "below" if n < low else "above"
    plural = "s" if n != 1 else ""
    why = f"{n} instance{plural} for {fmt(basis[0], 0)} {basis[1]} is {where} the {low} to {high} of {rule}"
    if n < low:
        why += f"; {_DISPATCHER}"
    return stated_verdict(inside, text, "range", low=n < low), why, cites


def _clm_sizes(text: str) -> tuple[float | None, float | None]:
    """(SAP shared memory, memory of the cell or server) in GiB: the size nearest "shared memory" is the shared one."""
    _, sizes = quantities(text)
    sizes = [q for q in sizes if q.kind == "size" and not q.ambiguous]
    at = text.lower().find("shared memory")
    if at < 0 or not sizes:
        return None, None
    # "192 GB total, SAP shared memory is 30 GB": the size in the clause that names the shared memory
    start = max(text.rfind(",", 0, at), text.rfind(";", 0, at), text.lower().rfind(" and ", 0, at)) + 1
    ends = [i for i in (text.find(",", at), text.find(";", at), text.lower().find(" and ", at)) if i >= 0]
    end = min(ends) if ends else len(text)
    inside = [q for q in sizes if q.start >= start and q.end <= end]
    if len(inside) == 1:
        shared = inside[0]
    else:
        shared = min(sizes, key=lambda q: min(abs(q.start - at), abs(q.end - at)))
    others = [q for q in sizes if q is not shared]
    return shared.value, (others[0].value if others else None)


# "minimum CLM for kernel + process private data": the 10 % floor alone, without the SAP shared memory
# "CLM at least?", "per the 10% rule": the kernel and process-private floor (the slides' 10 % of memory)
_FLOOR_ASKED = linre.compile(
    r"\b(?:kernel|process[\s-]private|private\s+data|floor|at\s+least|minimum|min)\b"
    r"|\b10\s?%\s(?:rule|guideline|recommendation|floor|minimum)\b",
    linre.I,
)


_SIZE_ASKED = linre.compile(r"\bhow\s+(?:much|big|large)\b.{0,40}\b(?:CLM|cell\s+local\s+memory)\b", linre.I)


def clm_answer(text: str) -> CalcAnswer | None:
    if not _has(r"\bCLM\b|cell local memory", text):
        return None
    shared, memory = _clm_sizes(text)
    if shared is None:
        return _clm_floor(text)
    share = _CLM_SHARE.search(text)  # "15% CLM", "CLM 10% of 192 GB", "cell local memory 25 %"
    given = float(share.group(1) or share.group(2)) if share is not None else None
    shares = [q for q in quantities(text)[1] if q.kind == "percent"]
    if given is None and len(shares) == 1:  # "CLM for ... 40 GB of SAP shared memory. we set 20%": the one share said
        given = shares[0].value
    pct = given or 0.0
    out = CalcAnswer("clm", Composer(), rules=["HPUX-005", "HPUX-004"])
    cites = _cites(clm.CITE, "clm")
    if memory:
        s = clm.clm_sizing(memory, pct, shared)
        out.out.say(
            f"CLM needed: {fmt(clm.KERNEL_FLOOR_PCT, 0)}% of {fmt(memory)} GB for kernel and process-private "
            f"data ({fmt(s.floor_gb)} GB) + {fmt(shared)} GB SAP shared memory = {fmt(s.needed_gb)} GB"
            + (  # the configured CLM only when the question gives it: never a 0% nobody said
                (
                    f"; configured {fmt(s.clm_gb)} GB, short by {fmt(s.shortfall_gb)} GB."
                    if s.shortfall_gb
                    else f"; configured {fmt(s.clm_gb)} GB covers it."
                )
                if given is not None
                else "."
            ),
            *cites,
        )
        out.calculations.append(
            Calculation(
                "clm.needed",
                {"memory_gb": memory, "sap_shared_memory_gb": shared} | ({"clm_pct": pct} if given is not None else {}),
                s.needed_gb,
                "GB",
                f"{fmt(clm.KERNEL_FLOOR_PCT, 0)}% of memory + SAP shared memory",
                cites,
            )
        )
        if given is not None and given <= 100:
            out.verdict = _clm_verdict(s, memory, given, shared, text, cites)
    else:
        out.out.say(
            f"On 11i v3 the CLM should hold the SAP shared memory, {fmt(shared)} GB here, on top of about "
            f"{fmt(clm.KERNEL_FLOOR_PCT, 0)}% of memory for kernel and process-private data: at least "
            f"{fmt(shared)} GB + {fmt(clm.KERNEL_FLOOR_PCT, 0)}% of the memory.",
            *cites,
        )
        out.questions.append(
            Question(
                path="memory_gb",
                question="How much memory does the cell (or server) have, in GiB? Shown by: machinfo.",
                command="machinfo",
                unit="GiB",
                rule_id="HPUX-005",
            )
        )
    return out


def _clm_verdict(
    s: clm.ClmSizing, memory: float, pct: float, shared: float, text: str, cites: list
) -> tuple[str, str, list]:
    """ "CLM 10% of 192 GB, SAP shm 30 GB, enough?": the configured CLM against what the slides want it to hold, the
    kernel share plus the SAP shared memory; a CLM that holds the shared memory alone but not the kernel share on top
    is "it depends" ("too much?" asks the other way round)."""
    have = f"{fmt(pct)}% of {fmt(memory)} GB is {fmt(s.clm_gb)} GB of CLM"
    need = (
        f"{fmt(clm.KERNEL_FLOOR_PCT, 0)}% for kernel and process-private data ({fmt(s.floor_gb)} GB) + "
        f"{fmt(shared)} GB SAP shared memory = {fmt(s.needed_gb)} GB"
    )
    if s.clm_gb >= s.needed_gb:
        return stated_verdict(True, text, "min"), f"{have}, which covers {need}", cites
    if s.clm_gb < shared:
        return (
            stated_verdict(False, text, "min"),
            f"{have}, less than the {fmt(shared)} GB of SAP shared memory alone ({need})",
            cites,
        )
    return (
        "it depends",
        f"{have}: it holds the {fmt(shared)} GB of SAP shared memory, but not the kernel share on top ({need})",
        cites,
    )


def _clm_floor(text: str) -> CalcAnswer | None:
    """The kernel and process-private share of CLM, when that is what is asked and the memory is given; or the CLM a
    share of memory makes ("10% CLM on a 512 GB superdome is how much")."""
    sizes = [q for q in quantities(text)[1] if q.kind == "size" and not q.ambiguous]
    if len(sizes) != 1 or _has(r"shared\s+memory|\bshm\b", text):
        return None
    share = _CLM_SHARE.search(text)
    if share is not None:
        return _clm_share(float(share.group(1) or share.group(2)), sizes[0].value)
    # "CLM at least how much on ...?"; "how much CLM on a 128 GB box?": with no SAP shared memory said, the floor is
    # the part of the CLM the memory alone sizes (the answer says the shared memory comes on top)
    if not (_FLOOR_ASKED.search(asked(text)) or _FLOOR_ASKED.search(text[:400]) or _SIZE_ASKED.search(asked(text))):
        return None
    memory = sizes[0].value
    floor = run(calculators.clm, calculators.ClmInput, memory_gb=memory, clm_pct=0.0, sap_shared_memory_gb=0.0).floor_gb
    out = CalcAnswer("clm", Composer(), rules=["HPUX-005"])
    cites = _cites(clm.CITE, "clm")
    out.out.say(
        f"CLM for kernel and process-private data: {fmt(clm.KERNEL_FLOOR_PCT, 0)}% of {fmt(memory)} GB = "
        f"{fmt(floor)} GB; on 11i v3 the SAP shared memory comes on top of it.",
        *cites,
    )
    out.calculations.append(Calculation("clm.kernel_floor", {"memory_gb": memory}, floor, "GB", "10% of memory", cites))
    return out


_HPUX = r"HP-?UX|superdome|itanium|\brx\d{4}\b|\brx\s+(?:box|server|machine|host)|\b11i\b|\b11\.31\b"
# the buffer cache and swap guidance is HP-UX's alone: a question about it that names no other platform is about HP-UX
_OTHER_PLATFORM = r"\bAIX\b|z/?OS|\bPOWER\d|\bP\d{1,2}\b|\bVIOS\b|\blinux\b|\bz/?VM\b|\bLPAR"


# HP-UX's buffer cache tunables (filecache_max on 11i v3, dbc_max_pct before): the buffer cache the slides size
_CACHE_TUNABLE = linre.compile(r"\b(?:filecache_max|dbc_max_pct)\b", linre.I)
_PCT_TUNABLE = linre.compile(
    r"(\bdbc_(?:max|min)_pct\s{0,2}(?:(?:is|was|at|of|to|set\s+to)\s{1,2}|[=:]\s{0,2}))(\d{1,3})(?:\s{0,2}%)?", linre.I
)


def hpux_kernel_answer(text: str) -> CalcAnswer | None:
    # "dbc_max_pct is 20": the tunable is a percentage of memory, said without its sign
    text = _PCT_TUNABLE.sub(lambda m: f"{m.group(1)}{m.group(2)}%", text)
    if _CACHE_TUNABLE.search(text):  # "filecache_max at 5% on a 64 GB server": the buffer cache, on HP-UX
        text = _CACHE_TUNABLE.sub("hp-ux buffer cache", text)
    hpux = _has(_HPUX, text) or (_has(r"buffer cache|\bswap\b", text) and not _has(_OTHER_PLATFORM, text))
    if not (hpux and _has(r"buffer cache|swap", text)):
        return None
    memory = first_float(r"(\d+(?:\.\d+)?)\s*GB\s+(?:of\s+)?(?:RAM|memory|physical memory)\b", text)
    if memory is None:  # "an hp-ux server with 128 GB": the server's size, unless it is the swap
        memory = first_float(
            r"\b(?:with|has|having|of)\s+(\d+(?:\.\d+)?)\s*GB\b(?:\s+(?:of\s+)?(?:RAM|memory))?$", text
        )
        if memory is None and not _has(r"\d\s*GB\s+(?:of\s+)?swap", text):
            memory = first_float(r"\b(?:with|has|having)\s+(\d+(?:\.\d+)?)\s*GB\b", text)
        if memory is None:  # "a 64 GB hpux box", "a 256GB superdome": the size of the machine it names
            memory = first_float(
                r"(\d+(?:\.\d+)?)\s*GB\s+(?:[\w-]+\s+){0,2}?(?:box|server|system|machine|host|superdome|partition|"
                r"npar|vpar|lpar|rx\d{4}|hp-?ux)\b",
                text,
            )
    if memory is None:  # "3% buffer cache of 96 gigs?": the one size that is not the swap
        sizes = [q for q in quantities(text)[1] if q.kind == "size" and not q.ambiguous]
        mem = [q for q in sizes if not swap_size(text, q)]
        cache = _cache_size(text) if len(mem) == 2 and _has(r"buffer cache", text) else None
        if cache is not None:  # "buffer cache 4 GB out of 128 GB": the other size is the memory
            mem = [q for q in mem if q.value != cache]
        memory = mem[0].value if len(mem) == 1 else None
    if memory is None:
        return _buffer_cache_share(text)
    share = first_float(r"(\d+(?:\.\d+)?)\s*%", text) if _has(r"buffer cache", text) else None
    cache_gb = _cache_size(text) if share is None and _has(r"buffer cache", text) else None
    if cache_gb is not None and memory:  # "buffer cache is at 8 GB" on 160 GB: its share of memory
        share = round(100 * cache_gb / memory, 4)
    configured = first_float(r"(\d+(?:\.\d+)?)\s*GB\s+(?:of\s+)?swap\b", text) or first_float(
        r"\bswap\s+(?:space\s+)?(?:of\s+|is\s+|=\s*)?(\d+(?:\.\d+)?)\s*GB\b", text
    )
    k = run(
        calculators.hpux_kernel,
        calculators.HpuxKernelInput,
        memory_gb=memory,
        swap_gb=configured if _has(r"swap", text) else None,
        buffer_cache_pct=share,
    )
    out = CalcAnswer("hpux_kernel", Composer(), rules=["HPUX-011", "HPUX-012"])
    cites = _cites(k.citations, "hpux_kernel")
    if _has(r"buffer cache", text):
        out.out.say(f"Buffer cache: 3% of {fmt(memory)} GB = {fmt(k.buffer_cache_max_gb)} GB at most.", *cites)
        out.calculations.append(
            Calculation(
                "hpux.buffer_cache_max",
                {"memory_gb": memory}
                | ({"buffer_cache_pct": share} if share is not None else {})
                | ({"buffer_cache_gb": cache_gb} if cache_gb is not None else {}),
                k.buffer_cache_max_gb,
                "GB",
                k.formulas["buffer_cache_max_gb"],
                cites,
            )
        )
    # "buffer cache at 5% on a 64GB box - ok?", "... - concern?"
    if k.buffer_cache_within is not None and (_JUDGED.search(text) or asks_judgement(text)):
        out.verdict = (
            stated_verdict(k.buffer_cache_within, text, "max"),
            "a buffer cache of "
            + (f"{fmt(cache_gb)} GB ({fmt(share or 0)}% of memory)" if cache_gb is not None else f"{fmt(share or 0)}%")
            + f" is {'within' if k.buffer_cache_within else 'above'} the 3% the slides call more than enough for SAP",
            cites,
        )
    if _has(r"swap", text):
        word = reaches(k.swap_enough, text) if k.swap_enough is not None else None
        if word is not None:
            out.verdict = (
                word,
                f"SAP on HP-UX needs swap of at least twice the memory: {fmt(configured or 0)} GB "
                f"{'covers' if k.swap_enough else 'is less than'} 2 x {fmt(memory)} GB = {fmt(k.swap_min_gb)} GB",
                cites,
            )
        out.out.say(f"Swap: at least twice the memory, 2 x {fmt(memory)} GB = {gb(k.swap_min_gb)}.", *cites)
        out.calculations.append(
            Calculation(
                "hpux.swap_min",
                {"memory_gb": memory} | ({"swap_gb": configured} if configured is not None else {}),
                k.swap_min_gb,
                "GB",
                k.formulas["swap_min_gb"],
                cites,
            )
        )
    return out if not out.out.empty else None


# "10% CLM", "25 % of memory as CLM", "clm at 12%": the share of memory configured as CLM
_CLM_SHARE = linre.compile(
    r"(\d{1,3}(?:\.\d+)?)\s*%\s*(?:of\s+(?:the\s+)?(?:memory|ram)\s+)?(?:as\s+)?(?:CLM|cell\s+local)"
    r"|\b(?:CLM|cell\s+local\s+memory)\s*(?:(?:at|of|is|=|:)\s*)?(\d{1,3}(?:\.\d+)?)\s*%",  # "clm 10% of 512G"
    linre.I,
)


def _clm_share(pct: float, memory: float) -> CalcAnswer | None:
    """The CLM a share of memory makes, against the 10% the kernel and process-private data take."""
    if pct > 100:
        return None
    s = run(calculators.clm, calculators.ClmInput, memory_gb=memory, clm_pct=pct, sap_shared_memory_gb=0.0)
    out = CalcAnswer("clm", Composer(), rules=["HPUX-005"])
    cites = _cites(s.citations, "clm")
    out.out.say(
        f"{fmt(pct)}% of {fmt(memory)} GB as CLM = {fmt(s.clm_gb)} GB; the kernel and process-private data take about "
        f"{fmt(clm.KERNEL_FLOOR_PCT, 0)}% ({fmt(s.floor_gb)} GB), and on 11i v3 the SAP shared memory comes on top.",
        *cites,
    )
    out.calculations.append(
        Calculation("clm.configured", {"memory_gb": memory, "clm_pct": pct}, s.clm_gb, "GB", "CLM % x memory", cites)
    )
    return out


# "too much?", "oversized?": the question asks whether it is above the guideline, so yes means above
_JUDGED = linre.compile(
    r"\b(?:ok|okay|fine|enough|too\s+(?:big|much|high|large)|right|good|sane|reasonable|acceptable|should|wise)\b",
    linre.I,
)
# "buffer cache is at 8 GB", "8 GB of buffer cache", "buffer cache = 8G": the size configured today
_CACHE_BEFORE = linre.compile(
    r"\bbuffer\s+cache\s*(?:size\s*)?(?:(?:is|are|was|of|currently|now|today|at|sits|stands|runs|shows|reads|grew|grows|"
    r"set\s+to|configured\s+(?:at|to))\s+|[=:]\s*){0,3}$",
    linre.I,
)
_CACHE_AFTER = linre.compile(r"\s*(?:of\s+)?buffer\s+cache\b", linre.I)


def _cache_size(text: str) -> float | None:
    """The buffer cache size the message says is configured, in GB (one size only)."""
    sizes = [q for q in quantities(text)[1] if q.kind == "size" and not q.ambiguous]
    said = [
        q
        for q in sizes
        if _CACHE_AFTER.match(text, q.end) or _CACHE_BEFORE.search(text[max(0, q.start - 30) : q.start])
    ]
    return said[0].value if len(said) == 1 else None


_SWAP_AFTER = linre.compile(r"\s*(?:of\s+)?(?:swap|paging)", linre.I)
_SWAP_BEFORE = linre.compile(r"\b(?:swap|paging)(?:\s+space)?\s*(?:of|is|=|:|at)?\s*$", linre.I)


def swap_size(text: str, q: Quantity) -> bool:
    """Whether the size is the swap configured ("128 GB swap", "swap is 64 GB"), not the server's memory."""
    return _SWAP_AFTER.match(text, q.end) is not None or _SWAP_BEFORE.search(text[: q.start]) is not None


def _buffer_cache_share(text: str) -> CalcAnswer | None:
    """ "buffer cache at 10% of RAM, ok for SAP?": the share against the 3% the slides call enough, no memory needed."""
    share = first_float(r"(\d+(?:\.\d+)?)\s*%", text) if _has(r"buffer cache", text) else None
    if share is None:
        return None
    out = CalcAnswer("hpux_kernel", Composer(), rules=["HPUX-011"])
    cites = _cites(calculators.buffer_cache_citations(), "hpux_kernel")
    within = share <= calculators.BUFFER_CACHE_PCT
    why = (
        f"a buffer cache of {fmt(share)}% of memory is {'within' if within else 'above'} the "
        f"{fmt(calculators.BUFFER_CACHE_PCT, 0)}% the slides call more than enough for SAP"
    )
    out.out.say(f"Buffer cache: {why}; what is above it takes memory from SAP and the database.", *cites)
    out.verdict = (stated_verdict(within, text, "max"), why, cites)
    return out
