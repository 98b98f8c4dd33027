"""Command outputs in a request body to a document, through `advisor.inputs` (detection and assembly live there).

`{"outputs": [{"command"?, "text"}, ...], "bundle"?, "kind"?, "name"?}`: output `i` is named
`outputs[i]` and the bundle `bundle` in warnings, provenance and errors, so everything points
back into what the client sent. Every input problem is an `invalid-outputs` problem whose
`errors[].path` is `$.outputs[i].text` (or `.command`, `$.bundle`, `$.name`, `$.kind`) and whose
`errors[].line` is the line of that text at fault, when one line is.
"""

from __future__ import annotations

import difflib
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from advisor import linre
from advisor.assemble.kind import ASSEMBLED_KINDS
from advisor.assemble.merge import json_path
from advisor.assemble.model import Conflict, InputWarning
from advisor.assemble.model import Source as OutputSource
from advisor.capabilities.errors import CapabilityError, ErrorItem, errors_detail
from advisor.capabilities.inputs import Submitted, out_of_range, validate_model
from advisor.capabilities.models import Strict
from advisor.documents.errors import DocumentError
from advisor.inputs import LoadedInput, TextInput, load_texts
from advisor.parsers import registry

MAX_OUTPUTS = 100
ASSEMBLY = "the outputs"  # what messages about the outputs taken together are attributed to
_LINE = linre.compile(r"\bline (\d+)\b")
_SOURCE = linre.compile(r"^outputs\[(\d+)\]$")


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
    kind: Literal[ASSEMBLED_KINDS] | None = Field(  # type: ignore[valid-type]
        None, description="The document kind; default: decided from the outputs (vios when ioslevel is there, ...)."
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


def text_path(source: str | None) -> str | None:
    """`outputs[2]` -> `$.outputs[2].text`, `bundle` -> `$.bundle`; None for anything else."""
    if source == "bundle":
        return "$.bundle"
    m = _SOURCE.match(source or "")
    return f"$.outputs[{m.group(1)}].text" if m else None


def _first_line(text: str) -> tuple[int, str] | None:
    for no, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        if line.strip():
            return no, " ".join(line.split())
    return None


def _item_error(path: str, message: str, text: str) -> ErrorItem:
    """An error in one output's text, with the line to blame: the one the message names, else the first."""
    m = _LINE.search(message)
    if m and int(m.group(1)) >= 1:
        return ErrorItem(path=path, message=message, line=int(m.group(1)))
    first = _first_line(text)
    if first is None:
        return ErrorItem(path=path, message=message)
    no, line = first
    quoted = line if len(line) <= 80 else line[:77] + "..."
    return ErrorItem(path=path, message=f"line {no} ({quoted!r}): {message}", line=no)


def _errors(exc: DocumentError, texts: dict[str, str], whole: str) -> list[ErrorItem]:
    path = text_path(exc.source)
    if path is not None:  # one output's text
        return [
            _item_error(path, i.message if i.path == "$" else f"{i.path}: {i.message}", texts[exc.source])
            for i in exc.issues
        ]
    errors = []
    for issue in exc.issues:  # the outputs taken together: several hosts, no name, no field
        if issue.path in ("$.name", "$.kind"):
            errors.append(ErrorItem(path=issue.path, message=issue.message, suggestion=issue.suggestion))
        else:
            where = "" if issue.path == "$" else f"document {issue.path}: "
            errors.append(ErrorItem(path=whole, message=where + issue.message, suggestion=issue.suggestion))
    return errors


def _unknown_commands(outputs: list[OutputIn]) -> list[ErrorItem]:
    errors = []
    for i, output in enumerate(outputs):
        if output.command is not None and registry.parser_for(output.command) is None:
            close = difflib.get_close_matches(registry.normalize(output.command), registry.commands(), n=1, cutoff=0.6)
            errors.append(
                ErrorItem(
                    path=f"$.outputs[{i}].command",
                    suggestion=close[0] if close else None,
                    message=f"no parser for {output.command!r}; leave `command` out to have the "
                    "text detected, or name one of: " + ", ".join(registry.commands()),
                )
            )
    return errors


def _check_numbers(loaded: LoadedInput, whole: str) -> None:
    """Numbers no configuration has (beyond +/-1e15) are refused as for documents, pointing at their line."""
    found = out_of_range(loaded.document_json(), "$")
    if not found:
        return
    dotted = {json_path(p): p for p in loaded.provenance}
    errors = []
    for item in found:
        src = loaded.provenance.get(dotted.get(item.path, ""))
        path = text_path(src.file) if src is not None else None
        line = src.line_no if src is not None and src.line_no >= 1 else None
        where = f"line {line}: " if line else ""
        errors.append(ErrorItem(path=path or whole, message=f"{where}{item.path[2:]}: {item.message}", line=line))
    raise CapabilityError("number-out-of-range", errors_detail(errors, "The request"), errors=errors)


def load_outputs(
    outputs: list[OutputIn] | None, bundle: str | None, *, kind: str | None = None, name: str | None = None
) -> LoadedInput:
    """The document the outputs and bundle (top-level fields of the body) make, or an `invalid-outputs` problem."""
    outputs = outputs or []
    errors = _unknown_commands(outputs)
    if errors:
        raise CapabilityError("invalid-outputs", errors_detail(errors, "The request"), errors=errors)
    items = [TextInput(text=o.text, source=f"outputs[{i}]", command=o.command) for i, o in enumerate(outputs)]
    if bundle is not None:
        items.append(TextInput(text=bundle, source="bundle"))
    whole = "$.bundle" if not outputs else ("$.outputs" if bundle is None else "$")
    try:
        loaded = load_texts(
            items, kind=kind, name=name, source=ASSEMBLY, document_hint="send it as the `document` instead"
        )
    except DocumentError as exc:
        errors = _errors(exc, {i.source: i.text for i in items}, whole)
        raise CapabilityError("invalid-outputs", errors_detail(errors, "The request"), errors=errors) from None
    _check_numbers(loaded, whole)
    return loaded


def outputs_input(body: Any) -> Submitted:
    """A review (or parse) body of command outputs: the assembled document, its model and what was read."""
    req = validate_model(OutputsRequest, body)
    loaded = load_outputs(req.outputs, req.bundle, kind=req.kind, name=req.name)
    return Submitted(loaded.document_json(), loaded.model, loaded)


def parse_result(loaded: LoadedInput) -> dict[str, Any]:
    """The POST /v1/parse body: the document and where each value was read."""
    return {
        "document": loaded.document_json(),
        "provenance": {path: src.model_dump(mode="json") for path, src in loaded.provenance.items()},
        "warnings": [w.model_dump(mode="json") for w in loaded.warnings],
        "conflicts": [c.model_dump(mode="json") for c in loaded.conflicts],
        "unmapped": list(loaded.unmapped),
    }


def parse_outputs(req: OutputsRequest, ctx: Any = None) -> ParseOut:
    """Command outputs of one system to a document, with where each value was read (nothing is stored)."""
    return ParseOut.model_validate(parse_result(load_outputs(req.outputs, req.bundle, kind=req.kind, name=req.name)))
