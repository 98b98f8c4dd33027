"""Quantities with their units and multipliers, read so that none is lost or misread silently.

"2 x 10Gb ports", "4x8G FC", "four 10 Gb ports", "2 dual-port 10GbE adapters", "64 core box",
"256GB", "48 gigs", "12,288 MB", "1,5 TB", "20000 SAPS", "10 %", "60 NPIV clients".
Every number in the message becomes one Quantity (a bare number stays a `number`), so a
caller can tell which numbers it used and which it did not. A number that can be read two ways
("12.288 MB": twelve megabytes, or 12 288 written with a European thousands dot) is marked
`ambiguous` with the question to ask instead of being guessed.

Speeds and sizes share letters: "10Gb" is a link speed, "10GB" a size, and admins mix them up,
so a size unit followed by a port, adapter, Ethernet or FC word is read as a speed.
"""

from __future__ import annotations

import re

from pydantic import BaseModel

from advisor import linre
from advisor.chat.numbers import MAX_DIGITS, normalise

# A number as written: digits with optional grouping or decimal marks, checked in Python.
_NUMBER = re.compile(
    r"(?<![A-WYZa-wyz0-9_.,/])(\d[\d,.]*\d|\d)(k(?=\s?(?i:SAPS|users|IOPS)\b))?(?![\w]|[.,]\d)"
    r"|(?<![A-WYZa-wyz0-9_.,/])(\d[\d,.]*\d|\d)(?=[A-Za-z%])"
)
# "4 more 8Gb FC ports", "4 active 8Gb FC ports": a word between a count and the speed it counts
_COUNT_GAP = re.compile(
    r"\s(?:(?:non-LHEA|more|extra|additional|spare|new|active|configured|enabled|cabled|used|dedicated)\s)?(?=\d)",
    re.IGNORECASE,
)
_MORE_SIZE = re.compile(
    r"\s(?:more|extra|additional)(?=[\s-]?(?:terabytes?|TB|gigabytes?|gigs?|GB|megabytes?|megs?|MB)\b)", re.IGNORECASE
)
_PER_ADAPTER = re.compile(r"\s(\d)[\s-]port\s(?=\d)", re.IGNORECASE)
_PER_ADAPTER_BARE = re.compile(r"\s(\d)[\s-]port\s(?=FC|Fibre|Fiber|Ethernet|Eth|HBA|NIC|adapter|card)", re.IGNORECASE)
_MULT = re.compile(r"\s?[x×*]\s?(?=\d)", re.IGNORECASE)
_SIZE_UNIT = re.compile(
    # French octets as written ("256 Go", "512 Mo", "2 To"): capitalised only, "go" and "to" are English words
    r"[\s-]?(terabytes?|tebibytes?|TiB|TB|T|gigabytes?|gibibytes?|gigs?|GiB|GB|G|megabytes?|megs?|MiB|MB|M|KiB|KB|K"
    r"|(?-i:[TGMK]i?o))"
    r"(?![A-Za-z])",
    re.IGNORECASE,
)
# "10gbe", "10GBE", "10gbps" are link speeds in any case; "Gb" / "GB" tell speed from size only as written
_SPEED_UNIT = re.compile(r"[\s-]?((?i:gbps|gbit/s|gbits?|gb/s|gbe)|Gb|Gig(?:abit)?E?|G)(?![A-Za-z])")
_MEDIUM = re.compile(
    r"[\s-]{0,2}(?:(\d)[\s-]?port\s)?(?:non-LHEA\s)?"
    r"(Ethernet|Eth|ENT|GbE|FC|Fibre\sChannel|Fiber\sChannel|Fibre|Fiber|HBAs?|NICs?|SEA|ports?|adapters?|links?|cards?)"
    r"(?![A-Za-z])",
    re.IGNORECASE,
)
_PORTS_AFTER = re.compile(r"[\s-]{0,2}(?:ports?|adapters?|links?|cards?|HBAs?|NICs?)(?![A-Za-z])", re.IGNORECASE)
_PORTS_OF = re.compile(r"\s?ports?\sof\s(?=\d)", re.IGNORECASE)
# "2 port 16Gb FC", "a 4-port 10GbE card": the number of ports of the adapter that follows
_PORT_ADAPTER = re.compile(r"[\s-]?ports?\s(?=\d)", re.IGNORECASE)
_COUNT_NOUN = re.compile(
    r"[\s-]{0,2}(?:(?P<more>more|extra|additional|new|spare|fewer|less|x|×)\s?)?"  # "10 fewer npiv": a count too
    r"(?:(?:physical|processor|configured|active|enabled|cabled|used|dedicated|non-LHEA)\s)?"
    r"(?P<noun>virtual\s(?:processors?|procs?|CPUs?)|VPs?\b|cores?|CPUs?|procs?|processors?|way|NPIV|vFC|virtual\sFC|virtual\sFibre\sChannel|virtual\sEthernet|"
    r"virt(?:ual|\.)?\s?(?:eth(?:ernet)?|ent|enet|NICs?)\b|veths?|v-eths?|"
    r"LHEAs?|LPARs?|partitions?|instances?|users?|ports?|adapters?|clients?|IFLs?|CPs?|engines?|cells?|"
    r"SAPS|%|percent|pct|(?<=\d)c(?=\s|,|$))(?![A-Za-z])",  # "96c e980": cores, the c right after the digits
    re.IGNORECASE,
)

SIZE_TO_GB = {"t": 1024.0, "g": 1.0, "m": 1 / 1024, "k": 1 / 1024**2}


class Quantity(BaseModel):
    """One number of the message and what it counts or measures."""

    kind: str  # size | speed | count | cores | percent | saps | number
    value: float  # size: GiB; speed: Gbit/s; count/cores/percent/saps/number: as written
    raw: str
    start: int  # span in the normalised text the reader saw
    end: int
    count: int | None = None  # "2 x 10Gb ports": 2; for kind=speed, the number of ports or adapters
    medium: str | None = None  # ethernet | fc | None (ports whose medium is not said)
    noun: str | None = None  # what a count counts: cores, npiv, veth, lhea, lpar, ports, adapters, ...
    unit: str | None = None  # the unit as written (GB, gigs, Gb, %)
    ambiguous: str | None = None  # the question to ask instead of using the value
    added: bool = False  # "4 more npiv", "another 2 10GbE ports": an addition to what was said before


def parse_number(raw: str, *, sized: bool) -> tuple[float | None, str | None]:
    """(value, ambiguity) of a number as written; `sized`: a unit follows, so "12.288" may mean 12 288."""
    if sum(c.isdigit() for c in raw) > MAX_DIGITS:
        return None, f"I cannot read the number {raw[:20]}... ({len(raw)} characters) exactly"
    if raw.count(",") and raw.count("."):
        if raw.rfind(",") < raw.rfind("."):  # 1,234.5
            return float(raw.replace(",", "")), None
        return float(raw.replace(".", "").replace(",", ".")), None  # 1.234,5
    if "," in raw:
        groups = raw.split(",")
        if all(len(g) == 3 for g in groups[1:]) and 1 <= len(groups[0]) <= 3:
            return float(raw.replace(",", "")), None  # 12,288
        if len(groups) == 2:
            return float(raw.replace(",", ".")), None  # 1,5 (decimal comma)
        return None, f"I cannot read the number {raw!r}"
    if raw.count(".") > 1:
        groups = raw.split(".")
        if all(len(g) == 3 for g in groups[1:]) and 1 <= len(groups[0]) <= 3:
            return float(raw.replace(".", "")), None  # 1.234.567
        return None, f"I cannot read the number {raw!r}"
    if "." in raw:
        whole, frac = raw.split(".")
        value = float(raw)
        if sized and len(frac) == 3 and 1 <= len(whole) <= 3:
            alt = int(whole + frac)
            return value, f"Is {raw} meant as {raw} ({value:g}) or as {alt:,} (a thousands separator)?"
        return value, None
    return float(raw), None


def _dotted_level(raw: str) -> bool:
    """Three or more dotted groups that are no thousands separators ("2.2.6", "2.2.1.3", not "1.234.567")."""
    groups = raw.split(".")
    return len(groups) >= 3 and all(g.isdigit() for g in groups) and not all(len(g) == 3 for g in groups[1:])


def _noun(word: str) -> str:
    w = word.lower().replace("\u00a0", " ")
    if w.startswith(("virtual p", "virtual c")) or w in ("vp", "vps"):
        return "vps"  # virtual processors: never the cores of the machine
    if w.startswith(("core", "cpu", "proc", "way")) or w == "c":
        return "cores"
    if w in ("npiv", "vfc") or w.startswith("virtual fc") or w.startswith("virtual fibre"):
        return "npiv"
    if w.startswith(("virtual e", "virtual nic", "veth", "v-eth")) or (w.startswith("virt") and "fc" not in w):
        return "veth"
    if w.startswith("lhea"):
        return "lhea"
    if w.startswith(("lpar", "partition")):
        return "lpar"
    if w in ("%", "percent", "pct"):
        return "percent"
    if w == "saps":
        return "saps"
    return w.rstrip("s") + "s" if not w.endswith("ss") else w


def _medium(word: str) -> str | None:
    w = word.lower()
    if w.startswith(("eth", "ent", "gbe", "nic", "sea")):
        return "ethernet"
    if w.startswith(("fc", "fibre", "fiber", "hba")):
        return "fc"
    return None


def _port_adapter(norm: str, pos: int) -> re.Match[str] | None:
    """ "2 port 16Gb FC": the count of ports, when a speed with its unit follows."""
    m = _PORT_ADAPTER.match(norm, pos)
    if m is None:
        return None
    nxt = _NUMBER.match(norm, m.end())
    return m if nxt is not None and _SPEED_UNIT.match(norm, nxt.end()) else None


# "cores=48 fc8g=4 eth10g=2 npiv=64 veth=10" (a bot's or a form's key=value inputs, the schema's adapter names too): the
# value is the count of its key, never of the word after it ("48 fc...")
_KEYED = linre.compile(
    r"\b(system_cores|cores|fc_?8g(?:_ports)?|eth_?10g(?:_ports)?|10gbe|eth_?1g(?:_ports)?|1gbe|"
    r"npiv(?:_vfc_adapters)?|vfcs?|veths?|virtual_eth_adapters|lhea_ports|lheas?)\s?[:=]\s?(\d{1,5})\b",
    linre.I,
)
_KEYED_AS = {
    "cores": "{} cores",
    "fc8g": "{} x 8Gb FC ports",
    "eth10g": "{} x 10Gb Ethernet ports",
    "10gbe": "{} x 10Gb Ethernet ports",
    "eth1g": "{} x 1Gb Ethernet ports",
    "1gbe": "{} x 1Gb Ethernet ports",
    "npiv": "{} NPIV adapters",
    "vfc": "{} NPIV adapters",
    "veth": "{} virtual ethernet adapters",
    "lhea": "{} LHEAs",
    "lheaports": "{} LHEA ports",
}


_KEY_ALIASES = {
    "systemcores": "cores",
    "fc8gports": "fc8g",
    "eth10gports": "eth10g",
    "eth1gports": "eth1g",
    "npivvfcadapters": "npiv",
    "vfcs": "vfc",
    "veths": "veth",
    "virtualethadapters": "veth",
    "lheas": "lhea",
}


def _keyed(text: str) -> str:
    """The key=value inputs said as counts of what they name ("fc8g=4" -> "4 x 8Gb FC ports")."""

    def spelled(m: linre.Match) -> str:
        key = m.group(1).lower().replace("_", "")
        form = _KEYED_AS.get(_KEY_ALIASES.get(key, key))
        return form.format(m.group(2)) if form else m.group(0)

    return _KEYED.sub(spelled, text) if "=" in text or ":" in text else text


# "64,64,128 GB": three or more numbers joined by commas without spaces, not in thousands groups, are a list
MAX_LISTED = 16
_COMMA_RUN = linre.compile(r"\b\d{1,4}(?:,\d{1,4}){2,}\b")


def _listed(text: str) -> str:
    """The text with a comma-joined list of numbers spaced ("64,64,128" -> "64, 64, 128"); "1,234,567" stays."""

    def spaced(m: linre.Match) -> str:
        groups = m.group(0).split(",")
        if len(groups) > MAX_LISTED or all(len(g) == 3 for g in groups[1:]):
            return m.group(0)  # thousands groups, or a run no one writes as a list of sizes
        return ", ".join(groups)

    return _COMMA_RUN.sub(spaced, text)


def quantities(text: str) -> tuple[str, list[Quantity]]:
    """(the text with number words as digits, every quantity in it in order)."""
    norm = plain_numbers(_keyed(normalise(_listed(text))))
    out: list[Quantity] = []
    pending_count: int | None = None
    skip_to = -1
    held: tuple[int, int, str] | None = None  # where a count waiting for what it counts was written
    for m in _NUMBER.finditer(norm):
        raw = m.group(1) or m.group(3)
        start, pos = m.start(), m.end()
        if start < skip_to:
            continue
        if pending_count is not None and held is not None and start > held[1] + MAX_COUNT_GAP:
            # a count nothing followed up: kept as a plain number, never dropped
            out.append(Quantity(kind="number", value=float(pending_count), raw=held[2], start=held[0], end=held[1]))
            pending_count = None
        held = (start, pos, raw)
        kilo = bool(m.group(2))
        more = _MORE_SIZE.match(norm, pos)  # "4 more gigs", "2 extra GB": the amount with its unit
        size = _SIZE_UNIT.match(norm, more.end() if more else pos)
        speed = _SPEED_UNIT.match(norm, pos)
        if _dotted_level(raw):
            continue  # "VIOS 2.2.6", "2.2.1.3", "7.1.3": a level or version, no quantity
        value, ambiguous = parse_number(raw, sized=bool(size or speed))
        if value is None:
            out.append(Quantity(kind="number", value=0.0, raw=raw, start=start, end=pos, ambiguous=ambiguous))
            continue
        if kilo:
            value *= 1000
        mult = _MULT.match(norm, pos)
        if mult and value.is_integer() and not size:
            pending_count = int(value)
            continue
        count, pending_count = pending_count, None
        # "4 10 Gb ports", "2 ports of 8 Gb FC": a count standing before a speed
        per = _PER_ADAPTER.match(norm, pos)
        if per and value.is_integer() and count is None:
            pending_count = int(value) * int(per.group(1))  # "2 dual-port 10GbE adapters": 4 ports
            skip_to = per.end()
            continue
        bare_per = _PER_ADAPTER_BARE.match(norm, pos)
        if bare_per and value.is_integer() and count is None:  # "3 quad-port FC HBAs": 12 ports, speed not said
            medium = _MEDIUM.match(norm, bare_per.end() - 1)
            end = medium.end() if medium else bare_per.end()
            more = _PORTS_AFTER.match(norm, end)
            end = more.end() if more else end
            out.append(
                Quantity(
                    kind="speed",
                    value=0.0,
                    raw=norm[start:end],
                    start=start,
                    end=end,
                    count=int(value) * int(bare_per.group(1)),
                    medium=_medium(medium.group(2)) if medium else None,
                    noun="ports",
                )
            )
            skip_to = end
            held = None
            continue
        gap = _COUNT_GAP.match(norm, pos)
        nxt = _NUMBER.match(norm, gap.end()) if gap else None
        if nxt is not None and value.is_integer() and count is None and not size:
            unit_after = _SPEED_UNIT.match(norm, nxt.end()) or _SIZE_UNIT.match(norm, nxt.end())
            if unit_after and (_MEDIUM.match(norm, unit_after.end()) or unit_after.group(1).lower() == "gbe"):
                pending_count = int(value)
                continue
        of = _PORTS_OF.match(norm, pos) or _port_adapter(norm, pos)
        if of and value.is_integer():
            pending_count = int(value)
            continue
        unit_match = speed or size
        if unit_match is not None:
            medium = _MEDIUM.match(norm, unit_match.end())
            if medium is not None:
                each = int(medium.group(1)) if medium.group(1) else 1
                word = medium.group(2)
                med = _medium(word) or ("ethernet" if unit_match.group(1).lower().endswith("e") else None)
                end = medium.end()
                if med and not word.lower().startswith(("port", "adapter", "link", "card")):
                    more = _PORTS_AFTER.match(norm, end)
                    if more:
                        end = more.end()
                q = Quantity(
                    kind="speed",
                    value=value,
                    raw=norm[start:end],
                    start=start,
                    end=end,
                    count=(count if count is not None else 1) * each if count is not None or each > 1 else None,
                    medium=med,
                    noun="ports",
                    unit=unit_match.group(1),
                    ambiguous=ambiguous,
                )
                out.append(q)
                continue
            if speed is not None and speed.group(1) != "G" and not speed.group(1).lower().startswith("gig"):
                # "2 x 10GbE," with no port word after it: a link speed all the same, never a dropped number
                unit = speed.group(1)
                out.append(
                    Quantity(
                        kind="speed",
                        value=value,
                        raw=norm[start : speed.end()],
                        start=start,
                        end=speed.end(),
                        count=count,
                        medium="ethernet" if unit.lower().endswith("e") else None,
                        noun="ports",
                        unit=unit,
                        ambiguous=ambiguous,
                    )
                )
                continue
            if size is not None:
                unit = size.group(1)
                factor = SIZE_TO_GB[unit[0].lower()]
                out.append(
                    Quantity(
                        kind="size",
                        value=value * factor * (count or 1),
                        raw=norm[start : size.end()],
                        start=start,
                        end=size.end(),
                        count=count,
                        unit=unit,
                        ambiguous=ambiguous,
                    )
                )
                continue
        noun = _COUNT_NOUN.match(norm, pos)
        if noun is not None:
            kind_noun = _noun(noun.group("noun"))
            end = noun.end()
            if kind_noun == "npiv":
                more = re.compile(r"\s(?:virtual\s(?:FC|Fibre\sChannel)\s)?(?:clients?|adapters?)", re.I).match(
                    norm, end
                )
                end = more.end() if more else end
            elif kind_noun in ("ports", "adapters"):
                medium = re.compile(r"\s?(?:of\s)?(Ethernet|FC|Fibre\sChannel|Fiber\sChannel)", re.I).match(norm, end)
                med = _medium(medium.group(1)) if medium else None
                out.append(
                    Quantity(
                        kind="speed",
                        value=0.0,
                        raw=norm[start : medium.end() if medium else end],
                        start=start,
                        end=medium.end() if medium else end,
                        count=int(value) if value.is_integer() else None,
                        medium=med,
                        noun=kind_noun,
                        ambiguous=ambiguous,
                    )
                )
                continue
            kind = {"cores": "cores", "percent": "percent", "saps": "saps"}.get(kind_noun, "count")
            out.append(
                Quantity(
                    kind=kind,
                    value=value,
                    raw=norm[start:end],
                    start=start,
                    end=end,
                    count=int(value) if kind == "count" and value.is_integer() else None,
                    noun=kind_noun,
                    ambiguous=ambiguous,
                )
            )
            continue
        medium = _MEDIUM.match(norm, pos)
        if medium is not None and value.is_integer() and _medium(medium.group(2)):
            # "4 FC ports": ports counted, speed not said
            end = medium.end()
            more = _PORTS_AFTER.match(norm, end)
            end = more.end() if more else end
            out.append(
                Quantity(
                    kind="speed",
                    value=0.0,
                    raw=norm[start:end],
                    start=start,
                    end=end,
                    count=int(value),
                    medium=_medium(medium.group(2)),
                    noun="ports",
                )
            )
            continue
        out.append(
            Quantity(kind="number", value=value, raw=raw, start=start, end=pos, count=count, ambiguous=ambiguous)
        )
    if pending_count is not None and held is not None:  # "3 quad-port FC HBAs" at the end: the count is said
        out.append(Quantity(kind="number", value=float(pending_count), raw=held[2], start=held[0], end=held[1]))
    return norm, _placed(norm, out)


MAX_COUNT_GAP = 40  # characters between a count ("2 x", "3 quad-port") and the number it multiplies


# ---------------------------------------------------------------------------- numbers written with marks

# "12,288", "1,5", "1.234,5", "20 000": a number with grouping or decimal marks, rewritten once in plain digits so
# that every calculator pattern reads the value the reader decided ("1,5" is 1.5, never 1 and 5); a number the
# reader cannot decide ("12.288 MB") is left as written and asked about
_MARKED = linre.compile(r"\d[\d,.]*,[\d,.]*\d")
_SPACED = linre.compile("\\d{1,3}(?:[ \u00a0\u202f]0\\d\\d)+")  # "20 000 SAPS": a group starting with 0 counts nothing
_STATEMENT_SPAN = linre.compile(r"[A-Za-z][A-Za-z_]{2,}\s*=\s*(?:\((?:[^()]|\([^()]*\))*\)|\S+)")


def _plain(raw: str) -> str | None:
    value, ambiguous = parse_number(raw, sized=False)
    if value is None or ambiguous:
        return None
    return str(int(value)) if value.is_integer() else repr(value)


def plain_numbers(text: str) -> str:
    """The text with each number written with commas or spaced thousands in plain digits (statements such as
    "LFAREA=(1M=2048,2G=4)" keep their own punctuation; a comma between numbers with spaces is a list)."""
    kept = [m.span() for m in _STATEMENT_SPAN.finditer(text)]
    out: list[str] = []
    at = 0
    found = sorted(
        [
            (m.start(), m.end(), m.group(0).replace("\xa0", "").replace("\u202f", "").replace(" ", ""))
            for m in _SPACED.finditer(text)
        ]
        + [(m.start(), m.end(), m.group(0)) for m in _MARKED.finditer(text)]
    )
    for start, end, raw in found:
        if start < at or any(a <= start < b for a, b in kept):
            continue
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        if before.isalnum() or before in ".," or after.isdigit() or (after.isalpha() and "," in raw and _DECIMAL(raw)):
            continue  # "v1,2", "2048,2G": part of a name or a statement
        plain = _plain(raw)
        if plain is None:
            continue
        out.append(text[at:start] + plain)
        at = end
    return "".join(out) + text[at:]


def _DECIMAL(raw: str) -> bool:  # noqa: N802 - reads as the predicate it is
    return len(raw.rsplit(",", 1)[1]) != 3


# ---------------------------------------------------------------------------- numbers placed by their neighbours

# "npiv clients: 120", "cores = 64", "lheas 2": the noun said before the number (plural or uncountable nouns only:
# "lpar 3", "vios 2" name a partition, they count nothing)
_NOUN_BEFORE = linre.compile(
    r"\b(cores|cpus|processors|procs|npivs?|npiv\s+(?:clients|adapters)|vfcs|virtual\s+fc\s+adapters|"
    r"virtual\s+(?:ethernet|eth)\s+adapters|veths|lheas|ifls|saps|users)"
    r"(?:\s*\([^()]{0,20}\))?\s*(?:[:=]|\bis\b|\bare\b|\bof\b)?\s*$",
    linre.I,
)
# "10GbE ports: 4", "fc ports (8Gb) = 8": the count of ports said after their speed
_COUNT_AFTER = linre.compile(r"^\s*\)?\s*(?:ports?\s*)?(?:[:=]|\bis\b|\bare\b|\bx\b)\s*$", linre.I)
_MEDIUM_BEFORE = linre.compile(r"\b(FC|fibre|fiber|eth|ethernet)\s*ports?\s*\(\s*$", linre.I)
# "2 of the 10GbE ports": a count of the ports named after it
_OF_THE = linre.compile(r"^\s+of\s+(?:the|our|those|these|them|its)?\s*$", linre.I)
# "3 FC adapters with 4 ports each at 8Gb": ports of every adapter, and the speed they run at
_WITH_PORTS = linre.compile(r"^\s*,?\s*(?:with|having|of|each\s+with)\s*$", linre.I)
_EACH_AFTER = linre.compile(r"^\s*,?\s*(?:each|apiece|per\s+(?:adapter|card|hba|one))\b", linre.I)
_AT_SPEED = linre.compile(r"^\s*,?\s*(?:each\s+)?(?:at|@|running\s+at|of)?\s*$", linre.I)
# "20-30 npiv", "16 to 32 GB", "between 10 and 20 npiv", "10 or 20 npiv": two values where one is needed
_RANGE = linre.compile(r"^\s?(?:-|–|to|or)\s?$", linre.I)
_BETWEEN = linre.compile(r"\bbetween\s*$", linre.I)
_AND = linre.compile(r"^\s+and\s+$", linre.I)
_FROM = linre.compile(r"\b(?:from|going|went|go|grew|grow|moved?|raised?|cut|changed?)\s*$", linre.I)
# "another 2 10GbE ports", "2 more 10GbE ports" (the count stands before the speed it counts), "4 more npiv"
_ANOTHER = linre.compile(r"(?:\banother|\d\s+(?:more|extra|additional))\s+(?:\d+\s*)?$", linre.I)
_MORE_WORD = linre.compile(r"^\d[\d.]*\s(?:more|extra|additional)\b", linre.I)
_RANGED = frozenset({"count", "cores", "size"})
_LEADING = linre.compile(r"\d[\d.]*")


def _placed(norm: str, qs: list[Quantity]) -> list[Quantity]:
    """Each number placed by the words around it, where the first reading left it bare or half read."""
    out: list[Quantity] = []
    i = 0
    while i < len(qs):
        q = qs[i]
        nxt = qs[i + 1] if i + 1 < len(qs) else None
        gap = norm[q.end : nxt.start] if nxt is not None else ""
        bare = q.kind == "number" and not q.ambiguous and float(q.value).is_integer()
        if bare and nxt is not None and nxt.kind == "speed" and nxt.count is None and _OF_THE.match(gap):
            out.append(nxt.model_copy(update={"count": int(q.value), "raw": norm[q.start : nxt.end], "start": q.start}))
            i += 2
            continue
        if q.kind == "speed" and q.count is None and q.value and nxt is not None and nxt.kind == "number":
            whole = float(nxt.value).is_integer() and not nxt.ambiguous
            if whole and _COUNT_AFTER.match(gap):
                medium = _MEDIUM_BEFORE.search(norm[max(0, q.start - 20) : q.start])
                out.append(
                    q.model_copy(
                        update={
                            "count": int(nxt.value),
                            "raw": norm[q.start : nxt.end],
                            "end": nxt.end,
                            "medium": q.medium or (_medium(medium.group(1)) if medium else None),
                        }
                    )
                )
                i += 2
                continue
        ports = _ports_of_adapters(norm, qs, i)
        if ports is not None:
            merged, used = ports
            out.append(merged)
            i += used
            continue
        if bare:
            lo = max(0, q.start - 40)
            before = _NOUN_BEFORE.search(norm[lo : q.start])
            counted = before is not None and norm[lo : lo + before.start()].rstrip()[-1:].isdigit()
            if before is not None and not counted:  # "16 cores 4 more": the noun has its own number
                noun = _noun(before.group(1).split()[0] if "npiv" in before.group(1).lower() else before.group(1))
                kind = {"cores": "cores", "saps": "saps"}.get(noun, "count")
                raw = norm[lo + before.start() : q.end]
                out.append(
                    q.model_copy(
                        update={
                            "kind": kind,
                            "noun": noun,
                            "count": int(q.value) if kind == "count" else None,
                            "raw": raw,
                        }
                    )
                )
                i += 1
                continue
        ranged = _range(norm, q, nxt, gap)
        if ranged is not None and nxt is not None:
            lead = _LEADING.match(nxt.raw)  # "20-30": both numbers, what the reply replaces
            said = norm[q.start : nxt.start] + (lead.group(0) if lead else "")
            first = q.model_copy(update={"ambiguous": ranged, "raw": said})
            out += [first, nxt.model_copy(update={"ambiguous": ranged})]
            i += 2
            continue
        out.append(q)
        i += 1
    for q in out:
        if _ANOTHER.search(norm[max(0, q.start - 24) : q.start]) or _MORE_WORD.match(norm[q.start : q.start + 24]):
            q.added = True
    return out


def _range(norm: str, q: Quantity, nxt: Quantity | None, gap: str) -> str | None:
    """The question to ask when `q` and the next quantity are the two ends of a range, else None."""
    if nxt is None or q.kind != "number" or q.ambiguous or nxt.kind not in _RANGED or nxt.ambiguous:
        return None
    if _FROM.search(norm[max(0, q.start - 12) : q.start]):
        return None  # "from 256 to 512 GB": a change from one value to the other, both said
    ranged = _RANGE.match(gap) is not None or (
        _AND.match(gap) is not None and _BETWEEN.search(norm[max(0, q.start - 12) : q.start]) is not None
    )
    if not ranged or (nxt.kind == "count" and nxt.count is None):
        return None
    said = norm[q.start : nxt.end]
    return f"'{said}' gives two values: which one should I use (the figure differs)?"


def _ports_of_adapters(norm: str, qs: list[Quantity], i: int) -> tuple[Quantity, int] | None:
    """ "3 FC adapters with 4 ports each (at 8Gb)": one group of 12 ports; said without "each", the ports may be
    those of every adapter or all of them, so the group is asked about (None: not this shape)."""
    q = qs[i]
    if q.kind != "speed" or q.value or not q.count or not any(w in q.raw.lower() for w in ("adapter", "card", "hba")):
        return None
    if i + 1 >= len(qs):
        return None
    ports = qs[i + 1]
    if ports.kind != "speed" or ports.value or not ports.count or ports.medium not in (None, q.medium):
        return None
    if not _WITH_PORTS.match(norm[q.end : ports.start]):
        return None
    each = _EACH_AFTER.match(norm[ports.end : ports.end + 24])
    end = ports.end + (each.end() if each else 0)
    used = 2
    value, unit = 0.0, None
    if i + 2 < len(qs):
        speed = qs[i + 2]
        if speed.kind == "speed" and speed.value and speed.count is None and _AT_SPEED.match(norm[end : speed.start]):
            value, unit, end, used = speed.value, speed.unit, speed.end, 3
    merged = q.model_copy(
        update={
            "value": value,
            "unit": unit,
            "raw": norm[q.start : end],
            "end": end,
            "count": q.count * ports.count if each else q.count,
            "ambiguous": None
            if each
            else f"Are the '{norm[q.start : end]}' {ports.count} ports on each of the {q.count} adapters "
            f"({q.count * ports.count} in all), or {ports.count} in total?",
        }
    )
    return merged, used
