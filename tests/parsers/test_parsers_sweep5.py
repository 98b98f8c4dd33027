"""Session 5's outside-shape sweep (issue 16): outputs written fresh (tests/parsers/sweep5/) in shapes the commands'
documentation shows and admins paste, for families and variants earlier sweeps did not cover.  Each test checks
the values the text states, or the refusal that says why; a shape that was read silently wrong before says so.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from advisor.inputs import load_text
from advisor.parsers.registry import parse_output
from tests.parsers.parser_samples import load

SWEEP = Path(__file__).parent / "sweep5"


def _text(name: str) -> str:
    return (SWEEP / name).read_text(encoding="utf-8")


def _reasons(result) -> list[str]:
    return [w.reason for w in result.warnings]


def _wrapped(text: str, width: int = 80) -> str:
    """The text as an ``width``-column terminal shows it when copied: long lines broken into pieces."""
    lines = []
    for line in text.split("\n"):
        while len(line) > width:
            lines.append(line[:width])
            line = line[width:]
        lines.append(line)
    return "\n".join(lines)


# --- amepat: the "<< CURRENT CONFIG" row wrapped, a double-spaced recommendation ------------------------------


def _current(result) -> list[float]:
    return [row["expansion_factor"] for row in result.data["modeled_factors"] if row["current_config"]]


def test_amepat_reads_its_current_configuration_row() -> None:
    result = parse_output(_text("amepat.aix72-ame-enabled.txt"), "amepat")
    assert _current(result) == [1.5]
    assert [row["expansion_factor"] for row in result.data["modeled_factors"]] == [1.03, 1.16, 1.3, 1.5, 1.6, 1.75]


@pytest.mark.parametrize(
    ("cut_after", "rest"),
    [("<< CURRENT CONFI", "G"), ("<<", "CURRENT CONFIG"), ("", "<< CURRENT CONFIG"), ("<< CURR", "  ENT CONFIG")],
    ids=["inside-the-mark", "after-the-arrows", "before-the-mark", "rest-indented"],
)
def test_a_wrapped_current_configuration_row_keeps_its_mark(cut_after: str, rest: str) -> None:
    """Was: an 80-column terminal broke the row inside "<< CURRENT CONFIG": the row was skipped with a warning
    and the table had no current row; broken before the mark, the row was read as not the current one."""
    plain = _text("amepat.aix72-ame-enabled.txt")
    row = next(line for line in plain.splitlines() if "<< CURRENT CONFIG" in line)
    head = row[: row.index("<<")] + cut_after
    result = parse_output(plain.replace(row, f"{head.rstrip()}\n{rest}"), "amepat")
    assert _current(result) == [1.5]
    assert len(result.data["modeled_factors"]) == 6
    assert not any("factor row" in r or "not recognised" in r for r in _reasons(result)), _reasons(result)


def test_an_80_column_copy_of_amepat_keeps_its_rows_and_recommendation() -> None:
    result = parse_output(_wrapped(_text("amepat.aix72-ame-enabled.txt")), "amepat")
    assert _current(result) == [1.5]
    assert result.data["recommendation"]["expansion_factor"] == 1.6


def test_a_mark_that_is_not_amepats_is_no_current_row() -> None:
    plain = _text("amepat.aix72-ame-enabled.txt")
    result = parse_output(plain.replace("<< CURRENT CONFIG", "<< CHOSEN"), "amepat")
    assert 1.5 not in [row["expansion_factor"] for row in result.data["modeled_factors"]]
    assert any("not amepat's '<< CURRENT CONFIG' mark" in r for r in _reasons(result))


@pytest.mark.parametrize("double", ["\n\n", "\r\r\n"], ids=["blank-lines", "cr-cr-lf"])
def test_a_double_spaced_amepat_keeps_its_recommendation(double: str) -> None:
    """Was: each blank line of a double-spaced copy ended the recommendation paragraph after its first line:
    the recommended factor was left out ("not found in the recommendation paragraph")."""
    result = parse_output(_text("amepat.aix72-ame-enabled.txt").replace("\n", double), "amepat")
    assert result.data["recommendation"] == {
        "true_memory_gb": 60.0,
        "expansion_factor": 1.6,
        "memory_gain_pct": 60,
        "ame_cpu_usage_processors": 0.33,
        "peak_cpu_processors": 6.21,
    }
    assert _current(result) == [1.5]
    assert not any("not recognised" in r or "not found" in r for r in _reasons(result)), _reasons(result)


def test_a_single_spaced_amepat_still_ends_its_paragraph_at_a_blank_line() -> None:
    """The blank line after the recommendation ends it: the NOTE paragraph's words are no part of it."""
    text = _text("amepat.aix72-ame-enabled.txt").replace("NOTE: amepat's", "amepat's")
    result = parse_output(text, "amepat")
    assert result.data["recommendation"]["peak_cpu_processors"] == 6.21


# --- HMC: -F rows wrapped by the terminal, a virtual I/O listing pasted twice ---------------------------------

_HMC_F = """hscroot@hmc01:~> lssyscfg -r lpar -m p9prod -F name,lpar_id,lpar_env,state,os_version --header
name,lpar_id,lpar_env,state,os_version
vios1,1,vioserver,Running,VIOS 3.1.4.21
sapprd01,2,aixlinux,Running,AIX 7.2 7200-05-06-2320
hscroot@hmc01:~> lshwres -r mem --level lpar -m p9prod -F lpar_name,lpar_id,curr_min_mem,curr_mem,curr_max_mem --header
lpar_name,lpar_id,curr_min_mem,curr_mem,curr_max_mem
vios1,1,4096,8192,16384
sapprd01,2,16384,65536,131
072
hscroot@hmc01:~> 
"""


def test_an_hmc_F_row_wrapped_inside_its_last_value_leaves_that_value_out() -> None:
    """Was: under a --header line, a row cut inside its last value had as many values as the header and was read
    whole: curr_max_mem=131 (of 131072), 0.13 GB of maximum memory, without a warning on its line."""
    loaded = load_text(_HMC_F, "hmc.txt")
    partitions = {p.name: p for p in loaded.model.partitions}
    memory = partitions["sapprd01"].memory
    assert memory is not None and memory.desired_gb == 64.0 and memory.max_gb is None
    reasons = [w.reason for w in loaded.warnings]
    assert any("curr_max_mem: the line is wrapped inside this value" in r for r in reasons), reasons


def test_an_hmc_F_listing_of_one_attribute_is_no_wrap() -> None:
    text = "curr_mem\n8192\n65536\n"
    result = parse_output(text, "lshwres -r mem --level lpar -F curr_mem --header")
    assert result.data["rows"] == [{"curr_mem": "8192"}, {"curr_mem": "65536"}]
    assert not result.warnings


def _eth_listing(rows: str) -> str:
    return (
        "hscroot@hmc01:~> lssyscfg -r lpar -m p9prod -F name,lpar_env,os_version --header\n"
        "name,lpar_env,os_version\nvios1,vioserver,VIOS 3.1.4.21\nsapprd01,aixlinux,AIX 7.2 7200-05-06-2320\n"
        "hscroot@hmc01:~> lshwres -r virtualio --rsubtype eth --level lpar -m p9prod\n" + rows + "hscroot@hmc01:~> \n"
    )


_ETH = (
    "lpar_name=vios1,lpar_id=1,slot_num=2,state=1,is_required=1,is_trunk=1,trunk_priority=1,ieee_virtual_eth=1,"
    'port_vlan_id=1,vswitch=ETHERNET0,"addl_vlan_ids=100,200",mac_addr=FA1C3D2E4B02\n'
    "lpar_name=vios1,lpar_id=1,slot_num=3,state=1,is_required=0,is_trunk=0,ieee_virtual_eth=0,port_vlan_id=99,"
    "vswitch=ETHERNET0,addl_vlan_ids=,mac_addr=FA1C3D2E4B03\n"
    "lpar_name=sapprd01,lpar_id=2,slot_num=2,state=1,is_required=0,is_trunk=0,ieee_virtual_eth=0,port_vlan_id=100,"
    "vswitch=ETHERNET0,addl_vlan_ids=,mac_addr=FA1C3D2E4D02\n"
)


def test_a_virtual_io_listing_pasted_twice_counts_each_slot_once() -> None:
    """Was: the rows of a listing copied twice into one paste were all counted: 4 virtual Ethernet adapters for a
    VIOS that has 2."""
    loaded = load_text(_eth_listing(_ETH + _ETH), "hmc.txt")
    vios = next(p for p in loaded.model.partitions if p.name == "vios1")
    assert vios.adapters is not None and vios.adapters.virtual_eth_adapters == 2
    assert any("repeat rows listed before" in w.reason for w in loaded.warnings)


def test_a_slot_listed_twice_with_other_values_is_not_counted() -> None:
    clash = _ETH.replace("slot_num=3,state=1", "slot_num=2,state=1")  # vios1's slot 2 twice, other values
    loaded = load_text(_eth_listing(clash), "hmc.txt")
    vios = next(p for p in loaded.model.partitions if p.name == "vios1")
    assert vios.adapters is None or vios.adapters.virtual_eth_adapters == 0
    assert any("slot 2 is listed twice with different values" in w.reason for w in loaded.warnings)


def test_a_power10_hmc_session_reads_the_frame_and_its_partitions() -> None:
    model = load_text(_text("session.hmc-power10.txt"), "hmc.txt").model
    assert (model.name, model.processor, model.cores, model.shared_pool_cores) == ("p10a", "POWER10", 40, 20)
    assert model.firmware_level == 1050 and model.default_hpt_ratio == 128
    partitions = {p.name: p for p in model.partitions}
    app, db, vios = partitions["sapapp01"], partitions["sapdb01"], partitions["vios1"]
    assert app.cpu is not None and (app.cpu.entitled_capacity, app.cpu.virtual_processors, app.cpu.weight) == (
        3.25,
        6,
        192,
    )
    assert db.cpu is not None and db.cpu.mode == "dedicated" and db.cpu.idle_sharing == "share_idle_procs_active"
    assert db.memory is not None and (db.memory.desired_gb, db.memory.max_gb, db.memory.block_mb) == (512, 768, 256)
    assert vios.memory_gb == 16.0 and vios.system_cores == 40


# --- entstat -all of a Shared Ethernet Adapter: a VLAN list that goes on in the next line ---------------------


def test_sea_vlans_include_the_ids_of_the_continued_line() -> None:
    """Was: "VLAN Tag IDs:" that goes on in the next line kept the first line's ids only: the SEA bridged 12 VLANs
    instead of 18, and the ids 309-314 were lost without a warning on that line."""
    model = load_text(_text("entstat.vios-sea-many-vlans.txt"), "entstat.txt", kind="vios", name="vios1").model
    assert model.network is not None
    assert model.network.seas[0].vlans == [1, 100, 200, *range(300, 315)]


def test_a_vlan_list_cut_short_lists_no_vlans() -> None:
    text = _text("entstat.vios-sea-many-vlans.txt")
    text = text[: text.index("309   310") + len("309   310   31")]  # the copy stops inside the id list
    result = parse_output(text, "entstat -all ent8")
    assert "vlan_tag_ids" not in result.data["adapters"]["ent4"]["specific"]
    with pytest.raises(Exception, match="state no field"):
        load_text(text, "entstat.txt", kind="vios", name="vios1")


# --- Linux on Z: z/VM running under z/VM -----------------------------------------------------------------------


def test_lscpu_gives_no_zvm_version_beside_a_sysinfo_with_two_zvm_levels() -> None:
    """Was: /proc/sysinfo's two z/VM levels left zvm.version out with a warning, and lscpu's Hypervisor line (the
    first level's, z/VM 7.2.0) put it back: 7.2 for a guest of the second level's z/VM 7.3."""
    loaded = load_text(_text("session.zvm-under-zvm.txt"), "session.txt")
    assert loaded.model.machine == "z15"
    assert loaded.model.zvm is None or loaded.model.zvm.version is None
    assert any("first z/VM level" in w.reason for w in loaded.warnings)


@pytest.mark.parametrize(
    "shape",
    [lambda t: t.replace("\n", "\n\n"), lambda t: t.replace("\n", "\r\r\n")],
    ids=["blank-lines", "cr-cr-lf"],
)
def test_a_double_spaced_vlan_list_still_goes_on(shape) -> None:
    """Was: the blank line a double-spaced copy puts after "VLAN Tag IDs:" ended the list: 12 of 18 VLANs."""
    model = load_text(shape(_text("entstat.vios-sea-many-vlans.txt")), "e.txt", kind="vios", name="vios1").model
    assert model.network is not None and model.network.seas[0].vlans == [1, 100, 200, *range(300, 315)]


def test_a_vlan_list_broken_by_the_terminal_inside_an_id_lists_no_vlans() -> None:
    """Was (60 columns): "... 304   30" / "5   306 ..." read as the VLANs 30 and 5; the SEA then listed only the
    PVID once the broken line was left out.  A trunk adapter without its VLAN Tag IDs gives no list."""
    text = _text("entstat.vios-sea-many-vlans.txt")
    text = text.replace("   305   306", "   30\n5   306")
    result = parse_output(text, "entstat -all ent8")
    assert "vlan_tag_ids" not in result.data["adapters"]["ent4"]["specific"]
    assert any("wrapped by the terminal" in r for r in _reasons(result))
    with pytest.raises(Exception, match="state no field"):
        load_text(text, "entstat.txt", kind="vios", name="vios1")


# --- lsmap -all -npiv pasted twice; sample means over an output cut short; HMC copies with blanks -------------

_NPIV = """Name          Physloc                            ClntID ClntName       ClntOS
------------- ---------------------------------- ------ -------------- -------
vfchost0      U9009.42A.7800ABC-V1-C30                2 sapprd01       AIX

Status:LOGGED_IN
FC name:fcs0                    FC loc code:U78D3.001.WZS0ABC-P1-C2-T1
Ports logged in:2
Flags:a<LOGGED_IN,STRIP_MERGE>
VFC client name:fcs0            VFC client DRC:U9009.42A.7800ABC-V2-C10

Name          Physloc                            ClntID ClntName       ClntOS
------------- ---------------------------------- ------ -------------- -------
vfchost1      U9009.42A.7800ABC-V1-C31                3 sapapp01       AIX

Status:LOGGED_IN
FC name:fcs0                    FC loc code:U78D3.001.WZS0ABC-P1-C2-T1
Ports logged in:2
Flags:a<LOGGED_IN,STRIP_MERGE>
VFC client name:fcs0            VFC client DRC:U9009.42A.7800ABC-V3-C10
"""


def test_an_npiv_listing_pasted_twice_counts_each_vfchost_once() -> None:
    """Was: 4 vfchost adapters and 4 NPIV clients on fcs0 for a VIOS that has 2."""
    loaded = load_text(_NPIV + _NPIV, "lsmap.txt", kind="vios", name="vios1")
    model = loaded.model
    assert model.adapters is not None and model.adapters.npiv_vfc_adapters == 2
    assert model.storage is not None and model.storage.fc_ports[0].npiv_clients == 2
    assert any("pasted twice" in w.reason for w in loaded.warnings)


def test_a_vfchost_listed_twice_with_other_values_gives_no_counts() -> None:
    other = _NPIV.replace("vfchost1      U9009.42A.7800ABC-V1-C31", "vfchost0      U9009.42A.7800ABC-V1-C31")
    with pytest.raises(Exception, match="state no field"):
        load_text(other, "lsmap.txt", kind="vios", name="vios1")


def test_no_mean_nor_peak_over_samples_cut_short() -> None:
    """Was: a copy cut inside a sample row dropped that row and averaged the rest: ame.cpu_pct 1.8 (of 1.08)."""
    plain = load("lparstat_c.s2.txt")
    whole = load_text(plain, "c.txt", name="lpar1")
    assert whole.model.ame is not None and whole.model.ame.cpu_pct is not None
    cut = load_text(plain.rstrip("\n")[:-2], "c.txt", name="lpar1")
    assert cut.model.ame is None or cut.model.ame.cpu_pct is None
    assert any("is not averaged nor its peak taken" in w.reason for w in cut.warnings)


@pytest.mark.parametrize(
    "shape",
    [
        lambda t: t.replace("\n", "   \n"),
        lambda t: "\n".join(f"    {line}" if line else line for line in t.split("\n")),
    ],
    ids=["trailing-blanks", "indented"],
)
def test_an_hmc_session_with_blanks_around_its_lines_reads_as_the_plain_one(shape) -> None:
    """Was: trailing blanks after a -F --header line (or an indented copy) made lssyscfg's listing no lssyscfg
    output: every partition's kind, and so its cpu and memory, left out (27 fields)."""
    plain = load_text(_text("session.hmc-power10.txt"), "hmc.txt").model
    assert load_text(shape(_text("session.hmc-power10.txt")), "hmc.txt").model == plain


# --- read now, refused before: lsattr -EOl values with colons, topas's TMEM,MB ---------------------------------


def test_a_colon_inside_an_lsattr_EOl_value_is_printed_as_hash_bang_colon() -> None:
    """Was refused as "17 values for 12 attributes": lsattr -O prints a colon inside a value as '#!:'."""
    text = (
        "#arp:mtu:netaddr:netaddr6:netmask:prefixlen:state:tcp_recvspace\n"
        "on:1500:10.20.30.41:fe80#!:#!:f8d1#!:2ff#!:fe00#!:4b02:255.255.255.0:64:up:262144\n"
    )
    data = parse_output(text, "lsattr -EOl en0").data
    assert data["netaddr6"] == "fe80::f8d1:2ff:fe00:4b02" and data["netmask"] == "255.255.255.0"
    assert data["mtu"] == 1500 and data["tcp_recvspace"] == 262144


def test_topas_of_aix7_reads_tmem_with_its_unit_in_the_label() -> None:
    """Was: "TMEM,MB   32768" (the unit in the label, AIX 7 topas) was not read: no true memory from topas."""
    result = parse_output(_text("topas.aix72-ame.txt"), "topas")
    assert result.data["ame"]["tmem_mb"] == 32768 and result.data["ame"]["cmem_mb"] == 6144
    model = load_text(_text("topas.aix72-ame.txt"), "topas.txt").model
    assert model.memory is not None and model.memory.desired_gb == 32.0
    assert model.ame is not None and (model.ame.expansion_factor, model.ame.achieved_factor) == (1.25, 1.21)


def test_topas_wrapped_inside_a_value_leaves_that_value_out() -> None:
    """Was: a copy hard-wrapped at 60 columns broke "TMEM,MB   32768" after "32": 32 MB of true memory
    (0.03 GB for 32 GB), read without a warning; the rest of the line ("768 WPAR Activ 0") was skipped."""
    text = _wrapped(_text("topas.aix72-ame.txt"), 60)
    assert "TMEM,MB   32\n768" in text
    result = parse_output(text, "topas")
    assert "tmem_mb" not in result.data.get("ame", {})
    assert any("ame.tmem_mb: the line is wrapped inside this value" in r for r in _reasons(result))
    assert result.data["wpar"]["active"] == 0  # the rest's own labels are whole


# --- indented copies (a blog's or a mail's code block) ----------------------------------------------------------


def _indented(text: str) -> str:
    return "\n".join(f"    {line}" if line else line for line in text.split("\n"))


def test_an_indented_sysinfo_still_shows_its_two_zvm_levels() -> None:
    """Was: indented, /proc/sysinfo was no sysinfo output (skipped with a warning), so its two z/VM levels
    were not seen and lscpu's first-level z/VM 7.2 became zvm.version again."""
    loaded = load_text(_indented(_text("session.zvm-under-zvm.txt")), "session.txt")
    assert loaded.model.machine == "z15"
    assert loaded.model.zvm is None or loaded.model.zvm.version is None


@pytest.mark.parametrize(
    ("sample", "kind"),
    [("chatr.disp+work-large.synthetic.txt", "hpux-server"), ("lsattr_colon.mem0.synthetic.txt", None)],
)
def test_an_indented_copy_reads_as_the_plain_one(sample: str, kind: str | None) -> None:
    """Was refused: chatr's program line and lsattr -EOl's '#name:name' header were looked for at column 0."""
    plain = load(sample)
    first = load_text(plain, "a.txt", kind=kind, name="h1").model
    assert load_text(_indented(plain), "a.txt", kind=kind, name="h1").model == first
