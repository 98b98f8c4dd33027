"""Follow-ups that change one input of the last calculation in words ("double the npiv", "and with half the cores?",
"10 NPIV weniger", "8 cores fewer than that", "and if paging was 20 GB", "what if max mem was 192 each", "and
without the 10GbE?", "what if we only count the 12 mapped ones").

The last calculator question (the session's subject, as resolved) holds the calculation's inputs as the user said
them. Each amount in it is a slot, named by what it counts or measures: the reader's noun, medium and speed, and the
words around it ("paging", "true", "max", "mapped"). A follow-up names one slot and says how it changes: times
(double, half), plus or minus (more, fewer, weniger), set to (a number with no such word, "only", "instead") or out
(drop, without). `changed()` rewrites that slot's number in the question, which the calculators then read again as
a whole question, so every calculator is reachable from a follow-up on its own inputs. None when the follow-up names
no single slot or says no change: the other follow-up readings (dialogue.py) then have their turn, and a number with
no single place is asked back there, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass

from advisor import linre
from advisor.chat.calc.asked import asks_judgement
from advisor.chat.calc.power import IN_USE_ONLY
from advisor.chat.numbers import fmt
from advisor.chat.reader import Quantity, Reading, read

MAX_WORDS = 14

# the word of a slot or of a follow-up, as one label ("vfcs" and "npiv" name the same adapters)
_LABELS = {
    **dict.fromkeys(("npiv", "vfc", "vfcs", "npivs"), "npiv"),
    **dict.fromkeys(("veth", "veths", "vlan", "vlans"), "veth"),
    **dict.fromkeys(("lhea", "lheas", "hea"), "lhea"),
    **dict.fromkeys(("fc", "fibre", "fiber", "hba", "hbas", "san"), "fc"),
    **dict.fromkeys(("10gbe", "10g", "10gb", "10gbit", "10gige"), "10g"),
    **dict.fromkeys(("1gbe", "1g", "1gb", "1gbit", "gige"), "1g"),
    **dict.fromkeys(("8gb", "8g", "8gbit"), "8g"),
    **dict.fromkeys(("16gb", "16g", "16gbit"), "16g"),
    **dict.fromkeys(("eth", "ethernet", "nic", "nics", "network"), "ethernet"),
    **dict.fromkeys(
        ("cores", "core", "kerne", "kernen", "kern", "cpus", "cpu", "processors", "procs", "nucleos"), "cores"
    ),
    **dict.fromkeys(("paging", "swap", "pagespace", "page"), "paging"),
    **dict.fromkeys(("true", "real", "physical", "tmem", "phys"), "true"),
    **dict.fromkeys(("max", "maximum", "maxmem", "max_mem"), "max"),
    **dict.fromkeys(("expanded", "expansion", "virtual"), "expanded"),
    **dict.fromkeys(("online", "installed"), "online"),
    **dict.fromkeys(("shared", "shm", "shmem"), "shared"),
    **dict.fromkeys(("factor", "ratio", "ef"), "factor"),
    **dict.fromkeys(("lpar", "lpars", "partition", "partitions", "guests", "guest", "vms", "vm"), "lpar"),
    **dict.fromkeys(("aix",), "aix"),
    **dict.fromkeys(("linux", "rhel", "sles", "suse"), "linux"),
    **dict.fromkeys(("ibmi", "ibm"), "ibmi"),
    **dict.fromkeys(("instances", "instance"), "instances"),
    **dict.fromkeys(("saps",), "saps"),
    # "only 12 are mapped today", "heute erst 40 in use": the part of a counted thing in use now
    **dict.fromkeys(
        ("mapped", "active", "aktiven", "aktive", "assigned", "used", "use", "enable", "enabled", "activos", "actifs"),
        "inuse",
    ),
}
# labels that say what kind of amount a slot is, weaker than the words that name which one it is
_GENERIC = frozenset({"memory", "ports"})
_MEMORY_WORDS = frozenset(
    {"mem", "memory", "ram", "gb", "gig", "gigs", "speicher", "memoria", "memoire", "size", "storage", "stor"}
)

# how a slot changes
_TIMES = (
    (linre.compile(r"\b(?:double[ds]?|doubling|twice|2x|verdoppel\w*|doppelte?n?|duplica\w*|doubler)\b", linre.I), 2.0),
    (linre.compile(r"\b(?:half|halve[ds]?|halving|halbe?n?|halbier\w*|mitad|moiti[eé])\b", linre.I), 0.5),
    (linre.compile(r"\b(?:triple[ds]?|tripling|3x|verdreifach\w*)\b", linre.I), 3.0),
)
_MORE = linre.compile(
    r"\b(?:more|extra|additional|another|add|adding|added|plus|mehr|zus[aä]tzlich\w*|m[aá]s|de\s+plus|on\s+top)\b"
    r"|\+\s?\d",
    linre.I,
)
_FEWER = linre.compile(
    r"\b(?:fewer|less|minus|weniger|menos|moins|remove|removing|take\s+away|drop|dropping|lose|losing|cut\s+by)\b",
    linre.I,
)
_OUT = linre.compile(
    r"\b(?:drop|dropped|dropping|without|remove|removed|take\s+out|lose|pull|ohne|sin|sans|get\s+rid\s+of|no\s+more)\b",
    linre.I,
)
# "what if we only count the 12 mapped ones": the part in use counted instead of the whole
_COUNT_ONLY = linre.compile(r"\b(?:only|just|nur|solo|seulement|erst)\b", linre.I)
_TOKEN = linre.compile(r"[a-z0-9_]+", linre.I)
# "2x 10GbE", "2 x ", "2 ": the count written before a port's speed
_COUNT_BEFORE = linre.compile(r"\b(\d{1,4})\s{0,2}[x*]?\s{0,2}$", linre.I)
_DIGITS = linre.compile(r"\d+(?:[.,]\d+)?")
_WINDOW = 3  # words either side of an amount that name it
_IN_USE_NOTE = f" {IN_USE_ONLY}"


@dataclass
class _Slot:
    q: Quantity
    labels: set[str]


def _words(text: str) -> list[str]:
    return [w.lower() for w in _TOKEN.findall(text)]


def _label(word: str) -> str | None:
    if word in _MEMORY_WORDS:
        return "memory"
    if word in ("ports", "port", "adapters", "adapter", "cards", "card", "links"):
        return "ports"
    return _LABELS.get(word)


def _around(text: str, q: Quantity, qs: list[Quantity]) -> tuple[list[str], list[str]]:
    """The words right before and right after an amount, up to the next amount on either side."""
    before_start = max((o.end for o in qs if o.end <= q.start), default=0)
    after_end = min((o.start for o in qs if o.start >= q.end), default=len(text))
    # "48GB real and 12GB paging": the words before "and" are the amount before's
    clause = linre.split(r"[,;:.?!(]|\b(?:and|und|plus|with|y|et)\b", text[before_start : q.start])[-1] or ""
    before = _words(clause)[-_WINDOW:]
    after = _words(linre.split(r"[,;:.?!)]", text[q.end : after_end])[0] or "")[:_WINDOW]
    return before, after


def _slots(reading: Reading) -> list[_Slot]:
    text, qs = reading.text, list(reading.quantities)
    slots = []
    for q in qs:
        labels: set[str] = set()
        before, after = _around(text, q, qs)
        for w in _words(q.raw) + before + after:
            label = _label(w)
            if label is not None:
                labels.add(label)
        if q.noun:
            labels.add(_LABELS.get(q.noun, q.noun))
        if q.kind == "speed":
            labels.add("ports")
            if q.medium:
                labels.add(_LABELS.get(q.medium, q.medium))
            if q.value:
                labels.add(f"{q.value:g}g")
        if q.kind == "cores":
            labels.add("cores")
        if q.kind == "size":
            labels.add("memory")
        slots.append(_Slot(q, labels))
    return slots


def _asked_labels(text: str, q: Quantity | None) -> set[str]:
    labels = {label for w in _words(text) if (label := _label(w)) is not None}
    if q is not None and q.noun:
        labels.add(_LABELS.get(q.noun, q.noun))
    if q is not None and q.kind == "cores":
        labels.add("cores")
    if q is not None and q.kind == "speed" and q.medium:
        labels.add(_LABELS.get(q.medium, q.medium))
    return labels


def _target(slots: list[_Slot], labels: set[str], q: Quantity | None = None) -> _Slot | None:
    """The one slot the follow-up's words name (all its specific labels, else its kind of amount), of the follow-up
    amount's kind when several are named ("4 more linux lpars": the count, not their size); None if none or a tie."""
    specific = labels - _GENERIC
    if specific:  # every thing the follow-up names is the slot's ("12 vfc adapters" are no FC ports)
        chosen = [s for s in slots if specific <= s.labels]
    else:
        chosen = [s for s in slots if s.labels & labels]
    if len(chosen) > 1 and q is not None:
        chosen = [s for s in chosen if (s.q.kind == "size") == (q.kind == "size")]
    return chosen[0] if len(chosen) == 1 else None


def _value(q: Quantity) -> float | None:
    if q.kind in ("count",) or (q.kind == "speed" and q.count is not None):
        return float(q.count) if q.count is not None else None
    return q.value


def _written(text: str, q: Quantity, new: float) -> str | None:
    """`text` with the amount `q` said as `new` (its count, its cores, its size in GB, its number)."""
    if q.kind == "speed" or (q.kind == "count" and q.count is not None):
        count = str(q.count)
        if q.raw.startswith(count):
            return f"{text[: q.start]}{fmt(new)}{q.raw[len(count) :]}{text[q.end :]}"
        head = _COUNT_BEFORE.search(text[max(0, q.start - 10) : q.start])
        if head is None or head.group(1) != count:
            return None
        at = max(0, q.start - 10) + head.start(1)
        return f"{text[:at]}{fmt(new)}{text[at + len(count) :]}"
    if q.kind == "size":
        return f"{text[: q.start]}{fmt(new)} GB{text[q.end :]}"
    digits = _DIGITS.search(q.raw)
    if digits is None:
        return None
    raw = f"{q.raw[: digits.start()]}{fmt(new)}{q.raw[digits.end() :]}"
    return f"{text[: q.start]}{raw}{text[q.end :]}"


def _counted_before(slots: list[_Slot], slot: _Slot) -> _Slot | None:
    """The counted thing an in-use figure qualifies ("20 npiv vfcs planned, only 12 are mapped"): the count said
    right before it."""
    before = [s for s in slots if s.q.end <= slot.q.start and (s.q.kind == "count" or s.q.kind == "speed")]
    return before[-1] if before else None


def changed(last: str, text: str, explicit: bool = False) -> str | None:
    """The last calculator question with the one input this follow-up changes rewritten, or None (`explicit`: only a
    change said in change words, not a bare new value, which may answer a question asked back)."""
    if len(text.split()) > MAX_WORDS:
        return None
    text = _per_each(_KEPT.sub(" ", text))
    if explicit and not any(
        p.search(text) for p in (_MORE, _FEWER, _OUT, _COUNT_ONLY, _REPLACED, *(p for p, _ in _TIMES))
    ):
        return None
    reading, old = read(text), read(last)
    if not _only_change_words(reading, old):
        return None  # "and huge, max allocated 70": it names a thing the last question had not
    slots = _slots(old)
    said = [q for q in reading.quantities if not q.ambiguous]
    if any(q.ambiguous for q in reading.quantities):
        return None
    instead = _instead_of(reading, said)
    if instead is not None:  # "and for 10 lpars instead of 6": the amount said after "instead of" is the one replaced
        said, labels_from = [instead[0]], instead[1]
    else:
        labels_from = None
    if len(said) > 1:
        return None
    q = said[0] if said else None
    times = next((factor for pattern, factor in _TIMES if pattern.search(text)), None)
    if q is not None and q.kind == "percent" and (_MORE.search(text) or _FEWER.search(text)):
        # "and with 25% more memory?": the amount times 1.25
        times, q = (1 + q.value / 100) if _MORE.search(text) else (1 - q.value / 100), None
    labels = _asked_labels(text, q)
    if q is None and times is None and _ONE_MORE.search(text):
        q = Quantity(kind="number", value=1.0, raw="1", start=0, end=0, added=True)  # "add another veth": one more
    if q is None and times is None and not _OUT.search(text):
        return None
    if times is None and (reading.yes_no or asks_judgement(text)) and not (_MORE.search(text) or _FEWER.search(text)):
        return None  # "we gave each vios 8 gigs, is that enough then?": the user's own figure judged, not changed
    if q is not None and times is not None:
        return None  # "double to 8": which is meant is not said
    in_use = [s for s in slots if "inuse" in s.labels and s.q.kind == "number" and (q is None or s.q.value == q.value)]
    if "inuse" in labels and len(in_use) == 1:  # "only count the 12 mapped ones": that count replaces the planned one
        counted = _counted_before(slots, in_use[0])
        rewritten = _written(old.text, counted.q, in_use[0].q.value) if counted is not None else None
        return None if rewritten is None else rewritten.rstrip(" ?.!") + _IN_USE_NOTE + "?"
    if labels_from is not None:
        same = [s for s in slots if _value(s.q) == labels_from.value and (s.labels & labels or not labels)]
        slot = same[0] if len(same) == 1 else None
    else:
        slot = _target(slots, labels, q)
    if slot is None or slot.q.ambiguous:
        return None
    was = _value(slot.q)
    if was is None:
        return None
    if times is not None:
        new = was * times
    elif q is None:
        new = 0.0  # "drop the 10GbE": that count out
        if slot.q.kind not in ("speed", "count"):
            return None
    elif _FEWER.search(text):
        new = was - _amount(q, slot.q)
    elif q.added or _MORE.search(text):
        new = was + _amount(q, slot.q)
    else:
        new = _amount(q, slot.q)
        if "inuse" in labels and slot.q.kind in ("speed", "count") and _COUNT_ONLY.search(text):
            rewritten = _written(old.text, slot.q, new)
            return None if rewritten is None else rewritten.rstrip(" ?.!") + _IN_USE_NOTE + "?"
    if new < 0 or new == was:
        return None
    if slot.q.kind in ("speed", "count", "cores") and not float(new).is_integer():
        return None  # half of 5 adapters: not a count
    if new == 0:
        return _removed(old.text, slot.q) if slot.q.kind in ("speed", "count") else None
    return _written(old.text, slot.q, new)


# what goes with a count taken out: the ports' noun after it, then the separator to the next input
_NOUN_AFTER = linre.compile(r"\s{0,2}(?:ports?|adapters?|links?|cards?)\b", linre.I)
_SEPARATOR_AFTER = linre.compile(r"\s{0,2}(?:,|\band\b|\+)\s{0,2}", linre.I)
_SEPARATOR_BEFORE = linre.compile(r"\s{0,2}(?:,|\band\b|\+)\s{0,2}$", linre.I)


def _removed(text: str, q: Quantity) -> str | None:
    """`text` without the count `q` ("2x 10GbE ports, " taken out): a count of 0 would be asked about."""
    start = q.start
    if not q.raw.startswith(str(q.count)):
        head = _COUNT_BEFORE.search(text[max(0, q.start - 10) : q.start])
        if head is None or head.group(1) != str(q.count):
            return None
        start = max(0, q.start - 10) + head.start(1)
    end = q.end
    noun = _NOUN_AFTER.match(text, end)
    end = noun.end() if noun else end
    after = _SEPARATOR_AFTER.match(text, end)
    if after is not None:
        return f"{text[:start]}{text[after.end() :]}"
    before = _SEPARATOR_BEFORE.search(text[:start])
    start = before.start() if before is not None else start
    return " ".join(f"{text[:start]}{text[end:]}".split())


# the words a follow-up that changes one input says around the input's name and number, in the languages the bridge
# leaves as they are for short messages ("und 10 NPIV weniger?", "y con 8 cores?")
_FILLER = frozenset(
    """and und y et or if what whatif wenn si we i you they the a an of to with was were is are be been had have has
    only just instead then that this those these them it its ok okay so now same but how about than ones one each
    count counting counted go going make made would could should do did us our my rechnen wurden wuerden wir nur
    die der das den mit con avec los las les de des en el la le pretend say suppose assume actually rather please
    pls in on at for by down up cut reduce raise increase bump lower get got total all both per that's what's
    there here instead again then ja yes no gb g mb tb x grow grows growing grew shrink shrinks scale scaled upgrade
    upgraded extend expand move moved switch change changed become went end ended space""".split()
)


def _only_change_words(reading: Reading, old: Reading) -> bool:
    """Every word of the follow-up is a change word, an input's name, a word of the last question or a filler."""
    said = set(_words(old.text))
    ops = (_MORE, _FEWER, _OUT, _COUNT_ONLY, *(p for p, _ in _TIMES))
    for w in _words(reading.text):
        if w.isdigit() or w in _FILLER or w in said or _label(w) is not None:
            continue
        if any(p.fullmatch(w) for p in ops):
            continue
        if _DIGITS.match(w):  # "10gbe", "8g": a port named by its speed
            continue
        return False
    return True


# "another veth", "one more LHEA", "an extra FC port": one more of the thing named
_ONE_MORE = linre.compile(r"\b(?:another|an\s+(?:extra|additional)|one\s+more|a\s+further)\b", linre.I)
# "10 lpars instead of 6", "64 rather than 32 cores": the second amount is the one said before
# "40 npiv become 64", "20 -> 32 npiv", "from 6 to 10 lpars": the first amount goes, the second comes
_BECOME = linre.compile(
    r"\s{0,2}(?:[a-z]+\s+){0,3}?(?:becomes?|became|turns?\s+into|grows?\s+to|go(?:es)?\s+to|->|→|to)\s{0,2}", linre.I
)
# "6 fc ports instead of 4": a change said by the amount it replaces
_REPLACED = linre.compile(r"\b(?:instead\s+of|rather\s+than|statt|anstatt|en\s+lugar\s+de|au\s+lieu\s+de)\b", linre.I)
_INSTEAD_OF = linre.compile(
    r"\b(?:instead\s+of|rather\s+than|not|statt|anstatt|en\s+lugar\s+de|au\s+lieu\s+de)\s*$", linre.I
)


def _instead_of(reading: Reading, said: list[Quantity]) -> tuple[Quantity, Quantity] | None:
    """(the new amount, the amount it replaces) of "10 lpars instead of 6" or "40 npiv become 64", or None."""
    if len(said) != 2:
        return None
    first, second = said
    between = reading.text[first.end : second.start]
    if _INSTEAD_OF.search(between):
        return first, second
    if _BECOME.fullmatch(between):
        return second, first
    return None


def _amount(q: Quantity, slot: Quantity) -> float:
    """The follow-up's figure in the slot's terms: a count for a count, GB for a size."""
    if q.kind == "speed" or (q.kind == "count" and q.count is not None):
        return float(q.count or 0)
    return q.value


# "keep the doubled npiv but ...", "keeping the 64 npiv, ...": an earlier change kept, which the last question holds
_KEPT = linre.compile(
    r"\b(?:keep|keeping|leave|leaving)\s+(?:the\s+|that\s+|those\s+)?[a-z0-9 ]{1,30}?(?:,\s*|\s+)(?:but|and)\b|"
    r"\b(?:keep|keeping|leave|leaving)\s+(?:the\s+|that\s+|those\s+)?[a-z0-9 ]{1,30}?,",
    linre.I,
)
# "4 more clients, each getting 2 vfc adapters", "3 new lpars with 2 veth each": the things each client adds, counted
_EACH_GETTING = linre.compile(
    r"\b(\d{1,3})\s+((?:more|extra|additional|new|further)\s+)?(?:clients?|lpars?|partitions?|vms?|guests?|hosts?)"
    r"\s{0,2},?\s{0,2}(?:each|every\s+one)\s+(?:getting|gets|with|having|has|needing|needs|using|uses)\s+(\d{1,3})\s+"
    r"|\b(\d{1,3})\s+((?:more|extra|additional|new|further)\s+)?(?:clients?|lpars?|partitions?|vms?|guests?|hosts?)"
    r"\s+(?:with|having|getting)\s+(\d{1,3})\s+([a-z ]{2,30}?)\s+each\b",
    linre.I,
)


def _per_each(text: str) -> str:
    """ "4 more clients, each getting 2 vfc adapters" said as "8 more vfc adapters": the clients count nothing of the
    sizing themselves, the adapters each one gets do."""

    def one(m: linre.Match) -> str:
        more = "more " if m.group(2) or m.group(5) else ""  # "3 new lpars": as many more adapters
        if m.group(1):
            return f"{int(m.group(1)) * int(m.group(3))} {more}"
        return f"{int(m.group(4)) * int(m.group(6))} {more}{m.group(7)}"

    return _EACH_GETTING.sub(one, text)
