"""What one chat turn returns, and the composer that keeps every sentence tied to a citation.

`Composer.say(text, *citations)` is the only way text gets into an answer: it numbers the
citations (deduplicated on source, section and locator, in order of first use) and ends the
line with their markers, so a line without a marker cannot be written by accident.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from advisor.chat.state import ChatState
from advisor.citations import Cite
from advisor.diff import ReviewDiff
from advisor.findings import CitationOut, Finding
from advisor.sources import load_sources


class ChatCitation(CitationOut):
    ref: str | None = Field(
        None, description="What the citation stands for: passage:<id>, rule:<id> or calculator:<name>."
    )


class Question(BaseModel):
    """Data the advisor needs to assess a rule: the field, and the command that shows it."""

    path: str
    question: str
    command: str | None = None
    unit: str | None = None
    rule_id: str | None = None
    target: str | None = None
    severity: str | None = None


class ChatReply(BaseModel):
    session_id: str | None = None
    intent: str
    answer: str
    citations: list[ChatCitation]
    findings: list[Finding] = Field(default_factory=list)
    questions: list[Question] = Field(default_factory=list)
    follow_ups: list[str] = Field(default_factory=list)
    covered: bool = Field(True, description="False when the guidance does not cover the question.")
    diff: ReviewDiff | None = None
    state: ChatState

    def public(self) -> dict[str, Any]:
        """The `/v1/chat` response body (contract section 4), without the session state."""
        body = self.model_dump(mode="json", exclude={"state"})
        if body.get("diff") is None:
            body.pop("diff", None)
        return body


def resolve(cite: Cite, ref: str | None = None) -> ChatCitation:
    src = load_sources()[cite.source]
    return ChatCitation(
        source_id=cite.source, title=src.title, section=cite.section, locator=cite.locator, url=src.url, ref=ref
    )


def from_out(c: CitationOut, ref: str | None = None) -> ChatCitation:
    return ChatCitation(**c.model_dump(include=set(CitationOut.model_fields)), ref=ref)


class Composer:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.citations: list[ChatCitation] = []
        self._index: dict[tuple, int] = {}

    def cite(self, citation: ChatCitation) -> int:
        key = (citation.source_id, citation.section, citation.locator)
        if key not in self._index:
            self.citations.append(citation)
            self._index[key] = len(self.citations)
        return self._index[key]

    def say(self, text: str, *citations: ChatCitation) -> None:
        if not citations:
            raise ValueError("every line of an answer needs a citation")
        marks = "".join(f"[{n}]" for n in dict.fromkeys(self.cite(c) for c in citations))
        self.lines.append(f"{' '.join(text.split())} {marks}")

    def extend(self, other: Composer) -> None:
        """Append another composer's lines, renumbering its markers into this one."""
        import re

        mapping = {i + 1: self.cite(c) for i, c in enumerate(other.citations)}
        for line in other.lines:
            self.lines.append(re.sub(r"\[(\d+)\]", lambda m: f"[{mapping[int(m.group(1))]}]", line))

    @property
    def empty(self) -> bool:
        return not self.lines

    def text(self) -> str:
        return "\n".join(self.lines)
