"""Pydantic models at the edge: what the API takes and returns, beyond the core's own models.

Request models are strict (`extra="forbid"`: a typo is an error, never ignored) and carry
OpenAPI examples; bounds keep every accepted number inside what the calculators handle.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from advisor.assemble.kind import ASSEMBLED_KINDS
from advisor.assemble.model import Conflict, InputWarning
from advisor.assemble.model import Source as OutputSource
from advisor.calculators.ame import AmeSizing, DeficitEstimate, TrueMemoryForFactor
from advisor.chat.reply import ChatCitation, Question
from advisor.chat.state import FindingRef
from advisor.diff import ReviewDiff
from advisor.findings import CitationOut, Finding, Review, RulebookInfo
from advisor.rulebook.model import Confidence, Remediation, Severity

REVIEW_ID_PATTERN = r"^rv_[0-9a-f]{20}$"
CHAT_SESSION_ID_PATTERN = r"^cs_[0-9a-f]{20}$"
CURSOR_PATTERN = r"^[1-9][0-9]{0,17}$"


def keyset_page(rows: list[Any], limit: int) -> tuple[list[Any], str | None]:
    """A page from `limit + 1` rows fetched newest first: the rows to show and the cursor after them
    (the last shown `seq`), or None when nothing follows."""
    page = rows[:limit]
    return page, str(page[-1].seq) if len(rows) > limit else None


MAX_OUTPUTS = 100
MAX_MESSAGE_CHARS = 65_536


def _json_integer(value: Any) -> Any:
    """An integer as JSON Schema means it: 4 or 4.0 (the same JSON number), never "4" or true."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PydanticCustomError("int_type", "Input should be a valid integer")
    return value


JsonInt = Annotated[int, BeforeValidator(_json_integer)]


class Strict(BaseModel):
    """JSON types as the schema says: 4 is not "4", true is not 1."""

    model_config = ConfigDict(extra="forbid", strict=True)


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


class OutputIn(Strict):
    """One command output, as printed."""

    command: str | None = Field(
        None,
        min_length=1,
        max_length=256,
        examples=["lparstat -i"],
        description=(
            "The command that printed it (`lparstat -i`, `vmo -L`, `ioscli lsdev -type adapter`); when absent it is "
            "detected from the text, which may also be a pasted terminal session or a collector bundle."
        ),
    )
    text: str = Field(min_length=1, description="The output as printed (line ends CR, LF or CRLF).")


class OutputsRequest(Strict):
    """Command outputs of one system: a list of outputs, a collector bundle, or both."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "anyOf": [
                {"required": ["outputs"], "properties": {"outputs": {"type": "array"}}},
                {"required": ["bundle"], "properties": {"bundle": {"type": "string"}}},
            ]
        },
    )

    outputs: list[OutputIn] | None = Field(None, min_length=1, max_length=MAX_OUTPUTS)
    bundle: str | None = Field(
        None,
        min_length=1,
        description=("A collector bundle (`collect/aix-collect.sh`), or outputs pasted one after another."),
    )
    kind: Literal[ASSEMBLED_KINDS] | None = Field(
        None,
        description=(  # type: ignore[valid-type]
            "The document kind; default: decided from the outputs (vios when ioslevel is there, ...)."
        ),
    )
    name: str | None = Field(
        None,
        min_length=1,
        max_length=256,
        description=("The system's name, when no output states it (z/OS and lscpu outputs never do)."),
    )

    @model_validator(mode="after")
    def _something_to_read(self) -> OutputsRequest:
        if self.outputs is None and self.bundle is None:
            raise ValueError("give `outputs` (a list of {command, text}) or `bundle` (text)")
        return self


class ParseOut(BaseModel):
    """A document built from command outputs, and where each of its values was read."""

    document: dict[str, Any] = Field(description="Only the fields the outputs state; post it to /v1/reviews as is.")
    provenance: dict[str, OutputSource] = Field(
        description=(
            "Field path (`ame.deficit_mb`, `storage.disks.0.queue_depth`) -> the output (`file`: `outputs[0]`), "
            "command, line number and line it was read from."
        )
    )
    warnings: list[InputWarning] = Field(
        description=(
            "Per output (`file`): lines that could not be read, bundle sections that failed, values the schema refused."
        )
    )
    conflicts: list[Conflict] = Field(description="Fields on which outputs disagree, and what was kept.")
    unmapped: list[str] = Field(description="Values read that the document kind has no field for: 'path (command)'.")


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


# --- rules and sources ---


class RuleSummary(BaseModel):
    id: str
    title: str
    severity: Severity
    kinds: list[str]
    domain: str
    citations: list[CitationOut]


class EscalationOut(BaseModel):
    condition: str
    severity: Severity
    reason: str


class RuleExample(BaseModel):
    note: str
    severity: Severity | None = None
    document: dict[str, Any]


class RuleExamples(BaseModel):
    fire: list[RuleExample]
    pass_: list[RuleExample] = Field(alias="pass", serialization_alias="pass")

    model_config = ConfigDict(populate_by_name=True)


class RuleDetail(RuleSummary):
    """The rule in full: what it checks, why, and what to do; citations resolved to titles and urls."""

    file: str
    condition: str = Field(description="The `when` expression over document fields and derived values.")
    escalations: list[EscalationOut]
    requires: list[str] = Field(description="Paths that must be present, else the rule is not assessed.")
    optional: list[str]
    message: str = Field(description="Template; {path} placeholders are filled from the document.")
    rationale: str
    recommendation: str
    remediation: list[Remediation]
    impact: int
    confidence: Confidence
    tags: list[str]
    examples: RuleExamples


# --- calculators ---


class ViosMemoryInput(Strict):
    """Inputs of the VIOS memory guideline (Redbook SG24-8079 3.5.2); adapter counts default to 0."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "system_cores": 32,
                    "eth_1g_ports": 2,
                    "eth_10g_ports": 2,
                    "fc_8g_ports": 4,
                    "npiv_vfc_adapters": 20,
                    "virtual_eth_adapters": 6,
                }
            ]
        },
    )

    system_cores: JsonInt = Field(ge=0, le=100_000, description="Cores in the managed system.")
    lhea: JsonInt = Field(0, ge=0, le=100_000)
    lhea_ports: JsonInt = Field(0, ge=0, le=100_000)
    eth_1g_ports: JsonInt = Field(0, ge=0, le=100_000)
    eth_10g_ports: JsonInt = Field(0, ge=0, le=100_000)
    fc_8g_ports: JsonInt = Field(0, ge=0, le=100_000)
    npiv_vfc_adapters: JsonInt = Field(0, ge=0, le=100_000)
    virtual_eth_adapters: JsonInt = Field(0, ge=0, le=100_000)


class ClmInput(Strict):
    """Inputs of the HP-UX cell local memory sizing (HP KOD slides, "CLM recommendations")."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [{"memory_gb": 128, "clm_pct": 0, "sap_shared_memory_gb": 20}]},
    )

    memory_gb: float = Field(ge=0, le=1_048_576, description="Memory of the server, GiB.")
    clm_pct: float = Field(ge=0, le=100, description="Share of memory configured as CLM, 0-100.")
    sap_shared_memory_gb: float = Field(ge=0, le=1_048_576, description="SAP shared memory, GiB.")


class LfareaInput(Strict):
    """An IEASYSxx LFAREA statement and the online storage it is judged against."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [{"statement": "LFAREA=(1M=(40%),2G=(8))", "online_storage_gb": 1024}]},
    )

    statement: str = Field(min_length=1, max_length=4096, description="As written in IEASYSxx.")
    online_storage_gb: float = Field(ge=0, le=1_048_576, description="Online real storage at IPL, GiB.")


class PlareaInput(Strict):
    model_config = ConfigDict(extra="forbid", strict=True, json_schema_extra={"examples": [{"online_storage_gb": 16}]})

    online_storage_gb: float = Field(ge=0, le=1_048_576, description="Online real storage at IPL, GiB.")


class HptPartitionInput(Strict):
    name: str = Field(min_length=1, max_length=256)
    max_memory_gb: float = Field(
        ge=0, le=1_048_576, description="Maximum memory of the profile, GiB: what the HPT is sized from."
    )
    os: Literal["aix", "linux", "vios", "ibmi"] = "aix"
    ams: bool = Field(False, description="Uses Active Memory Sharing (always divisor 64).")
    desired_memory_gb: float | None = Field(None, ge=0, le=1_048_576, description="To report HPT spent above desired.")


class HptInput(Strict):
    """Partitions of one managed system, for the hypervisor page table (Redbook 3.1, Example 3-1)."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "processor": "POWER9",
                    "partitions": [
                        {"name": "sapapp01", "max_memory_gb": 64, "desired_memory_gb": 16},
                        {"name": "vios1", "max_memory_gb": 8, "os": "vios"},
                    ],
                }
            ]
        },
    )

    processor: Literal["POWER5", "POWER6", "POWER7", "POWER7+", "POWER8", "POWER9", "POWER10"]
    default_ratio: Annotated[int, Field(ge=1, le=4096), BeforeValidator(_json_integer)] | None = Field(
        None,
        description=(
            "The HMC's default HPT ratio divisor (lshwres -r mem --level sys -F default_hpt_ratios), when known."
        ),
    )
    partitions: list[HptPartitionInput] = Field(min_length=1)


class AmeInput(Strict):
    """True memory and expansion factor; optionally a factor to move to, and a measured deficit."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {"true_memory_gb": 7, "expansion_factor": 2.0, "target_factor": 4.35, "granularity_gb": 0.25},
                {"true_memory_gb": 8, "expansion_factor": 2.5, "deficit_mb": 1024},
            ]
        },
    )

    true_memory_gb: float = Field(ge=0, le=1_048_576, description="Memory the partition really has, GiB.")
    expansion_factor: float = Field(ge=0.01, le=100, description="Valid AME factors: 1.00 to 10.00 in 0.01 steps.")
    target_factor: float | None = Field(
        None,
        ge=0.01,
        le=100,
        description=("Factor to move to, keeping the expanded memory: returns the true memory to configure."),
    )
    granularity_gb: float | None = Field(
        None,
        ge=0.001,
        le=1024,
        description=("Round the true memory up to this step (the HMC's memory block size; the 2023 guide used 0.25)."),
    )
    deficit_mb: float | None = Field(
        None,
        ge=0,
        le=1_073_741_824,
        description=(
            "Measured AME deficit (lparstat -c dxm): estimates the achieved factor and the true memory without one."
        ),
    )


class AmeAssessment(BaseModel):
    sizing: AmeSizing
    rebalance: TrueMemoryForFactor | None = None
    deficit: DeficitEstimate | None = None


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
