"""Session 6's readers (issue 16): files and outputs admins have that were not read, and readable pastes that
were refused in full.  Samples in tests/parsers/readers6/ were written from the commands' documentation
(IEE174I, IEE254I, vparstatus, kctune -v, parstatus -V/-C) and in the shapes a mail, an ISPF screen and a
ticket give them; each test checks the values the text states, or the one-line refusal that says why.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from advisor.documents.errors import DocumentError
from advisor.inputs import load_input, load_text
from advisor.parsers.bundle import split_bundle
from advisor.parsers.pasted import unwrap
from advisor.parsers.registry import detect, parse_output
from tests.parsers.parser_samples import load

HERE = Path(__file__).parent / "readers6"


def _text(name: str) -> str:
    return (HERE / name).read_text(encoding="utf-8")


def _doc(text: str, name: str | None = None, source: str = "pasted.txt") -> dict:
    return load_text(text, source, name=name).document_json()


def _refusal(text: str, name: str | None = None) -> str:
    with pytest.raises(DocumentError) as err:
        load_text(text, "pasted.txt", name=name)
    assert len(err.value.issues) == 1, err.value.issues
    return err.value.issues[0].message


# --- file encodings: UTF-16 (Windows editors, PowerShell's ">") and UTF-8 with its mark ---------------------


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-8"])
def test_a_file_saved_with_a_byte_order_mark_reads_as_the_plain_one(tmp_path: Path, encoding: str) -> None:
    plain = load("lparstat_i.s2.txt")
    mark = {"utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff", "utf-8": b"\xef\xbb\xbf"}[encoding]
    path = tmp_path / "lparstat.txt"
    path.write_bytes(mark + plain.replace("\n", "\r\n").encode(encoding))
    assert load_input(str(path)).document_json() == load_text(plain, "plain.txt").document_json()


def test_a_json_document_saved_as_utf16_is_a_document(tmp_path: Path) -> None:
    path = tmp_path / "doc.json"
    path.write_bytes('{"kind": "aix-lpar", "name": "aix1", "cpu": {"smt": 8}}'.encode("utf-16"))
    assert load_input(str(path)).document_json() == {"kind": "aix-lpar", "name": "aix1", "cpu": {"smt": 8}}


def test_utf16_without_its_mark_is_refused_saying_so(tmp_path: Path) -> None:
    path = tmp_path / "lparstat.txt"
    path.write_bytes(load("lparstat_i.s2.txt").encode("utf-16-le"))
    with pytest.raises(DocumentError) as err:
        load_input(str(path))
    assert len(err.value.issues) == 1
    assert "UTF-16 without a byte-order mark" in err.value.issues[0].message


def test_text_opening_with_a_parstatus_section_is_no_json_array() -> None:
    """Was: "[Complex]" on the first line made the text a JSON array: "neither JSON nor YAML (line 2)"."""
    text = "[Complex]\n  Complex Name : Complex 01\n\n" + _text("parstatus.C-two-npars.txt").split("\n", 1)[1]
    result = parse_output(text)
    assert result.command == "parstatus"
    assert len(result.data["cells"]) == 4


# --- z/OS: D M=STOR (IEE174I), D IPLINFO (IEE254I) -------------------------------------------------------------


def test_d_m_stor_totals_its_online_ranges() -> None:
    result = parse_output(_text("d_m_stor.two-ranges.txt"))
    assert result.command == "D M=STOR"
    assert result.data["online_not_reconfigurable_mb"] == 98304
    assert result.data["online_reconfigurable_mb"] == 65536  # 98304M-131072M and 163840M-196608M
    assert result.data["online_mb"] == 163840
    assert result.data["unassigned_mb"] == 65536  # not online: not counted
    assert _doc(_text("d_m_stor.two-ranges.txt"), name="SYSA")["online_storage_gb"] == 160.0


def test_d_m_stor_with_storage_pending_offline_gives_no_online_total() -> None:
    text = _text("d_m_stor.two-ranges.txt").replace("PENDING OFFLINE\n    NONE", "PENDING OFFLINE\n    163840M-196608M")
    result = parse_output(text)
    assert "online_mb" not in result.data
    assert any("pending offline" in w.reason for w in result.warnings)


@pytest.mark.parametrize("cut", ["STORAGE INCREMENT SIZE IS 1024M\n", "    163840M-196608M\n"])
def test_d_m_stor_cut_short_gives_no_online_total(cut: str) -> None:
    """A copy that lost its last lines may have lost ranges too: the message ends with its increment line."""
    text = _text("d_m_stor.two-ranges.txt")
    result = parse_output(text[: text.index(cut)])
    assert "online_mb" not in result.data
    with pytest.raises(DocumentError):
        load_text(text[: text.index(cut)], "stor.txt", name="SYSA")


def test_a_console_session_with_d_m_stor_and_d_iplinfo_reads_both() -> None:
    text = _text("zos.console-session.txt")
    assert [s.command for s in split_bundle(text)] == ["D M=STOR", "D IPLINFO"]
    assert _doc(text, name="SYSF") == {
        "kind": "zos-lpar",
        "name": "SYSF",
        "zos_version": "2.5",
        "online_storage_gb": 128.0,
    }


def test_d_iplinfo_gives_the_release_without_leading_zeros() -> None:
    text = _text("zos.console-session.txt")
    ipl = text[text.index(" D IPLINFO") :].replace("02.05.00", "03.01.00")
    result = parse_output(ipl)
    assert result.data["release"] == "z/OS 03.01.00"
    assert result.data["version"] == "3.1"
    assert result.data["ieasys_list"] == "(00,P2) (OP)"


# --- HP-UX: vparstatus, kctune -v and headerless rows, parstatus -V / -C ----------------------------------------


def test_vparstatus_is_read_and_gives_no_document_field() -> None:
    text = _text("vparstatus.a05.txt")
    first = text[: text.index("# vparstatus -w")]
    result = parse_output(first, "vparstatus")
    assert [row["name"] for row in result.data["vpars"]] == ["vpsap01", "vpsap02", "vpdb01"]
    assert result.data["resources"][2] == {"name": "vpdb01", "cpu_min": 1, "cpu_max": 4}
    assert "state no field of a hpux-server document" in _refusal(text, name="vpsap01")


def test_vparstatus_beside_machinfo_is_a_note_and_machinfo_gives_the_values() -> None:
    machinfo = load("machinfo.hpux1123.synthetic.txt")
    loaded = load_text(f"# machinfo\n{machinfo}\n{_text('vparstatus.a05.txt')}", "session.txt")
    assert loaded.document_json()["os_version"] == "11iv2"
    assert any("vparstatus lists 3 virtual partition(s) (this one: vpsap01)" in w.reason for w in loaded.warnings)


def test_kctune_verbose_records_give_value_and_expression() -> None:
    result = parse_output(_text("kctune.v-1131.txt").split("\n", 1)[1])
    assert result.command == "kctune"
    assert result.data["tunables"]["filecache_max"] == {"value": 4294967296, "expression": "10%"}
    assert result.data["tunables"]["numa_policy"] == {"value": 1}
    doc = _doc(_text("kctune.v-1131.txt"), name="hp1")
    assert doc["buffer_cache_max_pct"] == 10.0
    assert doc["numa_policy"] == 1


def test_kctune_rows_through_grep_without_the_heading_are_read() -> None:
    """Was: `kctune | grep dbc` of 11.23 (no heading) was refused: "no 'kctune' output found"."""
    text = (
        '# kctune | grep -E "dbc|shm"\n'
        "dbc_max_pct                            20  20          Immed\n"
        "dbc_min_pct                             5  Default     Immed\n"
        "shmmax                        0X400000000  0X400000000 Immed\n"
    )
    doc = _doc(text, name="hp1")
    assert doc["buffer_cache_max_pct"] == 20.0
    assert parse_output(text.split("\n", 1)[1], "kctune").data["tunables"]["shmmax"]["value"] == 0x400000000


def test_kctune_headerless_rows_need_a_whole_number() -> None:
    result = parse_output("dbc_max_pct 20 20 Immed\nthe value is 20 percent\n", "kctune")
    assert set(result.data["tunables"]) == {"dbc_max_pct"}
    assert any("not in the Tunable" in w.reason for w in result.warnings)


def test_kctune_heading_with_current_for_value() -> None:
    text = "Tunable      Current  Expression  Changes\nnuma_policy        1  1           Immed\n"
    assert parse_output(text, "kctune").data["tunables"]["numa_policy"] == {
        "value": 1,
        "expression": "1",
        "changes": "Immed",
    }


def test_parstatus_verbose_gives_cells_and_cell_local_memory() -> None:
    doc = _doc(_text("parstatus.V-p0.txt"), name="sapprd")
    assert doc["cells"] == 2
    assert doc["clm_pct"] == 25.0  # 16 GB allocated CLM of 64 GB good memory


def test_parstatus_verbose_whose_memory_does_not_add_up_gives_no_clm() -> None:
    text = _text("parstatus.V-p0.txt").replace("Total Interleave Memory: 48.0 GB", "Total Interleave Memory: 40.0 GB")
    loaded = load_text(text, "par.txt", name="sapprd")
    assert "clm_pct" not in loaded.document_json()
    assert any("do not add up" in w.reason for w in loaded.warnings)


def test_parstatus_cells_of_two_partitions_need_the_local_one() -> None:
    text = _text("parstatus.C-two-npars.txt")
    assert "state no field" in _refusal(text, name="hp1")
    doc = _doc(text + "# parstatus -w\nThe local partition number is 1.\n", name="hp1")
    assert doc["cells"] == 1


# --- pasted shapes: a quoted mail, an ISPF EDIT screen, a ticket with bare command lines ---------------------


def test_a_machinfo_quoted_twice_in_a_mail_is_read() -> None:
    """Was refused in full: every line behind "> > "."""
    doc = _doc(_text("mail.nested-quote-machinfo.txt"))
    assert doc == {"kind": "hpux-server", "name": "hpsapa2", "os_version": "11iv2", "memory_gb": 15.9697265625}


def test_an_ispf_edit_screen_of_ieasys_reads_as_the_member() -> None:
    """Was refused in full: line numbers before every card, the screen's menu, title and PF keys around them."""
    doc = _doc(_text("ispf.edit-ieasys.txt"), name="SYSPR")
    assert doc["lfarea"] == "LFAREA=(1M=(12%,8%),2G=(4,2))"


def test_a_crlf_ticket_with_hmc_commands_on_their_own_lines_is_read() -> None:
    """Was: the -m of the typed commands was lost (no prompt before them): "no output names the system"; the
    ticket's last sentence, after a blank line, was read as the rest of the last row."""
    text = _text("ticket.hmc-F.txt").replace("\n", "\r\n")
    loaded = load_text(text, "ticket.txt")
    doc = loaded.document_json()
    assert doc["name"] == "P950-FRA-01"
    erp2 = next(p for p in doc["partitions"] if p["name"] == "erpprd02")
    assert erp2["memory"] == {"desired_gb": 128.0, "max_gb": 192.0}
    assert {p["name"]: p["kind"] for p in doc["partitions"]} == {
        "viofra1": "vios",
        "erpprd01": "aix-lpar",
        "erpprd02": "aix-lpar",
    }
    assert not any("wrapped" in w.reason for w in loaded.warnings)


def test_prose_is_no_typed_command() -> None:
    text = "lparstat is what we ran on the box\n\n" + load("lparstat_i.s2.txt")
    assert [s.command for s in split_bundle(text)][-1] == "lparstat -i"
    assert split_bundle(text)[0].command is None


def test_a_few_continuation_prompts_are_no_mail_quoting() -> None:
    text = "# for d in hdisk0 hdisk1\n> do lsattr -El $d\n> done\n" + "queue_depth 20 Queue DEPTH True\n" * 4
    assert unwrap(text) == text


def test_numbers_that_do_not_count_up_are_no_line_number_column() -> None:
    text = "".join(f"{n} rest of line {n}\n" for n in ("004200", "001100", "009900", "000100"))
    assert unwrap(text) == text


def test_cat_n_numbers_are_taken_off() -> None:
    plain = load("lparstat_i.s2.txt")
    numbered = "".join(f"{n:6}\t{line}\n" for n, line in enumerate(plain.splitlines(), 1))
    assert unwrap(numbered) == plain if plain.endswith("\n") else plain + "\n"
    assert detect(unwrap(numbered)) == "lparstat -i"


# --- sweep sets A-C: readable outputs that were refused in full -------------------------------------------------


def test_lparstat_e_gives_its_banners_processor_fields_not_its_memory() -> None:
    """Was refused (not read). Its banner prints mem without tmem or mmode: whether that is expanded memory
    (AME) -E's documentation does not say, so memory is left out with a note."""
    loaded = load_text("# lparstat -E 2 3\n" + load("lparstat_e.synthetic.txt"), "e.txt", name="aix1")
    doc = loaded.document_json()
    assert doc["cpu"] == {"mode": "shared", "entitled_capacity": 2.0, "sharing": "uncapped", "smt": 8}
    assert "memory" not in doc
    assert any("memory left out" in w.reason for w in loaded.warnings)


def test_chatr_of_a_program_named_without_its_path() -> None:
    """Was refused: `chatr disp+work` run in its directory prints "disp+work:", which was no program line."""
    text = load("chatr.disp+work-large.synthetic.txt")
    first = text.splitlines()[0]
    bare = text.replace(first, "disp+work:", 1)
    doc = _doc("hperp05:/usr/sap/PR1/SYS/exe/run# chatr disp+work\n" + bare, name="hperp05")
    assert doc["large_pages"] == _doc("# chatr disp+work\n" + text, name="hperp05")["large_pages"]


def test_lslpp_saying_no_vwpar_fileset_is_installed_lets_the_wpars_be_read() -> None:
    session = _text("lswpar.session.txt")
    doc = _doc(session, name="aixglb07")
    assert [(w["name"], w["type"], w["rootvg"]) for w in doc["wpar"]["wpars"]] == [
        ("wpsapdv1", "system", False),
        ("wpsapdv2", "system", True),
    ]
    assert doc["wpar"]["wpars"][1]["disks"] == ["hdisk4", "hdisk5"]
    one = session.replace('lslpp -l "vwpar*"', 'lslpp -l "vwpar.images.52"').replace(
        "vwpar* not", "vwpar.images.52 not"
    )
    assert "state no field" in _refusal(one, name="aixglb07")  # one fileset missing says nothing of the others


def test_a_paste_no_section_of_which_parses_is_refused_in_one_line() -> None:
    text = "# lshwres -r mem -m sys1 --level lpar -F lpar_name,curr_mem\nlpar1,8192\n# lshwres -r proc -m sys1\nx\n"
    message = _refusal(text)
    assert message.startswith("no command output in it could be parsed: ")
    assert message.count("this is not 'lshwres' output") == 2


def test_a_shell_trace_splits_a_script_log_at_its_commands() -> None:
    """Was: a `sh -x` log ("+ oslevel -s" before each output) was one lparstat -i output with unknown lines:
    the oslevel lost. The trace's "+ " (nested "++ ") marks each command as a prompt does."""
    text = (
        "+ hostname\naixtr01\n+ oslevel -s\n7200-05-07-2346\n++ date\nTue Nov 24 10:00:00 CET 2026\n+ lparstat -i\n"
        + load("lparstat_i.s2.txt")
    )
    assert [s.command for s in split_bundle(text)] == ["hostname", "oslevel -s", "date", "lparstat -i"]
    doc = _doc(text)
    assert doc["os"] == {"version": "7.2", "tl": 5, "sp": 7}
    assert doc["cpu"]["entitled_capacity"] == parse_output(load("lparstat_i.s2.txt")).data["entitled_capacity"]


def test_plus_signs_inside_outputs_are_no_trace() -> None:
    text = "# ps -efZ\n" + "     root  4587620  1  0 10:00 - 0:00  64K 64K 64K 64K  disp+work pf=x\n" * 3
    assert [s.command for s in split_bundle(text)] == ["ps -efZ"]
    assert [s.command for s in split_bundle("+5 more lines\n+ 3 were cut\n")] == [None]


@pytest.mark.parametrize("mark", ["'", "\u2019"])
def test_swiss_apostrophe_grouped_thousands(mark: str) -> None:
    """Was: "24'576 MB" (de_CH, it_CH) left out as unreadable. An apostrophe is never a decimal mark: groups of
    three after it are one number, as with a blank; "12'28" is not."""
    text = load("lparstat_i.s2.txt")
    line = next(x for x in text.splitlines() if x.startswith("Online Memory"))
    value = line.split(":", 1)[1].split()[0]
    mb = int(value)
    grouped = f"{mb // 1000}{mark}{mb % 1000:03d}" if mb >= 1000 else value
    result = parse_output(text.replace(line, line.replace(value, grouped)), "lparstat -i")
    assert result.data["online_memory_mb"] == mb
    broken = parse_output(text.replace(line, line.replace(value, f"12{mark}28")), "lparstat -i")
    assert "online_memory_mb" not in broken.data
    assert any("not groups of three" in w.reason for w in broken.warnings)
