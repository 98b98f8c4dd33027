"""Output formats behind one interface: each format module has `render(result: GateResult) -> str`.

`FORMATS` names them (the `--format`/`--output` choices of `advisor check`) and `renderer(name)`
imports only the one asked for, so `advisor check` does not load SARIF's rule pages to print text.
`text` and `json_out` also render plain reviews; `locate` finds where a finding points in its file;
`parts` words what every format shares; `rule_page` writes a rule's Markdown page.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from advisor.gate.model import GateResult


class Format(StrEnum):
    text = "text"
    json = "json"
    sarif = "sarif"
    junit = "junit"
    markdown = "markdown"
    github = "github"
    html = "html"


FORMATS = {Format.text: "text", Format.json: "json_out", Format.sarif: "sarif"} | {
    f: f.value for f in (Format.junit, Format.markdown, Format.github, Format.html)
}


def renderer(name: str) -> Callable[[GateResult], str]:
    """The `render` function of format `name` (one of FORMATS)."""
    render: Callable[[GateResult], str] = import_module(f"advisor.render.{FORMATS[Format(name)]}").render
    return render
