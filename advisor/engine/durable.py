"""durable-rules behind one lock; the only module that imports the engine.

The rulebook is compiled once per process into rulesets of at most CHUNK rules per kind
(the C core's alpha-network walk stack overflows at about 100 rules sharing a few
properties; see shared ENGINE_NOTES; 64 keeps aix-lpar's 45 units in one ruleset, so a fact is
asserted once). The C core has no locks, so every call goes through one process-wide lock;
concurrency comes from processes.

Each ruleset keeps one session for the life of the engine: an evaluation asserts its facts,
runs the actions and retracts the facts again, which leaves the session as it was. Creating a
session costs more than evaluating a typical fact (the core allocates and clears about 8 KiB of
frame indexes per rule), and the core caps live sessions at 1024 per ruleset. A failure deletes
the session, so the next evaluation starts from a fresh one.

Every ruleset also carries a sentinel rule that matches any fact sent to it. Measured here:
when an assert matched no rule (code 1), the following `delete_state` corrupts the C heap
("free(): invalid pointer", SIGSEGV) depending on what Python allocated before; with the
sentinel every assert matches. Its action waits for more facts than a session holds (`NEVER`),
so it never runs and costs no result.

Many facts (the units of a managed system, the documents of a fleet run) go to one session
together (`fired_many`), each carrying its position as `id`. Every rule is capped
(`ruleset_json`), so one action reports all the facts of the session that the rule matched.
`assert_facts` stops at the first fact it cannot parse (an object of more than 255 properties,
say) and still returns 0, so the facts after it would silently fire nothing: every batch ends
with a fact that only the `LAST` rule matches, and a batch whose `LAST` action does not come is
an error. A fact alone goes through `assert_fact`, which reports such a fact itself.

Speed (bench/engine.py, docs/performance.md): the C core's cost grows with a fact's property
count and text, which it parses, walks and echoes back in every action result. So each ruleset
is sent one flat object holding only the fields its rules read, under short names
(`compile.flat_names`; a field no condition names cannot change a match), encoded with orjson
when the result is byte-for-byte what `encode_fact` accepts (`_encode`), else with `encode_fact`.
"""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import durable_rules_engine as dre
import orjson

from advisor import linre
from advisor.engine import EngineError
from advisor.engine.compile import END, MARKER, flat_names, ruleset_json
from advisor.engine.generated import MISSING
from advisor.rulebook.compiled import Rulebook
from advisor.rulebook.condition import Node, node_paths

CHUNK = 64
SENTINEL = "__seen__"
LAST = "__last__"  # the rule that matches the fact closing every batch
_LAST_FACT = f'{{"id":"{LAST}","{END}":1}}'
_LAST_RESULT = f'{{"{LAST}":'
NEVER = 65535  # the sentinel's action waits for this many facts (the most the core reads): it never runs
SID = "0"  # the session of a fact without `sid` (fixupIds in the C core); one per ruleset
_LOCK = threading.Lock()
_NAMES = itertools.count(1)
# Facts per session: the batch shares one assert and one action per rule; bounded so one call
# holds a fixed number of the core's frames.
FACTS_PER_SESSION = 256


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


def _encode_all(facts: list[dict]) -> str:
    """The JSON array of `facts` for the C core: one orjson pass when that is byte-for-byte what
    `encode_fact` gives, else `_encode` fact by fact (which raises on NaN or infinity)."""
    try:
        raw = orjson.dumps(facts)
    except (orjson.JSONEncodeError, TypeError):
        raw = b"null"  # take the exact path
    # `find`, not `in`: on bytes, `in` first tries its operand as an int, raising and clearing an error
    if (
        raw.find(b"null") < 0
        and raw.isascii()
        and (raw.find(b"e+") < 0 and raw.find(b"e-") < 0 or not _EXPONENT.search(raw))
    ):
        return raw.decode("ascii")
    return "[" + ",".join(_encode(fact) for fact in facts) + "]"


Flattener = Callable[[dict, int], dict]


def _flattener(names: Mapping[str, str]) -> Flattener:
    """`flat(fact, id)`: the value at each path of `names` under its short name (absent where the
    path is; a non-object on the way means absent, as in the reference evaluator), after the
    session's `id` and the marker, as straight-line code built once per ruleset: each object on the
    way is looked up once, and the fields under it inside one `if`."""
    tree: dict = {}  # key -> [short name of the path ending here or None, subtree]
    for path, short in names.items():
        node = tree
        *heads, last = path.split(".")
        for head in heads:
            node = node.setdefault(head, [None, {}])[1]
        node.setdefault(last, [None, {}])[0] = short
    lines = ["def flat(fact, id, M=M, dict=dict):", f"    out = {{'id': id, {MARKER!r}: 1}}"]
    objects = itertools.count()

    def emit(node: dict, holder: str, indent: str) -> None:
        for key, (short, sub) in node.items():
            value = f"d{next(objects)}"
            lines.append(f"{indent}{value} = {holder}.get({key!r}, M)")
            if short is not None:
                lines.append(f"{indent}if {value} is not M:")
                lines.append(f"{indent}    out[{short!r}] = {value}")
            if sub:
                lines.append(f"{indent}if {value}.__class__ is dict:")
                emit(sub, value, indent + "    ")

    emit(tree, "fact", "    ")
    lines.append("    return out")
    namespace: dict[str, Any] = {"M": MISSING}
    exec(compile("\n".join(lines) + "\n", "<ruleset flattening>", "exec"), namespace)  # noqa: S102 - our own code
    return namespace["flat"]


_FRAME = '{"m":{"id":'  # how every matched fact starts in an action result: we send `id` first


def _read(result: str, known: bool) -> tuple[str, list[int]]:
    """(rule name, fact ids) of one action result. The C core writes a capped rule's action as
    `{"NAME":[{"m":FACT},...]}`, one action name, unescaped, each FACT the text we sent
    (serializeResult in state.c), which starts with its `id`. When `known` (no fact text of the
    session holds `{"m":`, which only a nested object of a document can), every `{"m":{"id":`
    starts a frame, so the ids are read there. Anything else is parsed in full."""
    head, *frames = result.split(_FRAME)
    if known and head.startswith('{"') and head.endswith('":[') and '"' not in head[2:-3] and frames:
        ids = []
        for frame in frames:  # a loop, not comprehensions: each of those is a new function object
            digits = frame[: frame.find(",")]
            if not (digits.isascii() and digits.isdigit()):
                break
            ids.append(int(digits))
        else:
            return head[2:-3], ids
    ((name, body),) = json.loads(result).items()
    return name, [match["m"]["id"] for match in (body if isinstance(body, list) else [body])]


class _Ruleset:
    """One compiled ruleset of one kind: its handle in the core and how a fact is sent to it."""

    def __init__(self, kind: str, units: list[tuple[str, Node]]):
        names = flat_names(p for _, node in units for p in node_paths(node))
        ruleset = ruleset_json(units, names, FACTS_PER_SESSION)
        ruleset[SENTINEL] = {"all": [{"m": {MARKER: 1}}], "count": NEVER}
        ruleset[LAST] = {"all": [{"m": {END: 1}}]}
        self.kind = kind
        self.flat = _flattener(names)
        try:
            self.handle = dre.create_ruleset(f"pa{next(_NAMES)}_{kind.replace('-', '_')}", json.dumps(ruleset))
        except Exception as exc:  # the C core reports errors as bare exceptions
            raise EngineError(f"durable-rules rejected the {kind} ruleset: {exc}") from exc

    def evaluate(self, batch: list[int], facts: Sequence[tuple[str, dict]], fired: list[set[str]]) -> None:
        """Assert the facts at `batch` (their positions in `facts`) into the session, run every action,
        retract them. Every action
        result names the facts it matched; one that names a fact this batch does not hold is an
        error (and the session is deleted), never a finding on the wrong system."""
        flat = self.flat
        ids = set(batch)
        flats = []
        for i in batch:
            flats.append(flat(facts[i][1], i))
        payload = _encode_all(flats)
        known = _FRAME not in payload  # see `_read`
        single = len(batch) == 1
        last = single  # `assert_fact` reports a fact it cannot parse itself
        try:
            if single:
                code, state = dre.assert_fact(self.handle, payload[1:-1])
            else:
                code, state = dre.assert_facts(self.handle, f"{payload[:-1]},{_LAST_FACT}]")
            if code != 0:  # the sentinel matches every fact of the kind: anything else is a fault
                raise EngineError(f"assert returned code {code}")
            result = dre.start_action_for_state(self.handle, state)
            while result:
                if result[1].startswith(_LAST_RESULT):
                    last = True
                else:
                    name, matched = _read(result[1], known)
                    for i in matched:
                        if i not in ids:
                            raise EngineError(f"an action named fact {i}, which this session does not hold")
                        fired[i].add(name)
                nxt = dre.complete_and_start_action(self.handle, state)
                result = (None, nxt) if nxt else None
            if not last:  # `assert_facts` stops reading at a fact it cannot parse, and says nothing
                raise EngineError("the engine did not read the whole batch")
            if single:
                code, _ = dre.retract_fact(self.handle, f'{{"id":{batch[0]}}}')
            else:
                retract = '},{"id":'.join(map(str, batch))
                code, _ = dre.retract_facts(self.handle, f'[{{"id":{retract}}},{{"id":"{LAST}"}}]')
            if code != 0:
                raise EngineError(f"retract returned code {code}")
        except BaseException as exc:  # also an interrupt: what the session holds is unknown
            self.reset()
            if isinstance(exc, Exception):
                raise EngineError(f"durable-rules failed on a {self.kind} fact: {exc}") from exc
            raise

    def reset(self) -> None:
        """Delete the session, with whatever a failed evaluation left in it."""
        try:
            dre.delete_state(self.handle, SID)
        except Exception:  # noqa: BLE001 - a session that never started has nothing to delete
            pass


class DurableEngine:
    """A kind's rulesets are created in the core on its first fact: a check of one document pays for
    one kind, not six. `prepare()` creates them all at once (a server, before its first request)."""

    def __init__(self, rulebook: Rulebook, chunk: int = CHUNK):
        self._rulebook, self._chunk = rulebook, chunk
        self._kinds = frozenset(rulebook.kinds)
        self._rulesets: dict[str, list[_Ruleset]] = {}

    def prepare(self) -> None:
        """Create every kind's rulesets now; a ruleset the core rejects fails here, not on a request."""
        with _LOCK:
            for kind in sorted(self._kinds):
                self._built(kind)

    def _built(self, kind: str) -> list[_Ruleset]:
        """The kind's rulesets, created on first use; the caller holds _LOCK (ENGINE_NOTES: creating
        a ruleset while another thread evaluates is the first-use race)."""
        rulesets = self._rulesets.get(kind)
        if rulesets is None:
            units = [u for r in self._rulebook.for_kind(kind) for u in r.units()]
            rulesets = [
                _Ruleset(kind, units[start : start + self._chunk]) for start in range(0, len(units), self._chunk)
            ]
            self._rulesets[kind] = rulesets
        return rulesets

    def fired(self, kind: str, fact: dict) -> set[str]:
        return self.fired_many([(kind, fact)])[0]

    def fired_many(self, facts: Sequence[tuple[str, dict]]) -> list[set[str]]:
        """`fired` for each (kind, fact), in order. The facts of one kind go to each of its rulesets
        together, up to FACTS_PER_SESSION at a time, each with its position as `id`."""
        fired: list[set[str]] = []
        by_kind: dict[str, list[int]] = {}
        for i, (kind, _) in enumerate(facts):
            fired.append(set())
            if kind in self._kinds:
                by_kind.setdefault(kind, []).append(i)
        with _LOCK:
            for kind, positions in by_kind.items():
                for ruleset in self._built(kind):
                    for start in range(0, len(positions), FACTS_PER_SESSION):
                        ruleset.evaluate(positions[start : start + FACTS_PER_SESSION], facts, fired)
        return fired
