"""Pydantic models at the edge: what the API takes and returns, beyond the core's own models.

Request models are strict (`extra="forbid"`: a typo is an error, never ignored) and carry
OpenAPI examples; bounds keep every accepted number inside what the calculators handle.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from advisor.assemble.kind import ASSEMBLED_KINDS
from advisor.assemble.model import Conflict, InputWarning

# Re-exported: the request and result models of the capabilities (advisor.capabilities), as the API names them.
from advisor.capabilities.calculators import AmeAssessment as AmeAssessment
from advisor.capabilities.calculators import AmeInput as AmeInput
from advisor.capabilities.calculators import ClmInput as ClmInput
from advisor.capabilities.calculators import HptInput as HptInput
from advisor.capabilities.calculators import LfareaInput as LfareaInput
from advisor.capabilities.calculators import PlareaInput as PlareaInput
from advisor.capabilities.calculators import SapInstancesInput as SapInstancesInput
from advisor.capabilities.calculators import ViosMemoryInput as ViosMemoryInput
from advisor.capabilities.models import Strict
from advisor.capabilities.outputs import MAX_OUTPUTS, OutputIn
from advisor.capabilities.outputs import OutputsRequest as OutputsRequest
from advisor.capabilities.outputs import ParseOut as ParseOut
from advisor.capabilities.review import REVIEW_ID_PATTERN
from advisor.capabilities.rules import EscalationOut as EscalationOut
from advisor.capabilities.rules import RuleDetail as RuleDetail
from advisor.capabilities.rules import RuleExample as RuleExample
from advisor.capabilities.rules import RuleExamples as RuleExamples
from advisor.capabilities.rules import RuleSummary as RuleSummary
from advisor.chat.reply import CalculationOut, ChatCitation, Claim, Question, Verdict
from advisor.chat.state import FindingRef
from advisor.diff import ReviewDiff
from advisor.findings import Finding, Review, RulebookInfo

CHAT_SESSION_ID_PATTERN = r"^cs_[0-9a-f]{20}$"
CURSOR_PATTERN = r"^[1-9][0-9]{0,17}$"


def keyset_page(rows: list[Any], limit: int) -> tuple[list[Any], str | None]:
    """A page from `limit + 1` rows fetched newest first: the rows to show and the cursor after them
    (the last shown `seq`), or None when nothing follows."""
    page = rows[:limit]
    return page, str(page[-1].seq) if len(rows) > limit else None


MAX_MESSAGE_CHARS = 65_536


# --- reviews ---


class ReviewOut(Review):
    """Contract section 2 plus where the review is stored; reviews of command outputs add what was read."""

    review_id: str = Field(pattern=REVIEW_ID_PATTERN, description="Id for GET /v1/reviews/{review_id}.")
    created_at: str = Field(description="When the review was made, ISO 8601 UTC.")
    document: dict[str, Any] | None = Field(
        None,
        description=(
            "Reviews of command outputs only: the document assembled from them (what POST /v1/parse returns)."
        ),
    )
    warnings: list[InputWarning] | None = Field(
        None,
        description=(
            "Reviews of command outputs only: lines that could not be read and notes, each naming its output "
            "(`file`: `outputs[2]`, `bundle`) and line."
        ),
    )
    conflicts: list[Conflict] | None = Field(
        None,
        description=(
            "Reviews of command outputs only: fields on which outputs disagree, with each value's source line."
        ),
    )


INPUT_FIELDS = ("document", "warnings", "conflicts")  # left out of the JSON of a review of a document


class ReviewListItem(BaseModel):
    review_id: str
    target: str
    kind: str
    created_at: str
    rulebook_version: str
    findings: int = Field(description="Number of findings.")
    summary: dict[str, int] = Field(description="Findings per severity.")


class ReviewPage(BaseModel):
    items: list[ReviewListItem] = Field(description="Newest first.")
    next_cursor: str | None = Field(description="Pass as `cursor` for the next page; null on the last page.")


# --- command outputs ---


# --- chat ---


class ChatRequest(Strict):
    """One chat turn: a message, in a session or starting one, optionally with the system to talk about."""

    message: str = Field(
        max_length=MAX_MESSAGE_CHARS,
        description=(
            'What to ask or do: "review", "why AME-001?", "what if I set ame.page_support = 64K", "undo", a question.'
        ),
    )
    session_id: str | None = Field(
        None,
        pattern=CHAT_SESSION_ID_PATTERN,
        description=("Continue this session; absent: start a new one (its id is in the response)."),
    )
    document: dict[str, Any] | None = Field(
        None,
        description=(
            "A configuration document: becomes the session's document (replacing the one before) and is reviewed."
        ),
    )
    outputs: list[OutputIn] | None = Field(
        None,
        min_length=1,
        max_length=MAX_OUTPUTS,
        description=("Command outputs instead of a document: assembled as POST /v1/parse does."),
    )
    bundle: str | None = Field(None, min_length=1, description="A collector bundle instead of a document.")
    kind: Literal[ASSEMBLED_KINDS] | None = Field(None, description="With outputs or bundle: the document kind.")  # type: ignore[valid-type]
    name: str | None = Field(
        None, min_length=1, max_length=256, description="With outputs or bundle: the system's name."
    )

    @model_validator(mode="after")
    def _one_system(self) -> ChatRequest:
        has_outputs = self.outputs is not None or self.bundle is not None
        if self.document is not None and has_outputs:
            raise ValueError("give the system as `document` or as `outputs`/`bundle`, not both")
        if not has_outputs and (self.kind is not None or self.name is not None):
            raise ValueError("`kind` and `name` go with `outputs` or `bundle`")
        return self


class ChatOut(BaseModel):
    """Contract section 4: the answer, every line tied to a citation."""

    session_id: str = Field(pattern=CHAT_SESSION_ID_PATTERN)
    intent: str = Field(description="review, explain, whatif, ask, calculate, out-of-scope, ...")
    answer: str = Field(description="Lines ending in citation markers [1][2] that index `citations` from 1.")
    citations: list[ChatCitation]
    findings: list[Finding] = Field(description="The findings the answer is about (contract section 2).")
    questions: list[Question] = Field(description="Data the advisor needs to assess more: the field and its command.")
    follow_ups: list[str] = Field(description="Messages the advisor understands as written.")
    covered: bool = Field(description="False when the guidance does not cover the question.")
    diff: ReviewDiff | None = Field(None, description="After a what-if: what the change introduces, resolves, keeps.")
    verdict: Verdict | None = Field(
        None, description="For a yes/no question: yes, no or it depends, the reason, and its citations (first line)."
    )
    claims: list[Claim] = Field(
        default_factory=list, description="Each line of `answer` as data: its text and the citation numbers behind it."
    )
    calculations: list[CalculationOut] = Field(
        default_factory=list, description="Figures computed for the answer: inputs, result, unit, formula, citations."
    )
    assumptions: list[str] = Field(
        default_factory=list, description="What the answer assumed because the message did not say it."
    )
    needs_input: list[Question] = Field(
        default_factory=list,
        description="Questions back to the user; answering one in the next message resumes the pending calculation.",
    )


class ChatTurnOut(BaseModel):
    n: int = Field(description="Position in the conversation, from 1; user and advisor alternate.")
    role: Literal["user", "advisor"]
    text: str
    intent: str | None = None
    citations: list[ChatCitation]
    created_at: str


class ChatSessionOut(BaseModel):
    """The conversation so far and what the session knows now."""

    session_id: str = Field(pattern=CHAT_SESSION_ID_PATTERN)
    created_at: str
    updated_at: str
    document: dict[str, Any] | None = Field(description="The session's document, after what-if changes.")
    findings: list[FindingRef] = Field(description="The findings of the last review, in rank order.")
    focus: str | None = Field(description="The rule the conversation is about (what a bare 'why?' refers to).")
    undo_depth: int = Field(description="How many what-if changes 'undo' can still step back.")
    turns: list[ChatTurnOut]


# --- health ---


class Health(BaseModel):
    status: Literal["ok"]


class Readiness(BaseModel):
    status: Literal["ready"]
    schema_version: int
    rulebook: RulebookInfo
    store: Literal["sqlite", "postgres"] = Field(description="Which store answered; it also took a write just now.")


class ProblemType(BaseModel):
    type: str
    title: str
    status: int
    description: str
