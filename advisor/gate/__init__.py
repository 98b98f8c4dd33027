"""The CI gate: which rules count (selection), what is accepted (waivers, baseline) and what fails
(thresholds). `judge` turns reviews into the one GateResult every renderer reads."""

from advisor.gate.errors import GateInputError
from advisor.gate.judge import judge
from advisor.gate.model import GateDocument, GateFinding, GateGap, GatePass, GateResult, InputError, Policy

__all__ = [
    "GateInputError",
    "judge",
    "GateDocument",
    "GateFinding",
    "GateGap",
    "GatePass",
    "GateResult",
    "InputError",
    "Policy",
]
