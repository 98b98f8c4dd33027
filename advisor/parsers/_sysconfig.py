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


# a piece ("336MB", "-E" of mmode=Ded-E: a dash, not a rule of dashes), then whole pairs; or pairs only
_REST = linre.compile(r"^(?:[^\s=-]|-[^\s=-])\S*(?:\s+\w+=\S*)*$|^\w+=\S*(?:\s+\w+=\S*)*$")


def is_rest(line: Line) -> bool:
    """``line`` (the first text line after a banner) is the banner's rest, wrapped by a terminal or a mail program:
    a cut piece and/or key=value pairs ("336MB tmem=8192MB psize=16", "E").  A banner is followed by a blank
    line and a table header in the command's own output, never by these."""
    return bool(_REST.match(line.text.strip()))


def read_banner(line: Line, out: Builder, *, wrapped: bool = False) -> None:
    """Store the banner's pairs under ``configuration``; ``line`` matches BANNER.  ``wrapped``: the next line is
    its rest, so its last pair may be cut ("mmode=Ded-" of Ded-E, "ent=2." of 2.00) and is left out."""
    banner = BANNER.match(line.text)
    assert banner is not None, "called only for a banner line"
    pairs = _PAIR.findall(banner.group(1))
    if not pairs:
        out.warn(line, "configuration banner without key=value pairs")
    if wrapped and pairs:
        name, raw = pairs.pop()
        out.warn(line, f"{name}={raw}: the banner is wrapped here (it goes on in the next line); left out")
    _store(pairs, line, out)


def read_rest(line: Line, out: Builder, banner: Line) -> None:
    """The whole pairs of a banner's rest line; its first piece, the end of the cut pair, is skipped: also when
    it holds a "=", if the banner ends in a word that is no pair ("mem=14336MB t" / "mem=3584MB": tmem cut)."""
    words = line.text.split()
    last = banner.text.split()[-1:]
    if words and ("=" not in words[0] or (last and "=" not in last[0])):
        words = words[1:]
    out.warn(line, "the rest of the configuration banner, wrapped: its first piece is not read")
    _store(_PAIR.findall(" ".join(words)), line, out)


def read_held_banner(banner: Line, line: Line, out: Builder) -> bool:
    """Read a banner held back until ``line``, the next text line, showed whether a terminal wrapped it; True when
    ``line`` was the banner's rest (and is read with it)."""
    wrapped = is_rest(line)
    read_banner(banner, out, wrapped=wrapped)
    if wrapped:
        read_rest(line, out, banner)
    return wrapped


def _store(pairs: list[tuple[str, str]], line: Line, out: Builder) -> None:
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
