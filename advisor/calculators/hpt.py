"""Hypervisor (hardware) page table size (ibm-powervm-virtualization-redbook 3.1, "Memory", Example 3-1).

The hypervisor reserves memory for each partition's hardware page table (HPT), sized from the
partition's *maximum* memory, not its desired memory:

- POWER5, POWER6 and POWER7: HPT = sum of the partitions' maximum memory / 64 (Example 3-1 shows the
  POWER7 default ratio as "1:64").
- POWER7+: divisor 64 for IBM i partitions and for any partition using Active Memory Sharing (AMS);
  divisor 128 for AIX and Linux partitions.

Judgement calls, stated so they can be challenged:
- POWER8, POWER9, POWER10 and Power11 are not covered by the 2013 Redbook; the POWER7+ rule (128 for AIX and
  Linux, 64 for IBM i and AMS) is applied to them as the latest one the source gives.
- A VIOS runs AIX and is counted as an AIX partition.
- When the HMC's default ratio (`lshwres -r mem --level sys -F default_hpt_ratios`) is known, it
  replaces the generation default for AIX, Linux and VIOS partitions; IBM i and AMS partitions keep 64.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel

from advisor.citations import Cite

CITE = (
    Cite(
        source="ibm-powervm-virtualization-redbook",
        section="3.1 Optimal logical partition (LPAR) sizing",
        locator="Memory, Example 3-1",
    ),
)

PROCESSORS = ("POWER5", "POWER6", "POWER7", "POWER7+", "POWER8", "POWER9", "POWER10", "POWER11")
RATIO_64_UP_TO = "POWER7"  # POWER5/6/7 divide everything by 64
OsType = Literal["aix", "linux", "vios", "ibmi"]
# The advisor's reading of "far above": a maximum more than twice the desired memory (LPAR-008).
OVERSIZED_MAX_TO_DESIRED = 2.0


def hpt_divisor(processor: str, os: OsType = "aix", ams: bool = False, default_ratio: int | None = None) -> int:
    """The divisor applied to a partition's maximum memory."""
    if processor not in PROCESSORS:
        raise ValueError(f"unknown processor {processor!r}; expected one of {', '.join(PROCESSORS)}")
    if os not in ("aix", "linux", "vios", "ibmi"):
        raise ValueError(f"unknown partition OS {os!r}")
    if PROCESSORS.index(processor) <= PROCESSORS.index(RATIO_64_UP_TO) or os == "ibmi" or ams:
        return 64
    if default_ratio is not None:
        if default_ratio < 1:
            raise ValueError(f"HPT ratio must be a positive divisor, not {default_ratio}")
        return int(default_ratio)
    return 128


class HptPartition(BaseModel):
    name: str
    max_memory_gb: float
    os: OsType = "aix"
    ams: bool = False
    desired_memory_gb: float | None = None


class HptEntry(BaseModel):
    name: str
    max_memory_gb: float
    divisor: int
    hpt_mb: float
    hpt_above_desired_mb: float | None = None


class HptSize(BaseModel):
    processor: str
    hpt_mb: float
    hpt_gb: float
    hpt_above_desired_mb: float  # HPT reserved for maximum memory above desired (partitions stating it)
    partitions: list[HptEntry]
    # what the figure rests on beyond the source: a generation newer than the Redbook's POWER7+
    assumptions: list[str] = []
    citations: tuple[Cite, ...] = CITE


def _check_gb(name: str, value: float) -> float:
    value = float(value)
    if math.isnan(value) or math.isinf(value) or value < 0:
        raise ValueError(f"{name} must be a finite, non-negative size in GB, not {value}")
    return value


Row = tuple[str, float, OsType, bool, float | None]  # (name, max GB, os, AMS, desired GB or None)
# (name, maximum memory GB, divisor, HPT MB, HPT MB for maximum above desired or None)
Entry = tuple[str, float, int, float, float | None]


def hpt_table(
    partitions: Iterable[Row],
    processor: str,
    default_ratio: int | None = None,
) -> tuple[list[Entry], float, float]:
    """`hpt_size` on plain values, for derive (every AIX document and partition): the entries of
    (name, max GB, os, AMS, desired GB or None), the total HPT MB and the part of it above desired."""
    entries: list[Entry] = []
    for name, max_memory_gb, os, ams, desired_memory_gb in partitions:
        max_gb = _check_gb(f"maximum memory of {name}", max_memory_gb)
        div = hpt_divisor(processor, os, ams, default_ratio)
        above = None
        if desired_memory_gb is not None:
            desired = _check_gb(f"desired memory of {name}", desired_memory_gb)
            above = round(max(0.0, max_gb - desired) * 1024.0 / div, 3)
        entries.append((name, max_gb, div, round(max_gb * 1024.0 / div, 3), above))
    total = round(sum(e[3] for e in entries), 3)
    return entries, total, round(sum(e[4] or 0.0 for e in entries), 3)


def hpt_size(partitions: list[HptPartition], processor: str, default_ratio: int | None = None) -> HptSize:
    """HPT of a set of partitions on one managed system: sum over partitions of max memory / divisor."""
    entries, total, above = hpt_table(
        ((p.name, p.max_memory_gb, p.os, p.ams, p.desired_memory_gb) for p in partitions), processor, default_ratio
    )
    assumptions = []
    if default_ratio is None and PROCESSORS.index(processor) > PROCESSORS.index("POWER7+"):
        assumptions.append(
            f"{processor} is newer than the 2013 Redbook, whose divisors stop at POWER7+; its POWER7+ rule is "
            "applied. The system's own default ratio: lshwres -r mem --level sys -F default_hpt_ratios."
        )
    return HptSize(
        processor=processor,
        hpt_mb=total,
        hpt_gb=round(total / 1024.0, 6),
        hpt_above_desired_mb=above,
        partitions=[
            HptEntry(name=n, max_memory_gb=m, divisor=d, hpt_mb=h, hpt_above_desired_mb=a) for n, m, d, h, a in entries
        ],
        assumptions=assumptions,
    )
