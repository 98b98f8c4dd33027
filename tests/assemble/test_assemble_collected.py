"""The collected outputs into document fields: WPARs, VIOS mappings, HP-UX swap/cells/page hints, /proc/sysinfo;
and what stays out (with a note) when the outputs do not say it for sure."""

from __future__ import annotations

import pytest

from advisor.assemble import AssemblyError, Output, assemble
from advisor.documents.io import validate_document
from advisor.parsers import parse_output
from advisor.review import default_advisor
from tests.assemble.helpers import output
from tests.parsers.parser_samples import load

NO_VWPAR = ("lslpp_l.s2-sddpcm.txt", "lslpp -l")
WITH_VWPAR = "  vwpar.images.52           1.1.0.0  COMMITTED  AIX 5.2 Workload Partitions\n"


def _build(*parts: tuple[str, str], kind: str | None = None, name: str | None = "x"):
    return assemble([output(n, c) for n, c in parts], kind=kind, name=name)


def _reasons(assembly) -> str:
    return " | ".join(w.reason for w in assembly.warnings)


def test_wpars_from_list_devices_and_a_full_lslpp() -> None:
    assembly = _build(("lswpar.aix71.synthetic.txt", "lswpar"), ("lswpar.D.synthetic.txt", "lswpar -D"), NO_VWPAR)
    wpars = {w["name"]: w for w in assembly.document["wpar"]["wpars"]}
    assert wpars["sapwp01"] == {"name": "sapwp01", "type": "system", "rootvg": False, "disks": [], "adapters": ["fcs2"]}
    assert wpars["sapwp02"]["rootvg"] is True and wpars["sapwp02"]["disks"] == ["hdisk4", "hdisk5"]
    assert wpars["appwp01"]["type"] == "application"
    assert assembly.provenance["wpar.wpars.1.adapters"].line.startswith("sapwp01  fcs2")
    assert "nfs_from_global is not read" in _reasons(assembly)


@pytest.mark.parametrize(
    ("parts", "missing"),
    [
        ((("lswpar.aix71.synthetic.txt", "lswpar"), NO_VWPAR), "lswpar -D"),
        ((("lswpar.D.synthetic.txt", "lswpar -D"), NO_VWPAR), "the WPAR list"),
        ((("lswpar.aix71.synthetic.txt", "lswpar"), ("lswpar.D.synthetic.txt", "lswpar -D")), "full lslpp -l"),
    ],
)
def test_wpars_left_out_when_an_output_is_missing(parts, missing: str) -> None:
    assembly = _build(*parts)
    assert "wpars" not in assembly.document.get("wpar", {})
    assert missing in _reasons(assembly)


def test_wpars_left_out_when_versioned_wpar_images_are_installed() -> None:
    lslpp = parse_output(load("lslpp_l.s2-sddpcm.txt") + WITH_VWPAR, "lslpp -l")
    outputs = [output("lswpar.aix71.synthetic.txt", "lswpar"), output("lswpar.D.synthetic.txt", "lswpar -D")]
    assembly = assemble([*outputs, Output(lslpp)], name="x")
    assert "wpars" not in assembly.document.get("wpar", {})
    assert "vwpar filesets are installed" in _reasons(assembly)


def test_a_wpar_missing_from_lswpar_d_is_left_out() -> None:
    devices = "".join(
        line for line in load("lswpar.D.synthetic.txt").splitlines(keepends=True) if "appwp01" not in line
    )
    outputs = [
        output("lswpar.aix71.synthetic.txt", "lswpar"),
        Output(parse_output(devices, "lswpar -D")),
        output(*NO_VWPAR),
    ]
    assembly = assemble(outputs, name="x")
    assert {w["name"] for w in assembly.document["wpar"]["wpars"]} == {"sapwp01", "sapwp02"}
    assert "WPAR appwp01: lswpar -D lists no device" in _reasons(assembly)


def test_wpar_rules_are_assessed_from_the_outputs() -> None:
    assembly = _build(("lswpar.aix71.synthetic.txt", "lswpar"), ("lswpar.D.synthetic.txt", "lswpar -D"), NO_VWPAR)
    review = default_advisor().review(validate_document(assembly.document))
    unassessed = {n.rule_id for n in review.not_assessed}
    for rule in ("WPAR-001", "WPAR-002", "WPAR-005"):
        assert rule not in unassessed, rule
    assert "WPAR-006" in unassessed  # hdisk4/hdisk5's path algorithm is not in these outputs


def test_vios_lsmap_fields() -> None:
    assembly = _build(("lsmap.vios31.synthetic.txt", "lsmap -all"), ("lsmap.npiv.synthetic.txt", "lsmap -all -npiv"))
    doc = assembly.document
    assert assembly.kind == "vios"
    assert doc["storage"]["disks"] == [{"name": "hdisk4"}]  # the ISO backing file is no disk
    assert doc["storage"]["fc_ports"] == [{"name": "fcs0", "npiv_clients": 2}]
    assert doc["adapters"] == {"npiv_vfc_adapters": 3}  # the unmapped vfchost2 counts too
    assert "mapped_through_vios" in _reasons(assembly)


def test_hpux_swap_cells_and_page_hints() -> None:
    assembly = _build(
        ("swapinfo.hpux1131-tam.synthetic.txt", "swapinfo -tam"),
        ("parstatus.rp8440.synthetic.txt", "parstatus"),
        ("parstatus.w.synthetic.txt", "parstatus -w"),
        ("chatr.disp+work-large.synthetic.txt", "chatr /usr/sap/PRD/SYS/exe/run/disp+work"),
    )
    doc = assembly.document
    assert assembly.kind == "hpux-server"
    assert doc["swap_gb"] == 26.0  # 8192 + 16384 + 2048 MB; the 65214 MB pseudo-swap is not counted
    assert doc["cells"] == 2 and doc["large_pages"] == {"text": "64M", "data": "L"}
    assert assembly.provenance["cells"].note == "nPartition 0, the local one (parstatus -w)"


def test_hpux_what_is_not_read_for_sure() -> None:
    assembly = _build(
        ("parstatus.rp8440.synthetic.txt", "parstatus"),
        ("chatr.disp+work-default.synthetic.txt", "chatr disp+work"),
        ("mpsched.hpux1131.synthetic.txt", "mpsched -s"),
        ("psrset.two-sets.synthetic.txt", "psrset"),
    )
    assert {"cells", "large_pages"}.isdisjoint(assembly.document)
    reasons = _reasons(assembly)
    assert "no parstatus -w line says which" in reasons and "hint is D (default)" in reasons
    assert "mpsched -q" in reasons and "psrset -q" in reasons


def test_saposcol_hints_are_not_disp_work_hints() -> None:
    text = load("chatr.disp+work-large.synthetic.txt").replace("run/disp+work:", "run/saposcol:")
    assembly = assemble([Output(parse_output(text, "chatr saposcol"))], name="x")
    assert "large_pages" not in assembly.document


def test_sysinfo_zvm_guest() -> None:
    assembly = _build(("sysinfo.zvm-guest-z14.synthetic.txt", "cat /proc/sysinfo"))
    assert assembly.kind == "zvm-lpar"
    assert (assembly.document["machine"], assembly.document["zvm"]) == ("z14", {"version": "7.2"})
    assert assembly.document["name"] == "x"  # VM00 Name is the guest's user id, never the z/VM system name


@pytest.mark.parametrize(
    ("sample", "says"),
    [("sysinfo.kvm-guest-z15.synthetic.txt", "KVM/Linux"), ("sysinfo.lpar-z16.synthetic.txt", "PR/SM LPAR")],
)
def test_sysinfo_without_zvm_is_refused(sample: str, says: str) -> None:
    with pytest.raises(AssemblyError, match=says):
        _build((sample, "cat /proc/sysinfo"))


def test_sysinfo_two_zvm_levels_leave_the_version_out() -> None:
    text = (
        load("sysinfo.zvm-guest-z14.synthetic.txt")
        + "VM01 Name:            ZVMSYS2\nVM01 Control Program: z/VM    6.4.0\n"
    )
    assembly = assemble([Output(parse_output(text, "cat /proc/sysinfo"))], name="x")
    assert "zvm" not in assembly.document and "2 z/VM levels" in _reasons(assembly)


@pytest.mark.parametrize(
    ("sample", "smt"), [("vmcp_mt.enabled.synthetic.txt", True), ("vmcp_mt.disabled.synthetic.txt", False)]
)
def test_vmcp_multithread_to_smt_enabled(sample: str, smt: bool) -> None:
    assembly = _build(("sysinfo.zvm-guest-z14.synthetic.txt", "cat /proc/sysinfo"), (sample, "vmcp q multithread"))
    assert assembly.kind == "zvm-lpar" and assembly.document["smt_enabled"] is smt


def test_vmcp_without_the_facility_states_nothing() -> None:
    result = parse_output("The Multithreading Facility is not installed.\n", "vmcp q multithread")
    assembly = assemble([Output(result)], name="x")
    assert "smt_enabled" not in assembly.document and "not installed" in _reasons(assembly)
