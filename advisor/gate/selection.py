"""Which rules a run looks at: `--select` / `--ignore` by rule id or id prefix (`AME`, `VIOS-00`).

A pattern that matches no rule is an error with a did-you-mean: `--select AEM` must never
select nothing and pass the gate.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass

from advisor.gate.errors import GateInputError


def split_patterns(values: Iterable[str] | None) -> tuple[str, ...]:
    """Repeatable and comma-separated: `--select AME,VIOS-00 --select HPUX`."""
    out: list[str] = []
    for value in values or ():
        out += [p.strip().upper() for p in value.split(",") if p.strip()]
    return tuple(dict.fromkeys(out))


def matches(rule_id: str, pattern: str) -> bool:
    """A full id matches itself; anything shorter matches as a prefix (`AME` -> AME-001)."""
    return rule_id.upper().startswith(pattern.upper())


def check_patterns(patterns: Iterable[str], rule_ids: Iterable[str], where: str) -> None:
    ids = sorted(rule_ids)
    for pattern in patterns:
        if any(matches(rid, pattern) for rid in ids):
            continue
        prefixes = sorted({rid.split("-")[0] for rid in ids} | set(ids))
        close = difflib.get_close_matches(pattern.upper(), prefixes, n=1, cutoff=0.5)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise GateInputError(where, f"'{pattern}' matches no rule{hint}")


@dataclass(frozen=True)
class Selection:
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()

    @classmethod
    def parse(cls, select: Iterable[str] | None, ignore: Iterable[str] | None, rule_ids: Iterable[str]) -> Selection:
        sel, ign = split_patterns(select), split_patterns(ignore)
        ids = list(rule_ids)
        check_patterns(sel, ids, "--select")
        check_patterns(ign, ids, "--ignore")
        return cls(sel, ign)

    def __contains__(self, rule_id: str) -> bool:
        if self.select and not any(matches(rule_id, p) for p in self.select):
            return False
        return not any(matches(rule_id, p) for p in self.ignore)
