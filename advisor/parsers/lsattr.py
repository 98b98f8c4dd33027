"""`lsattr -El DEVICE` (VIOS: `lsdev -dev DEVICE -attr`): device attributes.

One parser for mem0 (size, goodsize, mem_exp_factor), SEAs (ha_mode,
accounting, largesend, large_receive, jumbo_frames, ctl_chan, pvid...), and
physical or virtual adapters and disks.  Keys are the attribute names; the
memory sizes mem0 reports get their unit in the key.

An empty value is the hard case: real output is column-aligned, so columns
are found from positions shared by every line.  Text whose spacing was
collapsed (copied from a book or a ticket) falls back to a fixed reading:
descriptions start with a capital letter, values rarely do; a line that fits
neither reading is reported, not guessed.
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, Line, Unreadable, as_number, lines_of, score
from .base import ParseResult

COMMAND = "lsattr -El"
ALIASES = ("lsattr -El *", "lsattr -E -l *", "lsdev -dev * -attr")

UNITS = {"size": "size_mb", "goodsize": "goodsize_mb", "ent_mem_cap": "ent_mem_cap_kb"}
_SETTABLE = frozenset({"True", "False", "True+", "False+"})
_HEADER = linre.compile(r"^\s*attribute\s+value\s+description\s+user_settable\s*$", linre.I)
_NAME = r"(?:[a-z][a-z0-9_]*|PCM|PR_key_value)"
_ROW = linre.compile(rf"^\s*{_NAME}\s+\S.*\s(True|False)\+?\s*$")
_WORD = linre.compile(r"[A-Z][A-Za-z0-9]*(/[A-Za-z0-9]+)*")

_SIGNATURES = [
    linre.compile(_HEADER.pattern, linre.I | linre.M),
    linre.compile(r"^\s*(mem_exp_factor|goodsize|ent_mem_cap|var_mem_weight)\b", linre.M),
    linre.compile(
        r"^\s*(ha_mode|ctl_chan|real_adapter|virt_adapters|pvid_adapter|largesend|large_receive|jumbo_frames"
        r"|accounting|queue_depth|reserve_policy|max_transfer|mtu_bypass|chksum_offload|hash_mode|adapter_names)\s",
        linre.M,
    ),
    linre.compile(_ROW.pattern, linre.M),
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 2)


def typed(raw: str) -> int | float | str:
    """Numbers become numbers; a comma here separates list items, it is no decimal mark."""
    if "," in raw:
        return raw
    try:
        return as_number(raw)
    except Unreadable:
        return raw


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    rows: list[Line] = []
    for line in lines_of(text, COMMAND, detect):
        if not line.text.strip():
            continue
        if _HEADER.match(line.text):
            out.known(line)
        elif linre.match(rf"^\s*{_NAME}(\s|$)", line.text):
            rows.append(line)
        else:
            out.unknown(line)
    columns = _columns(rows)
    for line in rows:
        split = _by_columns(line, columns) if columns else None
        name, value, ok = split or _by_words(line)
        key = UNITS.get(name, name)
        if not ok:
            out.warn(line, f"{key}: cannot tell the value from the description; skipped")
        else:
            out.value(key, value, typed, line)
    return out.finish()


def _starts(text: str) -> list[int]:
    return [m.start() for m in linre.finditer(r"\S+", text)]


def _columns(rows: list[Line]) -> tuple[int | None, int] | None:
    """(value column, description column) shared by all rows, if the text is aligned."""
    if len(rows) < 2:
        return None
    starts = [_starts(r.text) for r in rows]
    common = set.intersection(*(set(s[1:-1]) for s in starts))
    value: int | None
    if len(common) == 2:
        value, description = sorted(common)
    elif len(common) == 1:
        description = common.pop()
        seconds = [s[1] for s in starts if len(s) > 1 and s[1] < description]
        value = min(seconds) if seconds else None
    else:
        return None
    name_ends = max(len(r.text.split()[0]) for r in rows)
    if value is not None and name_ends >= value or name_ends >= description:
        return None
    if value is not None and any(len(r.text[value:description].split()) > 1 for r in rows):
        return None
    return value, description


def _by_columns(line: Line, columns: tuple[int | None, int]) -> tuple[str, str, bool]:
    value_at, description_at = columns
    name = line.text.split()[0]
    value = line.text[value_at:description_at].strip() if value_at is not None else ""
    return name, value, True


def _by_words(line: Line) -> tuple[str, str, bool]:
    words = line.text.split()
    name, rest = words[0], words[1:]
    if rest and rest[-1] in _SETTABLE:
        rest = rest[:-1]
    if len(rest) <= 1:
        return name, "".join(rest), True
    first_is_word = _WORD.fullmatch(rest[0]) is not None
    second_is_capital = rest[1][:1].isupper()
    if second_is_capital and not first_is_word:
        return name, rest[0], True
    if first_is_word and not second_is_capital:
        return name, "", True
    return name, "", False
