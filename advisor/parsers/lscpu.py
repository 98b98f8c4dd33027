"""Linux `lscpu` on IBM Z (s390x): machine type, threads per core (SMT), hypervisor.

"Thread(s) per core: 2" is SMT on; the machine type says whether SMT exists
at all (z13 and later).  ``machine_name`` is IBM's name for the machine type
number, from a fixed table; unknown numbers get no name.
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, Line, as_float, as_int, as_str, lines_of, norm_label, score, size_in, spec, split_kv
from .base import ParseResult

COMMAND = "lscpu"

MACHINES = {
    "2064": "z900",
    "2066": "z800",
    "2084": "z990",
    "2086": "z890",
    "2094": "z9 EC",
    "2096": "z9 BC",
    "2097": "z10 EC",
    "2098": "z10 BC",
    "2817": "z196",
    "2818": "z114",
    "2827": "zEC12",
    "2828": "zBC12",
    "2964": "z13",
    "2965": "z13s",
    "3906": "z14",
    "3907": "z14 ZR1",
    "8561": "z15",
    "8562": "z15 T02",
    "3931": "z16",
    "3932": "z16 A02",
    "9175": "z17",
}


def _cache_kb(raw: str) -> int | float:
    return size_in("kb")(linre.sub(r"\s*\(\d+ instances?\)\s*$", "", raw))


def _flags(raw: str) -> list[str]:
    return raw.split()


FIELDS = spec(
    {
        "Architecture": ("architecture", as_str),
        "CPU op-mode(s)": ("cpu_op_modes", as_str),
        "Byte Order": ("byte_order", as_str),
        "CPU(s)": ("cpus", as_int),
        "On-line CPU(s) list": ("online_cpus_list", as_str),
        "Off-line CPU(s) list": ("offline_cpus_list", as_str),
        "Thread(s) per core": ("threads_per_core", as_int),
        "Core(s) per socket": ("cores_per_socket", as_int),
        "Socket(s) per book": ("sockets_per_book", as_int),
        "Book(s) per drawer": ("books_per_drawer", as_int),
        "Book(s)": ("books", as_int),
        "Drawer(s)": ("drawers", as_int),
        "Socket(s)": ("sockets", as_int),
        "NUMA node(s)": ("numa_nodes", as_int),
        "Vendor ID": ("vendor_id", as_str),
        "Model name": ("model_name", as_str),
        "Machine type": ("machine_type", as_str),
        "CPU dynamic MHz": ("cpu_dynamic_mhz", as_float),
        "CPU static MHz": ("cpu_static_mhz", as_float),
        "BogoMIPS": ("bogomips", as_float),
        "Hypervisor": ("hypervisor", as_str),
        "Hypervisor vendor": ("hypervisor_vendor", as_str),
        "Virtualization type": ("virtualization_type", as_str),
        "Dispatching mode": ("dispatching_mode", as_str),
        "Flags": ("flags", _flags),
        **{f"{c} cache": (f"{c.lower()}_cache_kb", _cache_kb) for c in ("L1d", "L1i", "L2d", "L2i", "L2", "L3", "L4")},
        **{c: (f"{c.lower()}_cache_kb", _cache_kb) for c in ("L1d", "L1i", "L2d", "L2i", "L2", "L3", "L4")},
    }
)
_NUMA_NODE = linre.compile(r"^NUMA node(\d+) CPU\(s\)$", linre.I)
_HEADINGS = frozenset({"virtualization features", "caches (sum of all)", "numa", "vulnerabilities"})

_SIGNATURES = [
    linre.compile(r"^\s*Architecture:\s*s390x?\s*$", linre.M),
    linre.compile(r"^\s*Thread\(s\) per core:", linre.M),
    linre.compile(r"^\s*CPU\(s\):\s*\d+", linre.M),
    linre.compile(r"^\s*(Machine type|Dispatching mode|Book\(s\)|Vendor ID):\s*", linre.M),
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 3)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    vulnerabilities = False
    for line in lines_of(text, COMMAND, detect):
        kv = split_kv(line.text)
        if not line.text.strip():
            continue
        if kv is None:
            out.unknown(line)
            continue
        label = norm_label(kv[0])
        node = _NUMA_NODE.match(kv[0])
        if label in _HEADINGS and not kv[1]:
            vulnerabilities = label == "vulnerabilities"
            out.known(line)
        elif node:
            out.value(f"numa_node{node.group(1)}_cpus", kv[1], as_str, line)
        elif label in FIELDS:
            key, convert = FIELDS[label]
            value = out.value(key, kv[1], convert, line)
            if key == "machine_type" and value:
                _machine(value, line, out)
        elif vulnerabilities or label.startswith("vulnerability"):
            out.known(line)
        else:
            out.unknown(line, f"unknown field {kv[0]!r}; skipped")
    return out.finish()


def _machine(value: str, line: Line, out: Builder) -> None:
    if value in MACHINES:
        out.put("machine_name", MACHINES[value], line)
    else:
        out.warn(line, f"machine type {value} not in the table of IBM Z machines; machine_name left out")
