"""What every calculator answer shares: the answer type, citation and derived-value helpers."""

from __future__ import annotations

from dataclasses import dataclass, field

from advisor import derive, linre
from advisor.chat.reply import Composer, Question, resolve
from advisor.documents.io import validate_document


@dataclass
class CalcAnswer:
    name: str
    out: Composer
    rules: list[str] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)


def _cites(cites, name: str):
    return [resolve(c, f"calculator:{name}") for c in cites]


def _derived(doc: dict, name: str):
    """A derived value of a minimal document, with the derivation's citations (None when not computable)."""
    model = validate_document(doc)
    d = derive.REGISTRY[name]
    try:
        return d.func(model), d.citations
    except (derive.Missing, derive.Invalid):
        return None, d.citations


def _has(pattern: str, text: str) -> bool:
    return linre.search(pattern, text, linre.IGNORECASE) is not None
