"""Platforms, processors and OS levels as admins name them.

"P9", "Power10", "pwr8", "POWER7+", "z13", "zEC12", "EC12", "z15", "rx6600", "Superdome",
"Itanium"; "AIX 7.2 TL5", "7200-05-02-2114", "11i v3", "11.31", "z/VM 7.2", "z/OS 2.1".
Each mention becomes a canonical name (the document schema's spelling where it has one:
`POWER9`, `POWER7+`) and the product line (power, hpux, z). Processors the schema does not
know (POWER11, z16) are read all the same: the caller decides what to do with a generation
the sources do not cover.
"""

from __future__ import annotations

import re

from pydantic import BaseModel

# One pass per pattern; every quantifier is bounded or over a class the next token cannot start with.
_POWER = re.compile(r"(?<![A-Za-z0-9/])(?:POWER|Power|power|PWR|pwr|P|p)[ -]?(\d{1,2})(\+?)(?![A-Za-z0-9])")
_Z = re.compile(
    r"(?<![A-Za-z0-9/])(?:IBM\s)?(z(?:EC12|BC12|196|114|1[3-7]|10|9)s?|EC12|BC12)(?![A-Za-z0-9])", re.IGNORECASE
)
_IBM_Z = re.compile(r"(?<![A-Za-z0-9/])(?:IBM\sZ|System\sz|zSeries|mainframes?|Z)(?![A-Za-z0-9/])")
# IBM Power servers by model: E980, S922, S1024, E1080, Power E870C: the generation is in the number
# "p6 570", "p5 box": a bare P5 / P6 followed by a server model number or a word for a server is the processor
_SERVER_AFTER = re.compile(r"\s(?:[5-9]\d\d\b|(?:server|box|frame|system|machine|LPAR)s?\b)", re.IGNORECASE)
_POWER_MODEL = re.compile(r"(?<![A-Za-z0-9/])(?:Power\s?)?([ESLH])(8[1-9]\d|9[1-9]\d|1[01][0-9]\d)C?(?![A-Za-z0-9])")
# POWER7 servers had no letter: "Power 780", "p770", and the POWER7+ refresh "780+", "Power 770+"
# ("a 780 box", "a plain 780 (POWER7)": a bare model number followed by a word for a server or its processor)
_POWER7_MODEL = re.compile(
    r"(?<![A-Za-z0-9/.])(?:(?:Power\s?|p)(7[1-9]\d)(\+?)|(7[1-9]\d)(\+|(?=\s(?:\(?POWER7|box|server|frame)\b)))"
    r"(?![A-Za-z0-9+])",
    re.IGNORECASE,
)
_HP = re.compile(
    r"(?<![A-Za-z0-9])(rx\d{4}|bl8\d0c|Superdome(?:\s?2)?|Integrity|Itanium(?:\s?2)?|Montecito|IA-?64)(?![A-Za-z0-9])",
    re.IGNORECASE,
)

_AIX_LEVEL = re.compile(
    # a full stop after the level ends the sentence ("aix 7.1 TL1. will it ..."); "7.1.3" is another level
    r"(?<![\w.])(?:[Aa][Ii][Xx]\s?)?([5-7])\.?([1-3])(?:\s?(?:TL|tl)\s?(\d{1,2}))?(?:\s?(?:SP|sp)\s?(\d{1,2}))?(?!\w|\.\w)"
)
_AIX_OSLEVEL = re.compile(r"(?<!\d)([5-7])([1-3])00-(\d{2})(?:-(\d{2}))?(?:-(\d{4}))?(?!\d)")
_HPUX_LEVEL = re.compile(r"(?<![\w.])(?:11\s?i\s?v\s?([123])|(?:B\.)?11\.(11|23|31))(?!\w|\.\w)", re.IGNORECASE)
# "z/VM 6.3", "zvm version 6.3", "z/OS release 2.2": the level's word between the name and the figures too
_ZOS_LEVEL = re.compile(r"z/?OS\s?(?:(?:version|level|release)\s?)?(?:V\s?)?(\d)(?:\.|\s?R\s?)(\d{1,2})", re.IGNORECASE)
_ZVM_LEVEL = re.compile(r"z/?VM\s?(?:(?:version|level|release)\s?)?(?:V\s?)?(\d)(?:\.|\s?R\s?)(\d)", re.IGNORECASE)

SCHEMA_POWER = {
    "5": "POWER5",
    "6": "POWER6",
    "7": "POWER7",
    "7+": "POWER7+",
    "8": "POWER8",
    "9": "POWER9",
    "10": "POWER10",
}
_HPUX_NAMES = {"1": "11iv1", "2": "11iv2", "3": "11iv3", "11": "11iv1", "23": "11iv2", "31": "11iv3"}


class PlatformMention(BaseModel):
    """One processor or server family named in the text."""

    family: str  # power | hpux | z
    name: str  # canonical: POWER9, POWER7+, z13, zEC12, Itanium, Superdome, rx6600
    tag: str  # the knowledge base's platform tag (power9, zec12, itanium, ...)
    raw: str
    known: bool = True  # False: a generation the document schema and the sources do not cover


class OsLevel(BaseModel):
    """An operating system level: AIX 7.2 TL5 SP2, HP-UX 11iv3, z/OS 2.1, z/VM 7.2."""

    os: str  # aix | hpux | zos | zvm
    version: str  # 7.2, 11iv3, 2.1, 7.2
    tl: int | None = None
    sp: int | None = None
    raw: str

    @property
    def label(self) -> str:
        names = {"aix": "AIX", "hpux": "HP-UX", "zos": "z/OS", "zvm": "z/VM"}
        text = f"{names[self.os]} {self.version}"
        if self.tl is not None:
            text += f" TL{self.tl}"
        if self.sp is not None:
            text += f" SP{self.sp}"
        return text


def model_numbers(text: str) -> list[tuple[int, int]]:
    """Where the text names a POWER7 server by its model number ("780+", "Power 770"): no number of the question."""
    return [m.span() for m in _POWER7_MODEL.finditer(text)]


def platforms(text: str) -> list[PlatformMention]:
    out: list[PlatformMention] = []
    for m in _POWER.finditer(text):
        gen, plus = m.group(1), m.group(2)
        if not 4 <= int(gen) <= 12:
            continue
        if m.group(0)[:2].lower() not in ("po", "pw") and int(gen) < 7 and not _SERVER_AFTER.match(text, m.end()):
            continue  # a bare "P5" / "p6" is too often something else; POWER5 and POWER6 are spelled out
        key = gen + plus
        name = SCHEMA_POWER.get(key, f"POWER{key}")
        out.append(
            PlatformMention(family="power", name=name, tag=name.lower(), raw=m.group(0), known=key in SCHEMA_POWER)
        )
    for m in _POWER_MODEL.finditer(text):
        number = m.group(2)
        key = number[0] if len(number) == 3 else number[:2]
        name = SCHEMA_POWER.get(key, f"POWER{key}")
        out.append(
            PlatformMention(family="power", name=name, tag=name.lower(), raw=m.group(0), known=key in SCHEMA_POWER)
        )
    for m in _POWER7_MODEL.finditer(text):
        name = "POWER7+" if (m.group(2) or m.group(4)) else "POWER7"
        out.append(PlatformMention(family="power", name=name, tag=name.lower(), raw=m.group(0)))
    for m in _Z.finditer(text):
        raw = m.group(1)
        low = raw.lower().rstrip("s") if raw.lower() not in ("z13s",) else "z13"
        name = {"ec12": "zEC12", "zec12": "zEC12", "bc12": "zBC12", "zbc12": "zBC12"}.get(low, low)
        tag = name.lower()
        out.append(PlatformMention(family="z", name=name, tag=tag, raw=raw, known=tag in ("z13", "zec12")))
    if not any(p.family == "z" for p in out):
        for m in _IBM_Z.finditer(text):
            out.append(PlatformMention(family="z", name="IBM Z", tag="z", raw=m.group(0), known=False))
            break
    for m in _HP.finditer(text):
        raw = m.group(1)
        low = raw.lower()
        if low.startswith(("itanium", "montecito", "ia")):
            name = "Itanium"
        elif low.startswith("superdome"):
            name = "Superdome"
        elif low == "integrity":
            name = "Integrity"
        else:
            name = low
        out.append(PlatformMention(family="hpux", name=name, tag="itanium", raw=raw))
    seen: set[str] = set()
    return [p for p in out if not (p.name in seen or seen.add(p.name))]  # type: ignore[func-returns-value]


def os_levels(text: str) -> list[OsLevel]:
    out: list[OsLevel] = []
    for m in _AIX_OSLEVEL.finditer(text):
        out.append(
            OsLevel(
                os="aix",
                version=f"{m.group(1)}.{m.group(2)}",
                tl=int(m.group(3)),
                sp=int(m.group(4)) if m.group(4) else None,
                raw=m.group(0),
            )
        )
    covered = {o.raw for o in out}
    for m in _AIX_LEVEL.finditer(text):
        named = m.group(0).upper().startswith("AIX") or m.group(3) is not None
        if not named or any(m.group(0) in c for c in covered):
            continue
        out.append(
            OsLevel(
                os="aix",
                version=f"{m.group(1)}.{m.group(2)}",
                tl=int(m.group(3)) if m.group(3) else None,
                sp=int(m.group(4)) if m.group(4) else None,
                raw=m.group(0),
            )
        )
    for m in _HPUX_LEVEL.finditer(text):
        key = m.group(1) or m.group(2)
        out.append(OsLevel(os="hpux", version=_HPUX_NAMES[key], raw=m.group(0)))
    for m in _ZOS_LEVEL.finditer(text):
        out.append(OsLevel(os="zos", version=f"{m.group(1)}.{int(m.group(2))}", raw=m.group(0)))
    for m in _ZVM_LEVEL.finditer(text):
        out.append(OsLevel(os="zvm", version=f"{m.group(1)}.{m.group(2)}", raw=m.group(0)))
    return out


def aix_at_least(level: OsLevel, version: str, tl: int) -> bool | None:
    """Whether an AIX level is at or above `version` TL `tl`; None when the TL is needed and not given."""
    if level.os != "aix":
        return None
    have = tuple(int(x) for x in level.version.split("."))
    want = tuple(int(x) for x in version.split("."))
    if have != want:
        return have > want
    if level.tl is None:
        return None if tl > 0 else True
    return level.tl >= tl
