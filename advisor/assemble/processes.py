"""ps -eZ: the page sizes the SAP kernel (disp+work) really runs with, as workload.app_page_size evidence.

``workload.app_page_size`` is what LDR_CNTRL asks for.  ps -eZ shows what is effective:
- 64K in DPGSZ/SPGSZ/TPGSZ/SHMPGSZ: the kernel asked for 64K and got it -> "64K".
- 4K everywhere: under AME4K the kernel silently runs on 4K whatever LDR_CNTRL says (the 2023 guide,
  Table 2: "64K (effective: 4K!)"), so 4K only says "4K" when the same outputs show AME off or
  AME64K.  Otherwise the field is left out with a note.
That second case depends on other outputs, so it is decided after the first merge (``dependent``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from advisor.assemble.common import RANK_RUNTIME, Context, Emit
from advisor.assemble.model import Fact, Output

COMMANDS = ("ps -eZ",)
KERNEL = "disp+work"
COLUMNS = ("dpgsz", "spgsz", "tpgsz", "shmpgsz")


def facts(outputs: Iterable[Output], ctx: Context) -> list[Fact]:
    return []  # everything ps -eZ says depends on the AME mode: see dependent()


def _kernels(emit: Emit) -> list[tuple[int, dict[str, Any]]]:
    rows = emit.data.get("processes") or []
    out = []
    for i, row in enumerate(rows):
        cmd = str(row.get("cmd") or "").split()
        program = cmd[0].rsplit("/", 1)[-1] if cmd else ""
        if program == KERNEL or program.startswith("dw.sap"):  # ps -efZ shows work processes as dw.sap<SID>_<inst>
            out.append((i, row))
    return out


def dependent(outputs: Iterable[Output], ctx: Context, merged: dict[str, Any]) -> list[Fact]:
    """Facts that need the first merge's values (the AME mode)."""
    out: list[Fact] = []
    for output in outputs:
        if output.command != "ps -eZ":
            continue
        emit = ctx.emit(output)
        _ps(emit, merged)
        out += emit.facts
    return out


def _ps(emit: Emit, merged: dict[str, Any]) -> None:
    kernels = _kernels(emit)
    if not kernels:
        emit.note(f"no {KERNEL} process listed; workload.app_page_size left out")
        return
    mixed = [
        i
        for i, row in kernels
        if any(row.get(c) == "64K" for c in COLUMNS) and any(row.get(c) not in (None, "64K") for c in COLUMNS)
    ]
    if mixed:  # "4K 4K 4K 64K": only shared memory on 64K (the 2023 guide asks for 64K in all four columns)
        emit.note(
            f"{KERNEL} runs on 64K pages in some columns and not in others; which page size LDR_CNTRL asks for "
            "cannot be told from it, so workload.app_page_size is left out",
            f"processes.{mixed[0]}.dpgsz",
        )
        return
    big = [(i, c) for i, row in kernels for c in COLUMNS if row.get(c) == "64K"]
    small = [i for i, row in kernels if all(row.get(c) in (None, "4K") for c in COLUMNS)]
    if big and small:
        emit.note(
            f"{KERNEL} processes run with different page sizes (64K and 4K only); workload.app_page_size left out",
            f"processes.{small[0]}.dpgsz",
        )
        return
    if big:
        i, col = big[0]
        emit.fact(
            "workload.app_page_size",
            "64K",
            f"processes.{i}.{col}",
            rank=RANK_RUNTIME,
            note=f"{KERNEL} runs on 64K pages ({col.upper()}), so 64K is asked for",
        )
        return
    if len(small) != len(kernels):
        emit.note(
            f"{KERNEL} page sizes are neither 4K nor 64K; workload.app_page_size left out",
            f"processes.{kernels[0][0]}.dpgsz",
        )
        return
    key = f"processes.{small[0]}.dpgsz"
    enabled, support = merged.get("ame.enabled"), merged.get("ame.page_support")
    if enabled is False or (enabled is True and support == "64K"):
        why = "AME is off" if enabled is False else "AME64K honours 64K requests"
        emit.fact(
            "workload.app_page_size",
            "4K",
            key,
            rank=RANK_RUNTIME,
            note=f"{KERNEL} runs on 4K pages and {why}, so 4K is what is asked for",
        )
    else:
        state = "AME4K is on" if enabled and support == "4K" else "the AME mode is not known from these outputs"
        emit.note(
            f"{KERNEL} runs on 4K pages but {state}: AME4K forces 4K whatever LDR_CNTRL asks, so the "
            "requested page size cannot be told; workload.app_page_size left out (state it from the SAP "
            "profile's LDR_CNTRL)",
            key,
        )
