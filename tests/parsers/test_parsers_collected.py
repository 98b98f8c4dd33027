"""Outputs the collectors gather (lswpar, lsmap, swapinfo, parstatus, mpsched, psrset, chatr, /proc/sysinfo):
values as printed, and refusals or warnings where a value cannot be read for sure."""

from __future__ import annotations

import pytest

from advisor.parsers import ParseError, detect, parse_output
from tests.parsers.parser_samples import load


def test_lswpar_list_with_and_without_the_rootvg_column() -> None:
    rows = parse_output(load("lswpar.aix71.synthetic.txt"), "lswpar").data["wpars"]
    assert [(r["name"], r["type"], r["rootvg"]) for r in rows] == [
        ("sapwp01", "S", "no"),
        ("sapwp02", "S", "yes"),
        ("appwp01", "A", "no"),
    ]
    old = parse_output(load("lswpar.aix61.synthetic.txt"), "lswpar").data["wpars"]
    assert "rootvg" not in old[0] and old[1]["state"] == "D"  # AIX 6.1 prints no RootVG WPAR column


def test_lswpar_devices_tell_empty_cells_apart() -> None:
    devices = parse_output(load("lswpar.D.synthetic.txt"), "lswpar -D").data["devices"]
    fcs2 = next(d for d in devices if d["device"] == "fcs2")
    assert fcs2 == {
        "wpar": "sapwp01",
        "device": "fcs2",
        "type": "adapter",
        "virtual_device": "",
        "rootvg": "",
        "status": "EXPORTED",
    }
    hdisk4 = next(d for d in devices if d["device"] == "hdisk4")
    assert (hdisk4["virtual_device"], hdisk4["rootvg"]) == ("hdisk0", "yes")
    five = "Name Device Name Type Virtual Device RootVG Status\nw1 hdisk7 disk no EXPORTED\n"
    assert parse_output(five, "lswpar -D").data["devices"][0]["rootvg"] == "no"


def test_lswpar_rows_without_a_header_are_refused() -> None:
    with pytest.raises(ParseError):
        parse_output("sapwp01   A      S     sapwp01   /wpars/sapwp01   no\n", "lswpar")


def test_lswpar_bad_rows_are_warned_not_read() -> None:
    text = load("lswpar.aix71.synthetic.txt") + "oddwp    A      S     oddwp     /wpars/oddwp     maybe\n"
    result = parse_output(text, "lswpar")
    assert "oddwp" not in [r["name"] for r in result.data["wpars"]]
    assert any("neither yes nor no" in w.reason for w in result.warnings)


def test_lsmap_vscsi_both_layouts() -> None:
    new = parse_output(load("lsmap.vios31.synthetic.txt"), "lsmap -all")
    assert [v["client_id"] for v in new.data["vhosts"]] == [3, 0]
    assert [t["backing_device"] for t in new.data["vtds"]] == ["hdisk4", "/var/vio/VMLibrary/aix72.iso"]
    assert new.provenance["vtds.0.backing_device"].line.startswith("Backing device        hdisk4")
    old = parse_output(load("lsmap.vios22-old.synthetic.txt"), "lsmap -all").data["vtds"]
    assert [t["vtd"] for t in old] == ["lpar2_rootvg", "lpar2_data"] and "mirrored" not in old[0]


def test_lsmap_npiv_counts_unmapped_adapters_and_leaves_empty_cells_out() -> None:
    data = parse_output(load("lsmap.npiv.synthetic.txt"), "lsmap -all -npiv").data
    assert [v["name"] for v in data["vfchosts"]] == ["vfchost0", "vfchost1", "vfchost2"]
    assert data["vfchosts"][2] == {
        "name": "vfchost2",
        "physloc": "U9009.42A.7800ABC-V1-C32",
        "client_id": 0,
        "status": "NOT_LOGGED_IN",
        "ports_logged_in": 0,
        "flags": "4<NOT_MAPPED,NOT_CONNECTED>",
    }
    assert [m["fc_name"] for m in data["fc_mappings"]] == ["fcs0", "fcs0"]


def test_swapinfo_units_from_the_header() -> None:
    mb = parse_output(load("swapinfo.hpux1131-tam.synthetic.txt"), "swapinfo -tam").data
    assert [a["avail_mb"] for a in mb["areas"]] == [8192, 16384, 2048] and mb["memory_mb"] == 65214
    kb = parse_output(load("swapinfo.hpux1123-ta.synthetic.txt"), "swapinfo -ta").data
    assert kb["unit"] == "Kb" and kb["areas"][0]["avail_mb"] == 4096  # 4194304 KB


def test_swapinfo_without_its_unit_line_reads_no_size() -> None:
    text = "".join(load("swapinfo.hpux1131-tam.synthetic.txt").splitlines(keepends=True)[1:])
    with pytest.raises(ParseError):  # nothing left that can be read for sure
        parse_output(text, "swapinfo -tam")


def test_parstatus_partitions_and_local_number() -> None:
    data = parse_output(load("parstatus.rp8440.synthetic.txt"), "parstatus").data
    assert data["partitions"] == [
        {"number": 0, "status": "active", "cells": 2, "name": "sapprd"},
        {"number": 1, "status": "active", "cells": 1, "name": "saptst"},
    ]
    assert parse_output(load("parstatus.w.synthetic.txt"), "parstatus -w").data == {"local_partition": 0}


def test_mpsched_and_psrset() -> None:
    sched = parse_output(load("mpsched.hpux1131.synthetic.txt"), "mpsched -s").data
    assert sched["locality_domains"] == 2 and sched["domains"][1]["processors"] == [4, 5, 6, 7]
    sets = parse_output(load("psrset.two-sets.synthetic.txt"), "psrset").data["psets"]
    assert [(s["pset"], s["spus"], s["iointr"]) for s in sets] == [
        (0, [0, 1], "ALLOW"),
        (1, [2, 3, 4, 5, 6, 7], "DENY"),
    ]


def test_psrset_cut_last_line_is_not_trusted() -> None:
    text = load("psrset.default.synthetic.txt").replace("LASTSPU             DFLTPSET\n", "")
    cut = text.rstrip("\n").rsplit("\n", 1)[0] + "\nSPU_LIST 0 1"  # the text stops inside a SPU_LIST line
    result = parse_output(cut, "psrset")
    assert result.data["psets"][0]["spus"] == [0, 1, 2, 3, 4, 5, 6, 7]
    assert any("ends inside this line" in w.reason for w in result.warnings)


def test_chatr_segment_hints() -> None:
    large = parse_output(load("chatr.disp+work-large.synthetic.txt"), "chatr disp+work").data
    assert large["program"] == "/usr/sap/PRD/SYS/exe/run/disp+work"
    assert [(s["type"], s["size"]) for s in large["segments"]] == [("text", "64M"), ("data", "L")]
    default = parse_output(load("chatr.disp+work-default.synthetic.txt"), "chatr").data
    assert [s["size"] for s in default["segments"]] == ["D", "D"]


def test_chatr_unknown_hint_is_warned() -> None:
    text = load("chatr.disp+work-large.synthetic.txt").replace("z---c-   64M", "z---c-   3Q")
    result = parse_output(text, "chatr")
    assert [s["type"] for s in result.data["segments"]] == ["data"]
    assert any("page size hint" in w.reason for w in result.warnings)


def test_sysinfo_levels_and_machine() -> None:
    data = parse_output(load("sysinfo.zvm-guest-z14.synthetic.txt"), "cat /proc/sysinfo").data
    assert (data["machine_type"], data["machine_name"]) == ("3906", "z14")
    assert data["lpar"]["cpus_configured"] == 13 and data["lpar"]["name"] == "ZVMLP44"
    assert data["vm"] == [
        {
            "level": 0,
            "name": "ZVMSYS1",
            "control_program": "z/VM 7.2.0",
            "adjustment": 1000,
            "cpus_total": 4,
            "cpus_configured": 4,
            "cpus_standby": 0,
            "cpus_reserved": 0,
        }
    ]
    kvm = parse_output(load("sysinfo.kvm-guest-z15.synthetic.txt")).data
    assert kvm["vm"][0]["control_program"] == "KVM/Linux" and kvm["machine_name"] == "z15"


def test_sysinfo_unknown_machine_type_is_a_warning() -> None:
    text = load("sysinfo.lpar-z16.synthetic.txt").replace("3931", "9999")
    result = parse_output(text, "cat /proc/sysinfo")
    assert "machine_name" not in result.data and result.data["machine_type"] == "9999"
    assert any("not in the table" in w.reason for w in result.warnings)


@pytest.mark.parametrize(
    ("sample", "command"),
    [
        ("lswpar.D.synthetic.txt", "lswpar"),
        ("lsmap.npiv.synthetic.txt", "lsmap -all"),
        ("swapinfo.hpux1123-ta.synthetic.txt", "swapinfo -tam"),
        ("parstatus.w.synthetic.txt", "parstatus"),
        ("mpsched.hpux1131.synthetic.txt", "mpsched -s"),
        ("psrset.default.synthetic.txt", "psrset"),
        ("chatr.disp+work-default.synthetic.txt", "chatr"),
        ("sysinfo.lpar-z16.synthetic.txt", "cat /proc/sysinfo"),
        ("vmcp_mt.enabled.synthetic.txt", "vmcp q multithread"),
    ],
)
def test_detected_without_a_command_name(sample: str, command: str) -> None:
    assert detect(load(sample)) == command


def test_vmcp_multithread_states() -> None:
    assert parse_output(load("vmcp_mt.enabled.synthetic.txt"), "vmcp q mt").data == {"multithreading": "enabled"}
    assert parse_output(load("vmcp_mt.disabled.synthetic.txt"), "vmcp q multithread").data == {
        "multithreading": "disabled"
    }
    missing = "The Multithreading Facility is not installed.\n"
    assert parse_output(missing, "vmcp q multithread").data == {"multithreading": "not installed"}
    with pytest.raises(ParseError):  # an error from vmcp (no privilege) is not an answer
        parse_output("HCPCQV003E Invalid option - MULTITHREAD\n", "vmcp q multithread")
