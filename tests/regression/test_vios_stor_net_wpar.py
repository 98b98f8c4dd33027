"""The Redbook's own VIOS, storage, network and WPAR examples, reviewed end to end with both evaluators.

Source ibm-powervm-virtualization-redbook (SG24-8079 chapter 3): Example 3-21/3-22 (folding),
Examples 3-24/3-25 (generic disk definitions vs SDDPCM), 3.6.1-3.6.3 (vSCSI, SSP, NPIV),
Examples 3-34 to 3-36 and Table 3-12 (aggregation, SEA), 3.7.10 / Table 3-11 / Example 3-30
(hypervisor LAN test), Example 3-32/3-33 (dropped packets), 3.9.2 (WPAR storage), 3.10
(suspend/resume).
"""

from __future__ import annotations

import copy

import pytest

from advisor.coverage import command_of
from advisor.documents.io import validate_document

SOURCE = "ibm-powervm-virtualization-redbook"
OWN = ("VIOS-00", "STOR-", "NET-", "WPAR-")


def review(advisor, document):
    return advisor.review(validate_document(document))


def findings(rev) -> dict[tuple[str, str], str]:
    """(rule, target) -> severity for this work package's rules (VIOS-001 included)."""
    return {(f.rule_id, f.target): f.severity for f in rev.findings if f.rule_id.startswith(OWN)}


def finding(rev, rule_id, target=None):
    found = [f for f in rev.findings if f.rule_id == rule_id and (target is None or f.target == target)]
    assert len(found) == 1, (rule_id, [(f.rule_id, f.target) for f in rev.findings])
    return found[0]


def not_assessed(rev, rule_id):
    return [n for n in rev.not_assessed if n.rule_id == rule_id]


def cites(f) -> set[tuple[str, str | None]]:
    assert all(c.source_id == SOURCE for c in f.citations)
    return {(c.section, c.locator) for c in f.citations}


# --- 3.5.1, Examples 3-21 and 3-22: processor folding on an upgraded VIOS --------------------


def test_example_3_21_folding_enabled_then_3_22_disabled(advisor):
    vios = {"kind": "vios", "name": "vios1", "ioslevel": "2.2.2.0", "vpm_fold_policy": 3}
    f = finding(review(advisor, vios), "VIOS-002")
    assert f.severity == "medium"
    assert "vpm_fold_policy = 3" in f.message
    assert f.remediation[0].commands == ["oem_setup_env", "schedo -p -o vpm_fold_policy=4"]
    assert f.remediation[0].dynamic and not f.remediation[0].requires_reboot
    assert ("3.5.1 VIOS processor assignment", "Example 3-21") in cites(f)
    after = review(advisor, {**vios, "vpm_fold_policy": 4})
    assert not [x for x in after.findings if x.rule_id == "VIOS-002"]


# --- 3.5.4, Examples 3-24 and 3-25: generic disk definitions vs SDDPCM ------------------------

EX_3_24 = {
    "kind": "vios",
    "name": "vios1",
    "ioslevel": "2.2.2.0",
    "storage": {"disks": [{"name": f"hdisk{i}", "description": "MPIO Other FC SCSI Disk Drive"} for i in range(6)]},
}


def test_example_3_24_six_generic_disks(advisor):
    f = finding(review(advisor, EX_3_24), "VIOS-005")
    assert f.severity == "medium"
    assert "(6)" in f.message and "hdisk5 (MPIO Other FC SCSI Disk Drive)" in f.message
    assert f.evidence["derived.generic_mpio_disks_count"] == 6
    assert {"3.5.4 VIOS updates and drivers"} == {s for s, _ in cites(f) if s.startswith("3.5")}


def test_example_3_25_sddpcm_installed_disks_are_mpio_fc_2145(advisor):
    doc = copy.deepcopy(EX_3_24)
    for d in doc["storage"]["disks"]:
        d["description"] = "MPIO FC 2145"
    rev = review(advisor, doc)
    assert ("VIOS-005", "vios1") not in findings(rev)
    assert not not_assessed(rev, "VIOS-005")


def test_disk_without_description_is_not_assessed(advisor):
    doc = copy.deepcopy(EX_3_24)
    del doc["storage"]["disks"][4]["description"]
    rev = review(advisor, doc)
    assert ("VIOS-005", "vios1") not in findings(rev)
    assert not_assessed(rev, "VIOS-005")[0].missing == ["storage.disks[4].description"]


# --- 3.6: a dual-VIOS frame with vSCSI, NPIV and a shared storage pool ------------------------


def frame():
    """A POWER7 frame after 3.6.1 step 2 went wrong: the VIOS are tuned, the clients are not."""
    vios = lambda name: {  # noqa: E731
        "kind": "vios",
        "name": name,
        "environment": "production",
        "redundant_pair": True,
        "vpm_fold_policy": 4,
        "storage": {
            "disks": [
                {
                    "name": f"hdisk{n}",
                    "description": "MPIO FC 2145",
                    "queue_depth": 20,
                    "max_transfer_kb": 256,
                    "reserve_policy": "no_reserve" if name == "vios2" else "single_path",
                }
                for n in (5, 6, 7)
            ],
            "fc_ports": [
                {"name": "fcs0", "speed_gbps": 8, "fabric_npiv": True, "num_cmd_elems": 1024, "max_xfer_size_kb": 1024},
                {"name": "fcs1", "speed_gbps": 8, "fabric_npiv": True, "num_cmd_elems": 1024, "max_xfer_size_kb": 1024},
            ],
        },
    }
    client = lambda name, lun: {  # noqa: E731
        "kind": "aix-lpar",
        "name": name,
        "environment": "production",
        "storage": {
            "disks": [
                {
                    "name": "hdisk0",
                    "description": "Virtual SCSI Disk Drive",
                    "queue_depth": 3,
                    "max_transfer_kb": 256,
                    "backing": [{"vios": "vios1", "device": lun}, {"vios": "vios2", "device": lun}],
                }
            ],
            "vfc_adapters": [
                {
                    "name": "fcs0",
                    "num_cmd_elems": 256,
                    "max_xfer_size_kb": 1024,
                    "vios": "vios1",
                    "vios_port": "fcs0",
                    "wwpns_zoned": 2,
                }
            ],
        },
    }
    return {
        "kind": "managed-system",
        "name": "750_2",
        "processor": "POWER7",
        "cores": 16,
        "partitions": [
            vios("vios1"),
            vios("vios2"),
            client("aix1", "hdisk5"),
            client("aix2", "hdisk6"),
            client("aix3", "hdisk7"),
        ],
    }


def test_frame_cross_partition_storage_checks(advisor):
    rev = review(advisor, frame())
    got = findings(rev)
    # 3.6.2: every client's vSCSI disk is at the default queue depth of 3
    assert {t for (r, t) in got if r == "STOR-001"} == {"aix1", "aix2", "aix3"}
    # 3.6.1: client 3 vs VIOS 20 on both paths, judged on the frame (the clients do not state the VIOS side)
    f = finding(rev, "STOR-002", "750_2")
    assert f.evidence["derived.vscsi_vios_mismatches_count"] == 6
    assert "aix1 hdisk0: queue_depth 3 vs 20 on vios1 (hdisk5)" in f.message
    # 3.6.1 step 3: vios1 keeps single_path on a LUN that both VIOS map
    f = finding(rev, "STOR-003", "750_2")
    assert f.severity == "high" and "vios1 hdisk5 (reserve_policy single_path" in f.message
    assert f.evidence["derived.dual_vios_reserved_luns_count"] == 3
    # 3.6.3: client num_cmd_elems 256 vs 1024 on the VIOS port
    assert finding(rev, "STOR-004", "750_2").evidence["derived.npiv_vios_mismatches_count"] == 3
    # 3.6.3: all three clients on vios1 fcs0, none on fcs1
    f = finding(rev, "STOR-005", "750_2")
    assert f.severity == "medium"
    assert f.evidence["derived.npiv_max_clients_per_port"] == 3
    assert f.evidence["derived.npiv_port_client_spread"] == 3
    # 3.5.3: a VIOS pair: no VIOS-004 anywhere
    assert not [k for k in got if k[0] == "VIOS-004"]
    # the VIOS do not state their own NPIV client counts or LUN mappings: judged on the frame only
    assert {n.target for n in not_assessed(rev, "STOR-005")} == {"vios1", "vios2"}
    assert {n.target for n in not_assessed(rev, "STOR-003")} == {"vios1", "vios2"}


def test_frame_fixed_as_the_redbook_provisions_it(advisor):
    doc = frame()
    for p in doc["partitions"]:
        if p["kind"] == "vios":
            for disk in p["storage"]["disks"]:
                disk.update(reserve_policy="no_reserve", mapped_through_vios=2)
            p["storage"]["fc_ports"][0]["npiv_clients"] = 2 if p["name"] == "vios1" else 1
            p["storage"]["fc_ports"][1]["npiv_clients"] = 1 if p["name"] == "vios1" else 1
        else:
            p["storage"]["disks"][0]["queue_depth"] = 20
            p["storage"]["vfc_adapters"][0]["num_cmd_elems"] = 1024
    doc["partitions"][3]["storage"]["vfc_adapters"][0]["vios_port"] = "fcs1"
    rev = review(advisor, doc)
    assert not [k for k in findings(rev) if k[0].startswith("STOR-")], findings(rev)
    assert not [n for n in rev.not_assessed if n.rule_id in ("STOR-001", "STOR-003", "STOR-005", "STOR-006")]


def test_frame_with_a_single_vios_is_escalated_for_production(advisor):
    doc = frame()
    doc["partitions"] = [p for p in doc["partitions"] if p["name"] != "vios2"]
    doc["partitions"][0]["redundant_pair"] = False
    rev = review(advisor, doc)
    assert findings(rev)[("VIOS-004", "750_2")] == "high"
    assert findings(rev)[("VIOS-004", "vios1")] == "high"
    assert finding(rev, "VIOS-004", "750_2").escalation


def test_ssp_pool_of_3_6_2(advisor):
    """Cluster bruce, pool ssp_pool0 (400 GB) on p24n16 and p24n17; one LUN added later at another size."""
    ssp = {
        "name": "ssp_pool0",
        "tuned_after_creation": False,
        "disks": [
            {"name": "hdisk2", "size_gb": 200, "queue_depth": 32, "max_transfer_kb": 256},
            {"name": "hdisk3", "size_gb": 200, "queue_depth": 32, "max_transfer_kb": 256},
        ],
    }
    good = {"kind": "vios", "name": "p24n16", "storage": {"ssp": ssp}}
    assert ("STOR-008", "p24n16") not in findings(review(advisor, good))
    grown = copy.deepcopy(good)
    grown["storage"]["ssp"]["disks"].append(
        {"name": "hdisk4", "size_gb": 100, "queue_depth": 32, "max_transfer_kb": 256}
    )
    f = finding(review(advisor, grown), "STOR-008")
    assert f.severity == "low" and "2 distinct LUN sizes (GiB: 100, 200)" in f.message


# --- 3.7.12, Examples 3-34 to 3-36 and Table 3-12: aggregation and SEA -------------------------


def sea_vios(**sea):
    base = {
        "name": "ent6",
        "ha_mode": "auto",
        "vlans": [1],
        "accounting": False,
        "largesend": True,
        "large_receive": True,
        "jumbo_frames": True,
    }
    return {
        "kind": "vios",
        "name": "vios1",
        "ioslevel": "2.2.2.0",
        "network": {
            "jumbo_frames_supported": True,
            "seas": [{**base, **sea}],
            "link_aggregations": [
                {
                    "name": "ent5",
                    "adapters": ["ent1", "ent2"],
                    "mode": "8023ad",
                    "hash_mode": "src_dst_port",
                    "use_jumbo_frame": True,
                }
            ],
        },
    }


def test_examples_3_34_to_3_36_sea_before_accounting(advisor):
    rev = review(advisor, sea_vios())
    got = findings(rev)
    assert got == {("NET-001", "vios1"): "low"}
    f = finding(rev, "NET-001")
    assert f.remediation[0].commands[0] == "chdev -dev entX -attr accounting=enabled"
    assert ("3.7.12 Tunables", "Example 3-36") in cites(f)
    assert findings(review(advisor, sea_vios(accounting=True))) == {}


def test_table_3_10_two_vlans_on_failover_and_load_sharing(advisor):
    assert findings(review(advisor, sea_vios(accounting=True, vlans=[100, 200])))[("NET-002", "vios1")] == "low"
    assert findings(review(advisor, sea_vios(accounting=True, vlans=[100, 200], ha_mode="sharing"))) == {}


def test_table_3_12_default_hash_mode(advisor):
    doc = sea_vios(accounting=True)
    doc["network"]["link_aggregations"] = [
        {"name": "ent8", "adapters": ["ent0", "ent1", "ent4", "ent6"], "mode": "8023ad", "hash_mode": "default"}
    ]
    f = finding(review(advisor, doc), "NET-004")
    assert "ent8 (mode 8023ad, hash_mode default)" in f.message
    assert "65 %" in f.rationale and "ent0 (3 %)" in f.rationale


# --- 3.7.10, Table 3-11, Example 3-30: the hypervisor LAN test between aix1 and aix2 ------------

DEFAULTS = {"name": "en0", "virtual": True, "internal_only": True, "mtu": 1500, "mtu_bypass": False, "rfc1323": False}
TUNED = {**DEFAULTS, "mtu": 65390, "mtu_bypass": True, "rfc1323": True}


@pytest.mark.parametrize("lpar", ["aix1", "aix2"])
def test_hypervisor_lan_test_defaults_then_example_3_30(advisor, lpar):
    rev = review(advisor, {"kind": "aix-lpar", "name": lpar, "network": {"interfaces": [DEFAULTS]}})
    f = finding(rev, "NET-006")
    assert f.severity == "medium" and f.escalation
    assert "202.7 MB/s" in f.rationale and "over 7 times" in f.rationale
    assert "en0 (mtu 1500, rfc1323 off)" in f.message
    assert "chdev -l enX -a mtu=65390" in f.remediation[1].commands
    assert "no -p -o rfc1323=1" in f.remediation[1].commands
    tuned = review(advisor, {"kind": "aix-lpar", "name": lpar, "network": {"interfaces": [TUNED]}})
    assert ("NET-006", lpar) not in findings(tuned)


# --- 3.7.11, Examples 3-32 and 3-33: dropped packets on aix1 -----------------------------------

EX_3_32 = {
    "kind": "aix-lpar",
    "name": "aix1",
    "network": {
        "virtual_adapters": [
            {
                "name": "ent0",
                "packets_dropped": 8184,
                "no_resource_errors": 8184,
                "hypervisor_receive_failures": 8184,
                "hypervisor_send_failures": 2090,
                "buffers": {
                    "tiny": {"min_buffers": 512, "max_buffers": 2048, "max_allocated": 512},
                    "small": {"min_buffers": 512, "max_buffers": 2048, "max_allocated": 512},
                    "medium": {"min_buffers": 128, "max_buffers": 256, "max_allocated": 165},
                    "large": {"min_buffers": 24, "max_buffers": 64, "max_allocated": 24},
                    "huge": {"min_buffers": 24, "max_buffers": 64, "max_allocated": 64},
                },
            }
        ]
    },
}


def test_example_3_32_dropped_packets(advisor):
    f = finding(review(advisor, EX_3_32), "NET-007")
    assert f.severity == "medium"
    assert "ent0 huge buffers: Max Allocated 64 reached Max Buffers 64" in f.message
    assert "Hypervisor Receive Failures 8184, No Resource Errors 8184" in f.message
    assert "ent0: min_buf_medium=256 min_buf_huge=72 max_buf_huge=128" in f.message
    assert "chdev -l ent0 -a min_buf_huge=64 -a max_buf_huge=128" in f.remediation[0].commands


def test_example_3_33_applied_and_counters_reset(advisor):
    doc = copy.deepcopy(EX_3_32)
    ent0 = doc["network"]["virtual_adapters"][0]
    ent0.update(packets_dropped=0, no_resource_errors=0, hypervisor_receive_failures=0, hypervisor_send_failures=0)
    ent0["buffers"]["huge"] = {"min_buffers": 64, "max_buffers": 128, "max_allocated": 100}
    assert ("NET-007", "aix1") not in findings(review(advisor, doc))


# --- 3.9.2: WPAR storage on aix1global ---------------------------------------------------------


def global_aix(**changes):
    wpars = {
        "aix71wp": {"name": "aix71wp", "type": "system", "rootvg": False, "adapters": ["fcs2", "fcs3"]},  # Example 3-40
        "aix52wp": {
            "name": "aix52wp",
            "type": "system",
            "rootvg": False,
            "versioned_aix": "5.2",
            "disks": ["hdisk8"],
        },  # Example 3-41
        "aix71wp01": {"name": "aix71wp01", "type": "system", "nfs_from_global": ["/data"]},  # Example 3-42
        "aix71wp02": {"name": "aix71wp02", "type": "system", "nfs_from_global": []},  # Example 3-43
    }
    for name, update in changes.items():
        wpars[name].update(update)
    return {
        "kind": "aix-lpar",
        "name": "aix1global",
        "os": {"version": "7.1", "tl": 2},
        "wpar": {"sddpcm_installed": False, "wpars": list(wpars.values())},
    }


def test_wpar_examples_as_printed(advisor):
    rev = review(advisor, global_aix())
    assert findings(rev) == {("WPAR-003", "aix1global"): "low"}
    f = finding(rev, "WPAR-003")
    assert "aix71wp01:/data" in f.message
    assert "mount -v namefs <global fs> /wpars/<wpar>/<mount point>" in f.remediation[0].commands
    for rule in ("WPAR-001", "WPAR-002", "WPAR-003"):
        assert not not_assessed(rev, rule)


def test_wpar_003_passes_only_when_every_wpar_states_its_nfs_mounts(advisor):
    stated = {"nfs_from_global": []}
    rev = review(advisor, global_aix(aix71wp01=stated, aix71wp=stated, aix52wp=stated))
    assert ("WPAR-003", "aix1global") not in findings(rev)
    assert not not_assessed(rev, "WPAR-003")


def test_wpar_003_not_assessed_when_a_wpar_leaves_its_nfs_mounts_out(advisor):
    """The global's lswpar cannot show NFS mounts made inside a WPAR: unstated is not "none"."""
    rev = review(advisor, global_aix(aix71wp01={"nfs_from_global": []}))
    assert ("WPAR-003", "aix1global") not in findings(rev)
    (gap,) = not_assessed(rev, "WPAR-003")
    assert gap.missing == ["wpar.wpars[0].nfs_from_global", "wpar.wpars[1].nfs_from_global"]
    assert command_of("aix-lpar", gap.missing[0]) == "clogin <wpar> mount (vfs nfs, node = the global host)"


def test_sddpcm_in_the_global_of_a_52_versioned_wpar(advisor):
    doc = global_aix()
    doc["wpar"]["sddpcm_installed"] = True
    f = finding(review(advisor, doc), "WPAR-002")
    assert f.severity == "high" and "aix52wp (hdisk8)" in f.message


def test_npiv_adapters_given_to_the_52_versioned_wpar(advisor):
    f = finding(review(advisor, global_aix(aix52wp={"adapters": ["fcs2", "fcs3"], "disks": []})), "WPAR-001")
    assert f.severity == "high" and "aix52wp (AIX 5.2 versioned WPAR; adapters fcs2, fcs3)" in f.message


# --- 3.10: suspend/resume around a power cycle ------------------------------------------------


def test_suspend_resume_plan_for_the_vios_pair(advisor):
    doc = {
        "kind": "managed-system",
        "name": "750_2",
        "cores": 16,
        "partitions": [
            {"kind": "vios", "name": "vios1", "redundant_pair": True, "operations": {"suspend_resume_planned": True}},
            {"kind": "vios", "name": "vios2", "redundant_pair": True, "operations": {"suspend_resume_planned": False}},
            {"kind": "aix-lpar", "name": "aix1"},
        ],
    }
    rev = review(advisor, doc)
    assert {k: v for k, v in findings(rev).items() if k[0] == "WPAR-004"} == {("WPAR-004", "vios1"): "high"}


# --- both evaluators agree on every scenario above ----------------------------------------------

SCENARIOS = [
    EX_3_24,
    frame(),
    sea_vios(),
    EX_3_32,
    global_aix(),
    {"kind": "aix-lpar", "name": "aix1", "network": {"interfaces": [DEFAULTS]}},
]


@pytest.mark.parametrize("index", range(len(SCENARIOS)))
def test_durable_and_reference_agree(durable_advisor, reference_advisor, index):
    doc = SCENARIOS[index]
    a, b = review(durable_advisor, doc), review(reference_advisor, doc)
    assert [(f.rule_id, f.target, f.severity) for f in a.findings] == [
        (f.rule_id, f.target, f.severity) for f in b.findings
    ]
    assert [(n.rule_id, n.target) for n in a.not_assessed] == [(n.rule_id, n.target) for n in b.not_assessed]


def test_shared_lun_of_two_clients_is_reported_once(advisor):
    """A PowerHA-style disk shared by two clients: one LUN, one entry."""
    doc = frame()
    for p in doc["partitions"][2:4]:
        p["storage"]["disks"][0]["backing"] = [
            {"vios": "vios1", "device": "hdisk5"},
            {"vios": "vios2", "device": "hdisk5"},
        ]
    doc["partitions"] = doc["partitions"][:4]
    f = finding(review(advisor, doc), "STOR-003", "750_2")
    assert f.evidence["derived.dual_vios_reserved_luns_count"] == 1


def test_ten_gbit_port_without_large_receive_value_is_not_assessed(advisor):
    doc = {
        "kind": "vios",
        "name": "vios1",
        "network": {"physical_ports": [{"name": "ent0", "speed_gbps": 10, "large_send": True}]},
    }
    rev = review(advisor, doc)
    assert ("NET-005", "vios1") not in findings(rev)
    assert not_assessed(rev, "NET-005")[0].missing == ["network.physical_ports[0].large_receive"]
