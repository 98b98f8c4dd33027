"""What-if in the words admins use: upgrades, OS levels and relative amounts, read with the reader.

"upgrade to POWER10", "go to AIX 7.3 TL2", "move to a z13", "add 2 GB", "take 4 GB away",
"double the memory": these name a platform, a level or an amount rather than a field, so the
reader (advisor/chat/reader) finds the value and this module picks the field of the session's
document it belongs to. Relative amounts are computed from the document's current value (the
changes accumulate over the conversation). A value the schema cannot hold (POWER11, a zEC12 for
an AIX LPAR) is refused with a clear reason rather than stored as something else.
"""

from __future__ import annotations

import re
from typing import Any

from advisor import linre
from advisor.capabilities.whatif import ChangeError, get_at
from advisor.chat.calc.zsystems import _lfarea_statement
from advisor.chat.changes import Change, WhichOne, field_types, resolve_target
from advisor.chat.fieldwords import STATES, described, description_words, path_words, stem, stems, words_of
from advisor.chat.numbers import spelled
from advisor.chat.reader import Reading, read
from advisor.chat.reader.platforms import SCHEMA_POWER

_MOVE = re.compile(
    r"\b(?:upgrade|upgrading|move|moving|migrate|migrating|go|going|switch|switching|change|replace|refresh|"
    r"update|updating|put|run|running|on|downgrade|downgrading|back\s+to|revert|stay|stick|instead|shift|shifted|"
    r"lift(?:ed)?)\b",
    re.IGNORECASE,
)
_ADD = re.compile(
    r"\b(?:add|adding|plus|another|extra|more|(?:increase|raise|grow|bump)\b[^.?!]{0,24}?\bby)\b|(?:^|\s)\+\s?\d",
    re.IGNORECASE,
)
_REMOVE = re.compile(
    # "drop the two 10G ports", "2 fewer FC ports": taken off ("drop npiv to 8" sets the count, below)
    r"\b(?:remove|removing|take\s+away|take\b[^.?!]{0,24}\baway|(?:pull|take|rip)\s+out|minus|less|fewer"
    r"|drop(?:ped|ping)?\b(?![^.?!]{0,30}\bto\s+\d)"
    r"|(?:reduce|cut|lower|shrink|decrease|trim)\b[^.?!]{0,24}?\bby)\b",
    re.IGNORECASE,
)
# an amount the field should have as a whole: "what if it had 32 GB", "give it 8 GB", "bump the memory to 16 GB"
_HAVING = re.compile(
    r"\b(?:had|has|have|having|with|was|were|gets?|got|give|giving|gave|bump|bumped|resize|resized|allocate|assign|"
    r"make\s+it|set\s+it|size\s+it|go(?:ing)?\s+to|(?:grow|raise|increase|lower|reduce|shrink|cut|decrease)\s+"
    r"(?:it\s+|the\s+\w+\s+)?to)\b",
    re.IGNORECASE,
)
_OTHER_SIZE = re.compile(r"paging|swap|max|maximum|shared|CLM|expanded|LFAREA|PLAREA|buffer|cache", re.IGNORECASE)
_AME_AT = re.compile(r"\bAME\s*(?:at|of|with|to|=|@)\s*(?:an?\s+)?(?:factor\s+(?:of\s+)?)?(\d{1,2}\.\d{1,2})\b", re.I)
_SMT_OFF = re.compile(
    r"\b(?:turn|switch)\s+SMT\s+off\b|\b(?:disable|turn\s+off|switch\s+off)\s+SMT\b|\bSMT\s+(?:were\s+|was\s+|is\s+)?off\b"
    r"|\bwithout\s+SMT\b",
    re.I,
)
_SMT_ON = re.compile(r"\b(?:turn|switch)\s+SMT\s+on\b|\b(?:enable|turn\s+on|switch\s+on)\s+SMT\b(?!\s*[1248])", re.I)
_SCALE = re.compile(r"\b(double|halve|triple)(?:[ds]|ing)?\b|\b(halving|doubling|tripling)\b", re.IGNORECASE)
_SCALES = {"double": 2.0, "halve": 0.5, "triple": 3.0, "halving": 0.5, "doubling": 2.0, "tripling": 3.0}

# Where each kind keeps what the words name.
PROCESSOR = {"aix-lpar": "processor", "vios": "processor", "managed-system": "processor"}
MACHINE = {"zos-lpar": "machine", "zvm-lpar": "machine"}
MEMORY = {
    "aix-lpar": "memory.desired_gb",
    "vios": "memory_gb",
    "hpux-server": "memory_gb",
    "zos-lpar": "online_storage_gb",
}
CORES = {"vios": "system_cores", "hpux-server": "cores", "managed-system": "cores"}
NAMED_SIZES = (
    (re.compile(r"\bpaging\b|\bswap\b", re.I), {"aix-lpar": "memory.paging_space_gb", "hpux-server": "swap_gb"}),
    (re.compile(r"\bmax(?:imum)?\s+memory\b", re.I), {"aix-lpar": "memory.max_gb"}),
    (re.compile(r"\bonline\b", re.I), {"zos-lpar": "online_storage_gb"}),
    (re.compile(r"\bshared\s+memory\b", re.I), {"hpux-server": "sap.shared_memory_gb"}),
)
Z_MACHINES = {str(c).lower(): str(c) for c in field_types("zos-lpar")["machine"].choices}


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else round(value, 3)


# "bind D01 to locality domain 1", "put D02 in pset 2", "start D00 in cell 0" (HP-UX SAP instances)
_BIND = re.compile(
    r"\b(?:bind|put|start|run|place|move|pin)\s+(?:instance\s+)?([A-Za-z][A-Za-z0-9]{1,7})\s+(?:to|in|into|on)\s+"
    r"(?:the\s+)?(locality\s+domain|LDOM|LD|cell|pset|processor\s+set)\s*(\d{1,3})\b"
    # "D01 gets locality domain 1", "D02 goes to pset 2", "D01 in cell 0", "D01 bound to LD 1"
    r"|\b(?:instance\s+)?([A-Za-z][A-Za-z0-9]{1,7})\s+(?:gets?|got|goes\s+(?:to|into)|went\s+to|moves?\s+to|"
    r"(?:is\s+|were\s+|was\s+)?(?:bound|pinned|placed|put)\s+(?:to|in|into|on)|runs?\s+in|in|on|->|=>|→)\s*"
    r"(?:the\s+|a\s+)?(locality\s+domain|LDOM|LD|cell|pset|processor\s+set)\s*(\d{1,3})\b",
    re.IGNORECASE,
)


# "bind D01 and D02 to locality domains 1 and 2": instances and numbers in pairs, in the order said
_BIND_EACH = re.compile(
    r"\b(?:bind|put|start|run|place|move|pin)\s+(?:instances?\s+)?([A-Za-z][A-Za-z0-9]{1,7}(?:\s*(?:,|and|&)\s*"
    r"[A-Za-z][A-Za-z0-9]{1,7}){1,7})\s+(?:to|in|into|on)\s+(?:the\s+)?(locality\s+domains?|LDOMs?|LDs?|cells?|psets?|"
    r"processor\s+sets?)\s*(\d{1,3}(?:\s*(?:,|and|&)\s*\d{1,3}){1,7})\b",
    re.IGNORECASE,
)
_EACH = re.compile(r",|\band\b|&", re.IGNORECASE)


# "split into 8 instances of 4 cores", "run 8 instances with 4 cores each", "8 x 4-core instances", "four 4-core
# instances": the SAP instances of an HP-UX server laid out anew; "split D02 into two 8-core instances": one named
# instance split into parts (the others kept as they are)
_COUNT = r"(\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
LAYOUT = linre.compile(
    r"\b"
    + _COUNT
    + r"\s*(?:x\s*)?(?:sap\s+|dialog\s+|app(?:lication)?\s+server\s+)?instances?\s*(?:,\s*|\s+(?:with|of|"
    r"at|having|each\s+with|on)\s+)(\d{1,3})\s+(?:cores?|cpus?|processors?)\b"
    r"|\b" + _COUNT + r"\s*(?:x\s*)?(\d{1,3})[\s-]*cores?\s+(?:sap\s+|dialog\s+)?instances?\b"
    r"|\bsplit(?:s|ting)?\s+(?:instance\s+)?([A-Za-z][A-Za-z0-9]{1,7})\s+in(?:to)?\s+" + _COUNT + r"(?:\s*(?:x\s*)?"
    r"(\d{1,3})[\s-]*cores?)?\s+(?:sap\s+|dialog\s+)?(?:instances?|pieces|parts)\b(?:\s+(?:with|of|at|having|"
    r"each\s+with|on)\s+(\d{1,3})\s+(?:cores?|cpus?|processors?)\b)?",
    linre.IGNORECASE,
)
_OWN = r"\b(?:own|each|separate|dedicated|one\s+per)\b[^.?!]{0,40}\b"
_OWN_PSET = linre.compile(_OWN + r"(?:psets?|processor\s+sets?)\b", linre.IGNORECASE)
_OWN_LD = linre.compile(_OWN + r"(?:locality\s+domains?|lds?|ldoms?|cells?)\b", linre.IGNORECASE)
_NAME_NUMBER = linre.compile(r"^(.*?)(\d+)$")


def _count(said: str) -> int:
    return int(said) if said.isdigit() else spelled(said) or 0


def _new_names(given: list[str], count: int) -> list[str]:
    """`count` new instance names continuing the document's naming (D00, D01, ... after the highest number)."""
    last = _NAME_NUMBER.match(given[-1]) if given else None
    prefix, width = (last.group(1), len(last.group(2))) if last else ("D", 2)
    number = max((int(n.group(2)) for n in map(_NAME_NUMBER.match, given) if n), default=-1)
    return [f"{prefix}{number + k:0{width}d}" for k in range(1, count + 1)]


def _split_changes(doc: dict, m: Any, given: list[dict]) -> list[Change] | None:
    """ "split D02 into two 8-core instances": the named instance replaced by that many parts (the first keeps its
    name and binding, the others unbound), the work processes shared out; None when no instance has that name."""
    index = next((i for i, inst in enumerate(given) if str(inst.get("name", "")).lower() == m.group(5).lower()), None)
    if index is None:
        return None
    inst, count = given[index], _count(m.group(6))
    said = m.group(7) or m.group(8)
    whole = inst.get("cores")
    if said:
        per = int(said)
    elif isinstance(whole, int) and count and whole % count == 0:
        per = whole // count
    else:
        raise ChangeError(f"'{m.group(0)}': how many cores should each part of {inst.get('name')} get?")
    if count < 2 or per < 1:
        raise ChangeError(f"'{m.group(0)}': a split needs at least two parts of at least one core")
    cores = doc.get("cores")
    total = sum(int(i.get("cores") or 0) for k, i in enumerate(given) if k != index) + count * per
    if isinstance(cores, int | float) and total > cores:
        raise ChangeError(f"the instances would need {total} cores after the split; the server has {cores:g}")
    first = {**inst, "cores": per}
    if inst.get("work_processes"):
        first["work_processes"] = max(1, round(int(inst["work_processes"]) / count))
    rest = [
        {**first, "name": name, "locality_domain": None, "pset": None}
        for name in _new_names([str(i.get("name")) for i in given if i.get("name")], count - 1)
    ]
    return [Change("sap.instances", [*given[:index], first, *rest, *given[index + 1 :]], None, m.group(0))]


def _layout_changes(doc: dict, text: str) -> list[Change]:
    """ "what if we split into 8 instances of 4 cores, each in its own pset and locality domain": the instance list
    laid out anew, named as the document names them (D00, D01, ... continued), the work processes spread evenly
    over them, each in a processor set of its own and spread over the cells' locality domains when the words say so
    (unbound otherwise); "split D02 into two 8-core instances": that instance split (`_split_changes`); ChangeError
    when they need more cores than the server has."""
    m = LAYOUT.search(text[:2000]) if doc.get("kind") == "hpux-server" else None
    if m is None:
        return []
    given = [i for i in ((doc.get("sap") or {}).get("instances") or []) if isinstance(i, dict)]
    if m.group(5):
        split = _split_changes(doc, m, given)
        if split is not None:
            return split
        if not (m.group(7) or m.group(8)):  # "split it into two instances": cores not said
            raise ChangeError(f"'{m.group(0)}': how many cores should each instance get?")
    count, per = next(
        (_count(a), int(b))
        for a, b in ((m.group(1), m.group(2)), (m.group(3), m.group(4)), (m.group(6), m.group(7) or m.group(8)))
        if a and b
    )
    cores = doc.get("cores")
    if count < 1 or per < 1:
        raise ChangeError(f"'{m.group(0)}': an instance layout needs at least one instance of at least one core")
    if isinstance(cores, int | float) and count * per > cores:
        raise ChangeError(f"{count} instances of {per} cores need {count * per} cores; the server has {cores:g}")
    names = [str(i.get("name")) for i in given if i.get("name")][:count]
    names += _new_names(names, count - len(names))
    wps = sum(int(i.get("work_processes") or 0) for i in given)
    cells = int(doc.get("cells") or 1)
    own_pset, own_ld = bool(_OWN_PSET.search(text)), bool(_OWN_LD.search(text))
    laid = []
    for k, name in enumerate(names):
        inst: dict[str, Any] = {"name": name, "cores": per}
        if wps:
            inst["work_processes"] = max(1, round(wps / count))
        inst["locality_domain"] = k * cells // count if own_ld else None
        inst["pset"] = k + 1 if own_pset else None
        laid.append(inst)
    return [Change("sap.instances", laid, None, text)]


def _instance_changes(doc: dict, text: str) -> list[Change]:
    """Binding a named SAP instance of an HP-UX server to a locality domain or a processor set, or the instances
    laid out anew (`_layout_changes`)."""
    if doc.get("kind") != "hpux-server":
        return []
    layout = _layout_changes(doc, text)
    if layout:
        return layout
    out: list[Change] = []
    instances = (doc.get("sap") or {}).get("instances") or []
    names = {str(inst.get("name", "")).lower(): i for i, inst in enumerate(instances)}
    for m in _BIND_EACH.finditer(text[:2000]):
        said, numbers = [w.strip() for w in _EACH.split(m.group(1))], [w.strip() for w in _EACH.split(m.group(3))]
        if len(said) == len(numbers) and all(n.lower() in names for n in said):
            field = "pset" if "set" in m.group(2).lower() else "locality_domain"
            out += [
                Change(f"sap.instances[{names[n.lower()]}].{field}", int(k), None, text)
                for n, k in zip(said, numbers, strict=True)
            ]
    if out:
        return out
    out = _bound_each(text[:2000], names)
    dropped = {
        i
        for name, i in names.items()
        if name and re.search(rf"{_DROP}\s+(?:instance\s+)?{re.escape(name)}\b", text, re.I)
    }
    if dropped and len(dropped) < len(instances):  # "drop D02 from the box": the instance taken off the server
        moved = {c.path: c.value for c in out}
        kept = [_bound(inst, i, moved) for i, inst in enumerate(instances) if i not in dropped]
        out = [Change("sap.instances", kept, None, text)]
    if out:
        return out
    for m in _BIND.finditer(text[:2000]):
        first = m.group(1) is not None
        name = m.group(1) if first else m.group(4)
        where, number = (m.group(2) if first else m.group(5)).lower(), int(m.group(3) if first else m.group(6))
        index = next((i for i, inst in enumerate(instances) if str(inst.get("name", "")).lower() == name.lower()), None)
        if index is None and not first:
            continue  # "20% CLM in cell 0": a name-first form needs a name the document has
        if index is None:
            known = ", ".join(str(i.get("name")) for i in instances) or "none"
            raise ChangeError(f"no SAP instance {name} in this document (instances: {known})")
        field = "pset" if "set" in where else "locality_domain"
        out.append(Change(f"sap.instances[{index}].{field}", number, None, text))
    return out


# "drop D02", "remove instance D01", "take out D02": an SAP instance taken off the server
_DROP = r"\b(?:drop|drops|dropped|remove|removed|delete|deleted|retire|decommission|take\s+out|get\s+rid\s+of)"


def _bound(inst: dict, index: int, moved: dict) -> dict:
    """An instance with the binding changes said for it (by its index in the document)."""
    out = dict(inst)
    for field in ("locality_domain", "pset"):
        path = f"sap.instances[{index}].{field}"
        if path in moved:
            out[field] = moved[path]
    return out


# "ld 1", "locality domain 2", "pset 3", "processor set 2", "cell 0": a place an instance is bound to
_PLACE = re.compile(
    r"\b(locality[\s_]+domain|LDOM|LD|cell|pset|processor[\s_]+set)\s*(?:=\s*)?(\d{1,3})\b", re.IGNORECASE
)
# "bind D01 ...", "D01 gets ld 1 + pset 2", "give D01 locality_domain 1 pset 2"
_BINDING = re.compile(
    r"\b(?:bind|bound|put|start|run|place|move|pin|pinned|mpsched|assign|psrset|gets?|got|give|gives|giving)\b",
    re.IGNORECASE,
)


def _bound_each(text: str, names: dict[str, int]) -> list[Change]:
    """ "bind D01 with mpsched to ld 1 in pset 2 and D02 to ld 2 in pset 3", "put D01 in locality domain 1 with
    pset 2": each instance the document names, with the places said after it and before the next instance."""
    if not _BINDING.search(text) or not names:
        return []
    spots = sorted(
        (m.start(), m.end(), i)
        for name, i in names.items()
        if name
        for m in re.finditer(rf"\b{re.escape(name)}\b", text, re.IGNORECASE)
    )
    out: list[Change] = []
    for k, (_, end, index) in enumerate(spots):
        stop = spots[k + 1][0] if k + 1 < len(spots) else len(text)
        for m in _PLACE.finditer(text[end:stop]):
            field = "pset" if "set" in m.group(1).lower() else "locality_domain"
            out.append(Change(f"sap.instances[{index}].{field}", int(m.group(2)), None, text))
    return out


_INSTEAD_OF_WORDS = linre.compile(r"\b(?:instead\s+of|rather\s+than)\b", linre.IGNORECASE)


def _adapter_field(q) -> str | None:
    """The VIOS document's adapter count a quantity of the reader adds to or takes from."""
    if q.noun in ("npiv", "veth", "lhea"):
        return {"npiv": "npiv_vfc_adapters", "veth": "virtual_eth_adapters", "lhea": "lhea"}[q.noun]
    if q.kind != "speed":
        return None
    key = (q.medium, q.value)
    fields = {("fc", 8.0): "fc_8g_ports", ("ethernet", 10.0): "eth_10g_ports", ("ethernet", 1.0): "eth_1g_ports"}
    by_speed = [f for (_, speed), f in fields.items() if speed == q.value]
    if q.medium is None and len(by_speed) == 1:
        return by_speed[0]  # "the two 1G ports": the document has ports of that speed of one kind only
    by_medium = [f for (medium, _), f in fields.items() if medium == q.medium]
    if not q.value and len(by_medium) == 1:
        return by_medium[0]  # "8 FC ports": no speed said, and the document counts FC ports of one speed only
    if key not in fields:
        speed = f"{q.value:g} Gb " if q.value else ""
        raise ChangeError(
            f"'{q.raw}': the VIOS document counts 1 Gb and 10 Gb Ethernet ports and 8 Gb FC ports; "
            f"say which of those the {speed}ports are (for example 'add 2 x 8 Gb FC ports')"
        )
    return fields[key]


# an adapter count taken away in its own clause ("and we'd pull 2 of the 4 FC ports", "lose the two 10G ports")
_FEWER = linre.compile(
    r"\b(?:remov\w*|take\s+away|take\b[^.?!]{0,24}\baway|(?:pull|take|rip)(?:s|ed|ing)?(?:\s+out)?|minus|less|"
    r"fewer|los[et]|losing|drop(?:s|ped|ping)?|unplug\w*|disconnect\w*|decommission\w*|retir\w*|"
    r"(?:reduce|cut|lower|shrink|decrease|trim)\b[^.?!]{0,24}?\bby)\b",
    linre.IGNORECASE,
)
# "2 of the 4 FC ports": the count is the 2
_SUBSET = linre.compile(
    r"\b(\d{1,4})\s+(?:of|out\s+of)\s+(?:the|our|its|their|those|these|all)?\s*(?:\d{1,4}\s*)?$", linre.IGNORECASE
)  # "1 of the 2 10G ports": the count said before the speed
_TO_BEFORE = linre.compile(r"(?:\bto|=)\s*$", linre.IGNORECASE)  # "drop npiv to 10": the count as a whole


def _adapter_sign(text: str, q) -> int:
    """+1 when the words add the quantity's adapters, -1 when they take them away, 0 when they give the count as a
    whole; each clause by its own verb ("10 more npiv clients, and we'd pull 2 of the 4 FC ports"), a clause with none
    by the last verb before it ("add 4 NPIV and 2 FC ports")."""
    head = text[: q.start]
    cut = [m.end() for m in _CLAUSES.finditer(head)]
    own = head[cut[-1] :] if cut else head
    if _TO_BEFORE.search(own):
        return 0
    if _FEWER.search(q.raw):  # "10 fewer npiv"
        return -1
    if q.added or own.rstrip().endswith("+"):  # "10 more npiv clients", "+8 NPIV"
        return 1
    fewer, more = list(_FEWER.finditer(head)), list(_ADD.finditer(head))
    last_fewer, last_more = (fewer[-1].start() if fewer else -1), (more[-1].start() if more else -1)
    if max(last_fewer, last_more) < 0:
        return 0
    return -1 if last_fewer > last_more else 1


def _adapter_changes(doc: dict, text: str, reading: Reading) -> list[Change]:
    """ "add 8 NPIV adapters", "what if it had 4 more 10 Gb ports", "remove 2 x 8 Gb FC ports", "pull 2 of the 4 FC
    ports" on a VIOS, each quantity added or taken away by the verb of its own clause; "8 FC ports instead of 4",
    "what if 30 NPIV adapters", "use 2 of the 4 FC ports": the count itself."""
    relative = bool(_ADD.search(text) or _REMOVE.search(text) or _FEWER.search(text))
    if doc.get("kind") != "vios" or not (relative or _INSTEAD_OF_WORDS.search(text) or _SUPPOSE.search(text)):
        return []
    out: list[Change] = []
    for q in reading.quantities:
        count = q.count if q.kind == "speed" else (int(q.value) if q.noun in ("npiv", "veth", "lhea") else None)
        field = _adapter_field(q) if count else None
        if field is None or count is None:
            continue
        subset = _SUBSET.search(text[: q.start])
        count = int(subset.group(1)) if subset is not None else count
        path = f"adapters.{field}"
        current = get_at(doc, path) or 0
        sign = _adapter_sign(text, q)
        new = current + sign * count if sign else count
        if new < 0:
            raise ChangeError(f"{path} would be {new}: the document has {current}")
        out.append(Change(path, new, None, text))
    return out


def _page_size(q, doc: dict) -> bool:
    """ "16M", "64K", "1M", and on z/OS "2G": a page size as admins write it, never an amount of memory (and an
    ambiguous number is never taken)."""
    raw = q.raw.replace(" ", "").upper()
    return bool(q.ambiguous) or raw[-1:] in ("K", "M") or (doc.get("kind") == "zos-lpar" and raw in ("2G", "1M"))


def word_changes(doc: dict, text: str, reading: Reading) -> list[Change]:
    """The changes the words ask for on `doc` (empty when they name none); ChangeError when one cannot be made."""
    instances = _instance_changes(doc, text)
    layout = LAYOUT.search(text) if doc.get("kind") == "hpux-server" else None
    if layout is not None:  # "8 instances of 4 cores": the instances' cores, not the server's, read no further
        text = text[: layout.start()] + " " * (layout.end() - layout.start()) + text[layout.end() :]
        reading = read(text)
    fixed = _fix_changes(doc, text) + _lfarea_changes(doc, text)
    by_words, used = field_changes(doc, text, reading)
    if any(c.path == "lfarea" for c in fixed) and not _USAGE.search(text):  # "remove the 1M part": the statement's
        by_words = [c for c in by_words if not c.path.startswith("lfarea_usage.")]
    if instances:  # "bind D01 with mpsched ...", "drop D02 from the box": those words set no flag or mode; amounts stay
        by_words = [c for c in by_words if isinstance(c.value, int | float) and not isinstance(c.value, bool)]
    changes: list[Change] = (
        instances
        + _adapter_changes(doc, text, reading)
        + fixed
        + [c for c in by_words if c.path not in {f.path for f in fixed}]
    )
    power = [p for p in reading.platforms if p.family == "power"]
    if power and _MOVE.search(text):
        p = power[-1]
        key = p.name.replace("POWER", "")
        if key not in SCHEMA_POWER:
            raise ChangeError(f"{p.name} is not a processor the rules know (POWER5 to POWER10)")
        for _, full, name in resolve_target(doc, text, PROCESSOR):
            changes.append(Change(full, SCHEMA_POWER[key], name, text))
    z = [p for p in reading.platforms if p.family == "z"]
    if z and _MOVE.search(text) and doc.get("kind") in MACHINE:
        machine = Z_MACHINES.get(z[-1].tag)
        if machine is None:
            raise ChangeError(f"{z[-1].name} is not a machine the documents know ({', '.join(Z_MACHINES.values())})")
        changes.append(Change(MACHINE[doc["kind"]], machine, None, text))
    for level in reading.os_levels:
        changes += _os_changes(doc, level, text)
    if not reading.os_levels:
        changes += _bare_level(doc, text)
    if _SMT_ON.search(text) and doc.get("kind") in ("aix-lpar", "vios"):
        raise ChangeError("SMT on AIX has modes 1, 2, 4 and 8: say which one, for example 'set cpu.smt = 8'")
    if _SMT_OFF.search(text) and doc.get("kind") in ("aix-lpar", "vios") and "cpu.smt" in field_types(doc["kind"]):
        changes.append(Change("cpu.smt", 1, None, text))  # "SMT off" (smtctl -m off): one thread per core
    changes += _chatr_changes(doc, text) + _statement_changes(doc, text)
    factor = _AME_AT.search(text)
    if factor is not None:  # "what if sapdb01 had AME at 1.5": AME on, at that factor
        for _, full, name in resolve_target(doc, text, {"aix-lpar": "ame.expansion_factor"}):
            changes.append(Change(full, float(factor.group(1)), name, text))
            enabled = full.replace("expansion_factor", "enabled")
            if get_at(doc, enabled) is not True:
                changes.append(Change(enabled, True, name, text))
    # an amount a field's words already took ("16M text", "swap to 96 GB") is no memory size
    amount = next(
        (q for q in reading.quantities if q.kind == "size" and not _page_size(q, doc) and q.start not in used), None
    )
    if amount is not None and _HAVING.search(text) and not (_ADD.search(text) or _REMOVE.search(text)):
        named = next((paths for pattern, paths in NAMED_SIZES if pattern.search(text)), None)
        if named is not None:  # "what if we had 16 GB of paging space"
            for _, full, name in resolve_target(doc, text, named):
                changes.append(Change(full, _number(amount.value), name, text))
        elif not _OTHER_SIZE.search(text):  # "what if the LPAR had 32 GB": the memory it has, as a whole
            for _, full, name in resolve_target(doc, text, MEMORY):
                changes.append(Change(full, _number(amount.value), name, text))
    cores = next(
        (q for q in reading.quantities if q.kind == "cores" and q.value.is_integer() and q.start not in used), None
    )
    if cores is not None and _HAVING.search(text) and doc.get("kind") in CORES:  # "what if it had 64 cores?"
        changes.append(Change(CORES[doc["kind"]], int(cores.value), None, text))
    scale = _SCALE.search(text)
    named_size = next((paths for pattern, paths in NAMED_SIZES if pattern.search(text)), None)
    said = _sentence_of(text, amount) if amount is not None else ""  # "10 fewer npiv. does 8G hold?": not the 8G's
    if (amount is not None and (_ADD.search(said) or _REMOVE.search(said))) or (
        scale and (named_size is not None or "memory" in text.lower())
    ):  # "add 2 GB", "double the memory", "and double the swap": relative to the field's current value
        for _, full, name in resolve_target(doc, text, named_size if named_size is not None else MEMORY):
            current = get_at(doc, full)
            if not isinstance(current, (int, float)) or isinstance(current, bool):
                raise ChangeError(f"{full} is not set in this document, so there is nothing to add to or take from")
            if scale:
                new = current * _SCALES[(scale.group(1) or scale.group(2)).lower()]
            else:
                assert amount is not None
                sign = -1.0 if _REMOVE.search(said) else 1.0
                new = current + sign * amount.value
            if new <= 0:
                raise ChangeError(f"{full} would be {new:g} GB; it must stay above 0")
            changes.append(Change(full, _number(new), name, text))
    first: dict[str, Change] = {}
    for c in changes:  # two readings of the same words ("64 cores" by the field's words and by the core count)
        first.setdefault(c.path, c)
    return list(first.values())  # "z/VM 6.3" on 6.3 included: the what-if turn says it is already so


def _os_changes(doc: dict, level, text: str) -> list[Change]:
    kind = doc.get("kind")
    if level.os == "aix" and kind == "aix-lpar":
        out = [Change("os.version", level.version, None, text)]
        current: Any = get_at(doc, "os.tl")
        if level.tl is not None or current is not None:
            out.append(Change("os.tl", level.tl, None, text))  # no TL given: the old TL says nothing of the new level
        if get_at(doc, "os.sp") is not None or level.sp is not None:
            out.append(Change("os.sp", level.sp, None, text))
        return out
    if level.os == "hpux" and kind == "hpux-server":
        return [Change("os_version", level.version, None, text)]
    if level.os == "zos" and kind == "zos-lpar":
        return [Change("zos_version", level.version, None, text)]
    if level.os == "zvm" and kind == "zvm-lpar":
        return [Change("zvm.version", level.version, None, text)]
    return []


# "update to TL1", "go to tl 5 sp 2": a technology level (and service pack) of the AIX version the LPAR runs
_BARE_TL = linre.compile(r"\b(?:TL|technology\s+level)\s*(\d{1,2})(?:\s*(?:SP|service\s+pack)\s*(\d{1,2}))?\b", linre.I)


def _bare_level(doc: dict, text: str) -> list[Change]:
    """A TL said without its AIX version, moved to with a verb of change: the version the document has, at that TL
    (the old SP says nothing of the new TL: the one said, or none)."""
    m = _BARE_TL.search(text) if doc.get("kind") == "aix-lpar" and _MOVE.search(text) else None
    if m is None or get_at(doc, "os.version") is None:
        return []
    out = [Change("os.tl", int(m.group(1)), None, text)]
    if m.group(2) is not None or get_at(doc, "os.sp") is not None:
        out.append(Change("os.sp", int(m.group(2)) if m.group(2) is not None else None, None, text))
    return out


def _flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for k, v in value.items():
            out.update(_flatten(v, f"{prefix}.{k}" if prefix else str(k)))
        return out
    if isinstance(value, list) and any(isinstance(v, dict) for v in value):
        out = {}
        for i, v in enumerate(value):
            out.update(_flatten(v, f"{prefix}[{i}]"))
        return out
    return {prefix: value}


def document_changes(before: dict, after: dict) -> list[tuple[str, Any, Any]]:
    """(path, value before, value after) for every field that differs, in the order of the later document."""
    a, b = _flatten(before), _flatten(after)
    return [(p, a.get(p), b.get(p)) for p in list(b) + [p for p in a if p not in b] if a.get(p) != b.get(p)]


# ------------------------------------------------------------------ fields by their words
# "cut swap to 96 GB", "16M text and 64M data pages", "raise buffer cache to 8 percent", "apply VM65586",
# "8 2G pages instead of 4": a value and the words of the field it goes to, in either order, in one clause.
# Every scalar field of the document's kind is reachable by the words of its own path (swap_gb: "swap";
# large_pages.data: "data pages"), plus the admin words below; the value must fit the field's type.

# the words of each field (its path, its description, the admin words of advisor/chat/fieldwords.py)
_SENTENCE_END = linre.compile(r"[.?!](?:\s|$)")


def _sentence_of(text: str, q) -> str:
    """The sentence a quantity stands in: the verb that adds or takes it away is said there, not in the question after
    it ("decommission 2 FC ports + 10 fewer npiv. does 8G hold then?" takes no 8 GB away)."""
    start = max((m.end() for m in _SENTENCE_END.finditer(text[: q.start])), default=0)
    end = next((m.start() for m in _SENTENCE_END.finditer(text, q.end)), len(text))
    return text[start:end]


_CLAUSES = linre.compile(r"[,;]|\s(?:and|then|plus|also|but)\s", linre.IGNORECASE)
_NEED = linre.compile(r"\b(?:enough|sufficient|room|fits?|cover(?:s|ed)?|handles?|holds?)\b", linre.IGNORECASE)
_OLD_VALUE = linre.compile(r"\b(?:from|instead\s+of|rather\s+than|currently)\s*$", linre.IGNORECASE)
_BY = linre.compile(r"\bby\s*$", linre.IGNORECASE)
_DOWN = linre.compile(r"\b(?:cut|lower|reduce|decrease|shrink|drop|trim|take|remove|minus|less)\b", linre.IGNORECASE)
_ON = linre.compile(
    r"\b(?:enable|enabled|activate|turn\s+on|switch\s+on|on|had|has|have|with|using|use|add|added|install|installed"
    r"|buy|bought|get|got|true|yes)\b",
    linre.IGNORECASE,
)
_OFF = linre.compile(
    r"\b(?:disable|disabled|deactivate|turn\s+off|switch\s+off|off|no|not|without|lacks?|lose|remove|removed|false)\b",
    linre.IGNORECASE,
)
# "what if ...", "suppose ...", "we plan ...", "... were/had ...": a state supposed, not asked about
_SUPPOSE = linre.compile(
    r"\b(?:what\s+if|suppose|supposing|assume|assuming|imagine|simulate|pretend|say\s+we|if\s+(?:we|it|the|they)|were|was|had|"
    r"plan|planned|planning|going\s+to)\b",
    linre.IGNORECASE,
)
# a field taken away with no value: "drop cell local memory" (0), "remove the LFAREA statement" (not coded)
_CLEAR = linre.compile(
    r"\b(?:drop|dropped|dropping|remove|removed|removing|(?:get|got|getting)\s+rid\s+of|zero|zeroed|clear|cleared|without|"
    r"no\s+more|no\s+longer|delete|deleted|eliminate|scrap|stop(?:s|ped)?\s+using|(?:do|does|did)\s+not\s+use)\b",
    linre.IGNORECASE,
)
_NO = linre.compile(r"\bno\b", linre.IGNORECASE)  # "no LHEA ports": a count taken away
_ENUM_TOKEN = linre.compile(r"[A-Za-z0-9][A-Za-z0-9_+-]*")
# fixes: z/VM APARs (VM65586), z/OS APARs and PTFs (OA12345, UA12345), HP-UX patches (PHKL_12345)
_FIX_ID = linre.compile(r"\b(?:[A-Z]{2}\d{5}|PH[A-Z]{2}_\d{4,6})\b", linre.IGNORECASE)
_FIX_ADD = linre.compile(
    r"\b(?:apply|applied|install|installed|add|added|load|put\s+on|with|back\s+in|back)\b", linre.IGNORECASE
)
_FIX_REMOVE = linre.compile(
    r"\b(?:remove|removed|back\s*out|backed\s+out|uninstall|uninstalled|roll\s*back|drop|without|withdraw|no|not|"
    r"missing|lacks?|lacking)\b",
    linre.IGNORECASE,
)
# "the apar list is empty", "no apars at all", "without any patches": the document's list of fixes emptied
_NO_FIXES = linre.compile(
    r"\b(?:apar|ptf|patch)(?:e?s)?\s+(?:list\s+)?(?:is\s+|are\s+|were\s+|was\s+|gets?\s+)?(?:empty|emptied|cleared|none)\b"
    r"|\b(?:no|without(?:\s+any)?|zero)\s+(?:apars|ptfs|patches)\b|\bempty\s+(?:apar|ptf|patch)",
    linre.IGNORECASE,
)
FIX_LISTS = {"zvm-lpar": "zvm.apars", "hpux-server": "patches"}


def _best_field(words: set[str], fields: dict[str, Any], fits, leaf: bool = True) -> str | None:
    """The field whose path words the clause names most (then the most specific); None on a tie.

    `leaf`: a word of the field's own name must be among them ("sap profile ... 1" is no abap_initrc_degree);
    an enumeration's value names its field itself ("dedicated cpus": cpu.mode), so there the block's words do."""
    top = _top_fields(words, fields, fits, leaf)
    return top[0] if len(top) == 1 else None  # two fields fit the words equally: not guessed


_NUMBER_FITS = {
    True: lambda path, ft: ft.type == "number" and path.endswith(("_gb", "_mb")),  # a size
    False: lambda path, ft: ft.type == "number",
}


def _top_fields(words: set[str], fields: dict[str, Any], fits, leaf: bool = True, by_hits: bool = False) -> list[str]:
    """The fields that fit the words best, equally (one, several on a tie, or none); `by_hits`: by the number of
    words named alone, so every field the words could mean is among them. A word of the field's description
    counts half a word of its path ("the recording lasted 2 hours": amepat.monitored_min); two description
    words name a field on their own."""
    scored = []
    for path, ft in fields.items():
        if not fits(path, ft):
            continue
        own = path_words(path)
        hit = len(own & words)
        desc = described(words, description_words(path))
        # a true/false field's own name is often a state ("running", "planned"): its block's words name it too
        own_name = path_words(path.rsplit(".", 1)[-1])
        named = hit and (
            not leaf
            or own_name & words
            or (ft.type == "bool" and hit > 1)
            # "AME off": a state's block, all of it ("sap" alone is no "multithreaded apps running")
            or (ft.type == "bool" and own_name <= STATES and path_words(path.rsplit(".", 1)[0]) <= words)
        )
        if named or desc >= 2:
            score = hit + desc / 2
            scored.append((score, hit / len(own), path))
    scored.sort(reverse=True)
    return [p for h, r, p in scored if (h if by_hits else (h, r)) == (scored[0][0] if by_hits else scored[0][:2])]


def ambiguous_fields(doc: dict, text: str, reading: Reading) -> list[str]:
    """The fields a change in words could mean equally ("make it dedicated": cpu.mode or memory.mode; "bump ame to
    3.0": ame.expansion_factor or ame.deficit_mb), to ask which one instead of guessing; empty when none."""
    kind = str(doc.get("kind"))
    fields = {p: ft for p, ft in field_types(kind).items() if p not in ("kind", "name") and ft.type != "list"}
    clause = reading.text[:2000]
    words = words_of(clause)
    for q in reading.quantities:
        if q.ambiguous or q.kind not in ("number", "size", "percent"):
            continue
        top = _top_fields(words, fields, _NUMBER_FITS[q.kind == "size"], leaf=False, by_hits=True)
        if len(top) > 1:
            return top
    for tok in _ENUM_TOKEN.finditer(clause):
        low = tok.group(0).lower()
        if low[:1].isdigit():
            continue
        holders = [p for p, ft in fields.items() if ft.type == "enum" and _choice(ft, low) is not None]
        if len(holders) > 1:
            return holders
    return []


def _fix_changes(doc: dict, text: str) -> list[Change]:
    """ "apply VM65586", "back out PHKL_44565": a fix added to or taken from the document's list of fixes."""
    path = FIX_LISTS.get(str(doc.get("kind")))
    ids = [m.group(0).upper() for m in _FIX_ID.finditer(text)]
    if path is not None and not ids and _NO_FIXES.search(text):
        return [Change(path, [], None, text)]
    if path is None or not ids:
        return []
    current = list(get_at(doc, path) or [])
    if _FIX_REMOVE.search(text):
        missing = [i for i in ids if i not in current]
        if missing:
            raise ChangeError(f"{missing[0]} is not in {path} of this document ({', '.join(current) or 'empty'})")
        return [Change(path, [i for i in current if i not in ids], None, text)]
    if _FIX_ADD.search(text) or linre.search(r"\bAPARs?\b|\bPTFs?\b|\bpatch", text, linre.IGNORECASE):
        return [Change(path, current + [i for i in ids if i not in current], None, text)]
    return []


_LFAREA_PAGES = linre.compile(
    r"(\d{1,6})\s*(?:x\s*)?(2\s?G|1\s?M)[B]?\s*(?:large\s+|fixed\s+)?(?:pages?|frames?)\b"
    r"|\b(2\s?G|1\s?M)[B]?\s*(?:large\s+|fixed\s+)?(?:pages?|frames?)?\s*(?:(?:goes|go|going|moves?|changes?|raised|"
    r"lowered|set|cut|grows?|drops?)\s+to|to|=|->|=>|→|of|at|were|is|becomes?|be)\s*\(?\s*(\d{1,6})"
    r"\s*(%?)",  # "1M=(50%)": the statement's own syntax, one part of it
    linre.IGNORECASE,
)
_USAGE = linre.compile(r"\b(?:allocated|usage|used|in\s+use|hwm|high\s*water|peak)\b", linre.IGNORECASE)
_PART_OF = {"2G": linre.compile(r"2G=\(([^()]*)\)", linre.I), "1M": linre.compile(r"1M=\(([^()]*)\)", linre.I)}


def _lfarea_changes(doc: dict, text: str) -> list[Change]:
    """ "8 2G pages instead of 4", "2G to 12", "1M to 40%": the page count of a new-form LFAREA statement."""
    if doc.get("kind") != "zos-lpar" or not isinstance(doc.get("lfarea"), str):
        return []
    stmt = doc["lfarea"]
    out = stmt
    for m in _LFAREA_PAGES.finditer(text[:2000]):
        if _OLD_VALUE.search(text[max(0, m.start() - 16) : m.start()]):
            continue  # "instead of 4 2G pages": the old value
        if _USAGE.search(text[max(0, m.start() - 30) : m.start()]):
            continue  # "max allocated 1M were 3000": what was used, not what the statement asks for
        size = (m.group(2) or m.group(3)).upper().replace(" ", "")
        value = f"{m.group(1) or m.group(4)}{m.group(5) or ''}"
        if "=(" not in out.replace(" ", ""):
            raise ChangeError(
                f"{stmt} is an old-form statement; write the new one, for example "
                "'set lfarea to LFAREA=(1M=(10%),2G=(4))'"
            )
        part = _PART_OF[size].search(out)
        if part is not None:
            out = f"{out[: part.start()]}{size}=({value}){out[part.end() :]}"
        else:  # the statement has no such part yet: added inside its parentheses
            close = out.rstrip().rfind(")")
            out = f"{out[:close]},{size}=({value}){out[close:]}"
    if "=(" in out.replace(" ", ""):
        out = _lfarea_parts(out, text)
    return [Change("lfarea", out, None, text)] if out != stmt else []


# "drop the 2G part", "remove 1M": a part of a new-form statement taken out
_PART_DROPPED = linre.compile(
    r"\b(?:drop|remove|delete|without|no|strip|take\s+out|get\s+rid\s+of)\s+(?:the\s+)?(2\s?G|1\s?M)\b", linre.I
)
# "append NOPROMPT", "add noprompt", "with PROMPT": the prompt keyword of a new-form statement
_PROMPT_SAID = linre.compile(
    r"\b(?:append|add|adding|with|use|put|set|switch\s+to|make\s+it)\s+(?:the\s+|a\s+)?(noprompt|prompt)\b", linre.I
)


def _lfarea_parts(stmt: str, text: str) -> str:
    """A new-form LFAREA statement with the parts the words drop ("drop the 2G part completely") and the prompt
    keyword they add ("append NOPROMPT"); the statement as it was when they say neither."""
    out = stmt
    for m in _PART_DROPPED.finditer(text[:2000]):
        part = _PART_OF[m.group(1).upper().replace(" ", "")].search(out)
        if part is not None:
            out = f"{out[: part.start()]}{out[part.end() :]}"
    prompt = _PROMPT_SAID.search(text[:2000])
    if prompt is not None:
        out = linre.sub(r",?\s*\b(?:NO)?PROMPT\b", "", out, flags=linre.IGNORECASE)
        close = out.rstrip().rfind(")")
        out = f"{out[:close]},{prompt.group(1).upper()}{out[close:]}"
    out = linre.sub(r"\(\s*,", "(", linre.sub(r",\s*,", ",", linre.sub(r",\s*\)", ")", out)))
    return out


# "chatr +pi 16M +pd 64M disp+work": the instruction (text) and data page size hints of HP-UX
_CHATR = {
    "large_pages.text": linre.compile(r"\+pi\s+(\w+)", linre.I),
    "large_pages.data": linre.compile(r"\+pd\s+(\w+)", linre.I),
}


def _chatr_changes(doc: dict, text: str) -> list[Change]:
    if doc.get("kind") != "hpux-server" or "chatr" not in text.lower():
        return []
    types = field_types("hpux-server")
    out = []
    for path, pattern in _CHATR.items():
        m = pattern.search(text)
        if m is not None and path in types:
            value = _choice(types[path], m.group(1).lower())
            if value is None:
                raise ChangeError(
                    f"{m.group(1)} is not a page size chatr takes ({', '.join(map(str, types[path].choices))})"
                )
            out.append(Change(path, value, None, text))
    return out


def _statement_changes(doc: dict, text: str) -> list[Change]:
    """ "what if the statement were LFAREA=(1M=(10%),2G=(2))": the document's LFAREA statement replaced whole."""
    if doc.get("kind") != "zos-lpar":
        return []
    stmt, _ = _lfarea_statement(text)
    if stmt is None or "xx" in stmt.lower() or "..." in stmt:
        return []
    return [Change("lfarea", stmt, None, text)]


def _names(text: str, name: str) -> bool:
    at = text.lower().find(name.lower())
    while at >= 0:
        before, after = text[at - 1 : at] if at else "", text[at + len(name) : at + len(name) + 1]
        # ("" is in every string: a name at the start or the end of the message is a name too)
        if not (before and (before.isalnum() or before in "-_")) and not (after and (after.isalnum() or after in "-_")):
            return True
        at = text.lower().find(name.lower(), at + 1)
    return False


def field_changes(doc: dict, text: str, reading: Reading, frame: bool = False) -> tuple[list[Change], set[int]]:
    """(changes named by a value and a field's words, the starts of the quantities they used); `frame`: a managed
    system's own fields only, not its partitions'."""
    kind = str(doc.get("kind"))
    if kind == "managed-system" and not frame:
        # "cut sapdb01 paging space to 8 GB": the fields of the partition the message names; none named: the
        # frame's own fields (a partition's field with no partition named is asked for by resolve_target)
        parts = [p for p in doc.get("partitions") or [] if isinstance(p, dict)]
        named = [(i, p) for i, p in enumerate(parts) if p.get("name") and _names(reading.text, str(p["name"]))]
        if len(named) == 1:
            i, part = named[0]
            sub, took = field_changes(part, text, reading)
            return [Change(f"partitions[{i}].{c.path}", c.value, str(part["name"]), c.raw) for c in sub], took
        if not named:
            frame_changes, took = field_changes(doc, text, reading, frame=True)
            if frame_changes:
                return frame_changes, took
            # "what if smt were 2" on a frame: a partition's field, but whose? one partition: it; several: asked
            fit = [(i, p) for i, p in enumerate(parts) if p.get("name") and field_changes(p, text, reading)[0]]
            if len(fit) == 1:
                i, part = fit[0]
                sub, took = field_changes(part, text, reading)
                return [Change(f"partitions[{i}].{c.path}", c.value, str(part["name"]), c.raw) for c in sub], took
            if len(fit) > 1:
                names = [str(p["name"]) for _, p in fit]
                raise WhichOne(f"which partition: {', '.join(names)}?", names, "partition")
    fields = {p: ft for p, ft in field_types(kind).items() if p not in ("kind", "name") and ft.type != "list"}
    text = reading.text[:2000]
    changes: list[Change] = []
    used: set[int] = set()
    seen: set[str] = set()
    bounds = [0] + [m.end() for m in _CLAUSES.finditer(text)] + [len(text) + 1]
    name_words = {w for p in fields for w in path_words(p) if w[:1].isdigit()}
    for lo, hi in zip(bounds, bounds[1:], strict=False):
        clause = text[lo:hi]
        words = words_of(clause)
        before = len(changes)
        values = [q for q in reading.quantities if lo <= q.start < hi and not q.ambiguous]
        values = [q for q in values if not _OLD_VALUE.search(text[max(0, q.start - 16) : q.start])]
        # "10g" of "eth 10g ports" is a word of a field's name, not a value ("double the eth 10g ports")
        values = [q for q in values if q.kind == "number" or q.raw.split()[0].lower() not in name_words]
        numeric = False
        spans: list[tuple[int, int]] = []
        beside: set[str] = set()  # the words that named a value's field from right beside it
        for q in values if len(values) > 1 else []:  # "10 GB true memory at factor 1.1": each by its own word
            near = words_of(_adjacent(clause, q.start - lo, q.end - lo, shared=False))
            change = _numeric_change(doc, fields, near, q, clause, text, seen) if near else None
            if change is not None and path_words(change.path) & near:  # the word beside it names the field
                beside |= near
                changes.append(change)
                used.add(q.start)
                spans.append((q.start - lo, q.end - lo))
                seen.add(change.path)
                numeric = True
        for q in reversed([v for v in values if v.start not in used]):  # "from 64 to 128 GB": the last value
            after = text[q.end : hi]
            need = _NEED.search(after)  # "10 GB ... enough for the peak": the peak is what it is held against
            rest = f"{text[lo : q.start]} {after[: need.start()] if need else after}"  # its own text names none ("1m")
            own = (words_of(rest) | (stems(q.noun) if q.noun else set())) - beside  # "8 IFLs"; not another's word
            change = _numeric_change(doc, fields, own, q, clause, text, seen)
            if change is not None:
                changes.append(change)
                used.add(q.start)
                spans.append((q.start - lo, q.end - lo))
                seen.add(change.path)
                numeric = True
                break
        scale = _SCALE.search(clause)
        if not values and scale:  # "double the entitlement", "what if online storage doubled"
            change = _scaled_change(doc, fields, words, _SCALES[(scale.group(1) or scale.group(2)).lower()], text, seen)
            if change is not None:
                changes.append(change)
                seen.add(change.path)
                numeric = True
        valued: list[str] = []  # values the clause sets ("16M text"): no on/off reading of its words ("use")
        taken = 0
        for tok in _ENUM_TOKEN.finditer(clause):
            if _OLD_VALUE.search(clause[max(0, tok.start() - 16) : tok.start()]):
                continue
            if any(a <= tok.start() < b for a, b in spans):
                continue  # the noun of a count already placed ("32 ifls"), not a value of its own
            if any(_choice(ft, tok.group(0).lower()) is not None for ft in _ENUMS(fields)):
                valued.append(stem(tok.group(0)))
            token, end = _compound(clause, tok, fields)
            if tok.start() < taken:
                continue  # the second word of a compound value already placed ("1M fixed")
            # "16M text / 64M data pages": the word right next to a value names its field first
            near = words_of(_adjacent(clause, tok.start(), end))
            change = _enum_change(fields, near, token, text, seen, by_hits=True) if near else None
            if change is None and near:  # "text 16M data 64M": "data" is the next value's word, not this one's
                own = words_of(_adjacent(clause, tok.start(), end, shared=False))
                change = _enum_change(fields, own, token, text, seen, by_hits=True) if own and own != near else None
            if change is None:
                others = words_of(f"{clause[: tok.start()]} {clause[end:]}")
                change = _enum_change(fields, others, token, text, seen)
            if change is not None and end > tok.end():
                taken = end
            if change is not None:
                changes.append(change)
                used.add(lo + tok.start())
                seen.add(change.path)
        if not numeric:
            change = _bool_change(fields, words, clause, text, seen)
            if change is not None and valued and _VALUE_WORDS.search(clause):
                # "use 16M text pages for disp+work" is no switch of a field the value does not name
                change = change if set(valued) <= path_words(change.path) else None
            if change is None and not values and (_CLEAR.search(clause) or _NO.search(clause)):
                change = _cleared_change(fields, words, text, seen, counts_only=not _CLEAR.search(clause))
            if change is None and len(changes) == before:  # nothing else in this clause took its words
                change = _string_change(fields, words, clause, text, seen)
            if change is not None:
                changes.append(change)
                seen.add(change.path)
    return changes, used  # "engines to ifl" on ifl included: the what-if turn says it is already so


def _compound(clause: str, tok, fields) -> tuple[str, int]:
    """ "1M fixed", "2G pageable", "share idle procs": a choice written as two or more words, joined as the schema
    spells it ("1m-fixed", "share_idle_procs"); else the token alone. (value, end in the clause)"""
    rest = clause[tok.end() : tok.end() + 40]
    words = linre.findall(r"[\s/-]*([A-Za-z0-9]+)", rest)[:3]
    for n in range(len(words), 0, -1):
        for sep in ("-", "_"):
            joined = sep.join([tok.group(0), *words[:n]]).lower()
            if any(_choice(ft, joined) is not None for ft in _ENUMS(fields)):
                end = tok.end()
                for w in words[:n]:
                    end = clause.lower().index(w.lower(), end) + len(w)
                return joined, end
    return tok.group(0), tok.end()


def _ENUMS(fields: dict) -> list:  # noqa: N802 - reads as the set it returns
    return [ft for ft in fields.values() if ft.type == "enum"]


# a value written with its unit or a page size ("16M", "64K", "4G"): the clause sets a value
_VALUE_WORDS = linre.compile(r"\b\d+(?:[KMGT]B?|K)\b", linre.IGNORECASE)
_NEXT_WORD = linre.compile(r"^[\s/,]*([A-Za-z][\w-]*)")
_PREV_WORD = linre.compile(r"([A-Za-z][\w-]*)[\s/,]*$")
_VALUE_NEXT = linre.compile(r"^[\s/,]*\d+(?:[KMGT]B?|K)\b", linre.IGNORECASE)
_VALUE_BEFORE = linre.compile(r"\b\d+(?:[KMGT]B?|K)[\s/,]*$", linre.IGNORECASE)


def _adjacent(clause: str, start: int, end: int, shared: bool = True) -> str:
    """The word right before and the word right after a value ("16M text", "data 64M"); `shared` False: without a
    word that stands between this value and another one ("text 16M data 64M": "data" is 64M's)."""
    after = _NEXT_WORD.search(clause[end : end + 40])
    before = _PREV_WORD.search(clause[max(0, start - 40) : start])
    if not shared:
        if after and _VALUE_NEXT.match(clause[end + after.end() : end + after.end() + 40]):
            after = None
        if before and _VALUE_BEFORE.search(clause[max(0, start - 40) : start][: before.start()]):
            before = None
    return f"{before.group(1) if before else ''} {after.group(1) if after else ''}".strip()


def _numeric_change(doc: dict, fields, words: set[str], q, clause: str, text: str, seen: set[str]) -> Change | None:
    def fits(path: str, ft) -> bool:
        if ft.type != "number" or path in seen:
            return False
        if q.kind == "size":  # "64K" is a page size, never a number of GB ("16M" / "1M" likewise)
            return path.endswith(("_mb", "_kb")) or (path.endswith("_gb") and not _page_size(q, doc))
        if q.kind == "percent":
            return path.endswith("_pct") or path.endswith("factor")
        return q.kind in ("number", "count", "cores") and not path.endswith("_pct")

    if q.kind in ("count", "cores") and q.noun:  # "8 cells", "32 ifls", "4 sap instances": what it counts
        nouns = stems(q.noun)
        counted = fits

        def fits(path: str, ft) -> bool:  # noqa: F811 - the same test, narrowed to fields of that noun
            return counted(path, ft) and bool(nouns & path_words(path))

    top = _top_fields(words, fields, fits)
    present = [p for p in top if get_at(doc, p) is not None]
    # two fields the words fit equally: the one the document has ("ame factor 1.5": the expansion factor it is
    # configured with, not the achieved factor it does not report); both or neither: not guessed
    path = top[0] if len(top) == 1 else present[0] if len(present) == 1 else None
    if path is None:
        return None
    default = MEMORY.get(str(doc.get("kind")))
    if (
        default is not None
        and q.kind == "size"
        and path_words(path) & words <= {"memory"}
        and default in fields
        and default not in seen
    ):
        path = default  # "what if we had 10 GB of RAM": the memory it has, not the peak's virtual memory
    if _negative(text, q.start):
        raise ChangeError(f"{path} cannot be negative (-{q.raw})")
    value = q.value
    if q.kind == "size" and path.endswith("_mb"):
        value *= 1024
    elif q.kind == "size" and path.endswith("_kb"):
        value *= 1024 * 1024
    current = get_at(doc, path)
    before = text[max(0, q.start - 8) : q.start]
    by = _BY.search(before) is not None
    relative = by or _ADD.search(clause) is not None or _REMOVE.search(clause) is not None
    if relative and isinstance(current, (int, float)) and not isinstance(current, bool):
        # "add 32 GB of storage", "cut swap by 32 GB", "take 8 GB away": from the field's current value
        down = _REMOVE.search(clause) is not None or (by and _DOWN.search(clause) is not None)
        value = current - value if down else current + value
    elif relative:
        raise ChangeError(f"{path} is not set in this document, so there is nothing to add to or take from")
    if value < 0:
        raise ChangeError(f"{path} would be {value:g}: it cannot be negative")
    written = "." in q.raw and isinstance(current, float)  # "2.0" for a factor of 1.0 stays 2.0
    return Change(path, float(value) if written else _number(value), None, text)


def _negative(text: str, start: int) -> bool:
    """ "-4 GB": a minus sign right before an amount, not a range ("4-8") or a word ("AIX-7")."""
    return start > 0 and text[start - 1] == "-" and (start < 2 or not text[start - 2].isalnum())


def _choice(ft, low: str) -> Any:
    """The choice of enumeration `ft` a token names: itself ("capped"), its plural ("ziips") or the distinctive
    part of a compound choice ("java" for sap-java, when no other choice of the field ends the same way)."""
    for c in ft.choices:
        if str(c).lower() in (low, low[:-1] if low.endswith("s") else low):
            return c
    parts = [c for c in ft.choices if str(c).lower().rsplit("-", 1)[-1] == low and "-" in str(c)]
    return parts[0] if len(parts) == 1 else None


def _scaled_change(doc: dict, fields, words: set[str], factor: float, text: str, seen: set[str]) -> Change | None:
    def fits(path: str, ft) -> bool:
        current = get_at(doc, path)
        return (
            ft.type == "number"
            and path not in seen
            and isinstance(current, (int, float))
            and not isinstance(current, bool)
        )

    path = _best_field(words, fields, fits)
    return Change(path, _number(get_at(doc, path) * factor), None, text) if path is not None else None


def _enum_change(
    fields, words: set[str], token: str, text: str, seen: set[str], by_hits: bool = False
) -> Change | None:
    """`by_hits`: the words must name one field more than any other ("on 4K pages" names AME's page support and
    the application's page size alike: the rest of the clause decides, "run SAP on 4K pages")."""
    low = token.lower()

    def fits(path: str, ft) -> bool:
        return ft.type == "enum" and path not in seen and _choice(ft, low) is not None

    candidates = [p for p, ft in fields.items() if fits(p, ft)]
    if not candidates:
        return None
    top = _top_fields(words, fields, fits, leaf=False, by_hits=by_hits)
    path = top[0] if len(top) == 1 else None
    if path is None and len(candidates) == 1 and not low[:1].isdigit():
        path = candidates[0]  # "switch it to capped": a word only one field of this kind can hold names it
    if path is None:
        return None
    return Change(path, _choice(fields[path], low), None, text)


def _cleared_change(fields, words: set[str], text: str, seen: set[str], counts_only: bool = False) -> Change | None:
    """ "drop cell local memory" (clm_pct 0), "remove the LFAREA statement" (not coded), "no segregation": a field
    named with no value, taken away: a number to 0, an enumeration to its "none", a statement removed (`counts_only`:
    a bare "no LHEA" takes away a count, nothing else)."""

    def fits(path: str, ft) -> bool:
        if counts_only:
            return path not in seen and ft.type == "number"
        return path not in seen and (ft.type in ("number", "string") or (ft.type == "enum" and "none" in ft.choices))

    path = _best_field(words, fields, fits)
    if path is None:
        return None
    ft = fields[path]
    return Change(path, 0 if ft.type == "number" else "none" if ft.type == "enum" else None, None, text)


# the value of a free-text field: "ioslevel 3.1.4.10", "what if stat/clock were sap_clock"
_STRING_VALUE = linre.compile(
    r"(?:\b(?:to|were|was|is|be|becomes|of)\s+|=\s*|\s)([A-Za-z0-9][\w./+-]{0,40})\s*[?.!]*\s*$"
)
_OWN_READERS = ("lfarea", "os.version", "zos_version", "zvm.version", "name")  # levels and statements: their own


def _string_change(fields, words: set[str], clause: str, text: str, seen: set[str]) -> Change | None:
    def fits(path: str, ft) -> bool:
        return ft.type == "string" and path not in seen and path not in _OWN_READERS

    path = _best_field(words, fields, fits)
    m = _STRING_VALUE.search(clause.strip()) if path is not None else None
    if path is None or m is None or m.group(1).lower() in path_words(path) | words_of(path):
        return None
    return Change(path, m.group(1), None, text)


def _bool_change(fields, words: set[str], clause: str, text: str, seen: set[str]) -> Change | None:
    """On/off words, or a supposition ("what if the app compressed its own memory", "plan a suspend/resume")
    that names a true/false field: it supposes the field true unless a negation says otherwise."""
    on, off = _ON.search(clause), _OFF.search(clause) or _CLEAR.search(clause)
    if not (on or off or _SUPPOSE.search(text)):
        return None

    def fits(path: str, ft) -> bool:
        return ft.type == "bool" and path not in seen

    path = _best_field(words - {"on", "off", "enable", "disable", "turn", "switch"}, fields, fits)
    if path is None:
        return None
    # the field's own words beyond its block and a state ("app", "compressed" of workload.app_memory_compressed)
    # must be named: "what if we had more memory" switches no memory-related flag on
    blocks = {w for p in fields for w in path_words(p.rsplit(".", 1)[0]) if "." in p}
    distinctive = path_words(path.rsplit(".", 1)[-1]) - blocks - STATES
    if distinctive and not distinctive & words:
        return None
    if not (on or off) and len(distinctive & words) < min(2, len(distinctive)):
        return None  # a supposition names its flag in full: "the server was a zEC12" is no "db server in the same CEC"
    return Change(path, not off, None, text)  # a negation wins: "had no ..."
