"""`netstat -v` / `entstat -d` / VIOS `entstat -all`: Ethernet adapter statistics.

What matters for virtual Ethernet tuning is exhaustion: receive buffers whose
"Max Allocated" reached "Max Buffers", "Hypervisor Receive Failures" and
"No Resource Errors" above zero.  The layout differs per adapter type and AIX
level, so "Label: value" pairs are read generically (keys derived from the
labels) inside the sections the command always prints; the two-column
transmit/receive block and the receive buffer table get their own shape.

Data: ``adapters.<name>`` with the device fields at its root and the
sections ``transmit``, ``receive``, ``general``, ``specific``,
``hypervisor_information``, ``transmit_buffers``, ``receive_buffers.<type>``
and ``io_memory_information``.
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, Line, Unreadable, ahead, as_number, lines_of, score, snake
from .base import ParseResult

COMMAND = "netstat -v"
ALIASES = ("netstat -v *", "entstat *", "entstat -d *", "entstat -all *")

_FLAGS = frozenset(  # entstat's driver flags (AIX: Ethernet device driver statistics)
    "Up Broadcast Running Simplex AlternateAddress 64BitSupport ChecksumOffload PrivateSegment LargeSend "
    "LargeReceive DataRateSet VIOENT Promiscuous AllMulticast Multicast Debug Dead Limbo IPV6_LargeSend "
    "IPV6_ChecksumOffload".split()
)
_FLAG = linre.compile(r"[A-Za-z0-9][A-Za-z0-9_]*")  # a driver flag ("64BitSupport"); "--More--" is none
_ADAPTER = linre.compile(r"^\s*ETHERNET STATISTICS\s*\(([\w-]+)\)\s*:?\s*$", linre.I)
_TWO_COLUMNS = linre.compile(r"^\s*Transmit Statistics:\s+Receive Statistics:\s*$", linre.I)
_GENERAL = linre.compile(r"^\s*General Statistics:\s*$", linre.I)
_SPECIFIC = linre.compile(r"^\s*(.+?)\s+Specific Statistics:\s*$", linre.I)
_BLOCKS = {
    "hypervisor information": "hypervisor_information",
    "transmit information": "transmit_buffers",
    "receive information": "receive_buffers",
    "i/o memory information": "io_memory_information",
}
_SUBBLOCKS = {
    "virtual memory": "virtual_memory_",
    "i/o memory": "io_memory_",
    "history": "",
    "transmit buffers": "",
    "receive buffers": "",
}
_RULE = linre.compile(r"^\s*-{5,}(\s+-{5,})*\s*$")
_NUMERIC_PAIRS = linre.compile(r"(?:\s*[A-Za-z][^:]*?:\s+-?\d+(?:\.\d+)?)+\s*")
_PAIR = linre.compile(r"([A-Za-z][^:]*?):\s+(-?\d+(?:\.\d+)?)")
_TABLE_ROW = linre.compile(r"^\s*(.*?[A-Za-z)])\s+(\d+(?:\s+\d+)*)\s*$")
_TAG_IDS = linre.compile(r"^VLAN Tag IDs:", linre.I)  # a long list goes on in the lines after, ids only
_LAST_NUMBER = linre.compile(r"(?:^|\s)-?\d+(?:\.\d+)?$")  # the value a line ends in
_LAST_LABEL = linre.compile(r"(?:^|\s)([A-Za-z][^:]{0,80}?):\s*$")  # and the label before it
_IDS = linre.compile(r"\d{1,4}(?:\s+\d{1,4})*")
_RECEIVE_ONLY = frozenset({"bad_packets"})
_RENAMES = {"adapter_data_rate": "adapter_data_rate_mbps"}

_SIGNATURES = [
    linre.compile(_ADAPTER.pattern, linre.I | linre.M),
    linre.compile(r"Transmit Statistics:\s+Receive Statistics:", linre.I),
    linre.compile(r"^\s*Hypervisor Receive Failures:", linre.M),
    linre.compile(r"^\s*No mbuf Errors:", linre.M),
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 2)


def _typed(raw: str) -> int | float | bool | str:
    if raw in ("True", "False"):
        return raw == "True"
    try:
        return as_number(raw)
    except Unreadable:
        return raw


def _seconds(raw: str) -> int:
    parts = linre.findall(r"(\d+)\s*(day|hour|minute|second)s?", raw, linre.I)
    if not parts:
        raise Unreadable("not an elapsed time")
    if parts[-1][1].casefold() != "second":  # "0 days 0 hours 35 minutes" / "48 seconds": a wrap cut it
        raise Unreadable("the elapsed time does not end in its seconds (a wrapped or cut line)")
    unit = {"day": 86400, "hour": 3600, "minute": 60, "second": 1}
    return sum(int(n) * unit[u.casefold()] for n, u in parts)


class _State:
    def __init__(self) -> None:
        self.adapter = ""
        self.section = ""
        self.prefix = ""
        self.columns: list[str] = []
        self.flags = False
        self.unread: set[str] = set()  # adapters whose first elapsed time could not be read
        self.cut = False  # the table row being read is wrapped inside its last value
        self.driver_flags: tuple[str, Line, list[str]] | None = None  # key, first line, flags: put when they end
        self.flags_raw = ""  # the last flags line as found (does it end inside a word?)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    st = _State()
    held: tuple[str, Line] | None = None  # a "VLAN Tag IDs:" line, until the next line shows whether it goes on
    for line, following in ahead(lines_of(text, COMMAND, detect)):
        wrapped = following is not None and _rest(following)
        body = line.text.strip()
        if wrapped and held is None and body and not _TAG_IDS.match(body):
            cut = _LAST_NUMBER.search(body)
            label = _LAST_LABEL.search(body[: cut.start()]) if cut is not None else None
            if cut is not None and label is not None:  # "Packets Dropped: 18" / "04": the count a wrap cut
                out.warn(line, f"{label.group(1)}: the line is wrapped inside this value; left out")
                body = body[: label.start()].rstrip()  # the pairs before it are whole
                if not body:
                    continue
            st.cut = cut is not None and label is None  # a table row's last cell: "... 2304 4" / "352"
        if held is not None:
            if not body:  # a double-spaced copy: the next text line decides
                continue
            if _IDS.fullmatch(body) and line.raw[:1].isspace():  # entstat's own next line, aligned under the ids
                held = (f"{held[0]} {body}", line if line.cut else held[1])  # a cut list is no list
                out.known(line)
                continue
            if _IDS.fullmatch(body):  # at column 0: the terminal broke the line, maybe inside an id
                out.warn(
                    held[1], "VLAN Tag IDs: the line is wrapped by the terminal (it goes on in the next one); left out"
                )
                out.warn(line, "the rest of the VLAN Tag IDs line, wrapped by the terminal; skipped")
                held = None
                continue
            _line(held[0], held[1], st, out)
            held = None
        if not body:
            continue
        if st.adapter and _TAG_IDS.match(body):
            held = (body, line)
            continue
        if _RULE.match(body):
            out.known(line)
            continue
        adapter = _ADAPTER.match(body)
        if adapter:
            _put_flags(st, out)
            st = _State()
            st.adapter = adapter.group(1)
            out.known(line)
            continue
        if not st.adapter:
            out.unknown(line, "statistics before any 'ETHERNET STATISTICS (entN)' line; skipped")
            continue
        if st.flags and ":" not in body and all(_FLAG.fullmatch(word) for word in body.split()):
            _more_flags(body, line, st, out)
            continue
        st.flags = False
        _put_flags(st, out)
        _line(body, line, st, out)
        st.cut = False
    if held is not None:
        _line(held[0], held[1], st, out)
    _put_flags(st, out)
    return out.finish()


def _more_flags(body: str, line: Line, st: _State, out: Builder) -> None:
    """A line going on with the driver flags.  Right after a line that ends inside a word, at column 0, it may
    be the rest of a flag a terminal cut in two ("Runn" / "ing"): unless both words are flags entstat prints,
    no flag list then."""
    out.known(line)
    if st.driver_flags is None:
        return  # the list was dropped (a flag cut in two)
    key, first, flags = st.driver_flags
    before, after = st.flags_raw.rsplit(None, 1)[-1:], line.raw.split(None, 1)[:1]
    if st.flags_raw[-1:].strip() and line.raw[:1].strip() and not {*before, *after} <= _FLAGS:
        out.warn(first, f"Driver Flags: wrapped inside a flag ({before[0]} / {after[0]}?); no flags read")
        st.driver_flags = None
        return
    flags += body.split()
    st.flags_raw = line.raw


def _put_flags(st: _State, out: Builder) -> None:
    if st.driver_flags is not None:
        key, line, flags = st.driver_flags
        for flag in flags:
            out.append(key, flag, line)
    st.driver_flags = None


def _line(body: str, line: Line, st: _State, out: Builder) -> None:
    base = f"adapters.{st.adapter}"
    specific = _SPECIFIC.match(body)
    block = _BLOCKS.get(body.casefold())
    if _TWO_COLUMNS.match(body):
        st.section = "stats"
        out.known(line)
    elif _GENERAL.match(body):
        st.section = "general"
        out.known(line)
    elif specific:
        st.section = "specific"
        out.put(f"{base}.specific.type", specific.group(1), line)
    elif block:
        st.section, st.prefix, st.columns = block, "", []
        out.known(line)
    elif st.section in _BLOCKS.values() and body.casefold() in _SUBBLOCKS:
        st.prefix = _SUBBLOCKS[body.casefold()]
        out.known(line)
    elif st.section in _BLOCKS.values():
        _table_line(body, line, st, out)
    else:
        _pairs(body, line, st, out)


def _pairs(body: str, line: Line, st: _State, out: Builder) -> None:
    base = f"adapters.{st.adapter}"
    where = {"stats": "transmit", "general": "general", "specific": "specific"}.get(st.section)
    if _NUMERIC_PAIRS.fullmatch(body):
        pairs = _PAIR.findall(body)
    elif ":" in body:
        label, _, value = body.partition(":")
        pairs = [(label, value.strip())]
    else:
        out.unknown(line)
        return
    if not all(snake(label) for label, _ in pairs):
        out.unknown(line)
        return
    for n, (label, raw) in enumerate(pairs):
        key = _RENAMES.get(snake(label), snake(label))
        side = where
        if st.section == "stats" and (n == 1 or key in _RECEIVE_ONLY or line.text.startswith(" " * 20)):
            side = "receive"
        full = f"{base}.{side}.{key}" if side else f"{base}.{key}"
        if key == "driver_flags":
            _put_flags(st, out)
            st.driver_flags, st.flags_raw = (full, line, raw.split()), line.raw
            st.flags = True
        elif key == "elapsed_time" and base in st.unread:  # a later section's (an SEA's 0 days...) is not it
            out.warn(line, f"{base}.elapsed_time_s: the adapter's first elapsed time was not read; left out")
        elif key == "elapsed_time":
            if out.value(f"{base}.elapsed_time_s", raw, _seconds, line) is None and not out.has(
                f"{base}.elapsed_time_s"
            ):
                st.unread.add(base)
        else:
            out.value(full, raw, _typed, line)


def _table_line(body: str, line: Line, st: _State, out: Builder) -> None:
    base = f"adapters.{st.adapter}.{st.section}"
    if body.casefold().startswith("buffer type"):
        st.columns = [c.casefold() for c in body.split()[2:]]
        out.known(line)
        return
    m = _TABLE_ROW.match(body)
    if not m:
        out.unknown(line)
        return
    key = st.prefix + snake(m.group(1))
    values = m.group(2).split()
    columns = st.columns
    if st.cut and len(values) == len(columns):  # the last cell goes on in the next line: left out
        out.warn(line, f"{st.section}.{columns[-1]}.{key}: the line is wrapped inside this value; left out")
        values, columns = values[:-1], columns[:-1]
    if len(values) == 1 and not st.columns:
        out.value(f"{base}.{key}", values[0], as_number, line)
    elif len(values) == len(columns):
        for column, raw in zip(columns, values, strict=True):
            out.value(f"{base}.{column}.{key}", raw, as_number, line)
    else:
        out.warn(line, f"{st.section}.{key}: {len(values)} values for columns {st.columns}; skipped")


def _rest(line: Line) -> bool:
    """A line opening at column 0 with a digit, which entstat never prints (its continuation and table lines
    are indented): a terminal or a mail program broke the line before it, maybe inside a number."""
    return line.raw[:1].isdigit()
