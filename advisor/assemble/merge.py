"""Merging facts into one document: one value per field, every disagreement reported.

Precedence (docs/parsers.md, "Mapping to documents"):

- Most fields: the source of the lowest rank wins: 0 the configuration as set (lparstat -i, vmo,
  oslevel, lsattr, kctune, IEASYSxx), 1 the running state (lparstat -c, vmstat, svmon, topas,
  netstat), 2 a report recorded earlier (amepat).  When sources of that same rank disagree the field
  is left out: nothing says which one is right.
- Measured figures where the worse reading is the one to act on: ``ame.deficit_mb``, ``ame.cpu_pct``,
  ``workload.peak.*`` and (VIOS) ``usage.*`` keep the highest value, ``ame.achieved_factor`` the lowest.
- Whatever the rule, every field on which outputs disagree is returned as a Conflict with each
  value and its source line, and what was kept.
"""

from __future__ import annotations

from fnmatch import fnmatchcase
from functools import lru_cache
from types import UnionType
from typing import Any, Union, get_args, get_origin

from pydantic import BaseModel

from advisor import linre
from advisor.assemble.model import NULL, Conflict, ConflictValue, Fact, Source
from advisor.documents import KIND_MODELS
from advisor.documents.paths import unwrap

POLICIES = (  # (path pattern, policy); first match wins; default "rank"
    ("ame.deficit_mb", "max"),
    ("ame.cpu_pct", "max"),
    ("ame.achieved_factor", "min"),
    ("workload.peak.*", "max"),
    ("usage.*", "max"),
)
RANK_NAMES = {
    -1: "the value given by the caller",
    0: "the configuration as set",
    1: "the running state",
    2: "a report recorded earlier",
}
_ITEM = linre.compile(r"^([A-Za-z_]\w*)\[([^\]]+)\]$")


def policy(path: str) -> str:
    return next((p for pattern, p in POLICIES if fnmatchcase(path, pattern)), "rank")


def _same(a: Any, b: Any) -> bool:
    if a is NULL or b is NULL:
        return a is b
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    return a == b


def _distinct(facts: list[Fact]) -> list[Any]:
    values: list[Any] = []
    for fact in facts:
        if not any(_same(fact.value, v) for v in values):
            values.append(fact.value)
    return values


def _plain(value: Any) -> Any:
    return None if value is NULL else value


def merge(facts: list[Fact]) -> tuple[dict[str, Fact], list[Conflict]]:
    """One fact per path (None-free), and the conflicts found on the way."""
    by_path: dict[str, list[Fact]] = {}
    for fact in facts:
        by_path.setdefault(fact.path, []).append(fact)
    chosen: dict[str, Fact] = {}
    conflicts: list[Conflict] = []
    for path, group in by_path.items():
        group = sorted(group, key=lambda f: f.rank)
        values = _distinct(group)
        if len(values) == 1:
            chosen[path] = group[0]
            continue
        winner, resolution = _resolve(path, group)
        if winner is not None:
            chosen[path] = winner
        shown = [ConflictValue(value=_plain(f.value), source=f.source) for f in _one_per_value_and_line(group)]
        conflicts.append(
            Conflict(path=path, values=shown, chosen=_plain(winner.value) if winner else None, resolution=resolution)
        )
    return chosen, conflicts


def _one_per_value_and_line(group: list[Fact]) -> list[Fact]:
    seen, out = set(), []
    for fact in group:
        key = (repr(fact.value), fact.source.file, fact.source.line_no, fact.source.command)
        if key not in seen:
            seen.add(key)
            out.append(fact)
    return out


def _resolve(path: str, group: list[Fact]) -> tuple[Fact | None, str]:
    rule = policy(path)
    numeric = all(isinstance(f.value, (int, float)) and not isinstance(f.value, bool) for f in group)
    if rule in ("max", "min") and numeric:
        pick = max if rule == "max" else min
        winner = pick(group, key=lambda f: f.value)
        word = "highest" if rule == "max" else "lowest"
        return (
            winner,
            f"kept the {word} value, {winner.value!r} {winner.source}: "
            "for this measurement the worse reading is the one to act on",
        )
    top = [f for f in group if f.rank == group[0].rank]
    if len(_distinct(top)) > 1:
        return None, (
            f"left out: outputs of the same standing ({RANK_NAMES.get(group[0].rank, 'rank ' + str(group[0].rank))}) "
            "disagree, and nothing says which is right; state the field yourself"
        )
    winner = top[0]
    return winner, (
        f"kept {_plain(winner.value)!r} {winner.source}: {RANK_NAMES.get(winner.rank, 'it')} outranks "
        + " and ".join(sorted({RANK_NAMES.get(f.rank, str(f.rank)) for f in group if f.rank != winner.rank}))
    )


# --- paths -----------------------------------------------------------------------------------


def _dotted_parts(path: str) -> list[str]:
    """Split at the dots outside brackets: 'a.b[x.y].c' -> ['a', 'b[x.y]', 'c']."""
    parts: list[str] = []
    depth = 0
    for piece in path.split("."):
        if depth > 0:
            parts[-1] += "." + piece
        else:
            parts.append(piece)
        depth += piece.count("[") - piece.count("]")
    return parts


def segments(path: str) -> list[tuple[str, str | None]]:
    """'storage.disks[hdisk3].queue_depth' -> [('storage', None), ('disks', 'hdisk3'), ('queue_depth', None)]."""
    out = []
    for part in _dotted_parts(path):
        m = _ITEM.match(part)
        out.append((m.group(1), m.group(2)) if m else (part, None))
    return out


_KEYS = linre.compile(r"\[[^\]]*\]")


def field_exists(kind: str, path: str) -> bool:
    """Whether ``path`` is a field of ``kind`` (list items by key: ``storage.disks[hdisk3].name``)."""
    return _shape_exists(kind, _KEYS.sub("[k]", path))  # one answer per shape: 10 000 disks ask once


@lru_cache(maxsize=4096)
def _shape_exists(kind: str, path: str) -> bool:
    model: Any = KIND_MODELS.get(kind)
    parts = segments(path)
    for n, (name, key) in enumerate(parts):
        if not (isinstance(model, type) and issubclass(model, BaseModel)) or name not in model.model_fields:
            return False
        annotation = unwrap(model.model_fields[name].annotation)
        if key is not None:
            if get_origin(annotation) is not list:
                return False
            annotation = unwrap(get_args(annotation)[0])
        if n == len(parts) - 1:
            return True
        if get_origin(annotation) in (Union, UnionType):  # managed-system partitions: aix-lpar | vios
            rest = ".".join(f"{p}[k]" if k is not None else p for p, k in parts[n + 1 :])
            return any(_model_has(m, rest) for m in get_args(annotation) if isinstance(m, type))
        model = annotation
    return False


def _model_has(model: type, path: str) -> bool:
    kind = next((k for k, m in KIND_MODELS.items() if m is model), None)
    return kind is not None and _shape_exists(kind, path)


def _natural(name: str) -> tuple:
    return tuple(int(t) if t.isdigit() else t for t in linre.split(r"(\d+)", name))


def build(chosen: dict[str, Fact]) -> tuple[dict[str, Any], dict[str, Source]]:
    """The nested document and its provenance map (list items by index: storage.disks.0.queue_depth)."""
    tree: dict[str, Any] = {}
    for path, fact in chosen.items():
        node = tree
        parts = segments(path)
        for name, key in parts[:-1]:
            if key is None:
                node = node.setdefault(name, {})
            else:
                node = node.setdefault(name, {"__items__": {}})["__items__"].setdefault(key, {})
        node[parts[-1][0]] = fact  # mappers name list items by key only on the way: the last part is a field
    document: dict[str, Any] = {}
    provenance: dict[str, Source] = {}

    def emit(node: dict[str, Any], out: dict[str, Any], prefix: str) -> None:
        for name, value in node.items():
            if isinstance(value, Fact):
                out[name] = _plain(value.value)
                provenance[prefix + name] = value.source
            elif "__items__" in value:
                items = []
                for i, key in enumerate(sorted(value["__items__"], key=_natural)):
                    item: dict[str, Any] = {}
                    emit(value["__items__"][key], item, f"{prefix}{name}.{i}.")
                    item.setdefault("name", key)
                    items.append(dict(sorted(item.items(), key=lambda kv: kv[0] != "name")))
                out[name] = items
            else:
                out[name] = {}
                emit(value, out[name], f"{prefix}{name}.")

    emit(tree, document, "")
    return document, provenance


def json_path(dotted: str) -> str:
    """'storage.disks.0.queue_depth' -> '$.storage.disks[0].queue_depth' (as DocumentError issues name it)."""
    out = "$"
    for part in dotted.split("."):
        out += f"[{part}]" if part.isdigit() else f".{part}"
    return out
