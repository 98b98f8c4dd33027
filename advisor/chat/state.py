"""What a chat session remembers between turns, as plain JSON-able data.

The API keeps sessions in SQLite, so the state is a pydantic model that round-trips through
`model_dump(mode="json")` / `ChatState.model_validate(...)` with nothing live in it: the
document as the user gave it (after what-if edits), the compact findings of the last review
(so "explain the second finding" means what the user saw), the rule the conversation is
about, and the turns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, Field

from advisor.findings import CitationOut

MAX_TURNS = 200
MAX_UNDO = 10
# The dialogue reads back at most this many of the latest messages (user and advisor): the user's last questions a
# follow-up takes its subject from, and the last answer ("apply it" applies the fix it put forward). A session stored
# apart from its turns (the API keeps every message in its own table) keeps these, so that it answers as in process.
RECALLED = 8


class FindingRef(BaseModel):
    """A finding as the user last saw it: enough to refer back to it by rank."""

    rule_id: str
    target: str
    severity: str
    rank: int
    title: str


class Turn(BaseModel):
    role: Literal["user", "advisor"]
    text: str
    intent: str | None = None
    citations: list[CitationOut] = Field(default_factory=list)


class Subject(BaseModel):
    """What the conversation is about now: what a follow-up ("and on POWER8?", "the fix?") refers to."""

    question: str | None = Field(None, description="The last question answered, as resolved (for ellipsis).")
    intent: str | None = None
    rule: str | None = None
    passages: list[str] = Field(default_factory=list, description="Passage ids the last answer quoted.")
    calculator: str | None = None
    platforms: list[str] = Field(default_factory=list, description="Processors / platforms named, latest last.")
    os_levels: list[str] = Field(default_factory=list, description="OS levels named, latest last.")
    anchor: str | None = Field(
        None, description="The last question that named its own subject (what 'it' of later follow-ups is)."
    )
    table: str | None = Field(None, description="The measured table the last answer quoted or cited (tables.py).")
    table_rows: list[str] = Field(default_factory=list, description="The rows of that table the answer gave.")
    table_columns: list[str] = Field(default_factory=list, description="The columns of that table the answer gave.")


class Pending(BaseModel):
    """A question the advisor asked back; the user's next message may answer it and resume the calculation."""

    question: str = Field(description="The user's question the answer is waiting for data to finish.")
    needs: str = Field(description="What is missing: size, cores, processor, speed, ...")
    ask: str = Field(description="The question put to the user.")
    raw: str | None = Field(None, description="The words of the question the answer replaces ('4 FC ports').")


class ChatState(BaseModel):
    document: dict[str, Any] | None = None
    previous_documents: list[dict[str, Any]] = Field(
        default_factory=list, description="Documents before each what-if change, most recent last (for undo)."
    )
    findings: list[FindingRef] = Field(default_factory=list)
    focus: str | None = Field(None, description="The rule id the conversation is about (for a bare 'why?').")
    turns: list[Turn] = Field(default_factory=list)
    subject: Subject = Field(default_factory=Subject)
    pending: Pending | None = None
    original_document: dict[str, Any] | None = Field(
        None, description="The document as it arrived, before any what-if ('start over' returns to it)."
    )

    @classmethod
    def coerce(cls, state: ChatState | dict | None) -> ChatState:
        """Accept a state, its JSON form, or nothing (a new session); never share the caller's object."""
        if state is None:
            return cls()
        if isinstance(state, ChatState):
            return state.model_copy(deep=True)
        return cls.model_validate(state)

    def remember(self, user: str, intent: str, answer: str, citations: Sequence[CitationOut]) -> None:
        self.turns.append(Turn(role="user", text=user))
        self.turns.append(
            Turn(
                role="advisor",
                text=answer,
                intent=intent,
                citations=[CitationOut(**c.model_dump(include=set(CitationOut.model_fields))) for c in citations],
            )
        )
        del self.turns[:-MAX_TURNS]

    def stored(self) -> str:
        """The state as JSON for a store that keeps every message apart: only the messages the dialogue reads back."""
        return self.model_copy(update={"turns": self.turns[-RECALLED:]}).model_dump_json()

    def recalled(self, role: Literal["user", "advisor"]) -> list[str]:
        """The texts of the latest messages of `role` the dialogue may read back, oldest first."""
        return [t.text for t in self.turns[-RECALLED:] if t.role == role]

    def note(self, name: str, values: list[str], limit: int = 6) -> None:
        """Remember entities named in a message (latest last, no repeats)."""
        known: list[str] = getattr(self.subject, name)
        for v in values:
            if v in known:
                known.remove(v)
            known.append(v)
        del known[:-limit]

    def push_document(self, document: dict[str, Any]) -> None:
        if self.document is not None:
            self.previous_documents.append(self.document)
            del self.previous_documents[:-MAX_UNDO]
        self.document = document
