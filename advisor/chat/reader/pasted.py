"""Command output pasted into a question: which lines are output, and what of them the question is about.

Admins paste what a command printed and ask about it ("# lsattr -El hdisk5 -a queue_depth / queue_depth 3
... / vscsi lun, should we bump it?"). The output's host names, device instances and timestamps (sapdb1,
hdisk5, 02.11.45) are no topic: read as words they make the question look like one about things the sources
never name, and it is refused. `condense` keeps the output's words the sources know (the command, its options,
the tunable or field names) with the value printed right after each name ("queue_depth 3", "vpm_fold_policy =
2"), and the asking lines as they are, in their order; the rest of the output is set aside.

A line is output when it asks nothing (no "?") and is a prompt with a command ("# schedo -o ...", "$ ioslevel",
"root@aix1:/ # ..."), starts with a message id (IAR019I), is typed in capitals (D VIRTSTOR,LFAREA), is a
`name = value` or `name: value` line, is mostly figures ("Max Buffers 2048 2048 256 64 64"), or is a table
header (capitalised words only) next to such a line. Bounded: at most MAX_LINES lines are looked at, each line's
first MAX_LINE characters; every pattern is linear (linre).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from advisor import linre
from advisor.chat.reader import COMMANDS

MAX_LINES = 80
MAX_LINE = 300
NUMERIC_SHARE = 0.25  # a line of figures: this share of its tokens are numbers
CAPITALS_SHARE = 0.7  # a line typed in capitals: this share of its letters are upper case

# "# cmd", "$ cmd", "root@aix1:/ # cmd", "erpdb7:/root# cmd", "sysadm@host> cmd": a shell prompt, then the command
_PROMPT = linre.compile(
    r"^\s*(?:(?:[A-Za-z0-9_.-]{1,40}@[A-Za-z0-9_.-]{1,60}(?::[^\s#$%>]{0,60})?|[A-Za-z0-9_.-]{1,60}:[^\s#$%>]{0,60})\s*)?"
    r"(?:[#$>]\s?|%\s)([a-z][\w.-]{1,30})"  # "%user %sys" (lparstat's column names) is no csh prompt
)
_MESSAGE_ID = linre.compile(r"^\s*[A-Z]{3}[A-Z0-9]{0,2}\d{3}[A-Z]\b")
_KEY_VALUE = linre.compile(r"^\s*[A-Za-z][\w./\[\]()-]{0,40}(?:\s+[A-Za-z][\w./()-]{0,20}){0,3}\s*[=:]\s*\S")
_NUMBER = linre.compile(r"^[-+]?\d[\d.,]*(?:[kKmMgGtT%]|[kKmMgGtT][bB])?$")
_TOKEN = linre.compile(r"[-+]?[A-Za-z0-9_][\w.,/%+-]*|[=:]")
# "netstat -v ent0 excerpt:", "topas AME section:", "vmstat -sc shows:": a line that introduces what follows
_INTRO = linre.compile(r":\s*$")
_VALUE = linre.compile(r"^[-+]?\d[\d.,/]*[A-Za-z%]{0,2}$|^(?:on|off|yes|no|true|false|enabled|disabled)$", linre.I)
_CLOCK = linre.compile(r"^\d{2}\.\d{2}\.\d{2}$")  # "IAR019I 02.11.45 DISPLAY VIRTSTOR": a time, no value


_POOLS = frozenset("tiny small medium large huge".split())
_COMMANDS = frozenset(c.lower() for c in COMMANDS if " " not in c) | {"topas", "nmon", "entstat", "iostat", "sar"}


@dataclass
class Pasted:
    """The message with its output condensed, the output lines as pasted, and the commands they show."""

    text: str
    output: list[str] = field(default_factory=list)
    commands: list[str] = field(default_factory=list)


def _tokens(line: str) -> list[str]:
    return [t.rstrip(".,") or t for t in _TOKEN.findall(line[:MAX_LINE])]


def _figures(tokens: list[str]) -> bool:
    words = [t for t in tokens if t not in ("=", ":")]
    numbers = sum(1 for t in words if _NUMBER.match(t))
    return bool(words) and numbers >= 1 and numbers >= NUMERIC_SHARE * len(words)


def _capitals(line: str) -> bool:
    letters = [ch for ch in line if ch.isalpha()]
    return len(letters) >= 4 and sum(ch.isupper() for ch in letters) >= CAPITALS_SHARE * len(letters)


def _header(tokens: list[str]) -> bool:
    """ "Receive Buffers Tiny Small Medium Large Huge", "Tunable Value Expression": a table's column names."""
    words = [t for t in tokens if t not in ("=", ":")]
    return len(words) >= 2 and all(t[:1].isupper() and t.isalpha() for t in words)


def _kind(line: str) -> str:
    """ "prompt", "output", "header" (output only beside output) or "" (a line of the question)."""
    if "?" in line or not line.strip():
        return ""
    if _PROMPT.match(line):
        return "prompt"
    if _MESSAGE_ID.match(line) or _capitals(line):
        return "output"
    tokens = _tokens(line)
    if _figures(tokens) or (_KEY_VALUE.match(line) and len(tokens) <= 8 and any(ch.isdigit() for ch in line)):
        return "output"
    if _KEY_VALUE.match(line) and len(tokens) <= 4:
        return "output"  # "vpm_fold_policy = disabled"
    return "header" if _header(tokens) else ""


def condense(message: str, knows: Callable[[str], bool]) -> Pasted:
    """The message with each output line cut to the words `knows` (the sources use) and the values printed after
    them; unchanged when there is no output, or nothing but output (no question to read it with)."""
    lines = message.split("\n")
    if len(lines) < 2:
        return Pasted(message)
    head = lines[:MAX_LINES]
    kinds = line_kinds(head)
    asking = [line for line, k in zip(head, kinds, strict=True) if not k and line.strip()]
    if not asking or len(asking) == len([x for x in head if x.strip()]) or not _shown(head, kinds, knows):
        return Pasted(message)
    out: list[str] = []
    pasted: list[str] = []
    commands: list[str] = []
    tables = _tables(head, kinds)
    for i, (line, k) in enumerate(zip(head, kinds, strict=True)):
        if not k:
            out.append(line)
            continue
        pasted.append(line)
        if i in tables:
            out.extend(tables[i])
            continue
        if k == "header" or any(i in range(a, b) for a, b in tables.get(-1, [])):
            continue  # a table's column names and rows: read with the table
        if k == "prompt":
            m = _PROMPT.match(line)
            commands.append(m.group(1) if m else "")
            line = line[m.start(1) :] if m else line
        kept = _known(_tokens(line), knows, command=k == "prompt")
        if not kept and i and kinds[i - 1] == "prompt" and all(_VALUE.match(t) for t in _tokens(line)):
            kept = _tokens(line)  # "$ ioslevel / 2.2.1.1": what the command printed, its value alone
        if kept:
            out.append(" ".join(kept))
    return Pasted("\n".join(out + lines[MAX_LINES:]).strip(), pasted, [c for c in commands if c])


def prompted(line: str) -> str | None:
    """The command line a shell prompt line runs ("root@aix1:/ # lparstat -c 5 5" -> "lparstat -c 5 5"), or None."""
    m = _PROMPT.match(line)
    return line[m.start(1) :].strip() if m else None


def line_kinds(head: list[str]) -> list[str]:
    """Each line's kind: "prompt", "output", "header" (a table's column names beside output) or "" (a line of the
    question): what a command printed runs under its prompt up to a blank or prose line."""
    kinds = [_kind(line) for line in head]
    for i in range(len(kinds) - 1):  # "%user %sys ... dxm" over "61.2 12.0 ... 5120": a name for each figure
        names, figures = _tokens(head[i]), _tokens(head[i + 1])
        if (
            not kinds[i]
            and len(names) >= 3
            and len(names) == len(figures)
            and all(_NUMBER.match(t) for t in figures)
            and not any(ch.isdigit() or ch in ":?" for ch in head[i])
        ):
            kinds[i] = "output"  # its names are what the figures are: kept, unlike a table header's capitals
    for i in range(1, len(kinds)):
        if not kinds[i] and kinds[i - 1] in ("prompt", "printed") and printed(head[i]):
            kinds[i] = "printed"
    kinds = ["output" if k == "printed" else k for k in kinds]
    start = 0
    for i in range(len(kinds) + 1):  # a header counts only in a block of lines with output in it
        if i < len(kinds) and kinds[i]:
            continue
        if not any(k in ("output", "prompt") for k in kinds[start:i]):
            kinds[start:i] = [""] * (i - start)
        start = i + 1
    return kinds


def printed(line: str) -> bool:
    """A line under a prompt that reads as printed, not written: no question, no sentence punctuation."""
    text = line.strip()
    return bool(text) and "?" not in text and not text.endswith(".") and ". " not in text and ", " not in text


def _tables(lines: list[str], kinds: list[str]) -> dict:
    """netstat -v's receive buffer table (a header of pool names, rows of figures under it): each pool whose Max
    Allocated reached its Max Buffers, as the sentence an admin would write ("Huge buffers: Max Buffers 64, Max
    Allocated 64"), at the header's index; key -1 holds the (start, end) spans of the rows read."""
    found: dict = {}
    spans: list[tuple[int, int]] = []
    for i, k in enumerate(kinds):
        if k != "header":
            continue
        columns = [t for t in _tokens(lines[i]) if t.lower() in _POOLS]
        if len(columns) < 2:
            continue
        rows: dict[str, list[str]] = {}
        end = i + 1
        while end < len(lines) and kinds[end] == "output":
            tokens = [t for t in _tokens(lines[end]) if t not in ("=", ":")]
            values = [t for t in tokens if _NUMBER.match(t)]
            label = " ".join(t for t in tokens if not _NUMBER.match(t)).lower()
            if len(values) != len(columns):
                break
            rows[label] = values
            end += 1
        limit, peak, low = rows.get("max buffers"), rows.get("max allocated"), rows.get("min buffers")
        if limit is None or peak is None:
            continue
        said = [
            f"{col} buffers: "
            + (f"Min Buffers {low[j]}, " if low else "")
            + f"Max Buffers {limit[j]}, Max Allocated {peak[j]} (reached Max Buffers)"
            for j, col in enumerate(columns)
            if _whole(peak[j]) >= _whole(limit[j]) > 0
        ]
        found[i] = said or ["Receive buffers: Max Allocated stayed below Max Buffers in every pool"]
        spans.append((i + 1, end))
    if spans:
        found[-1] = spans
    return found


def _whole(text: str) -> int:
    digits = "".join(ch for ch in text if ch.isdigit())
    return int(digits[:9]) if digits else 0


def _shown(lines: list[str], kinds: list[str], knows: Callable[[str], bool]) -> bool:
    """Some of the lines are surely a command's output: a prompt with a command, a message id, or output right
    after a line that introduces it and names a command the sources know ("netstat -v ent0 excerpt:"). Lines of
    figures alone ("4 x 8Gb FC ports") are the question's own data."""
    if any(k == "prompt" for k in kinds) or any(_MESSAGE_ID.match(x) for x in lines):
        return True
    # "lparstat -c 30 5 on sapapp3 shows dxm 380 412 398": figures after the command that printed them
    if any(
        k == "output" and _tokens(x)[:1] and _tokens(x)[0].lower() in _COMMANDS
        for x, k in zip(lines, kinds, strict=True)
    ):
        return True
    for i, (line, k) in enumerate(zip(lines, kinds, strict=True)):
        if k or not _INTRO.search(line[:MAX_LINE]) or i + 1 >= len(kinds) or not kinds[i + 1]:
            continue
        if any(t.lower() in _COMMANDS for t in _tokens(line)[:3]):
            return True
    return False


def _known(tokens: list[str], knows: Callable[[str], bool], command: bool) -> list[str]:
    """The tokens the sources know, with the values printed next to them ("queue_depth 3", "41877 compressed
    pool pageins", "Max Buffers 2048 2048 256"). A prompt line keeps its command and the names it asks for, not
    its options: "lsattr -El hdisk5 -a queue_depth" is about queue_depth, which `lsattr -El` shows of anything."""
    words = [t for t in tokens if t not in ("=", ":")]
    known = [bool(w) and not w[:1].isdigit() and knows(w.lower()) for w in (t.strip("_-./,%") for t in words)]
    kept: list[str] = []
    for i, t in enumerate(words):
        if known[i] and not (command and i and t.startswith(("-", "+"))):
            kept.append(t)
        elif _VALUE.match(t) and not _CLOCK.match(t) and _beside_known(words, known, i):
            kept.append(t)
    return kept


def _beside_known(words: list[str], known: list[bool], i: int) -> bool:
    """A value in a run of values that starts right after a known name, or the value just before one."""
    if i + 1 < len(words) and known[i + 1]:
        return True
    j = i - 1
    while j >= 0 and not known[j] and _VALUE.match(words[j]):
        j -= 1
    return j >= 0 and known[j]
