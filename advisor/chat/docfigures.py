"""The figures the sources define, derived from a document's own fields, per document kind.

One table (FIGURES) says, for each kind, which derived values (advisor/derive) are figures an admin reasons with
(AME expanded memory = true memory x factor, CLM in GB = clm_pct x memory, the LFAREA request against its limit,
the VIOS memory Redbook 3.5.2 asks for from the adapters, SAP instances for the cores, swap and buffer cache, the
hypervisor page table), how people name them, how they are computed, and the figure each is held against (a need
or a limit). Two uses:

* a what-if states the figures its change moves, before -> after, each beside the figure it is held against
  (`moved`), and for a new expansion factor the true memory that keeps the expanded memory as it was;
* a question about one of them after the document changed ("expanded memory now?", "fits now?", "memory
  requirement for its adapters?") is answered from the session's current document, with the value as given when
  the what-ifs moved it, and a yes/no when it asks whether the figure holds against its need or limit (`asked`).

Every line is cited by the derivation that computes the figure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from advisor import derive, linre
from advisor.chat.fieldwords import meaning
from advisor.chat.intents import recognise
from advisor.chat.numbers import fmt
from advisor.chat.reader import Reading
from advisor.chat.reply import ChatReply, Composer, Verdict, from_out, resolve
from advisor.chat.state import ChatState
from advisor.chat.wording import document_changes
from advisor.documents.io import validate_document
from advisor.review import units_of

if TYPE_CHECKING:
    from advisor.chat.engine import ChatEngine


@dataclass(frozen=True)
class Figure:
    name: str  # the derived value (advisor/derive)
    kinds: tuple[str, ...]
    label: str
    formula: str  # how it is computed, in words
    asked: str = ""  # how people name it (a regex, searched case-insensitively); empty: never asked by itself
    against: str = ""  # the derived value it is held against
    holds: str = ""  # ">=": the figure must reach `against` (a need); "<=": stay within it (a limit)
    shown: bool = True  # stated in a what-if when its change moves it
    cite_as: str = ""  # a document field (not a derived value): the derived value whose citations it goes by
    ceiling: str = ""  # with holds ">=": the derived value it must also stay within (SAP instances: 2 to 4 cores each)


_AIX = ("aix-lpar",)
_PEAK = "workload.peak.virtual_memory_gb"  # the workload's need AME's memory is held against (AME-012)
FIGURES: tuple[Figure, ...] = (
    Figure(
        "expanded_memory_gb",
        _AIX,
        "expanded memory",
        "true memory x expansion factor",
        r"\bexpanded\b|\bexp\w*\s+mem|\bmem\w*\s+(?:the\s+)?(?:lpar|aix|os|apps?|it|partition)\s+(?:sees|gets|has)|"
        r"\b(?:lpar|aix|os|partition)\s+sees?\s+(?:as\s+)?mem",
        against=_PEAK,
        holds=">=",
    ),
    Figure(
        "virtual_memory_limit_gb",
        _AIX,
        "virtual memory limit (expanded memory + paging space)",
        "expanded memory + paging space",
        r"\bvirtual\s+mem\w*\s+limit|\bbefore\s+(?:aix\s+)?(?:starts\s+)?kill",
        against=_PEAK,
        holds=">=",
    ),
    Figure(
        _PEAK,
        _AIX,
        "peak virtual memory of the workload",
        "as measured at the peak",
        r"\bpeak\b|\bworkload\s+(?:needs?|uses?)",
        shown=False,
        cite_as="virtual_memory_limit_gb",
    ),
    Figure(
        "ame.expansion_factor",
        _AIX,
        "expansion factor",
        "as set in the profile",
        r"\bfactor\b",
        shown=False,
        cite_as="expanded_memory_gb",
    ),
    Figure(
        "memory.desired_gb",
        _AIX,
        "true memory",
        "the partition's desired memory",
        r"\btrue\s+mem|\breal\s+mem|\bphysical\s+mem|\bdesired\s+mem",
        shown=False,
        cite_as="expanded_memory_gb",
    ),
    Figure(
        "ame_memory_gain_pct",
        _AIX,
        "memory gain over true memory",
        "(expansion factor - 1) x 100",
        r"\bgain\b|\bhow\s+much\s+(?:more|extra)\s+mem",
        shown=False,
    ),
    Figure(
        "ame_true_memory_for_2_8_gb",
        _AIX,
        "true memory that keeps the expanded memory at factor 2.8 (top of the guide's range for SAP ABAP)",
        "expanded memory / 2.8",
        r"\b2\.8\b",
        shown=False,
    ),
    Figure(
        "ame_true_memory_for_2_0_gb",
        _AIX,
        "true memory that keeps the expanded memory at factor 2.0 (bottom of the guide's range for SAP ABAP)",
        "expanded memory / 2.0",
        r"\b(?:factor|at)\s+2(?:\.0)?\b|\b2\.0\b",
        shown=False,
    ),
    Figure(
        "hpt_mb",
        ("aix-lpar", "managed-system"),
        "hypervisor page table",
        "maximum memory / the HPT divisor (Redbook 3.1, Example 3-1)",
        r"\bhpt\b|\bhypervisor\s+page\s+table|\bpage\s+table",
    ),
    Figure(
        "vios_memory_mb",
        ("vios",),
        "VIOS memory",
        "memory_gb x 1024",
        r"\bvios\s+(?:has|gets|memory)\b|\bmemory\s+(?:it\s+)?has\b",
        against="vios_required_memory_mb",
        holds=">=",
    ),
    Figure(
        "vios_required_memory_mb",
        ("vios",),
        "VIOS memory the guideline asks for",
        "the larger of 2 GB per 16 cores and 768 MB plus the adapter increments",
        r"\b(?:need|needs|needed|require\w*|ask\w*\s+for|guideline|minimum)\b",
    ),
    Figure(
        "vios_memory_adapters_mb",
        ("vios",),
        "memory for its adapters (768 MB plus the per-adapter increments)",
        "768 MB + 512 per LHEA + 102 per LHEA port + 102 per 1 Gb port + 512 per 10 Gb port + 512 per 8 Gb FC port "
        "+ 140 per NPIV adapter + 16 per virtual Ethernet adapter",
        r"\badapter|\bports?\b|\bnpiv\b",
        shown=False,
    ),
    Figure(
        "vios_memory_to_add_mb",
        ("vios",),
        "memory to add to meet the guideline",
        "the memory the guideline asks for - the memory assigned",
        r"\badd\b|\bmissing\b|\bshort\s+(?:by|of)\b|\bhow\s+much\s+more\b",
        shown=False,
    ),
    Figure(
        "vios_memory_base_mb",
        ("vios",),
        "base memory for the machine's cores (2 GB per 16 cores)",
        "2 GB per 16 cores of the machine",
        r"\bbase\b|\bper\s+16\s+cores|\bfor\s+the\s+cores",
        shown=False,
    ),
    Figure(
        "clm_gb",
        ("hpux-server",),
        "cell local memory (CLM)",
        "clm_pct x memory",
        r"\bclm\b|\bcell\s+local",
        against="clm_needed_gb",
        holds=">=",
    ),
    Figure(
        "clm_needed_gb",
        ("hpux-server",),
        "CLM needed (SAP shared memory + 10% of memory)",
        "SAP shared memory + 10% of memory",
        r"\bclm\s+(?:is\s+)?need|\bneed\w*\s+(?:for\s+)?(?:the\s+)?(?:clm|sap\s+sh)|\bhold\s+(?:the\s+)?sap|"
        r"\bsap\s+(?:shm|shared\s+mem)",
    ),
    Figure(
        "swap_min_gb",
        ("hpux-server",),
        "swap needed (2 x memory)",
        "2 x memory",
        r"\bswap\b",
    ),
    Figure(
        "buffer_cache_max_gb",
        ("hpux-server",),
        "largest buffer cache",
        "buffer_cache_max_pct x memory",
        r"\bbuffer\s+cache|\bdbc_max|\bfilecache",
        against="buffer_cache_target_gb",
    ),
    Figure(
        "buffer_cache_target_gb",
        ("hpux-server",),
        "buffer cache the slides call more than sufficient (3% of memory)",
        "3% x memory",
        # "buffer cache limit then?", "what should the buffer cache cap be": the 3% the slides size it to
        r"\bbuffer\s+cache\s+(?:limit|cap|ceiling|target|recommend\w*|should)"
        r"|\b(?:limit|cap|ceiling|target)\s+(?:for|of|on)\s+(?:the\s+)?buffer\s+cache",
        shown=False,
    ),
    Figure(
        "saps_per_instance",
        ("hpux-server",),
        "SAPS per SAP instance",
        "sized SAPS / SAP instances",
        r"\bsaps\b",
        shown=False,
    ),
    Figure(
        "sap_instance_count",
        ("hpux-server",),
        "SAP instances",
        "the instances the document lists",
        r"\binstances?\b",
        against="sap_instances_min",
        holds=">=",
        ceiling="sap_instances_max",
    ),
    Figure(
        "sap_instances_min",
        ("hpux-server",),
        "fewest SAP instances for the cores (one per at most 4 cores)",
        "SAP cores / 4, rounded up",
        r"\binstances?\b",
    ),
    Figure(
        "sap_instances_max",
        ("hpux-server",),
        "most SAP instances for the cores (one per at least 2 cores)",
        "SAP cores / 2",
        r"\binstances?\b",
    ),
    Figure(
        "lfarea_requested_gb",
        ("zos-lpar",),
        "LFAREA request",
        "the 1M= and 2G= targets added up",
        r"\bask\w*\s+for|\brequest\w*|\bstatement\b",
        against="lfarea_limit_gb",
        holds="<=",
    ),
    Figure(
        "lfarea_reserved_gb",
        ("zos-lpar",),
        "large pages IPL reserves",
        "what IPL reserves for the request within the limit",
        r"\breserv\w*|\bset\s+aside|\blarge\s+(?:frames?|pages?)\s+(?:do\s+)?(?:we|i)\s+get",
        against="lfarea_limit_gb",
        holds="<=",
    ),
    Figure(
        "lfarea_reserved_1m_gb",
        ("zos-lpar",),
        "fixed 1 MB pages IPL reserves",
        "the 1M= request within the limit",
        r"\b1\s?m(?:b)?\s+(?:large\s+)?(?:pages?|frames?)|\b1m=",
        shown=False,
    ),
    Figure(
        "lfarea_reserved_2g_gb",
        ("zos-lpar",),
        "2 GB pages IPL reserves",
        "the 2G= request within the limit",
        r"\b2\s?g(?:b)?\s+(?:large\s+)?(?:pages?|frames?)|\b2g=",
        shown=False,
    ),
    Figure(
        "lfarea_limit_gb",
        ("zos-lpar",),
        "LFAREA limit",
        "80% x (online storage - 4 GB) in the new form, 80% x online storage - 2 GB in the old form",
        r"\blimit\b|\bmax\w*\s+(?:lfarea|large)",
    ),
    Figure(
        "shared_ec_sum",
        ("managed-system",),
        "sum of entitled capacity of the shared partitions",
        "the entitled capacities of the shared-processor partitions added up",
        r"\bentitle\w*|\b(?:sum|total)\s+(?:of\s+)?ec\b",
        against="pool_cores",
        holds="<=",
    ),
)
BY_NAME = {f.name: f for f in FIGURES}

# "fits now?", "enough now?", "still short?": whether the figures hold against their need or limit
FIT = linre.compile(
    r"\b(?:fits?|fitting|enough|sufficient|short|over|under|within|exceed\w*|too\s+(?:small|big|much|little)|"
    r"cover(?:s|ed)?|hold(?:s)?|handle(?:s|d)?|(?:head)?room|space\s+for|prompts?|prompting|"
    r"ok|okay|fine|good|valid|clean|pass\w*)\b",
    linre.IGNORECASE,
)
# with no figure named, only words of size ask whether the figures fit ("is it fine now?" may be about a finding)
SIZE_FIT = linre.compile(
    r"\b(?:fits?|fitting|enough|sufficient|short|over|under|within|exceed\w*|too\s+(?:small|big|much|little)|"
    r"cover(?:s|ed)?|holds?|big\s+enough|large\s+enough|(?:head)?room|space\s+for|prompts?|prompting)\b",
    linre.IGNORECASE,
)
# asked the other way round: "still short?", "over the limit?", "would IPL still prompt?" (it prompts when over)
NEGATIVE_FIT = linre.compile(
    r"\b(?:short|over|exceed\w*|too\s+(?:small|big|much|little)|prompts?|prompting)\b", linre.IGNORECASE
)


def _value(value: object) -> float | None:
    """A figure of the derivations as a number; None for one that is absent, a flag or a text."""
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _cites(name: str):
    name = BY_NAME[name].cite_as or name if name in BY_NAME else name
    return [resolve(c, f"derived:{name}") for c in derive.everything()[name].citations]


def _known(name: str) -> bool:
    """A figure this module can compute: a derived value, or a document field standing in for one."""
    return name in derive.everything() or bool(name in BY_NAME and BY_NAME[name].cite_as)


def _unit(name: str) -> str:
    table = derive.everything()
    unit = table[name].unit if name in table else ("GB" if name.endswith("_gb") else None)
    return f" {unit}" if unit and unit not in ("count",) else ""


def holds(figure: Figure, values: dict) -> bool | None:
    """Whether the figure reaches its need or stays within its limit; None when either is unknown."""
    have, bound = _value(values.get(figure.name)), _value(values.get(figure.against))
    if have is None or bound is None or not figure.holds:
        return None
    top = _value(values.get(figure.ceiling)) if figure.ceiling else None
    return (have >= bound and (top is None or have <= top)) if figure.holds == ">=" else have <= bound


def _standing(figure: Figure, values: dict) -> str:
    """ ", within the 9.6 GB LFAREA limit", ", 796 MB short of the 6940 MB ..." for a figure with a need or limit."""
    ok = holds(figure, values)
    if ok is None:
        return ""
    have, bound = _value(values[figure.name]) or 0.0, _value(values[figure.against]) or 0.0
    what = BY_NAME[figure.against].label if figure.against in BY_NAME else figure.against.replace("_", " ")
    unit = _unit(figure.name)
    top = _value(values.get(figure.ceiling)) if figure.ceiling else None
    if top is not None and have > top:
        top_what = BY_NAME[figure.ceiling].label if figure.ceiling in BY_NAME else figure.ceiling.replace("_", " ")
        return f", {fmt(have - top)}{unit} over the {fmt(top)}{unit} {top_what}"
    if figure.holds == ">=":
        return (
            f", which meets the {fmt(bound)}{unit} {what}"
            if ok
            else f", {fmt(bound - have)}{unit} short of the {fmt(bound)}{unit} {what}"
        )
    return (
        f", within the {fmt(bound)}{unit} {what}"
        if ok
        else f", {fmt(have - bound)}{unit} over the {fmt(bound)}{unit} {what}"
    )


def _values(kind: str, model) -> dict:
    """The derived values of a unit, with the document fields the figures are held against."""
    values = dict(derive.compute(kind, model).values)
    for f in FIGURES:
        if f.cite_as and kind in f.kinds:
            value: object = model
            for part in f.name.split("."):
                value = getattr(value, part, None)
            values[f.name] = value
    return values


def moved(before, after, out: Composer, undone: bool = False) -> None:
    """Each figure of the document that the change moves, before -> after, beside the figure it is held against
    (the limit or need shown too when only it moved), cited by the derivation that computes it (`undone`: a change
    taken back, for which what would keep the figures as they were is not asked)."""
    if before is None or after is None or getattr(before, "kind", None) != getattr(after, "kind", None):
        return
    units = {u.path: u for u in units_of(before)}
    pairs = [(units[v.path], v) for v in units_of(after) if v.path in units and units[v.path].kind == v.kind]
    for u, v in pairs:  # a frame's partitions each with their own figures ("vioA: VIOS memory ...: 12640 -> 9840")
        where = f"{v.target}: " if len(pairs) > 1 and v.path != "$" else ""
        _unit_figures(v.kind, u.model, v.model, where, out, undone)


def fit_moved(before, after, target: str | None = None) -> Asked | None:
    """Whether the figure a change moves still meets its need or stays within its limit ("what if 1M goes to
    80%?": the LFAREA request against its limit), as a verdict cited by the figure's derivation; the first such
    figure of the unit the change moved (the partition `target` first on a frame); None when the change moves no
    figure that has a need or limit."""
    if before is None or after is None or getattr(before, "kind", None) != getattr(after, "kind", None):
        return None
    units = {u.path: u for u in units_of(before)}
    pairs = [(units[v.path], v) for v in units_of(after) if v.path in units and units[v.path].kind == v.kind]
    pairs.sort(key=lambda p: p[1].target != target)
    for u, v in pairs:
        was, now = _values(v.kind, u.model), _values(v.kind, v.model)
        for f in FIGURES:
            if v.kind not in f.kinds or not f.holds or not _known(f.name):
                continue
            ok = holds(f, now)
            if ok is None or (now.get(f.name) == was.get(f.name) and now.get(f.against) == was.get(f.against)):
                continue
            out = Composer()
            figure = f"{fmt(_value(now[f.name]) or 0.0)}{_unit(f.name)}"
            said = f"{f.label[0].upper()}{f.label[1:]}: {figure}{_standing(f, now)}."
            out.say(said, *_cites(f.name))
            return Asked(out, Verdict(answer="yes" if ok else "no", because=said, citations=[1]))
    return None


def _unit_figures(kind: str, before, after, where: str, out: Composer, undone: bool = False) -> None:
    was, now = _values(kind, before), _values(kind, after)
    figures = [f for f in FIGURES if kind in f.kinds and _known(f.name)]
    changed = {f.name for f in figures if _value(now.get(f.name)) is not None and now.get(f.name) != was.get(f.name)}
    if not changed and not undone:  # "AIX 7.1 TL1 -> TL2": the kind's main figure, said to stand as it was
        main = next((f for f in figures if f.against and f.holds and _value(now.get(f.name)) is not None), None)
        if main is not None:
            unit = _unit(main.name)
            label = f"{where}{main.label}" if where else f"{main.label[0].upper()}{main.label[1:]}"
            said = f"{fmt(_value(now[main.name]) or 0.0)}{unit}{_in_gb(_value(now[main.name]), unit)}"
            out.say(f"{label}: {said} (unchanged){_standing(main, now)}.", *_cites(main.name))
        return
    # a figure with a need or limit is shown when either side moved, and the other side beside it
    paired = {f.name for f in figures if f.against and (f.name in changed or f.against in changed)}
    paired |= {n for f in figures if f.name in paired for n in (f.against, f.ceiling) if n}
    for f in figures:
        a, b = _value(was.get(f.name)), _value(now.get(f.name))
        if b is None or not ((f.shown and f.name in changed) or f.name in paired):
            continue
        unit = _unit(f.name)
        if a == b:
            shown = f"{fmt(b)}{unit}{_in_gb(b, unit)} (unchanged)"
        elif a is not None:
            shown = f"{fmt(a)} -> {fmt(b)}{unit}{_in_gb(b, unit)}"
        else:
            shown = f"{fmt(b)}{unit}{_in_gb(b, unit)} (not computable before)"
        if f.name == "vios_required_memory_mb":
            shown += _vios_sum(was, now)
        label = f"{where}{f.label}" if where else f"{f.label[0].upper()}{f.label[1:]}"
        out.say(f"{label}: {shown}{_standing(f, now)}.", *_cites(f.name))
    if not undone:
        _keep_expanded(kind, before, after, was, now, where, out)


def _in_gb(value: float | None, unit: str) -> str:
    """ " (16 GB)" beside a figure of whole GB given in MB (16384 MB), as admins size memory in GB; empty otherwise."""
    if unit.strip() != "MB" or value is None or value < 1024 or value % 1024:
        return ""
    return f" ({fmt(value / 1024)} GB)"


def _keep_expanded(kind: str, before, after, was: dict, now: dict, where: str, out: Composer) -> None:
    """A new expansion factor: the true memory that keeps the expanded memory as it was (expanded / factor)."""
    if kind != "aix-lpar":
        return
    f0, f1 = _factor(before), _factor(after)
    expanded = _value(was.get("expanded_memory_gb"))
    if f0 is None or f1 is None or f0 == f1 or expanded is None or f1 <= 0:
        return
    true_now = _value(getattr(getattr(after, "memory", None), "desired_gb", None))
    has = "" if true_now is None else f"; the document now has {fmt(true_now)} GB"
    keep = fmt(round(expanded / f1, 2))
    said = (
        f"{where}Keeping the {fmt(expanded)} GB of expanded memory at factor {fmt(f1)} takes {keep} GB of true "
        f"memory (expanded memory / factor){has}."
    )
    out.say(said, *_cites("expanded_memory_gb"))


def _factor(model) -> float | None:
    ame = getattr(model, "ame", None)
    if ame is None or not getattr(ame, "enabled", False):
        return None
    return _value(getattr(ame, "expansion_factor", None))


def _vios_sum(was: dict, now: dict) -> str:
    """Redbook 3.5.2's two VIOS memory guidelines added together, beside the larger the rule takes: the section
    never says how they combine, and some readers add them (the chat's calculator says the same)."""
    parts = ("vios_memory_base_mb", "vios_memory_adapters_mb")
    after_parts, before_parts = [_value(now.get(p)) for p in parts], [_value(was.get(p)) for p in parts]
    if None in after_parts:
        return ""
    after = sum(v or 0.0 for v in after_parts)
    before = None if None in before_parts else sum(v or 0.0 for v in before_parts)
    figure = f"{fmt(after)} MB" if before is None or before == after else f"{fmt(before)} -> {fmt(after)} MB"
    return f" (Redbook 3.5.2 does not say how its two guidelines combine; added together: {figure})"


@dataclass
class Asked:
    """The answer to a figure asked of the session's document: its lines, and a verdict when the question asked
    whether the figure holds against its need or limit."""

    out: Composer
    verdict: Verdict | None


def asked(
    text: str, model, original, target: str | None = None, last=None, sized: bool = False, every: bool = False
) -> Asked | None:
    """ "expanded memory now?", "fits now?", "memory requirement for its adapters?": the figures the words name (or,
    for a bare "fits?" / "enough?", the kind's figures that have a need or limit), computed from the session's
    current document, with the value as given when it differs; None when the words name no figure of this
    document's kind. On a managed system, the partition `target` (the one the conversation is on), then the frame
    (for the figures named, or when the partition has none).
    "how many GB is that?", naming none, asks for the figures the last change (from `last`) moved. `sized`: the
    words carry a size ("still ok with 8 gb?"), so a bare "ok" asks whether the sizes fit. `every`: "what are the
    values now?", every figure a what-if states."""
    if model is None:
        return None
    given_units = {u.path: u for u in units_of(original)} if original is not None else {}
    last_units = {u.path: u for u in units_of(last)} if last is not None and _THAT.search(text) else {}
    units = units_of(model)
    if len(units) > 1:
        units = [u for u in units if u.target == target and u.path != "$"] + [u for u in units if u.path == "$"]
    out, verdict_of = Composer(), []
    fit = bool(FIT.search(text))
    for unit in units:
        if unit.path == "$" and len(units) > 1 and not out.empty:
            fit = False  # the partition answered "fits?"; the frame adds only the figures the words name
        figures = [f for f in FIGURES if unit.kind in f.kinds and _known(f.name)]
        named = [f for f in figures if (f.shown if every else f.asked and linre.search(f.asked, text, linre.I))]
        if fit:  # "big enough to hold the SAP shm?": the figure held against the need or limit the words name
            names = {f.name for f in named}
            named = [f for f in figures if f.against in names and f.holds and f not in named] + named
        if not named and fit and (sized or SIZE_FIT.search(text)):
            named = [f for f in figures if f.against and f.holds]
        now = _values(unit.kind, unit.model)
        before = last_units.get(unit.path)
        if not named and before is not None and before.kind == unit.kind:  # "how many GB is that?"
            was = _values(unit.kind, before.model)
            named = [f for f in figures if f.shown and _value(now.get(f.name)) not in (None, _value(was.get(f.name)))]
        if not named:
            continue
        was_unit = given_units.get(unit.path)
        given = _values(unit.kind, was_unit.model) if was_unit is not None and was_unit.kind == unit.kind else {}
        where = f"{unit.target}: " if len(units_of(model)) > 1 else ""
        said: set[str] = set()
        for f in named:
            if _value(now.get(f.name)) is None:
                continue
            for g in [f, *[BY_NAME[n] for n in (f.against, f.ceiling) if n in BY_NAME]]:
                if g.name in said or _value(now.get(g.name)) is None:
                    continue
                said.add(g.name)
                b, a = _value(now.get(g.name)) or 0.0, _value(given.get(g.name))
                unit_s = _unit(g.name)
                as_given = f" (as given: {fmt(a)}{unit_s})" if a is not None and a != b else ""
                label = f"{where}{g.label}" if where else f"{g.label[0].upper()}{g.label[1:]}"
                shown = f"{fmt(b)}{unit_s}{_in_gb(b, unit_s)}"  # "8192 MB (8 GB)", as admins size memory
                out.say(f"{label}, now: {shown}{as_given} ({g.formula}){_standing(g, now)}.", *_cites(g.name))
            ok = holds(f, now)
            if ok is not None and fit:
                verdict_of.append((f, ok, now))
    if out.empty:
        return None
    verdict = None
    if verdict_of:
        f, ok, now = verdict_of[0]
        yes = ok != bool(NEGATIVE_FIT.search(text))
        citations = [i + 1 for i, c in enumerate(out.citations) if c.ref == f"derived:{f.name}"][:2] or [1]
        verdict = Verdict(
            answer="yes" if yes else "no",
            because=f"{f.label[0].upper()}{f.label[1:]}: {fmt(_value(now[f.name]) or 0.0)}{_unit(f.name)}"
            f"{_standing(f, now)}.",
            citations=citations,
        )
    return Asked(out, verdict)


ASKED = "document-figures"  # Subject.calculator of an answer from the document's figures (what "and at 30%?" varies)
_THAT = linre.compile(r"\b(?:that|this|it)\b", linre.IGNORECASE)
# "now?", "with that?", "after the change", "does that give": a question about the document as the what-ifs left it
_AFTER_CHANGE = linre.compile(
    r"\b(?:now|then|anymore|still|with\s+(?:that|this|it)|after\s+(?:that|this|it|the\s+change|the\s+what.?if)|"
    r"(?:does|would|will)\s+(?:that|this|it)\s+give|that\s+gives?)\b",
    linre.IGNORECASE,
)
# a value asked ("how much", "what ... is", a short "expanded memory?"), not how a thing works or why
_VALUE = linre.compile(
    r"\bhow\s+(?:much|many|big|large)\b|\bwhat(?:'s|\s+is|\s+are|\s+does|\s+would|\s+will)?\b|\bsize\b|\?\s*$",
    linre.IGNORECASE,
)
_NOT_A_VALUE = linre.compile(
    r"\bwhy\b|\bexplain\b|\bhow\s+(?:does|do|is|are|can|to)\b|\bmean(?:s|ing)?\b|\bcommand|\bwhich\s+rule|"
    r"\brecommend\w*|\badvi[cs]e\w*|\bsuggest\w*|\bbest\s+practice",
    linre.IGNORECASE,
)


# "what are the values now?", "values now?", "whats the values", "show me the figures", "where do we stand": the
# document as it stands
VALUES_NOW = linre.compile(
    r"\b(?:what(?:'s|s|\s+is|\s+are|\s+r)|show(?:\s+me)?|list|give\s+me|tell\s+me)\s+(?:the\s+|all\s+(?:the\s+)?)?"
    r"(?:current\s+|new\s+|resulting\s+)?(?:values|figures|numbers|settings)\b|"
    r"(?:^|[.,;:+&]\s*|\band\s+)(?:the\s+)?(?:(?:current|new|resulting)\s+)?(?:values|figures|numbers)"
    r"(?:\s+(?:now|so\s+far|then|pls|please|plz|thx|thanks)){0,3}\s*[?.!]*\s*$|"
    r"\bwhere\s+do\s+we\s+stand\b",
    linre.IGNORECASE,
)


def asks_values(text: str) -> bool:
    """ "what are the values now?", "undo. values?": the values of the document as it stands asked."""
    return bool(VALUES_NOW.search(text)) and not _NOT_A_VALUE.search(text)


def values_now(engine: ChatEngine, st: ChatState) -> ChatReply | None:
    """ "what are the values now?": the values of the document as it stands (`values_lines`); None when there are
    none to state."""
    out = Composer()
    if not values_lines(engine, st, out):
        return None
    st.subject.question, st.subject.calculator = "what are the values now?", ASKED
    return engine._reply("ask", st, out, findings=[])


# per kind, the settings "what are the values now?" states beside the fields the what-ifs changed: those the
# figures of FIGURES and the kind's main rules start from
SETTINGS: dict[str, tuple[str, ...]] = {
    "aix-lpar": (
        "processor",
        "memory.desired_gb",
        "memory.paging_space_gb",
        "ame.enabled",
        "ame.page_support",
        "ame.expansion_factor",
        "ame.deficit_mb",
    ),
    "vios": ("system_cores", "memory_gb", "vpm_fold_policy", "cpu.sharing", "adapters.npiv_vfc_adapters"),
    "hpux-server": (
        "memory_gb",
        "clm_pct",
        "numa_policy",
        "sap.shared_memory_gb",
        "large_pages.text",
        "large_pages.data",
    ),
    "zos-lpar": ("machine", "online_storage_gb", "lfarea"),
    "zvm-lpar": ("machine", "engines", "engine_count", "zvm.version", "zvm.apars", "smt_enabled"),
}
# a field's unit by the schema's name for it ("memory_gb", "clm_pct"): "4 GB -> 6 GB", not "4 -> 6"
_UNITS = (("_gb", " GB"), ("_mb", " MB"), ("_tb", " TB"), ("_pct", "%"), ("_percent", "%"))


def show(value: object, path: str = "", quoted: bool = True) -> str:
    """A document value as an admin reads it: with the unit its field's name gives ("7 GB", "10%"), lists joined,
    "(not set)" for none."""
    if value is None:
        return "(not set)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        field = path.rsplit(".", 1)[-1]
        unit = next((u for suffix, u in _UNITS if field.endswith(suffix)), "")
        return f"{value}{unit}"
    if isinstance(value, list):
        return ", ".join(_item(v) for v in value) if value else "none (empty list)"
    return f'"{value}"' if isinstance(value, str) and quoted else str(value)


def _item(value: object) -> str:
    """One entry of a list: a named block by its name and its placement ("D01 (locality domain 1, pset 2)")."""
    if not isinstance(value, dict) or "name" not in value:
        return str(value)
    placed = [f"{k.replace('_', ' ')} {value[k]}" for k in ("locality_domain", "pset") if value.get(k) is not None]
    inside = ", ".join(placed)
    return f"{value['name']} ({inside})" if placed else str(value["name"])


def _field(doc: dict, path: str) -> str:
    """ "Target memory expansion factor (ame.expansion_factor)": what a field of the document holds, and its path."""
    m = linre.match(r"^partitions\[(\d+)\]\.(.+)$", path)
    parts = doc.get("partitions") or []
    if m is not None and int(m.group(1)) < len(parts):
        part = parts[int(m.group(1))]
        what = meaning(str(part.get("kind")), m.group(2))
        return f"{part.get('name')}: {what or m.group(2)} ({m.group(2)})"
    what = meaning(str(doc.get("kind")), path)
    return f"{what} ({path})" if what else path


def _at(doc: dict, path: str) -> object:
    value: object = doc
    for part in path.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return value


def _settings(doc: dict, changed: set[str], target: str | None) -> list[str]:
    """The kind's SETTINGS as they stand (on a frame, those of the partition the conversation is on), each with what
    it holds and its unit, leaving out the fields already stated as changed."""
    units: list[tuple[str, dict]] = [("", doc)]
    if doc.get("kind") == "managed-system":
        parts = doc.get("partitions") or []
        units = [(f"partitions[{i}].", p) for i, p in enumerate(parts) if p.get("name") == target]
    out = []
    for prefix, unit in units:
        for path in SETTINGS.get(str(unit.get("kind")), ()):
            value = _at(unit, path)
            if value is not None and prefix + path not in changed:
                out.append(f"{_field(doc, prefix + path)}: {show(value, path, quoted=False)}")
    return out


def values_lines(engine: ChatEngine, st: ChatState, out: Composer, *, review: bool = False) -> bool:
    """The fields the what-ifs changed, first and now, with what each holds and its unit; the kind's main settings as
    they stand; and every figure of the document as it stands beside the value as given. False (nothing written)
    when there is nothing to cite them by. In a `review` nothing said of changes the session never made."""
    if st.document is None:
        return False
    model = engine._model(st)
    original = validate_document(st.original_document or st.document, "document")
    given = st.original_document or st.document
    changed = document_changes(given, st.document)
    target = _partition(st) or _changed_partition(st.document, changed)
    found = asked("", model, original, target, every=True)
    cites = found.out.citations[:1] if found is not None else _rule_cites(engine, st.document, changed)
    if not cites:
        return False
    if changed:
        shown = "; ".join(f"{_field(st.document, p)}: {show(a, p)} -> {show(b, p)}" for p, a, b in changed[:8])
        out.say(f"Changed from the document as given: {shown}.", *cites)
    elif not review:
        out.say("No change from the document as given.", *cites)
    # fields a what-if of this session changed and an undo set back ("undo both changes. what are the values now?")
    steps = [given, *st.previous_documents, st.document]
    paths = [p for a, b in zip(steps, steps[1:], strict=False) for p, _, _ in document_changes(a, b)]
    back = [p for p in dict.fromkeys(paths) if p not in {c[0] for c in changed}]
    if back:
        shown = "; ".join(f"{_field(st.document, p)} {show(_at(st.document, p), p)}" for p in back if "[" not in p)
        if shown:
            out.say(f"Changed and set back since, as given again: {shown}.", *cites)
    settings = _settings(st.document, {p for p, _, _ in changed} | set(back), target)
    if settings:
        out.say("Settings now: " + "; ".join(settings) + ".", *cites)
    if found is not None:
        out.extend(found.out)
    return True


def _changed_partition(doc: dict, changed: list) -> str | None:
    """The partition of a frame the first field changed since the document as given belongs to, if one."""
    parts = doc.get("partitions") or []
    for path, _, _ in changed:
        m = linre.match(r"^partitions\[(\d+)\]\.", path)
        if m is not None and int(m.group(1)) < len(parts):
            return str(parts[int(m.group(1))].get("name", "")) or None
    return None


def _rule_cites(engine: ChatEngine, doc: dict, changed: list) -> list:
    """For a kind with no figures (a z/VM LPAR): the citation of the first rule that reads a changed field, or of
    the kind's first rule."""
    kinds = {str(doc.get("kind"))} | {str(p.get("kind")) for p in doc.get("partitions") or []}
    rules = [r for r in engine.advisor.rulebook.rules.values() if kinds & set(r.rule.kinds)]
    leaves = {linre.sub(r"^partitions\[\d+\]\.", "", p) for p, _, _ in changed}
    reading = [r for r in rules if leaves & set(r.reads)] or rules
    for rule in reading[:1]:
        found = engine.advisor.citations(rule.id)
        if found:
            return [from_out(found[0], f"rule:{rule.id}")]
    return []


def turn(engine: ChatEngine, text: str, reading: Reading, st: ChatState) -> ChatReply | None:
    """A figure of the session's document asked after a what-if changed it ("expanded memory now?", "fits now?"):
    answered from the document as it stands, with the value as given; None for any other message (one that gives
    figures of its own, asks why or how something works, or comes before any change)."""
    if st.document is None or recognise(text, has_document=True, new_document=False).name in ("whatif", "undo"):
        return None
    if len(text.split()) <= 10 and asks_values(text):
        return values_now(engine, st)
    if st.original_document is None or (st.original_document == st.document and not _changed_before(st)):
        return None  # "does it fit now?" after "start over" asks of the document as given again
    if len(text.split()) > 14 or _NOT_A_VALUE.search(text) or not _VALUE.search(text):
        return None
    if st.subject.intent != "whatif" and st.subject.calculator != ASKED and not _AFTER_CHANGE.search(text):
        return None  # after a what-if, after a figure answered ("and the true mem?"), or "now" said
    model, original = engine._model(st), validate_document(st.original_document, "document")
    if not _own_figures(text, reading, model, st.document):
        return None
    last = validate_document(st.previous_documents[-1], "document") if st.previous_documents else None
    sized = any(q.kind == "size" for q in reading.quantities)
    found = asked(text, model, original, _partition(st), last, sized)
    if found is None:
        return None
    st.subject.question, st.subject.calculator = text, ASKED
    return engine._reply("ask", st, found.out, verdict=found.verdict, findings=[])


def _changed_before(st: ChatState) -> bool:
    """A what-if or an undo earlier in the conversation: the document has moved, even if back to as given."""
    return any(t.intent in ("whatif", "undo") for t in st.turns if t.role == "advisor")


def _own_figures(text: str, reading: Reading, model, doc: dict) -> bool:
    """No amount of the user's own, other than those that name a figure ("true memory at 2.8") or restate one of the
    document or its figures ("under the 9.6?", "still ok with 8 gb?"): figures the user gives are a calculation or a
    change, not a question about the document."""
    named = [m for f in FIGURES if f.asked for m in linre.finditer(f.asked, text, linre.IGNORECASE)]
    known = [v for u in units_of(model) for v in map(_value, _values(u.kind, u.model).values()) if v is not None]
    known += _numbers(doc)
    return all(
        any(q.raw in m.group(0) for m in named) or any(abs(v - q.value) < 0.005 for v in known)
        for q in reading.quantities
    )


def _numbers(data: object) -> list[float]:
    """Every number of a document, nested blocks and lists included."""
    if isinstance(data, dict):
        return [n for v in data.values() for n in _numbers(v)]
    if isinstance(data, list):
        return [n for v in data for n in _numbers(v)]
    value = _value(data)
    return [] if value is None else [value]


def _partition(st: ChatState) -> str | None:
    """The partition of a managed system the what-ifs changed last (the one "now?" is about), if one."""
    if st.document is None or st.document.get("kind") != "managed-system" or not st.previous_documents:
        return None
    parts = st.document.get("partitions") or []
    changed = {
        int(m.group(1))
        for path, _, _ in document_changes(st.previous_documents[-1], st.document)
        if (m := linre.match(r"^partitions\[(\d+)\]\.", path))
    }
    if len(changed) != 1 or (i := changed.pop()) >= len(parts):
        return None
    return str(parts[i].get("name", "")) or None
