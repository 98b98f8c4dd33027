"""Linux on IBM Z `cat /proc/sysinfo`: the machine, the LPAR and each hypervisor level above the guest.

    Manufacturer:         IBM
    Type:                 3906
    LPAR Number:          44
    LPAR Name:            LPAR44
    LPAR CPUs Configured: 13
    VM00 Name:            ZVMSYS1
    VM00 Control Program: z/VM    7.2.0
    VM00 CPUs Configured: 4

``machine_type`` and ``machine_name`` (IBM's name for the type, from the same table as lscpu; a type
not in it is a warning), ``lpar`` (``number``, ``name``, ``characteristics``, CPU counts in
snake_case) and ``vm``: one row per VMnn level (``level``, ``name``, ``control_program`` as printed,
CPU counts).  A KVM guest shows ``VM00 Control Program: KVM/Linux``; the assemble layer decides the
kind from it.
"""

from __future__ import annotations

from typing import Any

from advisor import linre

from ._text import Builder, Line, as_int, lines_of, score, snake
from .base import ParseResult
from .lscpu import MACHINES

COMMAND = "cat /proc/sysinfo"
ALIASES = ("/proc/sysinfo", "sysinfo")

_LINE = linre.compile(r"^\s*([A-Za-z][A-Za-z0-9 .()/-]{0,40}?):\s*(.*?)\s*$")
_VM = linre.compile(r"^VM(\d{2}) (.+)$")
_MACHINE_KEYS = {"Manufacturer", "Type", "Model", "Sequence Code", "Plant", "Model Capacity"}

_SIGNATURES = [
    linre.compile(r"^[ \t]*Manufacturer:[ \t]+IBM[ \t]*$", linre.M),  # indented too: a blog's code block
    linre.compile(r"^[ \t]*LPAR (?:Number|Name|CPUs Total):", linre.M),
    linre.compile(r"^[ \t]*VM\d\d (?:Name|Control Program):", linre.M),
    linre.compile(r"^[ \t]*Sequence Code:[ \t]+\S", linre.M),
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 2)


def _count(raw: str) -> int | str:
    try:
        return as_int(raw)
    except ValueError:
        return raw


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    levels: dict[str, tuple[dict[str, Any], Line]] = {}
    for line in lines_of(text, COMMAND, detect):
        if not line.text.strip():
            continue
        m = _LINE.match(line.text)
        if m is None:
            out.unknown(line)
            continue
        label, raw = m.group(1).strip(), " ".join(m.group(2).split())
        vm = _VM.match(label)
        if line.cut:
            out.warn(
                line, f"{label}: the output ends inside this line (no line end): the value may be cut off; left out"
            )
        elif vm:
            level, _first = levels.setdefault(vm.group(1), ({"level": int(vm.group(1))}, line))
            level[snake(vm.group(2))] = _count(raw) if "CPUs" in vm.group(2) or "Adjustment" in vm.group(2) else raw
            out.known(line)
        elif label.startswith("LPAR "):
            key = snake(label[5:])
            value: Any = _count(raw) if key in ("number", "adjustment") or key.startswith("cpus") else raw
            out.put(f"lpar.{key}", value, line)
        elif label == "Type":
            out.put("machine_type", raw, line)
            if raw in MACHINES:
                out.put("machine_name", MACHINES[raw], line)
            else:
                out.warn(line, f"machine type {raw} not in the table of IBM Z machines; machine_name left out")
        elif label in _MACHINE_KEYS:
            out.put(snake(label), raw, line)
        else:
            out.known(line)  # capacity, CPU and MT-ID lines of the machine: no document field reads them
    for _, (level, first) in sorted(levels.items()):
        out.put_row("vm", level, first)
    return out.finish()
