"""The "System configuration: type=Shared ... mem=14336MB ent=2.00" banner.

lparstat and vmstat print the same banner; its key=value pairs are the
partition's shape at the time of the sample (mem is expanded memory with AME,
tmem the true memory).
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, Line, as_number, as_str, size_in

BANNER = linre.compile(r"^\s*System configuration\s*:(.*)$", linre.I)
_PAIR = linre.compile(r"(\w+)=(\S*)")
_MB = size_in("mb")


def read_banner(line: Line, out: Builder) -> None:
    """Store the banner's pairs under ``configuration``; ``line`` matches BANNER."""
    pairs = _PAIR.findall(BANNER.match(line.text).group(1))
    if not pairs:
        out.warn(line, "configuration banner without key=value pairs")
    for name, raw in pairs:
        key = f"configuration.{name.casefold()}"
        if linre.fullmatch(r"[\d.,]+\s*[KMGT]B", raw, linre.I):
            out.value(f"{key}_mb", raw, _MB, line)
        elif linre.fullmatch(r"[+-]?[\d.,]+", raw):
            out.value(key, raw, as_number, line)
        else:
            out.value(key, raw, as_str, line)
