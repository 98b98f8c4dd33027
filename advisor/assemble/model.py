"""What the assemble layer works with and returns.

An ``Output`` is one parsed command output and the file it came from.  Mappers
turn outputs into ``Fact``s: one document field (dotted path) with its value
and the ``Source`` line it was read from.  The merge keeps one value per field
and reports a ``Conflict`` whenever outputs disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field

from advisor.parsers.base import ParseResult, ParseWarning


class _Null:
    """An output stating "none" where the document's null means something (IEASYSxx without LFAREA)."""

    def __repr__(self) -> str:
        return "null"

    def __reduce__(self) -> str:
        return "NULL"


NULL = _Null()


@dataclass(frozen=True)
class Output:
    """One parsed command output; ``file`` is where it was read (None for text passed in)."""

    result: ParseResult
    file: str | None = None

    @property
    def command(self) -> str:
        return self.result.command

    @property
    def data(self) -> dict[str, Any]:
        return self.result.data


class Source(BaseModel):
    """Where a document value was read: the output line, quoted as found."""

    file: str | None = None
    command: str
    command_line: str | None = None
    line_no: int
    line: str
    note: str | None = Field(None, description="How the value was derived from the line (conversion, aggregation).")

    def __str__(self) -> str:
        if self.command == "caller":
            return f"given by the caller: {self.line}"
        where = f"line {self.line_no}" + (f" of {self.file}" if self.file else "")
        how = f" ({self.note})" if self.note else ""
        return f"from {self.command_line or self.command} {where}{how}: {' '.join(self.line.split())}"


@dataclass(frozen=True)
class Fact:
    """One document field as an output states it.

    ``path`` is dotted; a list element is named by its key: ``storage.disks[hdisk3].queue_depth``.
    ``rank`` orders sources for the same field: 0 = the configuration as set (lparstat -i, vmo,
    oslevel, lsattr), 1 = the running state (vmstat, svmon, topas, lparstat -c), 2 = a report
    recorded earlier (amepat).
    """

    path: str
    value: Any
    source: Source
    rank: int = 0


class ConflictValue(BaseModel):
    value: Any
    source: Source


class Conflict(BaseModel):
    """Outputs that state different values for one field; ``chosen`` is None when the field was left out."""

    path: str
    values: list[ConflictValue]
    chosen: Any = None
    resolution: str

    def __str__(self) -> str:
        stated = "; ".join(f"{v.value!r} {v.source}" for v in self.values)
        return f"{self.path}: outputs disagree: {stated}. {self.resolution}"


class InputWarning(BaseModel):
    """A parser warning, a bundle problem or an assembly note, with the file and line it concerns."""

    file: str | None = None
    command: str | None = None
    line_no: int | None = None
    line: str | None = None
    reason: str

    @classmethod
    def from_parser(cls, warning: ParseWarning, file: str | None, command_line: str | None = None) -> InputWarning:
        return cls(
            file=file,
            command=command_line or warning.command,
            line_no=warning.line_no,
            line=warning.line,
            reason=warning.reason,
        )

    def __str__(self) -> str:
        where = ":".join(str(x) for x in (self.file, self.line_no) if x is not None)
        prefix = f"{where}: " if where else ""
        command = f"{self.command}: " if self.command else ""
        quoted = f" [{' '.join(self.line.split())}]" if self.line and self.line.strip() else ""
        return f"{prefix}{command}{self.reason}{quoted}"


class Assembly(BaseModel):
    """A document built from outputs, not yet validated against its kind's model."""

    kind: str
    document: dict[str, Any]
    provenance: dict[str, Source] = Field(default_factory=dict)
    conflicts: list[Conflict] = Field(default_factory=list)
    warnings: list[InputWarning] = Field(default_factory=list)
    unmapped: list[str] = Field(default_factory=list, description="Facts the kind has no field for: 'path (command)'.")
