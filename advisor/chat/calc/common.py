"""What every calculator answer shares: the answer type, citation and derived-value helpers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any, TypeVar

from pydantic import BaseModel

from advisor import linre
from advisor.capabilities.context import Context
from advisor.chat.reply import ChatCitation, Composer, Question, resolve

_TIME = r"\b\d{1,2}(?::[0-5]\d(?::[0-5]\d)?(?:\s?[ap]\.?m\b\.?)?|\s?[ap]\.?m\b\.?)"
# "08:00", "6:30 pm", "8am", "08:00-18:00": clock times (and a span of them), which name a window, never a use figure
# "9-17 business hours", "8 to 18h": a span of hours said with its unit
_HOURS = r"\b\d{1,2}\s?(?:-|–|to|until)\s?\d{1,2}\s?(?:h\b|hrs?\b|hours?\b|o'?clock\b|business\s+hours\b)"
CLOCK = linre.compile(rf"{_HOURS}|{_TIME}(?:\s{{0,2}}(?:-|–|to|until)\s{{0,2}}{_TIME})?\s?", linre.I)


@dataclass
class Calculation:
    """One computed figure as data: the inputs it used, the result, the formula and its citations."""

    name: str
    inputs: dict[str, Any]
    result: float | int | str | bool
    unit: str | None
    formula: str
    citations: list[ChatCitation] = field(default_factory=list)


@dataclass
class CalcAnswer:
    name: str
    out: Composer
    rules: list[str] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)
    calculations: list[Calculation] = field(default_factory=list)
    assumptions: list[str] = field(default_factory=list)
    verdict: tuple[str, str, list[ChatCitation]] | None = None  # (yes|no|it depends, why, citations)
    judges_stated: bool = False  # the verdict compares a figure the user states of their own setup with the guideline

    @property
    def cites(self) -> list[ChatCitation]:
        """The calculator's own citations (those of its first line)."""
        return self.out.citations[:1]


def _cites(cites, name: str):
    return [resolve(c, f"calculator:{name}") for c in cites]


def _has(pattern: str, text: str) -> bool:
    return linre.search(pattern, text, linre.IGNORECASE) is not None


R = TypeVar("R", bound=BaseModel)
M = TypeVar("M", bound=BaseModel)


@cache
def _context() -> Context:
    return Context()


def run(fn: Callable[[M, Context], R], model: type[M], **inputs: Any) -> R:
    """A calculator capability (advisor/capabilities/calculators.py) on the inputs read from the message: the
    chat is one more adapter over the definition the REST routes, MCP tools and CLI use."""
    return fn(model(**inputs), _context())


# "8 frob adapters", "3 address spaces": a whole number followed by a word counts something (unlike a model number,
# a signal number or a list's "64, 64 and 128 GB")
_COUNTS = linre.compile(r"\s{1,3}(?:[a-z][a-z-]{2,}\s{1,3})?(?:[a-z][a-z-]{2,})\b", linre.I)
_NOT_COUNTED = frozenset({"and", "the", "for", "with", "but", "per", "from", "then", "than", "into", "onto", "each"})


def counts_something(text: str, end: int) -> bool:
    """Whether the bare number ending at `end` is followed by the word of what it counts."""
    m = _COUNTS.match(text, end)
    return m is not None and m.group(0).split()[0].lower() not in _NOT_COUNTED
