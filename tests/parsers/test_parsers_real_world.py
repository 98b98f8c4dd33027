"""Outputs as admins send them: other locales, cut-off copies, pasted sessions, other hypervisors.

Each case was once read silently wrong (issue 16); each test feeds an output of the real shape and
checks the value its text states, or a warning, or a refusal naming the reason.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from advisor.documents.errors import DocumentError
from advisor.inputs import load_text
from advisor.parsers import lparstat_i, lscpu, machinfo, svmon_g, vmo_l
from advisor.parsers.bundle import parse_bundle
from advisor.parsers.prompts import prompt
from tests.parsers.parser_samples import load

SESSIONS = Path(__file__).parent / "sessions"


def session(name: str) -> str:
    text = (SESSIONS / name).read_text(encoding="utf-8")
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith("#:"))


# --- numbers in other locales ----------------------------------------------------------------


def test_german_thousands_are_read_from_the_whole_output() -> None:
    result = lparstat_i.parse(load("lparstat_i.aix72-german.synthetic.txt"))
    data = result.data
    assert (data["online_memory_mb"], data["maximum_memory_mb"], data["minimum_memory_mb"]) == (12288, 32768, 2048)
    assert data["entitled_capacity"] == 4.0 and data["physical_cpu_pct"] == 100.0
    # whole numbers of the pool: "." groups thousands in an output whose decimal mark is ","
    assert (data["maximum_capacity_of_pool"], data["entitled_capacity_of_pool"]) == (4400, 2265)


def test_german_output_becomes_twelve_gigabytes_not_twelve_megabytes() -> None:
    loaded = load_text(load("lparstat_i.aix72-german.synthetic.txt"), "german.txt")
    assert loaded.model.memory.desired_gb == 12.0
    assert loaded.model.cpu.entitled_capacity == 4.0


def test_a_value_the_locale_cannot_settle_is_warned_not_guessed() -> None:
    text = "Node Name : a\nOnline Memory : 8192 MB\nMinimum Capacity : 1.000\n"  # 1 or 1000: nothing tells
    result = lparstat_i.parse(text)
    assert "minimum_capacity" not in result.data
    assert result.data["online_memory_mb"] == 8192
    assert [w.line_no for w in result.warnings] == [3] and "ambiguous" in result.warnings[0].reason


def test_english_decimals_stay_decimals() -> None:
    text = "Node Name : a\nEntitled Capacity : 0.50\nTotal I/O Memory Entitlement : 77.000 MB\n"
    assert lparstat_i.parse(text).data["total_io_memory_entitlement_mb"] == 77.0


def test_a_grouping_mark_in_a_fraction_field_of_a_german_output_is_refused() -> None:
    text = "Node Name : a\nEntitled Capacity : 0,50\nMinimum Capacity : 1.000\n"  # "." is no decimal here
    result = lparstat_i.parse(text)
    assert result.data["entitled_capacity"] == 0.5 and "minimum_capacity" not in result.data
    assert "no other value groups thousands" in result.warnings[0].reason


# --- cut-off copies -------------------------------------------------------------------------


def _cut_after(text: str, label: str, keep: int) -> str:
    start = text.index(label)
    colon = text.index(":", start)
    return text[: colon + 2 + keep]


@pytest.mark.parametrize(
    "label, key",
    [("Physical CPU Percentage", "physical_cpu_pct"), ("Maximum Capacity of Pool", "maximum_capacity_of_pool")],
)
def test_a_last_line_cut_mid_number_is_not_trusted(label: str, key: str) -> None:
    text = _cut_after(load("lparstat_i.s2.txt"), label, 1)  # "...: 5" of "50.00%", "...: 1" of "1600"
    result = lparstat_i.parse(text)
    assert key not in result.data
    last = result.warnings[-1]
    assert last.line_no == text.count("\n") + 1 and "ends inside this line" in last.reason
    assert result.data["partition_name"]  # the lines before it are kept


def test_the_same_output_with_its_line_end_is_read_in_full() -> None:
    text = _cut_after(load("lparstat_i.s2.txt"), "Maximum Capacity of Pool", 4) + "\n"
    assert lparstat_i.parse(text).data["maximum_capacity_of_pool"] == 1600


def test_a_pasted_session_cut_in_its_last_output_warns_there() -> None:
    text = "root@aix1:/ # lparstat -i\n" + _cut_after(load("lparstat_i.s2.txt"), "Physical CPU Percentage", 1)
    loaded = load_text(text, "paste.txt")
    assert any("ends inside this line" in w.reason for w in loaded.warnings)
    assert loaded.model.cpu.entitled_capacity is not None


# --- svmon -G does not swallow what follows --------------------------------------------------


def test_svmon_then_lsdev_in_a_pasted_session_gives_both() -> None:
    report = parse_bundle(session("aix-svmon-lsdev.synthetic.txt"))
    by_command = {r.command: r for r in report.results}
    assert report.problems == []
    assert len(by_command["lsdev -type disk"].data["disks"]) == 26
    assert by_command["svmon -G"].data["global"]["memory"]["size_pages"] == 4194304


def test_svmon_followed_by_rows_without_numbers_reports_them() -> None:
    text = session("aix-svmon-lsdev.synthetic.txt").split("aixhost:/ # lsdev -Cc disk\n")
    svmon = text[0].split("\n", 1)[1]  # without the prompt line
    disks = text[1].replace("aixhost:/ #\n", "")
    result = svmon_g.parse(svmon + disks[:200].rsplit("\n", 1)[0] + "\n")
    unread = [w.line for w in result.warnings if "not recognised" in w.reason]
    assert unread and all(line.startswith("hdisk") for line in unread)


# --- shell prompts are command boundaries --------------------------------------------------


@pytest.mark.parametrize(
    "line, host, command",
    [
        ("sapapp01:/home/root> lparstat -i", "sapapp01", "lparstat -i"),
        ("sapapp01:/home/root>", "sapapp01", None),
        ("aixhost:/ # svmon -G", "aixhost", "svmon -G"),
        ("aixhost:/ #", "aixhost", None),
        ("[root@lnxz01 /]# lscpu", "lnxz01", "lscpu"),
        ("[root@lnxz01 ~]#", "lnxz01", None),
        ("bash-4.4# machinfo", None, "machinfo"),
        ("bash-4.4#", None, None),
        ("root@db01:/# vmo -L", "db01", "vmo -L"),
        ("root@db01:/#", "db01", None),
        ("root@aix1:/ # lsattr -El mem0", "aix1", "lsattr -El mem0"),
        ("# oslevel -s", None, "oslevel -s"),
        ("$ oslevel -s", None, "oslevel -s"),
    ],
)
def test_prompt_forms(line: str, host: str | None, command: str | None) -> None:
    found = prompt(line)
    assert found is not None and (found.host, found.command) == (host, command)


@pytest.mark.parametrize(
    "line",
    [
        "Partition Name                             : sapapp01",
        "#size:goodsize:mem_exp_factor:ent_mem_cap:var_mem_weight",
        "## Restricted tunables",
        "memory      4194304     3001211     1193093      712345",
        '#### advisor-bundle command="lparstat -i" host="a" ####',
        "Model: 9009-42A",
    ],
)
def test_output_lines_are_not_prompts(line: str) -> None:
    assert prompt(line) is None


@pytest.mark.parametrize(
    "first, second",
    [
        ("sapapp01:/home/root> lparstat -i", "sapapp01:/home/root> oslevel -s"),
        ("[root@sapapp01 /]# lparstat -i", "[root@sapapp01 /]# oslevel -s"),
        ("bash-4.4# lparstat -i", "bash-4.4# oslevel -s"),
        ("root@sapapp01:/# lparstat -i", "root@sapapp01:/# oslevel -s"),
        ("sapapp01:/ #", "sapapp01:/ #"),  # bare prompts: the outputs are recognised by detection
    ],
)
def test_sessions_split_at_every_prompt_style(first: str, second: str) -> None:
    text = f"{first}\n{load('lparstat_i.s2.txt')}{second}\n{load('oslevel_s.synthetic.txt')}"
    report = parse_bundle(text)
    assert sorted(r.command for r in report.results) == ["lparstat -i", "oslevel -s"]
    oslevel = next(r for r in report.results if r.command == "oslevel -s")
    assert oslevel.provenance["version"].line_no == text.split("\n").index(load("oslevel_s.synthetic.txt").strip()) + 1


# --- lscpu: which hypervisor, which caches ------------------------------------------------


@pytest.mark.parametrize(
    "sample, reason",
    [
        ("lscpu.s390x-lpar-smt.synthetic.txt", "directly in a PR/SM LPAR"),
        ("lscpu.s390x-kvm-guest.synthetic.txt", "a KVM guest"),
        ("lscpu.x86-64.synthetic.txt", "lscpu of a x86_64 machine"),
    ],
)
def test_lscpu_other_than_a_zvm_guest_is_refused(sample: str, reason: str) -> None:
    with pytest.raises(DocumentError, match=reason):
        load_text(load(sample), sample, name="LNX1")


def test_lscpu_without_hypervisor_lines_is_refused() -> None:
    text = "\n".join(x for x in load("lscpu.s390x-lpar-smt.synthetic.txt").splitlines() if "Hypervisor" not in x)
    with pytest.raises(DocumentError, match="names no hypervisor"):
        load_text(text + "\n", "lscpu.txt", name="LNX1")


def test_lscpu_under_zvm_makes_a_zvm_document() -> None:
    loaded = load_text(load("lscpu.s390x-zvm-newer.synthetic.txt"), "lscpu.txt", name="ZVM1")
    assert loaded.model.kind == "zvm-lpar" and loaded.model.zvm.version == "7.2"


@pytest.mark.parametrize(
    "line, key, value",
    [
        ("L1d cache:           128K", "l1d_cache_kb", 128),  # util-linux <= 2.33: one cache
        ("L1d cache:           512 KiB", "l1d_cache_total_kb", 512),  # 2.34 - 2.36: sum of all
        ("L2 cache:            16 MiB (4 instances)", "l2_cache_total_kb", 16384),  # 2.37+
    ],
)
def test_lscpu_cache_sizes_by_util_linux_version(line: str, key: str, value: int) -> None:
    data = lscpu.parse(f"Architecture: s390x\nCPU(s): 4\nThread(s) per core: 1\n{line}\n").data
    assert data[key] == value
    assert [k for k in data if "cache" in k and not k.endswith("instances")] == [key]


# --- dedicated partitions' Mode -----------------------------------------------------------


def test_a_dedicated_partitions_donating_mode_is_noted() -> None:
    loaded = load_text(load("lparstat_i.aix72-german.synthetic.txt"), "german.txt")
    notes = [w.reason for w in loaded.warnings if "Mode Donating" in w.reason]
    assert notes and "share_idle_procs_active or share_idle_procs_always" in notes[0]
    assert loaded.model.cpu.mode == "dedicated" and loaded.model.cpu.idle_sharing is None


# --- outputs not read before ----------------------------------------------------------------


def test_hpux_1123_machinfo_name_equals_value() -> None:
    loaded = load_text(load("machinfo.hpux1123.synthetic.txt"), "machinfo.txt")
    doc = loaded.document_json()
    assert doc["name"] == "hpux23" and doc["os_version"] == "11iv2"
    assert doc["memory_gb"] == 8156 / 1024
    assert "cores" not in doc  # 11.23 prints "Number of CPUs", not cores


def test_hpux_1131_processor_line_variants() -> None:
    data = machinfo.parse(load("machinfo.hpux1131-poulson.synthetic.txt")).data["cpu"]
    assert data["processor_model"] == "Intel(R) Itanium(R) Processor 9560"
    assert (data["clock_ghz"], data["cache_mb"], data["sockets"], data["cores"]) == (2.53, 32, 2, 16)
    assert data["logical_processors"] == 32 and data["lcpu_attribute"] is True
    doc = load_text(load("machinfo.hpux1131-poulson.synthetic.txt"), "m.txt").document_json()
    assert doc["cores"] == 16 and doc["os_version"] == "11iv3"


def test_vmo_rows_with_an_empty_unit_and_an_exa_maximum() -> None:
    text = (
        "NAME                      CUR    DEF    BOOT   MIN    MAX    UNIT           TYPE\n"
        "     DEPENDENCIES\n"
        "--------------------------------------------------------------------------------\n"
        "lgpg_regions              0      0      0      0      8E-1                  D\n"
        "--------------------------------------------------------------------------------\n"
        "ame_maxfree_mem           24M    24M    24M    320K   16G    bytes          D\n"
        "--------------------------------------------------------------------------------\n"
    )
    result = vmo_l.parse(text)
    assert result.warnings == []
    assert result.data["tunables"]["lgpg_regions"] == {
        "current": 0,
        "default": 0,
        "boot": 0,
        "min": 0,
        "max": 2**63 - 1,
        "type": "D",
    }
    assert result.data["tunables"]["ame_maxfree_mem"]["max"] == 16 * 2**30


def test_lsattr_colon_form_reads_like_lsattr_el() -> None:
    text = (
        "root@aix1:/ # lsattr -EOl mem0\n#size:goodsize:mem_exp_factor:ent_mem_cap:var_mem_weight\n65536:65536:1.5::\n"
    )
    report = parse_bundle(text)
    (result,) = report.results
    assert result.command == "lsattr -El" and result.command_line == "lsattr -EOl mem0"
    assert result.data == {"size_mb": 65536, "goodsize_mb": 65536, "mem_exp_factor": 1.5}
    assert [w.reason.split(":")[0] for w in result.warnings] == ["ent_mem_cap_kb", "var_mem_weight"]
    bad = parse_bundle("root@aix1:/ # lsattr -EOl mem0\n#size:goodsize\n65536:65536:1.5\n")
    assert bad.results == [] or "2 attributes" in bad.results[0].warnings[0].reason


def test_svmon_memory_size_and_mode() -> None:
    doc = load_text(session("aix-svmon-lsdev.synthetic.txt"), "s.txt", name="x").document_json()
    assert doc["memory"]["desired_gb"] == 16.0 and doc["memory"]["mode"] == "dedicated"  # 4194304 4 KB pages
    expanded = load_text(load("svmon_G.synthetic.txt"), "s.txt", name="x").document_json()
    assert expanded["memory"]["desired_gb"] == 8.0 and expanded["ame"]["enabled"] is True  # True Memory, not size


def test_lsattr_proc0_gives_processor_and_smt() -> None:
    text = "root@aix1:/ # lsattr -El proc0\n" + load("lsattr_proc0.aix.synthetic.txt") + "root@aix1:/ # oslevel -s\n"
    doc = load_text(text + load("oslevel_s.synthetic.txt"), "s.txt", name="aix1").document_json()
    assert doc["processor"] == "POWER9" and doc["cpu"]["smt"] == 8
    off = load_text(text.replace("smt_enabled true ", "smt_enabled false"), "s.txt", name="aix1").document_json()
    assert off["cpu"]["smt"] == 1
