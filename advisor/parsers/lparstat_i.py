"""`lparstat -i`: the partition's static configuration (CPU, memory, AME).

AIX levels differ: older ones stop at "Unallocated Weight"; AMS, "Desired *"
and AME fields came later.  Each known label maps to one key; missing labels
are simply absent, unknown labels are reported, never invented.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from advisor import linre

from ._text import (
    Builder,
    Line,
    as_float,
    as_int,
    as_pct,
    as_str,
    lines_of,
    norm_label,
    score,
    size_in,
    spec,
    split_kv,
)
from .base import ParseResult

COMMAND = "lparstat -i"

MB = size_in("mb")
WHOLE_MB = size_in("mb", whole=True)  # partition memory is printed in whole MB ("12.288 MB" groups thousands)

FIELDS = spec(
    {
        "Node Name": ("node_name", as_str),
        "Partition Name": ("partition_name", as_str),
        "Partition Number": ("partition_number", as_int),
        "Type": ("type", as_str),
        "Mode": ("mode", as_str),
        "Entitled Capacity": ("entitled_capacity", as_float),
        "Partition Group-ID": ("partition_group_id", as_int),
        "Shared Pool ID": ("shared_pool_id", as_int),
        "Online Virtual CPUs": ("online_virtual_cpus", as_int),
        "Maximum Virtual CPUs": ("maximum_virtual_cpus", as_int),
        "Minimum Virtual CPUs": ("minimum_virtual_cpus", as_int),
        "Online Memory": ("online_memory_mb", WHOLE_MB),
        "Maximum Memory": ("maximum_memory_mb", WHOLE_MB),
        "Minimum Memory": ("minimum_memory_mb", WHOLE_MB),
        "Variable Capacity Weight": ("variable_capacity_weight", as_int),
        "Minimum Capacity": ("minimum_capacity", as_float),
        "Maximum Capacity": ("maximum_capacity", as_float),
        "Capacity Increment": ("capacity_increment", as_float),
        "Maximum Physical CPUs in system": ("maximum_physical_cpus_in_system", as_int),
        "Active Physical CPUs in system": ("active_physical_cpus_in_system", as_int),
        "Active CPUs in Pool": ("active_cpus_in_pool", as_int),
        "Shared Physical CPUs in system": ("shared_physical_cpus_in_system", as_int),
        "Maximum Capacity of Pool": ("maximum_capacity_of_pool", as_int),
        "Entitled Capacity of Pool": ("entitled_capacity_of_pool", as_int),
        "Unallocated Capacity": ("unallocated_capacity", as_float),
        "Physical CPU Percentage": ("physical_cpu_pct", as_pct),
        "Unallocated Weight": ("unallocated_weight", as_int),
        "Memory Mode": ("memory_mode", as_str),
        "Total I/O Memory Entitlement": ("total_io_memory_entitlement_mb", MB),
        "Variable Memory Capacity Weight": ("variable_memory_capacity_weight", as_int),
        "Memory Pool ID": ("memory_pool_id", as_int),
        "Physical Memory in the Pool": ("physical_memory_in_the_pool_mb", MB),
        "Hypervisor Page Size": ("hypervisor_page_size", as_str),
        "Unallocated Variable Memory Capacity Weight": (
            "unallocated_variable_memory_capacity_weight",
            as_int,
        ),
        "Unallocated I/O Memory entitlement": ("unallocated_io_memory_entitlement_mb", MB),
        "Memory Group ID of LPAR": ("memory_group_id_of_lpar", as_int),
        "Desired Virtual CPUs": ("desired_virtual_cpus", as_int),
        "Desired Memory": ("desired_memory_mb", WHOLE_MB),
        "Desired Variable Capacity Weight": ("desired_variable_capacity_weight", as_int),
        "Desired Capacity": ("desired_capacity", as_float),
        "Target Memory Expansion Factor": ("target_memory_expansion_factor", as_float),
        "Target Memory Expansion Size": ("target_memory_expansion_size_mb", MB),
        "Power Saving Mode": ("power_saving_mode", as_str),
        "Sub Processor Mode": ("sub_processor_mode", as_str),
    }
)

_SIGNATURES = [
    linre.compile(rf"^\s*{label}\s*:", linre.M | linre.I)
    for label in (
        "Node Name",
        "Partition Number",
        r"Entitled Capacity",
        "Online Virtual CPUs",
        "Online Memory",
        "Variable Capacity Weight",
        "Maximum Physical CPUs in system",
        "Unallocated Weight",
    )
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 4)


def parse(text: str) -> ParseResult:
    """Each field is put once the next text line shows it whole: a line that is no "Label : value" right after
    one is its rest, broken by a narrow terminal or a mail program ("Entitled Capacity : 3" / ".20")."""
    out = Builder(COMMAND)
    held: tuple[Line, str, str, Callable[[str], Any]] | None = None  # a field's line, key, raw value, converter
    for line in lines_of(text, COMMAND, detect):
        if not line.text.strip():
            continue
        kv = split_kv(line.text)
        if held is not None:
            if kv is None:
                out.warn(held[0], f"{held[1]}: the line is wrapped inside this value (it goes on below); left out")
                out.warn(line, "the rest of the line before, wrapped: skipped")
                held = None
                continue
            out.value(held[1], held[2], held[3], held[0])
            held = None
        if kv is None:
            out.unknown(line)
            continue
        entry = FIELDS.get(norm_label(kv[0]))
        if entry is None:
            out.unknown(line, f"unknown field {kv[0]!r}; skipped")
            continue
        key, convert = entry
        held = (line, key, kv[1], convert)
    if held is not None:
        out.value(held[1], held[2], held[3], held[0])
    return out.finish()
