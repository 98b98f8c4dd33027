"""Typed results shared by every command parser.

Parsers never guess: a value that cannot be read is left out of ``data`` and a
``ParseWarning`` names the line and the reason, so a rule can report "not
assessed" instead of judging an invented number.  ``provenance`` ties every
value back to the line it came from, which is what findings quote as evidence.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class ParseError(ValueError):
    """The text is not output of the command (empty, garbage, another command)."""


class Provenance(BaseModel):
    command: str
    line_no: int
    line: str


class ParseWarning(BaseModel):
    command: str
    line_no: int
    line: str
    reason: str


class ParseResult(BaseModel):
    """``command`` names the parser; ``command_line`` is the command as run
    ("lsattr -El ent6"), when the caller or the bundle said so."""

    command: str
    data: dict[str, Any]
    warnings: list[ParseWarning] = Field(default_factory=list)
    provenance: dict[str, Provenance] = Field(default_factory=dict)
    host: str | None = None
    command_line: str | None = None

    def shifted(self, offset: int, host: str | None = None) -> ParseResult:
        """The same result with line numbers moved by ``offset``.

        Used when the text was cut out of a bundle, so that provenance points
        at the bundle file's own lines.
        """
        return ParseResult(
            command=self.command,
            data=self.data,
            warnings=[w.model_copy(update={"line_no": w.line_no + offset}) for w in self.warnings],
            provenance={k: p.model_copy(update={"line_no": p.line_no + offset}) for k, p in self.provenance.items()},
            host=host if host is not None else self.host,
            command_line=self.command_line,
        )
