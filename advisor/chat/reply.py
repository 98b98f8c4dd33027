"""What one chat turn returns, and the composer that keeps every sentence tied to a citation.

`Composer.say(text, *citations)` is the only way text gets into an answer: it numbers the
citations (deduplicated on source, section and locator, in order of first use) and ends the
line with their markers, so a line without a marker cannot be written by accident.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator

from advisor.chat.numbers import percent_style
from advisor.chat.state import ChatState
from advisor.citations import Cite
from advisor.diff import ReviewDiff
from advisor.findings import CitationOut, Finding
from advisor.sources import load_sources


class ChatCitation(CitationOut):
    ref: str | None = Field(
        None,
        description="What the citation stands for: passage:<id>, rule:<id>, calculator:<name> or table:<id> (a "
        "measured table).",
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


class Claim(BaseModel):
    """One sentence of the answer that states guidance or a result, with the citations behind it."""

    text: str
    citations: list[int] = Field(description="Indexes into `citations`, from 1 (the markers of the line).")


class Verdict(BaseModel):
    """The answer to a yes/no question, stated before the detail."""

    answer: Literal["yes", "no", "it depends"]
    because: str = Field(description="Why, in one sentence (for 'it depends': the condition it depends on).")
    citations: list[int] = Field(description="Indexes into `citations`, from 1.")

    @field_validator("because")
    @classmethod
    def _one_number_style(cls, value: str) -> str:
        return percent_style(value)


class CalculationOut(BaseModel):
    """A figure the answer computed: inputs, result and unit, the formula, and where the formula comes from."""

    name: str
    inputs: dict[str, Any]
    result: float | int | str | bool
    unit: str | None = None
    formula: str
    citations: list[int] = Field(description="Indexes into `citations`, from 1.")


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
    verdict: Verdict | None = Field(None, description="For a yes/no question: yes, no or it depends, and why.")
    claims: list[Claim] = Field(default_factory=list, description="The answer's statements, each with citations.")
    calculations: list[CalculationOut] = Field(default_factory=list)
    assumptions: list[str] = Field(
        default_factory=list, description="What the answer took for granted because the message did not say it."
    )
    needs_input: list[Question] = Field(
        default_factory=list,
        description="Questions back to the user: data the answer needs; the reply to one resumes the calculation.",
    )
    state: ChatState

    @classmethod
    def clarify(cls, ask: str, questions: list[Question], state: ChatState) -> ChatReply:
        """A question back and nothing else: what the answer needs before it can be given."""
        return cls(
            intent="clarify",
            answer=ask,
            citations=[],
            covered=True,
            state=state,
            questions=questions,
            needs_input=questions,
        )

    def public(self) -> dict[str, Any]:
        """The `/v1/chat` response body (contract section 4), without the session state."""
        body = self.model_dump(mode="json", exclude={"state"})
        if body.get("diff") is None:
            body.pop("diff", None)
        return body


def resolve(cite: Cite, ref: str | None = None) -> ChatCitation:
    """A citation of the answer; one whose source gives no finer locator (table, figure, example) is located by its
    section, so every cited line says where in the source it rests."""
    src = load_sources()[cite.source]
    return ChatCitation(
        source_id=cite.source,
        title=src.title,
        section=cite.section,
        locator=cite.locator or cite.section,
        url=src.url,
        ref=ref,
    )


def from_out(c: CitationOut, ref: str | None = None) -> ChatCitation:
    fields = c.model_dump(include=set(CitationOut.model_fields))
    return ChatCitation(**{**fields, "locator": fields.get("locator") or fields.get("section")}, ref=ref)


class Composer:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.citations: list[ChatCitation] = []
        self._index: dict[tuple, int] = {}
        self._claims: list[tuple[str, tuple[int, ...]]] = []

    @property
    def claims(self) -> list[Claim]:
        """Each line as a claim: its text without the markers, and the citation numbers it carries."""
        return [Claim(text=text, citations=list(nums)) for text, nums in self._claims]

    def cite(self, citation: ChatCitation) -> int:
        key = (citation.source_id, citation.section, citation.locator)
        if key not in self._index:
            self.citations.append(citation)
            self._index[key] = len(self.citations)
        return self._index[key]

    def say(self, text: str, *citations: ChatCitation) -> None:
        if not citations:
            raise ValueError("every line of an answer needs a citation")
        nums = tuple(dict.fromkeys(self.cite(c) for c in citations))
        body = percent_style(" ".join(text.split()))  # one number style on every path (calculators, claims, passages)
        self.lines.append(f"{body} {''.join(f'[{n}]' for n in nums)}")
        self._claims.append((body, nums))

    def extend(self, other: Composer) -> None:
        """Append another composer's lines, renumbering its markers into this one."""
        mapping = {i + 1: self.cite(c) for i, c in enumerate(other.citations)}
        for body, nums in other._claims:
            mapped = tuple(dict.fromkeys(mapping[n] for n in nums))
            self.lines.append(f"{body} {''.join(f'[{n}]' for n in mapped)}")
            self._claims.append((body, mapped))

    def prepend(self, text: str, *citations: ChatCitation) -> None:
        """Put one cited line first (the verdict before the detail)."""
        self.say(text, *citations)
        self.lines.insert(0, self.lines.pop())
        self._claims.insert(0, self._claims.pop())

    @property
    def empty(self) -> bool:
        return not self.lines

    def text(self) -> str:
        return "\n".join(self.lines)


def renumbered(verdict: Verdict | None, reply: ChatReply, out: Composer) -> Verdict | None:
    """The reply's verdict with its citation numbers as `out` numbers them."""
    if verdict is None:
        return None
    nums = [out.cite(reply.citations[n - 1]) for n in verdict.citations if 0 < n <= len(reply.citations)]
    return verdict.model_copy(update={"citations": nums or [1]})


def carry(out: Composer, reply: ChatReply, claims: list[Claim] | None = None) -> None:
    """The reply's cited lines (or `claims` of them) after those `out` has, renumbered into `out`."""
    for claim in reply.claims if claims is None else claims:
        cites = [reply.citations[n - 1] for n in claim.citations if 0 < n <= len(reply.citations)]
        if cites:
            out.say(claim.text, *cites)
