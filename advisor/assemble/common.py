"""Helpers every mapper uses: quoting the source line, exact unit conversions, sample columns."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from advisor import linre
from advisor.assemble.model import Fact, InputWarning, Output, Source
from advisor.parsers._columns import ROW_SKIPPED
from advisor.parsers.base import was_cut
from advisor.parsers.rows import Rows

RANK_CONFIG = 0  # the configuration as set: lparstat -i, vmo, oslevel, lsattr, kctune
RANK_RUNTIME = 1  # the running state sampled now: vmstat, svmon, topas, lparstat -c
RANK_REPORT = 2  # a report recorded earlier: amepat


@dataclass
class Context:
    """The kind being built and the notes gathered while mapping."""

    kind: str
    notes: list[InputWarning] = field(default_factory=list)

    def emit(self, output: Output) -> Emit:
        return Emit(output, self)


class Emit:
    """Facts and notes for one output, each tied to the line its parser key came from."""

    def __init__(self, output: Output, ctx: Context):
        self.output = output
        self.ctx = ctx
        self.kind = ctx.kind
        self.data = output.data
        self.facts: list[Fact] = []

    def source(self, key: str, note: str | None = None) -> Source | None:
        prov = self.output.result.provenance.get(key)
        if prov is None:
            return None
        return Source(
            file=self.output.file,
            command=self.output.command,
            command_line=self.output.result.command_line,
            line_no=prov.line_no,
            line=prov.line,
            note=note,
        )

    def fact(self, path: str, value: Any, key: str, *, rank: int = RANK_CONFIG, note: str | None = None) -> None:
        """``value`` for ``path``, read from parser key ``key`` (whose line is quoted)."""
        if value is None:
            return
        source = self.source(key, note)
        if source is None:  # a value without a line cannot be quoted: do not use it
            self.note(f"{key}: no source line recorded; {path} left out")
            return
        self.facts.append(Fact(path, value, source, rank))

    def note(self, reason: str, key: str | None = None) -> None:
        src = self.source(key) if key else None
        self.ctx.notes.append(
            InputWarning(
                file=self.output.file,
                command=self.output.result.command_line or self.output.command,
                line_no=src.line_no if src else None,
                line=src.line if src else None,
                reason=reason,
            )
        )

    def get(self, dotted: str) -> Any:
        value: Any = self.data
        for part in dotted.split("."):
            if isinstance(value, dict):
                value = value.get(part)
            elif isinstance(value, list | Rows) and part.isdigit() and int(part) < len(value):
                value = value[int(part)]
            else:
                return None
        return value

    def copy(self, path: str, key: str, *, rank: int = RANK_CONFIG, convert=None, note: str | None = None) -> None:
        """The parser value at ``key`` as ``path``, optionally converted."""
        value = self.get(key)
        if value is None:
            return
        self.fact(path, convert(value) if convert else value, key, rank=rank, note=note)


# --- exact unit conversions (binary multiples, as AIX prints them) ---------------------------


def mb_to_gb(mb: float) -> float:
    return mb / 1024


def pages_to_mb(pages: float) -> float:
    """4 KB pages to MiB."""
    return pages * 4 / 1024


def pages_to_gb(pages: float) -> float:
    return pages * 4 / 1024 / 1024


def bytes_to_kb(value: float) -> float:
    return value / 1024


SIZE_SUFFIX_TO_GB = {"_pages": pages_to_gb, "_kb": lambda v: v / 1024 / 1024, "_mb": mb_to_gb, "_gb": lambda v: v}
SIZE_SUFFIX_TO_MB = {"_pages": pages_to_mb, "_kb": lambda v: v / 1024, "_mb": lambda v: v, "_gb": lambda v: v * 1024}


def sized(block: dict[str, Any] | None, stem: str) -> tuple[str, Any] | None:
    """(key, value) of ``stem`` in whatever unit the output used (svmon: ``_pages`` or ``Unit: MB``)."""
    if not isinstance(block, dict):
        return None
    for suffix in SIZE_SUFFIX_TO_GB:
        if block.get(stem + suffix) is not None:
            return stem + suffix, block[stem + suffix]
    return None


def hex_bytes_to_kb(raw: Any) -> int | None:
    """lsattr sizes such as max_transfer=0x40000 (bytes) as whole KiB; None when not exactly that."""
    if isinstance(raw, int):
        value = raw
    elif isinstance(raw, str) and linre.fullmatch(r"0[xX][0-9a-fA-F]+", raw.strip()):
        value = int(raw.strip(), 16)
    else:
        return None
    return value // 1024 if value % 1024 == 0 and value > 0 else None


def yes_no(raw: Any) -> bool | None:
    """AIX attribute booleans: yes/no, on/off, enabled/disabled, true/false, 1/0; anything else is None."""
    word = str(raw).strip().casefold()
    if word in {"yes", "on", "enabled", "enable", "true", "1"}:
        return True
    if word in {"no", "off", "disabled", "disable", "false", "0"}:
        return False
    return None


# --- sample tables (lparstat -c, vmstat) ------------------------------------------------------


def column(emit: Emit, table: str, name: str) -> list[tuple[str, float]]:
    """(provenance key, value) of one column over a sample table's rows; none from a table cut short (the copy
    stops inside its last line): a mean or a peak over the rows left is not the recording's."""
    rows = emit.data.get(table)
    skipped = [w for w in emit.output.result.warnings if w.reason.startswith(f"{table}:") and ROW_SKIPPED in w.reason]
    if not isinstance(rows, list) and not skipped:  # no table (with every row skipped, it is said below)
        return []
    if was_cut(emit.output.result):
        emit.note(f"the output is cut short (its last line has no line end): {name} is not averaged nor its peak taken")
        return []
    if skipped:  # a wrapped or broken row: the mean and the peak of the rows left are not the recording's
        emit.note(
            f"{len(skipped)} {table} rows could not be read (line {skipped[0].line_no}): {name} is not averaged nor "
            "its peak taken"
        )
        return []
    return [
        (f"{table}.{i}.{name}", row[name])
        for i, row in enumerate(rows if isinstance(rows, list) else [])
        if isinstance(row, dict) and isinstance(row.get(name), (int, float))
    ]


def lines_of(emit: Emit, keys: Iterable[str]) -> str:
    nos = sorted({p.line_no for k in keys if (p := emit.output.result.provenance.get(k))})
    return f"lines {nos[0]}-{nos[-1]}" if len(nos) > 1 else f"line {nos[0]}" if nos else "no lines"


def highest(emit: Emit, path: str, table: str, name: str, *, rank: int, convert=None, what: str = "highest") -> None:
    """The largest value of a sample column, quoting the row it was printed on."""
    values = column(emit, table, name)
    if not values:
        return
    key, value = max(values, key=lambda kv: kv[1])
    note = f"{what} of {len(values)} samples, {lines_of(emit, (k for k, _ in values))}"
    emit.fact(path, convert(value) if convert else value, key, rank=rank, note=note)


def mean(emit: Emit, path: str, table: str, name: str, *, rank: int, digits: int = 4) -> None:
    """The mean of a sample column (rounded to ``digits`` decimals), quoting the first row."""
    values = column(emit, table, name)
    if not values:
        return
    average = round(sum(v for _, v in values) / len(values), digits)
    emit.fact(
        path,
        average,
        values[0][0],
        rank=rank,
        note=f"mean of {len(values)} samples, {lines_of(emit, (k for k, _ in values))}",
    )


# --- which device an output describes ---------------------------------------------------------

_DEVICE_IN_COMMAND = (
    linre.compile(r"\blsattr\s+(?:-\w*\s+)*-\w*l\s+(\S+)"),  # lsattr -El hdisk3, lsattr -E -l ent6
    linre.compile(r"\blsdev\s+-dev\s+(\S+)"),  # VIOS lsdev -dev ent6 -attr
    linre.compile(r"\bentstat\s+(?:-\w+\s+)*(\S+)"),  # entstat -all ent6
    linre.compile(r"\bnetstat\s+-v\s+(\S+)"),  # netstat -v ent0
)
_MEM0_KEYS = frozenset({"mem_exp_factor", "goodsize_mb", "ent_mem_cap_kb", "var_mem_weight"})


def device_of(output: Output) -> str | None:
    """The device an lsattr / lsdev -attr / entstat output is about, from the command as run."""
    line = output.result.command_line or ""
    for pattern in _DEVICE_IN_COMMAND:
        m = pattern.search(line)
        if m and not m.group(1).startswith("-"):
            return m.group(1)
    if output.command == "lsattr -El" and _MEM0_KEYS & set(output.data):
        return "mem0"
    return None
