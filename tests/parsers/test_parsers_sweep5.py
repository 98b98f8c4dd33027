"""Session 5's outside-shape sweep (issue 16): outputs written fresh (tests/parsers/sweep5/) in shapes the commands'
documentation shows and admins paste, for families and variants earlier sweeps did not cover.  Each test checks
the values the text states, or the refusal that says why; a shape that was read silently wrong before says so.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from advisor.documents.errors import DocumentError
from advisor.inputs import load_text
from advisor.parsers.registry import parse_output
from tests.parsers.parser_samples import load, terminal_wrap

SWEEP = Path(__file__).parent / "sweep5"


def _text(name: str) -> str:
    return (SWEEP / name).read_text(encoding="utf-8")


def _reasons(result) -> list[str]:
    return [w.reason for w in result.warnings]


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
    result = parse_output(terminal_wrap(_text("amepat.aix72-ame-enabled.txt")), "amepat")
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
    text = terminal_wrap(_text("topas.aix72-ame.txt"), 60)
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


# --- the "System configuration:" banner wrapped inside its last pair -------------------------------------------


@pytest.mark.parametrize("between", ["\n", "\n\n"], ids=["wrapped", "wrapped-double-spaced"])
def test_a_banner_wrapped_inside_its_mmode_says_nothing_of_ame(between: str) -> None:
    """Was: a copy wrapped at 72 columns cut "mmode=Ded-E" after "Ded-": read as mmode Ded-, so AME off (it is
    on), without a warning on the banner's line."""
    text = (
        "System configuration: lcpu=8 mem=16384MB tmem=8192MB ent=2.00 mmode=Ded-" + between + "E\n\n"
        "kthr    memory              page              faults              cpu\n"
        "----- ----------- ------------------------ ------------ -----------------------\n"
        " r  b   avm   fre  re  pi  po  fr   sr  cy  in   sy  cs us sy id wa    pc    ec\n"
        " 2  0 2559816 173650   0   0   0   0    0   0  31 6524 1843 17  4 79  0  0.24  12.0\n"
    )
    result = parse_output(text, "vmstat")
    assert "mmode" not in result.data["configuration"]
    assert result.data["configuration"]["tmem_mb"] == 8192 and result.data["configuration"]["ent"] == 2.0
    assert any("mmode=Ded-: the banner is wrapped here" in r for r in _reasons(result))
    model = load_text(text, "vmstat.txt", name="lpar1").model
    assert model.ame is None or model.ame.enabled is None


def test_the_whole_pairs_of_a_banners_rest_are_read() -> None:
    text = (
        "System configuration: type=Shared mode=Uncapped mmode=Shar-E smt=8 lcpu=16 mem=14\n"
        "336MB tmem=8192MB psize=16 ent=2.00\n"
        "\n"
        "%user  %sys  %wait  %idle physc %entc  lbusy   vcsw phint  %xcpu xphysc    dxm\n"
        "----- ----- ------ ------ ----- ----- ------ ------ ----- ------ ------ ------\n"
        " 12.1   3.2    0.1   84.6  0.36  18.0    4.2   1204     0    1.2 0.0043      0\n"
    )
    configuration = parse_output(text, "lparstat -c").data["configuration"]
    assert (configuration["tmem_mb"], configuration["psize"], configuration["ent"]) == (8192, 16, 2.0)
    assert "mem_mb" not in configuration and configuration["mmode"] == "Shar-E"


def test_an_unwrapped_banner_keeps_its_last_pair() -> None:
    text = "System configuration: lcpu=8 mem=16384MB ent=2.00 mmode=Ded-E\n\nkthr memory\n"
    assert parse_output(text, "vmstat").data["configuration"]["mmode"] == "Ded-E"


# --- outputs recognised from their text carry no command line -------------------------------------------------


def test_a_fenced_client_adapter_listing_is_no_vios() -> None:
    """Was: between ``` fences (a chat's code block) the listing was split as a session and given the parser's
    own name as its command line, "lsdev -type adapter", the VIOS form: the client LPAR became a VIOS with 0
    Ethernet ports, 0 FC ports and 0 NPIV adapters, and its two virtual FC client adapters were lost."""
    listing = load("lsdev_adapter.s2-wpar-npiv.txt")
    loaded = load_text(f"```\n{listing}\n```\n", "chat.txt", name="lpar1")
    assert loaded.model.kind == "aix-lpar"
    assert loaded.model.storage is not None
    assert [a.name for a in loaded.model.storage.vfc_adapters] == ["fcs2", "fcs3"]


# --- shapes of the outside set A (written again here, not copied): each was refused, read partly or accepted ---

_TWO_HOSTS = """$ for h in aixdb11 aixdb12; do ssh $h lparstat -i | egrep "Name|Entitled|Online Memory";{echo} done
Node Name                                  : aixdb11
Partition Name                             : AIXDB11
Entitled Capacity                          : 2.00
Online Memory                              : 65536 MB
{blank}Node Name                                  : aixdb12
Partition Name                             : AIXDB12
Entitled Capacity                          : 4.00
Online Memory                              : 131072 MB
"""


@pytest.mark.parametrize(
    ("echo", "blank", "prompt"),
    [(" echo;", "\n", True), ("", "", True), ("", "", False)],
    ids=["loop-with-echo", "loop-without-blank-line", "no-prompt-no-blank-line"],
)
def test_a_loop_over_two_hosts_is_refused_as_two_hosts(echo: str, blank: str, prompt: bool) -> None:
    """Was: the outputs of a `for h in ...; do ssh $h lparstat -i; done` loop were read as one lparstat -i: the
    first host's values, the second's warned as "repeated with a different value" and the document accepted."""
    text = _TWO_HOSTS.replace("{echo}", echo).replace("{blank}", blank)
    if not prompt:
        text = text.split("\n", 1)[1]
    with pytest.raises(DocumentError, match="different hosts"):
        load_text(text, "loop.txt")


def test_one_hosts_lparstat_pasted_twice_without_a_blank_line_is_one_system() -> None:
    one = _TWO_HOSTS.split("\n", 1)[1].split("{blank}")[0]
    loaded = load_text(one + one, "twice.txt")
    assert loaded.model.name == "AIXDB11" and loaded.model.cpu is not None and loaded.model.cpu.entitled_capacity == 2


def test_lsattr_EOl_of_a_disk_with_its_upper_case_PCM_attribute() -> None:
    """Was refused: the header '#PCM:algorithm:...' (MPIO disks name one attribute in capitals) was no header."""
    text = (
        "root@aixdb11:/# lsattr -EOl hdisk3\n"
        "#PCM:algorithm:max_transfer:pvid:queue_depth:reserve_policy\n"
        "PCM/friend/fcpother:round_robin:0x80000:00c8a1b20f0e1d2c0000000000000000:32:no_reserve\n"
        "root@aixdb11:/# \n"
    )
    disk = load_text(text, "a.txt", name="aixdb11").model.storage.disks[0]
    assert (disk.name, disk.queue_depth, disk.max_transfer_kb) == ("hdisk3", 32, 512)
    assert (disk.reserve_policy, disk.algorithm) == ("no_reserve", "round_robin")


def test_an_hmc_attribute_name_may_open_with_digits() -> None:
    """Was: "5250_application_capable=0" in lssyscfg -r sys made the whole line no HMC line: the frame's
    type-model (so its processor) was lost."""
    text = (
        "hscroot@hmc02:~> lssyscfg -r sys -m E1050-DEV\n"
        "name=E1050-DEV,type_model=9043-MRX,serial_num=78ZZ123,state=Operating,5250_application_capable=0,"
        'sys_time=11/24/2026 09:00:00,"lpar_proc_compat_modes=default,POWER9_base,POWER9,Power10"\n'
    )
    model = load_text(text, "hmc.txt").model
    assert (model.name, model.processor) == ("E1050-DEV", "POWER10")


def test_sysinfo_of_a_z15_t02_is_a_z15() -> None:
    """Was refused ("no field"): machine type 8562 is IBM's z15 T02, a z15; the document names generations."""
    text = (
        "Manufacturer:         IBM\nType:                 8562\nModel:                T02              A01\n\n"
        "LPAR Number:          3\nLPAR Name:            ZVMB\n\n"
        "VM00 Name:            LNXB01\nVM00 Control Program: z/VM    7.3.0\nVM00 CPUs Total:      2\n"
    )
    model = load_text(text, "sysinfo.txt", name="lnxb01").model
    assert model.machine == "z15" and model.zvm is not None and model.zvm.version == "7.3"


def test_svmon_without_the_mmode_column_gives_the_memory_size() -> None:
    """Was: no mmode column (AIX before AME) left the memory size out without a word; such an svmon knows no
    AME, so its memory row is the partition's memory."""
    text = (
        "               size       inuse        free         pin     virtual\n"
        "memory      2097152     2011722       85430      401133     1733912\n"
        "pg space    1048576       30114\n"
    )
    model = load_text(text, "svmon.txt", name="aix61").model
    assert model.memory is not None and (model.memory.desired_gb, model.memory.paging_space_gb) == (8.0, 4.0)


def test_svmon_with_ame_rows_but_no_mmode_gives_no_memory_size() -> None:
    text = (
        "               size       inuse        free         pin     virtual\n"
        "memory      2097152     2011722       85430      401133     1733912\n"
        "ucomprsd          -     1511722\ncomprsd           -      500000\n"
    )
    model = load_text(text, "svmon.txt", name="aix").model
    assert model.memory is None or model.memory.desired_gb is None


def test_a_vmstat_banner_without_tmem_nor_mmode_gives_the_memory() -> None:
    """Was: "mem=49152MB" of a banner without AME fields was left out without a warning."""
    text = "System configuration: lcpu=16 mem=49152MB ent=3.00\n\nkthr    memory              page\n"
    model = load_text(text, "vmstat.txt", name="aix").model
    assert model.memory is not None and model.memory.desired_gb == 48.0


def test_kctune_of_1131_takes_the_file_cache_not_the_obsolete_dbc_max_pct() -> None:
    """Was: dbc_max_pct (obsolete in 11i v3, still listed) against filecache_max's 10%: a conflict, left out."""
    text = (
        "Tunable                             Value  Expression  Changes\n"
        "dbc_max_pct                            50  Default\n"
        "filecache_max                 6871947673  10%         Auto\n"
        "numa_policy                             1  1           Immed\n"
    )
    model = load_text(text, "kctune.txt", name="hp1").model
    assert model.buffer_cache_max_pct == 10.0 and model.numa_policy == 1


def test_iar019i_in_a_syslog_copy_reads_behind_its_prefixes() -> None:
    """Was refused: in an SDSF LOG copy each line of IAR019I stands behind the record type, system, time, job
    and flags; a line of another message (its number differs) between them is no part of it."""
    text = (
        "NC0000000 SYSC     26328 09:02:17.10 TSOU01   00000290  D VIRTSTOR,LFAREA\n"
        "MR0000000 SYSC     26328 09:02:17.11 TSOU01   00000090  IAR019I  09.02.17 DISPLAY VIRTSTOR 118\n"
        "DR                                            118 00000090  SOURCE = 3A\n"
        "DR                                            118 00000090  TOTAL LFAREA = 2048M , 0G\n"
        "DR                                            119 00000090  LFAREA ALLOCATED (4K) = 777M\n"
        "DR                                            118 00000090  LFAREA ALLOCATED (1M) = 512M\n"
        "ER                                            118 00000090  LFAREA ALLOCATED (4K) = 0M\n"
    )
    model = load_text(text, "log.txt", kind="zos-lpar", name="SYSC").model
    usage = model.lfarea_usage
    assert usage is not None and (usage.source, usage.total_mb, usage.allocated_1m_mb) == ("3A", 2048, 512)
    assert usage.allocated_4k_mb == 0


def test_an_output_no_command_is_read_from_is_refused_in_one_issue() -> None:
    """Was: two issues (the YAML reader's "Expecting value" and "nor is it the output..."): the CLI printed two
    error lines for a D IPLINFO display (read since session 6: D ASM here)."""
    text = "D ASM\nIEE200I 10.05.13 DISPLAY ASM 310\nTYPE     FULL STAT   DEV  DATASET NAME\nPLPA      68%   OK  0D21\n"
    with pytest.raises(DocumentError) as caught:
        load_text(text, "asm.txt")
    assert len(caught.value.issues) == 1 and "neither a configuration document" in caught.value.issues[0].message


# --- variants of set A's shapes: wraps at 60/72 columns, a copy cut short -------------------------------------

_IEASYS_NUMBERED = (
    "CLPA,                                                                   00000100\n"
    "CSA=(3000,250M),                                                        00000200\n"
    "GRS=STAR,                                                               00000300\n"
    "LFAREA=(1M=(10%,6%),  FIXED 1M PAGES FOR THE DB2 POOLS                  00000400\n"
    "       2G=(8,4)),     2G PAGES                                          00000500\n"
    "LNK=(00,L),                                                             00000600\n"
    "SMF=00,                                                                 00000700\n"
)


@pytest.mark.parametrize("width", [60, 72, 76, 78])
def test_a_numbered_ieasys_wrapped_before_its_sequence_numbers_keeps_its_lfarea(width: int) -> None:
    """Was: a copy wrapped at 72 columns put each card's sequence number on a line of its own: the LFAREA
    statement went on with it, "LFAREA=(1M=(10%,6%),00000400", kept as written."""
    result = parse_output(terminal_wrap(_IEASYS_NUMBERED, width), "IEASYSxx")
    assert result.data["lfarea"] == "LFAREA=(1M=(10%,6%),2G=(8,4))"


def test_a_numbered_ieasys_card_broken_inside_its_comment_leaves_lfarea_out() -> None:
    """Was (40 columns): the comment's rest "R THE DB2 POOLS ... 00000400" continued the statement: "...,R"."""
    result = parse_output(terminal_wrap(_IEASYS_NUMBERED, 40), "IEASYSxx")
    assert "lfarea" not in result.data
    assert any("broken in two lines" in r for r in _reasons(result))


_IEASYS_BANNER = (
    "/* IEASYS00 - SYSA SYSTEM PARAMETERS                                  */ 00000100\n"
    "CLOCK=00,                       SELECT CLOCK00                          00000200\n"
    "LFAREA=(1M=(10%),               LARGE FRAME AREA                        00000300\n"
    "        2G=(12,10)),                                                    00000400\n"
    "SQA=(12,24)                     SQA SIZE                                00000500\n"
)


def test_an_ieasys_banner_comment_whose_close_a_wrap_moved_to_the_next_line_still_closes() -> None:
    """Was (71 columns): the banner's "*/" came apart as "*" and "/  00000100", the comment never closed, every
    card after it was read as comment and the member said lfarea_specified: false (no large pages at all)."""
    result = parse_output(terminal_wrap(_IEASYS_BANNER, 71), "IEASYSxx")
    assert result.data["lfarea"] == "LFAREA=(1M=(10%),2G=(12,10))"


def test_an_ieasys_comment_that_never_closes_says_nothing_of_lfarea() -> None:
    """A comment whose "*/" the copy lost swallows every card after it: lfarea_specified is not claimed false."""
    text = _IEASYS_BANNER.replace("*/", "  ", 1)
    result = parse_output(text, "IEASYSxx")
    assert "lfarea_specified" not in result.data
    assert any("comment never closes" in r for r in _reasons(result))


def test_a_sysinfo_cut_short_gives_no_zvm_version() -> None:
    """Was: a copy of /proc/sysinfo cut after its first z/VM level gave that level's version, although the
    levels after it (z/VM under z/VM) may be lost."""
    text = _text("session.zvm-under-zvm.txt")
    cut = text[: text.index("VM01 Control Program") + len("VM01 Contr")]
    loaded = load_text(cut, "session.txt")
    assert loaded.model.zvm is None or loaded.model.zvm.version is None


def test_an_hmc_row_as_long_as_a_remark_above_it_that_says_name_value_stays_a_row() -> None:
    """Was: a remark line holding "name=value" gave the listing its first attribute ("... comma-separated name="),
    and with the remark exactly as long as the row, the row was taken for the remark's wrapped rest: no row."""
    row = "name=p9prod,type_model=9009-42A,serial_num=78ABC12,state=Operating,sys_time=11/25/2026 01:00:00"
    remark = ("# ticket: lssyscfg -r sys as asked, plain name=value output " + "x" * len(row))[: len(row)]
    result = parse_output(remark + "\n" + row + "\n", "lssyscfg")
    assert [r["name"] for r in result.data["rows"]] == ["p9prod"]


def test_hmc_rows_wrapped_after_a_wrapped_command_line_still_leave_the_cut_value_out() -> None:
    """Was (60 columns): the command line's own wrap left a line "r" that became a --header of one attribute;
    under it, name=value rows wrapped inside curr_mem=524288 were read whole: curr_mem=5 (5 MB of 512 GB)."""
    text = (
        "hscroot@hmc01:~> lssyscfg -r lpar -m p9prod -F name,lpar_env,os_version --header\n"
        "name,lpar_env,os_version\nsapdb01,aixlinux,AIX 7.2 7200-05-06-2320\n"
        "hscroot@hmc01:~> lshwres -r mem -m p9prod --level lpa\nr\n"
        "lpar_name=sapdb01,lpar_id=3,curr_min_mem=131072,curr_mem=5\n"
        "24288,curr_max_mem=786432,pend_min_mem=131072,pend_mem=52428\n"
    )
    loaded = load_text(text, "hmc.txt")
    db = next(p for p in loaded.model.partitions if p.name == "sapdb01")
    assert db.memory is None or db.memory.desired_gb is None
    assert any("curr_mem: the line is wrapped inside this value" in w.reason for w in loaded.warnings)


# --- wraps at 72-120 columns (mail programs, PDFs, narrow terminals) --------------------------------------------


def test_a_double_spaced_numbered_ieasys_wrapped_at_72_keeps_its_lfarea() -> None:
    text = terminal_wrap(_IEASYS_NUMBERED, 72).replace("\n", "\r\r\n")
    assert parse_output(text, "IEASYSxx").data["lfarea"] == "LFAREA=(1M=(10%,6%),2G=(8,4))"


def test_a_double_spaced_topas_wrapped_inside_a_value_leaves_it_out() -> None:
    """Was (76 columns, CR CR LF): "Size,MB    81" / blank / "92 ...": 81 MB of paging space (0.08 GB of 8)."""
    text = terminal_wrap(_text("topas.aix72-ame.txt").replace("Size,MB    8192", "Size,MB    8192     "), 60)
    text = text.replace("\n", "\r\r\n")
    result = parse_output(text, "topas")
    assert result.data.get("paging_space", {}).get("size_mb") in (None, 8192)
    assert "tmem_mb" not in result.data.get("ame", {})


def test_an_amepat_recommendation_wrapped_inside_a_number_leaves_it_out() -> None:
    """Was (78 columns): the one-line recommendation broke "3.74" into "3.7" / "4.": factor 3.7 read as the
    recommended one."""
    text = load("amepat.s1-factor-2.0.txt")
    text = text.replace("expansion factor of 3.74.", "expansion factor of 3.7\n4.")
    result = parse_output(text, "amepat")
    assert "expansion_factor" not in result.data.get("recommendation", {})
    assert result.data["recommendation"]["true_memory_gb"] == 3.75
    assert any("wrapped line goes on with digits" in r for r in _reasons(result))


def test_a_not_activated_partition_gives_no_current_values_even_without_its_zeros() -> None:
    """Was (wrapped at 120 columns): the row of a Not Activated partition cut before its zeros gave
    cpu.mode shared (its curr_proc_mode), as if it ran."""
    text = (
        "hscroot@hmc01:~> lssyscfg -r lpar -m p9a -F name,lpar_env,state,os_version --header\n"
        "name,lpar_env,state,os_version\nsapdr01,aixlinux,Not Activated,AIX 7.2 7200-05-03-2148\n"
        "sapprd01,aixlinux,Running,AIX 7.2 7200-05-03-2148\n"
        "hscroot@hmc01:~> lshwres -r proc --level lpar -m p9a\n"
        "lpar_name=sapdr01,lpar_id=4,curr_proc_mode=shared,curr_sharing_mode=uncap\n"
        "lpar_name=sapprd01,lpar_id=2,curr_proc_mode=shared,curr_proc_units=2.5,curr_procs=4,"
        "curr_sharing_mode=uncap,curr_uncap_weight=128\n"
    )
    parts = {p.name: p for p in load_text(text, "hmc.txt").model.partitions}
    assert parts["sapdr01"].cpu is None and parts["sapprd01"].cpu is not None
    assert parts["sapprd01"].cpu.entitled_capacity == 2.5


def test_no_mean_nor_peak_over_samples_when_a_row_could_not_be_read() -> None:
    """Was (90 columns): rows broken by the wrap were skipped and the rest averaged: physc 0.2 for 0.23."""
    plain = load("vmstat.c-ame.synthetic.txt")
    loaded = load_text(terminal_wrap(plain, 90), "vmstat.txt", name="lpar1")
    peak = loaded.model.workload.peak if loaded.model.workload else None
    assert peak is None or (peak.physc_avg is None and peak.physc_max is None)
    assert any("is not averaged nor its peak taken" in w.reason for w in loaded.warnings)


# --- lines joined (a lost line end, a mail program removing "extra line breaks") ----------------------------------


@pytest.mark.parametrize("glue", [" ", ""], ids=["with-a-blank", "without"])
def test_two_device_rows_in_one_line_are_not_one_device(glue: str) -> None:
    """Was: "hdisk1 Available MPIO FC 2145 hdisk2 Available MPIO FC 2145" was one disk whose description
    held the next row: a disk lost from the listing and a wrong description, without a warning."""
    lines = load("lsdev_disk.s2-sddpcm.txt").split("\n")
    joined = "\n".join([*lines[:2], lines[2] + glue + lines[3], *lines[4:]])
    result = parse_output(joined, "lsdev -Cc disk")
    assert all("hdisk" not in row["description"] for row in result.data["disks"])
    assert any("two rows in one line" in r for r in _reasons(result))


def test_a_vios_adapter_listing_with_a_row_joined_to_its_header_counts_nothing() -> None:
    """Was: the header and the first adapter in one line lost that adapter: 1 10 Gb port counted for 2."""
    text = (
        "$ lsdev -type adapter\n"
        "name             status      description ent0             Available   PCIe3 2-Port 10GbE NIC&RoCE SR Adapter\n"
        "ent1             Available   PCIe3 2-Port 10GbE NIC&RoCE SR Adapter\n"
        "ent2             Available   Virtual I/O Ethernet Adapter (l-lan)\n"
        "$ ioslevel\n3.1.4.21\n"
    )
    model = load_text(text, "vios.txt", name="vios1").model
    assert model.adapters is None or model.adapters.eth_10g_ports is None


def test_svmon_sizes_without_their_unit_line_are_no_page_counts() -> None:
    """Was: the "Unit: MB" line joined to the command line (or lost) made "32768.00" a count of 4 KB pages:
    0.125 GB of memory for 32 GB."""
    text = (
        "bash-4.4# svmon -G -O unit=MB Unit: MB\n"
        "               size       inuse        free         pin     virtual  available   mmode\n"
        "memory     32768.00    30120.45     2647.55     5122.31    18004.12    13801.07     Ded\n"
        "pg space    8192.00       40.12\n"
        "bash-4.4# exit\n"
    )
    loaded = load_text(text, "svmon.txt", name="aix1")
    memory = loaded.model.memory
    assert memory is None or (memory.desired_gb is None and memory.paging_space_gb is None)
    assert any("a page count with decimals" in w.reason for w in loaded.warnings)


def test_kctune_of_1131_without_its_filecache_max_line_still_ignores_dbc_max_pct() -> None:
    """Was: with the filecache_max row lost (joined to the line before), dbc_max_pct's 50 became the file
    cache maximum of an 11i v3 system, whose filecache_min shows the release."""
    text = (
        "Tunable                             Value  Expression  Changes\n"
        "dbc_max_pct                            50  Default\n"
        "filecache_min                  5143400448  5%          Auto\n"
        "numa_policy                             1  1           Immed\n"
    )
    model = load_text(text, "kctune.txt", name="hp1").model
    assert model.buffer_cache_max_pct is None and model.numa_policy == 1


@pytest.mark.parametrize("width", [46, 48, 54])
def test_lparstat_i_wrapped_inside_a_value_leaves_that_value_out(width: int) -> None:
    """Was (46-54 columns, a phone or a split pane): "Entitled Capacity : 3" / ".20" read as 3.0, "Type :
    Shared-SMT-" / "8" as SMT off, "Target Memory Expansion Factor : 1.2" / "5" as 1.2."""
    plain = parse_output(_text("lparstat_i.aix73-ams-ame.txt"), "lparstat -i").data
    result = parse_output(terminal_wrap(_text("lparstat_i.aix73-ams-ame.txt"), width), "lparstat -i")
    assert all(plain[key] == value for key, value in result.data.items())  # what is read is what is stated
    assert any("wrapped inside this value" in r for r in _reasons(result))


@pytest.mark.parametrize("double", [False, True], ids=["single", "double-spaced"])
def test_an_entstat_counter_wrapped_inside_its_number_is_left_out(double: bool) -> None:
    """Was (66 columns): "Packets Dropped: 0 ... Packets Dropped: 18" / "04" read 18 dropped packets for 1804,
    without a warning on its line."""
    text = _text("entstat.vios-sea-many-vlans.txt")
    text = text.replace(
        "Packets Dropped: 0                            Packets Dropped: 3",
        "Packets Dropped: 0                            Packets Dropped: 18\n04",
    )
    if double:
        text = text.replace("\n", "\n\n")
    result = parse_output(text, "entstat -all ent8")
    receive = result.data["adapters"]["ent4"]["receive"]
    assert "packets_dropped" not in receive
    assert result.data["adapters"]["ent4"]["transmit"]["packets_dropped"] == 0
    assert any("wrapped inside this value" in r for r in _reasons(result))


def test_an_svmon_mmode_cut_by_a_wrap_says_nothing_of_ame() -> None:
    """Was (86 columns): "Ded-" / "E" read as mmode Ded-: AME off, for an AME partition."""
    text = (
        "               size       inuse        free         pin     virtual  available   mmode\n"
        "memory     25165824    16052224     9113600     2626560    15311360     9228288   Ded-\n"
        "E\n"
        "pg space    2097152       60293\n"
    )
    loaded = load_text(text, "svmon.txt", name="aix1")
    assert loaded.model.ame is None or loaded.model.ame.enabled is None
    assert loaded.model.memory is None or loaded.model.memory.desired_gb is None


def test_a_virtual_io_listing_with_a_wrapped_row_counts_nothing() -> None:
    """Was (56 columns): a row broken over three lines lost a slot: 1 virtual Ethernet adapter for 2."""
    rows = _ETH.replace("slot_num=3,state=1,is_required=0,", "slot_num=3,state=1,is_requ\nired=0,")
    loaded = load_text(_eth_listing(rows), "hmc.txt")
    vios = next(p for p in loaded.model.partitions if p.name == "vios1")
    assert vios.adapters is None or vios.adapters.virtual_eth_adapters is None
    assert any("lost a row to a wrap" in w.reason for w in loaded.warnings)


_IEASYS_MAILED = """CLPA,
CMD=(01,K2),
CSA=(3000,256M),
LFAREA=(1M=(15%,8%),
{rest}
SQA=(12,64),
"""


def test_an_ieasys_statement_cut_before_prose_is_left_out_not_kept_cut() -> None:
    # a mail quoting the start of a member: the line after the continuation comma is the writer's prose
    result = parse_output(_IEASYS_MAILED.format(rest="\nRest of the member on Monday, Petra"), "IEASYSxx")
    assert "lfarea" not in result.data
    assert any("LFAREA" in w.reason and "left out" in w.reason for w in result.warnings)


@pytest.mark.parametrize("rest", ["2G=(4))", " 2G=(4)),", "NOPROMPT)"])
def test_an_ieasys_statement_continued_on_the_next_card_is_joined(rest: str) -> None:
    result = parse_output(_IEASYS_MAILED.format(rest=rest), "IEASYSxx")
    assert result.data["lfarea"] == "LFAREA=(1M=(15%,8%)," + rest.strip().rstrip(",")


def test_iar019i_of_d_virtstor_hvshare_is_not_read_as_the_lfarea() -> None:
    # the same message id answers D VIRTSTOR,HVSHARE: its SOURCE and sizes are the shared area's
    text = (
        " D VIRTSTOR,HVSHARE\n IAR019I  09.02.44 DISPLAY VIRTSTOR 120\n SOURCE = 00\n"
        " TOTAL SHARED = 522240G\n SHARED RANGE = 2048G-524288G\n SHARED ALLOCATED = 2048M\n"
    )
    with pytest.raises(ValueError, match="HVSHARE"):
        parse_output(text, "D VIRTSTOR,LFAREA")
