"""HMC `lssyscfg -r sys` and `lssyscfg -r lpar [-m SYS]`: managed systems and their partitions.

    name=Server-9009-42A-SN7800ABC,type_model=9009-42A,serial_num=7800ABC,state=Operating
    name=sapprd01,lpar_id=3,lpar_env=aixlinux,state=Running,os_version=AIX 7.2 7200-05-03-2148

Rows carry the HMC's attributes as printed (``rows.N.<attribute>``); a system row has
``type_model``, a partition row ``lpar_env`` or ``lpar_id``.
"""

from __future__ import annotations

from advisor import linre

from ._hmc import parse_rows
from ._text import score
from .base import ParseResult

COMMAND = "lssyscfg"
ALIASES = ("lssyscfg *",)

_SIGNATURES = [
    linre.compile(r'^[ \t]*"?name=[^,\n]*,', linre.M),
    linre.compile(r'(?:^[ \t]*|,)"?(?:type_model|lpar_env|serial_num)=', linre.M),
]
_HEADER = [
    linre.compile(r"^[ \t]*[a-z0-9_,]{0,400}\b(?:type_model|lpar_env|serial_num)\b[a-z0-9_,]{0,400}[ \t]*$", linre.M)
]  # -F ... --header


_OTHERS = linre.compile(r'(?:^[ \t]*|,)"?(?:shared_proc_pool_id|slot_num|lic_type)=', linre.M)  # lshwres, lslic rows


def detect(text: str) -> float:
    if _OTHERS.search(text):
        return 0.0
    return max(score(text, _SIGNATURES, 2), score(text, _HEADER, 1))


def parse(text: str) -> ParseResult:
    return parse_rows(text, COMMAND, detect)
