"""HP-UX `vparstatus` (vPars A.04-A.06): the virtual partitions of an nPartition.

    [Virtual Partition]
    Virtual Partition Name         State Attributes Kernel Path       Opts
    ============================== ===== ========== ================= =====
    vpar_sap1                      Up    Dyn,Auto   /stand/vmunix

    [Virtual Partition Resource Summary]
    ...
    vpar_sap1                         2/  8     2    2     6    0/    0       32768
    The current virtual partition is vpar_sap1.                       (vparstatus -w)

    [Virtual Partition Details]                                       (vparstatus -v)
    Name:         vpar_sap1
    State:        Up

``vpars`` rows (``name``, ``state``, ``attributes``, ``kernel_path``) of the [Virtual Partition] table,
``resources`` rows (``name``, ``cpu_min``, ``cpu_max``) of the resource summary, ``current`` from
``-w``, ``details.<label>`` from ``-v``'s ``Label: value`` lines (``name``, ``state``, ``attributes``,
``kernel_path``, ...).  No hpux-server field is a vPar's: the document of a vPar is made from that
vPar's own machinfo; the other sections of ``-v`` (CPU, I/O and memory paths) are recognised and not kept.
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, as_int, as_str, lines_of, score, snake
from .base import ParseResult

COMMAND = "vparstatus"
ALIASES = ("vparstatus *",)

_SECTION = linre.compile(r"^\s*\[([A-Za-z][A-Za-z /]{2,60})\]\s*$")
_CURRENT = linre.compile(r"^\s*The current virtual partition is (\S+?)\.?\s*$")
_RULE = linre.compile(r"^[\s=]+$")
_VPAR = linre.compile(r"^\s*(\S+)\s+(Up|Down|Load|Boot|Crash|Hung|Shut|N/A|\S+)\s+(\S+)\s+(/\S*)(?:\s+(\S.*?))?\s*$")
_RESOURCE = linre.compile(r"^\s*(\S+)\s+(\d{1,4})/\s*(\d{1,4})\s+\d")
_DETAIL = linre.compile(r"^\s*([A-Za-z][A-Za-z /()\[\]-]{0,40}?)\s*:\s*(.*?)\s*$")
_TABLES = frozenset({"Virtual Partition", "Virtual Partition Resource Summary"})
_SIGNATURES = [
    linre.compile(r"^\s*\[Virtual Partition(?: Resource Summary| Details)?\]\s*$", linre.M),
    linre.compile(r"^\s*The current virtual partition is \S+", linre.M),
    linre.compile(r"^\s*Virtual Partition Name\b", linre.M),
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 2)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    section: str | None = None
    ruled = False  # the table's rule (=====) is passed: its rows follow, every other line is not one
    for line in lines_of(text, COMMAND, detect):
        body = line.text.strip()
        if not body:
            continue
        table = section in _TABLES and ruled
        if m := _SECTION.match(body):
            section, ruled = " ".join(m.group(1).split()), False
            out.known(line)
        elif m := _CURRENT.match(body):
            out.value("current", m.group(1), as_str, line)
        elif _RULE.match(line.text):
            ruled = True
            out.known(line)
        elif section == "Virtual Partition" and table and (m := _VPAR.match(line.text)):
            row = {"name": m.group(1), "state": m.group(2), "attributes": m.group(3), "kernel_path": m.group(4)}
            out.put_row("vpars", row, line)
        elif section == "Virtual Partition Resource Summary" and table and (m := _RESOURCE.match(line.text)):
            row = {"name": m.group(1), "cpu_min": as_int(m.group(2)), "cpu_max": as_int(m.group(3))}
            out.put_row("resources", row, line)
        elif section == "Virtual Partition Details" and (m := _DETAIL.match(line.text)) and m.group(2):
            out.value(f"details.{snake(m.group(1))}", m.group(2), as_str, line)
        elif section is not None and not table:
            out.known(line)  # column headings, the CPU, I/O and memory details: nothing a document reads
        else:
            out.unknown(line)  # in a table: a row cut by a wrap, or its rest
    return out.finish()
