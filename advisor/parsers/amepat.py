"""`amepat`: the Active Memory Expansion planning report.

The report is the evidence behind most AME findings: measured compression and
AME CPU, the modelled factor table, the recommendation and, above all, the
memory deficit.  Books and tickets often quote only part of it (the table,
the recommendation paragraph, the statistics), so every section is optional
and is read on its own.  ``command_flags`` tells whether -M (64K modelling)
or -N (no modelling) was used.
"""

from __future__ import annotations

from typing import Any

from advisor import linre

from ._text import (
    DETECT_CHARS,
    Builder,
    Line,
    Unreadable,
    ahead,
    as_bool,
    as_float,
    as_int,
    as_number,
    as_str,
    clean,
    lines_of,
    norm_label,
    score,
    size_in,
    spec,
    split_kv,
)
from .base import ParseResult

COMMAND = "amepat"
ALIASES = ("amepat *",)

GB = size_in("gb")
_NUM = r"\d+(?:[.,]\d+)?"
_COMMAND = linre.compile(r"^Command\s+Invoked\b", linre.I)
_CUT_REST = linre.compile(r"^[\d.,%)\]a-z/-]")


def _duration(raw: str) -> int:
    parts = linre.findall(r"(\d+)\s*(day|hr|hour|min|sec)", raw, linre.I)
    if not parts or linre.sub(r"(\d+)\s*[a-z]+", "", raw, flags=linre.I).strip():
        raise Unreadable("not a duration like '9 mins 17 secs'")
    seconds = {"day": 86400, "hr": 3600, "hour": 3600, "min": 60, "sec": 1}
    return sum(int(n) * seconds[unit.casefold()] for n, unit in parts)


FIELDS = spec(
    {
        "Command Invoked": ("command_invoked", as_str),
        "Date/Time of invocation": ("date_time_of_invocation", as_str),
        "Total Monitored time": ("total_monitored_time_s", _duration),
        "Total Samples Collected": ("total_samples_collected", as_int),
        "Partition Name": ("system_configuration.partition_name", as_str),
        "Processor Implementation Mode": ("system_configuration.processor_implementation_mode", as_str),
        "Number Of Logical CPUs": ("system_configuration.number_of_logical_cpus", as_int),
        "Processor Entitled Capacity": ("system_configuration.processor_entitled_capacity", as_float),
        "Processor Max. Capacity": ("system_configuration.processor_max_capacity", as_float),
        "True Memory": ("system_configuration.true_memory_gb", GB),
        "SMT Threads": ("system_configuration.smt_threads", as_int),
        "Shared Processor Mode": ("system_configuration.shared_processor_mode", as_str),
        "Active Memory Sharing": ("system_configuration.active_memory_sharing", as_bool),
        "Active Memory Expansion": ("system_configuration.active_memory_expansion", as_bool),
        "Target Expanded Memory Size": ("system_configuration.target_expanded_memory_size_gb", GB),
        "Target Memory Expansion factor": ("system_configuration.target_memory_expansion_factor", as_float),
        "Modeled Implementation": ("modeled_statistics.modeled_implementation", as_str),
        "Modeled Expanded Memory Size": ("modeled_statistics.modeled_expanded_memory_size_gb", GB),
        "Achievable Compression ratio": ("modeled_statistics.achievable_compression_ratio", as_float),
        "64K page support": ("modeled_statistics.page_support_64k", as_bool),
        "64K page modeling": ("modeled_statistics.page_modeling_64k", as_bool),
    }
)

STATISTICS = {
    norm_label(label): key
    for label, key in {
        "CPU Util (Phys. Processors)": "cpu_util_phys_processors",
        "Virtual Memory Size (MB)": "virtual_memory_size_mb",
        "True Memory In-Use (MB)": "true_memory_in_use_mb",
        "Pinned Memory (MB)": "pinned_memory_mb",
        "File Cache Size (MB)": "file_cache_size_mb",
        "Available Memory (MB)": "available_memory_mb",
        "AME CPU Usage (Phys. Proc Units)": "ame_cpu_usage_proc_units",
        "AME CPU Usage (Phy. Proc Units)": "ame_cpu_usage_proc_units",
        "Compressed Memory (MB)": "compressed_memory_mb",
        "Compression Ratio": "compression_ratio",
        "Deficit Memory Size (MB)": "deficit_memory_size_mb",
    }.items()
}

_SECTIONS = {
    "system configuration": None,
    "system resource statistics": "system_resource_statistics",
    "ame statistics": "ame_statistics",
    "active memory expansion modeled statistics": None,
    "active memory expansion recommendation": None,
}
_SECTION = linre.compile(r"^\s*(" + "|".join(_SECTIONS) + r")\s*:?(.*)$", linre.I)
_TABLE_HEAD = linre.compile(r"^\s*(Expansion\s+(Factor|Modeled)|Factor\s+Memory\s+Size)\b", linre.I)
_RULE = linre.compile(r"^[\s-]+$")
_STAT_ROW = linre.compile(r"^(.*?[A-Za-z)])\s+((?:N/A|\d|\.).*)$")
_STAT_CELL = linre.compile(rf"\s*(N/A|{_NUM})(?:\s*\[\s*({_NUM})\s*%\s*\])?")
_SIZE = rf"{_NUM}\s*[KMGT]B"
_FACTOR_ROW = linre.compile(
    rf"^\s*({_NUM})\s+({_SIZE})\s+({_SIZE})\s*\[\s*({_NUM})\s*%\s*\]"
    rf"\s+({_NUM})\s*\[\s*({_NUM})\s*%\s*\]\s*(<<[A-Z ]{{0,16}})?$",
    linre.I,
)
_MARKER = "<<CURRENTCONFIG"  # the only mark amepat puts after a factor row, compared without blanks
_MARKER_PIECE = linre.compile(r"^(?:<<)?[A-Z ]{1,16}$|^<<$", linre.I)
_PARAGRAPHS = {
    "recommendation": linre.compile(r"^\s*The recommended AME configuration", linre.I),
    "warning": linre.compile(r"^\s*WARNING:", linre.I),
    "note": linre.compile(r"^\s*(NOTE:|The modeled Active Memory Expansion CPU usage)", linre.I),
}
_RECOMMENDATION = {
    "recommendation.true_memory_gb": (rf"memory size of\s+({_SIZE})", GB),
    "recommendation.expansion_factor": (rf"expansion factor\s+of\s+({_NUM})", as_float),
    "recommendation.memory_gain_pct": (rf"memory gain of\s+({_NUM})\s*%", as_number),
    "recommendation.ame_cpu_usage_processors": (
        rf"CPU usage due to AME is approximately\s+({_NUM})\s+physical",
        as_float,
    ),
    "recommendation.peak_cpu_processors": (
        rf"peak CPU resource required for\s+the LPAR is\s+({_NUM})\s+physical",
        as_float,
    ),
}
_WARNING = {"memory_deficit_warning_mb": (rf"memory deficit of\s+({_SIZE})", size_in("mb"))}

_SIGNATURES = [
    linre.compile(p, linre.M | linre.I)
    for p in (
        r"^\s*Command Invoked\s*:\s*amepat",
        r"^\s*System Resource Statistics\s*:",
        r"^\s*AME Statistics\s*:",
        r"Active Memory Expansion Modeled Statistics",
        r"Active Memory Expansion Recommendation",
        r"The recommended AME configuration for this workload",
        r"<<\s*CURRENT CONFIG",
        r"^\s*Factor\s+Memory Size\s+Memory Gain",
        r"Expansion Factor\s+Modeled True Memory Size",
        r"^\s*CPU Util \(Phys\. Processors\)",
        r"^\s*Target Memory Expansion factor\s*:",
        r"This LPAR currently has a memory deficit",
    )
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 2)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    stats: str | None = None
    columns: list[str] = []
    paragraph: list[Line] = []
    kind = ""
    spaced = _double_spaced(text)
    blanks = 0  # blank lines since the last text line
    held: tuple[Line, dict[str, Any], str] | None = None  # the last factor row, and its mark so far
    rest = False  # this line is the rest of a field or statistics row a wrap cut
    for line, following in ahead(lines_of(text, COMMAND, detect)):
        body = line.text.strip()
        if rest and body:
            out.warn(line, "the rest of the line before, wrapped: skipped")
            rest = False
            continue
        if held is not None and body:
            if _marks(held[2], body):  # the terminal wrapped the row before or inside "<< CURRENT CONFIG"
                held[1]["current_config"] = True
                out.known(line)
                out.put_row("modeled_factors", held[1], held[0])
                held = None
                continue
            out.put_row("modeled_factors", held[1], held[0])
            held = None
        blanks = blanks + 1 if not body else 0
        starts = next((k for k, p in _PARAGRAPHS.items() if p.match(body)), None)
        ends = not body and (not spaced or blanks > 1)  # a double-spaced copy ends a paragraph with 2+ blanks
        if paragraph and (ends or starts or _SECTION.match(body) or _FACTOR_ROW.match(body)):
            _close(kind, paragraph, out)
            paragraph = []
        elif paragraph:
            if body:
                paragraph.append(line)
            continue
        if not body:
            continue
        if starts:
            kind, paragraph = starts, [line]
            continue
        section = _SECTION.match(body)
        if section:
            stats = _SECTIONS[norm_label(section.group(1))]
            columns = [c.casefold() for c in section.group(2).split() if c.strip("-")]
            if stats and not columns:
                out.warn(line, f"{stats}: no column names (Average/Min/Max); rows cannot be read")
            out.known(line)
        elif _RULE.match(body) or _TABLE_HEAD.match(body):
            out.known(line)
        elif _FACTOR_ROW.match(body):
            held = _factor_row(line, out)
        elif linre.match(rf"^{_NUM}\s", body):
            out.warn(line, "modelled factor row not in the expected layout; skipped")
        elif following is not None and _rest(following, body):  # "... Size (MB) 1" / "0011": a cut value
            out.warn(line, "the line is wrapped inside its last value (it goes on below); left out")
            rest = True
        elif _stat_row(line, stats, columns, out):
            pass
        else:
            _field(line, out)
    if held is not None:
        out.put_row("modeled_factors", held[1], held[0])
    if paragraph:
        _close(kind, paragraph, out)
    return out.finish()


def _rest(line: Line, before: str) -> bool:
    """``line`` starts inside the last value of ``before``: a terminal or a mail program broke the line there.
    It opens with a digit, a sign, a lower-case letter or a path (amepat's fields and rows open with a capital,
    its factor rows with a factor, "64K page support" is a field), or, after the command line, with anything
    that is no field (the command's own words: "-O proc=P7" / "=P7")."""
    body = line.text.strip()
    if _FACTOR_ROW.match(body) or _RULE.match(body) or _SECTION.match(body):
        return False
    if not _CUT_REST.match(body) and not _COMMAND.match(before):
        return False
    kv = split_kv(body)
    return kv is None or FIELDS.get(norm_label(kv[0])) is None


def _double_spaced(text: str) -> bool:
    """Every text line followed by a blank one (a copy that doubled its line ends): there, one blank line is
    no paragraph's end, or the recommendation would be cut after its first line."""
    lines = clean(text[:DETECT_CHARS]).split("\n")
    filled = [i for i, line in enumerate(lines) if line.strip()]
    return len(filled) > 2 and all(not lines[i + 1].strip() for i in filled[:-1])


def _marks(mark: str, body: str) -> bool:
    """``body`` is the rest of a factor row's "<< CURRENT CONFIG" that a terminal wrap put on its own line."""
    if not _MARKER_PIECE.match(body):
        return False
    whole = (mark + body).replace(" ", "").upper()
    return whole == _MARKER and mark != whole


def _field(line: Line, out: Builder) -> None:
    kv = split_kv(line.text)
    entry = FIELDS.get(norm_label(kv[0])) if kv else None
    if kv is None or entry is None:
        out.unknown(line)
        return
    value = out.value(entry[0], kv[1], entry[1], line)
    if entry[0] == "command_invoked" and value:
        letters = "".join(linre.findall(r"(?:^|\s)-([A-Za-z]+)", value))
        out.put("command_flags", [f"-{c}" for c in dict.fromkeys(letters)], line)


def _stat_row(line: Line, section: str | None, columns: list[str], out: Builder) -> bool:
    m = _STAT_ROW.match(line.text.strip())
    key = STATISTICS.get(norm_label(m.group(1))) if m else None
    if m is None or key is None:
        return False
    if section is None or not columns:
        out.warn(line, f"{key}: statistics row outside a statistics section; skipped")
        return True
    cells = _STAT_CELL.findall(m.group(2))
    if "".join(c[0] for c in cells) == "N/A":
        out.warn(line, f"{section}.{key}: N/A; left out")
        return True
    if len(cells) != len(columns) or _STAT_CELL.sub("", m.group(2)).strip():
        out.warn(line, f"{section}.{key}: {len(cells)} values for columns {columns}; row skipped")
        return True
    for column, (value, pct) in zip(columns, cells, strict=True):
        out.value(f"{section}.{key}.{column}", value, as_number, line)
        if pct:
            out.value(f"{section}.{key}.{column}_pct", pct, as_number, line)
    return True


def _factor_row(line: Line, out: Builder) -> tuple[Line, dict[str, Any], str] | None:
    """The row read from ``line`` and the "<< CURRENT CONFIG" mark it ends in ("" when none, a piece of it when
    the terminal wrapped the line inside it: "<<" is the current configuration's mark and no other's)."""
    m = _FACTOR_ROW.match(line.text)
    assert m is not None, "called only for a factor row"
    mark = (m.group(7) or "").strip()
    if mark and not _MARKER.startswith(mark.replace(" ", "").upper()):
        out.warn(line, f"modelled factor row: {mark!r} is not amepat's '<< CURRENT CONFIG' mark; skipped")
        return None
    try:
        row = {
            "expansion_factor": as_float(m.group(1)),
            "modeled_true_memory_size_gb": GB(m.group(2)),
            "modeled_memory_gain_gb": GB(m.group(3)),
            "modeled_memory_gain_pct": as_number(m.group(4)),
            "cpu_usage_estimate": as_float(m.group(5)),
            "cpu_usage_estimate_pct": as_number(m.group(6)),
            "current_config": bool(mark),
        }
    except Unreadable as err:
        out.warn(line, f"modelled factor row: {err}; skipped")
        return None
    return line, row, mark


def _close(kind: str, paragraph: list[Line], out: Builder) -> None:
    """Read the values out of a wrapped prose paragraph, each tied to its own line."""
    text, starts, broken = "", [], []  # broken: where a line ending in a digit goes on with one opening with one
    for line in paragraph:
        body = line.text.strip()
        if text and (text[-2:-1].isdigit() or text[-2:-1] == ".") and body[:1].isdigit():
            broken.append(len(text) - 1)  # amepat breaks its prose between words: this break is a wrap's, in a number
        starts.append(len(text))
        text += body + " "
        out.known(line)
    wanted = {"recommendation": _RECOMMENDATION, "warning": _WARNING}
    for key, (pattern, convert) in wanted.get(kind, {}).items():
        m = linre.search(pattern, text, linre.I)
        if m is None:
            out.warn(paragraph[0], f"{key}: not found in the {kind} paragraph")
            continue
        where = paragraph[max(i for i, s in enumerate(starts) if s <= m.start(1))]
        if any(m.start(1) <= at <= m.end(1) for at in broken):
            out.warn(where, f"{key}: {m.group(1)!r} ends where a wrapped line goes on with digits; left out")
            continue
        out.value(key, m.group(1), convert, where)
