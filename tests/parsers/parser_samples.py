"""Sample outputs for the parser tests.

Files named ``<command>.<source>.txt``: ``s1``..``s5`` are verbatim excerpts of
the seed documents (seeds/README.md), ``synthetic`` ones were written from the
commands' documented formats and say so in leading ``#:`` lines, which
``load`` drops.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from advisor.parsers.rows import Rows

SAMPLES = Path(__file__).parent / "samples"

COMMAND_OF_PREFIX = {
    "amepat": "amepat",
    "chatr": "chatr",
    "lsmap": "lsmap -all",
    "lswpar": "lswpar",
    "mpsched": "mpsched -s",
    "parstatus": "parstatus",
    "psrset": "psrset",
    "swapinfo": "swapinfo -tam",
    "sysinfo": "cat /proc/sysinfo",
    "vmcp_mt": "vmcp q multithread",
    "ieasys": "IEASYSxx",
    "ioslevel": "ioslevel",
    "kctune": "kctune",
    "lparstat_c": "lparstat -c",
    "lparstat_e": "lparstat -E",
    "lparstat_i": "lparstat -i",
    "lsattr": "lsattr -El",
    "lsattr_colon": "lsattr -EOl",
    "lsattr_mem0": "lsattr -El",
    "lsattr_proc0": "lsattr -El",
    "lsattr_sea": "lsattr -El",
    "lsattr_ent": "lsattr -El",
    "lsattr_en": "lsattr -El",
    "lscpu": "lscpu",
    "lsdev_adapter": "lsdev -type adapter",
    "lsdev_disk": "lsdev -type disk",
    "lshwres_mem_lpar": "lshwres",
    "lshwres_mem_sys": "lshwres",
    "lshwres_proc_lpar": "lshwres",
    "lshwres_proc_sys": "lshwres",
    "lshwres_proc_pool": "lshwres",
    "lshwres_procpool": "lshwres",
    "lshwres_virtualio_eth": "lshwres",
    "lshwres_virtualio_fc": "lshwres",
    "lshwres_virtualio_scsi": "lshwres",
    "lshwres_virtualio_serial": "lshwres",
    "lslic_sys": "lslic",
    "lslpp_l": "lslpp -l",
    "lssyscfg_lpar": "lssyscfg",
    "lssyscfg_sys": "lssyscfg",
    "machinfo": "machinfo",
    "netstat_v": "netstat -v",
    "oslevel_s": "oslevel -s",
    "prtconf": "prtconf",
    "ps_eZ": "ps -eZ",
    "schedo": "schedo -o vpm_fold_policy",
    "svmon_G": "svmon -G",
    "topas": "topas",
    "virtstor": "D VIRTSTOR,LFAREA",
    "dmstor": "D M=STOR",
    "iplinfo": "D IPLINFO",
    "iplmsg": "IAR040I/IAR048I",
    "vparstatus": "vparstatus",
    "vmo_L": "vmo -L",
    "vmo_o": "vmo -o ame_mpsize_support",
    "vmstat": "vmstat",
    "vmstat_sc": "vmstat -sc",
    "vmstat_vc": "vmstat -vc",
}


def names() -> list[str]:
    return sorted(p.name for p in SAMPLES.glob("*.txt"))


def load(name: str) -> str:
    text = (SAMPLES / name).read_text(encoding="utf-8")
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith("#:"))


def command_of(name: str) -> str:
    return COMMAND_OF_PREFIX[name.split(".")[0]]


def leaves(data: Any, prefix: str = "") -> dict[str, Any]:
    """Dotted path -> value for every leaf (lists of rows are indexed, lists of scalars are leaves)."""
    if isinstance(data, dict):
        out: dict[str, Any] = {}
        for key, value in data.items():
            out.update(leaves(value, f"{prefix}{key}."))
        return out
    if isinstance(data, list | Rows) and data and all(isinstance(x, dict) for x in data):
        out = {}
        for i, value in enumerate(data):
            out.update(leaves(value, f"{prefix}{i}."))
        return out
    return {prefix[:-1]: data}


def terminal_wrap(text: str, width: int = 80) -> str:
    """The text as a ``width``-column terminal shows it when copied: long lines broken into pieces."""
    lines = []
    for line in text.split("\n"):
        while len(line) > width:
            lines.append(line[:width])
            line = line[width:]
        lines.append(line)
    return "\n".join(lines)
