"""Message templates: `{ame.expansion_factor}` or `{derived.vios_required_memory_mb:.0f}`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from advisor import linre

PLACEHOLDER = linre.compile(r"\{([A-Za-z_][A-Za-z0-9_.]*)(?::([^{}]*))?\}")


def placeholders(text: str) -> list[str]:
    return [m.group(1) for m in PLACEHOLDER.finditer(text)]


def _show(value: Any, spec: str | None) -> str:
    if value is None:
        return "n/a"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value) if value else "none"
    if spec:
        try:
            return format(value, spec)
        except (ValueError, TypeError):
            return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def render(text: str, lookup: Callable[[str], Any]) -> str:
    return PLACEHOLDER.sub(lambda m: _show(lookup(m.group(1)), m.group(2)), text)
