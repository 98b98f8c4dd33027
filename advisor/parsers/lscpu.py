"""Linux `lscpu` on IBM Z (s390x): machine type, threads per core (SMT), hypervisor.

"Thread(s) per core: 2" is SMT on; the machine type says whether SMT exists
at all (z13 and later).  ``machine_name`` is IBM's name for the machine type
number, from a fixed table; unknown numbers get no name.  The hypervisor lines
("z/VM 7.2.0", "PR/SM", "KVM/Linux") say what runs the Linux; the document
layer decides from them which document, if any, the output can make.

Cache sizes mean different things by util-linux version: up to 2.33 one
cache ("L1d cache: 128K", kept as ``l1d_cache_kb``); from 2.34 the sum over
all caches ("512 KiB", later "512 KiB (4 instances)" under "Caches (sum of
all)", kept as ``l1d_cache_total_kb`` with ``l1d_cache_instances``).  The two
are never stored under one key.
"""

from __future__ import annotations

from advisor import linre

from ._text import (
    Builder,
    Line,
    Unreadable,
    ahead,
    as_float,
    as_int,
    as_str,
    lines_of,
    norm_label,
    score,
    size_in,
    spec,
    split_kv,
)
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


_CACHE = linre.compile(
    r"(?P<size>[\d.,]+\s*(?P<unit>[KMG])(?P<binary>iB)?)(?:\s*\((?P<instances>\d+) instances?\))?", linre.I
)
_CACHE_KB = size_in("kb")
CACHES = ("L1d", "L1i", "L2d", "L2i", "L2", "L3", "L4")


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
    }
)
_CACHE_LABELS = {norm_label(label): c.lower() for c in CACHES for label in (c, f"{c} cache")}
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
    vulnerabilities = summed = False
    rest = False  # the line before was wrapped: this one (no "Field:" of its own) is its rest
    for line, following in ahead(lines_of(text, COMMAND, detect)):
        kv = split_kv(line.text)
        if not line.text.strip():
            continue
        if kv is None:
            out.warn(line, "the rest of the line before, wrapped: skipped") if rest else out.unknown(line)
            rest = rest and following is not None and split_kv(following.text) is None
            continue
        if following is not None and split_kv(following.text) is None:  # "Flags: esan3 zarch" / "stfle msa ..."
            out.warn(line, f"{kv[0].strip()}: the line is wrapped (it goes on in the next line); left out")
            rest = True
            continue
        label = norm_label(kv[0])
        node = _NUMA_NODE.match(kv[0])
        if label in _HEADINGS and not kv[1]:
            vulnerabilities, summed = label == "vulnerabilities", label == "caches (sum of all)"
            out.known(line)
        elif label in _CACHE_LABELS:
            _cache(_CACHE_LABELS[label], kv[1], summed, line, out)
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


def _cache(name: str, raw: str, summed: bool, line: Line, out: Builder) -> None:
    """One cache line: per cache (util-linux up to 2.33, "128K") or the sum of all ("512 KiB (4 instances)")."""
    m = _CACHE.fullmatch(raw.strip())
    if m is None:
        out.value(f"{name}_cache_kb", raw, _unreadable_cache, line)
        return
    total = summed or bool(m.group("binary")) or m.group("instances") is not None
    key = f"{name}_cache_total_kb" if total else f"{name}_cache_kb"
    out.value(key, m.group("size"), _CACHE_KB, line)
    if m.group("instances") is not None:
        out.put(f"{name}_cache_instances", int(m.group("instances")), line)


def _unreadable_cache(raw: str) -> int:
    raise Unreadable("not a cache size ('128K', '512 KiB' or '512 KiB (4 instances)')")


def _machine(value: str, line: Line, out: Builder) -> None:
    if value in MACHINES:
        out.put("machine_name", MACHINES[value], line)
    else:
        out.warn(line, f"machine type {value} not in the table of IBM Z machines; machine_name left out")
