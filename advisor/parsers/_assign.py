"""'name = value' listings printed by `vmo -o`, `schedo -o` and their -a forms."""

from __future__ import annotations

from collections.abc import Callable

from advisor import linre

from ._text import Builder, Unreadable, as_number, lines_of
from .base import ParseResult

SCHEDO_NAMES = linre.compile(r"(vpm_|sched_|smt_|affinity_lim|big_tick|fixed_pri|force_grq|maxspin|timeslice|hotlocks)")
VMO_NAMES = linre.compile(
    r"(ame_|lru_|maxperm|minperm|maxclient|vmm_|lgpg_|npsr|strict_|maxfree|minfree|memory_affinity|numperm)"
)
ROW = linre.compile(r"^\s*([a-z][a-z0-9_]*%?)\s+=\s+(.*?)\s*$")


def _value(raw: str) -> int | float | str:
    try:
        return as_number(raw)
    except Unreadable:
        return raw


def parse_assignments(text: str, command: str, detect: Callable[[str], float]) -> ParseResult:
    out = Builder(command)
    for line in lines_of(text, command, detect):
        if not line.text.strip():
            continue
        if line.text.lstrip().startswith("##"):
            out.known(line)
            continue
        m = ROW.match(line.text)
        if m:
            out.value(m.group(1), m.group(2), _value, line)
        else:
            out.unknown(line)
    return out.finish()


def names_score(text: str, mine: linre.Pattern, theirs: linre.Pattern) -> float:
    """High when the assignments name this command's tunables; nil when they name another's."""
    rows = [r for r in text.splitlines() if r.strip() and not r.lstrip().startswith("##")]
    names = [m.group(1) for m in map(ROW.match, rows) if m]
    if not names:
        return 0.0
    share = len(names) / len(rows)
    if any(mine.match(n) for n in names):
        return 0.9 * share
    return 0.0 if any(theirs.match(n) for n in names) else 0.2 * share
