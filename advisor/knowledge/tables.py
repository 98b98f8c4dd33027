"""The sources' measured tables as rows (knowledge/tables/*.yaml, one file per source), and which rows and columns a
question asks for.

A question such as "response time AME4K vs AME64K at 2.8?" names a table by its words (`cues`, the source's `hint`,
"table 4"), its rows by what tells them apart (`dims`: processor, page size, factor, run) and its columns by what it
asks ("resp time", "cpu", "users"). `resolve` scores every table on those and picks one only when it is clearly the
one meant; a terse follow-up ("cpu diff?", "and at 4.35?") reads the table of the answer before (`Asked.context`),
keeping the rows or the columns it does not name anew. Values are the figures as the source prints them; the answer
quotes them with the table's citation, never computes from them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from advisor import linre
from advisor.calculators import ame
from advisor.citations import Cite
from advisor.datadirs import knowledge_dir
from advisor.knowledge.text import SAFE_LOADER

NUMERIC = "number"  # a dimension whose rows are told apart by a figure the question names ("factor 2.44")
# "what did HP measure", "numbers from the guide", "what did the 4.7 run look like": a question about results
MEASURED = linre.compile(
    r"\b(?:measur\w*|tests?|tested|(?:the|each|every|that|this|which|test|benchmark) (?:\w+ ){0,2}runs?|benchmarks?|"
    r"results?|numbers|figures|look(?:ed)? like|(?:did|does) (?:\S+ ){0,3}(?:give|get|see|show|carry|use|cost)|"
    r"gave|got|saw|in (?:the |that |this )?(?:\w+ )?(?:guide|redbook|redp[\w-]*|paper|deck|slides?|webcast|study|"
    r"sweep))\b",
    linre.I,
)
# a figure with its unit ("14 GB", "64K", "90%") is no row key; "Table 5", "Power10", "AIX 7.3" neither
_NUMBER = linre.compile(
    r"(table\s*|p(?:ower|wr)?\s?|z|sp|tl|vios\s*|aix\s*)?\b(\d+(?:\.\d+)?)"
    r"\s?(%|[kmgt]i?b?\b|x\b|s\b|ms\b|mins?\b|vps?\b|ifls?\b|cores?\b|users?\b|lpars?\b)?",
    linre.I,
)
_NAMED_TABLE = linre.compile(r"\b(table|figure)\s*(\d+(?:-\d+)?)\b", linre.I)


def _rx(pattern: str) -> Any:
    return linre.compile(rf"\b(?:{pattern})\b", linre.I)


@dataclass(frozen=True)
class Column:
    key: str
    name: str
    match: Any


@dataclass(frozen=True)
class Row:
    label: str
    dims: dict[str, str]
    values: dict[str, str]
    number: float | None = None  # the figure of the numeric dimension (Table 5's factor)


@dataclass(frozen=True)
class Table:
    id: str
    source: str
    locator: str
    section: str
    title: str
    hint: Any
    cues: tuple[Any, ...]
    dims: dict[str, dict[str, Any]]
    numeric: str | None
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    cited: Any

    @property
    def cite(self) -> Cite:
        return Cite(source=self.source, section=self.section, locator=self.locator)


def _table5_rows() -> tuple[Row, ...]:
    """The AME calculator's Table 5 rows (advisor/calculators/ame.py), as the guide prints them."""
    rows = []
    for factor, true_gb, savings, saps, rt, cpu, ame_cpu, deficit in ame.TABLE5:
        values = {
            "true_gb": f"{true_gb:g} GB",
            "savings": f"{savings:g}%",
            "saps": str(saps),
            "rt": f"{rt:g}s",
            "cpu": f"{cpu:g}%",
        }
        if ame_cpu is not None:
            values["ame_cpu"] = f"{ame_cpu:g}%"
        if deficit is not None:
            values["deficit"] = f"{deficit} MB"
        rows.append(Row(label=f"factor {factor:g}", dims={"factor": f"{factor:g}"}, values=values, number=factor))
    return tuple(rows)


CALCULATOR_ROWS = {"guide-table5": _table5_rows}


def _table(source: str, hint: Any, spec: dict[str, Any]) -> Table:
    dims_spec = spec.get("dims") or {}
    numeric = next((d for d, v in dims_spec.items() if v == NUMERIC), None)
    dims = {d: {value: _rx(p) for value, p in v.items()} for d, v in dims_spec.items() if v != NUMERIC}
    columns = tuple(Column(c["key"], c["name"], _rx(c["match"])) for c in spec["columns"])
    if spec["rows"] == "calculator":
        rows = CALCULATOR_ROWS[spec["id"]]()
    else:
        rows = tuple(
            Row(
                label=str(r.get("label") or " ".join(str(r[d]) for d in dims)),
                dims={d: str(r[d]) for d in dims},
                values={c.key: str(r[c.key]) for c in columns if c.key in r},
            )
            for r in spec["rows"]
        )
    locator = spec["locator"]
    return Table(
        id=spec["id"],
        source=source,
        locator=locator,
        section=spec["section"],
        title=spec["title"],
        hint=hint,
        cues=tuple(_rx(c) for c in spec.get("cues", ())),
        dims=dims,
        numeric=numeric,
        columns=columns,
        rows=rows,
        cited=linre.compile(spec.get("cited") or rf"\b{linre.escape(locator)}\b", linre.I),
    )


@cache
def load_tables(path: Path | None = None) -> tuple[Table, ...]:
    path = path or knowledge_dir() / "tables"
    out: list[Table] = []
    for f in sorted(path.glob("*.yaml")):
        data = yaml.load(f.read_text(encoding="utf-8"), Loader=SAFE_LOADER) or {}
        hint = _rx(data["hint"])
        out += [_table(data["source"], hint, spec) for spec in data.get("tables", ())]
    return tuple(out)


def by_id(table_id: str) -> Table | None:
    return next((t for t in load_tables() if t.id == table_id), None)


def _numbers(text: str) -> dict[float, str]:
    """Bare figures of a message ("factor 2.44", "at 4.7") as written: not "Table 5", "Power10", "14 GB", "64K"."""
    return {float(m.group(2)): m.group(2) for m in _NUMBER.finditer(text) if not m.group(1) and not m.group(3)}


@dataclass
class Asked:
    """What a message asks of one table: its score, the dimension values and columns it names."""

    table: Table
    score: int = 0
    named: dict[str, set[str]] = field(default_factory=dict)
    columns: list[str] = field(default_factory=list)
    cues: int = 0
    own: int = 0  # the table's own words and rows named (cues, dimension values, row keys with decimals)

    @property
    def rows(self) -> list[Row]:
        """The rows whose every named dimension has a named value (all rows when none is named)."""
        return [r for r in self.table.rows if all(r.dims.get(d) in vs for d, vs in self.named.items())]


def read(table: Table, text: str) -> Asked:
    asked = Asked(table)
    asked.cues = sum(1 for c in table.cues if c.search(text))
    for dim, values in table.dims.items():
        named = {v for v, rx in values.items() if rx.search(text)}
        if named:
            asked.named[dim] = named
    decimals = 0
    if table.numeric:
        figures = _numbers(text)
        named = {r.dims[table.numeric] for r in table.rows if r.number in figures}
        if named:
            asked.named[table.numeric] = named
        decimals = sum(1 for r in table.rows if r.number is not None and r.number in figures and r.number % 1)
    asked.columns = [c.key for c in table.columns if c.match.search(text)]
    numbered = {f"{m.group(1).lower()} {m.group(2)}" for m in _NAMED_TABLE.finditer(text)}
    by_name = table.locator.lower() in numbered
    asked.own = asked.cues + sum(len(v) for v in asked.named.values()) + decimals
    asked.score = (
        asked.own
        + 10 * by_name  # "Table 4": named outright (the source's hint tells two tables of one number apart)
        + bool(table.hint.search(text))
    )
    return asked


def resolve(text: str, yes_no: bool = False) -> Asked | None:
    """The table a question asks about, when one is clearly meant: named ("Table 4"); or asked for results
    ("what did the 4.7 run look like") with two of its words, one its own; or asked for a column with four. A yes/no
    question ("does AME64K at 1.0 cost CPU?") needs the column. None when two tables score alike."""
    measured = bool(MEASURED.search(text)) and not yes_no
    ranked = sorted((read(t, text) for t in load_tables()), key=lambda a: -a.score)
    best = ranked[0]
    if len(ranked) > 1 and ranked[1].score == best.score:
        return None
    if not best.rows:
        return None
    if best.score >= 10 or (measured and best.score >= 2 and best.own) or (best.score >= 3 and best.columns):
        return best
    return None


# "and at 4.35?", "with smt only?", "what about Power9": a follow-up that names other rows of the same table
ROWS_AGAIN = linre.compile(r"^\W*(?:and|what about|how about|vs\.?|versus|with|without|at|on|for|same|only)\b", linre.I)


def in_context(text: str, table: Table, rows: list[str], columns: list[str]) -> Asked | None:
    """A follow-up on the table of the answer before: "cpu diff?", "resp time", "and at 4.35?", "what did HP measure
    for that?". The rows it does not name are the ones before; the columns it does not name, too."""
    asked = read(table, text)
    again = bool(asked.named) and ROWS_AGAIN.search(text) is not None
    if not (asked.columns or again or MEASURED.search(text)):
        return None
    if not asked.named and rows:
        asked.named = {"": set(rows)}  # the rows of the answer before, by label
    if not asked.columns and asked.named and columns and not MEASURED.search(text):
        asked.columns = list(columns)
    return asked if picked(asked) else None


def picked(asked: Asked) -> list[Row]:
    if "" in asked.named:
        labels = asked.named[""]
        return [r for r in asked.table.rows if r.label in labels]
    return asked.rows


def line(asked: Asked) -> str:
    """The rows and columns asked, as the source prints them: one clause per row; a value all rows share once."""
    table = asked.table
    rows = picked(asked)
    keys = asked.columns or [c.key for c in table.columns]
    keys = [k for k in keys if any(k in r.values for r in rows)] or [c.key for c in table.columns]
    names = {c.key: c.name for c in table.columns}
    shared = {k for k in keys if len(rows) > 1 and len({r.values.get(k) for r in rows}) == 1 and rows[0].values.get(k)}
    parts = []
    for r in rows:
        said = ", ".join(f"{names[k]} {r.values[k]}" for k in keys if k in r.values and k not in shared)
        if said:
            parts.append(f"{r.label}: {said}")
    common = ", ".join(f"{names[k]} {rows[0].values[k]}" for k in keys if k in shared)
    body = "; ".join(parts)
    if common:
        alike = f"{', '.join(r.label for r in rows[:-1])} and {rows[-1].label} alike: {common}"
        body = f"{body}; {alike}" if body else alike
    return f"Measured in {table.locator} ({table.title}): {body}."
