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
_SIZES = frozenset({"mem", "tmem"})  # printed with their unit ("mem=14336MB")


def read_banner(line: Line, out: Builder) -> None:
    """Store the banner's pairs under ``configuration``; ``line`` matches BANNER."""
    banner = BANNER.match(line.text)
    assert banner is not None, "called only for a banner line"
    pairs = _PAIR.findall(banner.group(1))
    if not pairs:
        out.warn(line, "configuration banner without key=value pairs")
    for name, raw in pairs:
        key = f"configuration.{name.casefold()}"
        if linre.fullmatch(r"[\d.,]+\s*[KMGT]B", raw, linre.I):
            out.value(f"{key}_mb", raw, _MB, line)
        elif name.casefold() in _SIZES:  # "mem=14" where an 80-column terminal wrapped "mem=14|336MB"
            out.warn(line, f"{name}={raw}: a size without its unit (a wrapped or cut line); left out")
        elif linre.fullmatch(r"[+-]?[\d.,]+", raw):
            out.value(key, raw, as_number, line)
        else:
            out.value(key, raw, as_str, line)
