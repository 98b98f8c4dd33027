"""HMC CLI outputs (lssyscfg, lshwres) to a managed-system document: frame and partitions."""

from __future__ import annotations

from advisor.assemble import Output, assemble
from advisor.inputs import load_outputs
from advisor.parsers import parse_output
from tests.assemble.helpers import build, sample_file

ALL = (
    "lssyscfg_sys.synthetic.txt",
    "lssyscfg_lpar.synthetic.txt",
    "lshwres_proc_lpar.synthetic.txt",
    "lshwres_proc_sys.synthetic.txt",
    "lshwres_mem_lpar.synthetic.txt",
    "lshwres_mem_sys.synthetic.txt",
)


def _text(*texts: tuple[str, str]):
    return assemble([Output(parse_output(t, c)) for c, t in texts])


def test_hmc_listings_make_a_valid_managed_system(tmp_path) -> None:
    loaded = load_outputs([sample_file(tmp_path, n) for n in ALL])
    model = loaded.model
    assert model.kind == "managed-system" and model.name == "Server-9009-42A-SN7800ABC"
    assert (model.processor, model.cores, model.default_hpt_ratio) == ("POWER9", 32, 128)
    parts = {p.name: p for p in model.partitions}
    assert set(parts) == {"sapprd01", "vios1"}  # linux01: aixlinux without AIX os_version
    sap = parts["sapprd01"]
    assert sap.kind == "aix-lpar"
    cpu = sap.cpu
    assert (cpu.mode, cpu.entitled_capacity, cpu.virtual_processors, cpu.sharing, cpu.weight) == (
        "shared",
        2.5,
        4,
        "uncapped",
        128,
    )
    assert (sap.memory.desired_gb, sap.memory.max_gb) == (64.0, 128.0)
    assert parts["vios1"].kind == "vios" and parts["vios1"].memory_gb == 8.0
    assert parts["vios1"].system_cores == 32  # the frame's cores, quoted from the same line
    assert loaded.provenance["partitions.1.system_cores"].line.startswith("configurable_sys_proc_units=32.0")
    assert loaded.provenance["partitions.0.cpu.entitled_capacity"].line.startswith("lpar_name=sapprd01,")


def test_aixlinux_without_os_version_is_left_out_with_a_note() -> None:
    assembly = build(*ALL)
    assert "linux01" not in {p["name"] for p in assembly.document["partitions"]}
    assert any("linux01" in w.reason and "AIX or Linux" in w.reason for w in assembly.warnings)


def test_dedicated_partition_maps_idle_sharing_not_capacity() -> None:
    assembly = _text(
        ("lssyscfg -r lpar", "name=db1,lpar_id=4,lpar_env=aixlinux,os_version=AIX 7.3 7300-02-01-2346\n"),
        (
            "lshwres -r proc --level lpar",
            "lpar_name=db1,lpar_id=4,curr_proc_mode=ded,curr_procs=8,curr_sharing_mode=share_idle_procs_active\n",
        ),
    )
    cpu = assembly.document["partitions"][0]["cpu"]
    assert cpu == {"mode": "dedicated", "idle_sharing": "share_idle_procs_active"}


def test_unknown_type_model_and_odd_values_are_notes_not_guesses() -> None:
    assembly = _text(
        ("lssyscfg -r sys", "name=S1,type_model=9179-MHD,serial_num=1\n"),
        ("lshwres -r proc --level sys", "configurable_sys_proc_units=12.5,installed_sys_proc_units=16.0\n"),
        ("lshwres -r mem --level sys", "configurable_sys_mem=262144,default_hpt_ratio=1:64;1:128\n"),
        ("lssyscfg -r lpar", "name=a1,lpar_id=2,lpar_env=aixlinux,os_version=AIX 7.2 7200-05-01-2038\n"),
        (
            "lshwres -r proc --level lpar",
            "lpar_name=a1,curr_proc_mode=shared,curr_proc_units=1.5x,curr_procs=3,curr_sharing_mode=share_idle_procs\n",
        ),
    )
    doc = assembly.document
    assert "processor" not in doc and "cores" not in doc and "default_hpt_ratio" not in doc
    cpu = doc["partitions"][0]["cpu"]
    assert cpu == {"mode": "shared", "virtual_processors": 3}
    reasons = " | ".join(w.reason for w in assembly.warnings)
    for expected in (
        "9179-MHD",
        "not whole cores",
        "1:64;1:128",
        "'1.5x'",
        "share_idle_procs with curr_proc_mode=shared",
    ):
        assert expected in reasons


def test_partitions_without_an_lssyscfg_line_are_left_out_with_a_note() -> None:
    assembly = _text(
        ("lssyscfg -r sys", "name=S1,type_model=9080-HEX\n"),
        ("lshwres -r mem --level lpar", "lpar_name=x1,lpar_id=5,curr_mem=4096,curr_max_mem=8192\n"),
    )
    assert "partitions" not in assembly.document and assembly.document["processor"] == "POWER10"
    assert any("'x1'" in w.reason for w in assembly.warnings)
