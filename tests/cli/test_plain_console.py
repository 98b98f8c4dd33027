"""The text report on a pipe without rich (advisor.render.plain) prints exactly what rich prints.

Both sides of the same run: every shipped example, a maximal document of every kind, `--quiet`,
a fleet of documents (the summary table), a waiver, an input error, and text built to trip the
markup (brackets, backslashes, emoji codes, control characters, tabs, wide characters)."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from rich.console import Console
from rich.errors import MarkupError
from rich.markup import escape as rich_escape
from typer.testing import CliRunner

from advisor.cli import app
from advisor.documents import KINDS
from advisor.render import plain
from advisor.render.plain import Plain, colourless, escape, plain_text
from tests.support.maximal import maximal_document

ROOT = Path(__file__).parents[2]
EXAMPLES = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "examples").glob("*.json"))
ALPHABET = ["[", "]", "\\", ":", "/", "#", "@", "=", " ", "\t", "\r", "\x07", "é", "漢", "a", "b", "x", "1", "smile"]


def both(args: list[str], monkeypatch) -> tuple[str, str]:
    """The CLI's text output through Plain (the CliRunner's stdout is no terminal) and through rich."""
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE"):  # a CI that forces colour would send both through rich
        monkeypatch.delenv(name, raising=False)
    plain_run = CliRunner().invoke(app, args)
    assert "Traceback" not in plain_run.output
    with monkeypatch.context() as m:
        m.setattr(plain, "colourless", lambda *a, **k: False)
        rich_run = CliRunner().invoke(app, args)
    assert plain_run.exit_code == rich_run.exit_code
    return plain_run.stdout, rich_run.stdout


@pytest.mark.parametrize("path", EXAMPLES)
@pytest.mark.parametrize("quiet", [[], ["--quiet"]])
def test_every_example_prints_as_rich_prints_it(path, quiet, monkeypatch):
    ours, theirs = both(["check", path, *quiet], monkeypatch)
    assert ours == theirs and theirs.strip()


@pytest.mark.parametrize("kind", KINDS)
def test_a_maximal_document_of_every_kind_prints_as_rich_prints_it(kind, tmp_path, monkeypatch):
    doc = tmp_path / f"{kind}.json"
    doc.write_text(json.dumps(maximal_document(kind)))
    ours, theirs = both(["check", str(doc)], monkeypatch)
    assert ours == theirs


def test_a_fleet_with_a_waiver_and_an_input_error_prints_as_rich_prints_it(tmp_path, monkeypatch):
    waivers = tmp_path / "waivers.yaml"
    waivers.write_text(
        "waivers:\n  - {rule: AME-003, target: 'sap*', reason: 'tab\tand [bold]brackets[/]', owner: ops, "
        "expires: 2099-01-01}\n"
    )
    broken = tmp_path / "broken [x].json"
    broken.write_text('{"kind": "aix-lpar", "name": "y", "processor": "POWER99"}')
    args = ["check", *EXAMPLES, str(broken), "--waivers", str(waivers)]
    ours, theirs = both(args, monkeypatch)
    assert ours == theirs and "Fleet summary" in ours and "waived" in ours.lower()


def test_markup_of_any_text_prints_as_rich_prints_it():
    rng = random.Random(13)
    refused = 0
    for _ in range(3000):
        pieces = ["".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 12))) for _ in range(3)]
        assert escape(pieces[0]) == rich_escape(pieces[0])
        markup = f"[bold red]{escape(pieces[0])}[/] {escape(pieces[1])} [dim]{escape(pieces[2])}[/]"
        for text in (markup, escape(pieces[0]) + " " + escape(pieces[1])):
            ours, theirs = io.StringIO(), io.StringIO()
            try:  # two escaped pieces side by side can still form a tag, e.g. "x[a" "b]": rich may refuse it
                Console(file=theirs, highlight=False, soft_wrap=True).print(text)
            except MarkupError:
                refused += 1
                continue
            Plain(file=ours).print(text)
            assert ours.getvalue() == theirs.getvalue(), text
    assert refused < 100


def test_only_plain_lines_skip_rich():
    assert plain_text("[bold]a[/] \\[b] c") == "a [b] c"
    assert plain_text("time 12:30:00") is None  # ":30:" could be an emoji code
    assert plain_text("a\tb") is None and plain_text("a\\b") is None and plain_text("a\\") is None


def test_colour_is_left_to_rich_when_anything_asks_for_it():
    class Stream(io.StringIO):
        def __init__(self, tty: bool):
            super().__init__()
            self.tty = tty

        def isatty(self) -> bool:
            return self.tty

    assert colourless({}, Stream(False))
    assert not colourless({}, Stream(True))
    assert not colourless({"FORCE_COLOR": "1"}, Stream(False))
    assert not colourless({"TTY_COMPATIBLE": "1"}, Stream(False))
