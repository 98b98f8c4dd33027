"""Bundles: many command outputs in one text file, as the collectors write them.

Format version 1 (docs/parsers.md has the full description)::

    #### advisor-bundle format="1" host="sapapp01" collector="aix-collect.sh" created="..." ####
    #### advisor-bundle command="lparstat -i" host="sapapp01" rc="0" ####
    Node Name                                  : sapapp01
    ...
    #### advisor-bundle command="amepat" host="sapapp01" status="missing" ####

A marker line is ``#### advisor-bundle`` followed by ``name="value"`` pairs
(backslash escapes ``\\"`` and ``\\\\``) and ``####``.  The first marker carries
``format`` and is the header; every other marker opens a section with
``command`` and ``host``, optionally ``rc`` (exit code) and ``status``
(``ok``, ``missing``: command not found, ``failed``: non-zero exit).  A
section's text is every line up to the next marker.

Text without markers (a pasted terminal session, several outputs one after
another) is split at shell prompts that name a command, else into
blank-line-separated blocks grouped by detection.  Either way line numbers
stay those of the whole file, so provenance points into it.
"""

from __future__ import annotations

from typing import NamedTuple

from pydantic import BaseModel, Field

from advisor import linre

from . import registry
from .base import ParseError, ParseResult
from .prompts import prompt

FORMAT_VERSION = "1"
MARKER = linre.compile(r'^#### advisor-bundle((?:\s+[a-z_]+="(?:[^"\\]|\\.)*")*)\s+####\s*$')
_ATTR = linre.compile(r'([a-z_]+)="((?:[^"\\]|\\.)*)"')


class Section(NamedTuple):
    command: str | None
    host: str | None
    text: str
    first_line_no: int


class BundleProblem(BaseModel):
    command: str | None
    host: str | None
    line_no: int
    reason: str


class BundleReport(BaseModel):
    format: str | None = None
    results: list[ParseResult] = Field(default_factory=list)
    problems: list[BundleProblem] = Field(default_factory=list)


def marker(**attrs: str) -> str:
    """A marker line; the collectors write the same shape."""
    body = " ".join(f'{k}="{_escape(v)}"' for k, v in attrs.items())
    return f"#### advisor-bundle {body} ####"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _attrs(text: str) -> dict[str, str]:
    return {k: linre.sub(r"\\(.)", r"\1", v) for k, v in _ATTR.findall(text)}


def _lines(text: str) -> list[str]:
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def read_bundle(text: str) -> tuple[str | None, list[tuple[Section, dict[str, str]]]]:
    """(format version, sections with their marker attributes)."""
    lines = _lines(text)
    version: str | None = None
    sections: list[tuple[Section, dict[str, str]]] = []
    current: dict[str, str] | None = None
    body: list[str] = []
    start = 0

    def close(final: bool = False) -> None:
        if current is not None:
            text = _join(body, cut=final and _ends_cut(body))
            sections.append((Section(current.get("command"), current.get("host"), text, start), current))

    for no, line in enumerate(lines, start=1):
        m = MARKER.match(line)
        if not m:
            body.append(line)
            continue
        attrs = _attrs(m.group(1))
        if "format" in attrs and "command" not in attrs:
            version = attrs["format"]
            if version != FORMAT_VERSION:
                raise ParseError(f"bundle line {no}: format {version!r} is not supported (this is {FORMAT_VERSION})")
            continue
        close()
        current, body, start = attrs, [], no + 1
    close(final=True)
    return version, sections


def _ends_cut(lines: list[str]) -> bool:
    """The file stops inside its last line (no line end): the parsers must not trust that line."""
    return bool(lines) and bool(lines[-1].strip())


def _join(lines: list[str], cut: bool = False) -> str:
    if not any(x.strip() for x in lines):
        return ""
    return "\n".join(lines).rstrip("\n") + ("" if cut else "\n")


def split_bundle(text: str) -> list[Section]:
    """Sections of a bundle, or of an unlabelled concatenation of outputs."""
    version, sections = read_bundle(text)
    if sections or version is not None:
        return [section for section, _ in sections]
    return _split_unlabelled(_lines(text))


def _split_unlabelled(lines: list[str]) -> list[Section]:
    """Split at shell prompts; split the rest by detection of blank-line-separated blocks."""
    out: list[Section] = []
    command: str | None = None
    host: str | None = None
    chunk: list[str] = []
    start = 1
    for no, line in enumerate(lines, start=1):
        found = prompt(line)
        if found is None:
            chunk.append(line)
            continue
        out.extend(_by_detection(chunk, start, command, host))
        command, host = found.command, found.host or host
        chunk, start = [], no + 1
    out.extend(_by_detection(chunk, start, command, host, cut=_ends_cut(chunk)))
    return out


def _by_detection(
    lines: list[str], start: int, command: str | None, host: str | None, cut: bool = False
) -> list[Section]:
    if not any(line.strip() for line in lines):
        return []
    if command is not None:
        return [Section(command, host, _join(lines, cut), start)]
    groups: list[list] = []  # [command, first index, end index] into lines
    begin = None
    for i, line in enumerate([*lines, ""]):
        if line.strip():
            begin = i if begin is None else begin
            continue
        if begin is not None:
            detected = registry.detect("\n".join(lines[begin:i]))
            if groups and (detected is None or detected == groups[-1][0]):
                groups[-1][2] = i
            else:
                groups.append([detected, begin, i])
            begin = None
    return [
        Section(cmd, host, _join(lines[first:end], cut and end == len(lines)), start + first)
        for cmd, first, end in groups
    ]


def parse_bundle(text: str) -> BundleReport:
    """Parse every section; sections that cannot be parsed become problems, never exceptions."""
    version, labelled = read_bundle(text)
    sections = labelled or [(s, {}) for s in split_bundle(text)]
    report = BundleReport(format=version)
    for section, attrs in sections:
        status = attrs.get("status", "ok")
        reason: str | None = None
        if status == "missing":
            reason = "command not found on the host"
        elif section.command is None:
            reason = "cannot tell which command produced this text"
        else:
            try:
                result = registry.parse_output(section.text, section.command)
            except ParseError as err:
                reason = str(err) if status == "ok" else f"command {status} (rc {attrs.get('rc', '?')}): {err}"
            else:
                report.results.append(result.shifted(section.first_line_no - 1, host=section.host))
        if reason is not None:
            marker_line = section.first_line_no - 1 if attrs else section.first_line_no
            report.problems.append(
                BundleProblem(command=section.command, host=section.host, line_no=marker_line, reason=reason)
            )
    return report
