"""Building inputs for the assemble tests from the parser samples (seed excerpts and synthetic outputs)."""

from __future__ import annotations

from pathlib import Path

from advisor.assemble import Output, assemble
from advisor.assemble.model import Assembly
from advisor.parsers import registry
from advisor.parsers.bundle import FORMAT_VERSION, marker
from tests.parsers.parser_samples import command_of, load


def output(name: str, command_line: str | None = None) -> Output:
    """A sample parsed as the command it belongs to (``command_line`` = the command as run)."""
    result = registry.parse_output(load(name), command_line or command_of(name))
    if command_line is None:
        result = result.model_copy(update={"command_line": None})
    return Output(result, name)


def build(*names: str, kind: str | None = None, name: str | None = None) -> Assembly:
    return assemble([output(n) for n in names], kind=kind, name=name)


def bundle(parts: list[tuple[str, str]], host: str = "vios1", text_of=load) -> str:
    """A collector bundle: (command as run, sample file) per section."""
    out = [marker(format=FORMAT_VERSION, host=host, collector="test")]
    for command, name in parts:
        out.append(marker(command=command, host=host, rc="0"))
        out.append(text_of(name).rstrip("\n"))
    return "\n".join(out) + "\n"


def write(tmp_path: Path, filename: str, text: str) -> str:
    path = tmp_path / filename
    path.write_text(text, encoding="utf-8")
    return str(path)


def sample_file(tmp_path: Path, name: str) -> str:
    """The sample as an admin would have it: without the synthetic samples' '#:' notes."""
    return write(tmp_path, name, load(name))
