"""durable-rules behind one lock; the only module that imports the engine.

The rulebook is compiled once per process into rulesets of at most CHUNK rules per kind
(the C core's alpha-network walk stack overflows at about 100 rules sharing a few
properties; see shared ENGINE_NOTES; 64 keeps aix-lpar's 45 units in one ruleset, so a fact is
asserted once). Each evaluation is one session (`sid`) per ruleset,
always deleted, because the core caps live sessions at 1024. The C core has no locks, so
every call goes through one process-wide lock; concurrency comes from processes.

Every ruleset also carries a sentinel rule that matches any fact of its kind. Measured here:
when an assert matched no rule (code 1), the following `delete_state` corrupts the C heap
("free(): invalid pointer", SIGSEGV) depending on what Python allocated before; with the
sentinel every assert matches, and 3000-evaluation runs and the differential test stay clean.

Many facts (the units of a managed system, the documents of a fleet run) go to one session
together (`fired_many`), each carrying its position as `id`, which every action result echoes
back: the assert and the action loop cost about half as much per fact as a session each.

Speed (bench/, docs/performance.md): the C core's cost grows with the bytes it parses and
echoes back, so each ruleset is sent only the properties its rules read (`_projector`; a
property no condition names cannot change a match), encoded with orjson when the result is
byte-for-byte what `encode_fact` accepts (`_encode`), else with `encode_fact` itself.
"""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Callable, Sequence
from typing import Any

import durable_rules_engine as dre
import orjson

from advisor import linre
from advisor.engine import EngineError
from advisor.engine.compile import ruleset_json
from advisor.rulebook.compiled import Rulebook
from advisor.rulebook.condition import node_paths

CHUNK = 64
SENTINEL = "__seen__"
_SESSION_KEYS = {"id", "sid"}  # set on every fact sent to the core
_LOCK = threading.Lock()
_NAMES = itertools.count(1)
_SIDS = itertools.count(1)


def encode_fact(value) -> str:
    """JSON for the C core, whose parser rejects exponent floats without a decimal point
    (`1e-05`, `1e+16`: error 204); those are written `1.0e-05`. Facts hold only dicts and scalars."""
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(k)}:{encode_fact(v)}" for k, v in value.items()) + "}"
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise EngineError("facts cannot hold NaN or infinity")
        text = repr(value)
        mantissa, exp, power = text.partition("e")
        return f"{mantissa}.0e{power}" if exp and "." not in mantissa else text
    return json.dumps(value)


# orjson writes exponent floats without a decimal point (1e+16) and NaN/infinity as null; such
# facts, and non-ASCII or out-of-range ones orjson refuses, take the exact path (encode_fact).
_EXPONENT = linre.compile(rb"[0-9][eE][-+]?[0-9]")


def _encode(fact: dict) -> str:
    try:
        raw = orjson.dumps(fact)
    except (orjson.JSONEncodeError, TypeError):  # ints beyond 64 bits, lone surrogates, odd types
        return encode_fact(fact)
    if b"null" in raw or not raw.isascii() or ((b"e+" in raw or b"e-" in raw) and _EXPONENT.search(raw)):
        return encode_fact(fact)  # orjson always signs an exponent: the substring tests skip the regex
    return raw.decode("ascii")


def _check(fact: dict) -> None:
    """Raise as `encode_fact` would for the whole fact (NaN or infinity anywhere, odd types), also
    where no rule reads the value and projection would drop it; orjson first, as it is faster."""
    try:
        raw = orjson.dumps(fact)
    except (orjson.JSONEncodeError, TypeError):
        encode_fact(fact)
        return
    if b"null" in raw:
        encode_fact(fact)


Paths = dict[str, "Paths | None"]  # a trie of dotted paths; None: keep the whole value


def _trie(paths: set[str]) -> Paths:
    root: Paths = {}
    for path in sorted(paths, key=lambda p: p.count(".")):  # shorter first: a whole value wins
        node = root
        *parents, last = path.split(".")
        for part in parents:
            child = node.setdefault(part, {})
            if child is None:
                break
            node = child
        else:
            node[last] = None
    return root


Projector = Callable[[dict, int, str], dict]


def _projector(paths: Paths) -> Projector:
    """`project(fact, id, sid)`: the part of `fact` at `paths` (what the conditions of one ruleset
    can see), after the session's `id` and `sid`, as straight-line code built once per ruleset. A
    path whose parent holds a scalar keeps that scalar (it is what a condition on it would see)."""
    lines = ["def project(fact, id, sid):", "    out = {'id': id, 'sid': sid}"]
    names = itertools.count()

    def emit(trie: Paths, src: str, dst: str, indent: str) -> None:
        for key, sub in trie.items():
            value = f"v{next(names)}"
            lines.append(f"{indent}{value} = {src}.get({key!r}, M)")
            lines.append(f"{indent}if {value} is not M:")
            if sub is None:
                lines.append(f"{indent}    {dst}[{key!r}] = {value}")
                continue
            inner = f"d{next(names)}"
            lines.append(f"{indent}    if isinstance({value}, dict):")
            lines.append(f"{indent}        {inner} = {dst}[{key!r}] = {{}}")
            emit(sub, value, inner, indent + "        ")
            lines.append(f"{indent}    else:")
            lines.append(f"{indent}        {dst}[{key!r}] = {value}")

    emit(paths, "fact", "out", "    ")
    lines.append("    return out")
    namespace: dict[str, Any] = {"M": object()}
    exec(compile("\n".join(lines) + "\n", "<ruleset projection>", "exec"), namespace)  # noqa: S102 - our own code
    return namespace["project"]


_ID_PREFIX = '":{"m":{"id":'
# Facts per session: the batch shares one assert and one action loop (about half the cost per fact
# of a session each); bounded so one call holds a fixed number of the core's handles.
FACTS_PER_SESSION = 256


def _matches(result: str) -> list[tuple[str, int]]:
    """(rule name, fact id) of one action result. The C core writes it as `{"NAME":{"m":FACT}}`,
    one action name, unescaped, with the fact's own text (serializeResult in rules.c); our names
    hold no quote and every fact we send starts with its integer `id`, so both are read without
    parsing the rest of the fact. Anything else is parsed in full."""
    if result.startswith('{"'):
        end = result.find('"', 2)
        if end > 2 and result.startswith(_ID_PREFIX, end):
            start = end + len(_ID_PREFIX)
            stop = result.find(",", start)
            if stop > start and result[start:stop].isdigit():
                return [(result[2:end], int(result[start:stop]))]
    return [
        (name, match["m"]["id"])
        for name, body in json.loads(result).items()
        for match in (body if isinstance(body, list) else [body])
    ]


class DurableEngine:
    def __init__(self, rulebook: Rulebook, chunk: int = CHUNK):
        self._handles: dict[str, list[tuple[int, Projector]]] = {}
        with _LOCK:
            for kind in rulebook.kinds:
                units = [u for r in rulebook.for_kind(kind) for u in r.units()]
                for start in range(0, len(units), chunk):
                    name = f"pa{next(_NAMES)}_{kind.replace('-', '_')}"
                    ruleset = ruleset_json(kind, units[start : start + chunk])
                    ruleset[SENTINEL] = {"all": [{"m": {"kind": kind}}]}
                    reads = {"kind", *(p for _, node in units[start : start + chunk] for p in node_paths(node))}
                    if any(p.split(".")[0] in _SESSION_KEYS for p in reads):
                        raise EngineError(f"a {kind} rule reads a property the engine sets itself: id or sid")
                    try:
                        handle = dre.create_ruleset(name, json.dumps(ruleset))
                    except Exception as exc:  # the C core reports errors as bare exceptions
                        raise EngineError(f"durable-rules rejected the {kind} ruleset: {exc}") from exc
                    self._handles.setdefault(kind, []).append((handle, _projector(_trie(reads))))

    def fired(self, kind: str, fact: dict) -> set[str]:
        return self.fired_many([(kind, fact)])[0]

    def fired_many(self, facts: Sequence[tuple[str, dict]]) -> list[set[str]]:
        """`fired` for each (kind, fact), in order. The facts of one kind go to each of its rulesets
        together, up to FACTS_PER_SESSION per session, each with its position as `id`; every action
        result names the fact it matched, and the sentinel rule must report every fact once, so a
        result that cannot be mapped back is an error, never a finding on the wrong system."""
        fired: list[set[str]] = [set() for _ in facts]
        by_kind: dict[str, list[int]] = {}
        for i, (kind, fact) in enumerate(facts):
            if kind in self._handles:
                _check(fact)
                by_kind.setdefault(kind, []).append(i)
        with _LOCK:
            for kind, positions in by_kind.items():
                for handle, project in self._handles[kind]:
                    for start in range(0, len(positions), FACTS_PER_SESSION):
                        batch = positions[start : start + FACTS_PER_SESSION]
                        self._session(kind, handle, project, [(i, facts[i][1]) for i in batch], fired)
        for units in fired:
            units.discard(SENTINEL)
        return fired

    @staticmethod
    def _session(
        kind: str, handle: int, project: Projector, batch: list[tuple[int, dict]], fired: list[set[str]]
    ) -> None:
        """One session of one ruleset: assert the batch, run every action, delete the session."""
        sid = str(next(_SIDS))
        payload = "[" + ",".join(_encode(project(fact, i, sid)) for i, fact in batch) + "]"
        expected = {i for i, _ in batch}
        seen = 0
        try:
            code, state = dre.assert_facts(handle, payload)
            if code != 0:  # the sentinel matches every fact of the kind: anything else is a fault
                raise EngineError(f"assert returned code {code}")
            result = dre.start_action_for_state(handle, state)
            while result:
                for name, i in _matches(result[1]):
                    if i not in expected:
                        raise EngineError(f"an action named fact {i}, which this session does not hold")
                    fired[i].add(name)
                    seen += name == SENTINEL
                nxt = dre.complete_and_start_action(handle, state)
                result = (None, nxt) if nxt else None
            if seen != len(batch):
                raise EngineError(f"the sentinel saw {seen} of {len(batch)} facts")
        except Exception as exc:
            raise EngineError(f"durable-rules failed on a {kind} fact: {exc}") from exc
        finally:
            try:
                dre.delete_state(handle, sid)
            except Exception:  # noqa: BLE001 - a session that never started has nothing to delete
                pass
