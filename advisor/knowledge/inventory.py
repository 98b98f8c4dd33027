"""The guidance inventory: every rule id the project has assigned (shared GUIDANCE.md).

Passages name the rules they support. The rulebook is written rule by rule, so a passage may
name an id whose rule is not encoded yet; that is fine as long as the id is one the inventory
assigned. An id outside both the inventory and the rulebook is a typo and a load error.
"""

from __future__ import annotations

import re

CORE_RULES = ("AME-001", "AME-002", "VIOS-001", "HPUX-003", "HPUX-004", "HPUX-005", "HPUX-006", "ZOS-001", "ZVM-001")

_COUNTS = {"AME": 16, "LPAR": 9, "VIOS": 6, "STOR": 8, "NET": 8, "WPAR": 4, "HPUX": 14, "ZOS": 9, "ZVM": 5}

INVENTORY: frozenset[str] = frozenset(
    f"{prefix}-{n:03d}" for prefix, count in _COUNTS.items() for n in range(1, count + 1)
)

RULE_ID = re.compile(r"^(AME|LPAR|VIOS|STOR|NET|WPAR|HPUX|ZOS|ZVM)-\d{3}[a-z]?$")


def base_id(rule_id: str) -> str:
    """`AME-007a` -> `AME-007`: split rules share their inventory id."""
    return rule_id[:-1] if rule_id[-1].isalpha() else rule_id


def is_core(rule_id: str) -> bool:
    return base_id(rule_id) in CORE_RULES
