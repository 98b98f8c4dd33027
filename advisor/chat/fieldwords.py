"""The words admins use for the fields of a document: one table, derived from the schema.

A field is named by the words of its own path (`workload.peak.physc_avg`: workload, peak, physc, avg), by
the content words of its schema description (`amepat.monitored_min`: "Length of the recording."), and by
the admin words of the table below, which stand for path words ("average" for avg, "sap" for the app of an
AIX partition, "cell local memory" for clm). The what-if reader (advisor/chat/wording.py) scores fields by
these words; `coverage()` measures which fields a rule reads can be changed in words.
"""

from __future__ import annotations

from functools import cache

from advisor import linre
from advisor.documents import KIND_MODELS
from advisor.documents.paths import schema_paths

# admin word -> the path words it may stand for (a word may stand for several: "swap" is the paging space of
# an AIX partition and the swap of an HP-UX server)
SYNONYMS: dict[str, tuple[str, ...]] = {
    "ram": ("memory",),
    "mem": ("memory",),
    "ifl": ("engine",),
    "ifls": ("engine",),
    "engines": ("engine",),
    "ziips": ("engine",),
    "ec": ("entitled",),
    "entitlement": ("entitled",),
    "vps": ("virtual",),
    "vp": ("virtual",),
    "vcpus": ("virtual",),
    "dedup": ("deduplication",),
    "dbc_max_pct": ("buffer",),
    "filecache_max": ("buffer",),
    "pagespace": ("paging",),
    "swap": ("swap", "paging"),
    "hipersocket": ("hipersockets",),
    "average": ("avg",),
    "avg": ("avg",),
    "mean": ("avg",),
    "maximum": ("max",),
    "highest": ("max",),
    "minutes": ("min",),
    "mins": ("min",),
    "application": ("app",),
    "applications": ("app", "application"),
    "apps": ("app", "application"),
    "sap": ("sap", "app"),
    "ldr_cntrl": ("app", "page"),
    "threads": ("smt",),
    "multithreading": ("smt",),
    "fw": ("firmware",),
    "processor": ("processor", "cpu"),
    "processors": ("processor", "cpu"),
    "cpus": ("cpu",),
    "procs": ("procs", "cpu"),
    "ios": ("ioslevel",),
    "database": ("database", "db"),
    "fold": ("vpm", "fold"),
    "folding": ("vpm", "fold"),
    "trend": ("trend",),
    "java": ("java",),
    "jit": ("jit",),
    "lfarea": ("lfarea",),
    "frame": ("frame", "system"),
}
# several words for one path word ("cell local memory" is the clm of clm_pct): read before the words
PHRASES: tuple[tuple[linre.Pattern, str], ...] = tuple(
    (linre.compile(pattern, linre.IGNORECASE), word)
    for pattern, word in (
        (r"\bcell[\s-]+local\s+mem(?:ory)?\b", "clm"),
        (r"\bactive\s+memory\s+expansion\b", "ame"),
        (r"\bsimultaneous\s+multi-?threading\b", "smt"),
        (r"\bentitled\s+capacity\b", "entitled capacity"),
        (r"\bprocessing\s+units\b", "entitled capacity"),
        (r"\bpage\s+size\s+support\b", "page support"),
        (r"\bpower\s*vm\b", "powervm"),
        (r"\bz/vm\b", "zvm"),
        (r"\bz/os\b", "zos"),
        (r"\binitrc[_ ]degree\b", "abap initrc degree"),
        (r"\bstat/clock\b", "stat clock"),
        (r"\boptimi[sz]ed\s+latency\b", "osa optimized latency"),
        (r"\bsuspend\s*/\s*resume\b", "suspend resume"),
    )
)
# the state a true/false field's name ends in ("ame.enabled", "other_applications.running"): the block names it
STATES = frozenset({"enabled", "running", "installed", "supported", "planned", "used", "on"})
# units and the little words of a field's name ("at_peak", "per_core") that every sentence has ("AME at 1.5")
UNIT_WORDS = frozenset({"gb", "mb", "kb", "pct", "count", "at", "of", "to", "in", "on", "per", "by", "for"})
_STOP = frozenset(
    "the a an and or of to in on for by at as is are be it its this that with from when than then per not no "
    "only also e.g eg etc which what how who default e g i ie shows show used use uses using whether all any one "
    "two same other others more less so if was were has have had".split()
)
_TOKEN = linre.compile(r"[a-z0-9]+")


def stem(word: str) -> str:
    w = word.lower()
    return w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "saps")) else w


def stems(word: str) -> set[str]:
    """The path words one word of a message may stand for: itself (plural dropped) and its admin meanings."""
    low = word.lower()
    return {stem(w) for w in SYNONYMS.get(low, ())} | {stem(low)}


def words_of(text: str) -> set[str]:
    """Every path word a piece of a message names, admin phrases and words included."""
    for pattern, word in PHRASES:
        text = pattern.sub(f" {word} ", text)
    out: set[str] = set()
    for w in _TOKEN.findall(text.lower()):
        out |= stems(w)
    return out


def path_words(path: str) -> frozenset[str]:
    return frozenset(stem(w) for w in _TOKEN.findall(path.lower()) if w not in UNIT_WORDS)


_ASIDE = linre.compile(r"\([^)]*\)|\"[^\"]*\"")  # "(CLM)", "\"2.2.2.0\"": asides, not the field's words


def _content(description: str | None) -> set[str]:
    text = _ASIDE.sub(" ", (description or "").split(". ")[0])
    return {stem(w) for w in _TOKEN.findall(text.lower()) if len(w) > 2 and w not in _STOP}


@cache
def _description_table() -> dict[str, frozenset[str]]:
    """Per field path (of every kind), the content words of its schema description that few fields share: a
    word in more than three fields' descriptions ("memory", "partition") names none of them."""
    raw: dict[str, set[str]] = {}
    for kind in KIND_MODELS:
        for path, ft in schema_paths(kind).items():
            raw.setdefault(path, set()).update(_content(ft.description))
    seen: dict[str, int] = {}
    for ws in raw.values():
        for w in ws:
            seen[w] = seen.get(w, 0) + 1
    # a word of the field's own path counts once, as a path word
    return {p: frozenset(w for w in ws if seen[w] <= 3) - path_words(p) for p, ws in raw.items()}


def description_words(path: str) -> frozenset[str]:
    return _description_table().get(path, frozenset())


def described(words: set[str], desc: frozenset[str]) -> int:
    """How many description words the message names (a shared stem of four letters or more: "lasted"/"lasts")."""
    hits = 0
    for d in desc:
        for w in words:
            n = min(len(w), len(d))
            common = len(_common_prefix(w, d))
            if n >= 4 and common >= max(4, n - 2):
                hits += 1
                break
    return hits


def _common_prefix(a: str, b: str) -> str:
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    return a[:i]


_CLAUSE_END = linre.compile(r"[.:;,]\s|[.:;]$")


def meaning(kind: str, path: str) -> str:
    """What a field holds, in the schema's words, asides dropped ("Desired memory of the partition" for
    memory.desired_gb, "Kernel tunable numa_policy" for numa_policy); empty when the schema says nothing."""
    ft = schema_paths(kind).get(path) if kind in KIND_MODELS else None
    text = linre.sub(r"\s+", " ", _ASIDE.sub(" ", (ft.description or "") if ft is not None else "")).strip()
    end = _CLAUSE_END.search(text)
    return (text[: end.start()] if end is not None else text).strip(" ,")
