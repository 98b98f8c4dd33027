"""What-if changes: from an admin's phrase to (field path, value) on the session's document.

Three ways in, tried in this order:
1. `set <path> = <value>` (or `set <path> to <value>`): always works, any field of the schema;
2. the phrase table below, for the field's own words ("enable SMT", "AME64K", "memory to 8 GB");
3. "change/set/raise <field words> to <value>": the words are matched against the field names
   of the document's kind ("expansion factor" -> ame.expansion_factor, "numa policy" -> numa_policy).
Applying them and judging the result is advisor.capabilities.whatif. Values are parsed by the
field's type from the schema: numbers with their unit converted to the
field's (`8192 MB` into a `_gb` field is 8), enumerations case-insensitively, booleans from
on/off/enable/disable, strings as written.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from advisor import linre
from advisor.capabilities.whatif import ChangeError
from advisor.documents import KIND_MODELS
from advisor.documents.paths import FieldType, classify, schema_paths, unwrap

NUMBER = r"(\d+(?:\.\d+)?)"
SIZE = NUMBER + r"\s*(TB|GB|MB|G|M|T)?\b"


class WhichOne(ChangeError):
    """The change fits several places (partitions, fields) equally: the user is asked which one."""

    def __init__(self, message: str, candidates: list[str], what: str):
        super().__init__(message)
        self.candidates = candidates
        self.what = what  # partition | field


@dataclass(frozen=True)
class Change:
    path: str  # dotted, relative to the unit (partition) it applies to
    value: Any
    target: str | None = None  # partition name inside a managed system
    raw: str = ""


# (pattern, {kind: path}, value or None = take the pattern's group 1 and parse it by the field type)
# an LFAREA statement as written: "LFAREA=(1M=(120000,100000))", "LFAREA=30%" (no sentence end after it)
WHOLE_LFAREA = r"LFAREA\s*=\s*[^\s?!]*[^\s?!.,;:]"

PHRASES: tuple[tuple[str, dict[str, str], Any], ...] = (
    (r"\b(?:enable|turn on|switch on|activate)\s+SMT\b|\bSMT\s+(?:on|enabled)\b", {"zvm-lpar": "smt_enabled"}, True),
    (
        r"\b(?:disable|turn off|switch off|deactivate)\s+SMT\b|\bSMT\s+off\b",
        {"zvm-lpar": "smt_enabled", "aix-lpar": "cpu.smt", "vios": "cpu.smt"},
        {"zvm-lpar": False, "*": 1},
    ),
    (r"\bSMT\s*(?:mode\s*)?(?:to\s*|=\s*|-)?([1248])\b", {"aix-lpar": "cpu.smt", "vios": "cpu.smt"}, None),
    (
        r"\b(?:enable|turn on|switch on|activate)\s+(?:AME|active memory expansion)\b"
        r"|\b(?:turn|switch)\s+(?:AME|active memory expansion)\s+on\b",
        {"aix-lpar": "ame.enabled"},
        True,
    ),
    (
        r"\b(?:disable|turn off|switch off|deactivate|remove)\s+(?:AME|active memory expansion)\b"
        r"|\b(?:turn|switch)\s+(?:AME|active memory expansion)\s+off\b",
        {"aix-lpar": "ame.enabled"},
        False,
    ),
    (
        r"\bAME\s*64K\b|\bAME64K\b|\bame_mpsize_support\s*(?:to|=)?\s*1\b|\bpage[_ ]support\s*(?:to|=)?\s*64K\b"
        r"|\bAME(?:\s+(?:page\s*size|pages?|mode))?\s+(?:to|=|in|on)\s+64\s?K\b",
        {"aix-lpar": "ame.page_support"},
        "64K",
    ),
    (
        r"\bAME\s*4K\b|\bAME4K\b|\bame_mpsize_support\s*(?:to|=)?\s*0\b|\bpage[_ ]support\s*(?:to|=)?\s*4K\b"
        r"|\bAME(?:\s+(?:page\s*size|pages?|mode))?\s+(?:to|=|in|on)\s+4\s?K\b",
        {"aix-lpar": "ame.page_support"},
        "4K",
    ),
    (
        r"expansion\s+factor\s*(?:to|of|=|at|were|was|is|becomes?|went\s+to)?\s*"
        + NUMBER
        + r"|\bfactor\s+(?:to|of|=|at|were|was|is|becomes?|went\s+to)\s*"
        + NUMBER
        + r"|\bfactor\s+(?:up|down)\s+to\s*"
        + NUMBER,
        {"aix-lpar": "ame.expansion_factor"},
        None,
    ),
    (
        r"\b(?:LDR_CNTRL|application pages?|app(?:lication)?[_ ]page[_ ]size)\s*(?:to|=|on)?\s*(4K|64K)\b",
        {"aix-lpar": "workload.app_page_size"},
        None,
    ),
    (r"\bpaging\s+space\s*(?:to|of|=)?\s*" + SIZE, {"aix-lpar": "memory.paging_space_gb"}, None),
    (r"\bmax(?:imum)?\s+memory\s*(?:to|of|=)?\s*" + SIZE, {"aix-lpar": "memory.max_gb"}, None),
    (r"\bshared\s+memory\s*(?:to|of|=)?\s*" + SIZE, {"hpux-server": "sap.shared_memory_gb"}, None),
    (
        # never the memory of "shared memory", "expanded memory", "cell local memory", "max memory"
        r"(?<!max )(?<!maximum )(?<!shared )(?<!expanded )(?<!local )(?<!virtual )"
        r"\b(?:desired\s+|true\s+)?memory\s*(?:to|of|=)\s*"
        + SIZE
        + r"|\b"
        + SIZE
        + r"\s+(?:of\s+)?(?:true\s+)?memory\b(?!\s+(?:as\s+)?(?:shared|expanded|CLM|cell))",
        {"aix-lpar": "memory.desired_gb", "vios": "memory_gb", "hpux-server": "memory_gb"},
        None,
    ),
    (
        r"\b(?:entitled capacity|entitlement|EC)\s*(?:to|of|=)\s*" + NUMBER,
        {"aix-lpar": "cpu.entitled_capacity", "vios": "cpu.entitled_capacity"},
        None,
    ),
    (
        r"\b(?:virtual processors|VPs?)\s*(?:to|of|=)\s*(\d+)"
        r"|\b(?:give|gives|gave|with|had|has|have|make)\s+(?:it\s+)?(\d+)\s+(?:VPs?|virtual processors|virtual CPUs)\b",
        {"aix-lpar": "cpu.virtual_processors", "vios": "cpu.virtual_processors"},
        None,
    ),
    (
        r"\b(?:CLM|cell local memory|clm_pct)\s*(?:to|of|=)?\s*"
        + NUMBER
        + r"\s*%?|\b"
        + NUMBER
        + r"\s*%\s*(?:of\s+)?(?:CLM|cell local)",
        {"hpux-server": "clm_pct"},
        None,
    ),
    (r"\bnuma[_ ]policy\s*(?:to|=)?\s*(\d)", {"hpux-server": "numa_policy"}, None),
    (r"\b(?:make\s+it|give\s+it|with|had|has|have)\s+(\d+)\s+IFLs?\b", {"zvm-lpar": "engine_count"}, None),
    (r"\b(?:disable|turn off)\s+(?:processor\s+)?folding\b", {"vios": "vpm_fold_policy"}, 4),
    (r"\bvpm_fold_policy\s*(?:to|=)?\s*(\d+)", {"vios": "vpm_fold_policy"}, None),
    (r"\bonline\s+storage\s*(?:to|of|=)?\s*" + SIZE, {"zos-lpar": "online_storage_gb"}, None),
    # "lfarea to (1M=(30%))", and the statement written whole ("swap them: LFAREA=(1M=(120000,100000))")
    (
        r"\bLFAREA\s*(?:to\s+)?(LFAREA\s*=\s*\S+|\(\S+\)|\d+%)|(?<![\w=])(" + WHOLE_LFAREA + ")",
        {"zos-lpar": "lfarea"},
        None,
    ),
    (
        r"\b(?:processor|server)\s*(?:to|=)\s*(POWER\s*\d+\+?)",
        {"aix-lpar": "processor", "vios": "processor", "managed-system": "processor"},
        None,
    ),
    (r"\b(?:machine)\s*(?:to|=)\s*(z\w+)", {"zos-lpar": "machine", "zvm-lpar": "machine"}, None),
    # "z/VM to 6.3", "zvm goes to 6.3", "z/VM is 6.3", "zVM level upgraded to 7.1"
    (
        r"\bz/?VM\s*(?:(?:version|level|release)\s*)?(?:(?:goes|went|moves?|moved|upgraded|gets?|bumped|raised)\s+)?"
        r"(?:to|=|is|becomes?|->|at)\s*(\d+\.\d+)",
        {"zvm-lpar": "zvm.version"},
        None,
    ),
)

# linear-time (advisor/linre.py): in `re`, a message of dots after "to" cost quadratic time (issue 12)
# "change the numa policy to 1"; "what if clm_pct were 30" (after were / was / becomes only a number: "the mode were
# dedicated" fits two fields and is asked back elsewhere)
_VALUE_AFTER_TO = linre.compile(
    r"(?:\b(?:to|=|at)\s+(.+?)|\b(?:were|was|becomes?)\s+(\d+(?:\.\d+)?\s*%?))\s*[?.!]*\s*$", linre.IGNORECASE
)
_FILLER = {
    "the",
    "a",
    "an",
    "my",
    "our",
    "its",
    "value",
    "of",
    "setting",
    "set",
    "change",
    "raise",
    "lower",
    "increase",
    "decrease",
    "reduce",
    "make",
    "switch",
    "what",
    "if",
    "i",
    "we",
    "happens",
    "suppose",
}


def field_types(kind: str) -> dict[str, FieldType]:
    return {p: f for p, f in schema_paths(kind).items() if f.type not in ("object",)}


def parse_value(ft: FieldType, raw: str) -> Any:
    """A value for field `ft` from the user's words; raises ChangeError when it does not fit."""
    text = raw.strip().strip("\"'`").strip()
    if text.lower() in ("null", "none", "unset", "nothing"):
        return None
    if ft.type == "bool":
        low = text.lower()
        if low in ("true", "yes", "on", "enabled", "enable", "1"):
            return True
        if low in ("false", "no", "off", "disabled", "disable", "0"):
            return False
        raise ChangeError(f"{ft.path} is true/false, not {raw!r}")
    if ft.type == "number":
        m = re.match(r"^\s*(-?\d+(?:\.\d+)?)\s*(TB|TiB|GB|GiB|MB|MiB|KB|G|M|T|%)?", text, re.IGNORECASE)
        if not m:
            raise ChangeError(f"{ft.path} is a number, not {raw!r}")
        value = float(m.group(1))
        unit = (m.group(2) or "").upper().replace("IB", "B")
        scale = {"T": 1024.0, "TB": 1024.0, "G": 1.0, "GB": 1.0, "M": 1 / 1024, "MB": 1 / 1024, "KB": 1 / 1024**2}
        if unit in scale:
            if ft.path.endswith("_gb"):
                value *= scale[unit]
            elif ft.path.endswith("_mb"):
                value *= scale[unit] * 1024
            elif ft.path.endswith("_kb"):
                value *= scale[unit] * 1024**2
        return int(value) if value.is_integer() and "." not in m.group(1) else value
    if ft.type == "enum":
        for choice in ft.choices:
            if str(choice).lower() == text.lower().replace(" ", ""):
                return choice
        raise ChangeError(f"{ft.path} is one of {', '.join(str(c) for c in ft.choices)}, not {raw!r}")
    if ft.type == "list":
        return [t.strip() for t in re.split(r"[,\s]+", text) if t.strip()]
    return text


def _partition_kinds(doc: dict) -> list[tuple[int, str, str]]:
    return [(i, p.get("kind", ""), p.get("name", "")) for i, p in enumerate(doc.get("partitions") or [])]


def resolve_target(doc: dict, message: str, paths_by_kind: dict[str, str]) -> list[tuple[str, str, str | None]]:
    """(kind, full path in the document, partition name) for each place the change applies to."""
    kind = doc.get("kind")
    if kind != "managed-system":
        return [(kind, paths_by_kind[kind], None)] if kind in paths_by_kind else []
    if "managed-system" in paths_by_kind:
        return [("managed-system", paths_by_kind["managed-system"], None)]
    parts = [(i, k, n) for i, k, n in _partition_kinds(doc) if k in paths_by_kind]
    named = [(i, k, n) for i, k, n in parts if n and re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", message)]
    # "give vios2 8 GB like vios1", "same as sapapp01": a partition named as the model of the change is not its target
    models = [
        c for c in named if re.search(rf"\b(?:like|as|than|match(?:es|ing)?)\s+{re.escape(c[2])}\b", message, re.I)
    ]
    chosen = [c for c in named if c not in models] or named or parts
    if len(chosen) > 1 and re.search(r"\bvios\b|\bvio\s+server", message, re.IGNORECASE):
        chosen = [c for c in chosen if c[1] == "vios"] or chosen  # "what if the vios had 16 GB": one of the VIOS
    if len(chosen) > 1:
        names = ", ".join(n for _, _, n in chosen)
        raise WhichOne(
            f"which partition: {names}? Name it in the message (e.g. '... on {chosen[0][2]}').",
            [n for _, _, n in chosen],
            "partition",
        )
    return [(k, f"partitions[{i}].{paths_by_kind[k]}", n) for i, k, n in chosen]


def field_type(kind: str, path: str) -> FieldType | None:
    """The type of any field, also inside list items (`sap.instances[1].pset`), from the schema."""
    model = KIND_MODELS.get(kind)
    ft = None
    for part in re.sub(r"\[\d+\]", "", path).split("."):
        if model is None or part not in model.model_fields:
            return None
        info = model.model_fields[part]
        ft = classify(path, info.annotation, info.description)
        ann = unwrap(info.annotation)
        args = [a for a in getattr(ann, "__args__", ()) if isinstance(a, type)]
        if isinstance(ann, type) and issubclass(ann, BaseModel):
            model = ann
        elif args and issubclass(args[0], BaseModel):
            model = args[0]
        else:
            model = None
    return ft if ft and ft.type != "object" else None


def _types_for(doc: dict, full_path: str) -> FieldType | None:
    m = re.match(r"^partitions\[(\d+)\]\.(.+)$", full_path)
    if m:
        parts = doc.get("partitions") or []
        idx = int(m.group(1))
        if idx >= len(parts):
            return None
        return field_type(parts[idx].get("kind", ""), m.group(2))
    return field_type(doc.get("kind", ""), full_path)


def _generic(doc: dict, message: str) -> list[tuple[str, str]]:
    """'change the numa policy to 1': field words before 'to', value after it."""
    m = _VALUE_AFTER_TO.search(message)
    if not m:
        return []
    before = message[: m.start()]
    words = {w for w in re.findall(r"[a-z0-9]+", before.lower()) if w not in _FILLER}
    if not words:
        return []
    kinds = {doc.get("kind", "")} | {k for _, k, _ in _partition_kinds(doc)}
    best: tuple[float, str] | None = None
    for kind in kinds:
        for path in field_types(kind):
            leaf = re.findall(r"[a-z0-9]+", path.lower())
            name = set(re.findall(r"[a-z0-9]+", path.rsplit(".", 1)[-1].lower()))
            hit = len(words & set(leaf))
            if not (words & name):
                continue
            score = hit / len(set(leaf) | words) + (0.5 if name <= words else 0.0)
            if best is None or score > best[0]:
                best = (score, path)
    value = m.group(1) or m.group(2)
    if best and value.strip().endswith("%") and not best[1].endswith(("_pct", "factor")):
        return []  # "1M to 20%": a share is no amount of MB (lfarea_usage.allocated_1m_mb was set to 20)
    return [(best[1], value)] if best else []


def parse_changes(doc: dict, message: str, explicit: tuple[str, str] | None = None) -> list[Change]:
    """The changes a message asks for on `doc`; raises ChangeError for a change it cannot apply."""
    if explicit:
        path, raw = explicit
        ft = _types_for(doc, path)
        if ft is not None:
            return [Change(path, parse_value(ft, raw), None, message)]
        targets = resolve_target(
            doc, message, {k: path for k in _all_kinds(doc) if re.sub(r"\[\d+\]", "", path) in field_types(k)}
        )
        if targets:
            kind, full, name = targets[0]
            return [Change(full, parse_value(field_types(kind)[re.sub(r"\[\d+\]", "", path)], raw), name, message)]
        phrased = parse_changes(doc, message)  # "set memory to 8 GB": not a path, but a phrase
        if phrased:
            return phrased
        close = difflib.get_close_matches(path, [p for k in _all_kinds(doc) for p in field_types(k)], n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise ChangeError(f"unknown field '{path}' for a {doc.get('kind')} document{hint}")
    changes: list[Change] = []
    seen: set[str] = set()
    for pattern, paths, value in PHRASES:
        m = re.search(pattern, message, re.IGNORECASE)
        if not m:
            continue
        for kind, full, name in resolve_target(doc, message, paths):
            if full in seen:
                continue
            ft = _types_for(doc, full)
            if ft is None:
                continue
            if value is None:
                raw = next(g for g in m.groups() if g is not None)
                unit = next(
                    (g for g in m.groups()[1:] if g and g.isalpha() and g.upper() in ("TB", "GB", "MB", "G", "M", "T")),
                    "",
                )
                val = parse_value(ft, f"{raw} {unit}".strip())
            elif isinstance(value, dict):
                val = value.get(kind, value.get("*"))
            else:
                val = value
            seen.add(full)
            changes.append(Change(full, val, name, message))
    if not changes:
        for path, raw in _generic(doc, message):
            for kind, full, name in resolve_target(
                doc, message, {k: path for k in _all_kinds(doc) if path in field_types(k)}
            ):
                changes.append(Change(full, parse_value(field_types(kind)[path], raw), name, message))
    return changes


def _all_kinds(doc: dict) -> set[str]:
    return {doc.get("kind", "")} | {k for _, k, _ in _partition_kinds(doc)}
