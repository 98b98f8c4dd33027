"""Calculator answers: when a question carries the numbers, compute instead of quoting.

Each recogniser looks for its topic and its inputs in the question; if both are there it
returns the result as lines cited with the calculator's own citations (the calculators and
derived values in advisor/calculators and advisor/derive name their source, section and
locator). Nothing here restates guidance: the figures come from the calculators, and the
words around them only name the inputs and the formula the calculator applies.
power.py, hpux.py and zsystems.py hold the recognisers of each product line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from advisor import linre
from advisor.capabilities.errors import CapabilityError
from advisor.chat.calc.asked import asks_a_figure, asks_judgement, asks_other, fragment
from advisor.chat.calc.common import CLOCK, CalcAnswer, counts_something
from advisor.chat.calc.hpux import INSTANCES_TOPIC, clm_answer, hpux_kernel_answer, sap_instances_answer
from advisor.chat.calc.power import (
    _factors,
    ame_answer,
    cpu_sizing_answer,
    hpt_answer,
    veth_buffers_answer,
    vios_answer,
)
from advisor.chat.calc.zsystems import _lfarea_statement, getstor_answer, lfarea_answer, plarea_answer, smt_answer
from advisor.chat.judge import short_yes_no
from advisor.chat.reader import Quantity, Reading, read
from advisor.chat.reply import Composer, Question

RECOGNISERS: tuple[Callable[[str], CalcAnswer | None], ...] = (
    getstor_answer,
    lfarea_answer,
    plarea_answer,
    sap_instances_answer,
    clm_answer,
    hpux_kernel_answer,
    ame_answer,
    smt_answer,
    veth_buffers_answer,
    cpu_sizing_answer,
)


_PLAIN_UNITS = frozenset({"t", "gb", "gib", "g", "mb", "mib", "m"})  # read as written already ("1.5 TB" -> GB)


def _sizes_spelled_out(reading: Reading) -> str:
    """The message with the sizes written the admin's way in GB ("64 gigs" -> "64 GB", "1,5 TB" -> "1536 GB").

    The recognisers below match sizes by their unit; an admin's "gigs", "gig" or "G" is the
    same amount, and the reader has already decided it (an ambiguous size stays as written,
    so the recogniser's own question about it still comes).
    """
    text = reading.text
    amounts = {id(q) for q in reading.amounts("size")}
    stmt, _ = _lfarea_statement(text)
    at = text.find(stmt) if stmt else -1
    kept = (at, at + len(stmt)) if stmt and at >= 0 else (0, 0)  # "LFAREA=(1M=2048,2G=4)" is read as written
    for q in sorted(reading.quantities, key=lambda q: q.start, reverse=True):
        if kept[0] <= q.start < kept[1]:
            continue
        unit = (q.unit or "").lower()
        # "16G true mem" is 16 GB; the 12G of "LFAREA=12G" stays as written (a statement's own number)
        plain = (unit in _PLAIN_UNITS and "," not in q.raw) and not (len(unit) == 1 and id(q) in amounts)
        # "4K requests": a size under 1 MB is a page size, kept as written ("3.8147e-06 GB" would read as 6 GB)
        tiny = q.kind == "size" and q.value < 1 / 1024
        if q.kind == "size" and not q.ambiguous and not plain and not tiny and text[q.start : q.end] == q.raw:
            # "12,288 MB" stays in MB ("12288 MB"): an answer is stated in the unit the user gave
            mb = unit in ("mb", "mib") and (q.value * 1024).is_integer()
            spelled = f"{q.value * 1024:g} MB" if mb else f"{q.value:g} GB"
            text = f"{text[: q.start]}{spelled}{text[q.end :]}"
        elif q.kind == "saps" and not q.ambiguous and text[q.start : q.end] == q.raw:  # "30k SAPS", "20,000 SAPS"
            text = f"{text[: q.start]}{q.value:g} SAPS{text[q.end :]}"
    return text


# What each calculator computes, in the words a question asks for it with: a question that asks for
# another quantity ("vios memory for 32 cores - how much CPU will it use?") gets no figure from it
COMPUTES = {
    "vios_memory": r"\b(?:mem(?:ory)?|ram|gb|mb|size|sizing|enough)\b",
    "lfarea": r"\b(?:limit|max(?:imum)?|size|fits?|lfarea|pages?|frames?|storage|mem(?:ory)?|gb)\b",
    "plarea": r"\b(?:plarea|size|area|frames?|pages?|storage|mem(?:ory)?|gb)\b",
    "sap_instances": r"\b(?:instances?|count|number)\b",
    "clm": r"\b(?:clm|cell|local|mem(?:ory)?|size|gb)\b",
    "hpux_kernel": r"\b(?:swap|buffer|cache|size|mem(?:ory)?|gb)\b",
    "hpt": r"\b(?:hpt|page\s+table|size|mem(?:ory)?|gb|reserved)\b",
    "getstor": r"\b(?:storage|size|mem(?:ory)?|gb|mb|big|much)\b",
    "zvm_smt": r"\b(?:throughput|gain|etr|itr|users?|faster|more)\b",
    "cpu_sizing": r"\b(?:ec|ce|entitle\w*|vps?|vcpus?|virtual|processing|units?|size|sizing|set|values?)\b",
    "veth_buffers": r"\b(?:min(?:imum)?|buffers?|value|set|raise|go|increase|bump|new)\b",
}
# What a calculator does not compute though other calculators do: "z13 SMT test: how much memory did the z/VM LPAR
# have?" asks for the measured configuration (a passage's figure), not the SMT gain
OTHER_THAN = {
    "zvm_smt": r"\b(?:mem(?:ory)?|storage|ram|gb|ifls?|cps?|ziips?|engines?|processors?|guests?|disks?|cache|"
    r"versions?|levels?|releases?|apars?|os)\b",
}
# calculators whose figure is a requirement or a limit: it settles "is my X ok?"
REQUIREMENTS = frozenset({"vios_memory", "lfarea", "plarea", "clm", "hpux_kernel", "sap_instances", "hpt", "getstor"})
_COMPUTES = {name: linre.compile(pattern, linre.I) for name, pattern in COMPUTES.items()}
_OTHER_THAN = {name: linre.compile(pattern, linre.I) for name, pattern in OTHER_THAN.items()}


def computes(name: str, text: str) -> bool:
    """Whether `text` asks for a figure the calculator `name` computes ("buffer cache cap?" of hpux_kernel)."""
    pattern = _COMPUTES.get(name)
    return pattern is not None and pattern.search(text) is not None


def _answers_what_is_asked(result: CalcAnswer | None, text: str, yes_no: bool = False) -> CalcAnswer | None:
    """The result, unless the question asks for a quantity its calculator does not compute, or is a yes/no
    question whose asking clause wants a judgement the result's figures do not settle ("... safe?")."""
    if result is None or result.out.empty:
        return None
    computes = _COMPUTES.get(result.name)
    if yes_no and result.verdict is None and not asks_a_figure(text, computes if result.name in REQUIREMENTS else None):
        return None
    return None if computes is not None and asks_other(text, computes, _OTHER_THAN.get(result.name)) else result


# "what does ITR mean", "what is meant by ETR", "what does HPT stand for", "meaning of LFAREA": a definition asked
_MEANING_OF = linre.compile(
    r"\bwhat\s+(?:does|do|did)\s+(?:the\s+)?[\w/+-]{1,30}(?:\s+[\w/+-]{1,30})?\s+(?:mean|stand\s+for)\b"
    r"|\bwhat\s+is\s+meant\s+by\b|\bmeaning\s+of\b|\bdefin(?:e|ition\s+of)\b",
    linre.IGNORECASE,
)


def calculate(text: str, platforms: set[str], reading: Reading | None = None) -> CalcAnswer | None:
    """The first calculator whose topic and inputs are in the question, and that computes what it asks; its
    yes/no verdict only for a yes/no question ("LFAREA=(1M=(30%)) on 44 GB online, size?" asks for a figure)."""
    reading = reading or read(text)
    if not reading.quantities and _MEANING_OF.search(reading.text[:400]):
        return None  # "what does ITR mean in that report?": the definition from the sources, no figures computed
    result = _calculate(reading, platforms)
    if result is not None and result.verdict is not None and not (reading.yes_no or _judgement_asked(reading.text)):
        # "one instance with 120 work processes on 32 cores?": a verdict on a figure the user states of their own
        # setup answers a short question that states it
        if not (result.judges_stated and short_yes_no(reading.text)):
            result.verdict = None
    return result


def _judgement_asked(text: str) -> bool:
    """A judgement asked, also by a follow-up carried with the question it continues, whose question mark the carried
    form drops ("we have 4 instances, ok (how many SAP instances for 20000 SAPS on hp-ux)")."""
    if asks_judgement(text):
        return True
    if not (text.endswith(")") and " (" in text):
        return False
    return asks_judgement(text[: text.index(" (")].rstrip(" ?.!") + "?")


def _calculate(reading: Reading, platforms: set[str]) -> CalcAnswer | None:
    text = reading.text
    yes_no = reading.yes_no
    result = _answers_what_is_asked(_bounded(vios_answer, text, reading), text, yes_no)
    if result is not None:
        return _placed(result, reading)  # the VIOS sizing names its own unused quantities (it reads every adapter)
    text = _sizes_spelled_out(reading)
    for fn in RECOGNISERS:
        result = _answers_what_is_asked(_bounded(fn, text), text, yes_no)
        if result is not None:
            return _named_back(_placed(_with_siblings(result, fn, text, yes_no), reading), reading)
    return _named_back(
        _placed(_answers_what_is_asked(_bounded(hpt_answer, text, platforms), text, yes_no), reading), reading
    )


# the HP-UX sizings the slides give side by side ("swap size, buffer cache cap, minimum cell local memory" for one
# server): each answers its own figure of one question
_SIBLINGS = {
    sap_instances_answer: INSTANCES_TOPIC,
    clm_answer: linre.compile(r"\bCLM\b|\bcell[\s-]local\b", linre.I),
    hpux_kernel_answer: linre.compile(r"\bswap\b|\bbuffer[\s-]cache\b", linre.I),
}


def _with_siblings(
    result: CalcAnswer, first: Callable[[str], CalcAnswer | None], text: str, yes_no: bool
) -> CalcAnswer:
    """The first calculator's answer with those of its siblings that the same question also asks ("96 GB RAM, ...:
    swap size, buffer cache cap, minimum cell local memory"), each with its own lines and calculations; the first
    one's. A sibling counts only when the message's own words name its figure (not the question a follow-up is
    carried with: "how many sap instances on it (... swap size, buffer cache cap)"), and a yes/no question judges
    one thing."""
    if first not in _SIBLINGS or yes_no:
        return result
    own = fragment(text) or text
    for fn, named in _SIBLINGS.items():
        if fn is first or named.search(own) is None:
            continue
        other = _answers_what_is_asked(_bounded(fn, text), text, yes_no)
        if other is None or not other.calculations or other.questions:
            continue
        result.out.extend(other.out)
        result.calculations += other.calculations
        result.rules += [r for r in other.rules if r not in result.rules]
    return result


def _bounded(fn: Callable[..., CalcAnswer | None], *args: Any) -> CalcAnswer | None:
    """A recogniser's answer; none when a value it read is outside what the calculator capability accepts (a factor
    of 500, a negative size): the request models bound every surface alike, and the chat answers from the sources."""
    try:
        return fn(*args)
    except (ValidationError, CapabilityError):
        return None


_NAMED_KINDS = frozenset({"size", "count", "number", "percent", "saps", "cores"})  # what is named back when unused
_COUNTED = linre.compile(r"\s{1,3}[a-z][a-z-]{2,}(?:\s{1,3}[a-z][a-z-]{2,})?", linre.I)  # "3 address spaces"
_PAGE_SIZES = frozenset({"4K", "64K", "1M", "16M", "2G"})
# a bare "2G=(4)" is the new form's keyword with its own count of pages (zsystems.bare_request)
_SPAN_WORDS = linre.compile(
    r"\b(?:LFAREA|IARV64|UNITS|SEGMENTS|UNITSIZE)\b\s*=?\s*\S*|\b(?:1M|2G)\s*=\s*\(\S*", linre.I
)


def _values(data: object) -> set[float]:
    """Every number among a calculation's inputs, also in the other size unit (GB and MB)."""
    if isinstance(data, bool):
        return set()
    if isinstance(data, int | float):
        return {round(float(data), 6), round(float(data) * 1024, 6), round(float(data) / 1024, 6)}
    if isinstance(data, dict):
        return set().union(*(_values(v) for v in data.values())) if data else set()
    if isinstance(data, list | tuple):
        return set().union(*(_values(v) for v in data)) if data else set()
    return set()


def _in_digits(raw: str, said: str) -> bool:
    """Whether the number was written in digits in the message ("three runs" was not; "z13" holds no 3)."""
    at = said.find(raw)
    while at >= 0:
        end = at + len(raw)
        if not (at and said[at - 1].isalnum()) and not (end < len(said) and said[end].isdigit()):
            return True
        at = said.find(raw, at + 1)
    return False


# "lpar 3", "vios 2", "ticket #4411", "table 5": a number that names something, it counts nothing
_NAMES_BEFORE = linre.compile(
    r"\b(?:lpars?|vios|partitions?|tickets?|jobs?|steps?|options?|no|nr|number|version|v|tables?|figures?|fig|examples?|"
    r"sections?|chapters?|slides?|pages?|levels?|tl|sp|fp|sr|id|nodes?|cec|frames?|hosts?|appendix|rows?|cells?|"
    r"domains?|ldoms?|psets?|cpus?\s+\d+\s+and|run|test|iteration|release|rel|signal|sig|errno|rc|code|"
    r"priority|prio|severity|sev|impact|urgency|incident|case|change|request|"
    r"failures|errors|dropped|discarded|overflows?)\s*[.#:=-]?\s*$"  # netstat -v counters: "Receive Failures 5121"
    r"|#\s*$|[a-z]-$|\d:$",  # "#4411", "CHG-2207", the minutes of "02:00"
    linre.I,
)
_MODEL_AFTER = linre.compile(r"^\+?\s{0,2}\d{3,4}\b")  # "POWER7 750", "P7+ 780": the server model
_TIME_OR_TOKEN = linre.compile(r"^(?::\d\d|[a-z])", linre.I)  # "02:00", "11iv3": a time or a token, no amount
_ADDED_WORD = linre.compile(r"\s{1,3}(?:more|extra|additional|spare|new)\b", linre.I)
_ELIDED_AFTER = linre.compile(r"\s{1,3}(?:with|having|at|of)\s{1,3}\d", linre.I)


def _flat(data: object) -> list[float]:
    """Every number among a calculation's inputs, as given."""
    if isinstance(data, bool):
        return []
    if isinstance(data, int | float):
        return [float(data)]
    if isinstance(data, dict):
        return [v for x in data.values() for v in _flat(x)]
    if isinstance(data, list | tuple):
        return [v for x in data for v in _flat(x)]
    return []


def _used_values(result: CalcAnswer) -> set[float]:
    return set().union(*(_values(c.inputs) | _values(c.result) for c in result.calculations))


def _taken(reading: Reading) -> list[tuple[int, int]]:
    """Spans whose numbers are their own: statements the calculators read (LFAREA=...), OS levels, models, times."""
    text = reading.text
    taken = [m.span() for m in _SPAN_WORDS.finditer(text)] + [m.span() for m in CLOCK.finditer(text)]
    for raw in [o.raw for o in reading.os_levels] + [p.raw for p in reading.platforms]:
        at = text.find(raw)
        while at >= 0:  # every place it is said ("POWER7+ (... on a POWER7 770)")
            model = _MODEL_AFTER.match(text[at + len(raw) : at + len(raw) + 8])
            taken.append((at, at + len(raw) + (model.end() if model else 0)))
            at = text.find(raw, at + 1)
    return taken


def unplaced(result: CalcAnswer, reading: Reading) -> list[Quantity]:
    """The numbers of the message a calculation neither used nor can name as something else: a bare "4" or "4
    more" (what it counts is not said), a decimal no input took. A number that counts a thing the calculator
    does not know ("8 frob adapters", "6 lpars") is placed: it is named back as not an input."""
    text = reading.text
    used = {round(float(v), 6) for c in result.calculations for v in _flat(c.inputs)}  # as said, not converted
    taken = _taken(reading)
    out = []
    sizes = _used_values(result)
    for q in reading.quantities:
        if q.kind == "size" and q.added and not q.ambiguous and round(q.value, 6) not in sizes:
            out.append(q)  # "4 more GB" that no input took: more of which amount?
            continue
        if q.kind in ("count", "cores") and q.added and not q.ambiguous and round(q.value, 6) not in sizes:
            total = [c for c in reading.quantities if c.noun == q.noun and not c.added]
            if not any(round(c.value + q.value, 6) in sizes for c in total):
                out.append(q)  # "8 more npiv clients" that no input took, not even summed with those said
                continue
        if q.kind != "number" or q.ambiguous or any(a <= q.start < b for a, b in taken):
            continue
        more = _ADDED_WORD.match(text, q.end)
        if (q.added or more) and not _ELIDED_AFTER.match(text, more.end() if more else q.end):
            # "and another 5?", "2 more of them": more of what is not said; a value that equals some input (the
            # factor 2) does not place it ("3 lpars at 64 GB max and 2 more at 128 GB max" does)
            if not counts_something(text, more.end() if more else q.end):
                out.append(q)
                continue
        if round(q.value, 6) in used or not _in_digits(q.raw, reading.said):
            continue
        if counts_something(text, more.end() if more else q.end):
            continue
        if _NAMES_BEFORE.search(text[max(0, q.start - 24) : q.start]) or _TIME_OR_TOKEN.match(text[q.end : q.end + 3]):
            continue
        out.append(q)
    return out


def _placed(result: CalcAnswer | None, reading: Reading) -> CalcAnswer | None:
    """The result, or, when a number of the message has no place in it, the question what that number is: a figure
    that silently leaves out a number the user gave may be a confident wrong answer ("and add 4 more")."""
    if result is None or not result.calculations:
        return result
    left = unplaced(result, reading)
    if not left:
        return result
    said = reading.text[
        left[0].start : (m.end() if (m := _ADDED_WORD.match(reading.text, left[0].end)) else left[0].end)
    ]
    ask = CalcAnswer(result.name, Composer(), rules=result.rules)
    question = (
        f"What does the '{said}' in your message count or measure? I cannot place it among the inputs of this "
        "calculation, and the figure may depend on it."
    )
    ask.out.say(question, *result.cites)
    ask.questions.append(Question(path="message.counts", question=question))
    return ask


def _named_back(result: CalcAnswer | None, reading: Reading) -> CalcAnswer | None:
    """The result with every quantity of the message its calculation did not use named as not used: a number the
    user gave is never dropped silently. Numbers inside a statement the calculator read (LFAREA=..., UNITS=...),
    inside an OS level or a model name, and the inputs themselves (in GB or MB) count as used."""
    if result is None or not result.calculations:
        return result
    text = reading.text
    used = _used_values(result)
    taken = _taken(reading)
    amounts = {id(q) for q in reading.amounts("size")}
    for q in reading.quantities:
        if q.kind not in _NAMED_KINDS or q.ambiguous or any(a <= q.start < b for a, b in taken):
            continue
        page = q.kind == "size" and (id(q) not in amounts or q.raw.replace(" ", "").upper() in _PAGE_SIZES)
        whole = q.kind == "number" and float(q.value).is_integer()
        if page or (whole and (not counts_something(text, q.end) or not _in_digits(q.raw, reading.said))):
            continue  # a page size ("1M pages"), a number without what it counts (a model, an id), a word ("both")
        if round(q.value, 6) in used or (q.count is not None and float(q.count) in used):
            continue
        if any(q.raw in a for a in result.assumptions):
            continue
        what = text[q.start : q.end] + (m.group(0) if whole and (m := _COUNTED.match(text, q.end)) else "")
        result.assumptions.append(f"'{what}' is not an input of this calculation; not used.")
    return result


__all__ = ["CalcAnswer", "calculate", "computes", "_factors"]
