"""A VIOS collector bundle (seed and synthetic samples) to a vios document, and client storage/network."""

from __future__ import annotations

import pytest

from advisor.inputs import load_text
from tests.assemble.helpers import build, bundle
from tests.parsers.parser_samples import load

VIOS_PARTS = [
    ("ioslevel", "ioslevel.s2.txt"),
    ("lsdev -type disk", "lsdev_disk.s2-generic.txt"),
    ("lsdev -type adapter", "lsdev_adapter.vios.synthetic.txt"),
    ("lsdev -dev ent6 -attr", "lsattr_sea.vios.synthetic.txt"),
    ("lsdev -dev ent3 -attr", "lsattr_ent.aix-virtual.synthetic.txt"),
    ("entstat -all ent3", "netstat_v.s2.txt"),
    ("lparstat -i", "lparstat_i.aix72-ams.synthetic.txt"),
    ("schedo -o vpm_fold_policy", "schedo.s2.txt"),
]


def _text(name: str) -> str:
    text = load(name)
    return text.replace("(ent0)", "(ent3)") if name == "netstat_v.s2.txt" else text


@pytest.fixture(scope="module")
def vios():
    return load_text(bundle(VIOS_PARTS, text_of=_text), "vios1.bundle")


def test_vios_bundle_makes_a_vios_document(vios) -> None:
    doc = vios.model.model_dump(mode="json", exclude_unset=True)
    assert vios.form == "bundle" and doc["kind"] == "vios"
    assert doc["name"] == "sapapp01"  # Partition Name of the lparstat -i sample
    assert doc["ioslevel"] == "2.2.2.0" and doc["vpm_fold_policy"] == 3
    assert doc["memory_gb"] == 7.0  # 7168 MB
    assert doc["cpu"] == {
        "mode": "shared",
        "entitled_capacity": 1.0,
        "virtual_processors": 2,
        "sharing": "uncapped",
        "weight": 128,
        "smt": 8,
        "pool_cores": 28,
    }
    # 2 x 1 Gb and 1 x 10 Gb ports, 2 x 8 Gb FC ports, vfchost0/1 (one still Defined), ent3/ent4 virtual
    assert doc["adapters"] == {
        "lhea": 0,
        "lhea_ports": 0,
        "eth_1g_ports": 2,
        "eth_10g_ports": 1,
        "fc_8g_ports": 2,
        "npiv_vfc_adapters": 2,
        "virtual_eth_adapters": 2,
    }
    assert vios.conflicts == []


def test_vios_storage_and_network_blocks(vios) -> None:
    doc = vios.model.model_dump(mode="json", exclude_unset=True)
    disks = doc["storage"]["disks"]
    assert [d["name"] for d in disks] == [f"hdisk{i}" for i in range(6)]
    assert disks[0] == {"name": "hdisk0", "description": "MPIO Other FC SCSI Disk Drive", "transport": "fc"}
    assert doc["storage"]["fc_ports"] == [{"name": "fcs0", "speed_gbps": 8.0}, {"name": "fcs1", "speed_gbps": 8.0}]
    net = doc["network"]
    assert net["seas"] == [
        {
            "name": "ent6",
            "ha_mode": "auto",
            "accounting": False,
            "largesend": True,
            "large_receive": False,
            "jumbo_frames": False,
        }
    ]
    assert net["link_aggregations"] == [{"name": "ent5"}]
    assert [p["name"] for p in net["physical_ports"]] == ["ent0", "ent1", "ent2"]
    ent3 = net["virtual_adapters"][0]
    assert ent3["name"] == "ent3" and ent3["no_resource_errors"] == 8184 and ent3["hypervisor_receive_failures"] == 8184
    assert ent3["hypervisor_send_failures"] == 2090
    assert ent3["buffers"]["medium"] == {"min_buffers": 128, "max_buffers": 256, "max_allocated": 165}
    assert net["virtual_adapters"][1] == {"name": "ent4"}


def test_vios_provenance_points_at_bundle_lines(vios) -> None:
    text = bundle(VIOS_PARTS, text_of=_text).split("\n")
    for path, source in vios.provenance.items():
        assert text[source.line_no - 1] == source.line, path
        assert source.file == "vios1.bundle"
    assert vios.provenance["vpm_fold_policy"].command_line == "schedo -o vpm_fold_policy"
    assert vios.provenance["network.seas.0.accounting"].command_line == "lsdev -dev ent6 -attr"
    assert "counted in the listing" in vios.provenance["adapters.eth_1g_ports"].note


def test_aix_only_fields_are_left_out_of_the_vios_document(vios) -> None:
    assert "ame.enabled (lparstat -i)" in vios.unmapped and "memory.max_gb (lparstat -i)" in vios.unmapped
    assert "ame" not in vios.document and "memory" not in vios.document


def test_vios_review_quotes_the_schedo_line(vios) -> None:
    from advisor.review import default_advisor

    review = default_advisor().review(vios.model, provenance=vios.provenance)
    fold = next(f for f in review.findings if f.rule_id == "VIOS-002")
    assert fold.provenance[
        "vpm_fold_policy"
    ] == "from schedo -o vpm_fold_policy line {} of vios1.bundle: vpm_fold_policy = 3".format(
        vios.provenance["vpm_fold_policy"].line_no
    )
    generic = next(f for f in review.findings if f.rule_id == "VIOS-005")
    assert "storage.disks.0.description" in generic.provenance  # the items of an evidence list


def test_a_filtered_adapter_listing_gives_no_counts() -> None:
    parts = [("ioslevel", "ioslevel.s2.txt"), ("lsdev -type adapter | grep Shared", "lsdev_adapter.s2-sea-grep.txt")]
    loaded = load_text(bundle(parts), "grep.bundle", name="vios1")
    assert "adapters" not in loaded.document
    assert any("filtered" in w.reason for w in loaded.warnings)
    assert loaded.document["network"] == {"seas": [{"name": "ent6"}]}


def test_unreadable_port_speed_leaves_the_ethernet_counts_out() -> None:
    listing = (
        "ent0 Available PCIe2 4-Port (10GbE SFP+ & 1GbE RJ45) Adapter (e4148a1614109304)\n"
        "ent1 Available Virtual I/O Ethernet Adapter (l-lan)\n"
        "fcs0 Available PCIe3 16Gb 2-port Fibre Channel Adapter (df1000e314101506)\n"
    )
    loaded = load_text(
        bundle(
            [("ioslevel", "ioslevel.s2.txt"), ("lsdev -type adapter", "x")],
            text_of=lambda n: listing if n == "x" else load(n),
        ),
        "b",
        name="vios1",
    )
    adapters = loaded.document["adapters"]
    assert "eth_1g_ports" not in adapters and "eth_10g_ports" not in adapters
    assert adapters["virtual_eth_adapters"] == 1 and adapters["fc_8g_ports"] == 0
    assert any("16 Gb" in w.reason for w in loaded.warnings)


def test_client_storage_network_and_sddpcm() -> None:
    assembly = build(
        "lsdev_disk.s2-wpar-global.txt",
        "lsdev_adapter.s2-wpar-npiv.txt",
        "lslpp_l.s2-sddpcm.txt",
        "netstat_v.s2.txt",
        name="aix1",
    )
    doc = assembly.document
    assert doc["storage"]["disks"] == [{"name": "hdisk6", "description": "MPIO FC 2145"}]  # FC, NPIV or not: unsaid
    assert doc["storage"]["vfc_adapters"] == [{"name": "fcs2"}, {"name": "fcs3"}]
    assert doc["wpar"] == {"sddpcm_installed": True}
    ent0 = doc["network"]["virtual_adapters"][0]
    assert ent0["name"] == "ent0" and ent0["packets_dropped"] == 8184
    assert build("lslpp_l.s2-not-installed.txt", name="x").document["wpar"] == {"sddpcm_installed": False}


def test_client_disk_and_interface_attributes_from_a_pasted_session(tmp_path) -> None:
    from advisor.inputs import load_input

    session = (
        "root@aix1:/ # lsattr -El hdisk0\n"
        "PCM             PCM/friend/vscsi                 Path Control Module        False\n"
        "max_transfer    0x40000                          Maximum TRANSFER Size      True\n"
        "pvid            00f6a6b1e4c0d2a30000000000000000 Physical volume identifier False\n"
        "queue_depth     3                                Queue DEPTH                True\n"
        "reserve_policy  no_reserve                       Reserve Policy             True\n"
        "root@aix1:/ # lsattr -El en0\n" + load("lsattr_en.aix.synthetic.txt") + "root@aix1:/ # lsdev -Cc adapter\n"
        "ent0 Available  Virtual I/O Ethernet Adapter (l-lan)\n"
    )
    path = tmp_path / "session.txt"
    path.write_text(session)
    loaded = load_input(str(path), name="aix1")
    doc = loaded.document
    assert doc["storage"]["disks"] == [
        {
            "name": "hdisk0",
            "queue_depth": 3,
            "max_transfer_kb": 256,
            "reserve_policy": "no_reserve",
            "pvid": "00f6a6b1e4c0d2a30000000000000000",
        }
    ]
    assert doc["network"]["interfaces"] == [
        {"name": "en0", "mtu": 65390, "mtu_bypass": True, "rfc1323": True, "virtual": True}
    ]
    assert loaded.provenance["storage.disks.0.max_transfer_kb"].note == "0x40000 bytes / 1024"
    assert loaded.provenance["storage.disks.0.max_transfer_kb"].line_no == 3


def test_vios_usage_from_lparstat_samples() -> None:
    doc = build("lparstat_c.s2.txt", kind="vios", name="vios1").document
    assert doc["usage"] == {"physc_avg": round((5.1 + 4.91 + 4.59 + 4.03 + 4.09) / 5, 4), "physc_peak": 5.1}
    assert "ame" not in doc
