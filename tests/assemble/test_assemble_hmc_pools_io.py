"""HMC procpool / proc --level pool, lslic and lshwres -r virtualio into managed-system fields, and what stays out."""

from __future__ import annotations

from advisor.assemble import Output, assemble
from advisor.inputs import load_outputs
from advisor.parsers import parse_output
from tests.assemble.helpers import sample_file
from tests.assemble.test_assemble_managed import ALL
from tests.parsers.parser_samples import load

VIOS2 = "name=vios2,lpar_id=4,lpar_env=vioserver,state=Running,os_version=VIOS 3.1.4.10\n"
IO = (
    "lshwres_virtualio_eth.synthetic.txt",
    "lshwres_virtualio_fc.synthetic.txt",
    "lshwres_virtualio_scsi.synthetic.txt",
    "lshwres_virtualio_serial.synthetic.txt",
)


def _outputs(*names: str, commands: dict[str, str] | None = None) -> list[Output]:
    commands = commands or {}
    return [Output(parse_output(load(n), commands.get(n)), n) for n in names]


def _build(*names: str, extra: tuple[tuple[str, str], ...] = (), commands: dict[str, str] | None = None):
    outputs = _outputs(*names, commands=commands) + [Output(parse_output(t, c)) for c, t in extra]
    return assemble(outputs)


def test_pool_size_firmware_and_block_size_reach_the_document(tmp_path) -> None:
    names = (*ALL, "lshwres_proc_pool.synthetic.txt", "lslic_sys.synthetic.txt", "lshwres_procpool.synthetic.txt")
    loaded = load_outputs([sample_file(tmp_path, n) for n in names])
    model = loaded.model
    assert (model.shared_pool_cores, model.firmware_level) == (28, 950)
    sap = next(p for p in model.partitions if p.name == "sapprd01")
    assert sap.memory.block_mb == 256
    assert loaded.provenance["shared_pool_cores"].line.startswith("configurable_pool_proc_units=28.0")
    assert "mem_region_size=256" in loaded.provenance["partitions.0.memory.block_mb"].line


def test_procpool_alone_never_gives_the_pool_size() -> None:
    assembly = _build("lssyscfg_sys.synthetic.txt", "lshwres_procpool.synthetic.txt")
    assert "shared_pool_cores" not in assembly.document
    reasons = " ".join(w.reason for w in assembly.warnings)
    assert "DefaultPool" in reasons and "prints no size" in reasons
    assert "SAPPool" in reasons and "8 processing units" in reasons


def test_fractional_pool_units_are_a_note() -> None:
    assembly = _build(
        "lssyscfg_sys.synthetic.txt",
        extra=(("lshwres -r proc --level pool", "configurable_pool_proc_units=27.5,curr_avail_pool_proc_units=1.0\n"),),
    )
    assert "shared_pool_cores" not in assembly.document
    assert any("not whole cores" in w.reason for w in assembly.warnings)


def test_lslic_power7_service_pack_naming() -> None:
    assembly = _build("lslic_sys.power7.synthetic.txt", "lssyscfg_sys.synthetic.txt")
    assert assembly.document["firmware_level"] == 740
    assert assembly.provenance["firmware_level"].note == "release digits of AL740_167"


def test_lslic_unreadable_level_and_other_lic_types() -> None:
    assembly = _build(
        "lssyscfg_sys.synthetic.txt",
        extra=(
            ("lslic -t sys", "lic_type=Managed System,activated_spname=XYZ,activated_level=1\n"),
            ("lslic -t power", "lic_type=Power,activated_spname=FW950.10\n"),
        ),
    )
    assert "firmware_level" not in assembly.document
    assert any("XYZ" in w.reason and "firmware_level left out" in w.reason for w in assembly.warnings)


def test_virtualio_counts_and_dual_vios() -> None:
    assembly = _build(*ALL, *IO, extra=(("lssyscfg -r lpar", VIOS2),))
    parts = {p["name"]: p for p in assembly.document["partitions"]}
    assert parts["vios1"]["adapters"] == {"virtual_eth_adapters": 2, "npiv_vfc_adapters": 2}
    assert parts["vios2"]["adapters"] == {"virtual_eth_adapters": 1, "npiv_vfc_adapters": 1}
    assert parts["vios1"]["redundant_pair"] is True and parts["vios2"]["redundant_pair"] is True
    assert "adapters" not in parts["sapprd01"]
    reasons = " ".join(w.reason for w in assembly.warnings)
    assert "2 virtual FC client adapters" in reasons and "fcsN" in reasons


def test_single_vios_clients_state_no_redundant_pair() -> None:
    fc = (
        "lpar_name=sapprd01,lpar_id=2,slot_num=10,adapter_type=client,remote_lpar_id=1,remote_lpar_name=vios1,"
        '"wwpns=c0507609a1b20010,c0507609a1b20011"\n'
    )
    assembly = _build("lssyscfg_lpar.synthetic.txt", extra=(("lshwres -r virtualio --rsubtype fc --level lpar", fc),))
    vios = next(p for p in assembly.document["partitions"] if p["name"] == "vios1")
    assert "redundant_pair" not in vios  # one VIOS seen is no proof there is only one


def test_filtered_virtualio_counts_nothing() -> None:
    assembly = _build(
        "lssyscfg_lpar.synthetic.txt",
        "lshwres_virtualio_eth.synthetic.txt",
        commands={
            "lshwres_virtualio_eth.synthetic.txt": (
                'lshwres -r virtualio --rsubtype eth --level lpar --filter "lpar_names=vios1"'
            )
        },
    )
    vios = next(p for p in assembly.document["partitions"] if p["name"] == "vios1")
    assert "adapters" not in vios
    assert any("--filter" in w.reason for w in assembly.warnings)


def test_virtualio_samples_are_read_as_printed() -> None:
    rows = parse_output(load("lshwres_virtualio_fc.synthetic.txt")).data["rows"]
    assert rows[3]["wwpns"] == "c0507609a1b20010,c0507609a1b20011"
    assert rows[1]["remote_lpar_name"] == ""
    lic = parse_output(load("lslic_sys.synthetic.txt")).data["rows"][0]
    assert lic["activated_spname"] == "FW950.10" and lic["lic_type"] == "Managed System"


def test_lparstat_c_xphysc_and_hdisk_algorithm() -> None:
    from tests.assemble.helpers import build, output

    lpar = build("lparstat_c.s2.txt")
    assert lpar.document["ame"]["cpu_physc"] == 0.0531  # mean of the five xphysc samples
    hdisk = "algorithm     fail_over    Algorithm  True\nqueue_depth   20           Queue DEPTH True\n"
    odd = "algorithm     weird_one    Algorithm  True\nqueue_depth   20           Queue DEPTH True\n"
    for text, want in ((hdisk, "fail_over"), (odd, None)):
        result = parse_output(text, "lsattr -El hdisk3")
        assembly = assemble([Output(result), output("lparstat_c.s2.txt")])
        disk = assembly.document["storage"]["disks"][0]
        assert disk.get("algorithm") == want
    assert any("weird_one" in w.reason for w in assembly.warnings)
