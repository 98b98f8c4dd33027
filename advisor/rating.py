"""Red / amber / green per system, the way SAP EarlyWatch Alert rates a check: one word an admin's
manager reads first. Red: a critical or high finding; amber: a medium one; green: only low or info
findings, or none. Rules that were not assessed do not change the colour: they are listed beside it,
because a missing figure is a question, not a pass or a fail."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

Rating = Literal["red", "amber", "green"]
RATINGS: tuple[Rating, ...] = ("red", "amber", "green")


def rating(summary: Mapping[str, int]) -> Rating:
    """The colour of a system from its findings per severity.

    >>> rating({"critical": 0, "high": 1, "medium": 3})
    'red'
    >>> rating({"medium": 0, "low": 2})
    'green'
    """
    if summary.get("critical", 0) or summary.get("high", 0):
        return "red"
    if summary.get("medium", 0):
        return "amber"
    return "green"
