"""How many fields a rule reads can an admin change in words? (`python -m tests.chat.whatif_coverage [-v]`)

For every kind, every field a rule reads (derived values excepted) is phrased with the verbs admins use for its
type (set / raise / lower / what if ... were / a bare "field value" after a what-if / double / drop for numbers;
switch to / what if for choices; turn on / turn off / disable / a supposition for flags; apply / back out for
fixes), with the words of its path, on the example document of its kind. A field counts as changeable when every
phrasing of its type reaches it with the value meant. Lists of records (disks, adapters, SAP instances, WPARs)
are changed with `set <path> = <value>` and counted apart.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

from advisor.capabilities.whatif import ChangeError, get_at
from advisor.chat.changes import field_types
from advisor.chat.whatif import read_changes
from advisor.review import default_advisor
from tests.chat.whatif_chains import EXAMPLES

KIND_EXAMPLES = {
    "aix-lpar": "aix-ame4k-64k.json",
    "vios": "vios-undersized.json",
    "hpux-server": "hpux-superdome.json",
    "zos-lpar": "zos-lfarea.json",
    "zvm-lpar": "zvm-z13.json",
    "managed-system": "managed-system.json",
}
FIX_IDS = {"zvm.apars": "VM65999", "patches": "PHKL_44565"}


def fields_rules_read(advisor, kind: str) -> list[str]:
    out: set[str] = set()
    for cr in advisor.rulebook.rules.values():
        if kind in cr.rule.kinds:
            out |= {f for f in (*cr.rule.requires, *cr.rule.optional) if not f.startswith("derived.")}
    return sorted(out)


def _words(path: str) -> str:
    return " ".join(re.sub(r"_(?:gb|mb|kb|pct|min)$", "", path).replace(".", " ").replace("_", " ").split())


def phrasings(path: str, ft, current: Any) -> list[tuple[str, Any]]:
    """(message, the value it means) for the verbs of the field's type; [] when words cannot say it."""
    w = _words(path)
    if path in FIX_IDS:
        fix = FIX_IDS[path]
        return [(f"apply {fix}", [*(current or []), fix]), (f"what if we installed {fix}", [*(current or []), fix])]
    if ft.type == "number":
        unit = (
            " GB" if path.endswith("_gb") else "%" if path.endswith("_pct") else " MB" if path.endswith("_mb") else ""
        )
        new = 3 if current != 3 else 5
        out = [
            (f"set the {w} to {new}{unit}", new),
            (f"what if the {w} were {new}{unit}", new),
            (f"change {w} to {new}{unit}", new),
        ]
        if isinstance(current, (int, float)) and not isinstance(current, bool) and current > 0:
            out += [(f"raise the {w} by 2{unit}", current + 2), (f"double the {w}", current * 2)]
        if path.endswith(("_pct", "_gb", "_mb")) and current:
            out.append((f"what if we drop the {w}", 0))
        return out
    if ft.type == "enum":
        # POWER11 is in the schema but no rule knows it yet: the chat asks back (tests/chat/test_issue14.py)
        choice = next(c for c in reversed(ft.choices) if c not in (current, "POWER11"))
        return [(f"switch the {w} to {choice}", choice), (f"what if the {w} were {choice}", choice)]
    if ft.type == "bool":
        on = current is not True
        if on:
            return [(f"turn on {w}", True), (f"enable {w}", True), (f"what if {w} were true", True)]
        return [(f"turn off {w}", False), (f"disable {w}", False), (f"what if {w} were false", False)]
    if ft.type == "string" and path.endswith("version"):  # a level: the reader's OS levels
        name = {"os.version": "AIX", "zos_version": "z/OS", "zvm.version": "z/VM"}[path]
        new = "7.3" if path == "os.version" else "2.4" if path == "zos_version" else "7.2"
        return [(f"go to {name} {new}", new), (f"what if we were on {name} {new}", new)]
    if ft.type == "string" and path not in ("lfarea",):
        return [(f"set the {w} to X9", "X9"), (f"what if the {w} were X9", "X9")]
    return []


def measure(verbose: bool = False) -> dict[str, Any]:
    advisor = default_advisor()
    per_kind: dict[str, tuple[int, int]] = {}
    lists: list[str] = []
    phrasing_ok = phrasing_all = 0
    misses: list[str] = []
    for kind, example in KIND_EXAMPLES.items():
        doc = json.loads((EXAMPLES / example).read_text(encoding="utf-8"))
        types = field_types(kind)
        ok = total = 0
        for path in fields_rules_read(advisor, kind):
            ft = types.get(path)
            if ft is None:
                continue
            said = phrasings(path, ft, get_at(doc, path))
            if not said:
                lists.append(f"{kind}:{path}")
                continue
            total += 1
            good = True
            for message, value in said:
                phrasing_all += 1
                try:
                    got = {c.path: c.value for c in read_changes(doc, message) if c.path == path}
                except ChangeError as exc:
                    got = {"error": str(exc)}
                if got.get(path) == value:
                    phrasing_ok += 1
                else:
                    good = False
                    misses.append(f"{kind}: {message!r} -> {got}")
            ok += good
        per_kind[kind] = (ok, total)
    fields_ok = sum(o for o, _ in per_kind.values())
    fields_all = sum(t for _, t in per_kind.values())
    result = {
        "fields": f"{fields_ok}/{fields_all}",
        "fields_pct": round(100 * fields_ok / fields_all, 1),
        "phrasings": f"{phrasing_ok}/{phrasing_all}",
        "per_kind": {k: f"{o}/{t}" for k, (o, t) in per_kind.items()},
        "lists_by_set_only": len(lists),
    }
    if verbose:
        result["misses"] = misses
        result["lists"] = lists
    return result


if __name__ == "__main__":
    out = measure("-v" in sys.argv)
    for key, value in out.items():
        if isinstance(value, list):
            print(f"{key}:")
            for item in value:
                print(f"  {item}")
        else:
            print(f"{key}: {value}")
