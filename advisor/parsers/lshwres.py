"""HMC `lshwres -r proc|mem --level lpar|sys -m SYS`: processor and memory of a system or its partitions.

    lpar_name=sapprd01,lpar_id=3,curr_proc_mode=shared,curr_proc_units=2.5,curr_procs=4,
    curr_sharing_mode=uncap,curr_uncap_weight=128
    configurable_sys_proc_units=32.0,curr_avail_sys_proc_units=4.5,installed_sys_proc_units=32.0

Rows carry the HMC's attributes as printed (``rows.N.<attribute>``); partition rows have
``lpar_name``/``lpar_id``, system rows the ``*_sys_*`` attributes.
"""

from __future__ import annotations

from advisor import linre

from ._hmc import parse_rows
from ._text import score
from .base import ParseResult

COMMAND = "lshwres"
ALIASES = ("lshwres *",)

_SIGNATURES = [
    linre.compile(
        r'(?:^|,)"?(?:lpar_name|configurable_sys_proc_units|configurable_sys_mem|installed_sys_mem)=', linre.M
    ),
    linre.compile(
        r"(?:^|,)(?:curr_proc_units|curr_procs|curr_mem|curr_max_mem|installed_sys_proc_units|mem_region_size)=",
        linre.M,
    ),
]


_HEADER = [  # -F ... --header
    linre.compile(
        r"^[a-z0-9_,]{0,400}\b(?:curr_proc_units|curr_procs|curr_mem|curr_max_mem|configurable_sys_proc_units"
        r"|configurable_sys_mem)\b[a-z0-9_,]{0,400}$",
        linre.M,
    )
]


def detect(text: str) -> float:
    return max(score(text, _SIGNATURES, 2), score(text, _HEADER, 1))


def parse(text: str) -> ParseResult:
    return parse_rows(text, COMMAND, detect)
