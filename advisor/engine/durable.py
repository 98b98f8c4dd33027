"""durable-rules behind one lock; the only module that imports the engine.

The rulebook is compiled once per process into rulesets of at most CHUNK rules per kind
(the C core's alpha-network walk stack overflows at about 100 rules sharing a few
properties; see shared ENGINE_NOTES). Each evaluation is one session (`sid`) per ruleset,
always deleted, because the core caps live sessions at 1024. The C core has no locks, so
every call goes through one process-wide lock; concurrency comes from processes.

Every ruleset also carries a sentinel rule that matches any fact of its kind. Measured here:
when an assert matched no rule (code 1), the following `delete_state` corrupts the C heap
("free(): invalid pointer", SIGSEGV) depending on what Python allocated before; with the
sentinel every assert matches, and 3000-evaluation runs and the differential test stay clean.
"""

from __future__ import annotations

import itertools
import json
import threading

import durable_rules_engine as dre

from advisor.engine.compile import ruleset_json
from advisor.rulebook.loader import Rulebook

CHUNK = 40
SENTINEL = "__seen__"
_LOCK = threading.Lock()
_NAMES = itertools.count(1)
_SIDS = itertools.count(1)


class EngineError(RuntimeError):
    pass


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


class DurableEngine:
    def __init__(self, rulebook: Rulebook, chunk: int = CHUNK):
        self._handles: dict[str, list[int]] = {}
        with _LOCK:
            for kind in rulebook.kinds:
                units = [u for r in rulebook.for_kind(kind) for u in r.units()]
                for start in range(0, len(units), chunk):
                    name = f"pa{next(_NAMES)}_{kind.replace('-', '_')}"
                    ruleset = ruleset_json(kind, units[start:start + chunk])
                    ruleset[SENTINEL] = {"all": [{"m": {"kind": kind}}]}
                    try:
                        handle = dre.create_ruleset(name, json.dumps(ruleset))
                    except Exception as exc:  # the C core reports errors as bare exceptions
                        raise EngineError(f"durable-rules rejected the {kind} ruleset: {exc}") from exc
                    self._handles.setdefault(kind, []).append(handle)

    def fired(self, kind: str, fact: dict) -> set[str]:
        fired: set[str] = set()
        handles = self._handles.get(kind, ())
        if not handles:
            return fired
        with _LOCK:
            sid = str(next(_SIDS))
            payload = encode_fact({**fact, "sid": sid})
            for handle in handles:
                try:
                    code, state = dre.assert_fact(handle, payload)
                    if code == 0:
                        result = dre.start_action_for_state(handle, state)
                        while result:
                            fired.update(json.loads(result[1]))
                            nxt = dre.complete_and_start_action(handle, state)
                            result = (None, nxt) if nxt else None
                except Exception as exc:
                    raise EngineError(f"durable-rules failed on a {kind} fact: {exc}") from exc
                finally:
                    try:
                        dre.delete_state(handle, sid)
                    except Exception:  # noqa: BLE001 - a session that never started has nothing to delete
                        pass
        fired.discard(SENTINEL)
        return fired
