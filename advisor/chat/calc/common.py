"""What every calculator answer shares: the answer type, citation and derived-value helpers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from advisor import derive, linre
from advisor.chat.reply import ChatCitation, Composer, Question, resolve
from advisor.documents.io import validate_document


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

    @property
    def cites(self) -> list[ChatCitation]:
        """The calculator's own citations (those of its first line)."""
        return self.out.citations[:1]


def _cites(cites, name: str):
    return [resolve(c, f"calculator:{name}") for c in cites]


def _derived(doc: dict, name: str):
    """A derived value of a minimal document, with the derivation's citations (None when not computable)."""
    model = validate_document(doc)
    d = derive.everything()[name]
    try:
        return d.func(model), d.citations
    except (derive.Missing, derive.Invalid):
        return None, d.citations


def _has(pattern: str, text: str) -> bool:
    return linre.search(pattern, text, linre.IGNORECASE) is not None
