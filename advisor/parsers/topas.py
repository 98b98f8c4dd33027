"""`topas` main screen, captured as text; the AME panel above all.

EF[T/A] is the target and the actual expansion factor: when actual stays
below target, AME cannot deliver the configured memory.  The screen is a
grid of labelled values that copy-and-paste scrambles, so values are found by
their labels wherever they sit on a line.  Rates topas abbreviates with K/M
(without saying whether K is 1000 or 1024) are kept as displayed strings.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import takewhile
from typing import Any

from advisor import linre

from ._text import Builder, Line, Unreadable, as_float, as_int, as_number, as_str, lines_of, score, size_in, snake
from .base import ParseResult

COMMAND = "topas"

MB = size_in("mb")
IN_MB = size_in("mb", default_unit="mb")
_EVENTS = ("Cswitch", "Syscall", "Reads", "Writes", "Forks", "Execs")
_FILE_TTY = ("Readch", "Writch", "Rawin", "Ttyout", "Igets", "Namei", "Dirblk")
_PAGING = ("Faults", "Steals", "PgspIn", "PgspOut", "PageIn", "PageOut", "Sios")

_LABELS: list[tuple[linre.Pattern, str, Callable[[str], Any]]] = [
    (linre.compile(pattern), key, convert)
    for pattern, key, convert in [
        (r"Topas Monitor for host:\s*(\S+)", "host", as_str),
        (r"Interval:\s*(\d+)", "interval_s", as_int),
        (r"^\s*(\w{3}\s+\w{3}\s+\d+\s+[\d:]+\s+\d{4})\b", "date", as_str),
        *((rf"\b{w}\s+(\S+)", f"events.{w.lower()}", as_str) for w in _EVENTS),
        (r"\bRunqueue\s+(\S+)", "events.runqueue", as_float),
        (r"\bWaitqueue\s+(\S+)", "events.waitqueue", as_float),
        *((rf"\b{w}\s+(\S+)", f"file_tty.{w.lower()}", as_str) for w in _FILE_TTY),
        (r"\bReal,MB\s+(\S+)", "memory.real_mb", as_number),
        (r"%\s*Comp\s+(\S+)", "memory.comp_pct", as_number),
        (r"%\s*Noncomp\s+(\S+)", "memory.noncomp_pct", as_number),
        (r"%\s*Client\s+(\S+)", "memory.client_pct", as_number),
        *((rf"\b{w}\s+(\S+)", f"paging.{w.lower()}", as_str) for w in _PAGING),
        (r"\bSize,MB\s+(\S+)", "paging_space.size_mb", as_number),
        (r"%\s*Used\s+(\S+)", "paging_space.used_pct", as_number),
        (r"%\s*Free\s+(\S+)", "paging_space.free_pct", as_number),
        (r"\bWPAR Activ\s+(\S+)", "wpar.active", as_int),
        (r"\bWPAR Total\s+(\S+)", "wpar.total", as_int),
        (r"\bTMEM\s+(\S+)", "ame.tmem_mb", MB),
        (r"\bCMEM\s+(\S+)", "ame.cmem_mb", MB),
        (r"\bTMEM,MB\s+(\S+)", "ame.tmem_mb", IN_MB),  # AIX 7 topas: the unit in the label, the value bare
        (r"\bCMEM,MB\s+(\S+)", "ame.cmem_mb", IN_MB),
        (r"EF\[T/A\]\s+([\d.,]+)/", "ame.target_expansion_factor", as_float),
        (r"EF\[T/A\]\s+[\d.,]+/([\d.,]+)", "ame.actual_expansion_factor", as_float),
        (r"\bCI:\s*(\S+)", "ame.ci", as_str),
        (r"\bCO:\s*(\S+)", "ame.co", as_str),
    ]
]
_SECTION_WORDS = linre.compile(r"^(EVENTS/QUEUES|FILE/TTY|MEMORY|PAGING|PAGING SPACE|AME|Press:.*|\"q\"-quit)$")
_TABLES = {
    "CPU": ("cpu", {"User%", "Kern%", "Wait%", "Idle%", "Physc", "Entc%"}),
    "Network": ("network", {"BPS", "I-Pkts", "O-Pkts", "0-Pkts", "B-In", "B-Out"}),
    "Disk": ("disk", {"Busy%", "BPS", "TPS", "B-Read", "B-Writ"}),
    "FileSystem": ("filesystem", {"BPS", "TPS", "B-Read", "B-Writ"}),
}
_REST = linre.compile(r"^(?:[\d.,]|[KMG](?:\s|$))")  # a line that starts inside a value: a wrapped line's rest
_PROCESS_HEADER = linre.compile(r"^\s*Name\s+PID\s+CPU%\s+PgSp\s+Owner\b")
_PROCESS = linre.compile(r"^\s*(\S+)\s+(\d+)\s+(\d+(?:[.,]\d+)?)\s+(\d+(?:[.,]\d+)?[KMG]?)\s+(\S+)")

_SIGNATURES = [
    linre.compile(r"Topas Monitor for host"),
    linre.compile(r"EF\[T/A\]"),
    linre.compile(r"EVENTS/QUEUES"),
    linre.compile(r"\bCswitch\b.*\n(.*\n)*.*\bSyscall\b"),
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 2)


def _column(name: str) -> str:
    name = "O-Pkts" if name == "0-Pkts" else name
    return f"{snake(name[:-1])}_pct" if name.endswith("%") else snake(name)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    table: tuple[str, list[str]] | None = None
    processes = False
    lines = (line for line in lines_of(text, COMMAND, detect) if line.text.strip())  # blank lines: no rows
    line = next(lines, None)
    while line is not None:
        following = next(lines, None)  # the next text line (a double-spaced copy's blank lines between)
        wrapped = following is not None and bool(_REST.match(following.text))
        _read(line, wrapped, out, table, processes)
        words = line.text.split()
        if words and words[0] in _TABLES:
            name, allowed = _TABLES[words[0]]
            table = (name, [_column(w) for w in takewhile(allowed.__contains__, words[1:])])
        elif words and words[0] == "Total":
            table = None
        processes = processes or bool(_PROCESS_HEADER.match(line.text))
        line = following
    return out.finish()


def _read(line: Line, wrapped: bool, out: Builder, table: tuple[str, list[str]] | None, processes: bool) -> None:
    """One screen line.  ``wrapped``: the next line is the rest of this one, broken by a terminal or a mail
    program (it starts with a digit or a unit): the value this line ends in is cut, so it is not read."""
    words = line.text.split()
    if not words:
        return
    end = len(line.text.rstrip())
    found = words[0] in _TABLES or bool(_PROCESS_HEADER.match(line.text))
    if words[0] == "Total" and table:
        cells = words[1 : 1 + len(table[1])]
        if wrapped and len(cells) == len(words) - 1:
            out.warn(line, f"{table[0]}.{table[1][len(cells) - 1]}: the line is wrapped inside this value; left out")
            cells = cells[:-1]
        _total(line, cells, table, out)
        found = True
    elif processes and _PROCESS.match(line.text):
        _process(line, out)
        found = True
    for pattern, key, convert in _LABELS:
        m = pattern.search(line.text)
        if m and wrapped and m.end(1) == end:
            out.warn(line, f"{key}: the line is wrapped inside this value (it goes on in the next line); left out")
            found = True
        elif m:
            out.value(key, m.group(1), convert, line)
            found = True
    if found or _SECTION_WORDS.match(" ".join(words)):
        out.known(line)
    else:
        out.unknown(line)


def _total(line: Line, cells: list[str], table: tuple[str, list[str]], out: Builder) -> None:
    name, columns = table
    for column, raw in zip(columns, cells, strict=False):
        out.value(f"{name}.{column}", raw, as_float if column.endswith("_pct") else as_str, line)


def _process(line: Line, out: Builder) -> None:
    m = _PROCESS.match(line.text)
    assert m is not None, "called only for a process row"
    name, pid, cpu, pgsp, owner = m.groups()
    try:
        row = {"name": name, "pid": int(pid), "cpu_pct": as_float(cpu), "pgsp_mb": MB(pgsp), "owner": owner}
    except Unreadable as err:
        out.warn(line, f"process row: {err}; skipped")
        return
    out.put_row("processes", row, line)
