"""AIX `lswpar` (the WPARs of a global AIX) and `lswpar -D` (the devices exported to them).

    Name     State  Type  Hostname  Directory       RootVG WPAR
    ------------------------------------------------------------
    wpar1    A      S     wpar1     /wpars/wpar1    no

    Name   Device Name      Type     Virtual Device  RootVG  Status
    ------------------------------------------------------------------
    wpar1  hdisk3           disk     hdisk0          yes     EXPORTED
    wpar1  fcs2             adapter                          EXPORTED

``wpars``: one row per WPAR (``name``, ``state``, ``type`` letter, ``hostname``, ``directory``,
``rootvg`` yes/no when the column is printed: AIX 6.1 has none).  ``devices``: one row per device
line (``wpar``, ``device``, ``type``, ``virtual_device``, ``rootvg``, ``status``; empty cells print
nothing and stay "").  A listing without its header line is refused: which table it is cannot be
told for sure.
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, Line, lines_of, score
from .base import ParseResult

COMMAND = "lswpar"
ALIASES = ("lswpar *",)

_LIST_HEADER = linre.compile(r"^\s*Name\s+State\s+Type\s+Hostname\s+Directory(\s+RootVG WPAR)?\s*$")
_DEV_HEADER = linre.compile(r"^\s*Name\s+Device Name\s+Type\s+Virtual Device\s+RootVG\s+Status\s*$")
_RULE = linre.compile(r"^\s*-{5,}\s*$")
_STATUS = linre.compile(r"[A-Z][A-Z_]{1,30}")

_SIGNATURES = [
    linre.compile(r"^\s*Name\s+State\s+Type\s+Hostname\s+Directory", linre.M),
    linre.compile(r"^\s*Name\s+Device Name\s+Type\s+Virtual Device", linre.M),
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 1)


def _device(line: Line, out: Builder) -> None:
    """Device lines by their words: names hold no blanks, RootVG is yes/no, Status is one upper-case word,
    so the empty Virtual Device and RootVG cells of pseudo devices and adapters are told apart for sure."""
    words = line.text.split()
    if len(words) < 4 or len(words) > 6 or not _STATUS.fullmatch(words[-1]):
        out.warn(line, "a device line that is not Name, Device Name, Type, [Virtual Device], [RootVG], Status; skipped")
        return
    wpar, device, kind, *middle, status = words
    virtual, rootvg = "", ""
    if len(middle) == 2:
        virtual, rootvg = middle
    elif len(middle) == 1 and middle[0] in ("yes", "no"):
        rootvg = middle[0]
    elif len(middle) == 1:
        virtual = middle[0]
    if rootvg not in ("", "yes", "no"):
        out.warn(line, f"RootVG {rootvg!r} is neither yes nor no; skipped")
        return
    row = {"wpar": wpar, "device": device, "type": kind, "virtual_device": virtual, "rootvg": rootvg, "status": status}
    out.put_row("devices", row, line)


def _listing(line: Line, rootvg_column: bool, out: Builder) -> None:
    words = line.text.split()
    want = 6 if rootvg_column else 5
    if len(words) != want:
        out.warn(line, f"{len(words)} values where the header has {want} columns; skipped")
        return
    row = dict(zip(("name", "state", "type", "hostname", "directory"), words, strict=False))
    if rootvg_column:
        if words[5] not in ("yes", "no"):
            out.warn(line, f"RootVG WPAR {words[5]!r} is neither yes nor no; skipped")
            return
        row["rootvg"] = words[5]
    out.put_row("wpars", row, line)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    mode: str | None = None
    rootvg_column = False
    for line in lines_of(text, COMMAND, detect):
        if not line.text.strip():
            continue
        if m := _LIST_HEADER.match(line.text):
            mode, rootvg_column = "list", m.group(1) is not None
            out.known(line)
        elif _DEV_HEADER.match(line.text):
            mode = "devices"
            out.known(line)
        elif _RULE.match(line.text):
            out.known(line)
        elif mode == "list":
            _listing(line, rootvg_column, out)
        elif mode == "devices":
            _device(line, out)
        else:
            out.unknown(line, "no lswpar header line above: the columns cannot be told apart; skipped")
    return out.finish()
