"""Outputs in shapes the earlier tests did not have, as an outside tester sends them (issue 16).

Each test feeds one shape (another prompt, a wrapped HMC line, two systems in one paste, a redacted
name, another OS level or locale) through the same path as `advisor parse` and checks the values the
text states, or the warning or refusal that says why a value is not given. Each shape that was once
read silently wrong says so in its docstring.
"""

from __future__ import annotations

import pytest

from advisor.documents.errors import DocumentError
from advisor.inputs import load_text
from advisor.parsers import ps_z
from advisor.parsers.prompts import prompt
from tests.parsers.parser_samples import load
from tests.parsers.test_parsers_real_world import session


def _reasons(loaded) -> list[str]:
    return [w.reason for w in loaded.warnings]


# --- ps -eZ ----------------------------------------------------------------------------------


@pytest.mark.parametrize("digit", ["\u00b2", "\u0661", "\uff11", "\u2460"])
def test_a_unicode_digit_in_the_pid_column_is_a_warning_not_an_error(digit: str) -> None:
    """Was: int() raised ValueError on '²' (str.isdigit() is true for it), caught as a parse error."""
    text = (
        "     PID    TTY  TIME DPGSZ SPGSZ TPGSZ SHMPGSZ CMD\n"
        "       1      -  0:01    4K    4K    4K      4K init\n"
        f"     {digit}23      -  0:00   64K   64K    4K     64K disp+work\n"
    )
    result = ps_z.parse(text)
    assert [p["pid"] for p in result.data["processes"]] == [1]
    assert [w.line_no for w in result.warnings] == [3]
    assert "does not fit" in result.warnings[0].reason


def test_a_unicode_digit_in_the_ppid_column_leaves_the_ppid_out() -> None:
    text = "UID PID PPID DPGSZ SPGSZ TPGSZ SHMPGSZ CMD\nroot 7 \u00b9 4K 4K 4K 4K x\n"
    row = ps_z.parse(text).data["processes"][0]
    assert row["pid"] == 7 and row["ppid"] == "\u00b9"  # kept as the text shows it, never a number


# --- HMC sessions ----------------------------------------------------------------------------


def test_an_hmc_line_wrapped_by_the_terminal_never_gives_the_cut_value() -> None:
    """Was: curr_mem=655 (of 65536) read as 0.64 GB of memory, the rest of the line only warned about."""
    loaded = load_text(session("hmc-wrapped.synthetic.txt"), "hmc.txt")
    parts = {p.name: p for p in loaded.model.partitions}
    assert parts["vios1"].memory_gb == 8.0
    assert parts["sapprd01"].memory is None or parts["sapprd01"].memory.desired_gb is None
    wrapped = [w for w in loaded.warnings if "wrapped" in w.reason]
    assert [(w.line_no, w.reason.split(":")[0]) for w in wrapped] == [
        (6, "curr_mem"),
        (7, "the rest of the line before, wrapped by the terminal"),
    ]


def test_an_hmc_line_wrapped_inside_an_attribute_name_keeps_the_whole_attributes() -> None:
    from advisor.parsers import lshwres

    text = (
        "lpar_name=sapprd01,lpar_id=2,curr_min_mem=16384,curr_m\n"
        "em=65536,curr_max_mem=131072\n"
        "lpar_name=vios1,lpar_id=1,curr_mem=8192\n"
    )
    result = lshwres.parse(text)
    assert result.data["rows"] == [
        {"lpar_name": "sapprd01", "lpar_id": "2", "curr_min_mem": "16384"},
        {"lpar_name": "vios1", "lpar_id": "1", "curr_mem": "8192"},
    ]
    assert [w.line_no for w in result.warnings] == [1, 2]


def test_an_hmc_listing_cut_inside_an_attribute_says_so() -> None:
    from advisor.parsers import lshwres

    result = lshwres.parse("lpar_name=sapprd01,lpar_id=2,curr_mem=65536,curr_max\n")
    assert result.data["rows"] == [{"lpar_name": "sapprd01", "lpar_id": "2", "curr_mem": "65536"}]
    assert "cut" in result.warnings[0].reason


def test_the_hmc_prompt_does_not_name_the_managed_system() -> None:
    """Was: the document was named after the HMC (hscroot@hmc01) instead of the system -m names."""
    loaded = load_text(session("hmc-wrapped.synthetic.txt"), "hmc.txt")
    assert loaded.model.name == "Server-9009-42A-SN7800ABC"
    assert loaded.provenance["name"].command_line.endswith("-m Server-9009-42A-SN7800ABC")


def test_lssyscfg_listing_every_frame_gives_only_the_one_named_by_m() -> None:
    """Was: both frames' names and processors conflicted and the document was named after the HMC."""
    loaded = load_text(session("hmc-all-frames.synthetic.txt"), "hmc.txt")
    assert loaded.model.name == "Server-9009-42A-SN7800ABC"
    assert loaded.model.processor == "POWER9" and loaded.model.cores == 32
    assert not loaded.conflicts
    assert any("Server-9080-HEX-SN7899XYZ" in r and "not the one" in r for r in _reasons(loaded))


def test_hmc_commands_naming_two_managed_systems_are_refused() -> None:
    text = session("hmc-wrapped.synthetic.txt").replace(
        "lshwres -r mem --level lpar -m Server-9009-42A-SN7800ABC", "lshwres -r mem --level lpar -m Frame2"
    )
    with pytest.raises(DocumentError, match="different hosts"):
        load_text(text, "hmc.txt")


def test_an_hmc_session_without_m_or_lssyscfg_asks_for_the_name() -> None:
    text = "hscroot@hmc01:~> lshwres -r mem --level lpar\n" + load("lshwres_mem_lpar.synthetic.txt")
    with pytest.raises(DocumentError, match="--name"):
        load_text(text + "hscroot@hmc01:~> lssyscfg -r lpar\n" + load("lssyscfg_lpar.synthetic.txt"), "hmc.txt")


# --- prompts ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "host", "command"),
    [
        ("[root@sapaix01:/home/root]# lparstat -i", "sapaix01", "lparstat -i"),
        ("[root@sapaix01:/]#", "sapaix01", None),
        ("[root@lnx01 ~]# lscpu", "lnx01", "lscpu"),
        ("sapaix01 # lparstat -i", "sapaix01", "lparstat -i"),
        ("sapaix01# svmon -G", "sapaix01", "svmon -G"),
        ("sapaix01> oslevel -s", "sapaix01", "oslevel -s"),
        ("hpux01 # machinfo", "hpux01", "machinfo"),
    ],
)
def test_more_prompt_styles_split_a_session(line: str, host: str, command: str | None) -> None:
    assert prompt(line) == (host, command)


@pytest.mark.parametrize(
    "line",
    ["ent0 # not a prompt", "Mode> Uncapped", "word # uptime", "hdisk0> lsdev", "sapaix01 #", "sapaix01> "],
)
def test_a_bare_word_before_a_prompt_sign_is_a_prompt_only_before_a_command_the_advisor_reads(line: str) -> None:
    assert prompt(line) is None


@pytest.mark.parametrize(
    "name",
    ["aix-bracket-path-prompt.synthetic.txt", "aix-host-hash-prompt.synthetic.txt", "aix-host-gt-prompt.synthetic.txt"],
)
def test_sessions_with_other_prompts_keep_every_output(name: str) -> None:
    """Was: `sapaix01 # cmd` and `sapaix01> cmd` were not prompts: oslevel and svmon were dropped as
    unknown lines of lparstat -i; `[root@host:/path]#` made the whole text a broken JSON document."""
    loaded = load_text(session(name), name)
    model = loaded.model
    assert (model.os.version, model.os.tl, model.os.sp) == ("7.2", 5, 3)
    assert model.cpu.entitled_capacity == 2.0 and model.memory.desired_gb == 8.0
    # a bare "sapaix01 # " is no prompt (no command follows it): the last output reports it, nothing more
    assert [w.line.strip() for w in loaded.warnings if "not recognised" in w.reason] in ([], ["sapaix01 #"])
    if "hash" in name:
        assert model.ame.expansion_factor == 1.25 and "svmon -G" in {s.command for s in loaded.provenance.values()}


def test_a_session_opening_with_a_bracket_prompt_is_not_a_json_array() -> None:
    """Was: `[root@lnx01 ~]# lscpu` at the top made the text a JSON document: refused with a JSON error."""
    loaded = load_text(session("rhel-bracket-prompt-first.synthetic.txt"), "s.txt")
    assert (loaded.model.kind, loaded.model.name, loaded.model.machine) == ("zvm-lpar", "lnx01", "z15")
    assert loaded.model.zvm.version == "7.2"


# --- two systems, redaction ------------------------------------------------------------------


def test_two_systems_pasted_one_after_the_other_are_refused() -> None:
    """Was: one lparstat -i of two systems: the first one's values kept, the second's only warned about."""
    with pytest.raises(DocumentError, match=r"different hosts \('aix1' .*'aix2'"):
        load_text(session("two-lpars-pasted.synthetic.txt"), "two.txt")


def test_one_system_pasted_twice_is_still_one_system() -> None:
    text = load("lparstat_i.s2.txt")
    loaded = load_text(text + "\n" + text, "twice.txt")
    assert loaded.model.name == "750_2_AIX1" and loaded.model.cpu.entitled_capacity == 2.0
    assert not loaded.conflicts


def test_a_redacted_name_is_no_name() -> None:
    """Was: the system was named '<hostname>'."""
    text = load("lparstat_i.redacted.synthetic.txt")
    with pytest.raises(DocumentError, match="--name"):
        load_text(text, "redacted.txt")
    loaded = load_text(text, "redacted.txt", name="sapprd01")
    assert loaded.model.name == "sapprd01" and loaded.model.cpu.entitled_capacity == 2.0
    assert sum("redacted name" in r for r in _reasons(loaded)) == 2


# --- jump hosts, sudo ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "host", "command"),
    [
        ("admin@jump01:~ $ ssh root@aix2 lparstat -i", "aix2", "lparstat -i"),
        ('admin@jump01:~ $ ssh -l root -p 22 aix2 "svmon -G"', "aix2", "svmon -G"),
        ("jump01 $ ssh aix2 oslevel -s", "aix2", "oslevel -s"),
        ("admin@jump01:~ $ ssh aix2", "jump01", "ssh aix2"),  # a login: the next prompt names the host
    ],
)
def test_a_command_run_through_ssh_belongs_to_the_remote_host(line: str, host: str, command: str) -> None:
    assert prompt(line) == (host, command)


def test_outputs_of_the_jump_host_and_of_an_ssh_target_are_two_hosts() -> None:
    """Was: refused as no output at all (neither `ssh ... lparstat -i` nor `sudo svmon -G` was a command)."""
    with pytest.raises(DocumentError, match=r"several hosts \(aix2, jump01\)"):
        load_text(session("jump-host-ssh-sudo.synthetic.txt"), "jump.txt")


def test_commands_run_through_sudo_and_pbrun_are_read() -> None:
    loaded = load_text(session("aix-sudo-pbrun.synthetic.txt"), "sudo.txt")
    model = loaded.model
    assert (model.os.version, model.os.tl, model.os.sp) == ("7.2", 5, 3)
    assert model.cpu.entitled_capacity == 2.0 and model.memory.paging_space_gb == 2.0
    commands = {s.command_line for s in loaded.provenance.values()}
    assert commands == {"sudo /usr/sbin/lparstat -i", "sudo -u root svmon -G", "pbrun oslevel -s"}


# --- other levels ----------------------------------------------------------------------------


def test_lsattr_of_an_aix72_hdisk_with_the_true_plus_column() -> None:
    loaded = load_text(session("aix-lsattr-hdisk72.synthetic.txt"), "hdisk.txt")
    disk = loaded.model.storage.disks[0]
    assert (disk.name, disk.queue_depth, disk.max_transfer_kb) == ("hdisk0", 20, 512)
    assert (disk.reserve_policy, disk.algorithm) == ("single_path", "fail_over")
    assert disk.pvid == "00f6db0a6c7aac5e0000000000000000"
    assert not [w for w in loaded.warnings if "not recognised" in w.reason]  # PR_key_value is an attribute


def test_power10_firmware_has_four_release_digits() -> None:
    """Was: FW1050.10 was no firmware level the advisor could read (a note); 1050 is what it states."""
    loaded = load_text(load("lslic_sys.power10.synthetic.txt"), "lslic.txt", kind="managed-system", name="p10")
    assert loaded.model.firmware_level == 1050


def test_large_pages_set_for_the_next_boot_only_are_noted() -> None:
    loaded = load_text(load("vmo_L.lgpg-pending.synthetic.txt"), "vmo.txt", name="sapaix01")
    assert loaded.model.memory.large_page_gb == 0.0  # the current value, as printed
    notes = [w.reason for w in loaded.warnings if "after the next reboot" in w.reason]
    assert notes == [
        "lgpg_regions is 0 now and 40 after the next reboot; the current value is used",
        "lgpg_size is 0 now and 16777216 after the next reboot; the current value is used",
    ]
