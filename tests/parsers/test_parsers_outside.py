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


# --- copies cut short: no count, total or absence over them ------------------------------------


def _cut_inside(text: str, marker: str, keep: int = 2) -> str:
    """The text up to ``keep`` characters into the line that starts with ``marker`` (no line end)."""
    start = text.index(marker)
    return text[: start + keep]


def _bundle(host: str, *sections: tuple[str, str]) -> str:
    head = f'#### advisor-bundle format="1" host="{host}" ####\n'
    return head + "".join(f'#### advisor-bundle command="{c}" host="{host}" ####\n{t}' for c, t in sections)


def test_npiv_counts_are_not_taken_from_a_cut_lsmap() -> None:
    """Was: a copy cut inside the first vfchost block gave adapters.npiv_vfc_adapters 1 (of 3)."""
    whole = load("lsmap.npiv.synthetic.txt")
    cut = whole[: whole.index("Ports logged in:2") + 5]  # inside the first vfchost block
    text = _bundle("vios1", ("ioslevel", "3.1.4.10\n"), ("lsmap -all -npiv", cut))
    loaded = load_text(text, "vios.bundle")
    assert loaded.model.adapters is None or loaded.model.adapters.npiv_vfc_adapters is None
    assert any("cut short" in r and "vfchost counts" in r for r in _reasons(loaded))
    whole_loaded = load_text(_bundle("vios1", ("ioslevel", "3.1.4.10\n"), ("lsmap -all -npiv", whole)), "v.bundle")
    assert whole_loaded.model.adapters.npiv_vfc_adapters == 3


def test_adapter_counts_are_not_taken_from_a_cut_lsdev_listing() -> None:
    whole = load("lsdev_adapter.vios.synthetic.txt")
    text = _bundle("vios1", ("ioslevel", "3.1.4.10\n"), ("lsdev -type adapter", _cut_inside(whole, "vhost0", 4)))
    loaded = load_text(text, "vios.bundle")
    assert loaded.model.adapters is None
    assert any("adapter listing is cut short" in r for r in _reasons(loaded))


@pytest.mark.parametrize("keep", [1, 3])
def test_swap_is_not_totalled_over_a_swapinfo_cut_inside_a_row(keep: int) -> None:
    """Was: cut inside the second dev line, swap_gb was 8 GB (of 26)."""
    whole = load("swapinfo.hpux1131-tam.synthetic.txt")
    text = _bundle(
        "hpux01",
        ("machinfo", load("machinfo.hpux1131.synthetic.txt")),
        ("swapinfo -tam", _cut_inside(whole, "dev       16384", keep)),
    )
    loaded = load_text(text, "hp.bundle")
    assert loaded.model.swap_gb is None and loaded.model.memory_gb is not None
    assert any("swapinfo is cut short" in r for r in _reasons(loaded))


def test_a_swapinfo_t_listing_without_its_total_line_lost_rows() -> None:
    """Was: a copy that ended after the first dev line (whole lines) gave swap_gb 8 GB (of 26)."""
    whole = load("swapinfo.hpux1131-tam.synthetic.txt")
    head = whole[: whole.index("dev       16384")]
    loaded = load_text(
        _bundle("hpux01", ("machinfo", load("machinfo.hpux1131.synthetic.txt")), ("swapinfo -tam", head)), "hp.bundle"
    )
    assert loaded.model.swap_gb is None
    assert any("prints a total line and this output has none" in r for r in _reasons(loaded))


def test_swap_rows_that_do_not_add_up_to_the_total_line_give_no_swap() -> None:
    whole = load("swapinfo.hpux1131-tam.synthetic.txt")
    missing = "".join(line for line in whole.splitlines(keepends=True) if "vgswap" not in line)
    loaded = load_text(
        _bundle("hpux01", ("machinfo", load("machinfo.hpux1131.synthetic.txt")), ("swapinfo -tam", missing)),
        "hp.bundle",
    )
    assert loaded.model.swap_gb is None
    assert any("add up to 75454 MB, the total line says 91838 MB" in r for r in _reasons(loaded))
    full = load_text(
        _bundle("hpux01", ("machinfo", load("machinfo.hpux1131.synthetic.txt")), ("swapinfo -tam", whole)), "hp.bundle"
    )
    assert full.model.swap_gb == 26.0


_LSLPP = """\
  Fileset                      Level  State      Description
  ----------------------------------------------------------------------------
Path: /usr/lib/objrepos
  bos.rte                    7.2.5.100  COMMITTED  Base Operating System Runtime
  devices.fcp.disk.ibm.mpio.rte
                             1.0.0.24  COMMITTED  IBM MPIO FCP Disk Device
  devices.sddpcm.72.rte      2.7.1.1  COMMITTED  IBM SDD PCM for AIX V72
"""


def test_a_cut_lslpp_listing_does_not_say_sddpcm_is_absent() -> None:
    """Was: a copy cut inside the sddpcm line said wpar.sddpcm_installed false (a full listing without it)."""
    whole = load_text(_bundle("aix1", ("lslpp -l", _LSLPP)), "l.bundle", name="aix1")
    assert whole.model.wpar.sddpcm_installed is True
    sections = (("oslevel -s", "7200-05-03-2148\n"), ("lslpp -l", _LSLPP[: _LSLPP.index("devices.sddpcm") + 9]))
    cut = load_text(_bundle("aix1", *sections), "l.bundle", name="aix1")
    assert cut.model.os.tl == 5
    assert cut.model.wpar is None or cut.model.wpar.sddpcm_installed is None


def test_wpars_are_not_built_from_a_cut_lswpar_d() -> None:
    wpars = load("lswpar.aix71.synthetic.txt")
    devices = load("lswpar.D.synthetic.txt")
    lslpp = load("lslpp_l.s2-sddpcm.txt")
    cut = devices[: len(devices) - 8]
    loaded = load_text(
        _bundle("aix1", ("lswpar", wpars), ("lslpp -l", lslpp), ("lswpar -D", cut)), "w.bundle", name="aix1"
    )
    assert loaded.model.wpar is None or loaded.model.wpar.wpars is None
    assert any("all of lswpar -D (it is cut short" in r for r in _reasons(loaded))


def test_an_lfarea_statement_cut_inside_its_continuation_is_left_out() -> None:
    """Was: the member cut after 'LFAREA=(1M=(10%),' gave lfarea 'LFAREA=(1M=(10%),' as the statement."""
    from advisor.parsers import ieasys

    whole = load("ieasys.synthetic.txt")
    result = ieasys.parse(whole[: whole.index("        2G=(12,10))") + 4])
    assert "lfarea" not in result.data and result.data["lfarea_specified"] is True
    assert any("cut short; lfarea left out" in w.reason for w in result.warnings)
    assert ieasys.parse(whole).data["lfarea"] == "LFAREA=(1M=(10%),2G=(12,10))"


def test_a_cut_that_leaves_no_value_on_its_line_is_still_reported() -> None:
    from advisor.parsers.registry import parse_output

    text = load("lparstat_i.s2.txt")
    result = parse_output(text[: text.index("Memory Mode") + 2], "lparstat -i")
    assert result.warnings[-1].line == "Me" and "cut short" in result.warnings[-1].reason


def test_a_partition_that_is_not_activated_has_no_zero_cpu_or_memory() -> None:
    """Was: sapdr01 (Not Activated) had entitled_capacity 0.0, 0 virtual processors and 0 GB of memory."""
    loaded = load_text(session("hmc-not-activated.synthetic.txt"), "hmc.txt")
    parts = {p.name: p for p in loaded.model.partitions}
    assert parts["sapdr01"].kind == "aix-lpar" and parts["sapdr01"].cpu is None and parts["sapdr01"].memory is None
    assert parts["sapprd01"].cpu.entitled_capacity == 2.5 and parts["sapprd01"].memory.desired_gb == 64.0
    notes = [w for w in loaded.warnings if "not activated" in w.reason]
    assert [(w.line_no, w.reason.split(",")[0]) for w in notes] == [
        (6, "partitions[sapdr01]: curr_mem=0"),
        (9, "partitions[sapdr01]: curr_procs=0"),
    ]


def test_a_script_typescript_with_coloured_prompts_splits_at_its_prompts() -> None:
    """Was: the ANSI-coloured prompts were no prompts: the host and the command lines were lost."""
    loaded = load_text(session("sles-typescript-ansi.synthetic.txt"), "typescript")
    # the z/VM partition is named by sysinfo's LPAR Name (session 6), no longer by the guest's prompt host
    assert (loaded.model.kind, loaded.model.name, loaded.model.machine) == ("zvm-lpar", "ZVMLP44", "z14")
    assert loaded.model.zvm.version == "7.2"
    assert loaded.provenance["machine"].command_line == "lscpu"
    commands = {w.command for w in loaded.warnings}
    # each output was cut at its own prompt: no /proc/sysinfo line was read as an unknown lscpu line (the
    # control sequences between them are no lines since session 4), and the last prompt was seen
    assert "exit" in commands and "lscpu" not in commands and "cat /proc/sysinfo" not in commands


def test_control_sequences_around_a_prompt_are_not_part_of_it() -> None:
    line = "\x1b[?2004h\x1b]0;root@lnx01: ~\x07\x1b[01;32mroot@lnx01\x1b[00m:\x1b[01;34m~\x1b[00m# lscpu"
    assert prompt(line) == ("lnx01", "lscpu")


def _vios_adapters(sample: str):
    text = f"$ ioslevel\n2.2.6.65\n$ lsdev -type adapter\n{load(sample)}"
    return load_text(text, "vios.txt", name="vios1")


def test_ten_hundred_thousand_base_tx_ports_are_1_gb_ports() -> None:
    """Was: '10/100/1000 Base-TX' read as a '100/...' speed: both Ethernet counts left out."""
    adapters = _vios_adapters("lsdev_adapter.vios-power8.synthetic.txt").model.adapters
    assert (adapters.eth_1g_ports, adapters.eth_10g_ports) == (2, 2)
    assert (adapters.npiv_vfc_adapters, adapters.virtual_eth_adapters, adapters.fc_8g_ports) == (1, 1, 0)


def test_a_10_1_gbe_port_is_neither_counted_as_1_nor_as_10_gb() -> None:
    """Was: 'PCIe2 2-port 10/1GbE BaseT' counted as two 1 Gb ports."""
    loaded = _vios_adapters("lsdev_adapter.vios-10-1gbe.synthetic.txt")
    assert loaded.model.adapters.eth_1g_ports is None and loaded.model.adapters.eth_10g_ports is None
    assert sum("cannot tell the speed of ent0" in r for r in _reasons(loaded)) == 2


# --- HP-UX machinfo in the shapes of public inventory fixtures ------------------------------------


def test_a_superdome2_partition_has_its_active_cores_and_no_redacted_name() -> None:
    text = load("machinfo.hpux1131-sd2-partition.synthetic.txt")
    with pytest.raises(DocumentError, match="--name"):  # "Nodename: HOSTNAME" is a redaction
        load_text(text, "m.txt")
    loaded = load_text(text, "m.txt", name="sapsd2")
    assert (loaded.model.os_version, loaded.model.cores, loaded.model.memory_gb) == ("11iv3", 6, 16380 / 1024)


def test_hpux_1123_enabled_sockets_give_no_core_count_it_does_not_state() -> None:
    loaded = load_text(load("machinfo.hpux1123-enabled-sockets.synthetic.txt"), "m.txt")
    assert (loaded.model.name, loaded.model.os_version, loaded.model.memory_gb) == ("sapcell02", "11iv2", 65448 / 1024)
    assert loaded.model.cores is None  # "Number of CPUs = 16" is the complex, not this partition's cores


def test_a_pa_risc_machinfo_is_not_an_itanium_server() -> None:
    """Was: a PA-RISC rp4440 became an hpux-server document (HP-UX on Itanium)."""
    with pytest.raises(DocumentError, match=r"PA-RISC server \(Machine: 9000/800\)"):
        load_text(load("machinfo.hpux1131-parisc.synthetic.txt"), "m.txt")


def test_a_blog_session_with_commands_the_advisor_does_not_read() -> None:
    loaded = load_text(session("aix-blog-mixed-commands.synthetic.txt"), "blog.txt")
    model = loaded.model
    assert (model.name, model.processor, model.cpu.mode, model.cpu.smt) == ("DEVAIX07", "POWER8", "dedicated", 4)
    assert (model.cpu.entitled_capacity, model.cpu.virtual_processors, model.memory.desired_gb) == (2.0, 2, 60.25)
    unread = sorted(w.command for w in loaded.warnings if "no parser for command" in w.reason)
    assert unread == ["bindprocessor -q", "lscfg -vp | grep WAY", "lsdev -Cc processor", "smtctl"]
    assert loaded.provenance["cpu.smt"].command_line == "lparstat -i"


def test_two_systems_under_one_named_command_are_refused_too() -> None:
    """Was: with the command named (the API's outputs[]), the two lparstat -i were read as one output."""
    from advisor.inputs import TextInput, load_texts

    with pytest.raises(DocumentError, match="different hosts"):
        load_texts([TextInput(session("two-lpars-pasted.synthetic.txt"), "outputs[0]", "lparstat -i")])
    text = load("lparstat_i.s2.txt")
    loaded = load_texts([TextInput(text + "\n" + text, "outputs[0]", "lparstat -i")])
    assert loaded.model.cpu.entitled_capacity == 2.0
    assert {s.command_line for s in loaded.provenance.values()} == {"lparstat -i"}
