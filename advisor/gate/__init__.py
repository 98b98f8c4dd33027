"""The CI gate: which rules count (selection), what is accepted (waivers, baseline) and what fails
(thresholds). `advisor.gate.judge.judge` turns reviews into the one GateResult every renderer reads
(not re-exported here: the name is also the submodule's).

The names below load on first use (PEP 562), so a command that needs only a constant of the gate
(the CLI's --help) does not import the review pipeline.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from advisor.gate.errors import GateInputError
    from advisor.gate.model import GateDocument, GateFinding, GateGap, GatePass, GateResult, InputError, Policy

_WHERE = {
    "GateInputError": "advisor.gate.errors",
    **dict.fromkeys(
        ("GateDocument", "GateFinding", "GateGap", "GatePass", "GateResult", "InputError", "Policy"),
        "advisor.gate.model",
    ),
}

__all__ = [
    "GateInputError",
    "GateDocument",
    "GateFinding",
    "GateGap",
    "GatePass",
    "GateResult",
    "InputError",
    "Policy",
]


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'advisor.gate' has no attribute {name!r}")
    return getattr(import_module(_WHERE[name]), name)
