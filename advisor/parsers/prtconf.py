"""AIX `prtconf`: processor type and mode, memory, cores, firmware.

The processor generation (POWER8, POWER9, ...) and the implementation mode
decide which AME variant applies.  The volume group and installed resource
sections are recognised but not kept: other commands report those devices
in a form made for it.
"""

from __future__ import annotations

from advisor import linre

from ._text import (
    Builder,
    Unreadable,
    as_bool,
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

COMMAND = "prtconf"

MB = size_in("mb")


def _mhz(raw: str) -> int:
    m = linre.fullmatch(r"(\d+)\s*MHz", raw, linre.I)
    if not m:
        raise Unreadable("not a clock speed in MHz")
    return int(m.group(1))


FIELDS = spec(
    {
        "System Model": ("system_model", as_str),
        "Machine Serial Number": ("machine_serial_number", as_str),
        "Processor Type": ("processor_type", as_str),
        "Processor Implementation Mode": ("processor_implementation_mode", as_str),
        "Processor Version": ("processor_version", as_str),
        "Number Of Processors": ("number_of_processors", as_int),
        "Processor Clock Speed": ("processor_clock_speed_mhz", _mhz),
        "CPU Type": ("cpu_type", as_str),
        "Kernel Type": ("kernel_type", as_str),
        "LPAR Info": ("lpar_info", as_str),
        "Memory Size": ("memory_size_mb", MB),
        "Good Memory Size": ("good_memory_size_mb", MB),
        "Platform Firmware level": ("platform_firmware_level", as_str),
        "Firmware Version": ("firmware_version", as_str),
        "Console Login": ("console_login", as_str),
        "Auto Restart": ("auto_restart", as_bool),
        "Full Core": ("full_core", as_bool),
        "NX Crypto Acceleration": ("nx_crypto_acceleration", as_str),
        "In-Core Crypto Acceleration": ("in_core_crypto_acceleration", as_str),
        "Host Name": ("network.host_name", as_str),
        "IP Address": ("network.ip_address", as_str),
        "Sub Netmask": ("network.sub_netmask", as_str),
        "Gateway": ("network.gateway", as_str),
        "Name Server": ("network.name_server", as_str),
        "Domain Name": ("network.domain_name", as_str),
        "Total Paging Space": ("paging_space.total_mb", MB),
        "Percent Used": ("paging_space.used_pct", as_pct),
        "Model Architecture": ("model_architecture", as_str),
        "Model Implementation": ("model_implementation", as_str),
    }
)
_SECTIONS = linre.compile(r"^(Network Information|Paging Space Information)$", linre.I)
_UNKEPT = linre.compile(r"^(Volume Groups Information|INSTALLED RESOURCE LIST)$", linre.I)

_SIGNATURES = [
    linre.compile(rf"^\s*{label}\s*:", linre.M)
    for label in (
        "System Model",
        "Processor Type",
        "Number Of Processors",
        "Good Memory Size",
        "LPAR Info",
        "Kernel Type",
    )
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 3)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    unkept = False
    for line in lines_of(text, COMMAND, detect):
        body = line.text.strip()
        if not body:
            continue
        if _UNKEPT.match(body):
            unkept = True
        kv = split_kv(body)
        entry = FIELDS.get(norm_label(kv[0])) if kv else None
        if entry:
            value = out.value(entry[0], kv[1], entry[1], line)
            if entry[0] == "lpar_info" and value:
                _lpar_info(value, line, out)
        elif unkept or _SECTIONS.match(body):
            out.known(line)
        else:
            out.unknown(line)
    return out.finish()


def _lpar_info(value: str, line, out: Builder) -> None:
    m = linre.fullmatch(r"(\d+)\s+(\S+)", value)
    if m:
        out.put("lpar_number", int(m.group(1)), line)
        out.put("lpar_name", m.group(2), line)
    else:
        out.warn(line, "LPAR Info is not '<number> <name>'; lpar_number and lpar_name left out")
