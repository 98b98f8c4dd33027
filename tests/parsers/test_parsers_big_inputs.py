"""Big inputs (issue 16): provenance stored per row, lines read a piece at a time, bundles cut lazily.

The parse of a multi-MB output must cost about what its result costs, and must give the same
result, provenance and JSON as reading it line by line did.  Memory is measured with tracemalloc
(allocations, not time), so these checks hold on a loaded machine.
"""

from __future__ import annotations

import json
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest

from advisor import linre
from advisor.documents.errors import DocumentError
from advisor.inputs import MAX_LINE_CHARS, _has_prompts, check_limits
from advisor.parsers import _lsdev, _text, lsdev_adapter, lsdev_disk, lslpp_l, ps_z, registry
from advisor.parsers._text import Builder, Line, iter_lines, lines_of
from advisor.parsers.base import ParseResult, Provenance, ProvenanceMap
from advisor.parsers.bundle import parse_bundle, split_bundle
from advisor.parsers.rows import Rows
from tests.parsers.parser_samples import load


def _listing(disks: int) -> str:
    return "".join(f"hdisk{i} Available {i % 4:02d}-00-02 MPIO IBM 2076 FC Disk\n" for i in range(disks))


def _reference_lines(text: str) -> list[tuple[int, str, bool]]:
    """(no, raw, cut) the simple way: split the whole text at once."""
    raws = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if raws[-1] == "":
        return [(no, raw, False) for no, raw in enumerate(raws[:-1], start=1)]
    plain = raws[-1].replace("\u00a0", " ").expandtabs(8).strip()
    return [(no, raw, False) for no, raw in enumerate(raws[:-1], start=1)] + [(len(raws), raws[-1], bool(plain))]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "\n",
        "a\n",
        "a",
        "a\n  ",
        "a\r\nb\rc\n",
        "x\ty\u00a0z \n\n\nlast",
        "\n".join(f"line {i}\twith tab" for i in range(30_000)),  # several 64 KB pieces, cut at the end
        "\n".join("y" * 70_000 for _ in range(3)) + "\n",  # lines longer than a piece
    ],
)
def test_lines_are_read_piecewise_exactly_as_split_at_once(text: str) -> None:
    lines = list(iter_lines(text))
    assert [(line.no, line.raw, line.cut) for line in lines] == _reference_lines(text)
    origin = text.replace("\r\n", "\n").replace("\r", "\n")
    for line in lines:
        assert origin[line.start : line.start + len(line.raw)] == line.raw
        assert line.text == line.raw.replace("\u00a0", " ").expandtabs(8).rstrip()


def test_a_big_listing_costs_little_more_than_its_result() -> None:
    text = "name status description\n" + _listing(30_000)
    result, kept, peak = _measured(lambda: registry.parse_output(text, "lsdev -Cc disk"))
    assert len(result.data["disks"]) == 30_000
    # Before issue 16's fix: a pydantic Provenance per field, 60x the input, then a dict per row, 5x.
    # Now the rows are stored by column: the result, provenance included, is smaller than the text,
    # and the parse adds at most one input's worth on top of it.
    assert kept < len(text), (kept, len(text))
    assert peak - kept < len(text), (peak, kept, len(text))
    _, dicts, _ = _measured(lambda: list(result.data["disks"]))  # the same rows as a list of dicts
    assert kept < dicts / 2, (kept, dicts)


def _measured(fn: Callable[[], Any]) -> tuple[Any, int, int]:
    """(what ``fn`` returns, bytes it still holds, peak bytes while it ran)."""
    tracemalloc.start()
    try:
        got = fn()
        kept, peak = tracemalloc.get_traced_memory()
        return got, kept, peak
    finally:
        tracemalloc.stop()


def test_row_provenance_reads_like_a_dict_and_quotes_the_line() -> None:
    text = "name status description\n" + _listing(5)
    result = registry.parse_output(text, "lsdev -Cc disk")
    prov = result.provenance
    assert prov["disks.3.location"] == Provenance(
        command=result.command, line_no=5, line="hdisk3 Available 03-00-02 MPIO IBM 2076 FC Disk"
    )
    assert "disks.3.name" in prov and "disks.03.name" not in prov and "disks.5.name" not in prov
    assert "disks.3.nope" not in prov and prov.get("disks") is None
    assert list(prov)[:4] == ["disks.0.name", "disks.0.status", "disks.0.location", "disks.0.description"]
    assert len(prov) == len(list(prov)) == 20


def test_provenance_serialises_as_the_plain_dict_it_stands_for() -> None:
    result = registry.parse_output(load("lparstat_i.s2.txt"), "lparstat -i")
    plain = {key: p.model_dump() for key, p in result.provenance.items()}
    dumped = json.loads(result.model_dump_json())
    assert dumped["provenance"] == plain
    assert list(dumped["provenance"]) == list(plain)
    again = ParseResult.model_validate_json(result.model_dump_json())
    assert isinstance(again.provenance, ProvenanceMap)
    assert again.model_dump_json() == result.model_dump_json()
    assert again.provenance == result.provenance


def test_dict_valued_row_fields_and_hand_made_lines_keep_their_keys() -> None:
    out = Builder("x")
    line = next(iter(iter_lines("a 1\nb 2\n")))
    out.put_row("t", {"name": "a", "size": {"mb": 1, "gb": 0}}, line)
    out.put_row("t", {"name": "b"}, Line(2, "b 2", "b 2"))  # not from iter_lines: the line is kept whole
    result = out.finish()
    assert list(result.provenance) == ["t.0.name", "t.0.size.mb", "t.0.size.gb", "t.1.name"]
    assert result.provenance["t.0.size.gb"].line == "a 1"
    assert result.provenance["t.1.name"].line == "b 2"
    shifted = result.shifted(10)
    assert [p.line_no for p in shifted.provenance.values()] == [11, 11, 11, 12]


def test_a_multi_piece_session_quotes_its_lines_from_the_session_itself() -> None:
    listing = _listing(4_000)  # about 200 KB: several pieces of the splitter
    session = f"root@h:/ # lparstat -i\n{load('lparstat_i.s2.txt')}root@h:/ # lsdev -Cc disk\n{listing}root@h:/ #\n"
    report = parse_bundle(session)
    disks = next(r for r in report.results if r.command_line == "lsdev -Cc disk")
    lines = session.split("\n")
    for index in (0, 1_999, 3_999):
        where = disks.provenance[f"disks.{index}.name"]
        assert (
            lines[where.line_no - 1]
            == where.line
            == f"hdisk{index} Available {index % 4:02d}-00-02 MPIO IBM 2076 FC Disk"
        )
    assert [s.command for s in split_bundle(session)] == ["lparstat -i", "lsdev -Cc disk"]


def test_an_empty_output_is_refused_before_any_line_is_read() -> None:
    with pytest.raises(ValueError, match="the output is empty"):
        lines_of(" \ufeff\n\t\n", "x", lambda _: 1.0)


def test_remembered_matches_do_not_cross_patterns_or_anchors() -> None:
    cell = linre.compile(r"(\d+)([KMG])")
    for _ in range(3):  # enough distinct texts to overflow what is remembered, twice
        for n in range(100):
            m = cell.fullmatch(f"{n}K")
            assert m is not None and m.group(1) == str(n) and m.groups() == (str(n), "K")
    assert cell.fullmatch("4Kx") is None
    assert cell.search("4Kx") is not None and cell.match("4Kx") is not None
    assert linre.compile(r"\d+K").fullmatch("4K") is not None


EDGE_LINES = [
    "hdisk0 Available 00-08-00 SAS Disk Drive",
    "hdisk1 Defined",
    "hdisk2   Available   ",
    "hdisk3 Available-ish foo",
    "hdisk4 AvailableX foo",
    "hdisk6 Stopped U78AA.001.WZSGVWA-P1-C2 Virtual disk",
    "hdisk8 Available\u00a000-00-02 nbsp",
    "hdisk8 Available\x0b00-00-02 vertical tab",
    "hdisk10 available 00-00-02 lower",
    "  hdisk11 Available 00-00-02   spaced    description",
    "name status description",
    "devices.pkg1.rte 7.2.5.1 COMMITTED Device Support Package 1",
    "bos.rte   7.2.5.0  APPLIED   Base   Operating  System",
    "7.2.5.1 COMMITTED wrapped one",
    "x 1.0.0 BROKEN",
    "x 1.0 COMMITTED short level",
    "y 1.0.0.0.0 COMMITTED five parts",
    "z 1.0.0.0 COMMITTEDX bad",
    "1.0.0.0 2.0.0.0 COMMITTED two levels",
    "a\u00a0b 1.0.0.0 COMMITTED nbsp",
    "t 1.0.0.0\x0cOBSOLETE form feed",
]


@pytest.mark.parametrize("text", EDGE_LINES)
def test_split_fast_paths_read_what_the_patterns_read(text: str) -> None:
    words = _lsdev._row_words(text)
    m = _lsdev.ROW.match(text)
    if words is not None:
        assert m is not None and words == m.groups(default="")
    levels: set[str] = set()
    row = lslpp_l._row(text, levels)
    m = lslpp_l._ROW.match(text)
    assert row == (None if m is None else m.groups())
    assert lslpp_l._row(text, levels) == row  # the level, now remembered, reads the same


def _plain_rows(rows: list[tuple[tuple[str, ...], tuple[Any, ...]]]) -> list[dict[str, Any]]:
    return [dict(zip(keys, values, strict=True)) for keys, values in rows]


def test_rows_read_like_the_list_of_dicts_they_replace() -> None:
    three, four, other = ("name", "status", "description"), ("name", "status", "location", "description"), ("x",)
    given: list[tuple[tuple[str, ...], tuple[Any, ...]]] = []
    for i in range(5_000):  # several batches, layouts changing inside and across them
        if i % 7 == 0:
            given.append((three, (f"hdisk{i}", "Defined", "Virtual SCSI Disk Drive")))
        elif i == 4_321:
            given.append((other, (None,)))
        else:
            given.append((four, (f"hdisk{i}", "Available", f"0{i % 4}-00-02", "MPIO IBM 2076 FC Disk")))
    given += [(("pid", "cmd"), (7, "ksh")), (("pid", "cmd"), (True, "x")), (("pid", "cmd"), (2**70, "y"))]
    given += [(("pid", "cmd"), (-3, "é")), (("n", "n"), (1, 2)), (("v",), (1.5,)), (("v",), (1,)), (("name",), ("",))]
    rows = Rows()
    for keys, values in given:
        rows.add(keys, values)
    plain = _plain_rows(given)
    assert len(rows) == len(plain)
    assert list(rows) == plain and rows == plain and plain == rows and not rows != plain
    assert rows[0] == plain[0] and rows[-1] == plain[-1] and rows[4_321] == {"x": None}
    assert rows[10:20] == plain[10:20] and rows[::-997] == plain[::-997]
    assert [rows[i] for i in range(len(rows))] == plain
    pids = [row["pid"] for row in rows if "pid" in row]
    assert [type(p) for p in pids] == [int, bool, int, int] and pids == [7, True, 2**70, -3]  # True stays a bool
    assert repr(rows) == repr(plain)
    with pytest.raises(IndexError):
        rows[len(plain)]
    assert rows != plain[:-1] and rows != [*plain[:-1], {"v": 2}]


@pytest.mark.parametrize(
    "later",
    [
        lambda i: f"level {i}",  # few distinct strings, then hundreds: coded, then packed
        lambda i: i,  # strings, then numbers
        lambda i: None if i % 2 else "x",  # strings, then None among them
        lambda i: [i],  # unhashable
        lambda i: 1.5 if i % 3 else "7",
        lambda i: f"two\nlines {i}" if i % 500 == 7 else f"w{i}",  # a line end cannot be packed
        lambda i: f"w{i}\n",
    ],
)
def test_rows_columns_change_kind_without_changing_values(later: Callable[[int], Any]) -> None:
    keys, other = ("name", "value"), ("name",)
    given: list[tuple[tuple[str, ...], tuple[Any, ...]]] = [(keys, (f"n{i}", f"v{i % 5}")) for i in range(2_000)]
    given += [(other, (f"o{i}",)) for i in range(1_500)]  # fillers in "value"
    given += [(keys, (f"m{i}", later(i))) for i in range(3_000)]
    given += [(keys, (i, i)) for i in range(1_100)]  # numbers after strings in "name"
    rows = Rows()
    for k, values in given:
        rows.add(k, values)
    assert list(rows) == _plain_rows(given)
    assert [rows[i] for i in (0, 1_999, 2_000, 3_499, 3_500, -1)] == [
        _plain_rows(given)[i] for i in (0, 1_999, 2_000, 3_499, 3_500, -1)
    ]


def test_rows_serialise_as_lists_of_dicts() -> None:
    rows = Rows()
    keys = ("pid", "cmd")
    for i in range(3_000):
        rows.add(keys, (i, "disp+work" if i % 2 else f"ksh {i}"))
    result = ParseResult(command="ps -eZ", data={"processes": rows, "n": 1})
    plain = ParseResult(command="ps -eZ", data={"processes": list(rows), "n": 1})
    assert result.model_dump_json() == plain.model_dump_json()
    assert result.model_dump() == plain.model_dump() and type(result.model_dump()["data"]["processes"]) is list
    assert result.model_dump(mode="json") == plain.model_dump(mode="json")
    assert ParseResult.model_validate_json(result.model_dump_json()).data == result.data


def test_rows_cost_about_their_characters() -> None:
    """A cell costs its characters and 8 bytes (a str object alone is 49 more), a whole number 8 bytes."""
    keys = ("pid", "name", "state")
    given = [(i * 7, f"fileset{i}", "COMMITTED") for i in range(30_000)]
    characters = sum(len(name) + len(state) for _, name, state in given)

    def fill() -> Rows:
        rows = Rows()
        for values in given:
            rows.add(keys, values)
        return rows

    rows, kept, _ = _measured(fill)
    assert kept < 1.2 * (characters + 3 * 8 * len(given)), (kept, characters)
    assert list(rows) == [dict(zip(keys, values, strict=True)) for values in given]


@pytest.mark.parametrize(
    "cell", ["0", "7", "1234567890", "12345678901", "", "\u00b2", "1\uff11", "-1", "+1", " 1", "1a"]
)
def test_ps_pid_test_reads_what_the_pattern_reads(cell: str) -> None:
    assert ps_z._digits(cell) == (ps_z._PID.fullmatch(cell) is not None)


PS_LINES = [
    "     1000      -  0:01   64K   64K   64K     64K disp+work pf=/usr/sap/X",
    "   12 - 0:00 4K 4K 4K 4K",
    "  abc - 0:00 4K 4K 4K 4K ksh",
    "  13 - 0:00 4X 4K 4K 4K ksh",
    "  14\t-\t0:00 4K 4K 4K 4K\tksh  -x",
    "  \u00b2 - 0:00 4K 4K 4K 4K ksh",
    "  15 - 0:00 4K 4K 4K 16M a   b   c  ",
    "  16 - 0:00 4K 4K 4K 64KB ksh",
]


@pytest.mark.parametrize("line", PS_LINES)
@pytest.mark.parametrize(
    "header", ["PID TTY TIME DPGSZ SPGSZ TPGSZ SHMPGSZ CMD", "PID TTY TIME DPGSZ PID SPGSZ TPGSZ SHMPGSZ CMD"]
)
def test_ps_rows_read_the_same_through_either_path(header: str, line: str) -> None:
    """The split path (unique column names) and the dict path (a repeated name) agree where both apply."""
    first = "1 - 0:00 4K 4K 4K 4K init" if header.count("PID") == 1 else "1 - 0:00 4K 1 4K 4K 4K init"
    result = registry.parse_output(f"{header}\n{first}\n{line}\n", "ps -eZ")
    rows = list(result.data["processes"])
    assert rows[0]["pid"] == 1 and rows[0]["cmd"] == "init"
    cells = line.expandtabs(8).rstrip().split(None, len(header.split()) - 1)
    fits = len(cells) == len(header.split()) and all(
        linre.fullmatch(r"\d+[KMGT]", c) for h, c in zip(header.split(), cells, strict=False) if h.endswith("PGSZ")
    )
    row = dict(zip([h.casefold() for h in header.split()], cells, strict=False))
    if fits and row["pid"].isascii() and row["pid"].isdigit():
        assert rows[1:] == [{**row, "pid": int(row["pid"])}]
        assert not result.warnings
    else:
        assert rows[1:] == []
        assert [w.reason for w in result.warnings] == ["process line does not fit the header's columns; skipped"]


@pytest.mark.parametrize(
    "word",
    ["devices.pkg1.rte", "(1.5)", "[+1,5]", "-0,5", "+-1.5", "a1.5", "\u00b21.5", ".5", "1.234,5", "((1.5", "7.2.5.0"],
)
def test_locale_prefilter_skips_only_words_that_show_no_mark(word: str) -> None:
    """number_style skips a word whose first character after "([+-" is no ASCII digit: _shows finds nothing there."""
    if word.lstrip("([+-")[:1] not in _text._DIGITS:
        assert _text._shows(word) == (None, False)


@pytest.mark.parametrize("at", [1, 2, 5_000, 9_999, 10_000])
@pytest.mark.parametrize("end", ["\n", "\r\n"])
def test_the_line_limit_names_the_line_read_a_piece_at_a_time(at: int, end: str) -> None:
    """check_limits reads 64 KB pieces: the long line is still named by its number, wherever it falls."""
    lines = [f"hdisk{i} Available 00-00-02 MPIO IBM 2076 FC Disk" for i in range(10_000)]
    lines[at - 1] = "x" * (MAX_LINE_CHARS + 1)
    with pytest.raises(DocumentError, match=rf"line {at} is longer than the limit of {MAX_LINE_CHARS} characters"):
        check_limits(end.join(lines) + end, "big.txt")
    lines[at - 1] = "x" * (MAX_LINE_CHARS + 1 - len(end))  # at the limit with its "\r": accepted
    check_limits(end.join(lines), "big.txt")


def test_prompts_are_found_a_piece_at_a_time() -> None:
    listing = _listing(20_000)  # 1 MB: many pieces
    assert not _has_prompts(listing)
    assert _has_prompts(listing + "root@aix1:/ # lsdev -Cc disk\n" + listing)
    assert _has_prompts(listing.replace("\n", "\r\n") + "root@aix1:/ # lsdev -Cc disk\r\n")
    assert not _has_prompts(listing + "root@aix1:/ # no-such-command\n")


def test_listing_rows_from_hand_made_and_cut_lines_keep_their_provenance() -> None:
    out = Builder("lsdev -Cc disk")
    put = out.listing("disks").put
    keys = ("name", "status")
    put(keys, ("hdisk0", "Available"), Line(1, "hdisk0 Available", "hdisk0 Available"))  # no origin
    text = "x\nhdisk1 Available\nhdisk2 Defined"
    lines = list(iter_lines(text))
    put(keys, ("hdisk1", "Available"), lines[1])
    put(keys, ("hdisk2", "Defined"), lines[2])  # the text stops inside it: left out, with a warning
    result = out.finish(allow_empty=True)
    assert result.data["disks"] == [
        {"name": "hdisk0", "status": "Available"},
        {"name": "hdisk1", "status": "Available"},
    ]
    assert {k: (p.line_no, p.line) for k, p in result.provenance.items()} == {
        "disks.0.name": (1, "hdisk0 Available"),
        "disks.0.status": (1, "hdisk0 Available"),
        "disks.1.name": (2, "hdisk1 Available"),
        "disks.1.status": (2, "hdisk1 Available"),
    }
    assert [w.line_no for w in result.warnings] == [3]


# --- s4: listings read a block at a time, splitters jump to the lines a boundary can be on ----------------

_WORDS2, _WORDS3 = ("name", "status"), ("name", "status", "rest")


def _toy_fast(raw: str) -> tuple[tuple[str, ...], tuple[Any, ...]] | None:
    """Two or three words of which the second is a number: a row (keys by word count); anything else: None."""
    words = raw.split(None, 2)
    if len(words) < 2 or not words[1].isdigit():
        return None
    return (_WORDS2, (words[0], int(words[1]))) if len(words) == 2 else (_WORDS3, (*words[:2], words[2].rstrip()))


def _toy_parse(text: str, *, blockwise: bool) -> ParseResult:
    """One toy listing parsed through ``Listing.read`` or line by line through ``Listing.put``."""
    out = Builder("toy")
    rows = out.listing("rows")

    def slow(line: Line) -> None:
        if not line.text:
            return
        found = _toy_fast(line.text) if line.text.isascii() and line.text.isprintable() else None
        if found is None:
            if line.text.startswith("#"):
                out.put(f"notes.{line.no}", line.text, line)  # another value between rows: the run goes on after it
            else:
                out.unknown(line)
            return
        rows.put(*found, line)

    if blockwise:
        rows.read(_text.blocks_of(text, "toy", lambda _: 1.0), _toy_fast, slow)
    else:
        for line in lines_of(text, "toy", lambda _: 1.0):
            slow(line)
    return out.finish(allow_empty=True)


def _toy_listing(rows: int) -> str:
    lines = []
    for i in range(rows):
        lines.append(f"disk{i} {i}" if i % 5 else f"disk{i} {i} located  rest  ")  # two layouts, trailing blanks
        if i % 997 == 0:
            lines += ["", "  ", "junk line", "# a note", "tab\t1", "caf\u00e9 2", "ctl\x0b 3"]  # the full way
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    "text",
    [
        _toy_listing(3_000),  # several 64 KB blocks, runs broken by every kind of other line
        _toy_listing(3_000).replace("\n", "\r\n"),
        _toy_listing(3_000).rstrip("\n"),  # the last row is cut: warned about, left out
        _toy_listing(40) + "x 1",
        "only 1\n",
        "junk\n",
    ],
)
def test_listing_read_stores_what_put_line_by_line_stores(text: str) -> None:
    blockwise, by_line = _toy_parse(text, blockwise=True), _toy_parse(text, blockwise=False)
    assert blockwise.model_dump_json() == by_line.model_dump_json()
    assert list(blockwise.provenance) == list(by_line.provenance)
    assert blockwise.data.get("rows", []) == by_line.data.get("rows", [])


def test_a_listing_reads_the_number_style_only_when_a_value_needs_it() -> None:
    text = "a 1\nb 2,5\n"  # a comma decimal: what the style of this text shows
    blocks = _text.blocks_of(text, "toy", lambda _: 1.0)
    assert isinstance(_text.NUMBER_STYLE.get(), _text._Deferred)
    assert _text._output_style() == _text.number_style(text) == _text.Style(_text.COMMA, False)
    assert _text.NUMBER_STYLE.get() == _text.Style(_text.COMMA, False)  # read once, then kept
    _text.blocks_of(text, "toy", lambda _: 1.0)
    Builder("toy").listing("rows").read(blocks, _toy_fast, lambda line: None)
    assert _text.NUMBER_STYLE.get() == _text.UNSETTLED  # the parse is over: the text is not held


_PROMPTS = ["host:/path> ", "host:/ # ", "[root@h /]# ", "bash-4.4# ", "root@db01:/# ", "$ ", "# "]


@pytest.mark.parametrize("form", _PROMPTS)
@pytest.mark.parametrize("typed", [True, False])
def test_the_splitter_finds_every_prompt_form_after_long_outputs(form: str, typed: bool) -> None:
    """Lines without a prompt character are taken a run at a time: a prompt after 200 KB of output, lines
    with "#", "$" or ">" that are no prompt, and the line numbers of every section stay exact."""
    listing = _listing(4_000) + "hdisk9 Available 00-00-02 a # b > c $ d\n"
    outputs = [("lsdev -Cc disk", listing), ("lparstat -i", load("lparstat_i.s2.txt")), ("lsdev -Cc disk", listing)]
    session, firsts, line_no = "", [], 1
    for command, text in outputs:
        session += (form + command if typed else form.rstrip()) + "\n" + text
        firsts.append(line_no + 1)
        line_no += 1 + text.count("\n")
    session += form.rstrip() + "\n"
    sections = split_bundle(session)
    assert [(s.first_line_no, s.text) for s in sections] == [(f, t) for f, (_, t) in zip(firsts, outputs, strict=True)]
    assert [s.command for s in sections] == (
        [c for c, _ in outputs] if typed else ["lsdev -type disk", "lparstat -i", "lsdev -type disk"]
    )


@pytest.mark.parametrize("names", [lsdev_disk._NAMES, lsdev_adapter._NAMES])
def test_listing_detection_counts_what_the_patterns_count(names: linre.Pattern) -> None:
    text = "\n".join(
        [*EDGE_LINES, "hdisk5 Available 00-00-02 trailing   ", "ent0 Available 02-00 Adapter", "", "fcs0 Defined"]
    )
    rows = [r for r in _text.clean(text).splitlines() if r.strip() and not _lsdev.HEADER.match(r)]
    matching = [m for m in map(_lsdev.ROW.match, rows) if m and names.match(m.group(1))]
    assert _lsdev.listing_score(text, names) == 0.9 * len(matching) / len(rows) > 0
