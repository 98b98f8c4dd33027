"""HMC `lshwres -m SYS`: processors, memory, processor pools and virtual I/O of a system or its partitions.

    -r proc|mem --level lpar|sys|pool:
    lpar_name=sapprd01,lpar_id=3,curr_proc_mode=shared,curr_proc_units=2.5,curr_procs=4,
    curr_sharing_mode=uncap,curr_uncap_weight=128
    configurable_sys_proc_units=32.0,curr_avail_sys_proc_units=4.5,installed_sys_proc_units=32.0
    configurable_pool_proc_units=28.0,curr_avail_pool_proc_units=6.5,pend_avail_pool_proc_units=6.5
    -r procpool:
    name=DefaultPool,shared_proc_pool_id=0,"lpar_names=vios1,sapprd01","lpar_ids=1,2"
    -r virtualio --rsubtype eth|fc|scsi|serial --level lpar:
    lpar_name=vios1,lpar_id=1,slot_num=20,adapter_type=server,state=1,is_required=1,remote_lpar_id=2,...

Rows carry the HMC's attributes as printed (``rows.N.<attribute>``); partition rows have
``lpar_name``/``lpar_id``, system rows the ``*_sys_*`` attributes, pool rows ``shared_proc_pool_id``
or ``*_pool_proc_units``, virtual I/O rows ``slot_num``.
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
        r'(?:^[ \t]*|,)"?(?:lpar_name|configurable_sys_proc_units|configurable_sys_mem|installed_sys_mem'
        r"|shared_proc_pool_id|configurable_pool_proc_units)=",
        linre.M,
    ),
    linre.compile(
        r"(?:^[ \t]*|,)\"?(?:curr_proc_units|curr_procs|curr_mem|curr_max_mem|installed_sys_proc_units|mem_region_size"
        r"|slot_num|shared_proc_pool_id|max_pool_proc_units|configurable_pool_proc_units|port_vlan_id|wwpns"
        r"|remote_lpar_id)=",
        linre.M,
    ),
]


_HEADER = [  # -F ... --header
    linre.compile(
        r"^[ \t]*[a-z0-9_,]{0,400}\b(?:curr_proc_units|curr_procs|curr_mem|curr_max_mem|configurable_sys_proc_units"
        r"|configurable_sys_mem|slot_num|shared_proc_pool_id|configurable_pool_proc_units)\b[a-z0-9_,]{0,400}[ \t]*$",
        linre.M,
    )
]


def detect(text: str) -> float:
    return max(score(text, _SIGNATURES, 2), score(text, _HEADER, 1))


def parse(text: str) -> ParseResult:
    return parse_rows(text, COMMAND, detect)
