"""Verdicts computed from what the question states, where a pattern would ignore a number.

"is AME64K ok on POWER9 with AIX 7.2 TL0?" turns on the technology level: a pattern that sees
"POWER9" and "AIX 7.2" answers yes, the rule (POWER8 or later with AIX 7.2 TL1 or later, from
the calculator advisor/calculators/ame.py) answers no. When the reader found a processor or an
AIX level, the verdict is computed from them; a processor or level that fails the condition
makes it "no"; one that meets it is "yes" with the other half of the condition stated; an AIX
7.2 without its technology level is "it depends".
"""

from __future__ import annotations

from advisor import linre
from advisor.calculators import ame
from advisor.chat.reader import Reading

_AME64K = linre.compile(
    r"\bAME\s?64K\b|\b64K\s+mode\b|\bame_mpsize_support\b|\bcompress(?:ing)?\s+64K", linre.IGNORECASE
)
_NOT_SUPPORT = linre.compile(r"\bdefault\b|\breboot|\brestart|\bfactor\b|\bCPU\b|\bfaster\b", linre.IGNORECASE)
PASSAGE = "ame64k-overview-ame4k-vs-ame64k-history"  # where the sources state the condition
_NEEDS = "AME64K needs POWER8 or later with AIX 7.2 TL1 or later"


def ame64k_support(reading: Reading) -> tuple[str, str] | None:
    """(yes | no | it depends, because) for "can I use AME64K on <processor> with <AIX level>?", or None."""
    text = reading.text
    if not reading.yes_no or not _AME64K.search(text) or _NOT_SUPPORT.search(text):
        return None
    procs = [p.name for p in reading.platforms if p.family == "power"]
    levels = [o for o in reading.os_levels if o.os == "aix"]
    if not procs and not levels:
        return None
    proc = procs[-1] if procs else None
    level = levels[-1] if levels else None
    proc_ok = None if proc is None else proc in ame.AME64K_PROCESSORS
    if level is None:
        level_ok = None
    elif level.tl is None:
        level_ok = True if level.version >= "7.3" else (False if level.version < "7.2" else None)
    else:
        level_ok = ame.aix_level(level.version, level.tl) >= ame.AME64K_MIN_LEVEL
    said = " with ".join(x for x in (proc, level.label if level else None) if x)
    if proc_ok is False or level_ok is False:
        short = proc if proc_ok is False else level.label if level else ""
        return "no", f"{_NEEDS}; {short} is below that, so AME works on 4K pages only (AME4K) there"
    if proc_ok and level_ok:
        return "yes", f"{_NEEDS}, and {said} has both; it is the recommended AME option for SAP"
    if proc_ok and level is None:  # the question is about the processor: yes, on the level it needs
        return "yes", f"{_NEEDS}: on {proc} it is supported and recommended for SAP from AIX 7.2 TL1 on"
    if level_ok and level is not None and proc is None:
        return "yes", f"{_NEEDS}: {level.label} qualifies on POWER8 or later processors"
    return (
        "it depends",
        f"{_NEEDS}; {said} meets that so far, it also depends on the AIX technology level (TL1 or later)",
    )
