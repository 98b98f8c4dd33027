"""HP-UX `machinfo`: sockets, processor model, logical processors, memory, OS release.

The SAP instance count (one per 2-4 cores) and the page-size and locality
advice depend on these.  Both layouts are read:

- 11i v3 (11.31): "Label: value" and the processor summary in its variants:
  "4 Intel(R) Itanium 2 9000 series processors (1.6 GHz, 24 MB)",
  "2 Intel(R) Itanium(R) Processor 9560s (2.53 GHz, 32 MB)", a model line
  without a count followed by "2 sockets", "8 cores (4 per socket)",
  "4 cores, 8 logical processors per socket", "LCPU attribute is enabled".
- 11i v2 (11.23): "Name = value" everywhere ("Memory = 8156 MB (7.96 GB)",
  "Number of CPUs = 4", "nodename = hpux01", "release = B.11.23"); it prints
  no socket count, so none is given.
"""

from __future__ import annotations

from advisor import linre

from ._text import (
    Builder,
    Line,
    Unreadable,
    as_number,
    as_str,
    lines_of,
    norm_label,
    score,
    size_in,
    snake,
    spec,
    split_kv,
)
from .base import ParseResult

COMMAND = "machinfo"

_SECTIONS = {"cpu info": "cpu", "memory": "", "firmware info": "firmware", "platform info": "platform", "os info": "os"}


def _unquote(raw: str) -> str:
    return as_str(raw.strip().strip('"'))  # '"9000/800/rp4440  "': the padding inside the quotes is layout


def _mb(raw: str) -> int | float:
    m = linre.fullmatch(r"(\d+)\s*MB(\s*\(.*\))?", raw.strip())
    if not m:
        raise Unreadable("not '<n> MB (<n> GB)'")
    return int(m.group(1))


FIELDS = spec(
    {
        "Firmware revision": ("firmware.firmware_revision", as_str),
        "FP SWA driver revision": ("firmware.fp_swa_driver_revision", as_str),
        "BMC firmware revision": ("firmware.bmc_firmware_revision", as_str),
        "BMC version": ("firmware.bmc_firmware_revision", as_str),
        "Model": ("platform.model", _unquote),
        "Machine ID number": ("platform.machine_id_number", as_str),
        "Machine serial number": ("platform.machine_serial_number", as_str),
        "Nodename": ("os.nodename", as_str),
        "Release": ("os.release", as_str),
        "Version": ("os.version", as_str),
        "Machine": ("os.machine", as_str),
        "ID Number": ("os.id_number", as_str),
    }
)
_SOCKETS = linre.compile(
    r"^\s*(?:(\d+)\s+)?(\S.*?)(?:\s+processors?)?\s*\(([\d.]+)\s*GHz,\s*([\d.]+)\s*MB\)\s*$", linre.I
)
_COUNT = linre.compile(r"^\s*(\d+)\s+(sockets?|cores?)(?:\s*\((\d+)\s+per socket\))?\s*$", linre.I)
_PER_SOCKET = linre.compile(r"^\s*(\d+)\s+cores?,\s*(\d+)\s+logical processors? per socket\s*$", linre.I)
_LCPU = linre.compile(r"^\s*LCPU attribute is (enabled|disabled)\s*$", linre.I)
_CPU_KNOWN = linre.compile(r"^\s*(Active processor count:|CPUID registers|Bus features|Cache info:)\s*$", linre.I)
# 11.23 "name = value" outside "CPU info": the same fields as 11.31's labels
_ASSIGNED: dict[str, dict[str, str | None]] = {
    "os": {
        "sysname": None,
        "nodename": "os.nodename",
        "release": "os.release",
        "version": "os.version",
        "machine": "os.machine",
        "idnumber": "os.id_number",
    },
    "platform": {
        "model string": "platform.model",
        "machine id number": "platform.machine_id_number",
        "machine serial number": "platform.machine_serial_number",
    },
    "firmware": {"firmware revision": "firmware.firmware_revision"},
}
_BUS = linre.compile(r"^\s*(.+?),\s*CPU version\s+(\S+)\s*$", linre.I)
_LOGICAL = linre.compile(r"^\s*(\d+)\s+logical processors?\s*\((\d+)\s+per socket\)\s*$", linre.I)
_SKIP = linre.compile(r"^\s*(IPMI is .*|@\(#\).*|vmunix _release_version:.*)$")

_SIGNATURES = [
    linre.compile(r"^\s*CPU info:\s*$", linre.M),
    linre.compile(r"^\s*Memory:\s*\d+\s*MB", linre.M),
    linre.compile(r"^\s*(Platform|OS|Firmware) info:\s*$", linre.M),
    linre.compile(r"Itanium|logical processors \(\d+ per socket\)|HP-UX B\.11"),
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 3)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    section = ""
    for line in lines_of(text, COMMAND, detect):
        body = line.text.strip()
        if not body:
            continue
        kv = split_kv(body)
        head = norm_label(kv[0]) if kv else ""
        if kv and head in _SECTIONS and not kv[1]:
            section = _SECTIONS[head]
            out.known(line)
        elif kv and head == "memory":
            out.value("memory_mb", kv[1], _mb, line)
        elif linre.match(r"^Memory\s*=", body):  # 11.23
            out.value("memory_mb", body.partition("=")[2], _mb, line)
        elif section == "cpu":
            _cpu(body, line, out)
        elif _SKIP.match(body):
            out.known(line)
        elif kv and norm_label(kv[0]) in FIELDS:
            key, convert = FIELDS[norm_label(kv[0])]
            out.value(key, kv[1], convert, line)
        elif "=" in body and norm_label(body.partition("=")[0]) in _ASSIGNED.get(section, {}):
            target = _ASSIGNED[section][norm_label(body.partition("=")[0])]
            if target is None:
                out.known(line)
            else:
                out.value(target, body.partition("=")[2], _unquote, line)
        else:
            out.unknown(line)
    return out.finish()


def _cpu(body: str, line: Line, out: Builder) -> None:
    sockets, bus, logical = _SOCKETS.match(body), _BUS.match(body), _LOGICAL.match(body)
    count, per_socket, lcpu = _COUNT.match(body), _PER_SOCKET.match(body), _LCPU.match(body)
    if count:
        what = "sockets" if count.group(2).lower().startswith("socket") else "cores"
        out.put(f"cpu.{what}", int(count.group(1)), line)
        if count.group(3) is not None:
            out.put(f"cpu.{what}_per_socket", int(count.group(3)), line)
    elif per_socket:
        out.put("cpu.cores_per_socket", int(per_socket.group(1)), line)
        out.put("cpu.logical_processors_per_socket", int(per_socket.group(2)), line)
    elif lcpu:
        out.put("cpu.lcpu_attribute", lcpu.group(1).lower() == "enabled", line)
    elif _CPU_KNOWN.match(body):
        out.known(line)
    elif sockets:
        if sockets.group(1) is not None:
            out.put("cpu.sockets", int(sockets.group(1)), line)
        out.put("cpu.processor_model", as_str(sockets.group(2)), line)
        out.value("cpu.clock_ghz", sockets.group(3), as_number, line)
        out.value("cpu.cache_mb", sockets.group(4), size_in("mb", default_unit="mb"), line)
    elif bus:
        out.put("cpu.bus", as_str(bus.group(1)), line)
        out.put("cpu.cpu_version", bus.group(2), line)
    elif logical:
        out.put("cpu.logical_processors", int(logical.group(1)), line)
        out.put("cpu.logical_processors_per_socket", int(logical.group(2)), line)
    elif "=" in body:
        label, _, raw = body.partition("=")
        value: int | float | str
        try:
            value = as_number(raw.strip())
        except Unreadable:
            value = _unquote(raw)
        out.put(f"cpu.{snake(label)}", value, line)
    else:
        out.unknown(line)
