"""Session 4's outside-shape sweep (issue 16): outputs written fresh in the shapes the commands'
documentation shows and admins paste (other locales, colour codes, terminal wraps, double-spaced
copies), each checked for the values its text states, or the warning that says why a value is left out.
Each shape that was read silently wrong before this session says so in its docstring.
"""

from __future__ import annotations

import pytest

from advisor.documents.errors import DocumentError
from advisor.inputs import load_text
from advisor.parsers.prompts import prompt
from advisor.parsers.registry import parse_output
from tests.parsers.parser_samples import load


def _reasons(result) -> list[str]:
    return [w.reason for w in result.warnings]


# --- blank-grouped thousands (French, Swedish, Polish... locales) --------------------------------


@pytest.mark.parametrize("blank", [" ", "\u00a0", "\u202f"], ids=["space", "nbsp", "narrow-nbsp"])
def test_french_lparstat_reads_blank_grouped_thousands(blank: str) -> None:
    """Was: '12 288 MB' left out with a warning ("not a size in MB"), and the pool's '4 400' too."""
    text = load("lparstat_i.aix72-french.synthetic.txt").replace("\u00a0", blank).replace("\u202f", blank)
    result = parse_output(text, "lparstat -i")
    data = result.data
    assert data["online_memory_mb"] == 12288 and data["maximum_memory_mb"] == 32768
    assert data["minimum_memory_mb"] == 2048 and data["desired_memory_mb"] == 12288
    assert data["maximum_capacity_of_pool"] == 4400 and data["entitled_capacity_of_pool"] == 2265
    assert data["entitled_capacity"] == 2.0 and data["physical_cpu_pct"] == 50.0
    assert not any("cannot read" in r for r in _reasons(result))


def test_a_french_document_is_the_english_one() -> None:
    french = load_text(load("lparstat_i.aix72-french.synthetic.txt"), "fr.txt").model
    assert french.memory is not None and french.memory.max_gb == 32.0 and french.memory.desired_gb == 12.0
    assert french.cpu is not None and french.cpu.entitled_capacity == 2.0 and french.cpu.pool_cores == 44


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("12 28 MB", "not groups of three"),  # two numbers, or a broken copy
        ("1 2288 MB", "not groups of three"),
        ("12  288 MB", "not a size"),  # two blanks: column padding, not a group
        ("12 288,5 MB", "other numbers"),  # a decimal comma where the output's numbers use a point
    ],
)
def test_blank_parted_digits_that_are_not_certain_are_left_out(value: str, why: str) -> None:
    text = (
        "Node Name : aix1\nPartition Name : AIX1\nEntitled Capacity : 2.00\n"
        f"Online Memory : {value}\nMaximum Memory : 32768 MB\n"
    )
    result = parse_output(text, "lparstat -i")
    assert "online_memory_mb" not in result.data and result.data["maximum_memory_mb"] == 32768
    assert any("online_memory_mb" in r and why in r for r in _reasons(result)), _reasons(result)


def test_blank_grouping_beside_mark_grouping_is_refused() -> None:
    """An output whose numbers group with a mark ('1,234.50') does not group with blanks as well."""
    text = (
        "Node Name : aix1\nPartition Name : AIX1\nEntitled Capacity : 1,234.50\n"
        "Online Memory : 12 288 MB\nMaximum Memory : 32768 MB\n"
    )
    result = parse_output(text, "lparstat -i")
    assert "online_memory_mb" not in result.data
    assert any("with a mark" in r for r in _reasons(result))


# --- terminal colour codes in the output itself ---------------------------------------------------


def test_colour_codes_inside_an_output_are_no_part_of_its_values() -> None:
    """Was: a row coloured by `grep --color=always` / `less -R` was no row (vmstat -c lost its first sample),
    a coloured label became another key (netstat -v's "\\x1b[1mAdapter Data Rate" a counter
    "1madapter_data_rate", silently), and 50 of 115 coloured copies of the samples were refused."""
    text = (
        "\x1b[1mSystem configuration: lcpu=8 mem=16384MB ent=2.00 mmode=dedicated-E\x1b[0m\n"
        "\n"
        "kthr    memory              page              faults              cpu\n"
        "----- ----------- ------------------------ ------------ -----------------------\n"
        " r  b   avm   fre  re  pi  po  fr   sr  cy  in   sy  cs us sy id wa    pc    ec\n"
        "\x1b[01;31m\x1b[K 2\x1b[m\x1b[K  0 2559816 173650   0   0   0   0    0   0  31 6524 1843 17  4 79  0"
        "  0.24  12.0\n"
        " 1  0 2560102 173312   0   0   0   0    0   0  27 6210 1790 16  4 80  0  0.22  11.0\n"
    )
    data = parse_output(text, "vmstat").data
    assert [s["r"] for s in data["samples"]] == [2, 1]
    assert [s["avm_pages"] for s in data["samples"]] == [2559816, 2560102]


def test_a_coloured_session_reads_as_the_plain_one() -> None:
    plain = load("lparstat_i.s2.txt")
    coloured = "".join(
        f"\x1b[1;34m{line}\x1b[0m\n" if i % 2 else f"{line}\n" for i, line in enumerate(plain.splitlines())
    )
    assert parse_output(coloured, "lparstat -i").data == parse_output(plain, "lparstat -i").data


# --- terminal wraps, double-spaced copies, pager prompts, listings pasted twice ---------------------


def test_a_wrapped_configuration_banner_gives_no_memory_without_its_unit() -> None:
    """Was: an 80-column terminal wrapped the banner inside "mem=14336MB": mem=14 was kept as a value."""
    text = (
        "System configuration: type=Shared mode=Uncapped mmode=Shar-E smt=8 lcpu=16 mem=14\n"
        "336MB tmem=8192MB psize=16 ent=2.00\n"
        "\n"
        "%user  %sys  %wait  %idle physc %entc  lbusy   vcsw phint  %xcpu xphysc    dxm\n"
        "----- ----- ------ ------ ----- ----- ------ ------ ----- ------ ------ ------\n"
        " 12.1   3.2    0.1   84.6  0.36  18.0    4.2   1204     0    1.2 0.0043      0\n"
    )
    result = parse_output(text, "lparstat -c")
    configuration = result.data["configuration"]
    assert "mem" not in configuration and "mem_mb" not in configuration
    assert configuration["smt"] == 8 and configuration["lcpu"] == 16
    assert any("mem=14: " in r and "left out" in r for r in _reasons(result))


IEASYS = (
    "CLPA,                           BUILD NEW LPA                           00020000\n"
    "CSA=(3000,250M),                MVS/XA CSA RANGE                        00040000\n"
    "LFAREA=(1M=(8%),                                                        00050000\n"
    "        2G=(4,2)),              LARGE FRAME AREA                        00060000\n"
    "MAXUSER=255,                    SYS TASKS + INITS + TSOUSERS            00080000\n"
    "SQA=(12,24)                     SQA SIZE                                00110000\n"
)


@pytest.mark.parametrize(
    "text",
    [
        IEASYS.replace("\n", "\r\r\n"),  # a double-spaced copy: a blank line after every line
        IEASYS.replace(
            "        2G=", "/* 2G FRAMES FOR DB2 BUFFER POOLS */                            00055000\n        2G="
        ),
    ],
    ids=["double-spaced", "comment-inside"],
)
def test_an_lfarea_statement_continues_over_blank_and_comment_lines(text: str) -> None:
    """Was: the statement ended at the blank or comment line: lfarea "LFAREA=(1M=(8%)," (double-spaced) or
    "LFAREA=(1M=(8%),/*" (comment), kept as written."""
    result = parse_output(text, "IEASYSxx")
    assert result.data["lfarea"] == "LFAREA=(1M=(8%),2G=(4,2))"
    assert not any("LFAREA" in r for r in _reasons(result))


def test_a_device_listing_pasted_twice_counts_each_device_once() -> None:
    """Was: every disk counted twice (12 disks of 6) when the same `lsdev -Cc disk` was pasted twice."""
    listing = "".join(f"hdisk{i}  Available 05-00-01 MPIO IBM 2076 FC Disk\n" for i in range(6))
    result = parse_output(listing + "\n" + listing, "lsdev -Cc disk")
    assert [d["name"] for d in result.data["disks"]] == [f"hdisk{i}" for i in range(6)]
    assert sum("a second listing" in r for r in _reasons(result)) == 6


def test_psrset_pasted_twice_lists_each_processor_set_once() -> None:
    text = (
        "PSET                0\nSPU_LIST            0    1\nOWNID               0\n"
        "PSET                1\nSPU_LIST            2    3    4    5\nOWNID               0\n"
    )
    result = parse_output(text + text, "psrset")
    assert [(p["pset"], p["spus"]) for p in result.data["psets"]] == [(0, [0, 1]), (1, [2, 3, 4, 5])]
    assert sum("listed twice" in r for r in _reasons(result)) == 2


SVMON_AME = (
    "               size       inuse        free         pin     virtual  available   mmode\n"
    "memory      3670016     2420316     1249700      627556     1874186    1601478   Ded-E\n"
    "\n"
    "PageSize   PoolSize       inuse        pgsp         pin     virtual  ucomprsd\n"
    "s    4 KB         -     1956492        1012      452292     1410362    925578\n"
    "--------------------------------------------------------------------------------\n"
    "True Memory: {true}\n"
)


def test_svmon_true_memory_with_blank_groups_is_no_page_size_row() -> None:
    """Was: "True Memory: 2 097 152" was read as a page-size row true_memory (poolsize 2, inuse 97, pgsp 152)."""
    result = parse_output(SVMON_AME.format(true="2\u00a0097\u00a0152"), "svmon -G")
    assert result.data["true_memory_pages"] == 2097152 and list(result.data["page_sizes"]) == ["4K"]
    broken = parse_output(SVMON_AME.format(true="2 09 7152"), "svmon -G")
    assert "true_memory_pages" not in broken.data and list(broken.data["page_sizes"]) == ["4K"]
    assert any("true_memory_pages" in r and "groups of three" in r for r in _reasons(broken))


def test_pager_prompts_are_no_part_of_an_output() -> None:
    """Was: `more`'s "--More--(45%)" inside netstat -v's Driver Flags continuation became a driver flag."""
    text = (
        "-------------------------------------------------------------\n"
        "ETHERNET STATISTICS (ent0) :\n"
        "Device Type: Virtual I/O Ethernet Adapter (l-lan)\n"
        "Hardware Address: fa:16:3e:12:34:56\n"
        "General Statistics:\n"
        "-------------------\n"
        "No mbuf Errors: 0\n"
        "Adapter Reset Count: 0\n"
        "Adapter Data Rate: 20000\n"
        "Driver Flags: Up Broadcast Running\n"
        "--More--(45%)\b\b\b\b\b\b\b\b\b\b\b\b\b\n"
        "        Simplex 64BitSupport ChecksumOffload\n"
        "        DataRateSet VIOENT\n"
    )
    result = parse_output(text, "netstat -v")
    flags = result.data["adapters"]["ent0"]["general"]["driver_flags"]
    assert flags == [
        "Up",
        "Broadcast",
        "Running",
        "Simplex",
        "64BitSupport",
        "ChecksumOffload",
        "DataRateSet",
        "VIOENT",
    ]
    assert result.warnings == []


# --- lscpu of an older util-linux -----------------------------------------------------------------

OLD_LSCPU = (  # util-linux 2.19 (SLES 11 SP4): no "Hypervisor:" line, the vendor is IBM for z/VM and PR/SM alike
    "Architecture:          s390x\nCPU op-mode(s):        32-bit, 64-bit\nByte Order:            Big Endian\n"
    "CPU(s):                4\nOn-line CPU(s) list:   0-3\nThread(s) per core:    1\nCore(s) per socket:    1\n"
    "Socket(s) per book:    4\nBook(s):               1\nVendor ID:             IBM/S390\n"
    "BogoMIPS:              2913.00\n"
    "Hypervisor vendor:     IBM\nVirtualization type:   full\nDispatching mode:      horizontal\n"
    "L1d cache:             128K\nL1i cache:             96K\nL2d cache:             2048K\n"
    "L2i cache:             2048K\n"
)
SYSINFO_ZVM = (
    "Manufacturer:         IBM\nType:                 2964\nModel:                701              NE1\n"
    "Sequence Code:        00000000000A1B2C\nPlant:                02\nLPAR Number:          21\n"
    "LPAR Name:            ZLP21\nLPAR CPUs Total:      16\nVM00 Name:            ZVM1\n"
    "VM00 Control Program: z/VM    6.4.0\nVM00 CPUs Total:      4\n"
)


def test_an_old_lscpu_alone_cannot_tell_zvm_from_an_lpar() -> None:
    """Was: refused as "a hypervisor other than z/VM (Hypervisor vendor: IBM)", which z/VM guests show too."""
    with pytest.raises(DocumentError, match="z/VM or a PR/SM LPAR alike; add cat /proc/sysinfo"):
        load_text(OLD_LSCPU, "lscpu.txt")


def test_an_old_lscpu_with_proc_sysinfo_is_a_zvm_guest() -> None:
    """Was: refused even with /proc/sysinfo naming z/VM 6.4 beside it."""
    text = "linux01:~ # lscpu\n" + OLD_LSCPU + "linux01:~ # cat /proc/sysinfo\n" + SYSINFO_ZVM
    loaded = load_text(text, "session.txt")
    # the z/VM partition is named by sysinfo's LPAR Name (session 6), no longer by the guest's prompt host
    assert (loaded.model.kind, loaded.model.name, loaded.model.machine) == ("zvm-lpar", "ZLP21", "z13")
    assert loaded.model.zvm.version == "6.4"


def test_sudo_ssh_from_a_jump_host_is_the_targets_output() -> None:
    """Was: `sudo ssh aix2 svmon -G` typed on jump01 was jump01's prompt with a command no parser reads: the
    output was dropped and the paste refused for stating no field (`ssh aix2 ...` without sudo was already
    aix2's output). Now it is aix2's output, so with jump01's lparstat beside it the paste is two hosts."""
    text = (
        "admin@jump01:~ $ lparstat -i | head -2\n"
        "Node Name                                  : jump01\n"
        "Partition Name                             : JUMP01\n"
        "admin@jump01:~ $ sudo ssh -o BatchMode=yes aix2 svmon -G\n"
        "               size       inuse        free         pin     virtual   mmode\n"
        "memory      4194304     3801226      393078      809440     2934071     Ded\n"
        "pg space    1048576        6841\n"
    )
    assert prompt("admin@jump01:~ $ sudo ssh -o BatchMode=yes aix2 svmon -G") == ("aix2", "svmon -G")
    with pytest.raises(DocumentError, match="several hosts"):
        load_text(text, "session.txt")


def test_a_wrapped_hmc_line_in_a_double_spaced_copy_is_still_a_wrap() -> None:
    """Was: the blank line a double-spaced copy puts after every line ended the row: the wrapped
    `curr_mem=655` gave sapprd01 0.64 GB of memory, silently (the bug session 3 fixed for plain copies)."""
    text = (
        "lpar_name=sapprd01,lpar_id=2,curr_min_mem=16384,curr_mem=655\r\r\n"
        "36,curr_max_mem=131072,pend_min_mem=16384,pend_mem=65536,pend_max_mem=131072\r\r\n"
        "lpar_name=vios1,lpar_id=1,curr_min_mem=4096,curr_mem=8192,curr_max_mem=16384\r\r\n"
    )
    result = parse_output(text, "lshwres -r mem --level lpar -m p9a")
    rows = {row["lpar_name"]: row for row in result.data["rows"]}
    assert "curr_mem" not in rows["sapprd01"] and rows["vios1"]["curr_mem"] == "8192"
    assert any("curr_mem: the line is wrapped inside this value" in r for r in _reasons(result))
    session = load("../sessions/hmc-wrapped.synthetic.txt").replace("\n", "\r\r\n")
    partitions = {p.name: p for p in load_text(session, "hmc.txt").model.partitions}
    assert partitions["sapprd01"].memory is None


@pytest.mark.parametrize(
    "shape",
    [
        lambda t: t.replace("\n", "\r\r\n"),  # double-spaced
        lambda t: "".join(f"\x1b[1m{line}\x1b[0m\n" for line in t.splitlines()),  # every line coloured
    ],
    ids=["double-spaced", "coloured"],
)
def test_two_systems_pasted_in_a_changed_copy_are_still_two(shape) -> None:
    """Was: double-spaced, each line was its own block and the second system's lines joined the first's
    output: one document came out, the second system's values dropped with "repeated with a different
    value" warnings. Coloured, the paste was refused as no known output (the codes hid every label)."""
    one = (
        "Node Name                                  : {name}\n"
        "Partition Name                             : {name}_LPAR\n"
        "Partition Number                           : {n}\n"
        "Type                                       : Shared-SMT-8\n"
        "Mode                                       : Uncapped\n"
        "Entitled Capacity                          : {ec}\n"
        "Online Virtual CPUs                        : 4\n"
        "Online Memory                              : 16384 MB\n"
    )
    text = one.format(name="erp1", n=3, ec="1.00") + "\n" + one.format(name="erp2", n=4, ec="2.00")
    with pytest.raises(DocumentError, match="different hosts"):
        load_text(shape(text), "paste.txt")
