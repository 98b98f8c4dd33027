"""Every sample output wrapped at every terminal width, each value classified against the plain reading (issue 16).

A terminal (or a mail program) breaks a line longer than its width into pieces of exactly that width.  The
bar for each value the plain text gives: the wrapped copy gives the same value, or leaves it out (a warning,
a refusal), never another one; a listing never loses a row without the mark that makes the assembly count
nothing over it (``base.NOT_WHOLE`` / ``CUT_REASON``).

Two readings per text: the parser's (``parse_output`` with the sample's command: every field, rows and
strings included) for the repository's samples, and the document ``advisor parse`` writes (``load_text``)
for every text, samples, pasted sessions and outside sets alike.  ``python -m tests.parsers.wrap_audit
[DIR...]`` prints the counts per width band; ``test_parsers_wrap_audit.py`` holds the repository's texts
to zero.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

import yaml

from advisor.documents.errors import DocumentError
from advisor.inputs import load_text
from advisor.parsers.base import CUT_REASON, NOT_WHOLE, ParseError, was_cut
from advisor.parsers.registry import parse_output, parser_for
from advisor.parsers.rows import Rows
from tests.parsers.parser_samples import SAMPLES, command_of, load, terminal_wrap

HERE = Path(__file__).parent
REPO_DIRS = (HERE / "sweep5", HERE / "sessions", HERE.parent.parent / "examples" / "outputs")
OUTSIDE_DIRS = (Path("/work/sweepA"), Path("/work/sweepB"), Path("/work/sweepC"))
WIDTHS = range(40, 201)
BANDS = ((0, 0), (40, 70), (71, 100), (101, 200))  # 0: the text as it is, against the reader alone

EQUAL, ABSENT, WRONG, WRONG_WARNED, EXTRA, ROW_LOST, ROW_LOST_MARKED = (
    "equal",
    "absent",
    "wrong",
    "wrong+warning",
    "invented",
    "row lost",
    "row lost, marked",
)
BAD = (WRONG, EXTRA, ROW_LOST)  # the outcomes the bar forbids


@dataclass(frozen=True)
class Text:
    """One output: ``command`` for a repository sample (parser level), ``name`` for the document."""

    label: str
    text: str
    command: str | None = None
    name: str | None = None


@dataclass
class Finding:
    label: str
    level: str
    width: int
    path: str
    outcome: str
    plain: Any
    wrapped: Any

    def __str__(self) -> str:
        return (
            f"{self.label} [{self.level}] @{self.width}: {self.path} {self.outcome}: {self.plain!r} -> {self.wrapped!r}"
        )


@dataclass
class Tally:
    counts: dict[tuple[int, int], Counter[str]] = field(default_factory=dict)
    texts_bad: dict[tuple[int, int], set[str]] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)

    def add(self, label: str, level: str, width: int, outcomes: Iterator[tuple[str, str, Any, Any]]) -> None:
        band = next(b for b in BANDS if b[0] <= width <= b[1])
        counts = self.counts.setdefault(band, Counter())
        for path, outcome, plain, wrapped in outcomes:
            counts[outcome] += 1
            if outcome in BAD:
                self.texts_bad.setdefault(band, set()).add(label)
                self.findings.append(Finding(label, level, width, path, outcome, plain, wrapped))

    def table(self) -> str:
        kinds = (EQUAL, ABSENT, WRONG_WARNED, ROW_LOST_MARKED, WRONG, EXTRA, ROW_LOST)
        head = "| widths | " + " | ".join(kinds) + " | texts with a bad value |"
        rows = [head, "|" + " --- |" * (len(kinds) + 2)]
        for band in BANDS:
            counts = self.counts.get(band, Counter())
            cells = " | ".join(str(counts[k]) for k in kinds)
            label = "as is" if band == (0, 0) else f"{band[0]}-{band[1]}"
            rows.append(f"| {label} | {cells} | {len(self.texts_bad.get(band, ()))} |")
        return "\n".join(rows)


def repository_texts() -> list[Text]:
    """The parser samples (parser and document level) and the repository's sessions, sweeps and examples."""
    out = [Text(f"samples/{n}", load(n), command_of(n)) for n in sorted(p.name for p in SAMPLES.glob("*.txt"))]
    for folder in REPO_DIRS:
        out += [Text(f"{folder.name}/{p.name}", p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.txt"))]
    return out


def outside_texts(folders: tuple[Path, ...] = OUTSIDE_DIRS) -> list[Text]:
    """The outside sets' outputs (each with the ``--name`` its expected.yaml gives, if any)."""
    out = []
    for folder in folders:
        expected_file = folder / "expected.yaml"
        if not expected_file.exists():
            continue
        expected = yaml.safe_load(expected_file.read_text(encoding="utf-8")) or {}
        for file_name, spec in sorted(expected.items()):
            path = folder / file_name
            if not path.exists():
                continue
            args = list((spec or {}).get("args") or [])
            name = args[args.index("--name") + 1] if "--name" in args else None
            text = path.read_bytes().decode("utf-8", errors="replace")
            out.append(Text(f"{folder.name}/{file_name}", text, name=name))
    return out


# --- the readings ---------------------------------------------------------------------------------------------


def flat(data: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """(path, value) per leaf; a list of rows gives ``path[]`` with its length, then each row's leaves; a list
    of scalars is one value."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from flat(value, f"{path}.{key}" if path else str(key))
    elif isinstance(data, list | tuple | Rows) and data and all(isinstance(x, dict) for x in data):
        yield f"{path}[]", len(data)
        for i, value in enumerate(data):
            yield from flat(value, f"{path}[{i}]")
    elif isinstance(data, list | tuple | Rows):
        yield path, list(data)
    else:
        yield path, data


@dataclass
class Reading:
    values: dict[str, Any]
    tree: Any  # the data as read
    warned_lines: set[int]  # line numbers a warning names
    lines_of: dict[str, int]  # value path -> its line number
    not_whole: bool  # the reading says its listing is not whole (nothing counted over it)


def parser_reading(text: str, command: str, *, reader_alone: bool = False) -> Reading | None:
    """``parse_output``'s reading; ``reader_alone``: the command's reader without the wrap net (the reference)."""
    try:
        if reader_alone:
            reader = parser_for(command)
            assert reader is not None
            result = reader.parse(text)
        else:
            result = parse_output(text, command)
    except ParseError:
        return None
    lines = {}
    for key, prov in result.provenance.items():
        lines[_dotted_to_path(key)] = prov.line_no
    return Reading(dict(flat(result.data)), result.data, {w.line_no for w in result.warnings}, lines, was_cut(result))


def _dotted_to_path(key: str) -> str:
    """``disks.3.name`` (provenance) -> ``disks[3].name`` (``flat``)."""
    parts = key.split(".")
    out = parts[0]
    for part in parts[1:]:
        out += f"[{part}]" if part.isdigit() else f".{part}"
    return out


def document_reading(text: str, name: str | None) -> Reading | None:
    try:
        loaded = load_text(text, "<wrap>", name=name)
    except (DocumentError, ParseError):
        return None
    lines: dict[str, int] = {}
    for path, source in loaded.provenance.items():
        line_no = getattr(source, "line_no", None)
        if isinstance(line_no, int):
            lines[_dotted_to_path(path)] = line_no
    warned = {w.line_no for w in loaded.warnings if w.line_no is not None}
    marked = any(NOT_WHOLE in w.reason or CUT_REASON in w.reason for w in loaded.warnings)
    return Reading(dict(flat(loaded.document)), loaded.document, warned, lines, marked)


def compare(plain: Reading, wrapped: Reading | None) -> Iterator[tuple[str, str, Any, Any]]:
    """(path, outcome, plain value, wrapped value) for every value of either reading."""
    if wrapped is None:  # refused: every value left out, said so
        for path, value in plain.values.items():
            yield path, ABSENT, value, None
        return
    yield from _compare(plain.tree, wrapped.tree, "", wrapped)


def _rows(value: Any) -> bool:
    return isinstance(value, list | tuple | Rows) and bool(value) and all(isinstance(x, dict) for x in value)


def _compare(plain: Any, got: Any, path: str, wrapped: Reading) -> Iterator[tuple[str, str, Any, Any]]:
    if isinstance(plain, dict) and isinstance(got, dict):
        for key, value in plain.items():
            sub = f"{path}.{key}" if path else str(key)
            if key in got:
                yield from _compare(value, got[key], sub, wrapped)
            else:
                yield from ((p, ABSENT, v, None) for p, v in flat(value, sub))
        for key, value in got.items():
            if key not in plain:
                yield from ((p, EXTRA, None, v) for p, v in flat(value, f"{path}.{key}" if path else str(key)))
        return
    if _rows(plain) and _rows(got) and len(plain) != len(got):
        # rows lost or added: the rows both give alike are matched, the others are left out or invented
        plain, got = list(plain), list(got)
        matcher = SequenceMatcher(None, [repr(r) for r in plain], [repr(r) for r in got], autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal":
                for i, j in zip(range(i1, i2), range(j1, j2), strict=True):
                    yield from _compare(plain[i], got[j], f"{path}[{i}]", wrapped)
                continue
            for i in range(i1, i2):
                yield from ((p, ABSENT, v, None) for p, v in flat(plain[i], f"{path}[{i}]"))
            for j in range(j1, j2):
                yield from ((p, EXTRA, None, v) for p, v in flat(got[j], f"{path}[+{j}]"))
        lost = len(got) < len(plain)
        outcome = (ROW_LOST_MARKED if wrapped.not_whole else ROW_LOST) if lost else EXTRA
        yield f"{path}[]", outcome, len(plain), len(got)
        return
    if _rows(plain) and _rows(got):
        yield f"{path}[]", EQUAL, len(plain), len(got)
        for i, (a, b) in enumerate(zip(plain, got, strict=True)):
            yield from _compare(a, b, f"{path}[{i}]", wrapped)
        return
    if isinstance(plain, list | tuple | Rows):
        plain = list(plain)
    if isinstance(got, list | tuple | Rows):
        got = list(got)
    if got == plain or (isinstance(plain, float) and isinstance(got, float) and abs(got - plain) < 1e-9):
        yield path, EQUAL, plain, got
    elif got in (None, [], {}, ""):
        yield path, ABSENT, plain, got
    elif wrapped.lines_of.get(path) in wrapped.warned_lines:
        yield path, WRONG_WARNED, plain, got
    else:
        yield path, WRONG, plain, got


_MISSING = object()


def audit(texts: list[Text], widths: range = WIDTHS, *, documents: bool = True) -> Tally:
    tally = Tally()
    for item in texts:
        longest = max((len(line) for line in item.text.split("\n")), default=0)
        plain_parser = parser_reading(item.text, item.command, reader_alone=True) if item.command else None
        if plain_parser is not None and item.command is not None:
            tally.add(item.label, "parser", 0, compare(plain_parser, parser_reading(item.text, item.command)))
        plain_doc = document_reading(item.text, item.name or "wrapcheck") if documents else None
        for width in widths:
            if width >= longest:
                break
            wrapped = terminal_wrap(item.text, width)
            if plain_parser is not None and item.command is not None:
                tally.add(item.label, "parser", width, compare(plain_parser, parser_reading(wrapped, item.command)))
            if plain_doc is not None:
                tally.add(
                    item.label,
                    "document",
                    width,
                    compare(plain_doc, document_reading(wrapped, item.name or "wrapcheck")),
                )
    return tally


def main(argv: list[str]) -> int:
    folders = tuple(Path(a) for a in argv) or OUTSIDE_DIRS
    texts = repository_texts() + outside_texts(folders)
    tally = audit(texts)
    print(f"{len(texts)} texts, widths {WIDTHS.start}-{WIDTHS.stop - 1}")
    print(tally.table())
    for finding in tally.findings:
        print(finding)
    return 1 if tally.findings else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
